import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import type { Schema } from '@/lib/api-client';
import { BROKER, signedInAs } from '@/testing/auth';
import { makeAnalysis, makeQuote, makeQuoteRequest, makeSite, REQUEST_ID } from '@/testing/fixtures';
import { mockApi, notFound, ok, type Reply } from '@/testing/mock-api';
import { renderApp, renderPage } from '@/testing/render';
import { AnalysisEditor } from './components/analysis-editor';
import { initialValues } from './editor';

type QuoteRequest = Schema<'QuoteRequest'>;

// Typing into many fields takes a while in jsdom.
vi.setConfig({ testTimeout: 20_000 });

const analysisPath = `/api/admin/quote-requests/${REQUEST_ID}/analysis`;

function openEditor(request: QuoteRequest, extra: Record<string, Reply | ((call: { body: unknown }) => Reply)> = {}) {
  const api = mockApi({
    ...signedInAs(BROKER),
    [`GET /api/admin/quote-requests/${REQUEST_ID}`]: ok(request),
    [`GET /api/analysis/request/${REQUEST_ID}`]: notFound,
    'GET /api/analysis-suggestions': ok({ recommendations: ['Lock your rate soon.'], pros: ['Low fees'], cons: ['High rate'] }),
    [`GET /api/admin/quote-requests/${REQUEST_ID}/email-copy`]: ok({ subject: 'Your Quote Analysis is Ready!', body: 'Good news!', results_url: 'http://x/rate-results/?qr=1' }),
    ...extra,
  });
  const view = renderApp(`/admin/analysis/${REQUEST_ID}`);
  return { ...view, api };
}

/** The admin area loads on demand: the first render waits for its chunk. */
const editorHeading = (name: string) => screen.findByRole('heading', { name });

const editor = () => screen.getByRole('form', { name: /Analysis$/ });
const quote = (n: number) => within(editor()).getByRole('group', { name: `Quote ${n}` });

