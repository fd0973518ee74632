import { useMutation } from '@tanstack/react-query';
import { api, type QuoteRequestSubmission } from '@/lib/api-client';

export function useSubmitQuoteRequest() {
  return useMutation({ mutationFn: (body: QuoteRequestSubmission) => api.submitQuoteRequest(body) });
}
