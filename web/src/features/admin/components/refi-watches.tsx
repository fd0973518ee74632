import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { linkStyles } from '@/components/button';
import { formatMoney, formatRate } from '@/lib/format';
import { refiWatchesQuery } from '../api/admin-api';
import { AdminTable, QueryList } from './query-list';

/** Refi Buddy's active watches with their latest alert. */
export function RefiWatches() {
  const watches = useQuery(refiWatchesQuery());
  return (
    <section aria-labelledby="refi-watches-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="refi-watches-title" className="mb-4 text-xl font-bold text-slate-900">
        Refi Buddy Watches
      </h2>
      <QueryList query={watches} loading="Loading Refi Buddy watches…" empty="No homeowner is being watched yet.">
        {(items) => (
          <AdminTable columns={['Email', 'Balance', 'Current Rate', 'Payment', 'Last Alert', 'Request']}>
            {items.map((watch) => (
              <tr key={watch.quote_request_id} className="border-b border-slate-200">
                {/* Whole addresses: the table scrolls sideways rather than break one mid-word (issue 14, defect 14). */}
                <td className="py-2 pr-4 whitespace-nowrap">{watch.email}</td>
                <td className="py-2 pr-4">{formatMoney(watch.balance)}</td>
                <td className="py-2 pr-4">{formatRate(watch.current_rate)}</td>
                <td className="py-2 pr-4">{formatMoney(watch.current_payment)}</td>
                <td className="py-2 pr-4">{watch.last_alert ? `${formatRate(watch.last_alert.new_rate)} (week of ${watch.last_alert.market_week})` : 'None yet'}</td>
                <td className="py-2">
                  <Link to={`/admin/analysis/${encodeURIComponent(watch.quote_request_id)}`} className={linkStyles}>
                    Open<span className="sr-only"> the request of {watch.email}</span>
                  </Link>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </QueryList>
    </section>
  );
}
