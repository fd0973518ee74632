import { AlertTriangle, Gauge } from 'lucide-react';
import { Card } from '@/components/card';
import { Disclosure } from '@/components/disclosure';
import type { Schema } from '@/lib/api-client';
import { formatDate, formatMoney, formatRate } from '@/lib/format';
import { GradeBadge } from './grade-badge';

type InstantGrade = Schema<'InstantGrade'>;

/** A survey week (YYYY-MM-DD) as visitors read dates: "May 14, 2026". */
export function weekText(week: string): string {
  return formatDate(`${week}T12:00:00Z`);
}

/**
 * The estimate in one sentence a first-time buyer understands: how the quote compares with
 * what similar borrowers are being offered, in dollars a month and over seven years.
 */
export function plainSentence(grade: Pick<InstantGrade, 'monthly_cost_difference' | 'cost_difference_7_years'>): string {
  const monthly = Math.round(grade.monthly_cost_difference);
  const seven = Math.round(grade.cost_difference_7_years);
  if (monthly === 0) return 'Your quote costs about the same as what borrowers like you are being offered.';
  const moreOrLess = monthly > 0 ? 'more' : 'less';
  return `Your quote costs about ${formatMoney(Math.abs(monthly))} a month ${moreOrLess} than what borrowers like you are being offered: about ${formatMoney(Math.abs(seven))} ${moreOrLess} over seven years.`;
}

/**
 * The automatic grade computed the moment a quote is submitted: one plain sentence first, the
 * working (market figure, adjustments, thresholds) behind "How we worked this out". It stands in
 * until a licensed loan officer's grade replaces it.
 */
export function InstantGradeCard({ grade }: { grade: InstantGrade }) {
  const { market } = grade;
  const week = weekText(market.week);
  const band = grade.benchmark === 'optimal_blue';
  return (
    <Card shadow="sm" aria-labelledby="instant-grade-title">
      <div className="flex items-center gap-5">
        <GradeBadge grade={grade.grade} />
        <div className="min-w-0">
          <h2 id="instant-grade-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
            <Gauge aria-hidden="true" className="size-5 shrink-0 text-blue-700" />
            Instant estimate
          </h2>
          {/* A difference between two payments, not a payment (12 CFR 1026.24(d) marks, e2e compliance.spec). */}
          <p className="mt-1 font-medium text-slate-900" data-payment="none">
            {plainSentence(grade)}
          </p>
        </div>
      </div>
      {band ? (
        <p className="mt-3 text-sm text-slate-700">
          We compared your quote with the average rate borrowers with your credit score and loan-to-value locked on {week} for a 30-year
          fixed conforming loan. A licensed loan officer is reviewing your quote; their grade will replace this estimate. The two can differ:
          the loan officer sees your whole quote and today&apos;s lender pricing, while this estimate uses one national daily average.
        </p>
      ) : (
        <p className="mt-3 text-sm text-slate-700">
          We compared your quote with the national average rate for the week of {week}. A licensed loan officer is reviewing your quote;
          their grade will replace this estimate. The two can differ: the loan officer sees your whole quote and today&apos;s lender pricing,
          while this estimate only adjusts a weekly national average for your credit score and down payment.
        </p>
      )}
      {market.stale && (
        <p role="note" className="mt-3 flex gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            The newest market figure we have is more than 14 days old (week of {week}), so rates today may be different. The loan officer
            checks your quote against today&apos;s rates.
          </span>
        </p>
      )}
      <div className="mt-2">
        <Disclosure summary="How we worked this out">
          {/* Its amounts a month are differences between two payments, not payments (data-payment="none"; internal/mortgage/grade.go). */}
          <ul className="list-disc space-y-1 pl-5 text-slate-800" data-payment="none">
            {/* The server names each rate with its APR or says it is not one (internal/mortgage/grade.go). */}
            {grade.reasons.map((reason) => (
              <li key={reason} data-rate-pair data-rate="inline">
                {reason}
              </li>
            ))}
          </ul>
          <p className="mt-3 text-xs text-slate-600" data-rate-pair data-rate="average">
            {band
              ? `Benchmark: ${market.label}, ${formatRate(market.rate)} on ${week} (${market.source}): an average interest rate, not an APR, not an offer.`
              : `Market figure: ${market.label} of ${formatRate(market.rate)}, week of ${week} (${market.source}): an average interest rate, not an APR, not an offer.`}
          </p>
        </Disclosure>
      </div>
      {market.citation && <p className="mt-2 break-words text-xs text-slate-600">Source: {market.citation}</p>}
    </Card>
  );
}
