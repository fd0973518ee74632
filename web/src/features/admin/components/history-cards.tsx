// Nothing overwritten, nothing forgotten (issue 27 §3, docs/records.md): every
// save of the analysis and every e-mail sent about the request, on its page.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/button';
import { TitledCard } from '@/components/card';
import { serverMessage } from '@/lib/api-client';
import { formatDateTime, formatMoney, formatRate } from '@/lib/format';
import { keptEmailsQuery, versionsQuery, type AnalysisVersion, type KeptEmail } from '../api/records';
import { QueryList } from './query-list';

const QUOTEGRADE = 'quotegrade (sent by itself)';

type HistoryListProps<T> = {
  query: UseQueryResult<T[], Error>;
  /** What the list holds, for its loading and failure words ("versions"). */
  what: string;
  empty: string;
  label: string;
  children: (item: T, index: number) => ReactNode;
};

/** One of the request's histories, newest first; when it cannot be loaded, the server's words or ours. */
function HistoryList<T>({ query, what, empty, label, children }: HistoryListProps<T>) {
  return (
    <QueryList
      query={query}
      loading={`Loading the ${what}`}
      failed={(error) => (
        <p className="font-medium text-red-700">{serverMessage(error) ?? `The ${what} could not be loaded. Please reload the page.`}</p>
      )}
      empty={empty}
    >
      {(list) => (
        <ol className="space-y-2" aria-label={label}>
          {list.map(children)}
        </ol>
      )}
    </QueryList>
  );
}

/** Every saved version of the analysis, newest first: who saved it and when, each one readable whole. */
export function VersionsCard({ requestId }: { requestId: string }) {
  const versions = useQuery(versionsQuery(requestId));
  return (
    <TitledCard id="versions-heading" title="Analysis versions">
      <HistoryList
        query={versions}
        what="versions"
        empty="No analysis saved yet. Each save is kept here, and the visitor sees the latest."
        label="Saved versions, newest first"
      >
        {(version, index) => (
          <li key={version.version}>
            <details className="rounded-lg border border-slate-200 p-3">
              <summary className="cursor-pointer font-medium text-slate-900">
                Version {version.version}: saved by {version.saved_by || QUOTEGRADE} on {formatDateTime(version.saved_at)}
                {index === 0 && <span className="ml-2 text-sm font-normal text-slate-600">(the one the visitor sees)</span>}
              </summary>
              <VersionBody version={version} />
            </details>
          </li>
        )}
      </HistoryList>
    </TitledCard>
  );
}

function VersionBody({ version }: { version: AnalysisVersion }) {
  const a = version.analysis;
  const lists: [string, string[]][] = [
    ['Pros', a.pros],
    ['Cons', a.cons],
    ['Recommendations', a.recommendations],
    ['Notes', a.notes],
    ['Answers', a.answers.filter(Boolean)],
  ];
  return (
    <div className="mt-3 space-y-3 text-slate-800">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium">Grade</dt>
        <dd>{a.grade ?? 'None'}</dd>
        <dt className="font-medium">Lender</dt>
        <dd>{a.lender}</dd>
        {a.reviewedBy && (
          <>
            <dt className="font-medium">Reviewed by</dt>
            <dd>
              {a.reviewedBy.name}, NMLS #{a.reviewedBy.nmls}
            </dd>
          </>
        )}
        {a.recommendation_reason && (
          <>
            <dt className="font-medium">Why recommended</dt>
            <dd>{a.recommendation_reason}</dd>
          </>
        )}
      </dl>
      {lists
        .filter(([, items]) => items.length > 0)
        .map(([title, items]) => (
          <div key={title}>
            <h3 className="font-medium">{title}</h3>
            <ul className="list-disc pl-6">
              {items.map((item, i) => (
                <li key={i}>{item}</li>
              ))}
            </ul>
          </div>
        ))}
      {a.quotes.length > 0 && (
        <table className="w-full text-left text-sm">
          <caption className="text-left font-medium">Quotes</caption>
          <thead>
            <tr>
              <th scope="col">Rate</th>
              <th scope="col">Lender fees</th>
              <th scope="col">Points</th>
              <th scope="col">APR</th>
              <th scope="col">Recommended</th>
            </tr>
          </thead>
          <tbody>
            {a.quotes.map((quote) => (
              <tr key={quote.id}>
                <td>{formatRate(quote.rate)}</td>
                <td>{formatMoney(quote.lenderFees)}</td>
                <td>{quote.points ?? '—'}</td>
                <td>{typeof quote.apr === 'number' ? formatRate(quote.apr) : '—'}</td>
                <td>{quote.isRecommended ? 'Yes' : 'No'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** The e-mails sent about the request, newest first, each readable as sent (its text part). */
export function KeptEmailsCard({ requestId }: { requestId: string }) {
  const emails = useQuery(keptEmailsQuery(requestId));
  return (
    <TitledCard id="kept-emails-heading" title="E-mails sent">
      <div className="space-y-3">
        <HistoryList query={emails} what="e-mails" empty="No e-mail sent about this request yet." label="E-mails sent, newest first">
          {(email) => (
            <li key={email.id}>
              <EmailEntry email={email} />
            </li>
          )}
        </HistoryList>
        <p className="text-sm text-slate-600">An e-mail shows here once it has gone out; each is kept for the retention period.</p>
        <Button variant="secondary" onClick={() => void emails.refetch()} disabled={emails.isFetching}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Check for new e-mails
        </Button>
      </div>
    </TitledCard>
  );
}

function EmailEntry({ email }: { email: KeptEmail }) {
  return (
    <details className="rounded-lg border border-slate-200 p-3">
      <summary className="cursor-pointer font-medium text-slate-900">
        {email.subject}
        <span className="block text-sm font-normal text-slate-600">
          To {email.to}, sent by {email.sent_by || QUOTEGRADE} on {formatDateTime(email.sent_at)}
        </span>
      </summary>
      <pre className="mt-3 font-sans whitespace-pre-wrap text-slate-800">{email.text}</pre>
    </details>
  );
}
