import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { linkStyles } from '@/components/button';
import { Card } from '@/components/card';
import type { Schema } from '@/lib/api-client';
import { formatDate, formatDateTime, formatMoney, formatWait } from '@/lib/format';
import { quoteRequestsQuery } from '../api/quote-requests';
import { loanTypeOf, toolOf, viewCount } from '../broker-display';
import { DemoBadge } from './demo-badge';
import { AdminTable, QueryList } from './query-list';

type QuoteRequest = Schema<'QuoteRequest'>;

const money = (amount: number | null) => (amount == null ? '—' : formatMoney(amount));
/** A purchase's value is its price. */
const propertyValue = (request: QuoteRequest) => money(request.loan_type === 'purchase' ? request.purchase_price : request.property_value);

/** How many quotes the visitor brought: several mean a comparison to judge (issue 29). */
function quoteCount(request: QuoteRequest) {
  const n = request.visitor_quotes.length;
  if (n === 0) return 'None';
  return n === 1 ? '1 quote' : `${n} quotes to compare`;
}

/**
 * Whether the visitor has opened the analysis on the results page, and when first (issue 25 §5);
 * the broker's own looks while signed in are not counted by the server.
 */
function Viewed({ views }: { views: QuoteRequest['visitor_views'] }) {
  const first = views?.first_viewed_at;
  if (!views || !first) return <>Not yet</>;
  return (
    <>
      <span className="block">{formatDateTime(first)}</span>
      <span className="block text-xs text-slate-700">{viewCount(views.count)}</span>
    </>
  );
}

/** The site promises results within 24 hours: past 20, a request is flagged. */
export const OVERDUE_HOURS = 20;
const HOUR = 3_600_000;

/** When it came in and, while pending, how long it has waited (issue 14, defect 12). */
function Received({ createdAt, pending, now }: { createdAt: string; pending: boolean; now: number }) {
  const waited = now - new Date(createdAt).getTime();
  const overdue = pending && waited > OVERDUE_HOURS * HOUR;
  return (
    <>
      <span className="block">{formatDateTime(createdAt)}</span>
      {pending && <span className="block text-xs text-slate-700">Waiting {formatWait(waited)}</span>}
      {overdue && (
        <span className="mt-1 inline-block rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
          Over {OVERDUE_HOURS} hours
        </span>
      )}
    </>
  );
}

const COLUMNS = ['Date', 'Request', 'Instant Grade', 'Property Value', 'Down Payment', 'Credit Score', 'Zip Code', 'Quotes'];

type RequestsTableProps = { which: 'pending' | 'analyzed'; title: string; action: string; empty: string };

/**
 * Spec section 2: date, property value, down payment, credit score, zip code, actions; the
 * quotes brought (issue 29); the tool, loan type and instant grade, and for an analyzed request
 * whether the visitor has viewed it (issue 25 §5).
 */
export function RequestsTable({ which, title, action, empty }: RequestsTableProps) {
  const list = useQuery(quoteRequestsQuery(which));
  const id = `${which}-title`;
  // Waits are measured at the moment the list was loaded, so they match the list.
  const now = list.dataUpdatedAt;
  const analyzed = which === 'analyzed';
  return (
    <Card shadow="sm" aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-xl font-bold text-slate-900">
        {title}
      </h2>
      <QueryList query={list} loading={`Loading ${title.toLowerCase()}…`} empty={empty}>
        {(requests) => (
          <AdminTable columns={[...COLUMNS, ...(analyzed ? ['Viewed'] : []), 'Actions']}>
            {requests.map((request) => (
              <tr key={request.id} className="border-b border-slate-200">
                <td className="py-2 pr-4">
                  <Received createdAt={request.created_at} pending={which === 'pending'} now={now} />
                  {request.demo && (
                    <span className="mt-1 block">
                      <DemoBadge />
                    </span>
                  )}
                </td>
                <td className="py-2 pr-4">
                  <span className="block font-medium whitespace-nowrap text-slate-900">{toolOf(request)}</span>
                  <span className="block text-xs whitespace-nowrap text-slate-700">{loanTypeOf(request)}</span>
                </td>
                <td className="py-2 pr-4">{request.instant_grade ? request.instant_grade.grade : '—'}</td>
                <td className="py-2 pr-4">{propertyValue(request)}</td>
                <td className="py-2 pr-4">{request.loan_type === 'purchase' ? money(request.down_payment) : '—'}</td>
                <td className="py-2 pr-4">{request.credit_score}</td>
                <td className="py-2 pr-4">{request.zip_code}</td>
                <td className="py-2 pr-4">{quoteCount(request)}</td>
                {analyzed && (
                  <td className="py-2 pr-4">
                    <Viewed views={request.visitor_views} />
                  </td>
                )}
                <td className="py-2">
                  <Link to={`/admin/analysis/${encodeURIComponent(request.id)}`} className={linkStyles}>
                    {action}
                    <span className="sr-only">
                      {' '}
                      the {request.demo ? 'demo ' : ''}request of {formatDate(request.created_at)}, zip code {request.zip_code}
                      {request.visitor_quotes.length > 1 ? `, ${request.visitor_quotes.length} quotes` : ''}
                    </span>
                  </Link>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </QueryList>
    </Card>
  );
}
