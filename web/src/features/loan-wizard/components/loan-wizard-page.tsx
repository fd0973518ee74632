import { lazyPart, withParts } from '@/components/lazy-part';
import { TitledPage } from '@/components/page';

// The wizard, its form and schema libraries and the toasts load after the
// page's own code: the prerendered HTML already shows the first question (decision 0026).
const LoanWizard = lazyPart(() => import('./loan-wizard').then((m) => m.LoanWizard));

export const LoanWizardPage = withParts(function LoanWizardPage() {
  return (
    <TitledPage heading="Tell us about your loan scenario" title="Loan Information" width="narrow">
      <LoanWizard />
    </TitledPage>
  );
}, LoanWizard);
