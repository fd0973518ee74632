// Visitors' questions from the contact form, and marking one answered.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { adminKeys } from './keys';

export const getContactRequests = () => answer(api.GET('/admin/contact-requests'));

export const contactRequestsQuery = () => queryOptions({ queryKey: adminKeys.contactRequests, queryFn: getContactRequests });

export const markAnswered = (contactRequestId: string) =>
  answer(api.POST('/admin/contact-requests/{id}/answered', { params: { path: { id: contactRequestId } } }));

export function useMarkAnswered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAnswered,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.contactRequests }),
  });
}
