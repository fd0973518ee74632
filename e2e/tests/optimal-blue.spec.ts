import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { startDevServer, type DevServer } from './dev-server';
import { expectAccessible } from './helpers';

// Issue 15, part 3: with a FRED key the instant grade of a 30-year conforming
// quote is measured against Optimal Blue's daily rate for its credit-score and
// loan-to-value band, and the results page cites FRED. A second copy of the
// real binary runs with a key against a local stand-in for FRED that replays
// the recorded answers of internal/rates/testdata (FRED's documented
// series/observations JSON), their days moved so the newest is yesterday: the
// grade uses only a figure at most 14 days old.

const root = path.resolve(import.meta.dirname, '../..');
const fredPort = Number(process.env.QG_E2E_PORT) + 30;
const port = Number(process.env.QG_E2E_PORT) + 31;
const base = `http://127.0.0.1:${port}`;
const recordedNewest = Date.UTC(2026, 4, 22); // the recorded answers' last day, May 22, 2026
let fred: Server;
let keyed: DevServer | undefined;

function dayText(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** FRED's answer for a series, from the recording, each day moved by shift days. */
function replay(seriesId: string, shift: number): string {
  const file = path.join(root, 'internal/rates/testdata', `fred-${seriesId.toLowerCase()}.json`);
  const body = JSON.parse(readFileSync(file, 'utf8'));
  for (const o of body.observations) o.date = dayText(Date.parse(`${o.date}T00:00:00Z`) + shift * 86_400_000);
  return JSON.stringify(body);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const shift = Math.round((today - 86_400_000 - recordedNewest) / 86_400_000);
  fred = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${fredPort}`);
    const id = url.searchParams.get('series_id') ?? '';
    if (url.pathname !== '/series/observations' || url.searchParams.get('api_key') !== 'e2e-key' || !/^OBMMIC30YF\w*$/.test(id)) {
      res.writeHead(400, { 'Content-Type': 'application/json' }).end('{"error_code":400,"error_message":"Bad Request."}');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(replay(id, shift));
  });
  fred.listen(fredPort, '127.0.0.1');
  await once(fred, 'listening');
  keyed = await startDevServer(port, undefined, { QG_FRED_API_KEY: 'e2e-key', QG_FRED_URL: `http://127.0.0.1:${fredPort}`, QG_WRITE_RATE_LIMIT: '100000' });
});

test.afterAll(async () => {
  await keyed?.stop();
  fred?.close();
});

const scenario = {
  loanType: 'purchase', isFirstHome: true, propertyType: 'primary', propertyStyle: 'single', militaryService: false,
  zipCode: '84101', state: 'UT', keystone_consideration: 'open', questions: [],
};

/** Submits a request to the keyed copy and returns its id. */
async function submitToKeyed(request: APIRequestContext, payload: Record<string, unknown>): Promise<string> {
  const res = await request.post(`${base}/api/quote-requests/submit`, { data: { ...scenario, ...payload } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id;
}

test("a 30-year conforming quote is graded against Optimal Blue's band, and the page cites FRED", async ({ page, request }) => {
  // 450,000 with 45,000 down (90% loan-to-value), credit 742: the "over 80%, 740 or more" band, whose newest recorded
  // figure is 6.160% (its last recorded day is FRED's "." for missing, so the day before).
  const id = await submitToKeyed(request, { creditScore: 742, purchasePrice: 450000, downPayment: 45000, downPaymentPercent: 10,
    brokerRate: 6.625, brokerLenderFees: 4050 });
  await expect
    .poll(async () => (await (await request.get(`${base}/api/quote-requests/${id}`)).json()).instant_grade?.benchmark, {
      message: "the grade uses Optimal Blue's band once the bands are read", timeout: 30_000,
    })
    .toBe('optimal_blue');
  await page.goto(`${base}/rate-results?qr=${id}`);
  const estimate = page.getByRole('region', { name: 'Instant estimate' });
  await expect(estimate).toContainText('the average rate borrowers with your credit score and loan-to-value locked on');
  await expect(estimate).toContainText(
    'Source: Optimal Blue, 30-Year Fixed Rate Conforming Mortgage Index: Loan-to-Value Greater Than 80, FICO Score Greater Than 740 [OBMMIC30YFLVGT80FGE740], retrieved from FRED, Federal Reserve Bank of St. Louis; https://fred.stlouisfed.org/series/OBMMIC30YFLVGT80FGE740',
  );
  await estimate.getByRole('button', { name: 'How we worked this out' }).click();
  // The quote's rate with its APR, the expected and index rates as what they are (issue 26).
  await expect(estimate).toContainText(
    /Your rate of 6\.625% \(\d\.\d+% APR\) is 0\.465 percentage points above the 6\.16% \(an interest rate, not an APR\) we expect for your scenario: the Optimal Blue 30-year fixed conforming index for credit scores of 740 or more and loan-to-value over 80%/,
  );
  await expect(estimate).toContainText('which already reflects your 742 credit score and 90% loan-to-value, so no adjustment is added.');
  await expect(estimate.locator('[data-grade]')).toHaveAttribute('data-grade', 'C');
  // The citation wraps on a phone instead of widening the page.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAccessible(page, 'the instant estimate against an Optimal Blue band');
});

test('a jumbo loan falls back to the weekly survey and the LLPA grid, says why, and cites nothing', async ({ page, request }) => {
  // 1,100,000 with 110,000 down: a 990,000 loan, above the 832,750 conforming limit.
  const id = await submitToKeyed(request, { creditScore: 742, purchasePrice: 1100000, downPayment: 110000, downPaymentPercent: 10, brokerRate: 6.625 });
  await page.goto(`${base}/rate-results?qr=${id}`);
  const estimate = page.getByRole('region', { name: 'Instant estimate' });
  await expect(estimate).toContainText('We compared your quote with the national average rate for the week of May 14, 2026');
  await estimate.getByRole('button', { name: 'How we worked this out' }).click();
  await expect(estimate).toContainText(
    "Your loan is above the $832,750 conforming loan limit that Optimal Blue's conforming index covers, so we use the Freddie Mac weekly average adjusted by the LLPA grid instead.",
  );
  await expect(estimate).not.toContainText('retrieved from FRED');
});
