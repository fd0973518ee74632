import { QuoteGradeAnalysis } from '@/components/analysis/quote-grade-analysis';
import { Page } from '@/components/page';
import type { Analysis, QuoteRequest } from '@/lib/api-client';
import { ResultsActions } from './results-actions';

export function AnalysisResults({ quoteRequest, analysis }: { quoteRequest: QuoteRequest; analysis: Analysis }) {
  return (
    <Page width="wide">
      <QuoteGradeAnalysis quoteRequest={quoteRequest} analysis={analysis} trackingEnabled />
      <ResultsActions quoteRequestId={quoteRequest.id} startOverPath="/check-my-rate" />
    </Page>
  );
}
