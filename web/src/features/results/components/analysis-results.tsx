import { MessageCircle, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { QuoteGradeAnalysis } from '@/components/analysis/quote-grade-analysis';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useContactModal } from '@/components/contact-modal-context';
import { Page } from '@/components/page';
import type { Analysis, QuoteRequest } from '@/lib/api-client';
import { storage } from '@/lib/storage';

export function AnalysisResults({ quoteRequest, analysis }: { quoteRequest: QuoteRequest; analysis: Analysis }) {
  const openContactModal = useContactModal();
  const navigate = useNavigate();
  const [confirmOpen, setConfirmOpen] = useState(false);

  const startOver = () => {
    storage.requestId.clear();
    setConfirmOpen(false);
    navigate('/check-my-rate');
  };

  return (
    <Page width="wide">
      <QuoteGradeAnalysis quoteRequest={quoteRequest} analysis={analysis} trackingEnabled />

      <div className="mt-10 flex flex-col gap-3 sm:flex-row">
        <Button size="lg" onClick={() => openContactModal({ mode: 'question', quoteRequestId: quoteRequest.id })}>
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
    </Page>
  );
}
