import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Spinner } from '@/components/spinner';

type QueryAnswerProps<T> = {
  query: UseQueryResult<T, Error>;
  loading: string;
  /** The error's own words, for a card that says it its own way; without it, an alert with the error's message. */
  failed?: (error: Error) => ReactNode;
  children: (data: T) => ReactNode;
};

/** One answer from the server for a broker's page: a spinner, the server's error, or the answer. */
export function QueryAnswer<T>({ query, loading, failed, children }: QueryAnswerProps<T>) {
  if (query.isPending) return <Spinner label={loading} />;
  if (query.isError) {
    if (failed) return failed(query.error);
    return (
      <p role="alert" className="text-red-700">
        {query.error.message}
      </p>
    );
  }
  return children(query.data);
}

type QueryListProps<T> = {
  query: UseQueryResult<T[], Error>;
  loading: string;
  failed?: (error: Error) => ReactNode;
  empty: string;
  children: (items: T[]) => ReactNode;
};

/** A broker's list from the server: a spinner, the server's error, the empty text, or the items. */
export function QueryList<T>({ query, loading, failed, empty, children }: QueryListProps<T>) {
  return (
    <QueryAnswer query={query} loading={loading} failed={failed}>
      {(items) => (items.length === 0 ? <p className="text-slate-700">{empty}</p> : children(items))}
    </QueryAnswer>
  );
}

/** The dashboard tables' frame: scrolls sideways on a phone, one header cell a column; caption names it for screen readers. */
export function AdminTable({ columns, caption, children }: { columns: string[]; caption?: string; children: ReactNode }) {
  return (
    <>
      {/* On a phone the columns run past the edge: say so (issue 14, defect 14). */}
      <p className="mb-2 text-xs text-slate-700 md:hidden">Scroll sideways to see every column →</p>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-left text-sm">
          {caption && <caption className="sr-only">{caption}</caption>}
          <thead>
            <tr className="border-b-2 border-slate-300 text-slate-700">
              {columns.map((column) => (
                <th key={column} scope="col" className="py-2 pr-4 font-semibold">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </>
  );
}
