import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { makeAnalysis, makeFigures, makeInstantGrade, makeQuote, makeQuoteRequest, REQUEST_ID } from '@/testing/fixtures';
import { mockApi, noContent, notFound, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const requestPath = `/api/quote-requests/${REQUEST_ID}`;
const analysisPath = `${requestPath}/analysis`;

describe('results page', () => {
  it('sends a visitor without a request id to /check-my-rate', async () => {
    const { location } = renderApp('/rate-results');
    await waitFor(() => expect(location().pathname).toBe('/check-my-rate'));
  });

  it('shows the in-progress view while there is no analysis', async () => {
    mockApi({ [`GET ${requestPath}`]: ok(makeQuoteRequest()), [`GET ${analysisPath}`]: notFound });
    renderApp(`/rate-results?qr=${REQUEST_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Your Quote Analysis is in Progress' })).toBeInTheDocument();
    const progress = screen.getByRole('list', { name: 'Analysis progress' });
    const [submitted, review, ready] = within(progress).getAllByRole('listitem');
    expect(submitted).toHaveTextContent('Information Submitted (completed)');
    expect(review).toHaveTextContent('Quote Review (in progress)');
    expect(review).toHaveAttribute('aria-current', 'step');
    expect(ready).toHaveTextContent('Results Ready (not started)');
    expect(screen.getByRole('heading', { name: 'What to Expect' })).toBeInTheDocument();
    expect(screen.getByText('You get a grade from A to F, with the pros and cons of your quote.')).toBeInTheDocument();
    expect(storage.requestId.get()).toBe(REQUEST_ID);
  });

  it('explains estimates instead of a grade when there is no broker rate', async () => {
    mockApi({ [`GET ${requestPath}`]: ok(makeQuoteRequest({ broker_rate: null })), [`GET ${analysisPath}`]: notFound });
    renderApp(`/rate-results/${REQUEST_ID}`);
    expect(await screen.findByText('You get rate estimates from a local partner lender, with their fees and mortgage insurance.')).toBeInTheDocument();
    expect(screen.queryByText(/grade from A to F/)).not.toBeInTheDocument();
  });

  it('treats an uploaded quote file as a quote', async () => {
    const uploaded = makeQuoteRequest({ broker_rate: null, broker_lender_fees: null, user_uploaded_quote_url: 'uploads/q.pdf' });
    mockApi({ [`GET ${requestPath}`]: ok(uploaded), [`GET ${analysisPath}`]: notFound });
    renderApp(`/rate-results/${REQUEST_ID}`);
    expect(await screen.findByText('You get a grade from A to F, with the pros and cons of your quote.')).toBeInTheDocument();
  });

  it("expands 'Why is this taking time?'", async () => {
    mockApi({ [`GET ${requestPath}`]: ok(makeQuoteRequest()), [`GET ${analysisPath}`]: notFound });
    const { user } = renderApp(`/rate-results/?qr=${REQUEST_ID}`);
    const toggle = await screen.findByRole('button', { name: 'Why is this taking time?' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/A real person reviews every request/)).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/A real person reviews every request/)).toBeVisible();
  });

  it('does not ask for an analysis the request says is still pending (issue 14, defect 13)', async () => {
    const api = mockApi({ [`GET ${requestPath}`]: ok(makeQuoteRequest({ analyzed: false })) });
    renderApp(`/rate-results?qr=${REQUEST_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Quote Analysis is in Progress' })).toBeInTheDocument();
    expect(api.callsTo('GET', analysisPath)).toEqual([]);
  });

  it('asks for the analysis once the request says it is analysed', async () => {
    const api = mockApi({
      [`GET ${requestPath}`]: ok(makeQuoteRequest({ analyzed: true })),
      [`GET ${analysisPath}`]: ok(makeAnalysis({ grade: 'B' })),
      'POST /api/analysis/analysis-1/viewed': noContent,
    });
    renderApp(`/rate-results?qr=${REQUEST_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Rate Quote Analysis' })).toBeInTheDocument();
    expect(api.callsTo('GET', analysisPath)).toHaveLength(1);
  });

  it('shows the analysis, sorted by rate, and records one view', async () => {
    const api = mockApi({
      [`GET ${requestPath}`]: ok(makeQuoteRequest({ broker_rate: 6.875, broker_lender_fees: null })),
      [`GET ${analysisPath}`]: ok(makeAnalysis({ id: 'analysis-viewed' })),
      'POST /api/analysis/analysis-viewed/viewed': noContent,
    });
    renderApp(`/rate-results?qr=${REQUEST_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Your Rate Quote Analysis' })).toBeInTheDocument();
    expect(screen.getByText('March 6, 2025')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your Quote Grade' })).toBeInTheDocument();
    expect(screen.getByText('B')).toHaveAttribute('data-grade', 'B');
    expect(screen.getByText('Ask your lender to match the lender credit shown below.')).toBeInTheDocument();
    expect(screen.getByText('Competitive rate for your credit score')).toBeInTheDocument();
    expect(screen.getByText('Lender fees are above average')).toBeInTheDocument();

    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual([
      // The quotes without an APR say their rate is an interest rate (issue 26).
      '6.25% (an interest rate, not an APR)',
      '6.75%',
      '6.875% (an interest rate, not an APR)',
    ]);
    // The visitor's quote has no lender fees and, with 10% down, no insurance figure.
    const yours = rows[2];
    expect(within(yours).getByRole('rowheader')).toHaveTextContent('Your Quote');
    expect(within(yours).getAllByText('Not provided')).toHaveLength(2);

    await waitFor(() => expect(api.callsTo('POST', '/api/analysis/analysis-viewed/viewed')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/analysis/analysis-viewed/viewed')[0].body).toBeUndefined();
  });

  it('shows the instant estimate on the in-progress view, with its reasons and market figure', async () => {
    mockApi({ [`GET ${requestPath}`]: ok(makeQuoteRequest({ instant_grade: makeInstantGrade() })), [`GET ${analysisPath}`]: notFound });
    renderApp(`/rate-results?qr=${REQUEST_ID}`);
    const card = await screen.findByRole('region', { name: 'Instant estimate' });
    expect(within(card).getByText('C')).toHaveAttribute('data-grade', 'C');
    expect(card).toHaveTextContent('Your rate of 6.875% (7.01% APR) is 0.44 percentage points above the 6.435% (an interest rate, not an APR) we expect for your scenario.');
    expect(card).toHaveTextContent('their grade will replace this estimate');
    expect(card).toHaveTextContent('Market figure: Freddie Mac 30-year fixed average of 6.36%, week of May 14, 2026 (bundled snapshot): an average interest rate, not an APR, not an offer.');
  });

  it('has no instant estimate without a broker quote', async () => {
    mockApi({ [`GET ${requestPath}`]: ok(makeQuoteRequest({ broker_rate: null })), [`GET ${analysisPath}`]: notFound });
    renderApp(`/rate-results?qr=${REQUEST_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Your Quote Analysis is in Progress' });
    expect(screen.queryByRole('region', { name: 'Instant estimate' })).not.toBeInTheDocument();
  });

  it("replaces the instant estimate with the expert's grade", async () => {
    const request = makeQuoteRequest({ instant_grade: makeInstantGrade() });
    mockApi({
      [`GET ${requestPath}`]: ok(request),
      [`GET ${analysisPath}`]: ok(makeAnalysis({ grade: 'B' })),
      'POST /api/analysis/analysis-1/viewed': noContent,
    });
    renderApp(`/rate-results?qr=${REQUEST_ID}`);
    expect(await screen.findByRole('heading', { name: 'Your Quote Grade' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Instant estimate' })).not.toBeInTheDocument();
  });

  it("shows the server's figures for every quote: payment, closing costs, cash to close and how each compares", async () => {
    const request = makeQuoteRequest({
      broker_rate: 6.875,
      broker_lender_fees: 2500,
      broker_quote_figures: makeFigures({ principal_and_interest: 2660.49, monthly_payment: 2755.49, closing_costs: 4658, cash_to_close: 49658, apr: 7.001 }),
    });
    const alternative = makeQuote({
      id: 'alt',
      rate: 6.5,
      apr: null,
      figures: makeFigures({
        compared_with_your_quote: {
          upfront_difference: -3200,
          monthly_difference: -100.61,
          break_even_months: null,
          cost_difference: { years_5: -9236.6, years_7: -11651.24, years_10: -15273.2 },
          summary: 'The 6.50% quote costs less than your quote both upfront and every month: over 7 years it costs $11,651.24 less.',
        },
      }),
    });
    mockApi({
      [`GET ${requestPath}`]: ok(request),
      [`GET ${analysisPath}`]: ok(makeAnalysis({ quotes: [alternative] })),
      'POST /api/analysis/analysis-1/viewed': noContent,
    });
    renderApp(`/rate-results?qr=${REQUEST_ID}`);
    const table = await screen.findByRole('table');
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Quote', 'Rate', 'APR', 'Lender Fees', 'Mortgage Insurance', 'Principal & Interest', 'Monthly Payment', 'Closing Costs', 'Cash to Close']);
    const [alt, yours] = within(table).getAllByRole('row').slice(1);
    // The computed APR fills in where the broker gave none.
    expect(within(alt).getAllByRole('cell').map((c) => c.textContent)).toEqual(['6.50%', '6.612%', '$1,200 credit', '$95', '$2,559.88', '$2,654.88', '$1,458', '$46,458']);
    expect(within(yours).getAllByRole('cell').map((c) => c.textContent)).toEqual(['6.875%', '7.001%', '$2,500', 'Not provided', '$2,660.49', '$2,755.49', '$4,658', '$49,658']);
    expect(screen.getByRole('region', { name: 'Compared with your quote' })).toHaveTextContent(
      'The 6.50% quote costs less than your quote both upfront and every month: over 7 years it costs $11,651.24 less.',
    );
  });

  it('shows a lender credit in green', async () => {
    mockApi({
      [`GET ${requestPath}`]: ok(makeQuoteRequest()),
      [`GET ${analysisPath}`]: ok(makeAnalysis({ quotes: [makeQuote({ lenderFees: -1200 })] })),
      'POST /api/analysis/analysis-1/viewed': noContent,
    });
    renderApp(`/rate-results?qr=${REQUEST_ID}`);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('$1,200 credit')).toHaveClass('text-green-800');
  });

  it('opens the contact modal in update mode from the rates banner', async () => {
    mockApi({
      [`GET ${requestPath}`]: ok(makeQuoteRequest()),
      [`GET ${analysisPath}`]: ok(makeAnalysis()),
      'POST /api/analysis/analysis-1/viewed': noContent,
    });
    const { user } = renderApp(`/rate-results?qr=${REQUEST_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Request updated rates' }));
    expect(screen.getByRole('dialog', { name: 'Request Updated Rates' })).toBeInTheDocument();
  });

  it('starts a new analysis only after confirmation', async () => {
    mockApi({
      [`GET ${requestPath}`]: ok(makeQuoteRequest()),
      [`GET ${analysisPath}`]: ok(makeAnalysis()),
      'POST /api/analysis/analysis-1/viewed': noContent,
    });
    const { user, location } = renderApp(`/rate-results?qr=${REQUEST_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Start New Analysis' }));
    const dialog = screen.getByRole('dialog', { name: 'Submit a new quote for analysis?' });
    expect(dialog).toHaveTextContent('Starting over erases your current analysis');

    await user.click(within(dialog).getByRole('button', { name: 'Keep this analysis' }));
    expect(storage.requestId.get()).toBe(REQUEST_ID);
    expect(location().pathname).toBe('/rate-results');

    await user.click(screen.getByRole('button', { name: 'Start New Analysis' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Submit a new quote for analysis?' })).getByRole('button', { name: 'Yes, start a new analysis' }));
    expect(storage.requestId.get()).toBeNull();
    expect(location().pathname).toBe('/check-my-rate');
  });

  it('shows the Refi Buddy placeholder for a request with a current mortgage and an email', async () => {
    const request = makeQuoteRequest({
      loan_type: 'refinance',
      email: 'home@example.com',
      current_mortgage: { rate: 7.25, monthly_payment: 2400, calculated_monthly_payment_pi: null, loan_program: '30-year-fixed', mortgage_insurance: null },
    });
    mockApi({
      [`GET ${requestPath}`]: ok(request),
      [`GET ${analysisPath}`]: notFound,
      'GET /api/national-rates': ok({ rates: [{ source: 'Freddie Mac 30 Year Fixed (weekly average) via FRED', rate: 6.36, date: '2026-05-14' }] }),
    });
    renderApp(`/rate-results?qr=${REQUEST_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: "You're All Set!" })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Refi Buddy progress' })).toHaveTextContent(/Information Submitted.*Monitoring Rates.*Refinance Opportunity/);
    // Double opt-in: the visitor is told plainly that alerts wait for the link in their inbox.
    expect(screen.getByRole('region', { name: 'Confirm your e-mail to turn alerts on' })).toHaveTextContent(
      'We sent a confirmation link to home@example.com. Refi Buddy sends no alerts until you open that e-mail and follow the link',
    );
    const rates = await screen.findByRole('region', { name: 'National average rates' });
    expect(rates).toHaveTextContent('6.36%');
    // Issue 26: a survey figure says what it is.
    expect(rates).toHaveTextContent('Freddie Mac weekly average, week of');
    expect(rates).toHaveTextContent('an average interest rate, not an APR, not an offer');
    expect(rates).not.toHaveTextContent('15-year');
    expect(screen.getByRole('button', { name: 'What makes you send an alert?' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('link', { name: 'Submit Another Scenario' })).toHaveAttribute('href', '/should-i-refinance');
  });

  it('hides the national rates card when the rates cannot be fetched', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const request = makeQuoteRequest({
      loan_type: 'refinance',
      email: 'home@example.com',
      current_mortgage: { rate: 7.25, monthly_payment: 2400, calculated_monthly_payment_pi: null, loan_program: '30-year-fixed', mortgage_insurance: null },
    });
    mockApi({ [`GET ${requestPath}`]: ok(request), [`GET ${analysisPath}`]: notFound, 'GET /api/national-rates': { status: 500, body: { error: 'down' } } });
    renderApp(`/rate-results?qr=${REQUEST_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: "You're All Set!" })).toBeInTheDocument();
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Failed to fetch national rates', expect.anything()));
    expect(screen.queryByRole('region', { name: 'National average rates' })).not.toBeInTheDocument();
  });

  it('shows a friendly not-found state and forgets the saved id', async () => {
    storage.requestId.set(REQUEST_ID);
    mockApi({ [`GET ${requestPath}`]: notFound, [`GET ${analysisPath}`]: notFound });
    renderApp(`/rate-results?qr=${REQUEST_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote request not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start a new quote analysis' })).toHaveAttribute('href', '/check-my-rate');
    await waitFor(() => expect(storage.requestId.get()).toBeNull());
  });
});
