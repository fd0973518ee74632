// Issue 14, "Defects found on the walk": each journey the fixes touch, in Chromium.
import { expect, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import {
  amount,
  choose,
  E2E_ADMIN,
  expectAccessible,
  openPage,
  readRequest,
  refiWatchRequest,
  requestIdFrom,
  signInFrom,
  submitPurchaseAfterQuote,
  submitRefinanceFromValue,
  submitRequest,
  waitForMail,
} from './helpers';

/** Page 1 of a Loan Estimate only: the rate can be read, the fees cannot. */
async function loanEstimateWithoutFees(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  [
    'Cottonwood Lending    Loan Estimate    LOAN TERM 30 years  PURPOSE Purchase  PRODUCT Fixed Rate',
    'Loan Terms    Can this amount increase after closing?',
    'Loan Amount $320,000    NO',
    'Interest Rate 6.625 %    NO',
    'Monthly Principal & Interest $2,049.00    NO',
  ].forEach((text, i) => page.drawText(text, { x: 50, y: 740 - i * 16, size: 10, font }));
  return Buffer.from(await doc.save());
}

// Issue 25 §3: nothing is clamped silently. What was typed stays, and the step says what is wrong in the server's words.
test('150% down, a $1,000 price with nothing down, a balance above the value and -1% are refused with a message, not changed', async ({ page }) => {
  await openPage(page, '/loan-information');
  await choose(page, 'Are you buying a home or refinancing?', /Buying a home/);
  await choose(page, 'Is this your first home?', /^Yes/);
  await page.getByLabel('Purchase price', { exact: true }).fill('400000');
  await page.getByLabel('Down payment percent', { exact: true }).fill('150');
  await page.getByLabel('Down payment percent', { exact: true }).blur();
  await expect(page.getByLabel('Down payment percent', { exact: true })).toHaveValue('150');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Down payment percent must be between 0 and 100', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Down payment must be less than the purchase price', { exact: true }).first()).toBeVisible();
  await expect(page.getByLabel('Down payment percent', { exact: true })).toHaveValue('150');

  await page.getByLabel('Purchase price', { exact: true }).fill('1000');
  await page.getByLabel('Down payment percent', { exact: true }).fill('0');
  await page.getByLabel('Down payment', { exact: true }).fill('0');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Purchase price must be at least $10,000', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: "What's the purchase price and your down payment?" })).toBeVisible();

  await page.evaluate(() => window.localStorage.clear());
  await page.reload();
  await choose(page, 'Are you buying a home or refinancing?', /Refinancing/);
  await amount(page, 'What is your home worth today?', 'Estimated property value', '300000');
  await amount(page, 'How much do you still owe on your mortgage?', 'Remaining loan balance', '450000');
  await expect(page.getByText('Remaining balance must not be more than the property value', { exact: true }).first()).toBeVisible();
  await expect(page.getByLabel('Remaining loan balance', { exact: true })).toHaveValue('450,000');

  await openPage(page, '/check-my-rate');
  await page.getByLabel('Interest rate', { exact: true }).fill('-1');
  await page.getByLabel('Total lender fees', { exact: true }).fill('99999999999');
  await page.getByRole('button', { name: 'Continue to Loan Information' }).click();
  await expect(page.getByText('Interest rate must be between 0 and 100', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Lender fees must be between -$1,000,000 and $1,000,000', { exact: true }).first()).toBeVisible();
  await expect(page.getByLabel('Interest rate', { exact: true })).toHaveValue('-1');
});

test('a down payment of the whole price, a cash-out of all the equity and a ZIP code outside Utah are refused', async ({ page }) => {
  await openPage(page, '/loan-information');
  await choose(page, 'Are you buying a home or refinancing?', /Buying a home/);
  await choose(page, 'Is this your first home?', /^Yes/);
  await page.getByLabel('Purchase price', { exact: true }).fill('400000');
  await page.getByLabel('Down payment', { exact: true }).fill('500000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Down payment must be less than the purchase price', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Down payment', { exact: true })).toHaveValue('500,000');
  await page.getByLabel('Down payment', { exact: true }).fill('80000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await choose(page, 'How will you use the property?', /Primary residence/);
  await choose(page, 'What type of home is it?', /Single-family home/);
  await choose(page, 'Have you served in the US military?', /^No/);
  await amount(page, "What's the zip code of the property?", 'Zip code', '90210');
  await expect(page.getByText('Please enter a Utah zip code (840xx to 847xx); we grade quotes for Utah homes only', { exact: true })).toBeVisible();
  await amount(page, "What's the zip code of the property?", 'Zip code', '84790');
  await expect(page.getByRole('heading', { name: "What's your credit score?" })).toBeVisible();

  await openPage(page, '/loan-information');
  await page.evaluate(() => window.localStorage.clear());
  await page.reload();
  await choose(page, 'Are you buying a home or refinancing?', /Refinancing/);
  await amount(page, 'What is your home worth today?', 'Estimated property value', '500000');
  await amount(page, 'How much do you still owe on your mortgage?', 'Remaining loan balance', '300000');
  await choose(page, 'Do you want to take cash out when you refinance?', /^Yes/);
  await amount(page, 'How much cash do you want to take out?', 'Cash-out amount', '200000');
  await expect(page.getByText('Cash out must leave some equity: the remaining balance plus cash out must be less than the property value', { exact: true })).toBeVisible();
  await amount(page, 'How much cash do you want to take out?', 'Cash-out amount', '150000');
  await expect(page.getByRole('heading', { name: 'How will you use the property?' })).toBeVisible();
});

test('a Loan Estimate whose fees cannot be read is enough to go on, and the pending results page logs no 404', async ({ page }) => {
  const failures: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() === 404) failures.push(`404 ${response.url()}`);
  });

  await openPage(page, '/check-my-rate');
  await page.getByLabel('Loan estimate or quote file').setInputFiles({ name: 'page-one.pdf', mimeType: 'application/pdf', buffer: await loanEstimateWithoutFees() });
  await expect(page.getByLabel('Interest rate', { exact: true })).toHaveValue('6.625');
  await expect(page.getByLabel('Total lender fees', { exact: true })).toHaveValue('');
  const stored = await readRequest(page, await submitPurchaseAfterQuote(page));
  expect(stored).toMatchObject({ broker_rate: 6.625, broker_lender_fees: null, analyzed: false });
  expect(stored.user_uploaded_quote_url).toMatch(/^uploads\/[0-9a-f-]{36}\.pdf$/);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your Quote Analysis is in Progress' })).toBeVisible();
  expect(failures).toEqual([]);
});

