import type { Schema } from '@/lib/api-client';
import { formatDate } from '@/lib/format';

type LoanProgram = Schema<'LoanProgram'>;
type NationalRate = Schema<'NationalRate'>;

/** The market figure the browser uses: the lines whose source names the series (spec section 7). */
export function marketRates(rates: NationalRate[] | undefined): { rate30: NationalRate | null; rate15: NationalRate | null } {
  const find = (name: string) => rates?.find((line) => line.source.includes(name)) ?? null;
  return { rate30: find('30 Year Fixed'), rate15: find('15 Year Fixed') };
}

/** The series a loan program is compared with: the 15-year survey for a 15-year loan, the 30-year for a 30-year; none for a 5/1 ARM. */
export function marketLineFor(program: LoanProgram, rates: NationalRate[] | undefined): NationalRate | null {
  const { rate30, rate15 } = marketRates(rates);
  if (program === '5-1-arm') return null;
  return program === '15-year-fixed' ? rate15 : rate30;
}

/** What the comparison may say: judged on a current figure, or why it could not be (issue 25). */
export type MarketVerdict = { judged: true; rate: number; line: NationalRate } | { judged: false; reason: string };

export const NO_ARM_BENCHMARK =
  'This could not be judged on current rates: there is no market average for a 5/1 ARM to compare with (the weekly survey covers 30- and 15-year fixed loans).';

/**
 * The market figure for the program when it is current (at most 14 days old, as the server's alerts
 * require); otherwise why it could not be judged. Null while today's rates load.
 */
export function marketVerdictFor(program: LoanProgram, rates: NationalRate[] | undefined): MarketVerdict | null {
  if (program === '5-1-arm') return { judged: false, reason: NO_ARM_BENCHMARK };
  if (!rates) return null;
  const line = marketLineFor(program, rates);
  const name = program === '15-year-fixed' ? '15-year fixed' : '30-year fixed';
  if (!line) return { judged: false, reason: `This could not be judged on current rates: we have no ${name} market average yet.` };
  if (line.stale) {
    return {
      judged: false,
      reason: `This could not be judged on current rates: the newest ${name} market average we have is from the week of ${formatDate(`${line.date}T12:00:00Z`)}, ${line.age_days} days ago. Refi Buddy will compare again when a fresh figure arrives.`,
    };
  }
  return { judged: true, rate: line.rate, line };
}

/**
 * The same rule as the server's alerts (docs/refi-alerts.md): refinancing may
 * pay when the homeowner's rate is at least half a point above the market's.
 */
export const MIN_RATE_DROP = 0.5;

export function goodTimeToRefinance(currentRate: number, marketRate: number): boolean {
  return currentRate - marketRate >= MIN_RATE_DROP - 1e-9;
}
