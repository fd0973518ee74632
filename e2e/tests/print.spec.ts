import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { brokerToken, openPage, saveAnalysis, submitRequest, threeQuoteRequest } from './helpers';

// Issue 15: a visitor prints the results page to take it to their lender.
test('the printed results page keeps the analysis and what was entered, without the site\'s navigation, footer or buttons', async ({ page, request }) => {
  const id = await submitRequest(request, {
    loanType: 'purchase', isFirstHome: true, propertyType: 'primary', propertyStyle: 'single', militaryService: false, zipCode: '84101',
    creditScore: 740, purchasePrice: 450000, downPayment: 45000, brokerRate: 6.875, brokerLenderFees: 3200,
  });
  await saveAnalysis(request, await brokerToken(request), id, {
    analysis: { lender: 'provident', grade: 'B', pros: ['A fixed rate for 30 years'], cons: ['Lender fees above typical'],
      recommendations: ['Ask your lender to match the recommended quote.'] },
    quotes: [{ rate: 6.5, lenderFees: 900, apr: 6.6, isRecommended: true }],
  });
  await page.goto(`/rate-results/?qr=${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Rate Quote Analysis' })).toBeVisible();
  const chrome = [
    page.getByRole('navigation', { name: 'Main' }),
    page.getByRole('contentinfo'),
    page.getByRole('button', { name: 'Speak to a Mortgage Expert' }),
    page.getByRole('button', { name: 'Start New Analysis' }),
    page.getByRole('button', { name: 'Request updated rates' }),
  ];
  const analysis = [
    page.locator('[data-grade="B"]'),
    page.getByText('Ask your lender to match the recommended quote.'),
    page.getByRole('heading', { name: 'Quote Comparison' }),
    page.getByRole('region', { name: 'Pros' }).getByText('A fixed rate for 30 years'),
    page.getByRole('region', { name: 'Cons' }).getByText('Lender fees above typical'),
    page.getByRole('region', { name: 'What you told us' }).getByText('$450,000'),
  ];
  // On screen everything is there, so the print view's absences are its own doing.
  for (const part of [...chrome, ...analysis]) await expect(part).toBeVisible();

  await page.emulateMedia({ media: 'print' });
  for (const part of chrome) await expect(part).toBeHidden();
  for (const part of analysis) await expect(part).toBeVisible();
});

// Issue 29 §3: the quotes side by side "print cleanly". A visitor prints their comparison of
// three quotes (or the example's) from a desktop browser: on paper, the table with every quote's
// lender, rate with its APR, monthly payment and cost at the horizon, the cheapest named in words,
// not the phone cards as well; the chart at its own size; no button, menu or form; nothing cut
// off at the right edge. The PDF Chromium prints is read back with pdftotext (poppler-utils).

type ComparedQuote = { index: number; name: string; rate: number; apr: number; monthly_payment: number; cost_at_horizon: number; rank: number; lender_costs: number };
type Comparison = { quotes: ComparedQuote[]; summary: string; horizon_months: number };

// As the page writes them (web/src/lib/format.ts).
const money = (amount: number) => {
  const digits = Math.round(amount * 100) % 100 === 0 ? 0 : 2;
  return amount.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: digits, maximumFractionDigits: digits });
};
const rate = (value: number) => `${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 3 })}%`;

// The width a page leaves the content: A4, the narrower of A4 and Letter, less the 1.5cm margins (index.css @page), in CSS pixels.
const A4_CONTENT_WIDTH = Math.floor(((210 - 2 * 15) / 25.4) * 96);
const PDF_MARGIN_POINTS = (15 / 25.4) * 72;

/** Every word pdftotext finds, with its box in points, and each page's width. */
function pdfWords(pdf: string): { pages: { width: number; words: { text: string; xMax: number }[] }[] } {
  const out = spawnSync('pdftotext', ['-bbox', pdf, '-'], { encoding: 'utf8' });
  if (out.error) throw new Error(`pdftotext is missing: install poppler-utils (apt-get install poppler-utils) to read the printed page (${out.error.message})`);
  expect(out.status, out.stderr).toBe(0);
  const pages = out.stdout.split('<page ').slice(1).map((page) => ({
    width: Number(/width="([\d.]+)"/.exec(page)![1]),
    words: [...page.matchAll(/<word xMin="[\d.]+" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g)].map((m) => ({ xMax: Number(m[1]), text: m[2] })),
  }));
  return { pages };
}

function pdfText(pdf: string): string {
  const out = spawnSync('pdftotext', [pdf, '-'], { encoding: 'utf8' });
  if (out.error) throw new Error(`pdftotext is missing: install poppler-utils (apt-get install poppler-utils) to read the printed page (${out.error.message})`);
  return out.stdout.replace(/\s+/g, ' ').replaceAll('&amp;', '&');
}

/** Prints the page as a desktop's visitor would and checks the comparison on paper; answers the Letter PDF's text. */
async function expectComparisonPrintsCleanly(page: Page, testInfo: TestInfo, comparison: Comparison, title: string, cardsName: string): Promise<string> {
  const quotes = [...comparison.quotes].sort((a, b) => a.index - b.index);
  const cheapest = quotes.find((q) => q.rank === 1)!;
  const years = comparison.horizon_months / 12;
  const compared = page.getByRole('region', { name: title });
  const chart = compared.getByRole('img', { name: /^Cost of each quote over the years/ });
  // On screen, a desktop's: the table, the chart, the site's menu and footer. What goes on paper is print's doing.
  await expect(compared.getByRole('table')).toBeVisible();
  await expect(chart.locator('svg.recharts-surface').last()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  const screenControls = await page.locator('main').locator('button:visible, input:visible, select:visible, textarea:visible').count();
  expect(screenControls).toBeGreaterThan(0);

  await page.emulateMedia({ media: 'print' });
  // The table in full, once: every quote's lender, rate with its APR, monthly payment and cost at the horizon.
  const table = compared.getByRole('table', { name: new RegExp(`compared over ${years} years`) });
  await expect(table).toBeVisible();
  await expect(compared.getByRole('list', { name: cardsName })).toBeHidden();
  await expect(compared).toContainText(`${cheapest.name} is the cheapest over the ${years} years you expect to keep the loan`);
  await expect(table.getByRole('columnheader', { name: /Cheapest/ })).toHaveText(new RegExp(`^${cheapest.name}`));
  const cells = (label: string) => table.getByRole('row', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) }).getByRole('cell');
  await expect(table.getByRole('columnheader')).toHaveText(['Figure', ...quotes.map((q) => new RegExp(`^${q.name}`))]);
  await expect(cells('Rate (APR)')).toHaveText(quotes.map((q) => `${rate(q.rate)} (${q.apr.toFixed(3)}% APR)`));
  await expect(cells('Monthly payment')).toHaveText(quotes.map((q) => new RegExp(`^${money(q.monthly_payment).replace('$', '\\$')}`)));
  await expect(cells(`Cost over ${years} years`)).toHaveText(quotes.map((q) => money(q.cost_at_horizon)));

  // No button, form field, menu, footer or toast: on paper they are only boxes.
  await expect(page.locator('button:visible, input:visible, select:visible, textarea:visible, [role="button"]:visible')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.locator('[data-sonner-toaster]:visible')).toHaveCount(0);
  // Nor a link drawn as a button (the example's "Get Your Quote Analysis").
  await expect(page.locator('a:visible', { hasText: 'Get Your Quote Analysis' })).toHaveCount(0);

  // The chart is drawn at print width, not a wide window's drawing shrunk: its labels keep their 12px.
  const drawn = chart.locator('svg.recharts-surface').last();
  await expect(drawn).toHaveAttribute('width', '620');
  await expect(drawn).toHaveAttribute('viewBox', /^0 0 620 /);

  // On paper, A4 and Letter, printed from the desktop window: the figures are in the PDF's text, and no word runs into the right margin.
  let printedText = '';
  for (const format of ['A4', 'Letter'] as const) {
    const pdf = testInfo.outputPath(`printed-${format}.pdf`);
    await page.pdf({ path: pdf, format });
    const text = pdfText(pdf);
    printedText = text;
    expect(text).toContain(comparison.summary);
    for (const q of quotes) {
      for (const figure of [q.name, rate(q.rate), `${q.apr.toFixed(3)}%`, money(q.monthly_payment), money(q.cost_at_horizon)]) {
        expect(text, `${format}: ${q.name}'s ${figure}`).toContain(figure);
      }
    }
    const cut = pdfWords(pdf).pages.flatMap((p, n) =>
      p.words.filter((word) => word.xMax > p.width - PDF_MARGIN_POINTS + 1).map((word) => `page ${n + 1}: "${word.text}" ends at ${word.xMax}pt of ${p.width}pt`),
    );
    expect(cut, `${format}: words in the right margin or past the edge`).toEqual([]);
  }
  // Nothing past the right edge of an A4 page's content, the narrower of A4 and Letter.
  await page.setViewportSize({ width: A4_CONTENT_WIDTH, height: 1000 });
  const pastTheEdge = await page.evaluate((width) =>
    [...document.querySelectorAll('body *')]
      .filter((element) => element.checkVisibility() && element.getBoundingClientRect().right > width + 0.5)
      .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}" ends at ${Math.round(element.getBoundingClientRect().right)}px`),
  A4_CONTENT_WIDTH);
  expect(pastTheEdge, `wider than a printed page's ${A4_CONTENT_WIDTH}px`).toEqual([]);
  // Nor cut inside the page: no box that scrolls on screen hides part of what it holds on paper.
  const clipped = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      // A 1px box is for screen readers only (sr-only), not on paper.
      .filter((element) => element.checkVisibility() && element.clientWidth > 1 && getComputedStyle(element).overflowX !== 'visible' && element.scrollWidth > element.clientWidth + 1)
      .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}" shows ${element.clientWidth}px of ${element.scrollWidth}px`),
  );
  expect(clipped, 'cut off on paper').toEqual([]);
  return printedText;
}

