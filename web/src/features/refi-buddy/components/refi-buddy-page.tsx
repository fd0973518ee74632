import { lazyPart, withParts } from '@/components/lazy-part';
import { TitledPage } from '@/components/page';

// The steps, React Hook Form and zod load after the page's own code: the
// prerendered HTML already shows the first step's form (decision 0026).
const RefiBuddyFlow = lazyPart(() => import('./refi-buddy-flow').then((m) => m.RefiBuddyFlow));

/** Refi Buddy's entry (spec: /should-i-refinance). */
export const RefiBuddyPage = withParts(function RefiBuddyPage() {
  return (
    <TitledPage heading="Never Miss a Chance to Refinance" title="Refi Buddy" intro="Tell us about your mortgage. Refi Buddy watches market rates and e-mails you when refinancing makes sense." width="narrow">
      <RefiBuddyFlow />
    </TitledPage>
  );
}, RefiBuddyFlow);