test('the file button is drawn as the site primary button, not the browser grey one', async ({ page }) => {
  await openPage(page, '/check-my-rate');
  const input = page.getByLabel('Loan estimate or quote file');
  const fileButton = await input.evaluate((el) => {
    const style = getComputedStyle(el, '::file-selector-button');
    return { background: style.backgroundColor, colour: style.color, radius: style.borderTopLeftRadius };
  });
  const continueButton = await page.getByRole('button', { name: 'Continue to Loan Information' }).evaluate((el) => {
    const style = getComputedStyle(el);
    return { background: style.backgroundColor, colour: style.color };
  });
  expect(fileButton.background).toBe(continueButton.background);
  expect(fileButton.colour).toBe(continueButton.colour);
  expect(fileButton.radius).not.toBe('0px');
});

test('the home hero shows a sample graded quote card in its right half at 1280 px, and below the buttons at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPage(page, '/');
  const card = page.getByRole('figure', { name: /A sample graded quote/ });
  await expect(card).toBeVisible();
  const box = await card.boundingBox();
  expect(box && box.x).toBeGreaterThan(640);
  await expect(card).toContainText('You could pay $133 a month less');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card).toBeVisible();
  const narrow = await card.boundingBox();
  const buttons = await page.getByRole('link', { name: 'How It Works' }).boundingBox();
  expect(narrow && buttons && narrow.y).toBeGreaterThan(buttons ? buttons.y : 0);
  expect(narrow && narrow.x + narrow.width).toBeLessThanOrEqual(390);
});