test('a visitor prints their three quotes side by side: the whole table, the chart at its size, nothing cut off, no buttons', async ({ page, request }, testInfo) => {
  const id = await submitRequest(request, threeQuoteRequest);
  const comparison = (await (await request.get(`/api/quote-requests/${id}`)).json()).comparison as Comparison;
  expect(comparison.quotes).toHaveLength(3);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPage(page, `/rate-results/?qr=${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Quote Analysis is in Progress' })).toBeVisible();
  await expectComparisonPrintsCleanly(page, testInfo, comparison, 'Your quotes side by side', 'Your quotes');
});

test('the analysed three-quote results print the broker\'s table and the comparison whole', async ({ page, request }, testInfo) => {
  const id = await submitRequest(request, threeQuoteRequest);
  const token = await brokerToken(request);
  const comparison = (await (await request.get(`/api/quote-requests/${id}`)).json()).comparison as Comparison;
  await saveAnalysis(request, token, id, {
    analysis: { lender: 'provident', grade: 'B', pros: ['Three real offers'], cons: ['Points pay back late'], recommendations: ['Take the cheapest over seven years.'],
      quoteVerdicts: [...comparison.quotes].sort((a, b) => a.index - b.index).map((q) => ({ grade: q.rank === 1 ? 'A' : 'C', pros: [`${q.name}: a real offer`], cons: [`${q.name}: ranked ${q.rank} of 3`], recommended: false })),
      recommendationReason: 'Cheapest over the seven years you expect to keep the loan.' },
    quotes: comparison.quotes.map((q) => ({ rate: q.rate, lenderFees: q.lender_costs, mortgageInsurance: 0, apr: q.apr, isRecommended: q.rank === 1 })),
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPage(page, `/rate-results/?qr=${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Rate Quote Analysis' })).toBeVisible();
  const printed = await expectComparisonPrintsCleanly(page, testInfo, comparison, 'Your quotes side by side', 'Your quotes');
  // The broker's own table prints whole too, not its phone cards as well: its last column, cash to close, is on the paper.
  const brokers = page.getByRole('table', { name: /Your quote compared with lender alternatives/ });
  await expect(brokers).toBeVisible();
  await expect(page.getByRole('list', { name: 'Quotes, lowest rate first' })).toBeHidden();
  await expect(brokers.getByRole('columnheader', { name: 'Closing Costs' })).toBeVisible();
  await expect(brokers.getByRole('columnheader', { name: 'Cash to Close' })).toBeVisible();
  const cashToClose = await brokers.locator('tbody tr td:last-child').allTextContents();
  expect(cashToClose).toHaveLength(4);
  for (const amount of cashToClose) expect(printed).toContain(amount);
});

test('/example-results prints its three-quote comparison the same way', async ({ page, request }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPage(page, '/example-results');
  const compared = page.getByRole('region', { name: 'The example quotes side by side' });
  await expect(compared).toBeVisible();
  // The example's three quotes are stored as a request of their own (web/src/lib/constants.ts EXAMPLE_COMPARISON_REQUEST_ID).
  const example = (await (await request.get('/api/quote-requests/7c1e5f0a-9b2d-4e8f-a3c6-5d4b2e1f0a9d')).json()) as { comparison?: Comparison };
  expect(example.comparison?.quotes).toHaveLength(3);
  await expectComparisonPrintsCleanly(page, testInfo, example.comparison!, 'The example quotes side by side', 'The example quotes');
});
