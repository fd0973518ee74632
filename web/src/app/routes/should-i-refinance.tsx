import { ButtonLink } from '@/components/button';
import { Page, PageTitle } from '@/components/page';

/** Refi Buddy's entry page is built in a later issue; this holds its place and heading. */
export function ShouldIRefinancePage() {
  return (
    <Page width="narrow">
      <title>Refi Buddy · quotegrade</title>
      <PageTitle intro="Refi Buddy is coming soon: it will watch mortgage rates for you and email you when refinancing your Utah home makes sense.">
        Never Miss a Chance to Refinance
      </PageTitle>
      <p className="text-slate-700">Until then, a licensed loan officer can price a refinance scenario for you today.</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <ButtonLink to="/quote-start" size="lg">
          Check Rates Now
        </ButtonLink>
        <ButtonLink to="/check-my-rate" variant="secondary" size="lg">
          Rate My Quote
        </ButtonLink>
      </div>
    </Page>
  );
}
