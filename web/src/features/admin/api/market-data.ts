// The Market data page's two calls: preview a FRED or Freddie Mac file (nothing stored),
// then apply it. The file goes as the request body itself (text/csv), not inside JSON.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { answer, api, type Schema } from '@/lib/api-client';
import { queryKeys } from '@/lib/queries';
import { adminKeys } from './keys';

export type MarketDataPreview = Schema<'MarketDataPreview'>;

const asFile = (text: string) => ({ body: text, bodySerializer: (body: string) => body, headers: { 'Content-Type': 'text/csv' } });

export const previewMarketData = (text: string) => answer(api.POST('/admin/market-data/preview', asFile(text)));

export const applyMarketData = (text: string) => answer(api.POST('/admin/market-data/apply', asFile(text)));

export function usePreviewMarketData() {
  return useMutation({ mutationFn: previewMarketData });
}

/**
 * Once the stored market data changed, every figure read from it is read again: the dashboard's
 * age and chart, the rates card, the stored weeks.
 */
export const readMarketDataAgain = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.health }),
    queryClient.invalidateQueries({ queryKey: queryKeys.nationalRates }),
    queryClient.invalidateQueries({ queryKey: adminKeys.marketRates('30') }),
    queryClient.invalidateQueries({ queryKey: adminKeys.marketRates('15') }),
    queryClient.invalidateQueries({ queryKey: adminKeys.storedWeeks }),
  ]);

/** Applied, every figure read from the market data is read again. */
export function useApplyMarketData() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: applyMarketData, onSuccess: () => readMarketDataAgain(queryClient) });
}
