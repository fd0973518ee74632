import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/button';
import { TitledPage } from '@/components/page';
import { serverMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { archiveQuery, downloadArchivedPage, type ArchivedPage } from '../api/records';
import { AdminTable, QueryList } from './query-list';

const pageName = (path: string) => (path === 'site file' ? 'Site file' : path);

/** /admin/archive: each version of the public pages and of the site file, as served (Regulation N; docs/records.md). */
export function ArchivePage() {
  const pages = useQuery(archiveQuery());
  const [error, setError] = useState('');
  const download = (page: ArchivedPage) => {
    setError('');
    downloadArchivedPage(page).catch((e: unknown) => setError(serverMessage(e) ?? 'The download failed. Please try again.'));
  };
  return (
    <TitledPage heading="Page archive" intro="Each version of the public pages as the server sent them, with your site file's values, and of the site file itself, dated when first served. Kept at least 24 months after a newer version replaced it (Regulation N). A version downloads as a text file." width="wide">
      {error && (
        <p role="alert" className="mb-4 text-red-700">
          {error}
        </p>
      )}
      <QueryList query={pages} loading="Loading the page archive…" empty="No page has been archived yet.">
        {(list) => (
          <AdminTable columns={['Page', 'First served', 'Hash (SHA-256)', 'Size', 'Copy']} caption="Archived versions, newest first">
            {list.map((page) => (
              <tr key={page.id} className="border-b border-slate-200 text-slate-900">
                <td className="py-2 pr-4">{pageName(page.path)}</td>
                <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(page.first_served_at)}</td>
                <td className="py-2 pr-4 font-mono" title={page.hash}>
                  {page.hash.slice(0, 12)}…
                </td>
                <td className="py-2 pr-4 whitespace-nowrap">{page.size.toLocaleString('en-US')} bytes</td>
                <td className="py-2">
                  <Button variant="secondary" onClick={() => download(page)} aria-label={`Download ${pageName(page.path)} of ${formatDateTime(page.first_served_at)}`}>
                    Download
                  </Button>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </QueryList>
    </TitledPage>
  );
}
