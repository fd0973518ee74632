import { useMutation } from '@tanstack/react-query';
import { api, type BrokerQuoteUpdate } from '@/lib/api-client';

export function useUpdateBrokerQuote() {
  return useMutation({
    mutationFn: ({ requestId, quote }: { requestId: string; quote: BrokerQuoteUpdate }) => api.updateBrokerQuote(requestId, quote),
  });
}
