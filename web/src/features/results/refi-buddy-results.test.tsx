import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Schema } from '@/lib/api-client';
import { makeAnalysis, makeFigures, makeInstantGrade, makeQuote, makeQuoteRequest, makeRefinanceAdvice, REQUEST_ID } from '@/testing/fixtures';
import { mockApi, noContent, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { expectAprInTheRatesType } from '@/testing/rate-and-apr';
import { refiResultsMode } from '@/lib/results-mode';

type RefinanceAdvice = Schema<'RefinanceAdvice'>;

// canvas-confetti draws on the page's own canvas, on the page's thread (no worker: the CSP refuses it).
const confetti = vi.hoisted(() => Object.assign(vi.fn(() => Promise.resolve()), { reset: vi.fn() }));
const create = vi.hoisted(() => vi.fn(() => confetti));
vi.mock('canvas-confetti', () => ({ default: { create } }));
// A results page renders for seconds on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const requestPath = `/api/quote-requests/${REQUEST_ID}`;
const owner = makeQuoteRequest({
  loan_type: 'refinance',
  purchase_price: null,
  down_payment: null,
  property_value: 600000,
  remaining_balance: 320000,
  broker_rate: null,
  broker_lender_fees: null,
  email: 'home@example.com',
  current_mortgage: { rate: 7.5, monthly_payment: 2400, calculated_monthly_payment_pi: null, loan_program: '30-year-fixed', mortgage_insurance: null },
});

function refiAnalysis(refinance: RefinanceAdvice, id: string) {
  return makeAnalysis({
    id,
    grade: null,
    pros: [],
    cons: [],
    recommendations: [],
    notes: ['Rates are a point and a half below yours.'],
    refinance,
    quotes: [
      makeQuote({
        id: 'credit',
        rate: 6,
        lenderFees: -3000,
        mortgageInsurance: null,
        apr: 5.95,
        figures: makeFigures({
          loan_amount: 370000,
          principal_and_interest: 2218.34,
          mortgage_insurance: 0,
          monthly_payment: 2218.34,
          closing_costs: -884,
          cash_to_close: null,
          refinance: { current_principal_and_interest: 2400, monthly_savings: 180, break_even_months: 0, interest_saved: { years_5: 1, years_7: 2, years_10: 3 }, recommended: true },
        }),
      }),
    ],
  });
}

function serve(refinance: RefinanceAdvice, request = owner, id: string = `analysis-${refinance.recommendation}`) {
  const analysis = refiAnalysis(refinance, id);
  mockApi({
    [`GET ${requestPath}`]: ok(request),
    [`GET ${requestPath}/analysis`]: ok(analysis),
    [`POST /api/analysis/${analysis.id}/viewed`]: noContent,
    'GET /api/national-rates': ok({ rates: [{ source: 'Freddie Mac 30 Year Fixed (weekly average) via bundled snapshot', rate: 6.36, date: '2026-05-14' }] }),
  });
}

function reducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }));
}

