import { useRef } from 'react';
import { RefiBuddyAnalysis } from '@/components/analysis/refi-buddy-analysis';
import { Page } from '@/components/page';
import type { Schema } from '@/lib/api-client';
import { useConfetti } from '../use-confetti';
import { ResultsActions } from './results-actions';

type Analysis = Schema<'Analysis'>;
type QuoteRequest = Schema<'QuoteRequest'>;

/** Refi Buddy's results once a broker has analysed the request (spec section 2's three modes). */
export function RefiBuddyResults({ quoteRequest, analysis }: { quoteRequest: QuoteRequest; analysis: Analysis }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const celebrating = useConfetti(analysis.id, analysis.refinance?.recommendation === 'recommended', canvas);
  return (
    <Page width="wide">
      {/* Inside <main>, over the whole window while the confetti falls; nothing to read or click. */}
      {celebrating && <canvas ref={canvas} aria-hidden="true" data-confetti className="pointer-events-none fixed inset-0 z-50 size-full" />}
      <RefiBuddyAnalysis quoteRequest={quoteRequest} analysis={analysis} trackingEnabled celebrating={celebrating} />
      <ResultsActions quoteRequestId={quoteRequest.id} startOverPath="/should-i-refinance" />
    </Page>
  );
}
