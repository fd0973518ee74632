// Reads shared by several features (the results page, the example, the admin pages,
// the footer, the national rates card): each fetcher beside its query options.
// A read only one feature makes lives in that feature's api/ folder instead.
import { queryOptions } from '@tanstack/react-query';
import { answer, api, isNotFound } from './api-client';

export const queryKeys = {
  quoteRequest: (id: string) => ['quote-request', id] as const,
  analysis: (id: string) => ['quote-request', id, 'analysis'] as const,
  nationalRates: ['national-rates'] as const,
  site: ['site'] as const,
  health: ['health'] as const,
};

const HOUR = 60 * 60 * 1000;

export const getNationalRates = () => answer(api.GET('/national-rates'));

export const getQuoteRequest = (id: string) => answer(api.GET('/quote-requests/{id}', { params: { path: { id } } }));

/** The broker's analysis, or null while there is none yet (the server answers 404). */
export async function getAnalysis(id: string) {
  try {
    return await answer(api.GET('/quote-requests/{id}/analysis', { params: { path: { id } } }));
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

export const getSite = () => answer(api.GET('/site'));

export const getHealth = () => answer(api.GET('/health'));

/** Spec section 7: fresh for an hour, kept 24 hours, no refetch on focus or mount. */
export const nationalRatesQuery = () =>
  queryOptions({
    queryKey: queryKeys.nationalRates,
    queryFn: getNationalRates,
    staleTime: HOUR,
    gcTime: 24 * HOUR,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
  });

export const quoteRequestQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.quoteRequest(id), queryFn: () => getQuoteRequest(id) });

/** Resolves to null while no broker has written an analysis. */
export const analysisQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.analysis(id), queryFn: () => getAnalysis(id) });

/** The operator's brokerage, contacts and lenders: read once per visit, never refetched. */
export const siteQuery = () =>
  queryOptions({
    queryKey: queryKeys.site,
    queryFn: getSite,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
  });

/** The server's health, with the market data's age (the broker's stale-rates warning). */
export const healthQuery = () => queryOptions({ queryKey: queryKeys.health, queryFn: getHealth, staleTime: HOUR, retry: false });
