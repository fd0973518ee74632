// The Market data page's Stored weeks card: the newest stored weeks and every wrong one
// (dated after today or before its series began), and removing a week the broker picks.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api, type Schema } from '@/lib/api-client';
import { adminKeys } from './keys';
import { readMarketDataAgain } from './market-data';

export type StoredMarketWeek = Schema<'StoredMarketWeek'>;

export const getStoredWeeks = () => answer(api.GET('/admin/market-rates/weeks'));

export const storedWeeksQuery = () => queryOptions({ queryKey: adminKeys.storedWeeks, queryFn: getStoredWeeks });

export const removeMarketWeek = (week: string) => answer(api.DELETE('/admin/market-rates/{week}', { params: { path: { week } } }));

/** Removed, every figure read from the market data is read again, as after an import. */
export function useRemoveMarketWeek() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeMarketWeek, onSuccess: () => readMarketDataAgain(queryClient) });
}
