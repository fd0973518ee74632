import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Schema } from '@/lib/api-client';
import { BROKER, signedInAs } from '@/testing/auth';
import { liveRegion } from '@/testing/live-region';
import { emptyDashboard, mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

vi.setConfig({ testTimeout: 20_000 });

const FRED = 'observation_date,MORTGAGE30US\n2026-10-29,6.17\n2026-11-19,6.09\n';
const FILE_LABEL = 'Market data file (CSV, up to 2 MB)';

const preview: Schema<'MarketDataPreview'> = {
  format: 'FRED CSV',
  weeks: 2,
  firstWeek: '2026-10-29',
  lastWeek: '2026-11-19',
  latest30: { week: '2026-11-19', rate: 6.09 },
  newWeeks: 1,
  changedWeeks: 1,
  unchangedWeeks: 0,
  gaps: [{ series: '30', from: '2026-11-05', to: '2026-11-12', weeks: 2 }],
  missingWeeks: 2,
  applied: false,
};

const GOOD_WEEK: Schema<'StoredMarketWeek'> = { week: '2026-11-19', rate30: 6.09, rate15: 5.33, source: 'FRED', problem: '' };
const WRONG_WEEK: Schema<'StoredMarketWeek'> = {
  week: '9999-12-30',
  rate30: 1.1,
  source: 'FRED CSV import',
  problem: "the week of 9999-12-30 is after today: the survey publishes each week's figure on its Thursday",
};

function marketDataPage(extra: Parameters<typeof mockApi>[0] = {}, url = '/admin/market-data') {
  let applied = false;
  const api = mockApi({
    ...signedInAs(BROKER),
    'GET /api/health': () =>
      ok({ status: 'ok', version: 'test', market_data: applied ? { week: '2026-11-19', age_days: 5, stale: false, series: [] } : { week: '2026-05-14', age_days: 193, stale: true, series: [] } }),
    'POST /api/admin/market-data/preview': ok(preview),
    'POST /api/admin/market-data/apply': () => {
      applied = true;
      return ok({ ...preview, applied: true });
    },
    ...emptyDashboard,
    'GET /api/admin/market-rates/weeks': ok({ weeks: [GOOD_WEEK] }),
    ...extra,
  });
  const app = renderApp(url);
  return { api, ...app };
}

const csv = (text: string, name = 'MORTGAGE30US.csv') => new File([text], name, { type: 'text/csv' });

describe('the Market data page', () => {
  it('is in the broker navigation', async () => {
    marketDataPage();
    const nav = await screen.findByRole('navigation', { name: 'Broker' });
    expect(within(nav).getByRole('link', { name: 'Market data' })).toHaveAttribute('href', '/admin/market-data');
    expect(screen.getByRole('heading', { level: 1, name: 'Market data' })).toBeInTheDocument();
  });

  it('previews a chosen file, stores nothing until applied, then applies the same file', async () => {
    const { api, user } = marketDataPage();
    await user.upload(await screen.findByLabelText(FILE_LABEL, {}), csv(FRED));

    const card = await screen.findByRole('region', { name: 'Preview of MORTGAGE30US.csv' });
    expect(api.callsTo('POST', '/api/admin/market-data/preview')[0].body).toBe(FRED);
    expect(api.callsTo('POST', '/api/admin/market-data/apply')).toHaveLength(0);
    const fact = (term: string) => within(card).getByText(term).nextElementSibling?.textContent;
    expect(fact('File')).toBe('FRED CSV');
    expect(fact('Weeks found')).toBe('2');
    expect(fact('First week')).toBe('October 29, 2026');
    expect(fact('Last week')).toBe('November 19, 2026');
    expect(fact('Latest 30-year')).toBe('6.09% (week of November 19, 2026)');
    expect(fact('Latest 15-year')).toBe('none in the file');
    expect(fact('New weeks')).toBe('1');
    expect(fact('Changed weeks')).toBe('1');
    expect(fact('Unchanged weeks')).toBe('0');
    // No gap hidden: each run of missing weeks is listed.
    expect(within(card).getByRole('list', { name: 'Missing weeks' })).toHaveTextContent('30-year: 2 weeks, November 5, 2026 to November 12, 2026');

    await user.click(within(card).getByRole('button', { name: 'Apply these figures' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Applied: 2 weeks from MORTGAGE30US.csv are stored; the instant grade and Refi Buddy now use the 30-year 6.09% of the week of November 19, 2026.',
    );
    expect(api.callsTo('POST', '/api/admin/market-data/apply')[0].body).toBe(FRED);
    expect(within(card).queryByRole('button', { name: 'Apply these figures' })).not.toBeInTheDocument();
    // Back on the dashboard, the market data's age is read again: no longer old.
    const healthReads = api.callsTo('GET', '/api/health').length;
    await user.click(screen.getByRole('link', { name: 'Back to the dashboard' }));
    await screen.findByRole('region', { name: 'Pending Analysis' });
    await waitFor(() => expect(api.callsTo('GET', '/api/health').length).toBeGreaterThan(healthReads));
    expect(screen.queryByText(/Market data is/)).not.toBeInTheDocument();
  });

  it("moves focus to the preview's heading, saying what it found, then to the applied message (issue 25 §4)", async () => {
    const { user } = marketDataPage();
    const region = liveRegion();
    await user.upload(await screen.findByLabelText(FILE_LABEL, {}), csv(FRED));
    const title = await screen.findByRole('heading', { level: 2, name: 'Preview of MORTGAGE30US.csv' });
    await waitFor(() => expect(title).toHaveFocus());
    expect(region).toHaveTextContent('Preview of MORTGAGE30US.csv: 2 weeks found. Nothing is stored until you apply.');
    await user.click(screen.getByRole('button', { name: 'Apply these figures' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent(/^Applied: 2 weeks from MORTGAGE30US.csv are stored/);
  });

  it('shows a refused file with its problems by line, in line order, and offers no apply', async () => {
    const { user } = marketDataPage({
      'POST /api/admin/market-data/preview': {
        status: 400,
        body: {
          error: 'Nothing was imported: the file has 2 problems; line 3: date "soon" is not YYYY-MM-DD or M/D/YYYY',
          fields: { 'line 12': 'the 30-year rate 61.7% is outside 1% to 20%', 'line 3': 'date "soon" is not YYYY-MM-DD or M/D/YYYY' },
        },
      },
    });
    await user.upload(await screen.findByLabelText(FILE_LABEL, {}), csv('observation_date,MORTGAGE30US\n'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nothing was imported: the file has 2 problems; line 3');
    const lines = within(alert).getAllByRole('listitem').map((item) => item.textContent);
    expect(lines).toEqual(['Line 3: date "soon" is not YYYY-MM-DD or M/D/YYYY', 'Line 12: the 30-year rate 61.7% is outside 1% to 20%']);
    expect(screen.queryByRole('button', { name: 'Apply these figures' })).not.toBeInTheDocument();
  });

  it('refuses a file over 2 MB before sending it', async () => {
    const { api, user } = marketDataPage();
    await user.upload(await screen.findByLabelText(FILE_LABEL, {}), csv('x'.repeat(2 * 1024 * 1024 + 1)));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is larger than 2 MB. Nothing was imported.');
    expect(api.callsTo('POST', '/api/admin/market-data/preview')).toHaveLength(0);
  });
});

describe('the Stored weeks card', () => {
  it('shows a wrong week with its problem and removes it after asking', async () => {
    let removed = false;
    const { api, user } = marketDataPage({
      'GET /api/admin/market-rates/weeks': () => ok({ weeks: removed ? [GOOD_WEEK] : [WRONG_WEEK, GOOD_WEEK] }),
      'DELETE /api/admin/market-rates/9999-12-30': () => {
        removed = true;
        return { status: 204 };
      },
    });
    const card = await screen.findByRole('region', { name: 'Stored weeks' });
    expect(await within(card).findByText(/One week is wrong/)).toBeInTheDocument();
    const rows = within(card).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('9999-12-30');
    expect(rows[1]).toHaveTextContent('Wrong: the week of 9999-12-30 is after today');
    expect(rows[2]).toHaveTextContent('2026-11-19');
    expect(rows[2]).toHaveTextContent('OK');

    await user.click(within(card).getByRole('button', { name: 'Remove the week of 9999-12-30' }));
    expect(api.callsTo('DELETE', '/api/admin/market-rates/9999-12-30')).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Remove this week' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/admin/market-rates/9999-12-30')).toHaveLength(1));
    await waitFor(() => expect(within(card).queryByText('9999-12-30')).not.toBeInTheDocument());
    expect(within(card).queryByText(/is wrong/)).not.toBeInTheDocument();
  });
});

describe('the dashboard warning', () => {
  it('links old market data to the Market data page', async () => {
    marketDataPage({}, '/admin');
    const alert = await screen.findByRole('alert', {});
    expect(within(alert).getByRole('link', { name: 'Market data' })).toHaveAttribute('href', '/admin/market-data');
  });
});
