import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api, type Schema } from '@/lib/api-client';
import { queryKeys } from '@/lib/queries';

type ContactInfoUpdate = Schema<'ContactInfoUpdate'>;
type QuoteRequest = Schema<'QuoteRequest'>;

export const updateContactInfo = (requestId: string, update: ContactInfoUpdate) =>
  answer(api.PATCH('/quote-requests/{id}/contact-info', { params: { path: { id: requestId } }, body: update }));

export function useUpdateContactInfo(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ContactInfoUpdate) => updateContactInfo(requestId, update),
    onSuccess: (saved) => {
      // Keep the cached request in line so a revisit shows the saved details.
      queryClient.setQueryData<QuoteRequest>(queryKeys.quoteRequest(requestId), (request) => (request ? { ...request, ...saved } : request));
    },
  });
}
