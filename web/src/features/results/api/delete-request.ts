import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { queryKeys } from '@/lib/queries';
import { storage } from '@/lib/storage';

/** "Delete my request" (docs/records.md): the results link is the visitor's key to it. */
export const deleteRequest = (requestId: string) => answer(api.DELETE('/quote-requests/{id}', { params: { path: { id: requestId } } }));

export function useDeleteRequest(requestId: string, onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteRequest(requestId),
    onSuccess: () => {
      if (storage.requestId.get() === requestId) storage.requestId.clear();
      queryClient.removeQueries({ queryKey: queryKeys.quoteRequest(requestId) });
      onDeleted();
    },
  });
}
