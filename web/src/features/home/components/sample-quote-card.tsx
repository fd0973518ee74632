import { GradeBadge } from '@/components/analysis/grade-badge';
import { Card } from '@/components/card';
import { formatApr, formatMoney, formatRate } from '@/lib/format';
import { apr, monthlyPrincipalAndInterest } from '@/lib/mortgage';

// A made-up quote, graded the way a visitor's is: the payments come from the
// same amortisation the results use, so the sample never shows impossible sums.
// A payment is a Regulation Z trigger term (12 CFR 1026.24(d)): the card also
// states the down payment, the terms of repayment and each loan's APR, beside
// its rate and as prominent (issue 26).
const SAMPLE = {
  homePrice: 500_000,
  loanAmount: 400_000,
  quoteRate: 6.875,
  quoteFinanceCharges: 4_500,
  partnerRate: 6.375,
  partnerFinanceCharges: 2_000,
} as const;
const PAYMENTS = 360;

const exactMonthly = (rate: number) => monthlyPrincipalAndInterest(SAMPLE.loanAmount, rate);
const monthly = (rate: number) => Math.round(exactMonthly(rate));

/** The sample loan's APR: the payments against the amount financed, net of the finance charges paid at closing. */
function sampleApr(rate: number, financeCharges: number): number {
  return apr({ amountFinanced: SAMPLE.loanAmount - financeCharges, payments: [{ amount: exactMonthly(rate), count: PAYMENTS }] });
}

/** The home page hero's illustration: a sample graded quote card, built in the page (issue 14, defect 14). */
export function SampleQuoteCard() {
  const quote = monthly(SAMPLE.quoteRate);
  const partner = monthly(SAMPLE.partnerRate);
  return (
    // Its payments come with the down payment, the number of payments and the APRs in the same card (12 CFR 1026.24(d)).
    <Card as="figure" padding={6} shadow="lg" aria-labelledby="sample-quote-caption" className="w-full max-w-sm" data-payment-terms>
      <div className="flex items-center gap-4">
        <GradeBadge grade="C" />
        <div>
          <p className="text-xs font-semibold tracking-wide text-blue-800 uppercase">Sample</p>
          <p className="text-lg font-bold text-slate-900">Your Quote Grade</p>
          <p className="text-sm text-slate-700">Graded by a licensed loan officer</p>
        </div>
      </div>
      <dl className="mt-5 divide-y divide-slate-200 text-sm">
        <div className="flex justify-between gap-4 py-2">
          <dt className="text-slate-700">Your lender's quote</dt>
          <dd className="font-semibold text-slate-900" data-rate-pair>
            <span data-rate="offer">{formatRate(SAMPLE.quoteRate)}</span> rate · <span data-apr>{formatApr(sampleApr(SAMPLE.quoteRate, SAMPLE.quoteFinanceCharges))}</span> APR ·{' '}
            {formatMoney(quote)}/mo
          </dd>
        </div>
        <div className="flex justify-between gap-4 py-2">
          <dt className="text-slate-700">Partner lender</dt>
          <dd className="font-semibold text-slate-900" data-rate-pair>
            <span data-rate="offer">{formatRate(SAMPLE.partnerRate)}</span> rate · <span data-apr>{formatApr(sampleApr(SAMPLE.partnerRate, SAMPLE.partnerFinanceCharges))}</span> APR ·{' '}
            {formatMoney(partner)}/mo
          </dd>
        </div>
      </dl>
      <p className="mt-4 rounded-lg bg-green-50 p-3 font-semibold text-green-800">You could pay {formatMoney(quote - partner)} a month less</p>
      <p className="mt-3 text-xs text-slate-600">
        Sample terms: a {formatMoney(SAMPLE.homePrice)} home, {formatMoney(SAMPLE.homePrice - SAMPLE.loanAmount)} (20%) down, a
        30-year fixed-rate loan repaid in {PAYMENTS} monthly principal and interest payments (taxes and insurance not included).
        The APRs count {formatMoney(SAMPLE.quoteFinanceCharges)} and {formatMoney(SAMPLE.partnerFinanceCharges)} of finance charges
        paid at closing. Not an offer to lend.
      </p>
      <figcaption id="sample-quote-caption" className="mt-2 text-xs text-slate-600">
        A sample graded quote for a {formatMoney(SAMPLE.loanAmount)} loan over 30 years. Your own figures will differ.
      </figcaption>
    </Card>
  );
}
