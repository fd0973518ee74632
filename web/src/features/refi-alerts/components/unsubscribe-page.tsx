import { useUnsubscribeRefiAlerts } from '../api/refi-alerts';
import { LinkActionPage, type LinkActionWords } from './link-action-page';

const words: LinkActionWords = {
  ask: {
    title: 'Stop Refi Buddy alerts',
    heading: 'Stop Refi Buddy alerts?',
    intro: 'Refi Buddy e-mails you when market rates make refinancing worth it. You can stop these alerts at any time.',
    button: 'Stop alerts',
    busy: 'Stopping…',
  },
  done: {
    title: 'Unsubscribed',
    heading: "You're unsubscribed",
    message: "We won't e-mail you about refinancing again.",
  },
};

// The link in a Refi Buddy alert's body lands here. Unsubscribing takes a click
// (a POST), so a mail scanner that follows links cannot unsubscribe anyone.
export function UnsubscribePage() {
  return <LinkActionPage words={words} useAction={useUnsubscribeRefiAlerts} />;
}
