import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import type { Schema } from '@/lib/api-client';
import { BROKER, signedInAs } from '@/testing/auth';
import { makeInstantGrade, makeQuoteRequest, REQUEST_ID } from '@/testing/fixtures';
import { mockApi, noContent, notFound, ok, type Reply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { mergeSeries } from './components/market-rates-chart';

type ContactRequest = Schema<'ContactRequest'>;

vi.setConfig({ testTimeout: 20_000 });

const question: ContactRequest = {
  id: 'contact-1',
  kind: 'update_rates',
  name: 'Dana',
  email: 'dana@example.com',
  phone: null,
  question: '',
  preferred_contact: 'email',
  state: 'UT',
  quote_request_id: REQUEST_ID,
  about_quote: 'Bonneville Bank, 6.25% (6.41% APR)',
  created_at: '2025-03-05T17:00:00Z',
  answered_at: null,
  answered_by: null,
  contact_consent: null,
};

function dashboard(extra: Record<string, Reply | (() => Reply)> = {}) {
  return mockApi({
    ...signedInAs(BROKER),
    'GET /api/admin/quote-requests/pending': ok([makeQuoteRequest()]),
    'GET /api/admin/quote-requests/analyzed': ok([makeQuoteRequest({ id: 'done-1', loan_type: 'refinance', property_value: 640000, zip_code: '84604' })]),
    'GET /api/admin/contact-requests': ok([question]),
    'GET /api/admin/market-rates?series=30&weeks=52': ok({ series: '30', rates: [{ week: '2025-03-06', rate: 6.63, source: 'snapshot' }] }),
    'GET /api/admin/market-rates?series=15&weeks=52': ok({ series: '15', rates: [{ week: '2025-03-06', rate: 5.8, source: 'snapshot' }] }),
    'GET /api/admin/refi-watches': ok([]),
    ...extra,
  });
}

describe('the dashboard', () => {
  it('warns the broker when the market data is more than 14 days old', async () => {
    dashboard({
      'GET /api/health': ok({
        status: 'ok',
        version: 'test',
        market_data: {
          week: '2026-05-14',
          age_days: 193,
          stale: true,
          series: [
            { series: '30', label: '30-year fixed', source: 'snapshot', week: '2026-11-19', age_days: 5, stale: false },
            { series: '15', label: '15-year fixed', source: 'snapshot', week: '2026-05-14', age_days: 193, stale: true },
          ],
        },
      }),
    });
    renderApp('/admin');
    const alert = await screen.findByRole('alert', {});
    expect(alert).toHaveTextContent('Market data is 193 days old. The newest market figure is from the week of May 14, 2026');
    // Only the stale series is named, with its own week.
    expect(alert).toHaveTextContent('(out of date: 15-year fixed, week of May 14, 2026);');
    expect(alert).not.toHaveTextContent('30-year fixed');
  });

  it('shows no market data warning while the figures are recent', async () => {
    dashboard({ 'GET /api/health': ok({ status: 'ok', version: 'test', market_data: { week: '2026-05-14', age_days: 5, stale: false, series: [] } }) });
    renderApp('/admin');
    await screen.findByRole('region', { name: 'Pending Analysis' });
    expect(screen.queryByText(/Market data is/)).not.toBeInTheDocument();
  });

  it("always shows the market data's age beside the rates, with a way to update it", async () => {
    dashboard({ 'GET /api/health': ok({ status: 'ok', version: 'test', market_data: { week: '2026-05-14', age_days: 5, stale: false, series: [] } }) });
    renderApp('/admin');
    const rates = await screen.findByRole('region', { name: 'Market Rates' });
    expect(await within(rates).findByText(/Newest figure: the week of May 14, 2026, 5 days old\./)).toBeInTheDocument();
    expect(within(rates).getByRole('link', { name: 'Update market data' })).toHaveAttribute('href', '/admin/market-data');
  });

  it("lists 'Pending Analysis' and 'Analyzed Requests' with the spec's columns and actions", async () => {
    dashboard();
    renderApp('/admin');
    const pending = await screen.findByRole('region', { name: 'Pending Analysis' });
    const headers = (await within(pending).findAllByRole('columnheader')).map((cell) => cell.textContent);
    expect(headers).toEqual(['Date', 'Request', 'Instant Grade', 'Property Value', 'Down Payment', 'Credit Score', 'Zip Code', 'Quotes', 'Actions']);
    const row = await within(pending).findByRole('row', { name: /84101/ });
    expect(row).toHaveTextContent('$500,000');
    expect(row).toHaveTextContent('$50,000');
    expect(row).toHaveTextContent('740');
    expect(within(row).getByRole('link', { name: /^Analyze/ })).toHaveAttribute('href', `/admin/analysis/${REQUEST_ID}`);

    const analyzed = screen.getByRole('region', { name: 'Analyzed Requests' });
    const done = await within(analyzed).findByRole('row', { name: /84604/ });
    expect(done).toHaveTextContent('$640,000');
    expect(within(done).getByRole('link', { name: /^View/ })).toHaveAttribute('href', '/admin/analysis/done-1');
  });

  it('says for each analyzed request whether the visitor has viewed the analysis, and when first (issue 25 §5)', async () => {
    dashboard({
      'GET /api/admin/quote-requests/analyzed': ok([
        makeQuoteRequest({ id: 'seen-1', zip_code: '84604', visitor_views: { count: 3, first_viewed_at: '2026-05-14T15:30:00Z' } }),
        makeQuoteRequest({ id: 'once-1', zip_code: '84060', visitor_views: { count: 1, first_viewed_at: '2026-05-15T15:30:00Z' } }),
        makeQuoteRequest({ id: 'unseen-1', zip_code: '84790', visitor_views: { count: 0, first_viewed_at: null } }),
      ]),
    });
    renderApp('/admin');
    const analyzed = await screen.findByRole('region', { name: 'Analyzed Requests' });
    const headers = (await within(analyzed).findAllByRole('columnheader')).map((cell) => cell.textContent);
    expect(headers).toEqual(['Date', 'Request', 'Instant Grade', 'Property Value', 'Down Payment', 'Credit Score', 'Zip Code', 'Quotes', 'Viewed', 'Actions']);
    const viewedCell = (zip: RegExp) => within(within(analyzed).getByRole('row', { name: zip })).getAllByRole('cell')[8];
    await within(analyzed).findByRole('row', { name: /84604/ });
    // Utah time: 15:30 UTC is 9:30 AM in Salt Lake City in May.
    expect(viewedCell(/84604/)).toHaveTextContent('May 14, 2026 at 9:30 AM3 times');
    expect(viewedCell(/84060/)).toHaveTextContent('May 15, 2026 at 9:30 AMOnce');
    expect(viewedCell(/84790/)).toHaveTextContent('Not yet');
    // A pending request has no analysis to view: no such column.
    const pending = screen.getByRole('region', { name: 'Pending Analysis' });
    expect((await within(pending).findAllByRole('columnheader')).map((cell) => cell.textContent)).not.toContain('Viewed');
  });

  it('shows how many quotes each request carries (issue 29)', async () => {
    const quote = makeQuoteRequest().visitor_quotes[0];
    dashboard({
      'GET /api/admin/quote-requests/pending': ok([
        makeQuoteRequest({ id: 'three-1', zip_code: '84060', visitor_quotes: [quote, { ...quote, rate: 6.5 }, { ...quote, rate: 6.25 }] }),
        makeQuoteRequest({ id: 'one-1', zip_code: '84790' }),
        makeQuoteRequest({ id: 'none-1', zip_code: '84010', visitor_quotes: [] }),
      ]),
    });
    renderApp('/admin');
    const pending = await screen.findByRole('region', { name: 'Pending Analysis' });
    const three = await within(pending).findByRole('row', { name: /84060/ });
    expect(three).toHaveTextContent('3 quotes to compare');
    expect(within(three).getByRole('link', { name: /zip code 84060, 3 quotes$/ })).toHaveAttribute('href', '/admin/analysis/three-1');
    expect(within(pending).getByRole('row', { name: /84790/ })).toHaveTextContent('1 quote');
    expect(within(pending).getByRole('row', { name: /84010/ })).toHaveTextContent('None');
  });

  it('shows when each pending request came in, how long it has waited, and flags waits past 20 hours (issue 14, defect 12)', async () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000 - 60_000).toISOString();
    dashboard({
      'GET /api/admin/quote-requests/pending': ok([
        makeQuoteRequest({ id: 'old-1', zip_code: '84060', created_at: hoursAgo(21) }),
        makeQuoteRequest({ id: 'new-1', zip_code: '84790', created_at: hoursAgo(2) }),
      ]),
    });
    renderApp('/admin');
    const pending = await screen.findByRole('region', { name: 'Pending Analysis' });
    const old = await within(pending).findByRole('row', { name: /84060/ });
    expect(old).toHaveTextContent(/ at \d{1,2}:\d{2} [AP]M/);
    expect(old).toHaveTextContent('Waiting 21 h 1 min');
    expect(old).toHaveTextContent('Over 20 hours');
    const recent = within(pending).getByRole('row', { name: /84790/ });
    expect(recent).toHaveTextContent('Waiting 2 h 1 min');
    expect(recent).not.toHaveTextContent('Over 20 hours');
    // The analysed list tells no wait.
    const analyzed = screen.getByRole('region', { name: 'Analyzed Requests' });
    expect(await within(analyzed).findByRole('row', { name: /84604/ })).not.toHaveTextContent('Waiting');
    // A cue for the columns past the edge of a phone (issue 14, defect 14).
    expect(within(pending).getByText('Scroll sideways to see every column →')).toHaveClass('md:hidden');
  });

  it('marks demo requests as such in both lists, and only those (issue 13)', async () => {
    dashboard({
      'GET /api/admin/quote-requests/pending': ok([
        makeQuoteRequest({ id: 'demo-1', zip_code: '84043', demo: true }),
        makeQuoteRequest({ id: 'visitor-1', zip_code: '84101' }),
      ]),
      'GET /api/admin/quote-requests/analyzed': ok([makeQuoteRequest({ id: 'demo-2', zip_code: '84604', demo: true })]),
    });
    renderApp('/admin');
    const pending = await screen.findByRole('region', { name: 'Pending Analysis' });
    const demo = await within(pending).findByRole('row', { name: /84043/ });
    expect(within(demo).getByText('Demo')).toBeInTheDocument();
    expect(within(demo).getByRole('link', { name: /^Analyze\s*the demo request of/ })).toHaveAttribute('href', '/admin/analysis/demo-1');
    const visitor = within(pending).getByRole('row', { name: /84101/ });
    expect(within(visitor).queryByText('Demo')).not.toBeInTheDocument();
    expect(within(visitor).getByRole('link', { name: /^Analyze\s*the request of/ })).toBeInTheDocument();
    const analyzed = screen.getByRole('region', { name: 'Analyzed Requests' });
    expect(within(await within(analyzed).findByRole('row', { name: /84604/ })).getByText('Demo')).toBeInTheDocument();
  });

  it('marks a demo request on its page, and not a visitor\'s (issue 13)', async () => {
    for (const demo of [true, false]) {
      mockApi({
        ...signedInAs(BROKER),
        [`GET /api/admin/quote-requests/${REQUEST_ID}`]: ok(makeQuoteRequest({ demo })),
        [`GET /api/analysis/request/${REQUEST_ID}`]: notFound,
        'GET /api/analysis-suggestions': ok({ recommendations: [], pros: [], cons: [] }),
      });
      const { unmount } = renderApp(`/admin/analysis/${REQUEST_ID}`);
      await screen.findByRole('heading', { level: 1, name: 'Analyze Quote Request' });
      if (demo) expect(screen.getByText('Demo')).toBeInTheDocument();
      else expect(screen.queryByText('Demo')).not.toBeInTheDocument();
      unmount();
    }
  });

  it('keeps a Refi Buddy watch e-mail whole instead of breaking it mid-word (issue 14, defect 14)', async () => {
    dashboard({
      'GET /api/admin/refi-watches': ok([
        { quote_request_id: 'watch-1', email: 'homeowner.with.a.long.address@example.com', balance: 320000, current_rate: 7.25, current_payment: 2400, loan_program: '30-year-fixed', last_alert: null },
      ]),
    });
    renderApp('/admin');
    const watches = await screen.findByRole('region', { name: 'Refi Buddy Watches' });
    const cell = await within(watches).findByRole('cell', { name: 'homeowner.with.a.long.address@example.com' });
    expect(cell).toHaveClass('whitespace-nowrap');
    expect(cell).not.toHaveClass('break-all');
  });

  it('lists visitor questions linked to their quote request and marks them answered', async () => {
    let answered = false;
    const api = dashboard({
      'GET /api/admin/contact-requests': () => ok([answered ? { ...question, answered_at: '2025-03-06T17:00:00Z', answered_by: BROKER.email } : question]),
      'POST /api/admin/contact-requests/contact-1/answered': () => {
        answered = true;
        return noContent;
      },
    });
    const { user } = renderApp('/admin');
    const questions = await screen.findByRole('region', { name: 'Visitor Questions' });
    expect(await within(questions).findByRole('heading', { name: 'Request Updated Rates from Dana' })).toBeInTheDocument();
    expect(within(questions).getByRole('link', { name: /Open quote request/ })).toHaveAttribute('href', `/admin/analysis/${REQUEST_ID}`);
    // Issue 25: the quote the visitor asked about, as they saw it.
    expect(within(questions).getByText('About the quote: Bonneville Bank, 6.25% (6.41% APR)')).toBeInTheDocument();
    await user.click(within(questions).getByRole('button', { name: /Mark answered/ }));
    expect(await within(questions).findByText(`Answered by ${BROKER.email} on March 6, 2025`)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/contact-requests/contact-1/answered')).toHaveLength(1);
  });

  it('draws the market-rate history with a text summary', async () => {
    dashboard();
    renderApp('/admin');
    expect(await screen.findByRole('img', { name: /30-year fixed: 6\.63% in the week of March 6, 2025/ })).toBeInTheDocument();
    expect(mergeSeries([{ week: 'w2', rate: 6, source: '' }], [{ week: 'w1', rate: 5, source: '' }])).toEqual([
      { week: 'w1', fixed15: 5 },
      { week: 'w2', fixed30: 6 },
    ]);
  });

  it('shows the outbox, each message behind a disclosure of its own name, its links as links (issue 25 §5)', async () => {
    mockApi({
      ...signedInAs(BROKER),
      'GET /api/admin/outbox': ok([
        { id: 'm1', to: 'dana@example.com', subject: 'Your Quote Analysis is Ready!', text: 'Good news! See your results: http://site/rate-results?qr=1.\n\nBye', html: '', created_at: '2025-03-05T17:00:00Z' },
        { id: 'm2', to: 'lee@example.com', subject: 'Confirm your Refi Buddy alerts', text: 'Turn on alerts: http://site/refi-buddy/confirm?token=abc', html: '', created_at: '2025-03-05T18:00:00Z' },
      ]),
    });
    renderApp('/admin/outbox');
    expect(await screen.findByRole('heading', { level: 2, name: 'Your Quote Analysis is Ready!' })).toBeInTheDocument();
    expect(screen.getByText(/To dana@example.com/)).toBeInTheDocument();
    const names = Array.from(document.querySelectorAll('summary')).map((summary) => summary.textContent);
    expect(names).toEqual([
      'Show the message: Your Quote Analysis is Ready!, to dana@example.com',
      'Show the message: Confirm your Refi Buddy alerts, to lee@example.com',
    ]);
    expect(screen.getByRole('link', { name: 'http://site/rate-results?qr=1', hidden: true })).toHaveAttribute('href', 'http://site/rate-results?qr=1');
    expect(screen.getByRole('link', { name: 'http://site/refi-buddy/confirm?token=abc', hidden: true })).toHaveAttribute(
      'href',
      'http://site/refi-buddy/confirm?token=abc',
    );
  });

  it("shows each request's tool, loan type and instant grade (issue 25 §5)", async () => {
    const quote = makeQuoteRequest().visitor_quotes[0];
    dashboard({
      'GET /api/admin/quote-requests/pending': ok([
        makeQuoteRequest({ id: 'review-1', zip_code: '84060', visitor_quotes: [quote], broker_rate: 6.5, instant_grade: makeInstantGrade({ grade: 'B' }) }),
        makeQuoteRequest({ id: 'shop-1', zip_code: '84790', visitor_quotes: [], broker_rate: null, user_uploaded_quote_url: null, instant_grade: null }),
        makeQuoteRequest({
          id: 'refi-1', zip_code: '84010', loan_type: 'refinance', cash_out: true, visitor_quotes: [], broker_rate: null, instant_grade: null,
          user_uploaded_quote_url: null, email: 'owner@example.com', refi_intent: 'get_notified',
          current_mortgage: { ...(makeQuoteRequest().current_mortgage ?? {}), rate: 7.25 } as Schema<'QuoteRequest'>['current_mortgage'],
        }),
      ]),
    });
    renderApp('/admin');
    const pending = await screen.findByRole('region', { name: 'Pending Analysis' });
    const cells = async (zip: string) => {
      const row = await within(pending).findByRole('row', { name: new RegExp(zip) });
      return within(row).getAllByRole('cell').slice(1, 3).map((cell) => cell.textContent);
    };
    expect(await cells('84060')).toEqual(['Quote reviewPurchase', 'B']);
    expect(await cells('84790')).toEqual(['Shop RatesPurchase', '—']);
    expect(await cells('84010')).toEqual(['Refi BuddyCash-out refinance', '—']);
  });

  it('writes phone numbers as people do (issue 25 §5)', async () => {
    dashboard({ 'GET /api/admin/contact-requests': ok([{ ...question, phone: '+18015550123' }]) });
    renderApp('/admin');
    expect(await screen.findByText(/Phone: \(801\) 555-0123/, {})).toBeInTheDocument();
  });
});

