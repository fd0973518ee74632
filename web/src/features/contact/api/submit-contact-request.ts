import { useMutation } from '@tanstack/react-query';
import { answer, api, type Schema } from '@/lib/api-client';

type ContactRequestSubmission = Schema<'ContactRequestSubmission'>;

export const submitContactRequest = (body: ContactRequestSubmission) => answer(api.POST('/contact-requests/submit', { body }));

export function useSubmitContactRequest() {
  return useMutation({ mutationFn: submitContactRequest });
}
