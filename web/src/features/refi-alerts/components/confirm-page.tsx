import { CircleCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { Page, PageTitle } from '@/components/page';
import { useConfirmRefiAlerts } from '../api/refi-alerts';

// The link in Refi Buddy's confirmation e-mail lands here. Turning alerts on
// takes a click (a POST), as unsubscribing does, so a mail scanner that opens
// links cannot confirm an address for its owner.
export function ConfirmPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const confirm = useConfirmRefiAlerts(token);

  if (confirm.isSuccess) {
    return (
      <Page width="narrow">
        <title>Refi Buddy alerts are on · quotegrade</title>
        <PageTitle>Your Refi Buddy alerts are on</PageTitle>
        <p role="status" className="flex items-start gap-2 text-lg text-slate-800">
          <CircleCheck aria-hidden="true" className="mt-1 size-5 shrink-0 text-green-700" />
          Thanks for confirming. We'll e-mail you when refinancing makes sense, and every alert has a link to stop them.
        </p>
        <Link to="/" className="mt-8 inline-block font-semibold text-blue-800 underline">
          Back to quotegrade
        </Link>
      </Page>
    );
  }

  return (
    <Page width="narrow">
      <title>Confirm Refi Buddy alerts · quotegrade</title>
      <PageTitle intro="Refi Buddy e-mails you when market rates make refinancing worth it. It sends nothing until you confirm this address.">
        Turn on Refi Buddy alerts?
      </PageTitle>
      {confirm.isError && (
        <p role="alert" className="mb-6 rounded-lg bg-red-50 p-3 font-medium text-red-800">
          {confirm.error.message}. Sign up again on Refi Buddy to get a new link.
        </p>
      )}
      <Button size="lg" onClick={() => confirm.mutate()} disabled={!token || confirm.isPending}>
        {confirm.isPending ? 'Turning on…' : 'Turn on alerts'}
      </Button>
      {!token && <p className="mt-4 text-slate-700">This link is missing its code. Please use the link from your e-mail.</p>}
    </Page>
  );
}
