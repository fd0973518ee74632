// The e-mails the server has queued or sent, newest first.
import { queryOptions } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { adminKeys } from './keys';

export const getOutbox = () => answer(api.GET('/admin/outbox'));

export const outboxQuery = () => queryOptions({ queryKey: adminKeys.outbox, queryFn: getOutbox });
