// The two links in Refi Buddy's e-mails: confirm (double opt-in) and unsubscribe.
// Both are POSTs a click makes, so a mail scanner opening the link changes nothing.
import { useMutation } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';

/** Alerts to the address start. */
export const confirmRefiAlerts = (token: string) => answer(api.POST('/refi-buddy/confirm', { params: { query: { token } } }));

/** Alerts to the address stop (the same endpoint takes RFC 8058 one-click posts). */
export const unsubscribeRefiAlerts = (token: string) => answer(api.POST('/refi-buddy/unsubscribe', { params: { query: { token } } }));

export function useConfirmRefiAlerts(token: string) {
  return useMutation({ mutationFn: () => confirmRefiAlerts(token) });
}

export function useUnsubscribeRefiAlerts(token: string) {
  return useMutation({ mutationFn: () => unsubscribeRefiAlerts(token) });
}
