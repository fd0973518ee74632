import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { linkStyles } from '@/components/button';
import type { QuoteRequest } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import { quoteRequestsQuery } from '../api/admin-api';
import { AdminTable, QueryList } from './query-list';

const money = (amount: number | null) => (amount == null ? '—' : formatMoney(amount));
/** A purchase's value is its price. */
const propertyValue = (request: QuoteRequest) => money(request.loan_type === 'purchase' ? request.purchase_price : request.property_value);

type RequestsTableProps = { which: 'pending' | 'analyzed'; title: string; action: string; empty: string };

/** Spec section 2: date, property value, down payment, credit score, zip code, actions. */
export function RequestsTable({ which, title, action, empty }: RequestsTableProps) {
  const list = useQuery(quoteRequestsQuery(which));
  const id = `${which}-title`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="mb-4 text-xl font-bold text-slate-900">
        {title}
      </h2>
      <QueryList query={list} loading={`Loading ${title.toLowerCase()}…`} empty={empty}>
        {(requests) => (
          <AdminTable columns={['Date', 'Property Value', 'Down Payment', 'Credit Score', 'Zip Code', 'Actions']}>
            {requests.map((request) => (
              <tr key={request.id} className="border-b border-slate-200">
                <td className="py-2 pr-4">{formatDate(request.created_at)}</td>
                <td className="py-2 pr-4">{propertyValue(request)}</td>
                <td className="py-2 pr-4">{request.loan_type === 'purchase' ? money(request.down_payment) : '—'}</td>
                <td className="py-2 pr-4">{request.credit_score}</td>
                <td className="py-2 pr-4">{request.zip_code}</td>
                <td className="py-2">
                  <Link to={`/admin/analysis/${encodeURIComponent(request.id)}`} className={linkStyles}>
                    {action}
                    <span className="sr-only"> the request of {formatDate(request.created_at)}, zip code {request.zip_code}</span>
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
