import { CircleCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { Page, PageTitle } from '@/components/page';
import { useUnsubscribeRefiAlerts } from '../api/refi-alerts';

// The link in a Refi Buddy alert's body lands here. Unsubscribing takes a click
// (a POST), so a mail scanner that follows links cannot unsubscribe anyone.
export function UnsubscribePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const unsubscribe = useUnsubscribeRefiAlerts(token);

  if (unsubscribe.isSuccess) {
    return (
      <Page width="narrow">
        <title>Unsubscribed · quotegrade</title>
        <PageTitle>You're unsubscribed</PageTitle>
        <p role="status" className="flex items-start gap-2 text-lg text-slate-800">
          <CircleCheck aria-hidden="true" className="mt-1 size-5 shrink-0 text-green-700" />
          We won't e-mail you about refinancing again.
        </p>
        <Link to="/" className="mt-8 inline-block font-semibold text-blue-800 underline">
          Back to quotegrade
        </Link>
      </Page>
    );
  }

  return (
    <Page width="narrow">
      <title>Stop Refi Buddy alerts · quotegrade</title>
      <PageTitle intro="Refi Buddy e-mails you when market rates make refinancing worth it. You can stop these alerts at any time.">
        Stop Refi Buddy alerts?
      </PageTitle>
      {unsubscribe.isError && (
        <p role="alert" className="mb-6 rounded-lg bg-red-50 p-3 font-medium text-red-800">
          {unsubscribe.error.message}
        </p>
      )}
      <Button size="lg" onClick={() => unsubscribe.mutate()} disabled={!token || unsubscribe.isPending}>
        {unsubscribe.isPending ? 'Stopping…' : 'Stop alerts'}
      </Button>
      {!token && <p className="mt-4 text-slate-700">This link is missing its code. Please use the link from your e-mail.</p>}
    </Page>
  );
}
