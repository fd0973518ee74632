// Refi Buddy's watches, and evaluating them all now instead of waiting for the 6-hourly job.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api, type Schema } from '@/lib/api-client';
import { adminKeys } from './keys';

export type RefiWatchRun = Schema<'RefiWatchRun'>;

export const getRefiWatches = () => answer(api.GET('/admin/refi-watches'));

export const refiWatchesQuery = () => queryOptions({ queryKey: adminKeys.refiWatches, queryFn: getRefiWatches });

export const runRefiWatches = () => answer(api.POST('/admin/refi-watches/run'));

export function useRunRefiWatches() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runRefiWatches,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.refiWatches }),
  });
}