describe('the analysis editor', () => {
  it('warns the broker when the market data is more than 14 days old', async () => {
    openEditor(makeQuoteRequest(), { 'GET /api/health': ok({ status: 'ok', version: 'test', market_data: { week: '2026-05-14', age_days: 193, stale: true, series: [] } }) });
    expect(await editorHeading('Create Analysis')).toBeInTheDocument();
    expect(await screen.findByText(/Market data is 193 days old\./)).toBeInTheDocument();
  });

  it("answers each of the visitor's questions, and asks why a quote that is not the cheapest over 7 years is recommended", async () => {
    let submitted: { analysis: Record<string, unknown> } | undefined;
    // 6.75% with no fees is recommended over 6.25% with $1,500: about $12,000 more over 7 years.
    const saved = makeAnalysis({
      answers: ['It is fair.'],
      quotes: [makeQuote({ id: 'dear', rate: 6.75, lenderFees: 0, apr: 6.8, isRecommended: true }), makeQuote({ id: 'cheap', rate: 6.25, lenderFees: 1500, apr: 6.3 })],
    });
    const { user } = openEditor(makeQuoteRequest({ questions: ['Is this a good rate?', 'Should I lock now?'] }), {
      [`GET /api/analysis/request/${REQUEST_ID}`]: ok(saved),
      [`PATCH /api/admin/quote-requests/${REQUEST_ID}/broker-quote`]: ok(makeQuoteRequest()),
      [`POST ${analysisPath}`]: ({ body }) => {
        submitted = body as typeof submitted;
        return ok(saved);
      },
    });
    await editorHeading('Edit Analysis');
    expect(screen.getByLabelText('Answer: Is this a good rate?')).toHaveValue('It is fair.');
    await user.type(screen.getByLabelText('Answer: Should I lock now?'), 'Yes, this week.');
    await user.click(screen.getByRole('button', { name: 'Submit Analysis' }));
    expect(await screen.findByText('Please say why you recommend this quote: it is not the cheapest over 7 years')).toBeInTheDocument();
    expect(submitted).toBeUndefined();

    await user.type(screen.getByLabelText(/^Why this quote\?/), 'No points to pay: you plan to sell within 3 years.');
    await user.click(screen.getByRole('button', { name: 'Submit Analysis' }));
    await waitFor(() => expect(submitted).toBeDefined());
    expect(submitted!.analysis).toMatchObject({
      answers: ['It is fair.', 'Yes, this week.'],
      recommendationReason: 'No points to pay: you plan to sell within 3 years.',
    });
  });

  it("offers the site file's partner lenders", async () => {
    const site = makeSite({ lenders: [{ id: 'uwm', name: 'United Wholesale Mortgage', nmls: '3038', fees: [] }], demonstration: false });
    openEditor(makeQuoteRequest(), { 'GET /api/site': ok(site) });
    expect(await editorHeading('Create Analysis')).toBeInTheDocument();
    const lender = screen.getByLabelText('Lender');
    expect(await within(lender).findByRole('option', { name: 'United Wholesale Mortgage' })).toHaveValue('uwm');
    expect(within(lender).queryByRole('option', { name: 'Rocket Mortgage' })).not.toBeInTheDocument();
  });

  it('shows every validation message of section 5 on a bad submit, and sends nothing', async () => {
    const { user, api } = openEditor(makeQuoteRequest());
    expect(await editorHeading('Create Analysis')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Grade'), 'B');
    await user.click(screen.getByRole('button', { name: 'Submit Analysis' }));

    expect(await screen.findByText('Please select a lender')).toBeInTheDocument();
    expect(screen.getByText('Pros are required when analyzing a broker quote')).toBeInTheDocument();
    expect(screen.getByText('Cons are required when analyzing a broker quote')).toBeInTheDocument();
    expect(screen.getByText('Overall recommendation is required')).toBeInTheDocument();
    expect(within(quote(1)).getByText('Rate is required')).toBeInTheDocument();
    expect(within(quote(1)).getByText('Lender fees is required')).toBeInTheDocument();
    expect(within(quote(1)).getByText('APR is required')).toBeInTheDocument();
    // Error highlights on lender, pros and cons.
    expect(screen.getByLabelText('Lender')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Pro 1')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Con 1')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', analysisPath)).toHaveLength(0);

    // Pros and cons without a grade: the grade is asked for, and highlighted.
    await user.selectOptions(screen.getByLabelText('Grade'), '');
    await user.type(screen.getByLabelText('Pro 1'), 'Low rate');
    await user.click(screen.getByRole('button', { name: 'Submit Analysis' }));
    expect(await screen.findByText('Grade is required when analyzing a broker quote')).toBeInTheDocument();
    expect(screen.getByLabelText('Grade')).toHaveAttribute('aria-invalid', 'true');
  });

  it('enables pros, cons and grade only with a broker rate or an uploaded quote', async () => {
    const { user } = openEditor(makeQuoteRequest({ broker_rate: null, broker_lender_fees: null }));
    await editorHeading('Create Analysis');
    expect(screen.getByText('Add a broker rate or upload a quote to enable analysis fields')).toBeInTheDocument();
    expect(screen.queryByLabelText('Grade')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Pros' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Broker rate'), '6.875');
    expect(screen.getByLabelText('Grade')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Pros' })).toBeInTheDocument();
    expect(screen.queryByText('Add a broker rate or upload a quote to enable analysis fields')).not.toBeInTheDocument();
  });

  it('counts an uploaded quote as a broker quote', async () => {
    openEditor(makeQuoteRequest({ broker_rate: null, user_uploaded_quote_url: 'uploads/quote.pdf' }));
    await editorHeading('Create Analysis');
    expect(screen.getByLabelText('Grade')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download uploaded quote' })).toBeInTheDocument();
  });

  it('offers a download of each picture of a Loan Estimate sent a page at a time', async () => {
    const files = ['IMG_0003.jpg', 'IMG_0001.jpg', 'IMG_0002.jpg'].map((fileName, i) => ({ fileName, url: `/api/uploads/local/uploads/p${i}.jpg?op=get&sig=x` }));
    const { user } = openEditor(makeQuoteRequest({ broker_rate: null, user_uploaded_quote_url: 'uploads/p0.jpg' }), {
      [`GET /api/admin/quote-requests/${REQUEST_ID}/upload`]: ok({ url: files[0].url, files }),
    });
    await editorHeading('Create Analysis');
    await user.click(screen.getByRole('button', { name: 'Download uploaded quote' }));
    const list = await screen.findByRole('list', { name: "Pictures of the Loan Estimate's pages" });
    expect(within(list).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      files.map((f) => [`Download ${f.fileName}`, f.url]),
    );
  });

  it('offers grades A, B, C, D and F with a blank default', async () => {
    openEditor(makeQuoteRequest());
    await editorHeading('Create Analysis');
    const grade = screen.getByLabelText('Grade');
    expect(within(grade).getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual(['', 'A', 'B', 'C', 'D', 'F']);
    expect(grade).toHaveValue('');
  });

  it('uses refinance mode by default for a refinance with a current mortgage: notes, no single recommendation', async () => {
    const refinance = makeQuoteRequest({
      loan_type: 'refinance',
      purchase_price: null,
      down_payment: null,
      property_value: 600000,
      remaining_balance: 350000,
      broker_rate: null,
      broker_lender_fees: null,
      current_mortgage: { rate: 7.5, monthly_payment: 2450, calculated_monthly_payment_pi: 2447.25, loan_program: '30-year-fixed', mortgage_insurance: null },
    });
    let submitted: unknown;
    const { user } = openEditor(refinance, {
      [`POST ${analysisPath}`]: ({ body }) => {
        submitted = body;
        return ok(makeAnalysis({ grade: null, pros: [], cons: [], recommendations: [], notes: ['Rates are 1% lower'] }));
      },
    });
    await editorHeading('Create Analysis');
    expect(screen.getByRole('radio', { name: 'Refinance notes' })).toBeChecked();
    expect(screen.queryByLabelText('Overall recommendation')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Lender'), 'rocket');
    await user.type(screen.getByLabelText('Note 1'), 'Rates are 1% lower');
    await user.type(within(quote(1)).getByLabelText('Rate'), '6.25');
    await user.type(within(quote(1)).getByLabelText('Lender fees'), '-500');
    await user.type(within(quote(1)).getByLabelText('APR'), '6.3');
    await user.click(screen.getByRole('button', { name: 'Submit Analysis' }));
    await waitFor(() => expect(submitted).toBeDefined());
    expect(submitted).toMatchObject({ analysis: { mode: 'refinance', notes: ['Rates are 1% lower'], recommendations: [], grade: null } });
  });

  it('uses one overall recommendation for a purchase', async () => {
    openEditor(makeQuoteRequest());
    await editorHeading('Create Analysis');
    expect(screen.getByRole('radio', { name: 'One overall recommendation' })).toBeChecked();
    expect(screen.getByLabelText('Overall recommendation')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Notes' })).not.toBeInTheDocument();
  });

  it('submits the broker quote first, then the analysis without empty entries, and confirms for 3 seconds', async () => {
    const order: string[] = [];
    let submitted: unknown;
    let patched: unknown;
    const success = vi.spyOn(toast, 'success');
    const { user } = openEditor(makeQuoteRequest(), {
      [`PATCH /api/admin/quote-requests/${REQUEST_ID}/broker-quote`]: ({ body }) => {
        order.push('broker-quote');
        patched = body;
        return ok(makeQuoteRequest());
      },
      [`POST ${analysisPath}`]: ({ body }) => {
        order.push('analysis');
        submitted = body;
        return ok(makeAnalysis());
      },
    });
    await editorHeading('Create Analysis');
    await user.selectOptions(screen.getByLabelText('Lender'), 'provident');
    await user.clear(screen.getByLabelText('Broker rate'));
    await user.type(screen.getByLabelText('Broker rate'), '7');
    await user.type(within(quote(1)).getByLabelText('Rate'), '6.5');
    await user.type(within(quote(1)).getByLabelText('Lender fees'), '1200');
    // Prefilled from the math core's port; the broker may still type their own.
    expect(within(quote(1)).getByLabelText('APR')).toHaveValue(6.526); // POST /api/calculate answers 6.526 for this loan
    await user.clear(within(quote(1)).getByLabelText('APR'));
    await user.type(within(quote(1)).getByLabelText('APR'), '6.612');
    await user.click(within(quote(1)).getByRole('checkbox', { name: 'Recommended' }));
    await user.type(screen.getByLabelText('Pro 1'), 'Fixed for 30 years');
    await user.click(screen.getByRole('button', { name: 'Add pro' }));
    await user.type(screen.getByLabelText('Con 1'), 'High fees');
    await user.selectOptions(screen.getByLabelText('Grade'), 'C');
    await user.type(screen.getByLabelText('Overall recommendation'), 'Ask for a lender credit.');
    await user.click(screen.getByRole('button', { name: 'Submit Analysis' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Analysis submitted successfully', { duration: 3000 }));
    expect(order).toEqual(['broker-quote', 'analysis']);
    expect(patched).toEqual({ broker_rate: 7, broker_lender_fees: 2500, broker_mortgage_insurance: null });
    expect(submitted).toEqual({
      analysis: {
        lender: 'provident',
        grade: 'C',
        pros: ['Fixed for 30 years'],
        cons: ['High fees'],
        recommendations: ['Ask for a lender credit.'],
        notes: [],
        mode: 'recommendation',
        answers: [],
        recommendationReason: '',
      },
      // Empty numeric quote fields become 0 (spec section 5), but insurance left blank is "not provided":
      // the server counts its estimate on a purchase under 20% down (issue 25).
      quotes: [{ rate: 6.5, lenderFees: 1200, mortgageInsurance: null, apr: 6.612, isRecommended: true }],
    });
  });

  // Issue 25: a phone's decimal keypad has no minus sign; a lender credit is entered with a box.
  it("takes lender credits without a minus sign: the visitor's quote and an alternative, each with its credit box", async () => {
    let submitted: unknown;
    let patched: unknown;
    const { user } = openEditor(makeQuoteRequest({ broker_lender_fees: 1200 }), {
      [`PATCH /api/admin/quote-requests/${REQUEST_ID}/broker-quote`]: ({ body }) => {
        patched = body;
        return ok(makeQuoteRequest());
      },
      [`POST ${analysisPath}`]: ({ body }) => {
        submitted = body;
        return ok(makeAnalysis());
      },
    });
    await editorHeading('Create Analysis');
    const brokerCredit = screen.getByRole('checkbox', { name: 'Broker lender fees are a credit from the lender' });
    expect(brokerCredit).not.toBeChecked();
    await user.click(brokerCredit);
    expect(screen.getByLabelText('Broker lender fees')).toHaveValue('1,200');
    await user.selectOptions(screen.getByLabelText('Lender'), 'provident');
    await user.type(within(quote(1)).getByLabelText('Rate'), '6.5');
    await user.type(within(quote(1)).getByLabelText('Lender fees'), '800');
    await user.click(within(quote(1)).getByRole('checkbox', { name: 'This is a credit from the lender' }));
    await user.clear(within(quote(1)).getByLabelText('APR'));
    await user.type(within(quote(1)).getByLabelText('APR'), '6.44');
    await user.click(within(quote(1)).getByRole('checkbox', { name: 'Recommended' }));
    await user.type(screen.getByLabelText('Pro 1'), 'A lender credit');
    await user.type(screen.getByLabelText('Con 1'), 'A higher rate');
    await user.selectOptions(screen.getByLabelText('Grade'), 'B');
    await user.type(screen.getByLabelText('Overall recommendation'), 'Take the credit.');
    await user.click(screen.getByRole('button', { name: 'Submit Analysis' }));

    await waitFor(() => expect(submitted).toBeDefined());
    expect(patched).toMatchObject({ broker_lender_fees: -1200 });
    expect(submitted).toMatchObject({ quotes: [{ rate: 6.5, lenderFees: -800, apr: 6.44, isRecommended: true }] });
  });

  it('logs a failed submit and shows the server’s field messages', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = openEditor(makeQuoteRequest(), {
      [`POST ${analysisPath}`]: { status: 400, body: { error: 'Please correct the analysis', fields: { lender: 'Please select a lender' } } },
    });
    await editorHeading('Create Analysis');
    await user.selectOptions(screen.getByLabelText('Lender'), 'rocket');
    await user.type(screen.getByLabelText('Overall recommendation'), 'x');
    await user.type(within(quote(1)).getByLabelText('Rate'), '6.5');
    await user.type(within(quote(1)).getByLabelText('Lender fees'), '0');
    await user.type(within(quote(1)).getByLabelText('APR'), '6.5');
    await user.click(screen.getByRole('button', { name: 'Submit Analysis' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the analysis');
    expect(screen.getByText('Please select a lender')).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Failed to submit analysis', expect.anything());
  });

  it('removes a row only while there is more than one', async () => {
    const { user } = openEditor(makeQuoteRequest());
    await editorHeading('Create Analysis');
    expect(screen.queryByRole('button', { name: /Remove quote/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove pro/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add quote' }));
    await user.click(screen.getByRole('button', { name: 'Add pro' }));
    expect(screen.getAllByRole('button', { name: /Remove quote/ })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove pro 2' }));
    expect(screen.queryByRole('button', { name: /Remove pro/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove quote 1' }));
    expect(screen.queryByRole('group', { name: 'Quote 2' })).not.toBeInTheDocument();
  });

  it('fills pros, cons and the recommendation from the suggestions panel', async () => {
    const { user } = openEditor(makeQuoteRequest());
    await editorHeading('Create Analysis');
    const panel = screen.getByRole('region', { name: 'Suggestions' });
    await user.click(await within(panel).findByRole('button', { name: 'Add pro: Low fees' }));
    await user.click(within(panel).getByRole('button', { name: 'Add con: High rate' }));
    await user.click(within(panel).getByRole('button', { name: 'Use: Lock your rate soon.' }));
    expect(screen.getByLabelText('Pro 1')).toHaveValue('Low fees');
    expect(screen.getByLabelText('Con 1')).toHaveValue('High rate');
    expect(screen.getByLabelText('Overall recommendation')).toHaveValue('Lock your rate soon.');
  });

  it("says 'Quote Request not found' for an unknown request", async () => {
    mockApi({ ...signedInAs(BROKER), [`GET /api/admin/quote-requests/${REQUEST_ID}`]: notFound, [`GET /api/analysis/request/${REQUEST_ID}`]: notFound });
    renderApp(`/admin/analysis/${REQUEST_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote Request not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/admin');
  });

  // Utah time: 15:30 UTC is 9:30 AM in Salt Lake City in May.
  it.each([
    { views: { count: 3, first_viewed_at: '2026-05-14T15:30:00Z' }, words: 'First on May 14, 2026 at 9:30 AM, 3 times' },
    { views: { count: 1, first_viewed_at: '2026-05-15T15:30:00Z' }, words: 'Once, on May 15, 2026 at 9:30 AM' },
    { views: { count: 0, first_viewed_at: null }, words: 'Not yet' },
  ])('says whether the visitor has viewed the analysis, as the dashboard does (issue 25 §5): $words', async ({ views, words }) => {
    openEditor(makeQuoteRequest({ analyzed: true, visitor_views: views }), { [`GET /api/analysis/request/${REQUEST_ID}`]: ok(makeAnalysis()) });
    expect(await editorHeading('Edit Analysis')).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Quote Request' });
    expect(within(card).getByText('Viewed by the visitor').nextElementSibling).toHaveTextContent(
      `${words}Your own views while signed in are not counted.`,
    );
  });

  it('says nothing of views before there is an analysis to view', async () => {
    openEditor(makeQuoteRequest({ analyzed: false, visitor_views: { count: 0, first_viewed_at: null } }));
    expect(await editorHeading('Create Analysis')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Quote Request' })).getByText('Created')).toBeInTheDocument();
    expect(screen.queryByText('Viewed by the visitor')).not.toBeInTheDocument();
  });

  it("is 'Edit Analysis' with the saved analysis, and shows its Email Copy", async () => {
    const saved = makeAnalysis();
    openEditor(makeQuoteRequest(), { [`GET /api/analysis/request/${REQUEST_ID}`]: ok(saved) });
    expect(await editorHeading('Edit Analysis')).toBeInTheDocument();
    expect(screen.getByLabelText('Lender')).toHaveValue('provident');
    expect(screen.getByLabelText('Grade')).toHaveValue('B');
    expect(screen.getByLabelText('Pro 1')).toHaveValue(saved.pros[0]);
    const copy = screen.getByRole('region', { name: 'Email Copy' });
    expect(await within(copy).findByText('Your Quote Analysis is Ready!')).toBeInTheDocument();
    expect(within(copy).getByRole('button', { name: 'Copy subject' })).toBeInTheDocument();
    expect(within(copy).getByRole('button', { name: 'Copy body' })).toBeInTheDocument();
  });
});

describe('the math core in the editor', () => {
  it('prefills the APR from the rate and fees, keeps it editable, and offers the suggested grade', async () => {
    mockApi({ ...signedInAs(BROKER), 'GET /api/analysis-suggestions': ok({ recommendations: [], pros: [], cons: [] }) });
    const request = makeQuoteRequest();
    const prefill = vi.fn(({ rate, lenderFees }: { rate: number; lenderFees: number }) => rate + lenderFees / 100000);
    const { user } = renderPage(
      <AnalysisEditor
        request={request}
        analysis={null}
        onPreview={() => {}}
        onPrefillApr={prefill}
        suggestedGrade={{ grade: 'B', reasons: ['Rate 0.25% above market'] }}
      />,
    );
    const row = screen.getByRole('group', { name: 'Quote 1' });
    await user.type(within(row).getByLabelText('Rate'), '6.5');
    await user.type(within(row).getByLabelText('Lender fees'), '1000');
    expect(within(row).getByLabelText('APR')).toHaveValue(6.51);
    await user.clear(within(row).getByLabelText('APR'));
    await user.type(within(row).getByLabelText('APR'), '6.7');
    await user.type(within(row).getByLabelText('Lender fees'), '0');
    // The broker's own APR is never overwritten.
    expect(within(row).getByLabelText('APR')).toHaveValue(6.7);

    expect(screen.getByText('Rate 0.25% above market')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use suggested grade' }));
    expect(screen.getByLabelText('Grade')).toHaveValue('B');
  });

  it('starts an edit from the saved analysis without the visitor’s own quote row', () => {
    const analysis = makeAnalysis({ quotes: [...makeAnalysis().quotes, { ...makeAnalysis().quotes[0], id: 'b', source: 'BROKER' }] });
    expect(initialValues(makeQuoteRequest(), analysis).quotes).toHaveLength(2);
  });
});
