// The broker API (spec section 7) as queries and mutations.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Analysis,
  AnalysisPreview,
  AnalysisPreviewSubmission,
  AnalysisSubmission,
  BrokerEmail,
  BrokerQuoteUpdate,
  ContactRequest,
  OutboxMessage,
  QuoteRequest,
  RefiWatch,
  Suggestions,
} from '@/lib/api-client';
import { isNotFound } from '@/lib/api-client';
import { queryKeys } from '@/lib/queries';
import { adminRequest } from './admin-request';

const id = (value: string) => encodeURIComponent(value);

export type MarketRateHistory = { series: string; rates: { week: string; rate: number; source: string }[] };
export type EmailCopy = { subject: string; body: string; results_url: string };
export type RefiRunResult = { watches: number; alerts: number; queued: number };

export const adminKeys = {
  all: ['admin'] as const,
  list: (which: 'pending' | 'analyzed') => ['admin', 'quote-requests', which] as const,
  analysis: (requestId: string) => ['admin', 'analysis', requestId] as const,
  emailCopy: (requestId: string) => ['admin', 'email-copy', requestId] as const,
  suggestions: ['admin', 'suggestions'] as const,
  contactRequests: ['admin', 'contact-requests'] as const,
  outbox: ['admin', 'outbox'] as const,
  marketRates: (series: '30' | '15') => ['admin', 'market-rates', series] as const,
  refiWatches: ['admin', 'refi-watches'] as const,
};

export const quoteRequestsQuery = (which: 'pending' | 'analyzed') =>
  queryOptions({ queryKey: adminKeys.list(which), queryFn: () => adminRequest<QuoteRequest[]>('GET', `/admin/quote-requests/${which}`) });

/** The analysis for the admin page, or null while there is none (404). */
export const adminAnalysisQuery = (requestId: string) =>
  queryOptions({
    queryKey: adminKeys.analysis(requestId),
    queryFn: async () => {
      try {
        return await adminRequest<Analysis>('GET', `/analysis/request/${id(requestId)}`);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
  });

export const emailCopyQuery = (requestId: string) =>
  queryOptions({ queryKey: adminKeys.emailCopy(requestId), queryFn: () => adminRequest<EmailCopy>('GET', `/admin/quote-requests/${id(requestId)}/email-copy`) });

export const suggestionsQuery = () =>
  queryOptions({ queryKey: adminKeys.suggestions, queryFn: () => adminRequest<Suggestions>('GET', '/analysis-suggestions') });

export const contactRequestsQuery = () =>
  queryOptions({ queryKey: adminKeys.contactRequests, queryFn: () => adminRequest<ContactRequest[]>('GET', '/admin/contact-requests') });

export const outboxQuery = () => queryOptions({ queryKey: adminKeys.outbox, queryFn: () => adminRequest<OutboxMessage[]>('GET', '/admin/outbox') });

export const marketRatesQuery = (series: '30' | '15') =>
  queryOptions({
    queryKey: adminKeys.marketRates(series),
    queryFn: () => adminRequest<MarketRateHistory>('GET', `/admin/market-rates?series=${series}&weeks=52`),
  });

export const refiWatchesQuery = () => queryOptions({ queryKey: adminKeys.refiWatches, queryFn: () => adminRequest<RefiWatch[]>('GET', '/admin/refi-watches') });

/** A short-lived link to the visitor's uploaded quote, fetched when the broker asks for it. */
export function uploadLink(requestId: string) {
  return adminRequest<{ url: string }>('GET', `/admin/quote-requests/${id(requestId)}/upload`);
}

export function useSaveAnalysis(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ brokerQuote, submission }: { brokerQuote: BrokerQuoteUpdate | null; submission: AnalysisSubmission }) => {
      if (brokerQuote) {
        try {
          await adminRequest<QuoteRequest>('PATCH', `/admin/quote-requests/${id(requestId)}/broker-quote`, brokerQuote);
        } catch (error) {
          // Spec section 7: logged, and the analysis is submitted all the same.
          console.error('Failed to update broker quote', error);
        }
      }
      return adminRequest<Analysis>('POST', `/admin/quote-requests/${id(requestId)}/analysis`, submission);
    },
    // Spec section 4: after submit the analysis, the request and both lists are refreshed.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.analysis(requestId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.quoteRequest(requestId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.list('pending') }),
        queryClient.invalidateQueries({ queryKey: adminKeys.list('analyzed') }),
        queryClient.invalidateQueries({ queryKey: adminKeys.suggestions }),
      ]),
  });
}

/** What the visitor would see if the editor's values were submitted now: computed by the server, which stores nothing. */
export function usePreviewAnalysis(requestId: string) {
  return useMutation({
    mutationFn: (body: AnalysisPreviewSubmission) => adminRequest<AnalysisPreview>('POST', `/admin/quote-requests/${id(requestId)}/analysis/preview`, body),
  });
}

export function useSendEmail() {
  return useMutation({ mutationFn: (email: BrokerEmail) => adminRequest<{ id: string }>('POST', '/send-email', email) });
}

/** Evaluates every Refi Buddy watch now instead of waiting for the 6-hourly job. */
export function useRunRefiWatches() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminRequest<RefiRunResult>('POST', '/admin/refi-watches/run'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.refiWatches }),
  });
}

export function useMarkAnswered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactRequestId: string) => adminRequest<void>('POST', `/admin/contact-requests/${id(contactRequestId)}/answered`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.contactRequests }),
  });
}
