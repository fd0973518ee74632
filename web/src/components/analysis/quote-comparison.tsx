import type { Analysis, QuoteRequest } from '@/lib/api-client';
import { formatApr, formatMoney, formatRate } from '@/lib/format';
import { comparisonRows, lenderFeesDisplay, mortgageInsuranceText, type ComparisonRow } from '@/lib/quote-display';

function Fees({ amount }: { amount: number | null }) {
  const fees = lenderFeesDisplay(amount);
  return <span className={fees.isCredit ? 'font-semibold text-green-800' : undefined}>{fees.text}</span>;
}

function RowName({ row }: { row: ComparisonRow }) {
  return (
    <>
      <span className="font-semibold text-slate-900">{row.label}</span>
      {row.detail && <span className="block text-xs text-slate-600">{row.detail}</span>}
      {row.isRecommended && (
        <span className="mt-1 inline-block rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Recommended</span>
      )}
    </>
  );
}

const payment = (row: ComparisonRow) => (row.principalAndInterest == null ? '—' : formatMoney(Math.round(row.principalAndInterest)));

/** A table from the medium breakpoint up, one card per quote below it. */
export function QuoteComparison({ quoteRequest, analysis }: { quoteRequest: QuoteRequest; analysis: Analysis }) {
  const rows = comparisonRows(quoteRequest, analysis);
  if (rows.length === 0) return <p className="text-slate-700">No quotes to compare yet.</p>;

  return (
    <>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Your quote compared with lender alternatives, lowest rate first</caption>
          <thead>
            <tr className="border-b-2 border-slate-300 text-slate-700">
              <th scope="col" className="py-2 pr-4 font-semibold">Quote</th>
              <th scope="col" className="py-2 pr-4 font-semibold">Rate</th>
              <th scope="col" className="py-2 pr-4 font-semibold">APR</th>
              <th scope="col" className="py-2 pr-4 font-semibold">Lender Fees</th>
              <th scope="col" className="py-2 pr-4 font-semibold">Mortgage Insurance</th>
              <th scope="col" className="py-2 font-semibold">Principal &amp; Interest</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className={`border-b border-slate-200 ${row.isRecommended ? 'bg-green-50' : ''}`}>
                <th scope="row" className="py-3 pr-4 align-top font-normal">
                  <RowName row={row} />
                </th>
                <td className="py-3 pr-4 align-top">{formatRate(row.rate)}</td>
                <td className="py-3 pr-4 align-top">{formatApr(row.apr) ?? '—'}</td>
                <td className="py-3 pr-4 align-top">
                  <Fees amount={row.lenderFees} />
                </td>
                <td className="py-3 pr-4 align-top">{mortgageInsuranceText(row.mortgageInsurance, quoteRequest)}</td>
                <td className="py-3 align-top">{payment(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="space-y-3 md:hidden" aria-label="Quotes, lowest rate first">
        {rows.map((row) => (
          <li key={row.key} className={`rounded-xl border p-4 ${row.isRecommended ? 'border-green-700 bg-green-50' : 'border-slate-200 bg-white'}`}>
            <RowName row={row} />
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <dt className="text-slate-600">Rate</dt>
              <dd className="font-semibold">{formatRate(row.rate)}</dd>
              <dt className="text-slate-600">APR</dt>
              <dd>{formatApr(row.apr) ?? '—'}</dd>
              <dt className="text-slate-600">Lender Fees</dt>
              <dd>
                <Fees amount={row.lenderFees} />
              </dd>
              <dt className="text-slate-600">Mortgage Insurance</dt>
              <dd>{mortgageInsuranceText(row.mortgageInsurance, quoteRequest)}</dd>
              <dt className="text-slate-600">Principal &amp; Interest</dt>
              <dd>{payment(row)}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
