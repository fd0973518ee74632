import { expect, test } from '@playwright/test';
import { E2E_NEW_OFFICER, expectAccessible, fillOneQuoteAnalysis, signInFrom, submitRequest } from './helpers';

// Issue 26: every analysis names the loan officer who wrote it ("Reviewed by NAME, NMLS #ID"). A broker
// without a loan officer profile is told so, and the server refuses their analysis and e-mail until
// they set their name and NMLS ID on the Profile page.
test('a broker without a loan officer profile is refused, sets it on the Profile page, and the analysis names them', async ({ page, browser, request }) => {
  const id = await submitRequest(request, {
    loanType: 'purchase', isFirstHome: true, propertyType: 'primary', propertyStyle: 'single', militaryService: false, zipCode: '84101',
    creditScore: 722, purchasePrice: 480000, downPayment: 48000, brokerRate: 6.875, brokerLenderFees: 3200, email: `officer-${Date.now()}@example.com`,
  });
  const main = page.getByRole('main');
  await signInFrom(page, `/admin/analysis/${id}`, E2E_NEW_OFFICER);
  await expect(page.getByRole('heading', { name: 'Create Analysis' })).toBeVisible();
  const note = main.getByRole('note', { name: 'Set your loan officer profile first' });
  await expect(note).toContainText('Submit Analysis and Send Email are refused');

  await fillOneQuoteAnalysis(page);
  await page.getByRole('button', { name: 'Submit Analysis' }).click();
  const refusal = /Set your loan officer profile first: your name and NMLS ID, on the Profile page/;
  await expect(main.getByRole('alert').filter({ hasText: refusal })).toBeVisible();
  expect((await request.get(`/api/quote-requests/${id}/analysis`)).status(), 'the refused analysis is not saved').toBe(404);

  const sendEmail = page.getByRole('form', { name: 'Send Email' });
  await sendEmail.getByLabel('Subject').fill('Your analysis');
  await sendEmail.getByLabel('Message').fill('Hello');
  await sendEmail.getByRole('button', { name: 'Send Email' }).click();
  await expect(sendEmail.getByRole('alert')).toHaveText(refusal);

  await note.getByRole('link', { name: 'Set your profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Loan officer profile' })).toBeVisible();
  await expect(main).toContainText('No profile yet');
  await main.getByLabel('Name as licensed').fill('Jordan Officer');
  await main.getByLabel('Individual NMLS ID').fill('3456789');
  await main.getByRole('button', { name: 'Save profile' }).click();
  await expect(main.getByRole('status')).toHaveText('Your loan officer profile is saved');
  await expect(main.getByRole('link', { name: 'NMLS Consumer Access' })).toHaveAttribute(
    'href', 'https://www.nmlsconsumeraccess.org/EntityDetails.aspx/INDIVIDUAL/3456789');
  await expectAccessible(page, 'the Profile page');

  await page.goto(`/admin/analysis/${id}`);
  await expect(page.getByRole('heading', { name: 'Create Analysis' })).toBeVisible();
  await expect(main.getByRole('note', { name: 'Set your loan officer profile first' })).toHaveCount(0);
  await fillOneQuoteAnalysis(page);
  await page.getByRole('button', { name: 'Submit Analysis' }).click();
  await expect(page.getByText('Analysis submitted successfully')).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto(`/rate-results?qr=${id}`);
  await expect(visitor.getByRole('main')).toContainText('Reviewed by Jordan Officer, NMLS #3456789');
  await visitor.close();
});
