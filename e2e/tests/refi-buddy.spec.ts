import { expect, test } from '@playwright/test';
import { amount, choose, expectAccessible, readRequest, requestIdFrom, sharedSteps } from './helpers';

test('a homeowner asks Refi Buddy to watch rates, from the entry page to "You\'re All Set!"', async ({ page }) => {
  await page.goto('/should-i-refinance');
  await expect(page.getByRole('heading', { name: 'Never Miss a Chance to Refinance' })).toBeVisible();
  await expectAccessible(page, 'Refi Buddy mortgage details');
  await page.getByLabel('Current interest rate').fill('7.25');
  await page.getByLabel('Loan program').selectOption('30-year-fixed');
  await page.getByLabel('Monthly payment (principal and interest)').fill('2047');
  await page.getByRole('button', { name: 'Check Rates' }).click();

  // The bundled snapshot's 30-year average is 6.36%: 7.25% is more than half a point above it.
  await expect(page.getByRole('main').getByText('Now may be a good time to refinance!')).toBeVisible();
  await expectAccessible(page, 'Refi Buddy rate comparison');
  await page.getByLabel('Email for rate alerts').fill('owner@example.com');
  await page.getByRole('button', { name: 'Continue to Loan Scenario' }).click();

  await expect(page.getByRole('heading', { name: 'Tell us about your current mortgage' })).toBeVisible();
  await expect(page.getByLabel('Current interest rate')).toHaveValue('7.25');
  await page.getByRole('button', { name: 'Continue' }).click();
  // The e-mail given on the Refi Buddy page is already in the wizard's e-mail step.
  await expect(page.getByRole('heading', { name: 'Where should we send your refinance alert?' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('owner@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  await amount(page, 'What is your home worth today?', 'Estimated property value', '550000');
  await amount(page, 'How much do you still owe on your mortgage?', 'Remaining loan balance', '300000');
  await choose(page, 'Do you want to take cash out when you refinance?', /^No/);
  await sharedSteps(page, { zip: '84010', credit: '760', military: 'No' });
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
  await expect(page.getByRole('region', { name: 'National average rates' })).toContainText('6.36%');
  await expectAccessible(page, "Refi Buddy's results");
  const stored = await readRequest(page, requestIdFrom(page));
  expect(stored).toMatchObject({
    loan_type: 'refinance', email: 'owner@example.com', refi_intent: 'get_notified', remaining_balance: 300000,
    current_mortgage: { rate: 7.25, monthly_payment: 2047, loan_program: '30-year-fixed' },
  });
});
