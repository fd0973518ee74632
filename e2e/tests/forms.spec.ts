import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, openPage, rateProblems, readRequest } from './helpers';

/** The three-quote example /example-results compares (Go example.ComparisonRequestID). */
const EXAMPLE_COMPARISON = '7c1e5f0a-9b2d-4e8f-a3c6-5d4b2e1f0a9d';

async function newRequest(page: Page): Promise<string> {
  const res = await page.request.post('/api/quote-requests/submit', {
    data: { loanType: 'purchase', isFirstHome: false, propertyType: 'primary', propertyStyle: 'single', militaryService: false,
      zipCode: '84101', creditScore: 700, purchasePrice: 400000, downPayment: 80000, brokerRate: 6.5, brokerLenderFees: 0 },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).id;
}

test('the notify-me form checks what it is given, then saves it', async ({ page }) => {
  const id = await newRequest(page);
  await page.goto(`/rate-results?qr=${id}`);
  await expect(page.getByRole('heading', { name: 'Your Quote Analysis is in Progress' })).toBeVisible();
  const notify = page.getByRole('button', { name: 'Notify Me' });

  await page.getByRole('radio', { name: 'Email' }).check();
  await notify.click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await notify.click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();

  await page.getByRole('textbox', { name: 'Email' }).fill('');
  await page.getByRole('radio', { name: 'Text' }).check();
  await notify.click();
  await expect(page.getByText('Phone number is required')).toBeVisible();
  await page.getByRole('textbox', { name: 'Phone number' }).fill('012');
  await notify.click();
  await expect(page.getByText('Please enter a valid phone number')).toBeVisible();

  await page.getByRole('textbox', { name: 'Phone number' }).fill('');
  await page.getByRole('radio', { name: 'Email' }).check();
  await page.getByRole('textbox', { name: 'Email' }).fill('buyer@example.com');
  await notify.click();
  await expect(page.getByRole('main').getByText("We'll email you as soon as your analysis is ready.")).toBeVisible();
  expect(await readRequest(page, id)).toMatchObject({ email: 'buyer@example.com', preferred_contact_method: 'email' });

  // Saved details survive a reload.
  await page.reload();
  await expect(page.getByRole('main').getByText("We'll email you as soon as your analysis is ready.")).toBeVisible();
});

test('the contact modal validates, submits and thanks the visitor', async ({ page }) => {
  await openPage(page, '/');
  await page.getByRole('button', { name: 'Speak to a Mortgage Expert' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Speak to a Mortgage Professional' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Send My Question' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Please provide either email or phone number')).toBeVisible();
  await expect(dialog.getByText('Please enter your question')).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Name' }).fill('Dana Buyer');
  await dialog.getByRole('textbox', { name: 'Phone' }).fill('801-555-0142');
  await dialog.getByRole('radio', { name: /Text/ }).check();
  await dialog.getByRole('textbox', { name: 'Your question' }).fill('Can I lock this rate for 60 days?');
  await dialog.getByRole('checkbox', { name: /may call or text me at 801-555-0142/ }).check();
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/contact-requests/submit'));
  await dialog.getByRole('button', { name: 'Send My Question' }).click();
  const res = await answered;
  expect(res.status()).toBe(201);
  expect((await res.json()).id).toMatch(/^[0-9a-f-]{36}$/);
  // The dialog turns into its thank-you state, named by its new title.
  const thanks = page.getByRole('dialog', { name: 'Thank You!' });
  await expect(thanks.locator('p', { hasText: "We've received your question and are looking forward to helping with your mortgage." })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(thanks).toBeHidden();
});

test('the example analysis shows a graded quote, and three quotes compared on a desktop and a phone', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPage(page, '/example-results');
  await expect(page.getByRole('heading', { name: 'Example Quote Analysis' })).toBeVisible();
  const grade = page.getByRole('region', { name: 'Example Quote Grade' });
  await expect(grade).toBeVisible();
  await expect(grade.getByText('Grade C')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Your Quote Analysis' }).first()).toHaveAttribute('href', '/check-my-rate');

  // Issue 29: the three-quote example, compared by the server (internal/example pins these figures).
  const served = (await (await request.get(`/api/quote-requests/${EXAMPLE_COMPARISON}`)).json()).comparison;
  const compared = page.getByRole('region', { name: 'The example quotes side by side' });
  await expect(compared).toContainText('a buyer putting $100,000 down on a $500,000 home brought three quotes');
  await expect(compared).toContainText(served.summary);
  await expect(compared).toContainText('Bonneville Bank is the cheapest over the 7 years you expect to keep the loan');
  for (const pair of served.break_evens) await expect(compared).toContainText(pair.summary);
  await expect(compared).toContainText("Bonneville Bank's lower rate pays back its $12,400 higher costs after 60 months");
  const table = compared.getByRole('table', { name: 'The example quotes compared over 7 years' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader', { name: /Bonneville Bank\s*Cheapest/ })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: /Cheapest/ })).toHaveCount(1);
  const rates = table.getByRole('row', { name: /Rate \(APR\)/ });
  for (const text of ['6.875% (6.797% APR)', '6.25% (6.472% APR)', '6.50% (6.609% APR)']) {
    await expect(rates.getByText(text, { exact: true })).toHaveAttribute('data-rate', 'inline');
  }
  await expect(compared.getByRole('img', { name: /Cost of each quote over the years/ })).toBeVisible();
  expect(await rateProblems(page)).toEqual([]);
  await expectAccessible(page, '/example-results with three quotes compared, desktop');

  // Phone: one card per quote instead of the table.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table).toBeHidden();
  const cards = compared.getByRole('list', { name: 'The example quotes' });
  await expect(cards.getByRole('listitem')).toHaveCount(3);
  await expect(cards.getByText('Cheapest', { exact: true })).toHaveCount(1);
  await expect(cards.getByRole('listitem').filter({ hasText: 'Cheapest' })).toContainText('Bonneville Bank');
  expect(await rateProblems(page)).toEqual([]);
  await expectAccessible(page, '/example-results with three quotes compared, phone');
});

test('campaign links land on the home page and are tracked', async ({ page }) => {
  const tracked = page.waitForResponse((r) => r.url().endsWith('/api/analytics/track-campaign'));
  await page.goto('/c/qr1');
  await expect(page).toHaveURL(/\/$/);
  expect((await tracked).status()).toBe(204);
  await page.goto('/c/zzz');
  await expect(page).toHaveURL(/\/$/);
});
