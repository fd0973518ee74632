// Query definitions shared by the results page, the example and the admin pages.
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

export const queryKeys = {
  quoteRequest: (id: string) => ['quote-request', id] as const,
  analysis: (id: string) => ['quote-request', id, 'analysis'] as const,
  nationalRates: ['national-rates'] as const,
  site: ['site'] as const,
  health: ['health'] as const,
};

const HOUR = 60 * 60 * 1000;

/** Spec section 7: fresh for an hour, kept 24 hours, no refetch on focus or mount. */
export const nationalRatesQuery = () =>
  queryOptions({
    queryKey: queryKeys.nationalRates,
    queryFn: api.getNationalRates,
    staleTime: HOUR,
    gcTime: 24 * HOUR,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
  });

export const quoteRequestQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.quoteRequest(id), queryFn: () => api.getQuoteRequest(id) });

/** Resolves to null while no broker has written an analysis. */
export const analysisQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.analysis(id), queryFn: () => api.getAnalysis(id) });

/** The operator's brokerage, contacts and lenders: read once per visit, never refetched. */
export const siteQuery = () =>
  queryOptions({
    queryKey: queryKeys.site,
    queryFn: api.getSite,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
  });

/** The server's health, with the market data's age (the broker's stale-rates warning). */
export const healthQuery = () => queryOptions({ queryKey: queryKeys.health, queryFn: api.health, staleTime: HOUR, retry: false });
