import type { Schema } from '@/lib/api-client';
import { programLabel } from '@/lib/quote-display';
import { formatApr, formatMoney, formatRate } from '@/lib/format';

type LoanProgram = Schema<'LoanProgram'>;

/** A number of months in years and months: "30 years", "26 years and 10 months", "1 year", "8 months" (as the alert e-mail). */
export function durationText(months: number): string {
  const unit = (n: number, one: string) => (n === 1 ? `1 ${one}` : `${n} ${one}s`);
  const years = Math.floor(months / 12);
  const rest = months % 12;
  if (years === 0) return unit(rest, 'month');
  if (rest === 0) return unit(years, 'year');
  return `${unit(years, 'year')} and ${unit(rest, 'month')}`;
}

/** "A new 30-year loan starts your term again: …", against the payments left on the loan today (mail.termRestarts). */
export function termRestartsText(newTermMonths: number, monthsLeft: number | null): string {
  const years = durationText(newTermMonths);
  const start = `A new ${years.replace(' years', '-year')} loan starts your term again: you would pay for ${years} from now`;
  if (monthsLeft != null && monthsLeft > 0 && newTermMonths > monthsLeft) {
    return `${start}, not the ${durationText(monthsLeft)} you have left. A lower payment spread over more years can cost more interest in all.`;
  }
  if (monthsLeft != null && monthsLeft > 0) return `${start}, not the ${durationText(monthsLeft)} you have left.`;
  return `${start}, however long is left on your loan today.`;
}

export type RefiLoansProps = {
  /** The homeowner's loan as they gave it: their note rate, principal and interest, and the payments left the server estimated. */
  current: { rate: number; payment: number; monthsLeft: number | null; program: LoanProgram | null | undefined };
  /** The new loan: its rate, its APR (null when none describes it), program, number of payments and principal and interest. */
  next: { lead: string; rate: number; apr: number | null; program: LoanProgram; termMonths: number; payment: number };
  /** What the new loan's rate and APR are, said after them (an estimate's rate is a market average). */
  nextNote?: string;
};

/**
 * Both loans a Refi Buddy page compares, each with its rate, APR and term, and that a new loan starts the term
 * again: a page that states a payment gives the terms of repayment and the APR (Regulation Z, 12 CFR 1026.24(d),
 * issue 26). The figures are the server's (refi.Loans, figures.Advice), as the alert e-mail gives them. The new
 * loan's APR is in the same type as its rate (data-rate="offer", data-apr), on phones too.
 */
export function RefiLoans({ current, next, nextNote }: RefiLoansProps) {
  const program = programLabel(next.program);
  const apr = formatApr(next.apr);
  return (
    <div data-refi-loans data-payment-terms className="mt-4 space-y-2 border-t border-slate-300 pt-4 text-slate-800">
      {/* The homeowner's own loan: not a rate offered (data-rate="own"), nor a payment advertised (data-payment="own"). */}
      <p data-rate-pair="" data-rate="own" data-payment="own">
        <span className="font-semibold">Your loan today:</span> {formatRate(current.rate)}, the note rate you gave us (not an APR: we do not
        know your loan's APR), with principal and interest of {formatMoney(current.payment)} a month
        {current.monthsLeft != null && current.monthsLeft > 0
          ? ` and about ${durationText(current.monthsLeft)} of payments left (${current.monthsLeft} monthly payments, estimated from your balance, rate and payment).`
          : '.'}
        {current.program === '5-1-arm' && ' It is an adjustable-rate mortgage: the rate may increase after the fixed period.'}
      </p>
      {apr ? (
        <p data-rate-pair="">
          <span className="font-semibold">{next.lead}:</span> <span data-rate="offer" className="font-semibold">{formatRate(next.rate)} rate</span>{' '}
          (<span data-apr="" className="font-semibold">{apr} APR</span>), a {program} loan of {next.termMonths} monthly payments of{' '}
          {formatMoney(next.payment)} in principal and interest, with no down payment: it refinances your balance.
          {nextNote && ` ${nextNote}`} Taxes and insurance are not included.
        </p>
      ) : (
        <p>
          <span className="font-semibold">{next.lead}:</span> a {program} loan of {next.termMonths} monthly payments of {formatMoney(next.payment)}{' '}
          in principal and interest, with no down payment (its APR could not be estimated). Taxes and insurance are not included.
        </p>
      )}
      <p className="font-medium text-slate-900">{termRestartsText(next.termMonths, current.monthsLeft)}</p>
    </div>
  );
}
