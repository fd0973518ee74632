import { RefiBuddyAnalysis } from '@/components/analysis/refi-buddy-analysis';
import { Page } from '@/components/page';
import type { Schema } from '@/lib/api-client';
import { useConfetti } from '../use-confetti';
import { ResultsActions } from './results-actions';

type Analysis = Schema<'Analysis'>;
type QuoteRequest = Schema<'QuoteRequest'>;

/** Refi Buddy's results once a broker has analysed the request (spec section 2's three modes). */
export function RefiBuddyResults({ quoteRequest, analysis }: { quoteRequest: QuoteRequest; analysis: Analysis }) {
  const celebrating = useConfetti(analysis.id, analysis.refinance?.recommendation === 'recommended');
  return (
    <Page width="wide">
      <RefiBuddyAnalysis quoteRequest={quoteRequest} analysis={analysis} trackingEnabled celebrating={celebrating} />
      <ResultsActions quoteRequestId={quoteRequest.id} startOverPath="/should-i-refinance" />
    </Page>
  );
}
