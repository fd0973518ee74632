import { lazyPart, withParts } from '@/components/lazy-part';
import { TitledPage } from '@/components/page';

// The form, React Hook Form and zod load after the page's own code: the
// prerendered HTML already shows the form (decision 0026).
const QuoteForm = lazyPart(() => import('./quote-form').then((m) => m.QuoteForm));

export const CheckMyRatePage = withParts(function CheckMyRatePage() {
  return (
    <TitledPage heading="Enter Details About Your Mortgage Quote" title="Rate My Quote" intro="Tell us what your lender offered. A licensed loan officer will grade it, usually within a few hours." width="narrow">
      <QuoteForm />
    </TitledPage>
  );
}, QuoteForm);
