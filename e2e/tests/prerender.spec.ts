import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';

// The public pages are prerendered at build time and hydrated (decision 0015).
const publicPages = [
  { path: '/', heading: 'Could you get a better deal on your mortgage?' },
  { path: '/is-my-quote-good', heading: 'Grade Your Mortgage Rate Quote' },
  { path: '/example-results', heading: 'Example Quote Analysis' },
  { path: '/should-i-refinance', heading: 'Never Miss a Chance to Refinance' },
  { path: '/quote-start', heading: "Let's Get Started" },
  { path: '/check-my-rate', heading: 'Enter Details About Your Mortgage Quote' },
  { path: '/loan-information', heading: 'Tell us about your loan scenario' },
];

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, heading } of publicPages) {
    test(`${path} shows its heading, the footer and the site's values`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const footer = page.getByRole('contentinfo');
      // The e2e server runs without a site file: the demonstration values, and the notice saying so.
      await expect(footer.getByRole('link', { name: 'hello@quotegrade.example' })).toBeVisible();
      await expect(footer.getByText('quotegrade Mortgage Brokerage · NMLS #000000')).toBeVisible();
      await expect(footer.getByTestId('demonstration-notice')).toHaveText(/This is a demonstration site\./);
    });
  }
});

/**
 * Notes whether React threw the prerendered markup away (it empties #root to
 * render afresh, as it does after a hydration mismatch) rather than hydrating it.
 */
async function watchRoot(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { prerenderReplaced: boolean };
    w.prerenderReplaced = false;
    new MutationObserver((mutations) => {
      for (const m of mutations) {
        if ((m.target as Element).id === 'root' && m.removedNodes.length > 0) w.prerenderReplaced = true;
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

const prerenderReplaced = (page: Page) => page.evaluate(() => (window as unknown as { prerenderReplaced: boolean }).prerenderReplaced);

test.describe('with JavaScript', () => {
  for (const { path, heading } of publicPages) {
    test(`${path} hydrates without a console error and responds`, async ({ page }) => {
      const problems: string[] = [];
      page.on('console', (message: ConsoleMessage) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await watchRoot(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // The header's menu button only opens the menu once React has hydrated the page.
      const menu = page.getByRole('button', { name: 'Menu' });
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Refi Buddy' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
      // Hydrated: the server's markup became the live page.
      expect(await prerenderReplaced(page)).toBe(false);
    });
  }

  test('a visitor with saved answers gets the page rendered afresh, without errors', async ({ page }) => {
    await watchRoot(page);
    await page.goto('/quote-start');
    await page.evaluate(() => window.localStorage.setItem('qg.requestId', JSON.stringify('not-a-real-request')));
    const problems: string[] = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: publicPages[0].heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    // The saved answers may change what the page shows: rendered, not hydrated over markup that may differ.
    expect(await prerenderReplaced(page)).toBe(true);
  });
});

test('figures typed into the prerendered quote form before its code arrives are kept', async ({ page }) => {
  // A slow phone: the form's code (loaded after first paint, decision 0026) comes a second late.
  let release!: () => void;
  const late = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/quote-form-[\w-]+\.js/, async (route) => {
    await late;
    await route.continue();
  });
  await page.goto('/check-my-rate');
  await page.getByLabel('Interest rate', { exact: true }).fill('6.875');
  await page.getByLabel('Total lender fees', { exact: true }).fill('3200');
  await page.getByRole('checkbox', { name: 'This is a credit from the lender' }).check();
  release();
  await page.waitForSelector('html[data-page-ready]');
  await expect(page.getByLabel('Interest rate', { exact: true })).toHaveValue('6.875');
  await expect(page.getByLabel('Total lender fees', { exact: true })).toHaveValue('3,200');
  await expect(page.getByRole('checkbox', { name: 'This is a credit from the lender' })).toBeChecked();
  await page.getByRole('button', { name: 'Continue to Loan Information' }).click();
  await expect(page.getByRole('heading', { name: 'Are you buying a home or refinancing?' })).toBeVisible();
  // The credit ticked before the code arrived is a credit: a negative fee.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('qg.quoteDetails') ?? 'null'))).toMatchObject({ rate: 6.875, lenderFees: -3200 });
});

test("the Refi Buddy form keeps what was typed before its code arrived", async ({ page }) => {
  let release!: () => void;
  const late = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/refi-buddy-flow-[\w-]+\.js/, async (route) => {
    await late;
    await route.continue();
  });
  await page.goto('/should-i-refinance');
  await page.getByLabel('Current interest rate').fill('7.25');
  await page.getByLabel('Loan program').selectOption('30-year-fixed');
  await page.getByLabel('Monthly payment (principal and interest)').fill('2046.53');
  release();
  await page.waitForSelector('html[data-page-ready]');
  await expect(page.getByLabel('Current interest rate')).toHaveValue('7.25');
  await expect(page.getByLabel('Loan program')).toHaveValue('30-year-fixed');
  await expect(page.getByLabel('Monthly payment (principal and interest)')).toHaveValue('2,046.53');
});
