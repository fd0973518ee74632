import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { linkStyles } from '@/components/button';
import { Page, PageTitle } from '@/components/page';
import { Spinner } from '@/components/spinner';
import { moveFocusTo, useFocusOnChange } from '@/lib/announce';
import { isGone, isNotFound, type Schema } from '@/lib/api-client';
import { adminAnalysisQuery, usePreviewAnalysis } from '../api/analysis';
import { adminQuoteRequestQuery } from '../api/records';
import { prefillApr, suggestedGradeOf, toPreviewSubmission, type EditorValues } from '../editor';
import { QuotesSideBySide } from '@/components/analysis/quotes-side-by-side';
import { AnalysisEditor } from './analysis-editor';
import { AnalysisPreview } from './analysis-preview';
import { EmailCopyBlock } from './email-copy';
import { DemoBadge } from './demo-badge';
import { ContactCard, RequestCard } from './request-cards';
import { SendEmailCard } from './send-email-form';
import { MarketDataWarning } from './market-data-warning';
import { ProfileNotice } from './profile-notice';
import { LoanEstimatePanel } from './loan-estimate-panel';
import { RecordsCard } from './records-card';
import { KeptEmailsCard, VersionsCard } from './history-cards';
import { SiteTitle } from '@/lib/site';

type Analysis = Schema<'Analysis'>;
type QuoteRequest = Schema<'QuoteRequest'>;

function BackToDashboard() {
  return (
    <Link to="/admin" className={`${linkStyles} mb-6 inline-flex items-center gap-1`}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to Dashboard
    </Link>
  );
}

/** /admin/analysis/:requestId: the request, its contact, e-mail tools and the analysis editor (spec section 2). */
export function RequestDetailPage() {
  const { requestId = '' } = useParams();
  // The broker's read: the full contact details, audited (docs/records.md).
  const request = useQuery(adminQuoteRequestQuery(requestId));
  const analysis = useQuery(adminAnalysisQuery(requestId));

  const title = <SiteTitle page="Analyze Quote Request" />;
  if (request.isPending || analysis.isPending) {
    return (
      <Page>
        {title}
        <Spinner label="Loading the quote request…" />
      </Page>
    );
  }
  if (request.isError) {
    return (
      <Page>
        {title}
        <BackToDashboard />
        <PageTitle>
          {isGone(request.error) ? 'This request was deleted' : isNotFound(request.error) ? 'Quote Request not found' : 'Failed to fetch quote request'}
        </PageTitle>
      </Page>
    );
  }
  if (analysis.isError) {
    return (
      <Page>
        {title}
        <BackToDashboard />
        <PageTitle intro={analysis.error.message}>Failed to fetch analysis</PageTitle>
      </Page>
    );
  }
  return (
    <>
      {title}
      <RequestDetail request={request.data} analysis={analysis.data} />
    </>
  );
}

function RequestDetail({ request, analysis }: { request: QuoteRequest; analysis: Analysis | null }) {
  const preview = usePreviewAnalysis(request.id);
  const [previewing, setPreviewing] = useState(false);
  const editorTitle = useRef<HTMLHeadingElement>(null);
  const previewButton = useRef<HTMLButtonElement>(null);
  // A submit rebuilds the form (now 'Edit Analysis'): focus goes to its heading; the toast announces the save.
  useFocusOnChange(analysis?.updated_at, editorTitle);
  // 'Back to Edit' returns focus to the Preview button that left the form (the preview focuses its own Back button).
  const wasPreviewing = useRef(false);
  useEffect(() => {
    if (wasPreviewing.current && !previewing) moveFocusTo(previewButton.current);
    wasPreviewing.current = previewing;
  }, [previewing]);
  const showPreview = (values: EditorValues) => {
    preview.mutate(toPreviewSubmission(values, request));
    setPreviewing(true);
    window.scrollTo(0, 0);
  };
  const backToEdit = () => {
    setPreviewing(false);
    preview.reset();
  };
  return (
    <Page width="wide">
      <BackToDashboard />
      {previewing && <AnalysisPreview answer={preview.data} error={preview.error} onBack={backToEdit} />}
      {/* Hidden, not unmounted, during the preview: the form keeps what the broker typed. */}
      <div hidden={previewing} className="space-y-6">
        <PageTitle
          intro={
            <span className="flex flex-wrap items-center gap-2">
              {request.loan_type === 'purchase' ? 'Purchase' : 'Refinance'}
              {request.demo && <DemoBadge />}
            </span>
          }
        >
          Analyze Quote Request
        </PageTitle>
        <MarketDataWarning />
        <ProfileNotice />
        <div className="grid gap-6 lg:grid-cols-2">
          <RequestCard request={request} />
          <div className="space-y-6">
            <ContactCard request={request} />
            {analysis && <EmailCopyBlock requestId={request.id} />}
          </div>
        </div>
        {request.comparison && <QuotesSideBySide comparison={request.comparison} />}
        <VisitorQuotesWithoutRate request={request} />
        {request.user_uploaded_quote_url && <LoanEstimatePanel requestId={request.id} />}
        <AnalysisEditor
          // A saved analysis starts the form afresh, now as 'Edit Analysis'.
          key={analysis?.updated_at ?? 'new'}
          request={request}
          analysis={analysis}
          onPreview={showPreview}
          suggestedGrade={suggestedGradeOf(request)}
          onPrefillApr={prefillApr}
          titleRef={editorTitle}
          previewRef={previewButton}
        />
        <SendEmailCard request={request} />
        <VersionsCard requestId={request.id} />
        <KeptEmailsCard requestId={request.id} />
        <RecordsCard requestId={request.id} />
      </div>
    </Page>
  );
}

/** Issue 29: quotes the visitor brought as a file only, which the comparison cannot price until the broker reads them. */
function VisitorQuotesWithoutRate({ request }: { request: Schema<'QuoteRequest'> }) {
  const unpriced = request.visitor_quotes.map((quote, index) => ({ quote, index })).filter(({ quote, index }) => index > 0 && quote.rate === null);
  if (request.visitor_quotes.length < 2) return null;
  return (
    <p className="text-slate-800">
      The visitor brought {request.visitor_quotes.length} quotes.
      {unpriced.length > 0 &&
        ` ${unpriced.map(({ quote, index }) => `Quote ${String.fromCharCode(65 + index)}${quote.lenderName ? ` (${quote.lenderName})` : ''}`).join(', ')} came as a file without a rate: read it before grading.`}
    </p>
  );
}
