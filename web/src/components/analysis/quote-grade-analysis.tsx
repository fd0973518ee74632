import { PageTitle } from '@/components/page';
import type { Schema } from '@/lib/api-client';
import { AnalysisView } from './analysis-view';
import { QuotesSideBySide } from './quotes-side-by-side';

type Analysis = Schema<'Analysis'>;
type QuoteRequest = Schema<'QuoteRequest'>;

/**
 * The quote-grade results with an analysis (spec section 2), shared by the visitor's results
 * page and the broker's preview; the page supplies the actions.
 */
export function QuoteGradeAnalysis({ quoteRequest, analysis, trackingEnabled }: { quoteRequest: QuoteRequest; analysis: Analysis; trackingEnabled: boolean }) {
  return (
    <>
      <PageTitle intro="Reviewed by a licensed loan officer.">Your Rate Quote Analysis</PageTitle>
      <AnalysisView quoteRequest={quoteRequest} analysis={analysis} trackingEnabled={trackingEnabled} />
      {quoteRequest.comparison && (
        <div className="mt-8">
          <QuotesSideBySide comparison={quoteRequest.comparison} />
        </div>
      )}
    </>
  );
}