describe('Send Email', () => {
  function openRequest(sendEmail: Reply) {
    const api = mockApi({
      ...signedInAs(BROKER),
      [`GET /api/admin/quote-requests/${REQUEST_ID}`]: ok(makeQuoteRequest({ email: 'dana@example.com' })),
      [`GET /api/analysis/request/${REQUEST_ID}`]: notFound,
      'GET /api/analysis-suggestions': ok({ recommendations: [], pros: [], cons: [] }),
      [`GET /api/admin/quote-requests/${REQUEST_ID}/email-copy`]: ok({
        subject: 'Your Quote Analysis is Ready!',
        body: 'Good news!\n\nSee your results: http://site/rate-results/?qr=1\n\nHave a question?',
        results_url: 'http://site/rate-results/?qr=1',
      }),
      'POST /api/send-email': sendEmail,
    });
    return { ...renderApp(`/admin/analysis/${REQUEST_ID}`), api };
  }

  it('offers the notice template and confirms the send', async () => {
    const success = vi.spyOn(toast, 'success');
    const { user, api } = openRequest({ status: 202, body: { id: 'mail-1' } });
    const form = await screen.findByRole('form', { name: 'Send Email' });
    expect(within(form).getByLabelText('To')).toHaveValue('dana@example.com');
    expect(within(form).getByLabelText('Subject')).toHaveValue('Your Quote Analysis is Ready!');
    expect(within(form).getByLabelText('Button Link')).toHaveValue('http://site/rate-results/?qr=1');
    expect(within(form).getByLabelText('Button Text')).toHaveValue('View Your Results');
    expect(within(form).getByLabelText('Message')).toHaveAttribute('rows', '3');
    // Prefilled from the Email Copy (issue 14, defect 11); the broker may edit it. The button
    // carries the results link: the message does not repeat it (issue 25 §5).
    expect(within(form).getByLabelText('Message')).toHaveValue('Good news!\n\nHave a question?');
    await user.clear(within(form).getByLabelText('Message'));
    await user.type(within(form).getByLabelText('Message'), 'Your analysis is ready.');
    await user.click(within(form).getByRole('button', { name: 'Send Email' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Email sent successfully'));
    expect(api.callsTo('POST', '/api/send-email')[0].body).toEqual({
      to: 'dana@example.com',
      subject: 'Your Quote Analysis is Ready!',
      message: 'Your analysis is ready.',
      button_link: 'http://site/rate-results/?qr=1',
      button_text: 'View Your Results',
      state: 'UT',
      quote_request_id: REQUEST_ID,
      marketing: false,
    });
  });

  it('marks a marketing e-mail as such, and shows the unsubscribe refusal on To (issue 26)', async () => {
    const refusal = 'This address unsubscribed from our e-mails on October 3, 2026: a marketing e-mail cannot be sent to it.';
    const { user, api } = openRequest({ status: 400, body: { error: 'Please check the e-mail', fields: { to: refusal } } });
    const form = await screen.findByRole('form', { name: 'Send Email' });
    const marketing = within(form).getByRole('checkbox', { name: /Marketing e-mail/ });
    expect(marketing).not.toBeChecked();
    await user.click(marketing);
    await user.click(within(form).getByRole('button', { name: 'Send Email' }));
    expect(await within(form).findByText(refusal)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/send-email')[0].body).toMatchObject({ marketing: true });
  });

  it("shows the server's message on the field, and 'Failed to send email' in a toast", async () => {
    const failure = vi.spyOn(toast, 'error');
    const { user } = openRequest({ status: 400, body: { error: 'Please check the e-mail', fields: { to: 'Please enter a valid email address' } } });
    const form = await screen.findByRole('form', { name: 'Send Email' });
    await user.click(within(form).getByRole('button', { name: 'Send Email' }));
    expect(await within(form).findByText('Please enter a valid email address')).toBeInTheDocument();
    // The field says what to fix; no vague summary beside it (issue 14, defect 11).
    expect(within(form).queryByText('Please check the e-mail')).not.toBeInTheDocument();
    expect(failure).toHaveBeenCalledWith('Failed to send email');
  });

  it("refuses an empty message on the field with 'Please enter a message', sending nothing (issue 14, defect 11)", async () => {
    const { user, api } = openRequest({ status: 202, body: { id: 'mail-2' } });
    const form = await screen.findByRole('form', { name: 'Send Email' });
    await user.clear(within(form).getByLabelText('Message'));
    await user.click(within(form).getByRole('button', { name: 'Send Email' }));
    expect(await within(form).findByText('Please enter a message')).toBeInTheDocument();
    expect(within(form).queryByText('Please check the e-mail')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/send-email')).toHaveLength(0);
  });
});

describe('Refi Buddy watches', () => {
  it("'Run now' evaluates the watches and says what it found in a toast", async () => {
    const success = vi.spyOn(toast, 'success');
    const api = dashboard({ 'POST /api/admin/refi-watches/run': ok({ watches: 3, alerts: 1, queued: 1, held_for_fresh_data: 0 }) });
    const { user } = renderApp('/admin');
    const watches = await screen.findByRole('region', { name: 'Refi Buddy Watches' });
    await user.click(within(watches).getByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Refi Buddy checked 3 watches: 1 new alert, 1 e-mail queued'));
    expect(api.callsTo('POST', '/api/admin/refi-watches/run')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/refi-watches').length).toBeGreaterThan(1));
  });

  it('says how many alerts wait for fresh market data (issue 25)', async () => {
    const success = vi.spyOn(toast, 'success');
    const held = { quote_request_id: 'w-1', email: 'held@example.com', balance: 300000, current_rate: 6.5, current_payment: 2613.32 };
    dashboard({
      'GET /api/admin/refi-watches': ok([
        { ...held, loan_program: '15-year-fixed', last_alert: null, held_for_fresh_data: true },
        { ...held, quote_request_id: 'w-2', email: 'other@example.com', loan_program: '30-year-fixed', last_alert: null, held_for_fresh_data: false },
      ]),
      'POST /api/admin/refi-watches/run': ok({ watches: 2, alerts: 0, queued: 0, held_for_fresh_data: 1 }),
    });
    const { user } = renderApp('/admin');
    const watches = await screen.findByRole('region', { name: 'Refi Buddy Watches' });
    expect(await within(watches).findByText(/^1 alert is waiting for fresh market data \(the series is more than 14 days old\)/)).toHaveRole('status');
    expect(within(watches).getByText('Waiting for fresh market data')).toBeInTheDocument();
    await user.click(within(watches).getByRole('button', { name: 'Run now' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        'Refi Buddy checked 2 watches: 0 new alerts, 0 e-mails queued; 1 alert is waiting for fresh market data (the series is more than 14 days old)',
      ),
    );
  });

  it('says so in a toast when the run fails', async () => {
    const failure = vi.spyOn(toast, 'error');
    dashboard({ 'POST /api/admin/refi-watches/run': { status: 500, body: { error: 'Internal error' } } });
    const { user } = renderApp('/admin');
    const watches = await screen.findByRole('region', { name: 'Refi Buddy Watches' });
    await user.click(within(watches).getByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith('Refi Buddy run failed'));
  });
});
