import { expect, test } from '@playwright/test';
import { E2E_ADMIN, expectAccessible, openPage, readRequest, signInFrom, submitPurchaseAfterQuote } from './helpers';
import { WHOLE_LOAN_ESTIMATE as LE, wholeLoanEstimatePdf } from './loan-estimate-pdf';

// Issue 15 part 1: the whole Loan Estimate, from the visitor's upload to the broker's request page.
test('a whole Loan Estimate is read for the visitor, and the broker sees its lines, the lender fees used and both APRs', async ({ page }) => {
  await openPage(page, '/check-my-rate');
  await page.getByLabel('Loan estimate or quote file').setInputFiles({ name: 'whole-le.pdf', mimeType: 'application/pdf', buffer: await wholeLoanEstimatePdf() });

  const summary = page.getByRole('region', { name: 'We read your Loan Estimate' });
  await expect(summary).toBeVisible();
  await expect(summary).toContainText('Also on your Loan Estimate');
  for (const text of [`Lender${LE.lenderName}`, `APR${LE.apr}`, `Total closing costs (J)${LE.closingCosts}`, `Estimated cash to close${LE.cashToClose}`,
    'Loan term30 years', `Rate locked until${LE.rateLockUntil}`, 'Prepayment penaltyNo']) {
    await expect(summary).toContainText(text);
  }
  await expect(summary).not.toContainText('Not found in your file');
  await expect(page.getByLabel('Total lender fees', { exact: true })).toHaveValue(LE.lenderFees);
  await expectAccessible(page, '/check-my-rate with a whole Loan Estimate read');

  const id = await submitPurchaseAfterQuote(page);
  expect(await readRequest(page, id)).toMatchObject({ broker_rate: 6.625, broker_lender_fees: 3590, broker_mortgage_insurance: 118 });

  await signInFrom(page, `/admin/analysis/${id}`, E2E_ADMIN);
  const panel = page.getByRole('region', { name: 'Loan Estimate read from the uploaded file' });
  await expect(panel.getByRole('table', { name: 'Closing Cost Details, sections A to H' })).toBeVisible();
  const rows = panel.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(LE.lines + 1);
  await expect(rows.nth(1)).toHaveText('A1 % of Loan Amount (Points)$3,200Lender feeCounted');
  await expect(panel.getByRole('row', { name: /Appraisal Fee/ })).toHaveText('BAppraisal Fee$650Lender feeNo');
  await expect(panel.getByRole('row', { name: /Title Search/ })).toHaveText('CTitle – Title Search$350Not a lender feeNo');
  await expect(panel).toContainText('Lender fees used for the quote: $3,590');
  const apr = panel.getByRole('region', { name: 'APR' });
  await expect(apr).toContainText(`Lender's APR (page 3)${LE.apr}`);
  await expect(apr).toContainText(/Our APR for the same loan\d\.\d{2,3}%/);
  await expect(apr).toContainText('prepaid interest: Prepaid Interest ( $58.08 per day for 15 days @ 6.625 %) $871');
  await expect(apr).toContainText('finance charge outside section A: Title – Settlement Agent Fee $650');
  await expectAccessible(page, "the broker's request page with a Loan Estimate read");
});
