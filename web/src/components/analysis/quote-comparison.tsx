import type { ReactNode } from 'react';
import type { Schema } from '@/lib/api-client';
import { formatApr, formatMoney, formatRate } from '@/lib/format';
import { ARM_RATE_NOTE, BROKER_WORDS, INTEREST_RATE_NOTE, NO_APR_TEXT, cashToCloseText, comparisonRows, lenderFeesDisplay, monthlySavingsText, monthsText, mortgageInsuranceText, repaymentTermsText, type ComparisonRow } from '@/lib/quote-display';
import { lenderOf, useSite } from '@/lib/site';
import { useQuoteContact } from '@/components/contact-modal-context';
import { BrokerText } from './broker-text';
import { ContactBrokerButton } from './contact-broker-button';
import { comparisonRowChoice } from './quote-choices';
import { TitledSection } from '@/components/titled-section';

type Analysis = Schema<'Analysis'>;
type QuoteRequest = Schema<'QuoteRequest'>;

function Fees({ amount }: { amount: number | null }) {
  const fees = lenderFeesDisplay(amount);
  return <span className={fees.isCredit ? 'font-semibold text-green-800' : undefined}>{fees.text}</span>;
}

function RowName({ row, reason, terms }: { row: ComparisonRow; reason: string; terms: string }) {
  return (
    <>
      <span className="font-semibold text-slate-900">{row.label}</span>
      {row.detail && <span className="block text-xs text-slate-600">{row.detail}</span>}
      {/* The payments in the row bring the terms of repayment and the down payment with them (12 CFR 1026.24(d)). */}
      <span className="block text-xs text-slate-700">{terms}</span>
      {row.isRecommended && (
        <span className="mt-1 inline-block rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Recommended</span>
      )}
      {row.isRecommended && reason && (
        <span className="mt-1 block text-sm text-slate-800" {...BROKER_WORDS}>
          <BrokerText text={`Why we recommend it: ${reason}`} />
        </span>
      )}
    </>
  );
}

const none = '—';
const money = (amount: number | null | undefined) => (amount == null ? none : formatMoney(amount));

type Column = { label: string; cell: (row: ComparisonRow) => ReactNode };

/**
 * A rate with an APR is an offer's rate (data-rate="offer", its APR in the next column). A rate no APR describes (a
 * quote saved before an APR was asked for whose figures give none, or a credit larger than the loan's charges) says
 * it is an interest rate, never a bare rate beside "—" (12 CFR 1026.24(c), docs/compliance.md).
 */
function RateCell({ row }: { row: ComparisonRow }) {
  return (
    <>
      {row.apr == null ? (
        <span data-rate-pair="" data-rate="inline">
          {formatRate(row.rate)} ({INTEREST_RATE_NOTE})
        </span>
      ) : (
        <span data-rate="offer">{formatRate(row.rate)}</span>
      )}
      {row.isArm && <span className="block text-xs font-normal text-slate-700">{ARM_RATE_NOTE}</span>}
    </>
  );
}

const AprCell = ({ row }: { row: ComparisonRow }) => (row.apr == null ? <span>{NO_APR_TEXT}</span> : <span data-apr>{formatApr(row.apr)}</span>);

/**
 * The row is a rate with its APR (data-rate-pair); one without an APR marks its rate cell alone (RateCell). Either
 * way it is one card stating payments with their terms, down payment and APR (data-payment-terms, e2e compliance.spec).
 */
const pairOf = (row: ComparisonRow) => ({
  'data-payment-terms': '',
  ...(row.apr == null ? {} : { 'data-rate-pair': '', 'data-rate-arm': row.isArm || undefined }),
});

/** The columns the request has figures for: cash to close for a purchase, savings for a refinance. */
function columns(request: QuoteRequest, rows: ComparisonRow[]): Column[] {
  const cols: Column[] = [
    { label: 'Rate', cell: (row) => <RateCell row={row} /> },
    { label: 'APR', cell: (row) => <AprCell row={row} /> },
    { label: 'Lender Fees', cell: (row) => <Fees amount={row.lenderFees} /> },
    { label: 'Mortgage Insurance', cell: (row) => mortgageInsuranceText(row.mortgageInsurance, request, row.figures) },
    { label: 'Principal & Interest', cell: (row) => money(row.figures?.principal_and_interest) },
    { label: 'Monthly Payment', cell: (row) => money(row.figures?.monthly_payment) },
    // A lender credit larger than every fee leaves a credit at closing, shown like one.
    { label: 'Closing Costs', cell: (row) => (row.figures ? <Fees amount={row.figures.closing_costs} /> : none) },
  ];
  if (request.loan_type === 'purchase') {
    cols.push({ label: 'Cash to Close', cell: (row) => (row.figures?.cash_to_close == null ? none : cashToCloseText(row.figures.cash_to_close)) });
  }
  if (rows.some((row) => row.figures?.refinance)) {
    cols.push(
      {
        label: 'Monthly Savings',
        cell: (row) => (row.figures?.refinance == null ? none : monthlySavingsText(row.figures.refinance.monthly_savings)),
      },
      {
        label: 'Break-even',
        cell: (row) => {
          const months = row.figures?.refinance?.break_even_months;
          return months == null ? 'Never' : monthsText(months);
        },
      },
    );
  }
  return cols;
}

