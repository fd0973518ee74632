import { QuoteGradeAnalysis } from '@/components/analysis/quote-grade-analysis';
import { Page } from '@/components/page';
import type { Schema } from '@/lib/api-client';
import { ResultsActions } from './results-actions';

type Analysis = Schema<'Analysis'>;
type QuoteRequest = Schema<'QuoteRequest'>;

export function AnalysisResults({ quoteRequest, analysis }: { quoteRequest: QuoteRequest; analysis: Analysis }) {
  return (
    <Page width="wide">
      <QuoteGradeAnalysis quoteRequest={quoteRequest} analysis={analysis} trackingEnabled />
      <ResultsActions quoteRequestId={quoteRequest.id} startOverPath="/check-my-rate" />
    </Page>
  );
}
