import { useMutation } from '@tanstack/react-query';
import { answer, api, type Schema } from '@/lib/api-client';

type QuoteRequestSubmission = Schema<'QuoteRequestSubmission'>;

export const submitQuoteRequest = (body: QuoteRequestSubmission) => answer(api.POST('/quote-requests/submit', { body }));

export function useSubmitQuoteRequest() {
  return useMutation({ mutationFn: submitQuoteRequest });
}
