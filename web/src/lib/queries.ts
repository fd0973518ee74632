// Query definitions shared by the results page, the example and (later) the admin preview.
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

export const queryKeys = {
  quoteRequest: (id: string) => ['quote-request', id] as const,
  analysis: (id: string) => ['quote-request', id, 'analysis'] as const,
};

export const quoteRequestQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.quoteRequest(id), queryFn: () => api.getQuoteRequest(id) });

/** Resolves to null while no broker has written an analysis. */
export const analysisQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.analysis(id), queryFn: () => api.getAnalysis(id) });
