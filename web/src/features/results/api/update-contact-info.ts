import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ContactInfoUpdate, type QuoteRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/queries';

export function useUpdateContactInfo(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ContactInfoUpdate) => api.updateContactInfo(requestId, update),
    onSuccess: (saved) => {
      // Keep the cached request in line so a revisit shows the saved details.
      queryClient.setQueryData<QuoteRequest>(queryKeys.quoteRequest(requestId), (request) => (request ? { ...request, ...saved } : request));
    },
  });
}
