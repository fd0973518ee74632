import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { serverMessage } from '@/lib/api-client';
import { useDeleteRefiData } from '../api/refi-manage';

/** "Delete my data" on the manage page, with a confirmation (issue 27 §2, docs/records.md). */
export function DeleteMyData({ token, onDeleted }: { token: string; onDeleted: () => void }) {
  const [confirmOpen, setConfirmOpen] = useState(false);
  const remove = useDeleteRefiData(token);
  const confirm = () => {
    setConfirmOpen(false);
    remove.mutate(undefined, { onSuccess: onDeleted });
  };
  return (
    <section aria-labelledby="your-data-heading">
      <h2 id="your-data-heading" className="mb-1 text-xl font-semibold text-slate-900">
        Your data
      </h2>
      <p className="mb-3 text-slate-700">Delete your mortgage details, your address and every alert we sent. Alerts stop for good.</p>
      <Button variant="secondary" onClick={() => setConfirmOpen(true)} disabled={remove.isPending}>
        <Trash2 aria-hidden="true" className="size-4" />
        Delete my data
      </Button>
      {remove.isError && (
        <p role="alert" className="mt-2 font-medium text-red-700">
          {serverMessage(remove.error) ?? 'We could not delete your data. Please try again.'}
        </p>
      )}
      <ConfirmDialog
        open={confirmOpen}
        title="Delete your Refi Buddy data?"
        confirmLabel="Yes, delete my data"
        cancelLabel="Keep my alerts"
        onConfirm={confirm}
        onCancel={() => setConfirmOpen(false)}
      >
        <p>Your mortgage details, your address and your alerts are deleted for good. This link will stop working.</p>
      </ConfirmDialog>
    </section>
  );
}