test('Refi Buddy: Back keeps the answers, Skip drops the e-mail (no confirmation goes to it), and Submit Another Scenario starts afresh', async ({ page, request }) => {
  const owner = `skipped-${Date.now()}@example.com`;
  await openPage(page, '/should-i-refinance');
  await page.getByLabel('Current interest rate').fill('7.25');
  await page.getByLabel('Loan program').selectOption('15-year-fixed');
  await page.getByLabel('Monthly payment (principal and interest)').fill('2900');
  await page.getByRole('button', { name: 'Check Rates' }).click();
  await page.getByLabel('Email for rate alerts').fill(owner);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Current interest rate')).toHaveValue('7.25');
  await expect(page.getByLabel('Loan program')).toHaveValue('15-year-fixed');
  await expect(page.getByLabel('Monthly payment (principal and interest)')).toHaveValue('2,900');
  await page.getByRole('button', { name: 'Check Rates' }).click();
  await expect(page.getByLabel('Email for rate alerts')).toHaveValue(owner);
  await page.getByRole('button', { name: 'Continue to Loan Scenario' }).click();

  await expect(page.getByRole('heading', { name: 'Tell us about your current mortgage' })).toBeVisible();
  await expect(page.getByText('Question 1 of about 11')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Where should we send your refinance alert?' })).toBeVisible();
  // Issue 25 §3: Skip skips. The address typed before is not kept and no confirmation e-mail goes to it.
  await expect(page.getByLabel('Email')).toHaveValue(owner);
  await page.getByLabel('Email').fill(`typed-${owner}`);
  await page.getByRole('button', { name: 'Skip' }).click();
  await submitRefinanceFromValue(page);
  await expect(page.getByRole('region', { name: 'Confirm your e-mail to turn alerts on' })).toHaveCount(0);
  const stored = await readRequest(page, requestIdFrom(page));
  expect(stored).toMatchObject({ email: null, refi_intent: 'get_notified' });
  // A later request's confirmation arrives through the same queue: by then a confirmation to the skipped address would have too.
  const control = owner.replace('skipped-', 'control-');
  await submitRequest(request, refiWatchRequest(control, { balance: 320000, rate: 7.5, payment: 2237.49 }));
  await waitForMail(request, control, 'Confirm your Refi Buddy alerts');
  const all = (await (await request.get(`${process.env.QG_E2E_PEERS}/messages`)).json()) as { to: string[] }[];
  expect(all.filter((m) => m.to.some((to) => to.includes(owner))), 'no e-mail to the skipped address').toEqual([]);

  await page.getByRole('link', { name: 'Submit Another Scenario' }).click();
  await expect(page).toHaveURL(/\/should-i-refinance$/);
  await openPage(page, '/quote-start');
  await expect(page.getByRole('heading', { name: "Let's Get Started" })).toBeVisible();
});

test('the notify form claims nothing saved for nothing entered, and a half-typed phone does not block Email', async ({ page }) => {
  const res = await page.request.post('/api/quote-requests/submit', {
    data: { loanType: 'purchase', isFirstHome: false, propertyType: 'primary', propertyStyle: 'single', militaryService: false,
      zipCode: '84101', creditScore: 700, purchasePrice: 400000, downPayment: 80000, brokerRate: 6.5, brokerLenderFees: 0 },
  });
  const id = (await res.json()).id;
  await page.goto(`/rate-results?qr=${id}`);
  await page.getByRole('button', { name: 'Notify Me' }).click();
  await expect(page.getByText('Please enter an email or a phone number so we can reach you')).toBeVisible();
  await expect(page.getByText(/We've saved your contact details/)).toHaveCount(0);

  await page.getByRole('radio', { name: 'Text' }).check();
  await page.getByRole('textbox', { name: 'Phone number' }).fill('0123');
  await page.getByRole('radio', { name: 'Email' }).check();
  await page.getByRole('textbox', { name: 'Email' }).fill('buyer@example.com');
  await page.getByRole('button', { name: 'Notify Me' }).click();
  await expect(page.locator('#main').getByText("We'll email you as soon as your analysis is ready.")).toBeVisible();
  expect(await readRequest(page, id)).toMatchObject({ email: 'buyer@example.com', phone: null, preferred_contact_method: 'email' });
  await expectAccessible(page, 'results page after the notify form');
});

test('the contact modal prefers a call when only a phone is given', async ({ page }) => {
  await openPage(page, '/');
  await page.getByRole('button', { name: 'Speak to a Mortgage Expert' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Jane Doe');
  await dialog.getByRole('textbox', { name: 'Phone' }).fill('801-555-0142');
  await expect(dialog.getByRole('radio', { name: 'Phone call' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Email' })).not.toBeChecked();
});

test('the broker sees how long a request has waited, a scroll cue on a phone, and Send Email starts from the Email Copy', async ({ page }) => {
  const res = await page.request.post('/api/quote-requests/submit', {
    data: { loanType: 'purchase', isFirstHome: false, propertyType: 'primary', propertyStyle: 'single', militaryService: false,
      zipCode: '84321', creditScore: 700, purchasePrice: 400000, downPayment: 80000, brokerRate: 6.5, brokerLenderFees: 0, email: 'waiting@example.com' },
  });
  const id = (await res.json()).id;
  await signInFrom(page, '/admin', E2E_ADMIN);
  await expect(page.getByRole('heading', { level: 1, name: 'Broker Dashboard' })).toBeVisible();
  const row = page.getByRole('region', { name: 'Pending Analysis' }).getByRole('row').filter({ has: page.locator(`a[href="/admin/analysis/${id}"]`) });
  await expect(row).toContainText(/ at \d{1,2}:\d{2} [AP]M/);
  await expect(row).toContainText(/Waiting \d+ min/);
  await expect(row).not.toContainText('Over 20 hours');
  const cue = page.getByRole('region', { name: 'Pending Analysis' }).getByText('Scroll sideways to see every column →');
  await expect(cue).toBeHidden();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(cue).toBeVisible();
  await expectAccessible(page, 'the dashboard at 390 px');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto(`/admin/analysis/${id}`);
  const form = page.getByRole('form', { name: 'Send Email' });
  await expect(form.getByLabel('Message', { exact: true })).not.toHaveValue('');
  await form.getByLabel('Message', { exact: true }).fill('   ');
  await form.getByRole('button', { name: 'Send Email' }).click();
  await expect(form.getByText('Please enter a message')).toBeVisible();
  await expect(form.getByText('Please check the e-mail')).toHaveCount(0);
});
