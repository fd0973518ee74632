import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import UPNG from 'upng-js';
import { startDevServer, type DevServer } from '../tests/dev-server';

// The README's screenshots (docs/screenshots/), taken from the real binary as
// `make run` starts it, with its demo data: the home page, a results page with
// the broker's analysis at 1280 and 390 px, and the broker's editor.
const DEMO_PURCHASE = 'd3e0b1a2-0c4f-4d5e-9a6b-7c8d9e0f1a21';
const out = path.resolve(import.meta.dirname, '../../docs/screenshots');

let dev: DevServer;
test.beforeAll(async () => {
  // Links in the pictures name the address `make run` serves, whatever port this run took.
  dev = await startDevServer(20000 + Math.floor(Math.random() * 20000), 'http://127.0.0.1:8080');
});
test.afterAll(async () => {
  await dev?.stop();
});

/** A page at one width, with nothing moving (no confetti, no fade-ins), so the picture is the settled page. */
async function pageAt(browser: Browser, width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: dev.baseURL, viewport: { width, height }, reducedMotion: 'reduce', deviceScaleFactor: 1 });
  return context.newPage();
}

/** Writes the visible part of the page as a PNG of at most 256 colours: a fraction of Chromium's size, and text stays sharp. */
async function shoot(page: Page, name: string) {
  const raw = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  const decoded = UPNG.decode(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength) as ArrayBuffer);
  const small = UPNG.encode(UPNG.toRGBA8(decoded), decoded.width, decoded.height, 256);
  writeFileSync(path.join(out, name), Buffer.from(small));
  console.log(`${name}: ${decoded.width}x${decoded.height}, ${Math.round(raw.byteLength / 1024)} kB as taken, ${Math.round(small.byteLength / 1024)} kB written`);
}

test('the README screenshots', async ({ browser }) => {
  // The broker analyses the demo purchase as a broker would, through the API.
  const broker = await pageAt(browser, 1280, 1500);
  expect((await broker.request.post('/api/auth/local-admin')).status()).toBe(204);
  const token = (await (await broker.request.post('/api/auth/token')).json()).access_token;
  const saved = await broker.request.post(`/api/admin/quote-requests/${DEMO_PURCHASE}/analysis`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      analysis: {
        lender: 'provident', grade: 'C',
        pros: ['A fixed rate for 30 years', 'Mortgage insurance is in line with a 5% down payment'],
        cons: ['Lender fees are about $2,000 above typical', 'The rate is 0.5% above what similar borrowers are offered'],
        recommendations: ['Ask your lender to match the recommended quote below, or let us introduce you to ours.'],
        answers: ['They are on the high side: $3,900 where $1,500 to $2,000 is usual for this loan.'],
      },
      quotes: [
        { rate: 6.625, lenderFees: 450, apr: 6.79, mortgageInsurance: 190, isRecommended: true },
        { rate: 6.75, lenderFees: 1200, apr: 6.86, mortgageInsurance: 190, isRecommended: false },
      ],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  const home = await pageAt(browser, 1280, 900);
  await home.goto('/');
  await expect(home.getByRole('heading', { level: 1 })).toBeVisible();
  await shoot(home, 'home.png');

  for (const [width, height] of [[1280, 1100], [390, 1200]]) {
    const results = await pageAt(browser, width, height);
    await results.goto(`/rate-results/?qr=${DEMO_PURCHASE}`);
    await expect(results.getByRole('heading', { level: 1, name: 'Your Rate Quote Analysis' })).toBeVisible();
    await expect(results.locator('[data-grade="C"]')).toBeVisible();
    await shoot(results, `results-${width}.png`);
  }

  await broker.goto(`/admin/analysis/${DEMO_PURCHASE}`);
  await expect(broker.getByRole('heading', { name: 'Edit Analysis' })).toBeVisible();
  await shoot(broker, 'editor.png');
});
