// The brokers (admins) and who has enrolled a second factor (decision 0039).
import { queryOptions } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { adminKeys } from './keys';

export const getAdmins = () => answer(api.GET('/admin/admins'));

export const adminsQuery = () => queryOptions({ queryKey: adminKeys.admins, queryFn: getAdmins });
