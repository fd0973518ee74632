import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button, linkStyles } from '@/components/button';
import { Card } from '@/components/card';
import { formatMoney, formatRate } from '@/lib/format';
import { refiWatchesQuery, useRunRefiWatches, type RefiWatchRun } from '../api/refi-watches';
import { AdminTable, QueryList } from './query-list';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The toast after "Run now": what the evaluation found. */
export function runSummary(result: RefiWatchRun): string {
  const held = result.held_for_fresh_data > 0 ? `; ${heldSentence(result.held_for_fresh_data)}` : '';
  return `Refi Buddy checked ${count(result.watches, 'watch', 'watches')}: ${count(result.alerts, 'new alert', 'new alerts')}, ${count(result.queued, 'e-mail', 'e-mails')} queued${held}`;
}

/** No alert goes out on a market series more than 14 days old: the broker sees how many wait (issue 25). */
export function heldSentence(n: number): string {
  return `${count(n, 'alert is', 'alerts are')} waiting for fresh market data (the series is more than 14 days old)`;
}

/** Runs the evaluation the job does every 6 hours, now. */
function RunNow() {
  const run = useRunRefiWatches();
  const onClick = () =>
    run.mutate(undefined, {
      onSuccess: (result) => toast.success(runSummary(result)),
      onError: () => toast.error('Refi Buddy run failed'),
    });
  return (
    <Button variant="secondary" onClick={onClick} disabled={run.isPending}>
      {run.isPending ? 'Running…' : 'Run now'}
    </Button>
  );
}

/** Refi Buddy's active watches with their latest alert. */
export function RefiWatches() {
  const watches = useQuery(refiWatchesQuery());
  return (
    <Card shadow="sm" aria-labelledby="refi-watches-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id="refi-watches-title" className="text-xl font-bold text-slate-900">
          Refi Buddy Watches
        </h2>
        <RunNow />
      </div>
      <QueryList query={watches} loading="Loading Refi Buddy watches…" empty="No homeowner is being watched yet.">
        {(items) => (
          <>
            <HeldForFreshData n={items.filter((watch) => watch.held_for_fresh_data).length} />
            <AdminTable columns={['Email', 'Balance', 'Current Rate', 'Payment', 'Last Alert', 'Request']}>
            {items.map((watch) => (
              <tr key={watch.quote_request_id} className="border-b border-slate-200">
                {/* Whole addresses: the table scrolls sideways rather than break one mid-word (issue 14, defect 14). */}
                <td className="py-2 pr-4 whitespace-nowrap">{watch.email}</td>
                <td className="py-2 pr-4">{formatMoney(watch.balance)}</td>
                <td className="py-2 pr-4">{formatRate(watch.current_rate)}</td>
                <td className="py-2 pr-4">{formatMoney(watch.current_payment)}</td>
                <td className="py-2 pr-4">
                  {watch.last_alert ? `${formatRate(watch.last_alert.new_rate)} (week of ${watch.last_alert.market_week})` : 'None yet'}
                  {watch.held_for_fresh_data && <span className="block text-xs text-amber-800">Waiting for fresh market data</span>}
                </td>
                <td className="py-2">
                  <Link to={`/admin/analysis/${encodeURIComponent(watch.quote_request_id)}`} className={linkStyles}>
                    Open<span className="sr-only"> the request of {watch.email}</span>
                  </Link>
                </td>
              </tr>
            ))}
          </AdminTable>
          </>
        )}
      </QueryList>
    </Card>
  );
}

function HeldForFreshData({ n }: { n: number }) {
  if (n === 0) return null;
  return (
    <p role="status" className="mb-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-900">
      {heldSentence(n)}. Import this week's figures on the Market data page to send them.
    </p>
  );
}
