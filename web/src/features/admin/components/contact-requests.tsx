import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button, linkStyles } from '@/components/button';
import { Card } from '@/components/card';
import type { Schema } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { contactRequestsQuery, useMarkAnswered } from '../api/contact-requests';
import { QueryList } from './query-list';
import { formatPhone } from '../broker-display';

type ContactRequest = Schema<'ContactRequest'>;

const kinds: Record<ContactRequest['kind'], string> = { question: 'Question', update_rates: 'Request Updated Rates' };

/** Visitors' questions and rate-update requests, open ones first, each linked to its quote request. */
export function ContactRequests() {
  const list = useQuery(contactRequestsQuery());
  return (
    <Card shadow="sm" aria-labelledby="contact-requests-title">
      <h2 id="contact-requests-title" className="mb-4 text-xl font-bold text-slate-900">
        Visitor Questions
      </h2>
      <QueryList query={list} loading="Loading visitor questions…" empty="No questions yet.">
        {(requests) => (
          <ul className="divide-y divide-slate-200">
            {[...requests.filter((request) => !request.answered_at), ...requests.filter((request) => request.answered_at)].map((request) => (
              <ContactRequestItem key={request.id} request={request} />
            ))}
          </ul>
        )}
      </QueryList>
    </Card>
  );
}

function ContactRequestItem({ request }: { request: ContactRequest }) {
  const markAnswered = useMarkAnswered();
  const headingId = `contact-${request.id}`;
  return (
    <li aria-labelledby={headingId} className="py-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-slate-900">
          {kinds[request.kind]} from {request.name}
        </h3>
        <span className="text-sm text-slate-600">{formatDate(request.created_at)}</span>
      </div>
      {request.about_quote && <p className="mt-1 text-sm font-medium text-slate-800">About the quote: {request.about_quote}</p>}
      {request.question && <p className="mt-1 whitespace-pre-line text-slate-800">{request.question}</p>}
      <p className="mt-1 text-sm text-slate-700">
        Email: {request.email || 'None'} · Phone: {formatPhone(request.phone)} · Prefers {request.preferred_contact}
      </p>
      {request.contact_consent && (
        <p className="mt-1 text-sm text-slate-700">
          Consent to calls and texts, given {formatDate(request.contact_consent.at)} from {request.contact_consent.address}: “
          {request.contact_consent.text}”
        </p>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-4">
        {request.quote_request_id && (
          <Link to={`/admin/analysis/${encodeURIComponent(request.quote_request_id)}`} className={linkStyles}>
            Open quote request<span className="sr-only"> of {request.name}</span>
          </Link>
        )}
        {request.answered_at ? (
          <span className="text-sm font-medium text-green-800">
            Answered{request.answered_by ? ` by ${request.answered_by}` : ''} on {formatDate(request.answered_at)}
          </span>
        ) : (
          <Button variant="secondary" onClick={() => markAnswered.mutate(request.id)} disabled={markAnswered.isPending}>
            Mark answered<span className="sr-only"> (question from {request.name})</span>
          </Button>
        )}
        {markAnswered.isError && (
          <span role="alert" className="text-sm font-medium text-red-700">
            {markAnswered.error.message}
          </span>
        )}
      </div>
    </li>
  );
}
