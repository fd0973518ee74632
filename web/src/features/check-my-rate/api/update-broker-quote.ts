// The visitor's own quote, written after the wizard (Check My Rate's details form).
import { useMutation } from '@tanstack/react-query';
import { answer, api, type Schema } from '@/lib/api-client';

type BrokerQuoteUpdate = Schema<'BrokerQuoteUpdate'>;

export const updateBrokerQuote = (requestId: string, quote: BrokerQuoteUpdate) =>
  answer(api.PATCH('/quote-requests/{id}/broker-quote', { params: { path: { id: requestId } }, body: quote }));

export function useUpdateBrokerQuote() {
  return useMutation({
    mutationFn: ({ requestId, quote }: { requestId: string; quote: BrokerQuoteUpdate }) => updateBrokerQuote(requestId, quote),
  });
}
