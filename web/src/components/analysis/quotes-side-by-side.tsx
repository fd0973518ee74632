import { lazy, Suspense, type ReactNode } from 'react';
import { Card } from '@/components/card';
import type { Schema } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { paymentTermsText, rateWithAprText } from '@/lib/quote-display';
import { useQuoteContact } from '@/components/contact-modal-context';
import { ContactBrokerButton } from './contact-broker-button';
import { comparedQuoteChoice } from './quote-choices';

type QuotesCompared = Schema<'QuotesCompared'>;
type ComparedQuote = Schema<'ComparedQuote'>;

// recharts is large: the chart is a chunk of its own, loaded once a comparison shows.
const CostChart = lazy(() => import('./cost-chart'));

/** "7 years", "18 months", "2 years 6 months". */
export function horizonText(months: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (months < 12) return plural(months, 'month');
  const years = plural(Math.floor(months / 12), 'year');
  return months % 12 === 0 ? years : `${years} ${plural(months % 12, 'month')}`;
}

/** The rate with its APR beside it, as the advertising rules want them together. */
function rateWithApr(quote: ComparedQuote): string {
  return rateWithAprText(quote.rate, quote.apr);
}

/** The terms beside each quote's payment; the down payment is the server's cash to close less its closing costs. */
const termsLine = (quote: ComparedQuote) =>
  paymentTermsText(quote.program, quote.term_months, quote.cash_to_close === null ? null : quote.cash_to_close - quote.closing_costs);

function costsLine(amount: number): string {
  return amount < 0 ? `${formatMoney(-amount)} credit` : formatMoney(amount);
}

type Row = { label: string; value: (quote: ComparedQuote) => string };

/** Marks the cell that writes a rate and its APR in one run of text, for the advertising check (e2e compliance.spec). */
const ratePair = (row: Row) => (row.value === rateWithApr ? { 'data-rate-pair': '', 'data-rate': 'inline' } : {});

function rows(comparison: QuotesCompared): Row[] {
  const purchase = comparison.quotes.some((quote) => quote.cash_to_close !== null);
  const list: Row[] = [
    { label: 'Rate (APR)', value: rateWithApr },
    { label: 'Loan amount', value: (q) => formatMoney(q.loan_amount) },
    { label: 'Terms', value: termsLine },
    {
      label: 'Monthly payment',
      value: (q) =>
        `${formatMoney(q.monthly_payment)}${q.mortgage_insurance > 0 ? ` (with ${formatMoney(q.mortgage_insurance)} mortgage insurance${q.mortgage_insurance_estimated ? ', estimated' : ''})` : ''}`,
    },
    { label: 'Points', value: (q) => formatMoney(q.points) },
    { label: 'Lender costs (points and fees less credits)', value: (q) => costsLine(q.lender_costs) },
    { label: 'Third-party fees (same estimate for all)', value: (q) => formatMoney(q.third_party_fees) },
    { label: 'Total closing costs', value: (q) => costsLine(q.closing_costs) },
  ];
  if (purchase) list.push({ label: 'Cash to close', value: (q) => (q.cash_to_close === null ? '—' : formatMoney(q.cash_to_close)) });
  list.push(
    { label: 'In 5 years: total paid', value: (q) => formatMoney(q.in_five_years.totalPaid) },
    { label: 'In 5 years: principal paid off', value: (q) => formatMoney(q.in_five_years.principalPaid) },
    { label: `Cost over ${horizonText(comparison.horizon_months)}`, value: (q) => formatMoney(q.cost_at_horizon) },
    { label: 'Instant grade', value: (q) => q.grade ?? 'Not available' },
  );
  return list;
}

function rankText(quote: ComparedQuote, comparison: QuotesCompared): string {
  if (quote.rank !== 1) return `Ranked ${quote.rank} of ${comparison.quotes.length}`;
  return comparison.cheapest.length > 1 ? 'Tied for cheapest' : 'Cheapest';
}

/** What the comparison calls the quotes: the visitor's own, or the example buyer's on /example-results. */
const WORDS = {
  visitor: { title: 'Your quotes side by side', quotes: 'Your quotes', given: 'as you gave them' },
  example: { title: 'The example quotes side by side', quotes: 'The example quotes', given: 'as the buyer gave them' },
} as const;

/**
 * Issue 29: the visitor's quotes side by side, a table on wide screens and one
 * card per quote on phones. The cheapest at the horizon is said in words, and
 * every rate shows its APR. /example-results shows its three-quote example with it.
 */
