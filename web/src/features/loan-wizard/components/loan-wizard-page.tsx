import { lazyPart, withParts } from '@/components/lazy-part';
import { Page, PageTitle } from '@/components/page';
import { SiteTitle } from '@/lib/site';

// The wizard, its form and schema libraries and the toasts load after the
// page's own code: the prerendered HTML already shows the first question (decision 0026).
const LoanWizard = lazyPart(() => import('./loan-wizard').then((m) => m.LoanWizard));

export const LoanWizardPage = withParts(function LoanWizardPage() {
  return (
    <Page width="narrow">
      <SiteTitle page="Loan Information" />
      <PageTitle>Tell us about your loan scenario</PageTitle>
      <LoanWizard />
    </Page>
  );
}, LoanWizard);
