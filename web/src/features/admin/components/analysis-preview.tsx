import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { AnalysisView } from '@/components/analysis/analysis-view';
import { Button } from '@/components/button';
import { PageTitle } from '@/components/page';
import type { Analysis, QuoteRequest } from '@/lib/api-client';

/**
 * Spec section 2: the visitor's results page as it would look, rendered by
 * the same components, with tracking off (a preview is not a view).
 */
export function AnalysisPreview({ quoteRequest, analysis, onBack }: { quoteRequest: QuoteRequest; analysis: Analysis; onBack: () => void }) {
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
      <PageTitle intro="Reviewed by a licensed loan officer.">Your Rate Quote Analysis</PageTitle>
      <AnalysisView quoteRequest={quoteRequest} analysis={analysis} trackingEnabled={false} />
    </div>
  );
}
