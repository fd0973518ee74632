import { useConfirmRefiAlerts } from '../api/refi-alerts';
import { LinkActionPage, type LinkActionWords } from './link-action-page';

const words: LinkActionWords = {
  ask: {
    title: 'Confirm Refi Buddy alerts',
    heading: 'Turn on Refi Buddy alerts?',
    intro: 'Refi Buddy e-mails you when market rates make refinancing worth it. It sends nothing until you confirm this address.',
    button: 'Turn on alerts',
    busy: 'Turning on…',
  },
  done: {
    title: 'Refi Buddy alerts are on',
    heading: 'Your Refi Buddy alerts are on',
    message: "Thanks for confirming. We'll e-mail you when refinancing makes sense, and every alert has a link to stop them.",
  },
  refusedHint: '. Sign up again on Refi Buddy to get a new link.',
};

// The link in Refi Buddy's confirmation e-mail lands here. Turning alerts on
// takes a click (a POST), as unsubscribing does, so a mail scanner that opens
// links cannot confirm an address for its owner.
export function ConfirmPage() {
  return <LinkActionPage words={words} useAction={useConfirmRefiAlerts} />;
}
