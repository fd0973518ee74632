// The broker's analysis of a request: read, preview, save, and the suggestions
// the editor offers (spec sections 4 and 7).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api, isNotFound, type Schema } from '@/lib/api-client';
import { queryKeys } from '@/lib/queries';
import { adminKeys } from './keys';

type AnalysisSubmission = Schema<'AnalysisSubmission'>;
type AnalysisPreviewSubmission = Schema<'AnalysisPreviewSubmission'>;
type BrokerQuoteUpdate = Schema<'BrokerQuoteUpdate'>;

const path = (requestId: string) => ({ params: { path: { id: requestId } } });

/** The analysis for the admin page, or null while there is none (404). */
export async function getAdminAnalysis(requestId: string) {
  try {
    return await answer(api.GET('/analysis/request/{id}', path(requestId)));
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

export const adminAnalysisQuery = (requestId: string) =>
  queryOptions({ queryKey: adminKeys.analysis(requestId), queryFn: () => getAdminAnalysis(requestId) });

export const getSuggestions = () => answer(api.GET('/analysis-suggestions'));

export const suggestionsQuery = () => queryOptions({ queryKey: adminKeys.suggestions, queryFn: getSuggestions });

export const updateBrokerQuote = (requestId: string, quote: BrokerQuoteUpdate) =>
  answer(api.PATCH('/admin/quote-requests/{id}/broker-quote', { ...path(requestId), body: quote }));

export const saveAnalysis = (requestId: string, submission: AnalysisSubmission) =>
  answer(api.POST('/admin/quote-requests/{id}/analysis', { ...path(requestId), body: submission }));

export function useSaveAnalysis(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ brokerQuote, submission }: { brokerQuote: BrokerQuoteUpdate | null; submission: AnalysisSubmission }) => {
      if (brokerQuote) {
        try {
          await updateBrokerQuote(requestId, brokerQuote);
        } catch (error) {
          // Spec section 7: logged, and the analysis is submitted all the same.
          console.error('Failed to update broker quote', error);
        }
      }
      return saveAnalysis(requestId, submission);
    },
    // Spec section 4: after submit the analysis, the request and both lists are refreshed.
    // The history below the editor follows without holding the save up.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.versions(requestId) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.keptEmails(requestId) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.analysis(requestId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.quoteRequest(requestId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.request(requestId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.list('pending') }),
        queryClient.invalidateQueries({ queryKey: adminKeys.list('analyzed') }),
        queryClient.invalidateQueries({ queryKey: adminKeys.suggestions }),
      ]);
    },
  });
}

/** What the visitor would see if the editor's values were submitted now: computed by the server, which stores nothing. */
export const previewAnalysis = (requestId: string, body: AnalysisPreviewSubmission) =>
  answer(api.POST('/admin/quote-requests/{id}/analysis/preview', { ...path(requestId), body }));

export function usePreviewAnalysis(requestId: string) {
  return useMutation({ mutationFn: (body: AnalysisPreviewSubmission) => previewAnalysis(requestId, body) });
}
