import type { Schema } from '@/lib/api-client';

type LoanProgram = Schema<'LoanProgram'>;
type NationalRate = Schema<'NationalRate'>;

/** The market figure the browser uses: the lines whose source names the series (spec section 7). */
export function marketRates(rates: NationalRate[] | undefined): { rate30: NationalRate | null; rate15: NationalRate | null } {
  const find = (name: string) => rates?.find((line) => line.source.includes(name)) ?? null;
  return { rate30: find('30 Year Fixed'), rate15: find('15 Year Fixed') };
}

/** The 15-year survey for a 15-year loan, the 30-year survey otherwise (a 5/1 ARM refinances into a fixed loan). */
export function marketRateFor(program: LoanProgram, rates: NationalRate[] | undefined): number | null {
  const { rate30, rate15 } = marketRates(rates);
  if (program === '15-year-fixed' && rate15) return rate15.rate;
  return rate30?.rate ?? null;
}

/**
 * The same rule as the server's alerts (docs/refi-alerts.md): refinancing may
 * pay when the homeowner's rate is at least half a point above the market's.
 */
export const MIN_RATE_DROP = 0.5;

export function goodTimeToRefinance(currentRate: number, marketRate: number): boolean {
  return currentRate - marketRate >= MIN_RATE_DROP - 1e-9;
}
