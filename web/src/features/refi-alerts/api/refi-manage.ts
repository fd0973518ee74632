// The manage page every Refi Buddy e-mail links to (/refi-buddy/manage?token=...):
// the watch as the server answers it, and the three changes the page makes.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, type Schema } from '@/lib/api-client';

export type RefiManage = Schema<'RefiManage'>;
export type RefiTrigger = Schema<'RefiTrigger'>;
export type RefiManageAction = Schema<'RefiManageAction'>['action'];

const manageKey = (token: string) => ['refi-manage', token] as const;

export const getRefiManage = (token: string) => answer(api.GET('/refi-buddy/manage', { params: { query: { token } } }));

export const setRefiTrigger = (token: string, trigger: RefiTrigger) =>
  answer(api.PUT('/refi-buddy/manage', { params: { query: { token } }, body: trigger }));

export const actOnRefiWatch = (token: string, action: RefiManageAction) =>
  answer(api.POST('/refi-buddy/manage', { params: { query: { token } }, body: { action } }));

export function useRefiManage(token: string) {
  return useQuery({ queryKey: manageKey(token), queryFn: () => getRefiManage(token), enabled: token !== '', retry: false });
}

/** Each change answers the watch as it now is: the page shows that answer. */
export function useSetRefiTrigger(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (trigger: RefiTrigger) => setRefiTrigger(token, trigger),
    onSuccess: (watch) => client.setQueryData(manageKey(token), watch),
  });
}

export function useRefiWatchAction(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: RefiManageAction) => actOnRefiWatch(token, action),
    onSuccess: (watch) => client.setQueryData(manageKey(token), watch),
  });
}

/** "Delete my data": the watched request and everything kept with it (docs/records.md). */
export const deleteRefiData = (token: string) => answer(api.DELETE('/refi-buddy/manage', { params: { query: { token } } }));

export function useDeleteRefiData(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteRefiData(token),
    onSuccess: () => client.removeQueries({ queryKey: manageKey(token) }),
  });
}