/** A table from the medium breakpoint up, one card per quote below it; the figures are the server's. */
export function QuoteComparison({ quoteRequest, analysis }: { quoteRequest: QuoteRequest; analysis: Analysis }) {
  const site = useSite();
  const contactAbout = useQuoteContact();
  const rows = comparisonRows(quoteRequest, analysis, lenderOf(site, analysis.lender));
  if (rows.length === 0) return <p className="text-slate-700">No quotes to compare yet.</p>;
  const cols = columns(quoteRequest, rows);
  const comparisons = rows.filter((row) => row.figures?.compared_with_your_quote);

  return (
    <>
      {/* On paper the table, whatever width the paper gives md:, small enough that every column fits. */}
      <div className="hidden overflow-x-auto md:block print:block print:overflow-visible">
        <table className="w-full border-collapse text-left text-sm print:text-xs">
          <caption className="sr-only">
            {/* Only a visitor who gave a quote has one to compare (issue 14, defect 9). */}
            {quoteRequest.broker_rate != null ? 'Your quote compared with lender alternatives' : 'Lender quotes for your scenario'}, lowest rate first
          </caption>
          <thead>
            <tr className="border-b-2 border-slate-300 text-slate-700">
              <th scope="col" className="py-2 pr-4 font-semibold print:pr-2">
                Quote
              </th>
              {cols.map((col) => (
                <th key={col.label} scope="col" className="py-2 pr-4 font-semibold print:pr-2">
                  {col.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className={`border-b border-slate-200 ${row.isRecommended ? 'bg-green-50' : ''}`} {...pairOf(row)}>
                <th scope="row" className="py-3 pr-4 align-top font-normal print:pr-2">
                  <RowName row={row} reason={analysis.recommendation_reason} terms={repaymentTermsText(row, quoteRequest)} />
                  {contactAbout && <ContactBrokerButton about={comparisonRowChoice(row)} onContact={contactAbout} />}
                </th>
                {cols.map((col) => (
                  <td key={col.label} className="py-3 pr-4 align-top print:pr-2">
                    {col.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="space-y-3 md:hidden print:hidden" aria-label="Quotes, lowest rate first">
        {rows.map((row) => (
          <li
            key={row.key}
            className={`rounded-xl border p-4 ${row.isRecommended ? 'border-green-700 bg-green-50' : 'border-slate-200 bg-white'}`}
            {...pairOf(row)}
          >
            <RowName row={row} reason={analysis.recommendation_reason} terms={repaymentTermsText(row, quoteRequest)} />
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              {cols.map((col) => (
                <div key={col.label} className="contents">
                  <dt className="text-slate-600">{col.label}</dt>
                  {/* The APR at least as prominent as the rate (12 CFR 1026.24(c)), on phones too. */}
                  <dd className={col.label === 'Rate' || col.label === 'APR' ? 'font-semibold' : undefined}>{col.cell(row)}</dd>
                </div>
              ))}
            </dl>
            {contactAbout && <ContactBrokerButton about={comparisonRowChoice(row)} onContact={contactAbout} />}
          </li>
        ))}
      </ul>

      {comparisons.length > 0 && (
        <TitledSection id="compare-title" level={3} title="Compared with your quote" className="mt-6" headingClassName="text-base font-bold text-slate-900">
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
            {comparisons.map((row) => (
              // A difference between two quotes' payments, not a payment (data-payment="none").
              <li key={row.key} data-rate-pair data-rate="inline" data-payment="none">
                  {row.figures?.compared_with_your_quote?.summary}
                </li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-slate-600">Cost over a period is the closing costs plus the monthly payments.</p>
        </TitledSection>
      )}
      {/* Said under every table, so lender fees of $0 beside closing costs of $2,752 are explained (issue 25). */}
      <p className="mt-2 text-sm text-slate-600">
        Closing costs are the lender fees plus the appraisal, title estimate and lender charges; a lender credit larger than all of them is
        shown as a credit to you.
      </p>
    </>
  );
}
