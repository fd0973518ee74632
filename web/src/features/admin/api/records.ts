// What a brokerage answers for (docs/records.md): the broker's full read of a
// request, its legal hold, export and deletion, and the audit trail.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api, type Schema } from '@/lib/api-client';
import { adminKeys } from './keys';

export type AuditEvent = Schema<'AuditEvent'>;
export type AuditFilters = { broker?: string; request?: string; from?: string; to?: string };

const path = (requestId: string) => ({ params: { path: { id: requestId } } });

/** The request with the visitor's full e-mail and phone (the visitor's own answer masks them); each read is audited. */
export const getAdminQuoteRequest = (requestId: string) => answer(api.GET('/admin/quote-requests/{id}', path(requestId)));

export const adminQuoteRequestQuery = (requestId: string) =>
  queryOptions({ queryKey: adminKeys.request(requestId), queryFn: () => getAdminQuoteRequest(requestId) });

export const recordsStatusQuery = (requestId: string) =>
  queryOptions({ queryKey: adminKeys.records(requestId), queryFn: () => answer(api.GET('/admin/quote-requests/{id}/records', path(requestId))) });

export function useHold(requestId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => answer(api.PUT('/admin/quote-requests/{id}/hold', { ...path(requestId), body: { reason } })),
    onSuccess: (status) => client.setQueryData(adminKeys.records(requestId), status),
  });
}

export function useRelease(requestId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => answer(api.DELETE('/admin/quote-requests/{id}/hold', path(requestId))),
    onSuccess: () => client.setQueryData(adminKeys.records(requestId), { legal_hold: null }),
  });
}

export function useAdminDelete(requestId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => answer(api.DELETE('/admin/quote-requests/{id}', { ...path(requestId), body: { reason } })),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.list('pending') }),
        client.invalidateQueries({ queryKey: adminKeys.list('analyzed') }),
      ]),
  });
}

/** Everything held about the request, saved as a JSON file. */
export async function downloadExport(requestId: string) {
  const records = await answer(api.GET('/admin/quote-requests/{id}/export', path(requestId)));
  const url = URL.createObjectURL(new Blob([JSON.stringify(records, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `quote-request-${requestId}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export type AnalysisVersion = Schema<'AnalysisVersion'>;
export type KeptEmail = Schema<'KeptEmail'>;

/** Every save of the request's analysis, newest first (the first is the one the visitor sees); audited. */
export const versionsQuery = (requestId: string) =>
  queryOptions({ queryKey: adminKeys.versions(requestId), queryFn: () => answer(api.GET('/admin/quote-requests/{id}/versions', path(requestId))) });

/** The e-mails sent about the request, kept for the retention period, newest first; audited. */
export const keptEmailsQuery = (requestId: string) =>
  queryOptions({ queryKey: adminKeys.keptEmails(requestId), queryFn: () => answer(api.GET('/admin/quote-requests/{id}/emails', path(requestId))) });

export const auditQuery = (filters: AuditFilters) => {
  const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as AuditFilters;
  return queryOptions({
    queryKey: adminKeys.audit(query),
    queryFn: () => answer(api.GET('/admin/audit', { params: { query } })),
  });
};

export type ArchivedPage = Schema<'ArchivedPage'>;

/** The page archive: each version of the public pages and of the site file, newest first; audited. */
export const archiveQuery = () => queryOptions({ queryKey: adminKeys.archive(), queryFn: () => answer(api.GET('/admin/archive')) });

/** One kept version, saved as a text file: never opened as HTML in the admin origin. */
export async function downloadArchivedPage(page: ArchivedPage) {
  const content = await answer(api.GET('/admin/archive/{id}', { params: { path: { id: page.id } }, parseAs: 'text' }));
  const url = URL.createObjectURL(new Blob([content], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${archiveFileName(page)}.txt`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** "quote-start-2026-11-20-0123456789ab": the page, the day it was first served, the start of its hash. */
export function archiveFileName(page: ArchivedPage) {
  const name = page.path === 'site file' ? 'site-file' : page.path === '/' ? 'index' : page.path.replace(/^\//, '').replaceAll('/', '-');
  return `${name}-${page.first_served_at.slice(0, 10)}-${page.hash.slice(0, 12)}`;
}
