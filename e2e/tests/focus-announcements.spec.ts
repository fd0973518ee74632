import { expect, test, type Page } from '@playwright/test';
import { startDevServer, type DevServer } from './dev-server';
import { expectAccessible, openPage, refiWatchRequest, submitRequest, tabTo, waitForMail } from './helpers';

// Issue 25 §4: the Refi Buddy confirm and manage pages and the broker's Market data page
// do what the rest of the site does (decision 0012): after each change focus moves to the
// new state's heading or message, in view and clear of the sticky header, and the change
// is said in a live region that was in the page before it. At a phone's and a desktop's width.

/** The app's polite live region as it is now, to check an announcement lands in this very element. */
async function liveRegion(page: Page) {
  const handle = await page.locator('[data-announcer="polite"]:not(dialog *)').elementHandle();
  expect(handle, 'a live region is in the page').not.toBeNull();
  return {
    async says(text: string | RegExp) {
      await expect.poll(() => handle!.evaluate((element) => (element.isConnected ? element.textContent ?? '' : 'REMOVED'))).toMatch(text);
    },
  };
}

/** The focused element is on screen and not under the sticky header. */
async function expectFocusInView(page: Page) {
  const where = await page.evaluate(() => {
    const box = document.activeElement!.getBoundingClientRect();
    return { top: box.top, bottom: box.bottom, header: document.querySelector('header')!.getBoundingClientRect().bottom, height: window.innerHeight };
  });
  expect(where.top, 'focus is below the header').toBeGreaterThanOrEqual(where.header - 0.5);
  expect(where.top, 'focus is on screen').toBeLessThan(where.height);
}

const widths = [390, 1280];

for (const width of widths) {
  test(`at ${width} px, Refi Buddy's confirm and manage pages move focus to each change and say it`, async ({ page, request }) => {
    // A mail to wait for and four axe scans: more than the default minute on a busy machine.
    test.slow();
    await page.setViewportSize({ width, height: 844 });
    const owner = `focus-${width}-${Date.now()}@example.com`;
    await submitRequest(request, refiWatchRequest(owner, { balance: 300000, rate: 6.75, payment: 1945.79 }));
    const mail = await waitForMail(request, owner, 'Confirm your Refi Buddy alerts');
    const link = (pattern: RegExp) => {
      const url = new URL(mail.parts['text/plain'].match(pattern)![1]);
      return url.pathname + url.search;
    };

    // Confirm: the page becomes its answer.
    await page.goto(link(/Turn on Refi Buddy alerts: (\S+)/));
    let region = await liveRegion(page);
    await tabTo(page, page.getByRole('button', { name: 'Turn on alerts' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Refi Buddy alerts are on' })).toBeFocused();
    await region.says(/^Your Refi Buddy alerts are on\. Thanks for confirming\./);
    await expectFocusInView(page);
    await expectAccessible(page, `the confirmed page at ${width} px`);

    // Manage: a wrong amount takes focus with its message; a saved trigger takes focus and is said.
    await page.goto(link(/(\S+\/refi-buddy\/manage\?token=\S+)/));
    region = await liveRegion(page);
    await page.getByRole('radio', { name: /Savings of at least an amount a month/ }).check();
    const amount = page.getByLabel('Monthly savings of at least');
    await amount.fill('3');
    await page.keyboard.press('Enter');
    await expect(amount).toBeFocused();
    await expect(amount).toHaveAccessibleDescription(/Enter the monthly savings, a whole number of dollars from \$5 to \$10,000/);
    await amount.fill('50');
    await page.keyboard.press('Enter');
    const saved = page.locator('main').getByText("Saved: we'll alert you when refinancing would save at least $50 a month.");
    await expect(saved).toBeFocused();
    await region.says("Saved: we'll alert you when refinancing would save at least $50 a month.");
    await expectFocusInView(page);

    // Pause and Resume replace each other: focus goes to what happened.
    await tabTo(page, page.getByRole('button', { name: 'Pause alerts' }));
    await page.keyboard.press('Enter');
    await expect(page.locator('main').getByText('Alerts paused.', { exact: true })).toBeFocused();
    await region.says(/^Alerts paused\.$/);
    await expectFocusInView(page);
    await tabTo(page, page.getByRole('button', { name: 'Resume alerts' }));
    await page.keyboard.press('Enter');
    await expect(page.locator('main').getByText('Alerts resumed.', { exact: true })).toBeFocused();
    await region.says(/^Alerts resumed\.$/);
    await expectAccessible(page, `the manage page after resuming at ${width} px`);

    // Unsubscribe asks first; Escape keeps the alerts.
    const unsubscribe = page.getByRole('button', { name: 'Unsubscribe' });
    await tabTo(page, unsubscribe);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Stop every Refi Buddy alert?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, `the unsubscribe question at ${width} px`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(unsubscribe).toBeFocused();
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Yes, unsubscribe' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your Refi Buddy alerts' })).toBeFocused();
    await region.says("You're unsubscribed: we won't e-mail you about refinancing.");
    await expectFocusInView(page);
    await expectAccessible(page, `the manage page once unsubscribed at ${width} px`);
  });
}