export function QuotesSideBySide({
  comparison,
  headingLevel = 2,
  whose = 'visitor',
  intro,
}: {
  comparison: QuotesCompared;
  headingLevel?: 2 | 3;
  whose?: keyof typeof WORDS;
  /** Said under the heading, before the comparison's own summary. */
  intro?: ReactNode;
}) {
  const Heading = `h${headingLevel}` as const;
  const words = WORDS[whose];
  const table = rows(comparison);
  const over = horizonText(comparison.horizon_months);
  const contactAbout = useQuoteContact();
  return (
    <Card as="section" padding={6} aria-labelledby="side-by-side-title" className="print:break-inside-auto print:shadow-none">
      <Heading id="side-by-side-title" className="text-xl font-bold text-slate-900">
        {words.title}
      </Heading>
      {intro && <p className="mt-2 text-slate-800">{intro}</p>}
      <p className="mt-2 font-semibold text-slate-900">{comparison.summary}</p>
      {comparison.notes.map((note) => (
        <p key={note} className="mt-2 rounded-lg bg-amber-50 p-3 text-slate-900">
          {note}
        </p>
      ))}

      {/* Wide screens and paper: one column per quote; on paper the table is never split. */}
      {/* Each quote's payment with its terms, down payment and APR in the same table or card (data-payment-terms). */}
      <div className="mt-4 hidden overflow-x-auto md:block print:block print:break-inside-avoid print:overflow-visible" data-payment-terms>
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">
            {words.quotes} compared over {over}
          </caption>
          <thead>
            <tr>
              <th scope="col" className="border-b border-slate-300 p-2">
                Figure
              </th>
              {comparison.quotes.map((quote) => (
                <th key={quote.index} scope="col" className="border-b border-slate-300 p-2 align-bottom">
                  <span className="block text-base text-slate-900">{quote.name}</span>
                  <span className={`block font-semibold ${quote.rank === 1 ? 'text-green-800' : 'text-slate-700'}`}>{rankText(quote, comparison)}</span>
                  {contactAbout && <ContactBrokerButton about={comparedQuoteChoice(quote)} onContact={contactAbout} />}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.map((row) => (
              <tr key={row.label} className="border-b border-slate-200">
                <th scope="row" className="p-2 font-medium text-slate-800">
                  {row.label}
                </th>
                {comparison.quotes.map((quote) => (
                  <td key={quote.index} className="p-2 text-slate-900" {...ratePair(row)}>
                    {row.value(quote)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {/* Phones: one card per quote. */}
      <ul className="mt-4 space-y-4 md:hidden print:hidden" aria-label={words.quotes}>
        {comparison.quotes.map((quote) => (
          <li key={quote.index} className={`rounded-xl border p-4 ${quote.rank === 1 ? 'border-green-700' : 'border-slate-300'}`} data-payment-terms>
            <h3 className="text-lg font-bold text-slate-900">{quote.name}</h3>
            <p className={`font-semibold ${quote.rank === 1 ? 'text-green-800' : 'text-slate-700'}`}>{rankText(quote, comparison)}</p>
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              {table.map((row) => (
                <div key={row.label} className="contents">
                  <dt className="text-slate-700">{row.label}</dt>
                  <dd className="text-slate-900" {...ratePair(row)}>
                    {row.value(quote)}
                  </dd>
                </div>
              ))}
            </dl>
            {contactAbout && <ContactBrokerButton about={comparedQuoteChoice(quote)} onContact={contactAbout} />}
          </li>
        ))}
      </ul>

      <h3 className="mt-6 text-lg font-bold text-slate-900">When one pays back another</h3>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-900">
        {comparison.break_evens.map((pair) => (
          // A difference between two quotes' payments, not a payment (data-payment="none").
          <li key={`${pair.quote}-${pair.other}`} data-payment="none">
            {pair.summary}
          </li>
        ))}
      </ul>

      {comparison.term_differences.length > 0 && (
        <>
          <h3 className="mt-6 text-lg font-bold text-slate-900">What the numbers don't show</h3>
          <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-900">
            {comparison.term_differences.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </>
      )}

      <Suspense fallback={<p className="mt-6 text-sm text-slate-700">Loading the chart…</p>}>
        <CostChart comparison={comparison} />
      </Suspense>
      <p className="mt-4 text-sm text-slate-700">
        Cost here is closing costs plus the interest and mortgage insurance paid: the principal you repay is yours, not a cost. Every quote
        uses the same third-party fee estimate, so only what the lenders charge differs. Rates and APRs are the lenders' quotes {words.given};
        they are estimates, not offers.
      </p>
    </Card>
  );
}
