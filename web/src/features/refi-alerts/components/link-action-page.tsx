import { CircleCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { LiveMessage } from '@/components/live-message';
import { TitledPage } from '@/components/page';
import { useFocusOnChange } from '@/lib/announce';
import { pageHeading } from '@/lib/page-heading';
import { useSite } from '@/lib/site';

/** What a Refi Buddy e-mail link's page says before and after its one click. */
export type LinkActionWords = {
  /** Before the click: the tab title, the question, what it means, the button and its busy label. */
  ask: { title: string; heading: string; intro: string; button: string; busy: string };
  /** After it: the tab title, the heading and the confirmation. */
  done: { title: string; heading: string; message: string };
  /** Added after the server's message when the link is refused. */
  refusedHint?: string;
};

type Action = {
  mutate: () => void;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: Error | null;
};

// The links in Refi Buddy's e-mails (confirm, unsubscribe) land on a page
// that acts only on a click (a POST), so a mail scanner that opens links
// changes nothing. useAction is the link's mutation for the page's token.
export function LinkActionPage({ words, useAction }: { words: LinkActionWords; useAction: (token: string) => Action }) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const action = useAction(token);
  const site = useSite();
  // The page becomes its answer: focus goes to the new heading and the answer is said (decision 0012).
  useFocusOnChange(action.isSuccess, pageHeading, action.isSuccess ? `${words.done.heading}. ${words.done.message}` : null);

  if (action.isSuccess) {
    return (
      <TitledPage heading={words.done.heading} title={words.done.title} width="narrow">
        <p className="flex items-start gap-2 text-lg text-slate-800">
          <CircleCheck aria-hidden="true" className="mt-1 size-5 shrink-0 text-green-700" />
          {words.done.message}
        </p>
        <Link to="/" className="mt-8 inline-block font-semibold text-blue-800 underline">
          {site ? `Back to ${site.brand}` : 'Back to the home page'}
        </Link>
      </TitledPage>
    );
  }

  return (
    <TitledPage heading={words.ask.heading} title={words.ask.title} intro={words.ask.intro} width="narrow">
      {/* In the page from the start, so the refusal is heard when it comes. */}
      <LiveMessage tone="error" className="mb-6 rounded-lg bg-red-50 p-3 font-medium text-red-800">
        {action.isError && `${action.error?.message ?? ''}${words.refusedHint ?? ''}`}
      </LiveMessage>
      {/* A disabled button leaves the Tab order: it names the note that says why. */}
      <Button
        size="lg"
        onClick={() => action.mutate()}
        disabled={!token || action.isPending}
        aria-describedby={token ? undefined : 'link-missing-code'}
      >
        {action.isPending ? words.ask.busy : words.ask.button}
      </Button>
      {!token && (
        <p id="link-missing-code" className="mt-4 text-slate-700">
          This link is missing its code. Please use the link from your e-mail.
        </p>
      )}
    </TitledPage>
  );
}
