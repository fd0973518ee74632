import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { QuoteGradeAnalysis } from '@/components/analysis/quote-grade-analysis';
import { RefiBuddyAnalysis } from '@/components/analysis/refi-buddy-analysis';
import { Button } from '@/components/button';
import { Spinner } from '@/components/spinner';
import { ApiError, type Schema } from '@/lib/api-client';
import { isRefiBuddyRequest } from '@/lib/results-mode';

type PreviewAnswer = Schema<'AnalysisPreview'>;

export const PREVIEW_FAILED = 'Failed to load preview';

export type AnalysisPreviewProps = {
  /** The server's answer; undefined while it is on its way or when it failed. */
  answer: PreviewAnswer | undefined;
  error: Error | null;
  onBack: () => void;
};

/**
 * Spec section 2: the visitor's results page as the server would answer it if the broker
 * submitted now, in the view the visitor gets, rendered by the same components, with
 * tracking off (a preview is not a view).
 */
export function AnalysisPreview({ answer, error, onBack }: AnalysisPreviewProps) {
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => back.current?.focus(), []);
  return (
    <div>
      <div role="note" className="mb-8 flex flex-col gap-3 rounded-xl border-2 border-dashed border-blue-700 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="font-semibold text-slate-900">Preview: this is what the visitor will see. Nothing is saved yet.</p>
        <Button ref={back} variant="secondary" onClick={onBack}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Edit
        </Button>
      </div>
      {error ? <PreviewFailure error={error} /> : answer ? <VisitorView answer={answer} /> : <Spinner label="Loading the preview…" />}
    </div>
  );
}

function VisitorView({ answer: { quote_request: quoteRequest, analysis } }: { answer: PreviewAnswer }) {
  // No confetti here, unlike the results page: a broker previews again and again while
  // editing, and a celebration each time would only cover the page being checked.
  return isRefiBuddyRequest(quoteRequest) ? (
    <RefiBuddyAnalysis quoteRequest={quoteRequest} analysis={analysis} trackingEnabled={false} />
  ) : (
    <QuoteGradeAnalysis quoteRequest={quoteRequest} analysis={analysis} trackingEnabled={false} />
  );
}

/** The server's words (spec section 8's admin errors) and its field messages; ours when it never answered. */
function PreviewFailure({ error }: { error: Error }) {
  const fields = error instanceof ApiError ? Object.values(error.fields) : [];
  return (
    <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-800">
      <p className="font-semibold">{error instanceof ApiError ? error.message : PREVIEW_FAILED}</p>
      {fields.length > 0 && (
        <ul className="mt-2 list-disc pl-5">
          {fields.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
