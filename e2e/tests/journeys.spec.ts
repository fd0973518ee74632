import { expect, test } from '@playwright/test';
import { amount, choose, openPage, readRequest, requestIdFrom, sharedSteps } from './helpers';

test('a buyer with a lender quote walks from the home page to their results, and the request is stored', async ({ page }) => {
  await openPage(page, '/');
  await page.getByRole('link', { name: 'Compare My Quote' }).first().click();
  await expect(page.getByRole('heading', { name: 'Enter Details About Your Mortgage Quote' })).toBeVisible();
  await page.getByLabel('Interest rate', { exact: true }).fill('6.625');
  // A lender credit, entered as on a phone (whose decimal keypad has no minus sign): the amount and its box.
  await page.getByLabel('Total lender fees', { exact: true }).fill('1250');
  await page.getByRole('checkbox', { name: 'This is a credit from the lender' }).check();
  await page.getByLabel('Monthly mortgage insurance (optional)').fill('142');
  await page.getByRole('button', { name: 'Add a question' }).click();
  await page.getByRole('textbox', { name: 'Question 1' }).fill('Should I buy points?');
  await page.getByRole('button', { name: 'Continue to Loan Information' }).click();

  await expect(page.getByRole('heading', { name: 'Tell us about your loan scenario' })).toBeVisible();
  await choose(page, 'Are you buying a home or refinancing?', /Buying a home/);
  await choose(page, 'Is this your first home?', /^Yes/);
  await expect(page.getByRole('heading', { name: "What's the purchase price and your down payment?" })).toBeVisible();
  await page.getByLabel('Purchase price', { exact: true }).fill('450000');
  await page.getByRole('button', { name: '10%' }).click();
  await expect(page.getByLabel('Down payment', { exact: true })).toHaveValue(/45,?000/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await sharedSteps(page, { zip: '84101', credit: '742', military: 'No' });
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByRole('heading', { name: 'Your Quote Analysis is in Progress' })).toBeVisible();
  const id = requestIdFrom(page);
  const stored = await readRequest(page, id);
  expect(stored).toMatchObject({
    loan_type: 'purchase', is_first_home: true, purchase_price: 450000, down_payment: 45000, credit_score: 742, zip_code: '84101',
    broker_rate: 6.625, broker_lender_fees: -1250, broker_mortgage_insurance: 142, military_service: false, questions: ['Should I buy points?'],
  });

  // A reload keeps the results page, and the path form of the URL works too.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your Quote Analysis is in Progress' })).toBeVisible();
  await page.goto(`/rate-results/${id}`);
  await expect(page.getByRole('heading', { name: 'Your Quote Analysis is in Progress' })).toBeVisible();
  // A saved request id sends "Shop Rates" straight to the results.
  await openPage(page, '/quote-start');
  await expect(page).toHaveURL(/\/rate-results/);
});

test('a homeowner shopping for a cash-out refinance, without a quote', async ({ page }) => {
  await openPage(page, '/');
  await page.getByRole('navigation').first().getByRole('link', { name: 'Shop Rates' }).click();
  await expect(page.getByRole('heading', { name: "Let's Get Started" })).toBeVisible();
  await page.getByRole('link', { name: /I'm shopping for a mortgage/ }).click();
  await choose(page, 'Are you buying a home or refinancing?', /Refinancing/);
  await amount(page, 'What is your home worth today?', 'Estimated property value', '600000');
  await amount(page, 'How much do you still owe on your mortgage?', 'Remaining loan balance', '320000');
  await choose(page, 'Do you want to take cash out when you refinance?', /^Yes/);
  await amount(page, 'How much cash do you want to take out?', 'Cash-out amount', '50000');
  await sharedSteps(page, { zip: '84604', credit: '700', military: 'Yes' });
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByRole('heading', { name: 'Your Quote Analysis is in Progress' })).toBeVisible();
  const stored = await readRequest(page, requestIdFrom(page));
  expect(stored).toMatchObject({
    loan_type: 'refinance', property_value: 600000, remaining_balance: 320000, cash_out: true, cash_out_amount: 50000,
    military_service: true, broker_rate: null, purchase_price: null,
  });
});

test('the review page edits one answer and comes back', async ({ page }) => {
  await openPage(page, '/loan-information');
  await choose(page, 'Are you buying a home or refinancing?', /Refinancing/);
  await amount(page, 'What is your home worth today?', 'Estimated property value', '500000');
  await amount(page, 'How much do you still owe on your mortgage?', 'Remaining loan balance', '250000');
  await choose(page, 'Do you want to take cash out when you refinance?', /^No/);
  await sharedSteps(page, { zip: '84101', credit: '720', military: 'No' });
  await page.getByRole('button', { name: 'Edit Credit score' }).click();
  await page.getByLabel('Estimated credit score').fill('760');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Review your answers' })).toBeVisible();
  await expect(page.getByText('760')).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Your Quote Analysis is in Progress' })).toBeVisible();
  expect((await readRequest(page, requestIdFrom(page))).credit_score).toBe(760);
});

test('wrong answers in the wizard are refused with the message', async ({ page }) => {
  await openPage(page, '/loan-information');
  await choose(page, 'Are you buying a home or refinancing?', /Refinancing/);
  await amount(page, 'What is your home worth today?', 'Estimated property value', '500000');
  await amount(page, 'How much do you still owe on your mortgage?', 'Remaining loan balance', '250000');
  await choose(page, 'Do you want to take cash out when you refinance?', /^No/);
  await choose(page, 'How will you use the property?', /Primary residence/);
  await choose(page, 'What type of home is it?', /Condo/);
  await choose(page, 'Have you served in the US military?', /^No/);
  await amount(page, "What's the zip code of the property?", 'Zip code', '84101');
  for (const bad of ['299', '851', '700.5']) {
    await page.getByLabel('Estimated credit score').fill(bad);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Credit score must be a whole number between 300 and 850', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: "What's your credit score?" })).toBeVisible();
  }
});

test('the loan type step works with the keyboard alone', async ({ page }) => {
  await openPage(page, '/loan-information');
  await expect(page.getByRole('heading', { name: 'Are you buying a home or refinancing?' })).toBeVisible();
  const refinance = page.getByRole('button', { name: /Refinancing/ });
  for (let i = 0; i < 40 && !(await refinance.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(refinance).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'What is your home worth today?' })).toBeVisible();
  // The new step's title takes focus; the value field is the next stop.
  const value = page.getByLabel('Estimated property value');
  for (let i = 0; i < 10 && !(await value.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(value).toBeFocused();
  await page.keyboard.type('450000');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'How much do you still owe on your mortgage?' })).toBeVisible();
});
