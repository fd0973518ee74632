import { QuoteGradeAnalysis } from '@/components/analysis/quote-grade-analysis';
import { quoteChoices } from '@/components/analysis/quote-choices';
import { QuoteContactContext, useContactModal } from '@/components/contact-modal-context';
import { Page } from '@/components/page';
import type { Schema } from '@/lib/api-client';
import { lenderOf, useSite } from '@/lib/site';
import { ResultsActions } from './results-actions';

type Analysis = Schema<'Analysis'>;
type QuoteRequest = Schema<'QuoteRequest'>;

export function AnalysisResults({ quoteRequest, analysis }: { quoteRequest: QuoteRequest; analysis: Analysis }) {
  const site = useSite();
  const openContactModal = useContactModal();
  const quotes = quoteChoices(quoteRequest, analysis, lenderOf(site, analysis.lender));
  // Issue 25: each quote on the visitor's own results has "Contact Broker", the modal opening about it.
  const contactAbout = (aboutQuote: string) => openContactModal({ mode: 'question', quoteRequestId: quoteRequest.id, quotes, aboutQuote });
  return (
    <Page width="wide">
      <QuoteContactContext value={contactAbout}>
        <QuoteGradeAnalysis quoteRequest={quoteRequest} analysis={analysis} trackingEnabled />
      </QuoteContactContext>
      <ResultsActions quoteRequestId={quoteRequest.id} startOverPath="/check-my-rate" quotes={quotes} scenario={quoteRequest} />
    </Page>
  );
}
