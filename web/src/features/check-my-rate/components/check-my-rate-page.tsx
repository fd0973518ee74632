import { lazyPart, withParts } from '@/components/lazy-part';
import { Page, PageTitle } from '@/components/page';
import { SiteTitle } from '@/lib/site';

// The form, React Hook Form and zod load after the page's own code: the
// prerendered HTML already shows the form (decision 0026).
const QuoteForm = lazyPart(() => import('./quote-form').then((m) => m.QuoteForm));

export const CheckMyRatePage = withParts(function CheckMyRatePage() {
  return (
    <Page width="narrow">
      <SiteTitle page="Rate My Quote" />
      <PageTitle intro="Tell us what your lender offered. A licensed loan officer will grade it, usually within a few hours.">
        Enter Details About Your Mortgage Quote
      </PageTitle>
      <QuoteForm />
    </Page>
  );
}, QuoteForm);
