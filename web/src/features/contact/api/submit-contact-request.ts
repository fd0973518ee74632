import { useMutation } from '@tanstack/react-query';
import { api, type ContactRequestSubmission } from '@/lib/api-client';

export function useSubmitContactRequest() {
  return useMutation({ mutationFn: (body: ContactRequestSubmission) => api.submitContactRequest(body) });
}
