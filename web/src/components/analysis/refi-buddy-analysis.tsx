import { PartyPopper } from 'lucide-react';
import { NationalRatesCard } from '@/components/national-rates-card';
import { PageTitle } from '@/components/page';
import type { Schema } from '@/lib/api-client';
import { formatApr, formatMoney, formatRate } from '@/lib/format';
import { monthsText } from '@/lib/quote-display';
import { refiResultsMode } from '@/lib/results-mode';
import { RefiLoans } from '@/components/refi-loans';
import { AnalysisView } from './analysis-view';
import { TitledSection } from '@/components/titled-section';

type Analysis = Schema<'Analysis'>;
type QuoteRequest = Schema<'QuoteRequest'>;
type RefinanceAdvice = Schema<'RefinanceAdvice'>;
type LoanProgram = Schema<'LoanProgram'>;

const intros: Record<RefinanceAdvice['recommendation'], string> = {
  recommended: 'A lender will lower your rate and cover the closing costs with a credit. Here is what you could save.',
  potential_savings: 'A lower payment is within reach, though you would pay some closing costs. Here is when it pays off.',
  wait: "Today's quotes would not lower your payment. Refi Buddy keeps watching rates and will e-mail you when that changes.",
};

export type RefiBuddyAnalysisProps = {
  quoteRequest: QuoteRequest;
  analysis: Analysis;
  /** Off for the broker's preview: only real visits count as views. */
  trackingEnabled: boolean;
  /** Whether the page is celebrating a recommended refinance (the page runs the confetti). */
  celebrating?: boolean;
};

/**
 * Refi Buddy's analysed results (spec section 2's three modes): the heading the server's
 * refinance advice decides, the savings, the national rates and the analysis. Shared by the
 * visitor's results page and the broker's preview; the page supplies the actions.
 */
export function RefiBuddyAnalysis({ quoteRequest, analysis, trackingEnabled, celebrating = false }: RefiBuddyAnalysisProps) {
  const mode = refiResultsMode(quoteRequest);
  const advice = analysis.refinance;
  return (
    <div data-mode={mode} data-celebrating={celebrating || undefined}>
      <PageTitle intro={advice ? intros[advice.recommendation] : 'Reviewed by a licensed loan officer.'}>
        {advice ? advice.heading : 'Your Refinance Estimates'}
      </PageTitle>
      {advice && <SavingsSummary advice={advice} program={quoteRequest.current_mortgage?.loan_program} />}
      <NationalRatesCard />
      <div className="mt-8">
        <AnalysisView quoteRequest={quoteRequest} analysis={analysis} trackingEnabled={trackingEnabled} showGrade={mode === 'QUOTE_GRADING'} />
      </div>
    </div>
  );
}

/** The numbers behind the heading: today's payment, the best quote's, the savings and when they pay off. */
/**
 * The best quote's rate goes only with its APR, in the same type (12 CFR 1026.24(c), issue 26); without an APR the
 * summary gives its payment alone (the comparison below shows the quote).
 */
function bestQuoteText(advice: RefinanceAdvice, apr: number | null): string {
  if (advice.best_rate == null || advice.best_principal_and_interest == null) return '—';
  const aprText = formatApr(apr);
  if (!aprText) return `${formatMoney(advice.best_principal_and_interest)} a month`;
  return `${formatRate(advice.best_rate)} (${aprText} APR) · ${formatMoney(advice.best_principal_and_interest)}`;
}

function SavingsSummary({ advice, program }: { advice: RefinanceAdvice; program: LoanProgram | null | undefined }) {
  // The APR the server gives the best quote: the one it was saved with, else its figures' (figures.Advice).
  const bestApr = advice.best_apr;
  const tone = advice.recommendation === 'recommended' ? 'border-green-700 bg-green-50' : advice.recommendation === 'wait' ? 'border-yellow-600 bg-yellow-50' : 'border-blue-200 bg-blue-50';
  return (
    // The best quote's payment comes with both loans' terms below it (RefiLoans): one card for the trigger-terms check.
    <TitledSection
      id="savings-title"
      title={
        <>
          {advice.recommendation === 'recommended' && <PartyPopper aria-hidden="true" className="size-5 text-green-800" />}
          Your refinance at a glance
        </>
      }
      className={`rounded-2xl border p-5 ${tone}`}
      data-payment-terms
      headingClassName="flex items-center gap-2 text-lg font-bold text-slate-900"
    >
      <dl className="mt-3 grid grid-cols-2 gap-4 md:grid-cols-4">
        {/* The visitor's own loan as they gave it: not a rate offered (data-rate="own"). */}
        <Figure label="Your rate and payment today" value={`${formatRate(advice.current_rate)} · ${formatMoney(advice.current_principal_and_interest)}`} rate="own" />
        <Figure label="Best quote" value={bestQuoteText(advice, bestApr)} rate="inline" />
        <Figure label="Monthly savings" value={advice.monthly_savings > 0 ? formatMoney(advice.monthly_savings) : 'None'} />
        <Figure label="Pays off" value={advice.break_even_months == null ? 'Never' : monthsText(advice.break_even_months)} />
      </dl>
      {advice.interest_saved && advice.interest_saved.years_7 > 0 && (
        <p className="mt-3 text-sm text-slate-800">
          Interest saved if you stay 5 years: {formatMoney(advice.interest_saved.years_5)}; 7 years: {formatMoney(advice.interest_saved.years_7)}; 10
          years: {formatMoney(advice.interest_saved.years_10)}.
        </p>
      )}
      {/* The payments above bring both loans' rate, APR and term with them (12 CFR 1026.24(d), issue 26). */}
      {advice.best_rate != null && advice.best_principal_and_interest != null && (
        <RefiLoans
          current={{ rate: advice.current_rate, payment: advice.current_principal_and_interest, monthsLeft: advice.current_months_left, program }}
          next={{
            lead: 'The best quote',
            rate: advice.best_rate,
            apr: bestApr,
            program: advice.best_program ?? '30-year-fixed',
            termMonths: advice.best_term_months ?? 360,
            payment: advice.best_principal_and_interest,
          }}
        />
      )}
    </TitledSection>
  );
}

/** rate marks a rate's kind for the advertising check; "own" marks the homeowner's own payment too, not one advertised. */
function Figure({ label, value, rate }: { label: string; value: string; rate?: 'own' | 'inline' }) {
  return (
    <div data-rate-pair={rate ? '' : undefined} data-rate={rate} data-payment={rate === 'own' ? 'own' : undefined}>
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-xl font-bold text-slate-900">{value}</dd>
    </div>
  );
}
