import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format';
import { healthQuery } from '@/lib/queries';

/** The market data's age, always shown beside the rates (issue 15: the data's age on the dashboard). */
export function MarketDataAge() {
  const health = useQuery(healthQuery());
  const market = health.data?.market_data;
  if (!market) return null;
  const age = market.age_days === 1 ? '1 day' : `${market.age_days} days`;
  return (
    <p className="mb-4 text-sm text-slate-700">
      Newest figure: the week of {formatDate(`${market.week}T12:00:00Z`)}, {age} old.{' '}
      <Link to="/admin/market-data" className="font-semibold text-blue-800 underline">
        Update market data
      </Link>
    </p>
  );
}

/**
 * Warns the broker when the newest market figure is more than 14 days old (GET /api/health's
 * market_data): the instant estimates visitors see then compare with an old week.
 */
export function MarketDataWarning() {
  const health = useQuery(healthQuery());
  const market = health.data?.market_data;
  if (!market?.stale) return null;
  // Each series has its own age (issue 25): name the ones that are out of date.
  const staleSeries = market.series.filter((s) => s.stale);
  return (
    <p role="alert" className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <span>
        <strong>Market data is {market.age_days} days old.</strong> The newest market figure is from the week of{' '}
        {formatDate(`${market.week}T12:00:00Z`)}
        {staleSeries.length > 0 && (
          <> (out of date: {staleSeries.map((s) => `${s.label}, week of ${formatDate(`${s.week}T12:00:00Z`)}`).join('; ')})</>
        )}
        ; visitors are told their instant estimates use old figures. Upload a newer file on the{' '}
        <Link to="/admin/market-data" className="font-semibold underline">
          Market data
        </Link>{' '}
        page, or check the rates source (QG_RATES_SOURCE) and the refresh job.
      </span>
    </p>
  );
}
