import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Card } from '@/components/card';
import type { Schema } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { staleNote } from '@/lib/market';
import { nationalRatesQuery } from '@/lib/queries';

type NationalRate = Schema<'NationalRate'>;

/** What a survey figure is, said beside it (Regulation Z advertising, issue 26): it is not a rate anyone is offered. */
export const SURVEY_NOTE = 'an average interest rate, not an APR, not an offer';

/** Spec: a skeleton while loading; hidden on error or when neither line is found. */
export function NationalRatesCard() {
  const rates = useQuery(nationalRatesQuery());
  useEffect(() => {
    if (rates.isError) console.error('Failed to fetch national rates', rates.error);
  }, [rates.isError, rates.error]);
  if (rates.isPending) return <RatesSkeleton />;
  const find = (name: string) => rates.data?.rates.find((line) => line.source.includes(name));
  const lines = [find('30 Year Fixed'), find('15 Year Fixed')].filter((line): line is NationalRate => Boolean(line));
  if (rates.isError || lines.length === 0) return null;
  return (
    <Card aria-labelledby="rates-title" className="mt-8">
      <h2 id="rates-title" className="text-lg font-bold text-slate-900">
        National average rates
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-4">
        {lines.map((line) => (
          <div key={line.source} data-rate-pair>
            <dt className="text-sm text-slate-700">{line.source.includes('15 Year') ? '15-year fixed' : '30-year fixed'}</dt>
            <dd className="text-2xl font-bold text-slate-900" data-rate="average">
              {line.rate.toFixed(2)}%
            </dd>
            <dd className="text-xs text-slate-600">
              Freddie Mac weekly average, week of {formatDate(`${line.date}T12:00:00Z`)}: {SURVEY_NOTE}
            </dd>
            {line.stale && <dd className="text-xs font-medium text-amber-800">{staleNote(line)}</dd>}
          </div>
        ))}
      </dl>
    </Card>
  );
}

/**
 * The card's own layout with its text hidden, so the card takes exactly the
 * skeleton's place when the rates arrive and nothing below it moves (issue 12:
 * no layout shift), whatever the width and the date's wrapping.
 */
function RatesSkeleton() {
  const line = (
    <div>
      <dt className="text-sm">30-year fixed</dt>
      <dd className="text-2xl font-bold">0.00%</dd>
      <dd className="text-xs">Freddie Mac weekly average, week of September 30, 2026: {SURVEY_NOTE}</dd>
    </div>
  );
  return (
    <div aria-hidden="true" data-testid="rates-skeleton" className="mt-8 animate-pulse rounded-2xl border border-slate-200 bg-slate-200 p-5 text-transparent select-none">
      <p className="text-lg font-bold">National average rates</p>
      <dl className="mt-3 grid grid-cols-2 gap-4">
        {line}
        {line}
      </dl>
    </div>
  );
}
