import { Button } from '@/components/button';
import { FieldError } from '@/components/form/field';
import { serverMessage } from '@/lib/api-client';
import { useRefiWatchAction } from '../api/refi-manage';

const DONE = { pause: 'Alerts paused.', resume: 'Alerts resumed.', unsubscribe: "You're unsubscribed." } as const;

/** Pause or resume this watch's alerts, or unsubscribe the address from every alert. */
export function WatchControls({ token, paused }: { token: string; paused: boolean }) {
  const act = useRefiWatchAction(token);
  return (
    <section aria-labelledby="controls-heading">
      <h2 id="controls-heading" className="mb-3 text-xl font-semibold text-slate-900">
        Pause or stop alerts
      </h2>
      <p className="mb-4 text-slate-700">
        Pausing keeps your trigger for later. Unsubscribing stops every Refi Buddy alert to this address; to get alerts again you would
        sign up and confirm again.
      </p>
      <div className="flex flex-wrap gap-3">
        {paused ? (
          <Button onClick={() => act.mutate('resume')} disabled={act.isPending}>
            Resume alerts
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => act.mutate('pause')} disabled={act.isPending}>
            Pause alerts
          </Button>
        )}
        <Button variant="danger" onClick={() => act.mutate('unsubscribe')} disabled={act.isPending}>
          Unsubscribe
        </Button>
      </div>
      {act.isError && <FieldError message={serverMessage(act.error) ?? 'That did not work. Please try again.'} />}
      <p role="status" className="mt-3 font-medium text-green-800">
        {act.isSuccess && act.variables ? DONE[act.variables] : ''}
      </p>
    </section>
  );
}
