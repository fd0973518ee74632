import { expect, test } from '@playwright/test';
import { expectAccessible } from './helpers';
import { startDevServer, type DevServer } from './dev-server';

// `make run` on a fresh machine: a development server makes three demo requests so
// the broker side has work; the broker must see they are demo data (issue 13). The buyer
// comparing three quotes comes analysed, with the broker's verdict on each (issue 29).
const DEMO_PURCHASE = 'd3e0b1a2-0c4f-4d5e-9a6b-7c8d9e0f1a21';
const DEMO_COMPARE = 'd3e0b1a2-0c4f-4d5e-9a6b-7c8d9e0f1a23';

let dev: DevServer;
test.beforeAll(async () => {
  dev = await startDevServer(Number(process.env.QG_E2E_PORT) + 20);
});
test.afterAll(async () => {
  await dev?.stop();
});

test('demo requests carry a Demo badge on the dashboard and on their page; a visitor\'s does not', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: dev.baseURL });
  const page = await context.newPage();
  const submitted = await page.request.post('/api/quote-requests/submit', {
    data: { loanType: 'purchase', isFirstHome: true, propertyType: 'primary', propertyStyle: 'single', militaryService: false, zipCode: '84101',
      creditScore: 700, purchasePrice: 400000, downPayment: 80000, brokerRate: 6.5, brokerLenderFees: 0 },
  });
  expect(submitted.status()).toBe(201);
  const visitorId = (await submitted.json()).id;

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Sign in as local admin' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Broker Dashboard' })).toBeVisible();
  const pending = page.getByRole('region', { name: 'Pending Analysis' });
  const rowOf = (id: string) => pending.getByRole('row').filter({ has: page.locator(`a[href="/admin/analysis/${id}"]`) });
  await expect(rowOf(DEMO_PURCHASE).getByText('Demo', { exact: true })).toBeVisible();
  await expect(rowOf(visitorId)).toBeVisible();
  await expect(rowOf(visitorId).getByText('Demo', { exact: true })).toHaveCount(0);
  // Three demo requests, and only they, are marked: two pending, the comparison analysed.
  await expect(pending.getByText('Demo', { exact: true })).toHaveCount(2);
  const analyzed = page.getByRole('region', { name: 'Analyzed Requests' });
  await expect(
    analyzed.getByRole('row').filter({ has: page.locator(`a[href="/admin/analysis/${DEMO_COMPARE}"]`) }).getByText('Demo', { exact: true }),
  ).toBeVisible();
  await expectAccessible(page, 'the dashboard with demo requests');

  await rowOf(DEMO_PURCHASE).getByRole('link', { name: /^Analyze/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Analyze Quote Request' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Demo', { exact: true })).toBeVisible();
  await expectAccessible(page, 'a demo request\'s page');
  await page.goto(`/admin/analysis/${visitorId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Analyze Quote Request' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Demo', { exact: true })).toHaveCount(0);

  // The demo comparison's results show the broker's verdict on all three quotes.
  await page.goto(`/rate-results?qr=${DEMO_COMPARE}`);
  const verdicts = page.getByRole('list', { name: 'Verdicts' });
  await expect(verdicts.getByRole('listitem', { name: /: grade / })).toHaveCount(3);
  await expect(verdicts.getByRole('listitem', { name: 'Bonneville Bank: grade A, recommended' })).toBeVisible();
  await expect(verdicts.getByRole('listitem', { name: 'Wasatch Home Loans: grade B' })).toBeVisible();
  await expect(verdicts.getByRole('listitem', { name: 'Uinta Credit Union: grade B' })).toBeVisible();
  await expectAccessible(page, "the demo comparison's results with three verdicts");
  await context.close();
});
