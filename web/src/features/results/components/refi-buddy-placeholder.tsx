import { ButtonLink } from '@/components/button';
import { Page, PageTitle } from '@/components/page';
import { ProgressSteps } from '@/components/progress-steps';
import type { QuoteRequest } from '@/lib/api-client';

/** Refi Buddy's results view arrives in a later issue; this is its waiting state. */
export function RefiBuddyPlaceholder({ quoteRequest }: { quoteRequest: QuoteRequest }) {
  return (
    <Page>
      <PageTitle intro={`Refi Buddy is watching mortgage rates for you. We'll email ${quoteRequest.email} when refinancing makes sense.`}>
        You're All Set!
      </PageTitle>
      <ProgressSteps label="Refi Buddy progress" steps={['Information Submitted', 'Monitoring Rates', 'Refinance Opportunity']} current={1} />
      <div className="mt-8">
        <ButtonLink to="/" variant="secondary">
          Back to the home page
        </ButtonLink>
      </div>
    </Page>
  );
}
