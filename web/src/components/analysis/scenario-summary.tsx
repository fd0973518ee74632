import { useId } from 'react';
import { Card } from '@/components/card';
import type { Schema } from '@/lib/api-client';
import { formatMoney, formatPercent } from '@/lib/format';
import { loanAmount } from '@/lib/mortgage';

type QuoteRequest = Schema<'QuoteRequest'>;

/** notRate: a percentage that is no interest rate (the loan-to-value), marked so the advertising check passes it over. */
type Line = { label: string; value: string; notRate?: boolean };

/** What the visitor entered, as the figures use it, so they can check them. */
export function summaryLines(request: QuoteRequest): Line[] {
  const purchase = request.loan_type === 'purchase';
  const value = purchase ? request.purchase_price : request.property_value;
  const amount = loanAmount(request);
  const lines: Line[] = [];
  if (value != null) lines.push({ label: purchase ? 'Purchase price' : 'Property value', value: formatMoney(value) });
  if (purchase && request.down_payment != null) {
    const share = request.purchase_price ? ` (${formatPercent(Math.round((request.down_payment / request.purchase_price) * 1000) / 10)})` : '';
    lines.push({ label: 'Down payment', value: `${formatMoney(request.down_payment)}${share}` });
  }
  if (!purchase && request.remaining_balance != null) lines.push({ label: 'Remaining balance', value: formatMoney(request.remaining_balance) });
  if (!purchase && request.cash_out && request.cash_out_amount) lines.push({ label: 'Cash out', value: formatMoney(request.cash_out_amount) });
  if (amount != null) lines.push({ label: 'Loan amount', value: formatMoney(amount) });
  if (amount != null && value) lines.push({ label: 'Loan-to-value', value: formatPercent(Math.round((amount / value) * 1000) / 10), notRate: true });
  lines.push({ label: 'Credit score', value: String(request.credit_score) });
  // Quotes are compared as the spec takes them: a 30-year fixed loan.
  lines.push({ label: 'Program', value: '30-year fixed' });
  return lines;
}

export function ScenarioSummary({ quoteRequest }: { quoteRequest: QuoteRequest }) {
  // The page and the loan scenario modal may both show it: each its own id.
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        What you told us
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        {summaryLines(quoteRequest).map((line) => (
          <div key={line.label}>
            <dt className="text-slate-600">{line.label}</dt>
            <dd className="font-semibold text-slate-900" data-rate={line.notRate ? 'none' : undefined}>
              {line.value}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