for (const width of widths) {
  test(`at ${width} px, Check Rates on Refi Buddy moves focus to a heading the visitor sees; the disabled button says why`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await openPage(page, '/should-i-refinance');
    const check = page.getByRole('button', { name: 'Check Rates' });
    await expect(check).toBeDisabled();
    await expect(check).toHaveAccessibleDescription('Enter your current interest rate, loan program and monthly payment to continue.');
    await page.getByLabel('Current interest rate').fill('7.25');
    await page.getByLabel('Loan program').selectOption('30-year-fixed');
    await page.getByLabel('Monthly payment (principal and interest)').fill('2100');
    await tabTo(page, check);
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { level: 2, name: 'How your rate compares' });
    await expect(heading).toBeFocused();
    const box = (await heading.boundingBox())!;
    expect(box.width, 'the focused heading is visible, not a one-pixel hidden one').toBeGreaterThan(100);
    await expectFocusInView(page);
    await expectAccessible(page, `the rate comparison at ${width} px`);
  });
}

test.describe('the Market data page', () => {
  // On a server of its own: applying changes the figures the other journeys grade against.
  test.describe.configure({ mode: 'serial' });
  let dev: DevServer;
  test.beforeAll(async () => {
    dev = await startDevServer(Number(process.env.QG_E2E_PORT) + 43);
  });
  test.afterAll(async () => {
    await dev?.stop();
  });

  for (const width of widths) {
    test(`at ${width} px, preview and Apply move focus to what they show and say it`, async ({ browser }) => {
      const context = await browser.newContext({ baseURL: dev.baseURL, viewport: { width, height: 844 } });
      const page = await context.newPage();
      await page.goto('/admin/market-data');
      await page.getByRole('button', { name: 'Sign in as local admin' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Market data' })).toBeVisible();
      const region = await liveRegion(page);
      const csv = 'observation_date,MORTGAGE30US\n2026-05-07,6.40\n2026-05-14,6.36\n';
      await page.getByLabel('Market data file (CSV, up to 2 MB)').setInputFiles({ name: 'MORTGAGE30US.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await expect(page.getByRole('heading', { level: 2, name: 'Preview of MORTGAGE30US.csv' })).toBeFocused();
      await region.says('Preview of MORTGAGE30US.csv: 2 weeks found. Nothing is stored until you apply.');
      await expectFocusInView(page);

      await tabTo(page, page.getByRole('button', { name: 'Apply these figures' }));
      await page.keyboard.press('Enter');
      const applied = page.getByRole('status').filter({ hasText: 'Applied: 2 weeks from MORTGAGE30US.csv are stored' });
      await expect(applied).toBeFocused();
      await expectFocusInView(page);
      await expectAccessible(page, `the Market data page after applying at ${width} px`);
      await context.close();
    });
  }
});
