import { MessageCircle, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useContactModal } from '@/components/contact-modal-context';
import { storage } from '@/lib/storage';

/**
 * 'Speak to a Mortgage Expert' and 'Start New Analysis' under an analysed request. Starting over
 * asks first, then forgets the saved request id and goes to the tool the visitor came from.
 */
export function ResultsActions({ quoteRequestId, startOverPath }: { quoteRequestId: string; startOverPath: string }) {
  const openContactModal = useContactModal();
  const navigate = useNavigate();
  const [confirmOpen, setConfirmOpen] = useState(false);

  const startOver = () => {
    storage.requestId.clear();
    setConfirmOpen(false);
    navigate(startOverPath);
  };

  return (
    <>
      <div className="mt-10 flex flex-col gap-3 sm:flex-row print:hidden">
        <Button size="lg" onClick={() => openContactModal({ mode: 'question', quoteRequestId })}>
          <MessageCircle aria-hidden="true" className="size-5" />
          Speak to a Mortgage Expert
        </Button>
        <Button size="lg" variant="secondary" onClick={() => setConfirmOpen(true)}>
          <RotateCcw aria-hidden="true" className="size-5" />
          Start New Analysis
        </Button>
      </div>

      <ConfirmDialog
        open={confirmOpen}
        title="Submit a new quote for analysis?"
        confirmLabel="Yes, start a new analysis"
        cancelLabel="Keep this analysis"
        onConfirm={startOver}
        onCancel={() => setConfirmOpen(false)}
      >
        <p>
          Starting over erases your current analysis from this device. Save this page's link first if you want to come back
          to it.
        </p>
      </ConfirmDialog>
    </>
  );
}