describe('Refi Buddy results with an analysis', () => {
  beforeEach(() => {
    confetti.mockClear();
    reducedMotion(false);
  });
  afterEach(() => vi.useRealTimers());

  it('celebrates a recommended refinance once: 300 particles for 3 seconds, the flag clearing after 3.5', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve(makeRefinanceAdvice({}));
    const { container } = renderApp(`/rate-results?qr=${REQUEST_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Refinancing is Recommended!' })).toBeInTheDocument();
    await waitFor(() => expect(confetti).toHaveBeenCalledTimes(1));
    expect(confetti).toHaveBeenCalledWith(expect.objectContaining({ particleCount: 300, ticks: 180 }));
    const canvas = container.querySelector('canvas');
    expect(create).toHaveBeenCalledWith(canvas, expect.objectContaining({ useWorker: false }));
    expect(canvas?.closest('main')).not.toBeNull();
    expect(container.querySelector('[data-celebrating]')).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(3500));
    expect(container.querySelector('[data-celebrating]')).toBeNull();
    expect(container.querySelector('canvas')).toBeNull();
    expect(confetti).toHaveBeenCalledTimes(1);

    const summary = screen.getByRole('region', { name: 'Your refinance at a glance' });
    expect(within(summary).getByText('Monthly savings').nextElementSibling).toHaveTextContent('$180');
    expect(within(summary).getByText('Pays off').nextElementSibling).toHaveTextContent('right away');
    expect(within(summary).getByText('Best quote').nextElementSibling).toHaveTextContent('6.00% (5.950% APR) · $2,218.34');
    expect(summary).toHaveTextContent('Interest saved if you stay 5 years: $14,100.50');
    // The payments bring both loans' rate, APR and term, and the term starting again (12 CFR 1026.24(d), issue 26).
    expect(summary).toHaveTextContent(
      "Your loan today: 7.50%, the note rate you gave us (not an APR: we do not know your loan's APR), with principal and interest of $2,400 a month and about 24 years of payments left (288 monthly payments, estimated from your balance, rate and payment).",
    );
    expect(summary).toHaveTextContent(
      'The best quote: 6.00% rate (5.950% APR), a 30-year fixed loan of 360 monthly payments of $2,218.34 in principal and interest, with no down payment: it refinances your balance.',
    );
    expect(within(summary).getByText('A new 30-year loan starts your term again', { exact: false })).toHaveTextContent(
      'A new 30-year loan starts your term again: you would pay for 30 years from now, not the 24 years you have left. A lower payment spread over more years can cost more interest in all.',
    );
    expectAprInTheRatesType(summary, '6.00% rate', '5.950% APR');
    expect(await screen.findByRole('region', { name: 'National average rates' })).toHaveTextContent('6.36%');
    // The refinance columns of the comparison, from the server's figures.
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Monthly Savings' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('$2,218.34');
    // The credit is larger than every fee: a credit at closing, in green.
    expect(within(table).getByText('$884 credit')).toHaveClass('text-green-800');
    expect(screen.getByText('Rates are a point and a half below yours.')).toBeInTheDocument();
    // No quote was graded: no grade card.
    expect(screen.queryByRole('heading', { name: 'Your Quote Grade' })).not.toBeInTheDocument();
  });

  it('celebrates only once per page load', async () => {
    serve(makeRefinanceAdvice({}), owner, 'analysis-twice');
    const first = renderApp(`/rate-results?qr=${REQUEST_ID}`);
    await waitFor(() => expect(confetti).toHaveBeenCalledTimes(1));
    first.unmount();
    renderApp(`/rate-results?qr=${REQUEST_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Refinancing is Recommended!' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'National average rates' });
    expect(confetti).toHaveBeenCalledTimes(1);
  });

  it('keeps still for visitors who prefer reduced motion', async () => {
    reducedMotion(true);
    serve(makeRefinanceAdvice({}), owner, 'analysis-reduced-motion');
    renderApp(`/rate-results?qr=${REQUEST_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Refinancing is Recommended!' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'National average rates' });
    expect(confetti).not.toHaveBeenCalled();
  });

  it.each<[RefinanceAdvice['recommendation'], RefinanceAdvice['heading'], Partial<RefinanceAdvice>, string]>([
    ['potential_savings', 'Potential Savings Available', { monthly_savings: 120, break_even_months: 31, recommended_quote_ids: [] }, '31 months'],
    ['wait', 'Wait to Refinance', { monthly_savings: -250, break_even_months: null, recommended_quote_ids: [] }, 'Never'],
  ])('shows %s as %s, without confetti', async (recommendation, heading, rest, paysOff) => {
    serve(makeRefinanceAdvice({ recommendation, heading, ...rest }));
    renderApp(`/rate-results?qr=${REQUEST_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Your refinance at a glance' });
    expect(within(summary).getByText('Pays off').nextElementSibling).toHaveTextContent(paysOff);
    expect(confetti).not.toHaveBeenCalled();
  });

  it('gives the best quote the APR the server computed when it was saved without one', async () => {
    serve(makeRefinanceAdvice({ best_apr: 6.012, current_months_left: null }), owner, 'analysis-computed-apr');
    renderApp(`/rate-results?qr=${REQUEST_ID}`);
    const summary = await screen.findByRole('region', { name: 'Your refinance at a glance' });
    expect(within(summary).getByText('Best quote').nextElementSibling).toHaveTextContent('6.00% (6.012% APR) · $2,218.34');
    expect(summary).toHaveTextContent('The best quote: 6.00% rate (6.012% APR)');
    expect(summary).toHaveTextContent('with principal and interest of $2,400 a month.');
    expect(summary).toHaveTextContent('A new 30-year loan starts your term again: you would pay for 30 years from now, however long is left on your loan today.');
  });

  it('names no rate for a best quote no APR describes, and still gives its term', async () => {
    serve(makeRefinanceAdvice({ best_apr: null, best_program: '15-year-fixed', best_term_months: 180 }), owner, 'analysis-no-apr');
    renderApp(`/rate-results?qr=${REQUEST_ID}`);
    const summary = await screen.findByRole('region', { name: 'Your refinance at a glance' });
    expect(within(summary).getByText('Best quote').nextElementSibling).toHaveTextContent('$2,218.34 a month');
    expect(summary).toHaveTextContent('The best quote: a 15-year fixed loan of 180 monthly payments of $2,218.34 in principal and interest, with no down payment (its APR could not be estimated).');
    expect(summary).not.toHaveTextContent('6.00% rate');
    expect(summary).toHaveTextContent('A new 15-year loan starts your term again: you would pay for 15 years from now, not the 24 years you have left.');
  });

  it('shows the grade in QUOTE_GRADING mode, the instant estimate while the broker gave none', async () => {
    serve(makeRefinanceAdvice({}), { ...owner, broker_rate: 6.875, instant_grade: makeInstantGrade({ grade: 'D' }) });
    renderApp(`/rate-results?qr=${REQUEST_ID}`);
    expect(await screen.findByRole('heading', { name: 'Instant estimate' })).toBeInTheDocument();
    expect(screen.getByText('D')).toHaveAttribute('data-grade', 'D');
  });

  it('starts a new analysis at Refi Buddy', async () => {
    serve(makeRefinanceAdvice({ recommendation: 'wait', heading: 'Wait to Refinance', recommended_quote_ids: [] }));
    const { user, location } = renderApp(`/rate-results?qr=${REQUEST_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Start New Analysis' }));
    await user.click(screen.getByRole('button', { name: 'Yes, start a new analysis' }));
    expect(location().pathname).toBe('/should-i-refinance');
  });
});

describe('refiResultsMode', () => {
  it('grades a broker rate, analyses a current mortgage, else estimates', () => {
    const mortgage = owner.current_mortgage;
    expect(refiResultsMode({ broker_rate: 6.5, current_mortgage: mortgage })).toBe('QUOTE_GRADING');
    expect(refiResultsMode({ broker_rate: null, current_mortgage: mortgage })).toBe('REFINANCE_ANALYSIS');
    expect(refiResultsMode({ broker_rate: null, current_mortgage: null })).toBe('REFINANCE_ESTIMATE');
  });
});
