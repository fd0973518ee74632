import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Schema } from '@/lib/api-client';
import { BROKER, signedInAs } from '@/testing/auth';
import { makeAnalysis, makeFigures, makeQuote, makeQuoteRequest, makeRefinanceAdvice, REQUEST_ID } from '@/testing/fixtures';
import { mockApi, notFound, ok, type RecordedCall, type Reply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

type AnalysisPreview = Schema<'AnalysisPreview'>;
type QuoteRequest = Schema<'QuoteRequest'>;

const confetti = vi.hoisted(() => Object.assign(vi.fn(() => Promise.resolve()), { reset: vi.fn() }));
vi.mock('canvas-confetti', () => ({ default: confetti }));

// Typing into many fields takes a while in jsdom.
vi.setConfig({ testTimeout: 20_000 });

const previewPath = `/api/admin/quote-requests/${REQUEST_ID}/analysis/preview`;

function openEditor(request: QuoteRequest, preview: (call: RecordedCall) => Reply) {
  const api = mockApi({
    ...signedInAs(BROKER),
    [`GET /api/admin/quote-requests/${REQUEST_ID}`]: ok(request),
    [`GET /api/analysis/request/${REQUEST_ID}`]: notFound,
    'GET /api/analysis-suggestions': ok({ recommendations: [], pros: [], cons: [] }),
    'GET /api/national-rates': ok({ rates: [{ source: 'Freddie Mac 30 Year Fixed (weekly average) via bundled snapshot', rate: 6.36, date: '2026-05-14' }] }),
    [`POST ${previewPath}`]: preview,
  });
  return { ...renderApp(`/admin/analysis/${REQUEST_ID}`), api };
}

/** The admin area loads on demand: the first render waits for its chunk. */
const editorHeading = () => screen.findByRole('heading', { name: 'Create Analysis' });
const quote = (n: number) => within(screen.getByRole('form', { name: /Analysis$/ })).getByRole('group', { name: `Quote ${n}` });

type User = ReturnType<typeof renderApp>['user'];

async function fillQuoteRow(user: User, rate: string, fees: string) {
  await user.type(within(quote(1)).getByLabelText('Rate'), rate);
  await user.type(within(quote(1)).getByLabelText('Lender fees'), fees);
}

describe('the analysis preview', () => {
  it("checks the form, then shows the server's figures in the quote-grade view, tracking off, and goes back to the form as it was", async () => {
    let sent: unknown;
    // What the server answers for the edited quote: its figures and each lender quote's.
    const answer: AnalysisPreview = {
      quote_request: makeQuoteRequest({ broker_rate: 7, broker_quote_figures: makeFigures({ principal_and_interest: 2993.86, monthly_payment: 2993.86, lender_fees: 2500 }) }),
      analysis: makeAnalysis({
        id: 'analysis-preview',
        grade: 'A',
        pros: ['Good rate'],
        cons: ['Fees'],
        recommendations: ['Take it.'],
        quotes: [
          makeQuote({
            id: 'preview-quote',
            rate: 6.25,
            lenderFees: -800,
            mortgageInsurance: null,
            apr: 6.214,
            figures: makeFigures({
              principal_and_interest: 2770.73,
              mortgage_insurance: 0,
              monthly_payment: 2770.73,
              compared_with_your_quote: {
                upfront_difference: -3300,
                monthly_difference: -223.13,
                break_even_months: null,
                cost_difference: { years_5: -16687.8, years_7: -22042.92, years_10: -30075.6 },
                summary: 'The 6.25% quote costs $3,300 less upfront and $223.13 less a month than your quote.',
              },
            }),
          }),
        ],
      }),
    };
    const { user, api } = openEditor(makeQuoteRequest(), ({ body }) => {
      sent = body;
      return ok(answer);
    });
    await editorHeading();

    // The editor's own checks come first: nothing is sent while the form is incomplete.
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Please select a lender')).toBeInTheDocument();
    expect(api.callsTo('POST', previewPath)).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText('Lender'), 'provident');
    await user.clear(screen.getByLabelText('Broker rate'));
    await user.type(screen.getByLabelText('Broker rate'), '7');
    await fillQuoteRow(user, '6.25', '-800');
    await user.type(screen.getByLabelText('Pro 1'), 'Good rate');
    await user.type(screen.getByLabelText('Con 1'), 'Fees');
    await user.selectOptions(screen.getByLabelText('Grade'), 'A');
    await user.type(screen.getByLabelText('Overall recommendation'), 'Take it.');
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Your Rate Quote Analysis' })).toBeInTheDocument();
    // The body is a submit's, with the broker quote a submit would PATCH first.
    expect(sent).toEqual({
      analysis: { lender: 'provident', grade: 'A', pros: ['Good rate'], cons: ['Fees'], recommendations: ['Take it.'], notes: [], mode: 'recommendation', answers: [], recommendationReason: '' },
      quotes: [{ rate: 6.25, lenderFees: -800, mortgageInsurance: null, apr: expect.any(Number), isRecommended: false }],
      broker_quote: { broker_rate: 7, broker_lender_fees: 2500, broker_mortgage_insurance: null },
    });
    // The server's figures, as the visitor's results page shows them.
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('6.25%');
    expect(rows[1]).toHaveTextContent('$2,770.73');
    expect(rows[2]).toHaveTextContent('7.00%');
    expect(rows[2]).toHaveTextContent('$2,993.86');
    expect(screen.getByRole('region', { name: 'Compared with your quote' })).toHaveTextContent('$223.13 less a month than your quote');
    expect(screen.getByText('A', { selector: '[data-grade]' })).toBeInTheDocument();
    expect(screen.getByText('Take it.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Create Analysis' })).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.endsWith('/viewed'))).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Back to Edit' }));
    expect(screen.getByRole('heading', { name: 'Create Analysis' })).toBeVisible();
    expect(screen.getByLabelText('Overall recommendation')).toHaveValue('Take it.');
    expect(screen.getByLabelText('Broker rate')).toHaveValue(7);
  });

  it('shows a Refi Buddy request in the Refi Buddy view with the server’s recommendation, and no confetti', async () => {
    const owner = makeQuoteRequest({
      loan_type: 'refinance',
      purchase_price: null,
      down_payment: null,
      property_value: 600000,
      remaining_balance: 370000,
      broker_rate: null,
      broker_lender_fees: null,
      email: 'owner@example.com',
      current_mortgage: { rate: 7.5, monthly_payment: 2400, calculated_monthly_payment_pi: null, loan_program: '30-year-fixed', mortgage_insurance: null },
    });
    const analysis = makeAnalysis({
      id: 'analysis-refi-preview',
      grade: null,
      pros: [],
      cons: [],
      recommendations: [],
      notes: ['Rates are a point and a half below yours.'],
      quotes: [makeQuote({ id: 'credit', rate: 6, lenderFees: -3000, mortgageInsurance: null, apr: 5.95, figures: makeFigures({ principal_and_interest: 2218.34, monthly_payment: 2218.34, cash_to_close: null }) })],
      refinance: makeRefinanceAdvice(),
    });
    const { user, container } = openEditor(owner, () => ok({ quote_request: owner, analysis }));
    await editorHeading();
    await user.selectOptions(screen.getByLabelText('Lender'), 'provident');
    await user.type(screen.getByLabelText('Note 1'), 'Rates are a point and a half below yours.');
    await fillQuoteRow(user, '6', '-3000');
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Refinancing is Recommended!' })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Your refinance at a glance' });
    expect(within(summary).getByText('Monthly savings').nextElementSibling).toHaveTextContent('$180');
    expect(within(summary).getByText('Best quote').nextElementSibling).toHaveTextContent('6.00% (5.950% APR) · $2,218.34');
    expect(await screen.findByRole('region', { name: 'National average rates' })).toHaveTextContent('6.36%');
    expect(screen.getByText('Rates are a point and a half below yours.', { selector: 'span' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Your Rate Quote Analysis' })).not.toBeInTheDocument();
    expect(container.querySelector('[data-celebrating]')).toBeNull();
    expect(confetti).not.toHaveBeenCalled();
  });

  it("says why a preview failed: the server's message and its field messages, else 'Failed to load preview'", async () => {
    const replies: (() => Reply)[] = [
      () => ({ status: 400, body: { error: 'Please correct the analysis', fields: { 'quotes.0.apr': 'APR must be a number' } } }),
      () => {
        throw new TypeError('Failed to fetch');
      },
    ];
    const { user } = openEditor(makeQuoteRequest(), () => replies.shift()!());
    await editorHeading();
    await user.selectOptions(screen.getByLabelText('Lender'), 'rocket');
    await user.type(screen.getByLabelText('Overall recommendation'), 'Lock it.');
    await fillQuoteRow(user, '6.5', '0');

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please correct the analysis');
    expect(alert).toHaveTextContent('APR must be a number');
    expect(screen.getByRole('button', { name: 'Back to Edit' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Back to Edit' }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to load preview'));
    expect(screen.queryByRole('heading', { level: 1, name: 'Your Rate Quote Analysis' })).not.toBeInTheDocument();
  });
});
