import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button, ButtonLink } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Page, PageTitle } from '@/components/page';
import { serverMessage } from '@/lib/api-client';
import { useDeleteRequest } from '../api/delete-request';
import { SiteTitle } from '@/lib/site';

/** "Delete my request" under the results, with a confirmation (issue 27 §2, docs/records.md). */
export function DeleteMyRequest({ requestId, onDeleted }: { requestId: string; onDeleted: () => void }) {
  const [confirmOpen, setConfirmOpen] = useState(false);
  const remove = useDeleteRequest(requestId, onDeleted);
  const confirm = () => {
    setConfirmOpen(false);
    remove.mutate();
  };
  return (
    <Page width="wide">
      <section aria-labelledby="your-data" className="border-t border-slate-200 pt-6 print:hidden">
        <h2 id="your-data" className="text-lg font-bold text-slate-900">
          Your data
        </h2>
        <p className="mt-1 text-slate-700">You can delete this request and everything we keep with it, including any file you uploaded.</p>
        <Button className="mt-3" variant="secondary" onClick={() => setConfirmOpen(true)} disabled={remove.isPending}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete my request
        </Button>
        {remove.isError && (
          <p role="alert" className="mt-2 font-medium text-red-700">
            {serverMessage(remove.error) ?? 'We could not delete your request. Please try again.'}
          </p>
        )}
      </section>
      <ConfirmDialog
        open={confirmOpen}
        title="Delete this request?"
        confirmLabel="Yes, delete my request"
        cancelLabel="Keep my request"
        onConfirm={confirm}
        onCancel={() => setConfirmOpen(false)}
      >
        <p>Your request, its analysis and any file you uploaded are deleted for good. This link will stop working.</p>
      </ConfirmDialog>
    </Page>
  );
}

/** What the results link shows once the request was deleted (the API answers 410). */
export function RequestDeleted() {
  return (
    <Page width="narrow">
      <SiteTitle page="Request deleted" />
      <PageTitle intro="The request and everything we kept with it are gone.">This request was deleted</PageTitle>
      <ButtonLink to="/check-my-rate" size="lg">
        Start a new quote analysis
      </ButtonLink>
    </Page>
  );
}
