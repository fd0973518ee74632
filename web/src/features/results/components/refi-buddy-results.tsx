import { MessageCircle, PartyPopper, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AnalysisView } from '@/components/analysis/analysis-view';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useContactModal } from '@/components/contact-modal-context';
import { Page, PageTitle } from '@/components/page';
import type { Analysis, QuoteRequest, RefinanceAdvice } from '@/lib/api-client';
import { formatMoney, formatRate } from '@/lib/format';
import { monthsText } from '@/lib/quote-display';
import { storage } from '@/lib/storage';
import { refiResultsMode } from '../results-mode';
import { useConfetti } from '../use-confetti';
import { NationalRatesCard } from './national-rates-card';

const intros: Record<RefinanceAdvice['recommendation'], string> = {
  recommended: 'A lender will lower your rate and cover the closing costs with a credit. Here is what you could save.',
  potential_savings: 'A lower payment is within reach, though you would pay some closing costs. Here is when it pays off.',
  wait: "Today's quotes would not lower your payment. Refi Buddy keeps watching rates and will e-mail you when that changes.",
};

/** Refi Buddy's results once a broker has analysed the request (spec section 2's three modes). */
export function RefiBuddyResults({ quoteRequest, analysis }: { quoteRequest: QuoteRequest; analysis: Analysis }) {
  const mode = refiResultsMode(quoteRequest);
  const advice = analysis.refinance;
  const celebrating = useConfetti(analysis.id, advice?.recommendation === 'recommended');
  const openContactModal = useContactModal();
  const navigate = useNavigate();
  const [confirmOpen, setConfirmOpen] = useState(false);

  const startOver = () => {
    storage.requestId.clear();
    setConfirmOpen(false);
    navigate('/should-i-refinance');
  };

  return (
    <Page width="wide">
      <div data-mode={mode} data-celebrating={celebrating || undefined}>
        <PageTitle intro={advice ? intros[advice.recommendation] : 'Reviewed by a licensed loan officer.'}>
          {advice ? advice.heading : 'Your Refinance Estimates'}
        </PageTitle>
        {advice && <SavingsSummary advice={advice} />}
        <NationalRatesCard />
        <div className="mt-8">
          <AnalysisView quoteRequest={quoteRequest} analysis={analysis} trackingEnabled showGrade={mode === 'QUOTE_GRADING'} />
        </div>
      </div>

      <div className="mt-10 flex flex-col gap-3 sm:flex-row">
        <Button size="lg" onClick={() => openContactModal({ mode: 'question', quoteRequestId: quoteRequest.id })}>
          <MessageCircle aria-hidden="true" className="size-5" />
          Speak to a Mortgage Expert
        </Button>
        <Button size="lg" variant="secondary" onClick={() => setConfirmOpen(true)}>
          <RotateCcw aria-hidden="true" className="size-5" />
          Start New Analysis
        </Button>
      </div>

      <ConfirmDialog
        open={confirmOpen}
        title="Submit a new quote for analysis?"
        confirmLabel="Yes, start a new analysis"
        cancelLabel="Keep this analysis"
        onConfirm={startOver}
        onCancel={() => setConfirmOpen(false)}
      >
        <p>Starting over erases your current analysis from this device. Save this page's link first if you want to come back to it.</p>
      </ConfirmDialog>
    </Page>
  );
}

/** The numbers behind the heading: today's payment, the best quote's, the savings and when they pay off. */
function SavingsSummary({ advice }: { advice: RefinanceAdvice }) {
  const tone = advice.recommendation === 'recommended' ? 'border-green-700 bg-green-50' : advice.recommendation === 'wait' ? 'border-yellow-600 bg-yellow-50' : 'border-blue-200 bg-blue-50';
  return (
    <section aria-labelledby="savings-title" className={`rounded-2xl border p-5 ${tone}`}>
      <h2 id="savings-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        {advice.recommendation === 'recommended' && <PartyPopper aria-hidden="true" className="size-5 text-green-800" />}
        Your refinance at a glance
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-4 md:grid-cols-4">
        <Figure label="Your rate and payment today" value={`${formatRate(advice.current_rate)} · ${formatMoney(advice.current_principal_and_interest)}`} />
        <Figure
          label="Best quote"
          value={advice.best_rate == null || advice.best_principal_and_interest == null ? '—' : `${formatRate(advice.best_rate)} · ${formatMoney(advice.best_principal_and_interest)}`}
        />
        <Figure label="Monthly savings" value={advice.monthly_savings > 0 ? formatMoney(advice.monthly_savings) : 'None'} />
        <Figure label="Pays off" value={advice.break_even_months == null ? 'Never' : monthsText(advice.break_even_months)} />
      </dl>
      {advice.interest_saved && advice.interest_saved.years_7 > 0 && (
        <p className="mt-3 text-sm text-slate-800">
          Interest saved if you stay 5 years: {formatMoney(advice.interest_saved.years_5)}; 7 years: {formatMoney(advice.interest_saved.years_7)}; 10
          years: {formatMoney(advice.interest_saved.years_10)}.
        </p>
      )}
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-xl font-bold text-slate-900">{value}</dd>
    </div>
  );
}
