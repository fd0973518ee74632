import { useQuery } from '@tanstack/react-query';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card } from '@/components/card';
import { Spinner } from '@/components/spinner';
import { formatDate, formatRate } from '@/lib/format';
import { marketRatesQuery, type MarketRateHistory } from '../api/market-rates';
import { MarketDataAge } from './market-data-warning';

type Point = { week: string; fixed30?: number; fixed15?: number };

/** The two weekly series side by side, oldest week first. */
export function mergeSeries(fixed30: MarketRateHistory['rates'], fixed15: MarketRateHistory['rates']): Point[] {
  const byWeek = new Map<string, Point>();
  for (const { week, rate } of fixed30) byWeek.set(week, { ...byWeek.get(week), week, fixed30: rate });
  for (const { week, rate } of fixed15) byWeek.set(week, { ...byWeek.get(week), week, fixed15: rate });
  return [...byWeek.values()].sort((a, b) => a.week.localeCompare(b.week));
}

function summary(points: Point[]): string {
  const first = points.find((point) => point.fixed30 != null);
  const last = [...points].reverse().find((point) => point.fixed30 != null);
  if (!first?.fixed30 || !last?.fixed30) return 'No 30-year rates yet.';
  return `30-year fixed: ${formatRate(last.fixed30)} in the week of ${formatDate(`${last.week}T12:00:00Z`)}, from ${formatRate(first.fixed30)} in the week of ${formatDate(`${first.week}T12:00:00Z`)}.`;
}

/** Issue 6: the weekly market-rate history as a small chart on the dashboard. */
export function MarketRatesChart() {
  const fixed30 = useQuery(marketRatesQuery('30'));
  const fixed15 = useQuery(marketRatesQuery('15'));
  const points = mergeSeries(fixed30.data?.rates ?? [], fixed15.data?.rates ?? []);
  return (
    <Card shadow="sm" aria-labelledby="market-rates-title">
      <h2 id="market-rates-title" className="text-xl font-bold text-slate-900">
        Market Rates
      </h2>
      <p className="text-sm text-slate-700">Freddie Mac's weekly averages over the last year.</p>
      <MarketDataAge />
      {(fixed30.isPending || fixed15.isPending) && <Spinner label="Loading market rates…" />}
      {(fixed30.isError || fixed15.isError) && <p className="text-slate-700">Market rates are not available right now.</p>}
      {fixed30.isSuccess && fixed15.isSuccess && (
        <figure>
          {/* The chart is a picture for sighted brokers; its summary is the text alternative. */}
          <div role="img" aria-label={summary(points)} className="h-60 w-full">
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={points} margin={{ top: 5, right: 10, bottom: 5, left: 0 }} accessibilityLayer={false}>
                <CartesianGrid stroke="#e2e8f0" />
                <XAxis dataKey="week" tick={{ fontSize: 12, fill: '#334155' }} minTickGap={40} />
                <YAxis domain={['auto', 'auto']} tick={{ fontSize: 12, fill: '#334155' }} unit="%" width={48} />
                <Tooltip formatter={(value) => formatRate(Number(value))} />
                <Legend />
                <Line type="monotone" dataKey="fixed30" name="30-year fixed" stroke="#1d4ed8" dot={false} strokeWidth={2} connectNulls />
                <Line type="monotone" dataKey="fixed15" name="15-year fixed" stroke="#15803d" dot={false} strokeWidth={2} connectNulls />
              </LineChart>
            </ResponsiveContainer>
          </div>
          <figcaption className="mt-2 text-sm text-slate-700">{summary(points)}</figcaption>
        </figure>
      )}
    </Card>
  );
}
