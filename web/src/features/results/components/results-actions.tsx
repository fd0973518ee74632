import { FileText, MessageCircle, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ScenarioSummary } from '@/components/analysis/scenario-summary';
import { useContactModal } from '@/components/contact-modal-context';
import { Modal } from '@/components/modal';
import type { Schema } from '@/lib/api-client';
import { storage } from '@/lib/storage';

type QuoteRequest = Schema<'QuoteRequest'>;

/**
 * 'Speak to a Mortgage Expert', 'View loan scenario' and 'Start New Analysis' under an analysed request.
 * The contact modal asks which of quotes the question is about. Starting over asks first, then forgets
 * the saved request id and goes to the tool the visitor came from.
 */
export function ResultsActions({
  quoteRequestId,
  startOverPath,
  quotes = [],
  scenario,
}: {
  quoteRequestId: string;
  startOverPath: string;
  /** The request's quotes as the page shows them, for "Which quote is this about?". */
  quotes?: string[];
  /** The loan scenario the visitor gave, shown in the loan scenario modal. */
  scenario?: QuoteRequest;
}) {
  const openContactModal = useContactModal();
  const navigate = useNavigate();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [scenarioOpen, setScenarioOpen] = useState(false);

  const startOver = () => {
    storage.requestId.clear();
    setConfirmOpen(false);
    navigate(startOverPath);
  };

  return (
    <>
      <div className="mt-10 flex flex-col gap-3 sm:flex-row print:hidden">
        <Button size="lg" onClick={() => openContactModal({ mode: 'question', quoteRequestId, quotes })}>
          <MessageCircle aria-hidden="true" className="size-5" />
          Speak to a Mortgage Expert
        </Button>
        {scenario && (
          <Button size="lg" variant="secondary" onClick={() => setScenarioOpen(true)}>
            <FileText aria-hidden="true" className="size-5" />
            View loan scenario
          </Button>
        )}
        <Button size="lg" variant="secondary" onClick={() => setConfirmOpen(true)}>
          <RotateCcw aria-hidden="true" className="size-5" />
          Start New Analysis
        </Button>
      </div>

      {scenario && (
        // An analysed request is no longer the visitor's to change (the server answers 409), so no edit link.
        <Modal open={scenarioOpen} onClose={() => setScenarioOpen(false)} title="Your loan scenario">
          <ScenarioSummary quoteRequest={scenario} />
        </Modal>
      )}

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
