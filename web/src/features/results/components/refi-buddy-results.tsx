import { MessageCircle, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { RefiBuddyAnalysis } from '@/components/analysis/refi-buddy-analysis';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useContactModal } from '@/components/contact-modal-context';
import { Page } from '@/components/page';
import type { Analysis, QuoteRequest } from '@/lib/api-client';
import { storage } from '@/lib/storage';
import { useConfetti } from '../use-confetti';

/** Refi Buddy's results once a broker has analysed the request (spec section 2's three modes). */
export function RefiBuddyResults({ quoteRequest, analysis }: { quoteRequest: QuoteRequest; analysis: Analysis }) {
  const celebrating = useConfetti(analysis.id, analysis.refinance?.recommendation === 'recommended');
  const openContactModal = useContactModal();
  const navigate = useNavigate();
  const [confirmOpen, setConfirmOpen] = useState(false);

  const startOver = () => {
    storage.requestId.clear();
    setConfirmOpen(false);
    navigate('/should-i-refinance');
  };

  return (
    <Page width="wide">
      <RefiBuddyAnalysis quoteRequest={quoteRequest} analysis={analysis} trackingEnabled celebrating={celebrating} />

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
        <p>Starting over erases your current analysis from this device. Save this page's link first if you want to come back to it.</p>
      </ConfirmDialog>
    </Page>
  );
}
