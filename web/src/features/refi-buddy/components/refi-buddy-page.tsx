import { lazyPart, withParts } from '@/components/lazy-part';
import { Page, PageTitle } from '@/components/page';
import { SiteTitle } from '@/lib/site';

// The steps, React Hook Form and zod load after the page's own code: the
// prerendered HTML already shows the first step's form (decision 0026).
const RefiBuddyFlow = lazyPart(() => import('./refi-buddy-flow').then((m) => m.RefiBuddyFlow));

/** Refi Buddy's entry (spec: /should-i-refinance). */
export const RefiBuddyPage = withParts(function RefiBuddyPage() {
  return (
    <Page width="narrow">
      <SiteTitle page="Refi Buddy" />
      <PageTitle intro="Tell us about your mortgage. Refi Buddy watches market rates and e-mails you when refinancing makes sense.">
        Never Miss a Chance to Refinance
      </PageTitle>
      <RefiBuddyFlow />
    </Page>
  );
}, RefiBuddyFlow);
