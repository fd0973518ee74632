import type { Schema } from '@/lib/api-client';

type NationalRate = Schema<'NationalRate'>;

/** Said beside a market figure more than 14 days old, wherever it is shown (issue 25). */
export function staleNote(line: Pick<NationalRate, 'age_days'>): string {
  return `This figure is ${line.age_days} days old: more than 14 days, so it may not reflect today's rates.`;
}
