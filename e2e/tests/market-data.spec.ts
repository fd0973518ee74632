import { expect, test } from '@playwright/test';
import { startDevServer, type DevServer } from './dev-server';
import { expectAccessible } from './helpers';

// Issue 15: market data that stays fresh without a developer. The broker
// uploads a FRED CSV on the Market data page, previews it and applies it; the
// dashboard's figure and age change at once. On a server of its own: the other
// journeys grade against the bundled snapshot the shared server keeps.

test.describe.configure({ mode: 'serial' });

let dev: DevServer;
test.beforeAll(async () => {
  dev = await startDevServer(Number(process.env.QG_E2E_PORT) + 37);
});
test.afterAll(async () => {
  await dev?.stop();
});

const iso = (d: Date) => d.toISOString().slice(0, 10);
const long = (d: Date) => d.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** The last four survey Thursdays up to today, oldest first. */
function recentThursdays(): Date[] {
  const day = new Date(`${iso(new Date())}T00:00:00Z`);
  while (day.getUTCDay() !== 4) day.setUTCDate(day.getUTCDate() - 1);
  return [21, 14, 7, 0].map((back) => new Date(day.getTime() - back * 24 * 3600 * 1000));
}

test('a broker uploads a FRED CSV, previews it, applies it, and the dashboard shows the new week', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: dev.baseURL });
  const page = await context.newPage();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Sign in as local admin' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Broker Dashboard' })).toBeVisible();
  // The bundled snapshot: months old, and the dashboard says so.
  await expect(page.getByRole('alert').filter({ hasText: /Market data is \d+ days old/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /30-year fixed: 6\.36% in the week of May 14, 2026/ })).toBeVisible();

  await page.getByRole('navigation', { name: 'Broker' }).getByRole('link', { name: 'Market data' }).click();
  await expect(page).toHaveURL(/\/admin\/market-data$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Market data' })).toBeVisible();
  await expectAccessible(page, 'the Market data page');

  // FRED's export of MORTGAGE30US, one week not published yet (".").
  const [w1, w2, w3, w4] = recentThursdays();
  const csv = `observation_date,MORTGAGE30US\n${iso(w1)},5.30\n${iso(w2)},5.25\n${iso(w3)},.\n${iso(w4)},5.10\n`;
  await page.getByLabel('Market data file (CSV, up to 2 MB)').setInputFiles({ name: 'MORTGAGE30US.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  const preview = page.getByRole('region', { name: 'Preview of MORTGAGE30US.csv' });
  await expect(preview).toBeVisible();
  const fact = (term: string) => preview.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(fact('File')).toHaveText('FRED CSV');
  await expect(fact('Weeks found')).toHaveText('3');
  await expect(fact('First week')).toHaveText(long(w1));
  await expect(fact('Last week')).toHaveText(long(w4));
  await expect(fact('Latest 30-year')).toHaveText(`5.10% (week of ${long(w4)})`);
  await expect(fact('New weeks')).toHaveText('3');
  await expect(fact('Unchanged weeks')).toHaveText('0');
  await expect(preview.getByRole('list', { name: 'Missing weeks' })).toHaveText(`30-year: the week of ${long(w3)}`);
  await expectAccessible(page, 'the Market data preview');

  // Nothing is stored before the broker applies: the dashboard would still show the snapshot.
  await preview.getByRole('button', { name: 'Apply these figures' }).click();
  await expect(page.getByRole('status')).toContainText(
    `Applied: 3 weeks from MORTGAGE30US.csv are stored; the instant grade and Refi Buddy now use the 30-year 5.10% of the week of ${long(w4)}`,
  );
  await expectAccessible(page, 'the Market data page after applying');

  // Each series has its own age (issue 25): until the 15-year is brought up to
  // date too, the dashboard still warns. FRED's MORTGAGE15US export, the same weeks.
  await page.getByRole('navigation', { name: 'Broker' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /Market data is \d+ days old/ })).toBeVisible();
  await page.getByRole('navigation', { name: 'Broker' }).getByRole('link', { name: 'Market data' }).click();
  const csv15 = `observation_date,MORTGAGE15US\n${iso(w1)},4.60\n${iso(w2)},4.55\n${iso(w4)},4.40\n`;
  await page.getByLabel('Market data file (CSV, up to 2 MB)').setInputFiles({ name: 'MORTGAGE15US.csv', mimeType: 'text/csv', buffer: Buffer.from(csv15) });
  await page.getByRole('region', { name: 'Preview of MORTGAGE15US.csv' }).getByRole('button', { name: 'Apply these figures' }).click();
  await expect(page.getByRole('status')).toContainText('Applied: 3 weeks from MORTGAGE15US.csv are stored');

  await page.getByRole('navigation', { name: 'Broker' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Broker Dashboard' })).toBeVisible();
  await expect(page.getByRole('img', { name: new RegExp(`30-year fixed: 5\\.10% in the week of ${long(w4)}`) })).toBeVisible();
  await expect(page.getByText(/Market data is \d+ days old/)).toHaveCount(0);
  await expect(page.getByText(new RegExp(`Newest figure: the week of ${long(w4)}, \\d+ days? old\\.`))).toBeVisible();
  // A visitor's rates card reads the new week too.
  const rates = await page.request.get('/api/national-rates');
  expect(JSON.stringify(await rates.json())).toContain(`"rate":5.1,"date":"${iso(w4)}"`);
  await context.close();
});

test('a broken file is refused with its line named, and nothing changes', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: dev.baseURL });
  const page = await context.newPage();
  await page.goto('/admin/market-data');
  await page.getByRole('button', { name: 'Sign in as local admin' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Market data' })).toBeVisible();
  await page.getByLabel('Market data file (CSV, up to 2 MB)').setInputFiles({
    name: 'broken.csv', mimeType: 'text/csv', buffer: Buffer.from('observation_date,MORTGAGE30US\n2026-01-08,6.16\n2026-01-01,6.15\n'),
  });
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Nothing was imported: line 3: 2026-01-01 comes after 2026-01-08');
  await expect(alert.getByRole('listitem')).toHaveText(['Line 3: 2026-01-01 comes after 2026-01-08: the weeks must be in order, oldest first']);
  await expect(page.getByRole('button', { name: 'Apply these figures' })).toHaveCount(0);
  await expectAccessible(page, 'the Market data page with a refused file');
  await context.close();
});

test('a broker removes a week imported by mistake from the Stored weeks card, and the week before it becomes the market rate', async ({ browser }) => {
  // Runs after the first test (serial): its weeks are stored.
  const [, w2, , w4] = recentThursdays();
  const context = await browser.newContext({ baseURL: dev.baseURL });
  const page = await context.newPage();
  await page.goto('/admin/market-data');
  await page.getByRole('button', { name: 'Sign in as local admin' }).click();
  const card = page.getByRole('region', { name: 'Stored weeks' });
  const rows = card.getByRole('row');
  await expect(rows.nth(1)).toContainText(iso(w4));
  await expect(rows.nth(1)).toContainText('5.10%');
  await expect(rows.nth(1)).toContainText('4.40%');
  await expect(rows.nth(1)).toContainText('OK');
  await expectAccessible(page, 'the Stored weeks card');

  await card.getByRole('button', { name: `Remove the week of ${iso(w4)}` }).click();
  const dialog = page.getByRole('dialog', { name: `Remove the week of ${iso(w4)}?` });
  await expect(dialog).toContainText("Both series' figures of this week are deleted.");
  await expectAccessible(page, 'the remove-week dialog');
  // Cancelling keeps the week.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(rows.nth(1)).toContainText(iso(w4));

  await card.getByRole('button', { name: `Remove the week of ${iso(w4)}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove this week' }).click();
  await expect(card.getByText(iso(w4))).toHaveCount(0);
  await expect(rows.nth(1)).toContainText(iso(w2));
  const rates = await page.request.get('/api/national-rates');
  const body = JSON.stringify(await rates.json());
  expect(body).toContain(`"rate":5.25,"date":"${iso(w2)}"`);
  expect(body).not.toContain(iso(w4));
  await context.close();
});
