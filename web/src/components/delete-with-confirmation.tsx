import { Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { serverMessage } from '@/lib/api-client';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';

type DeleteWithConfirmationProps = {
  /** The button's words: "Delete my request", "Delete my data". */
  label: string;
  /** Said when the deletion fails and the server gave no message of its own. */
  failure: string;
  /** The confirmation asked before anything is deleted. */
  confirmation: { title: string; confirmLabel: string; cancelLabel: string; body: ReactNode };
  /** The deletion under way, failed (error) or not. */
  deletion: { isPending: boolean; isError: boolean; error: unknown };
  onConfirmed: () => void;
  className?: string;
};

/**
 * A visitor's "Delete my …" button (issue 27 §2, docs/records.md): nothing is deleted until
 * the visitor confirms, and a failure is said where the button is.
 */
export function DeleteWithConfirmation({ label, failure, confirmation, deletion, onConfirmed, className }: DeleteWithConfirmationProps) {
  const [confirmOpen, setConfirmOpen] = useState(false);
  return (
    <>
      <Button className={className} variant="secondary" onClick={() => setConfirmOpen(true)} disabled={deletion.isPending}>
        <Trash2 aria-hidden="true" className="size-4" />
        {label}
      </Button>
      {deletion.isError && (
        <p role="alert" className="mt-2 font-medium text-red-700">
          {serverMessage(deletion.error) ?? failure}
        </p>
      )}
      <ConfirmDialog
        open={confirmOpen}
        title={confirmation.title}
        confirmLabel={confirmation.confirmLabel}
        cancelLabel={confirmation.cancelLabel}
        onConfirm={() => {
          setConfirmOpen(false);
          onConfirmed();
        }}
        onCancel={() => setConfirmOpen(false)}
      >
        {confirmation.body}
      </ConfirmDialog>
    </>
  );
}
