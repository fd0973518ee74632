import { CalendarClock, CircleCheck, CircleMinus } from 'lucide-react';
import { useEffect } from 'react';
import { Card } from '@/components/card';
import { useContactModal } from '@/components/contact-modal-context';
import { answer, api, type Schema } from '@/lib/api-client';
import { getAccessTokenIfSignedIn } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { nmlsText } from '@/lib/site';
import { GradeCard } from './grade-badge';
import { InstantGradeCard } from './instant-grade-card';
import { QuestionsAnswered } from './questions-answered';
import { QuoteComparison } from './quote-comparison';
import { QuoteVerdictsView } from './quote-verdicts-view';
import { BROKER_WORDS } from '@/lib/quote-display';
import { BrokerText } from './broker-text';
import { ScenarioSummary } from './scenario-summary';
import { TitledSection } from '@/components/titled-section';

type Analysis = Schema<'Analysis'>;
type Reviewer = Schema<'Reviewer'>;
type QuoteRequest = Schema<'QuoteRequest'>;

export type AnalysisViewProps = {
  quoteRequest: QuoteRequest;
  analysis: Analysis;
  /** Off for the example and the broker's preview: only real visits count as views. */
  trackingEnabled: boolean;
  gradeTitle?: string;
  /** The example has no rates to update. */
  showUpdateRatesLink?: boolean;
  /** Refi Buddy's results show their own heading and savings; the grade only when a quote was graded. */
  showGrade?: boolean;
};

/**
 * The body of a finished quote analysis, shared by the visitor's results page,
 * the example and the broker's preview. The page supplies the h1.
 */
export function AnalysisView({
  quoteRequest,
  analysis,
  trackingEnabled,
  gradeTitle = 'Your Quote Grade',
  showUpdateRatesLink = true,
  showGrade = true,
}: AnalysisViewProps) {
  useRecordView(analysis.id, trackingEnabled);
  const openContactModal = useContactModal();
  const recommendation = analysis.recommendations[0];
  // Issue 29: with a verdict on each quote, those verdicts take the one grade's and pros and cons' place.
  const perQuote = analysis.quote_verdicts.length > 0;

  return (
    <div className="space-y-8">
      <div role="note" className="flex flex-col gap-2 rounded-xl border border-blue-200 bg-blue-50 p-4 text-slate-800 sm:flex-row sm:items-center sm:justify-between">
        <div className="space-y-1">
          <p className="flex items-center gap-2">
            <CalendarClock aria-hidden="true" className="size-5 shrink-0 text-blue-800" />
            <span>
              Rate estimates as of <strong>{formatDate(analysis.updated_at)}</strong>. Rates change daily.
            </span>
          </p>
          {analysis.reviewedBy && <ReviewedBy reviewer={analysis.reviewedBy} />}
        </div>
        {showUpdateRatesLink && (
          <button
            type="button"
            className="self-start rounded-sm font-semibold text-blue-800 underline underline-offset-2 hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-blue-700 sm:self-auto print:hidden"
            onClick={() => openContactModal({ mode: 'update_rates', quoteRequestId: quoteRequest.id })}
          >
            Request updated rates
          </button>
        )}
      </div>

      {/* The expert's grade, when there is one, replaces the instant estimate. */}
      {showGrade && !analysis.grade && quoteRequest.instant_grade && <InstantGradeCard grade={quoteRequest.instant_grade} />}
      <div className="grid gap-4 md:grid-cols-[auto_1fr]">
        {showGrade && analysis.grade && !perQuote && <GradeCard grade={analysis.grade} title={gradeTitle} />}
        {recommendation && (
          <Card shadow="sm" aria-labelledby="recommendation-title">
            <h2 id="recommendation-title" className="text-lg font-bold">
              Overall Recommendation
            </h2>
            <p className="mt-2 whitespace-pre-line text-slate-800" {...BROKER_WORDS}>
              <BrokerText text={recommendation} />
            </p>
          </Card>
        )}
      </div>

      <QuoteVerdictsView quoteRequest={quoteRequest} analysis={analysis} />

      <QuestionsAnswered questions={quoteRequest.questions} answers={analysis.answers} />

      <TitledSection id="comparison-title" title="Quote Comparison" headingClassName="mb-4 text-xl font-bold">
        <QuoteComparison quoteRequest={quoteRequest} analysis={analysis} />
      </TitledSection>

      {!perQuote && (analysis.pros.length > 0 || analysis.cons.length > 0) && (
        <div className="grid gap-4 md:grid-cols-2">
          <ReasonList title="Pros" items={analysis.pros} kind="pro" />
          <ReasonList title="Cons" items={analysis.cons} kind="con" />
        </div>
      )}

      {analysis.notes.length > 0 && <ReasonList title="Notes" items={analysis.notes} kind="note" />}

      <ScenarioSummary quoteRequest={quoteRequest} />

      <p className="text-sm text-slate-600">
        <strong>Loan terms:</strong> estimates assume a conventional fixed-rate loan over 360 months and the loan scenario you
        gave us. Rates and fees are estimates, not a commitment to lend, and can change with the market and your full
        application. This is not financial advice.
      </p>
    </div>
  );
}

function ReasonList({ title, items, kind }: { title: string; items: string[]; kind: 'pro' | 'con' | 'note' }) {
  if (items.length === 0) return null;
  const Icon = kind === 'con' ? CircleMinus : CircleCheck;
  const colour = kind === 'pro' ? 'text-green-700' : kind === 'con' ? 'text-red-700' : 'text-blue-700';
  return (
    <Card aria-label={title}>
      <h2 className="mb-3 text-lg font-bold">{title}</h2>
      <ul className="space-y-2">
        {items.map((item, index) => (
          <li key={index} className="flex gap-2 text-slate-800" {...BROKER_WORDS}>
            <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${colour}`} />
            <span>
              <BrokerText text={item} />
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

// Analyses already counted since the page loaded: moving around the single-page app and
// coming back to the results is still the same visit.
const viewedThisPageLoad = new Set<string>();

/** Signed-out visitors send no body (spec section 7); a signed-in viewer's token names them (viewed_by). */
function recordAnalysisViewed(analysisId: string, token: string | null) {
  return answer(
    api.POST('/analysis/{id}/viewed', { params: { path: { id: analysisId } }, headers: token ? { Authorization: `Bearer ${token}` } : {} }),
  );
}

/** Records one view per page load; failures only matter to the broker's statistics. */
function useRecordView(analysisId: string, enabled: boolean) {
  useEffect(() => {
    if (!enabled || viewedThisPageLoad.has(analysisId)) return;
    viewedThisPageLoad.add(analysisId);
    // A signed-in viewer (a broker checking the page) is named by their token: the spec's viewed_by.
    getAccessTokenIfSignedIn()
      .then((token) => recordAnalysisViewed(analysisId, token))
      .catch((error: unknown) => console.debug('Failed to record analysis view', error));
  }, [analysisId, enabled]);
}

/**
 * The licensed loan officer who reviewed the analysis, with their NMLS
 * Consumer Access page (issue 26). Without one the brokerage, named in the
 * footer, stands behind it (decision 0033).
 */
export function ReviewedBy({ reviewer }: { reviewer: Reviewer }) {
  return (
    <p className="text-slate-800">
      Reviewed by <strong>{reviewer.name}</strong>, {nmlsText(reviewer.nmls)} (
      <a
        href={reviewer.consumerAccessUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="font-semibold text-blue-800 underline underline-offset-2 hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-blue-700"
      >
        NMLS Consumer Access
      </a>
      )
    </p>
  );
}
