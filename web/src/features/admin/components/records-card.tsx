import { useQuery } from '@tanstack/react-query';
import { Download, Lock, LockOpen, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, linkStyles } from '@/components/button';
import { TitledCard } from '@/components/card';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TextField } from '@/components/form/field';
import { serverMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { downloadExport, recordsStatusQuery, useAdminDelete, useHold, useRelease } from '../api/records';

/** The request's records (docs/records.md): export, legal hold and deletion, each with a reason where one is owed. */
export function RecordsCard({ requestId }: { requestId: string }) {
  const status = useQuery(recordsStatusQuery(requestId));
  const hold = useHold(requestId);
  const release = useRelease(requestId);
  const remove = useAdminDelete(requestId);
  const navigate = useNavigate();
  const [reason, setReason] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const held = status.data?.legal_hold ?? null;
  const failure = hold.error ?? release.error ?? remove.error;

  const exportRecords = () => {
    setExportError(null);
    downloadExport(requestId).catch((error: unknown) => setExportError(serverMessage(error) ?? 'The export failed. Please try again.'));
  };
  const deleteRequest = () => {
    setConfirmDelete(false);
    remove.mutate(reason.trim(), { onSuccess: () => navigate('/admin', { replace: true }) });
  };

  return (
    <TitledCard id="records-heading" title="Records">
      <div className="space-y-4">
        {held ? (
          <p className="rounded-lg bg-amber-50 p-3 text-amber-900">
            <strong>On legal hold</strong> since {formatDate(held.held_at)} by {held.held_by}: {held.reason}
          </p>
        ) : (
          <p className="text-slate-700">Not on legal hold: the visitor can delete this request, and the retention purge removes it when it is due.</p>
        )}
        <TextField
          label="Reason (for a hold or a deletion)"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={1000}
          error={hold.error || remove.error ? (serverMessage(failure) ?? undefined) : undefined}
        />
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={exportRecords}>
            <Download aria-hidden="true" className="size-4" />
            Export as JSON
          </Button>
          {held ? (
            <Button variant="secondary" onClick={() => release.mutate()} disabled={release.isPending}>
              <LockOpen aria-hidden="true" className="size-4" />
              Release legal hold
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => hold.mutate(reason.trim())} disabled={hold.isPending}>
              <Lock aria-hidden="true" className="size-4" />
              Put on legal hold
            </Button>
          )}
          <Button variant="danger" onClick={() => setConfirmDelete(true)} disabled={remove.isPending}>
            <Trash2 aria-hidden="true" className="size-4" />
            Delete request
          </Button>
        </div>
        {(exportError || release.error) && (
          <p role="alert" className="font-medium text-red-700">
            {exportError ?? serverMessage(release.error) ?? 'That did not work. Please try again.'}
          </p>
        )}
        <Link to={`/admin/audit?request=${encodeURIComponent(requestId)}`} className={linkStyles}>
          Who has seen this request (audit trail)
        </Link>
      </div>
      <ConfirmDialog
        open={confirmDelete}
        title="Delete this request?"
        confirmLabel="Yes, delete it"
        cancelLabel="Keep it"
        onConfirm={deleteRequest}
        onCancel={() => setConfirmDelete(false)}
      >
        <p>The request, its analysis and its uploaded file are deleted for good. The deletion and your reason are recorded.</p>
      </ConfirmDialog>
    </TitledCard>
  );
}
