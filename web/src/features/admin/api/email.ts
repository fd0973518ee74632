// The e-mail a broker sends with an analysis: the copy the server drafts, and the send.
import { queryOptions, useMutation } from '@tanstack/react-query';
import { answer, api, type Schema } from '@/lib/api-client';
import { adminKeys } from './keys';

export type EmailCopy = Schema<'EmailCopy'>;

export const getEmailCopy = (requestId: string) =>
  answer(api.GET('/admin/quote-requests/{id}/email-copy', { params: { path: { id: requestId } } }));

export const emailCopyQuery = (requestId: string) =>
  queryOptions({ queryKey: adminKeys.emailCopy(requestId), queryFn: () => getEmailCopy(requestId) });

export const sendEmail = (email: Schema<'BrokerEmail'>) => answer(api.POST('/send-email', { body: email }));

export function useSendEmail() {
  return useMutation({ mutationFn: sendEmail });
}
