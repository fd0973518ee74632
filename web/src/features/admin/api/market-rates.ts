// A year of the weekly survey rates for the dashboard's chart.
import { queryOptions } from '@tanstack/react-query';
import { answer, api, type Schema } from '@/lib/api-client';
import { adminKeys } from './keys';

export type MarketRateHistory = Schema<'MarketRateHistory'>;

export const getMarketRates = (series: '30' | '15') => answer(api.GET('/admin/market-rates', { params: { query: { series, weeks: 52 } } }));

export const marketRatesQuery = (series: '30' | '15') =>
  queryOptions({ queryKey: adminKeys.marketRates(series), queryFn: () => getMarketRates(series) });
