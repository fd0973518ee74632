import { expect, test } from '@playwright/test';
import { brokerToken, choose, E2E_ADMIN, expectAccessible, openPage, readRequest, requestIdFrom, saveAnalysis, signInFrom, submitPurchaseFromPrice, tabTo } from './helpers';
import { wholeLoanEstimatePdf } from './loan-estimate-pdf';

// Issue 29: three quotes side by side, one of them read from an uploaded Loan Estimate.
test('a buyer compares three quotes, one by upload, on a desktop and a phone, and the broker analyses all three', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPage(page, '/check-my-rate');
  await page.getByLabel('Interest rate', { exact: true }).fill('6.875');
  await page.getByLabel('Total lender fees', { exact: true }).fill('-3200');

  // The second quote is added from the keyboard: focus lands on its first field.
  await tabTo(page, page.getByRole('button', { name: 'Add another quote' }));
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Quote B: lender name (optional)')).toBeFocused();
  await page.keyboard.type('Bonneville Bank');
  await page.getByLabel('Quote B: interest rate').fill('6.25');
  await page.getByLabel('Quote B: points (optional)').fill('2');
  await page.getByLabel('Quote B: other lender fees or credit').fill('1200');

  // The third comes from its Loan Estimate.
  await page.getByRole('button', { name: 'Add another quote' }).click();
  await page.getByLabel('Quote C: Loan Estimate or quote file', { exact: true }).setInputFiles({
    name: 'cottonwood-le.pdf',
    mimeType: 'application/pdf',
    buffer: await wholeLoanEstimatePdf(),
  });
  await expect(page.getByLabel('Quote C: interest rate')).toHaveValue('6.625');
  await expect(page.getByLabel('Quote C: lender name (optional)')).toHaveValue('Cottonwood Lending');
  await page.getByLabel('Lender of your first quote (optional)').fill('Wasatch Home Loans');
  await expect(page.getByLabel('How long do you expect to keep this loan?')).toHaveValue('84');
  await expectAccessible(page, '/check-my-rate with three quotes');

  await page.getByRole('button', { name: 'Continue to Loan Information' }).click();
  await choose(page, 'Are you buying a home or refinancing?', /Buying a home/);
  await choose(page, 'Is this your first home?', /^No/);
  await submitPurchaseFromPrice(page);
  const id = requestIdFrom(page);
  const stored = await readRequest(page, id);
  expect(stored.visitor_quotes).toHaveLength(3);
  expect(stored.visitor_quotes[2].uploadedFileUrl).toMatch(/^uploads\//);
  expect(stored.horizon_months).toBe(84);

  // Desktop: a table, the cheapest said in words, each rate with its APR.
  const compared = page.getByRole('region', { name: 'Your quotes side by side' });
  await expect(compared).toContainText('is the cheapest over the 7 years you expect to keep the loan');
  const table = compared.getByRole('table', { name: 'Your quotes compared over 7 years' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader', { name: /Cheapest/ })).toHaveCount(1);
  for (const name of ['Wasatch Home Loans', 'Bonneville Bank', 'Cottonwood Lending']) {
    await expect(table.getByRole('columnheader', { name: new RegExp(name) })).toBeVisible();
  }
  await expect(table.getByRole('row', { name: /Rate \(APR\)/ })).toContainText(/6\.875% \(\d\.\d{3}% APR\)/);
  await expect(compared).toContainText("Bonneville Bank's lower rate pays back its");
  await expect(compared.getByRole('img', { name: /Cost of each quote over the years/ })).toBeVisible();
  await expectAccessible(page, 'the results with three quotes compared, desktop');

  // Phone: one card per quote instead of the table.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table).toBeHidden();
  const cards = compared.getByRole('list', { name: 'Your quotes' });
  await expect(cards.getByRole('listitem')).toHaveCount(3);
  await expect(cards.getByText('Cheapest', { exact: true })).toHaveCount(1);
  await expectAccessible(page, 'the results with three quotes compared, phone');

  // The broker sees all three beside the editor, then analyses them.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInFrom(page, `/admin/analysis/${id}`, E2E_ADMIN);
  const editorView = page.getByRole('region', { name: 'Your quotes side by side' });
  await expect(editorView.getByRole('table')).toContainText('Cottonwood Lending');
  await expect(page.getByText('The visitor brought 3 quotes.')).toBeVisible();
  // The editor asks for a verdict on each of the three, beside its figures.
  const verdictSets = page.getByRole('group', { name: "Your verdict on each of the visitor's quotes" });
  await expect(verdictSets.getByRole('region', { name: /^Verdict on / })).toHaveCount(3);
  await expect(verdictSets.getByRole('region', { name: 'Verdict on Cottonwood Lending' })).toContainText('APR');
  await expectAccessible(page, "the broker's request page with three quotes");
  const quotes = stored.comparison.quotes as { index: number; name: string; rate: number; lender_costs: number; apr: number; rank: number }[];
  const byIndex = [...quotes].sort((a, b) => a.index - b.index);
  await saveAnalysis(request, await brokerToken(request), id, {
    analysis: { lender: 'provident', grade: 'B', pros: ['Three real offers to choose from'], cons: ['Points only pay back after five years'],
      recommendations: ['Take the cheapest over your seven years.'],
      // The broker grades each quote: the cheapest at the horizon A and recommended.
      quoteVerdicts: byIndex.map((q) => ({ grade: q.rank === 1 ? 'A' : 'C', pros: [`${q.name}: a real offer`], cons: [`${q.name}: ranked ${q.rank} of 3`],
        recommended: false })),
      // The editor's seven-year rule counts payments, the comparison leaves the principal out: say why when they differ.
      recommendationReason: 'Cheapest over the seven years you expect to keep the loan, counting interest, insurance and closing costs.' },
    quotes: quotes.map((q) => ({ rate: q.rate, lenderFees: q.lender_costs, mortgageInsurance: 0, apr: q.apr, isRecommended: q.rank === 1 })),
  });
  await page.goto(`/rate-results?qr=${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Rate Quote Analysis' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your quotes side by side' })).toBeVisible();
  // The broker's verdict on each quote: its grade, pros and cons.
  const verdicts = page.getByRole('list', { name: 'Verdicts' });
  await expect(verdicts.getByRole('listitem', { name: /: grade [A-F]/ })).toHaveCount(3);
  for (const q of byIndex) {
    const card = verdicts.getByRole('listitem', { name: new RegExp(`^${q.name}: grade ${q.rank === 1 ? 'A' : 'C'}`) });
    await expect(card).toContainText(`${q.name}: a real offer`);
    await expect(card).toContainText(`${q.name}: ranked ${q.rank} of 3`);
  }
  await expectAccessible(page, 'the analysed results with three quotes compared');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(verdicts.getByRole('listitem', { name: /: grade [A-F]/ })).toHaveCount(3);
  await expect(verdicts.getByText(`${byIndex[2].name}: ranked ${byIndex[2].rank} of 3`)).toBeVisible();
  await expectAccessible(page, 'the analysed results with three verdicts, phone');
});
