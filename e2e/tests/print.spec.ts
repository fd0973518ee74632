import { expect, test } from '@playwright/test';
import { brokerToken, saveAnalysis, submitRequest } from './helpers';

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
