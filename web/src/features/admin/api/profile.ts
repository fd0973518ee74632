// The signed-in broker's loan officer profile: their name and NMLS ID, which every analysis they save
// names ("Reviewed by NAME, NMLS #ID"). Without one, saving an analysis and sending an e-mail are refused.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api, type Schema } from '@/lib/api-client';
import { adminKeys } from './keys';

export type LoanOfficerProfile = Schema<'LoanOfficerProfile'>;
export type LoanOfficerInput = Schema<'LoanOfficerInput'>;

export const profileQuery = () => queryOptions({ queryKey: adminKeys.profile, queryFn: () => answer(api.GET('/admin/profile')) });

export function useSetProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LoanOfficerInput) => answer(api.PUT('/admin/profile', { body })),
    onSuccess: (profile) => client.setQueryData(adminKeys.profile, profile),
  });
}
