import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, linkStyles } from '@/components/button';
import { TextField } from '@/components/form/field';
import { TitledPage } from '@/components/page';
import { formatDateTime } from '@/lib/format';
import { auditQuery, type AuditEvent, type AuditFilters } from '../api/records';
import { QueryList } from './query-list';

const ACTIONS: Record<AuditEvent['action'], string> = {
  read_list: 'Read a list',
  read_request: 'Read the request',
  read_analysis: 'Read the analysis',
  edit: 'Edited',
  download_upload: 'Downloaded the upload',
  read_loan_estimate: 'Read the Loan Estimate',
  export: 'Exported',
  read_records: 'Read the records state',
  hold: 'Legal hold',
  release_hold: 'Released the hold',
  delete: 'Deleted',
  email: 'Sent an e-mail',
  read_audit: 'Read the audit trail',
  grant_admin: 'Granted admin',
  revoke_admin: 'Revoked admin',
  reset_second_factor: 'Reset a second factor',
  read_archive: 'Read the page archive',
};

const FILTERS = ['broker', 'request', 'from', 'to'] as const;

/** /admin/audit: who did what to visitors' data, and when (docs/records.md). */
export function AuditPage() {
  const [searchParams] = useSearchParams();
  // A link to another request's trail starts the filter form afresh.
  return <AuditView key={searchParams.toString()} />;
}

function AuditView() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters: AuditFilters = Object.fromEntries(FILTERS.map((name) => [name, searchParams.get(name) ?? '']));
  const [draft, setDraft] = useState(filters);
  const events = useQuery(auditQuery(filters));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setSearchParams(Object.fromEntries(Object.entries(draft).filter(([, v]) => v)) as Record<string, string>);
  };
  const field = (name: (typeof FILTERS)[number], label: string, type = 'text') => (
    <TextField label={label} type={type} value={draft[name] ?? ''} onChange={(event) => setDraft({ ...draft, [name]: event.target.value })} />
  );
  return (
    <TitledPage heading="Audit trail" intro="Every broker action on visitors' data: who, what, when and from where. Newest first, at most 500." width="wide">
      <form onSubmit={apply} aria-label="Filter the audit trail" className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
        {field('broker', 'Broker e-mail', 'email')}
        {field('request', 'Request id')}
        {field('from', 'From', 'date')}
        {field('to', 'To', 'date')}
        <Button type="submit">Filter</Button>
      </form>
      <QueryList query={events} loading="Loading the audit trail…" empty="No actions match these filters.">
        {(list) => (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Audit trail</caption>
              <thead className="border-b border-slate-300 text-slate-700">
                <tr>
                  <th scope="col" className="py-2 pr-4">When</th>
                  <th scope="col" className="py-2 pr-4">Broker</th>
                  <th scope="col" className="py-2 pr-4">Action</th>
                  <th scope="col" className="py-2 pr-4">Request</th>
                  <th scope="col" className="py-2 pr-4">From</th>
                  <th scope="col" className="py-2">Detail</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 text-slate-900">
                {list.map((event) => (
                  <tr key={event.id}>
                    <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(event.at)}</td>
                    <td className="py-2 pr-4">{event.actor}</td>
                    <td className="py-2 pr-4">{ACTIONS[event.action] ?? event.action}</td>
                    <td className="py-2 pr-4">
                      {event.quote_request_id ? (
                        <Link className={linkStyles} to={`/admin/audit?request=${encodeURIComponent(event.quote_request_id)}`}>
                          {event.quote_request_id.slice(0, 8)}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td className="py-2 pr-4">{event.address}</td>
                    <td className="py-2">{event.detail}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryList>
    </TitledPage>
  );
}
