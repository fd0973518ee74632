import { expect, test, type Browser } from '@playwright/test';
import { expectAccessible, openPage } from './helpers';

// The page of a Loan Estimate as a visitor's phone sees it: the browser draws
// it and takes its picture (a PNG), slightly turned, as a photo of paper is.
const LINES = [
  'Cottonwood Lending    Loan Estimate    LOAN TERM 30 years    PURPOSE Purchase',
  'Loan Terms    Can this amount increase after closing?',
  'Loan Amount $320,000    NO',
  'Interest Rate 6.625 %    NO',
  'Monthly Principal & Interest $2,049.00    NO',
  'Projected Payments',
  'Mortgage Insurance + 118',
  'Estimated Escrow + 412',
  'Closing Cost Details',
  'A. Origination Charges $4,395',
  '1 % of Loan Amount (Points) $3,200',
  'Application Fee $395',
  'J. TOTAL CLOSING COSTS $11,240',
  'Lender Credits - $1,000',
];

async function photoOfLoanEstimate(browser: Browser): Promise<Buffer> {
  const camera = await browser.newPage({ viewport: { width: 1275, height: 1100 } });
  const lines = LINES.map((line) => `<p>${line.replaceAll('&', '&amp;')}</p>`).join('');
  await camera.setContent(
    `<body style="margin:0;background:#fff"><div style="padding:60px 80px;font:26px/1.6 sans-serif;color:#111;white-space:pre;transform:rotate(1deg)">${lines}</div></body>`,
  );
  const png = await camera.screenshot({ type: 'png' });
  await camera.close();
  return png;
}

test('a photo of a Loan Estimate fills in the quote, each figure marked "Please check"', async ({ page, browser }) => {
  const photo = await photoOfLoanEstimate(browser);
  await openPage(page, '/check-my-rate');
  await page.getByLabel('Loan estimate or quote file').setInputFiles({ name: 'IMG_2041.png', mimeType: 'image/png', buffer: photo });

  const summary = page.getByRole('region', { name: 'We read your Loan Estimate' });
  await expect(summary).toBeVisible({ timeout: 30_000 });
  await expect(summary).toContainText('from a picture of your file');
  for (const [label, value] of [
    ['Interest rate', '6.625%'],
    ['Loan amount', '$320,000'],
    ['Origination charges (section A)', '$4,395'],
    ['Monthly mortgage insurance', '$118'],
  ]) {
    await expect(summary.getByRole('definition').filter({ hasText: value })).toHaveText(`Please check ${value}`);
    await expect(summary.getByRole('term').filter({ hasText: label }).first()).toBeVisible();
  }
  const rate = page.getByLabel('Interest rate', { exact: true });
  const fees = page.getByLabel('Total lender fees', { exact: true });
  const insurance = page.getByLabel('Monthly mortgage insurance (optional)');
  await expect(rate).toHaveValue('6.625');
  await expect(fees).toHaveValue('3,395');
  await expect(insurance).toHaveValue('118');
  for (const field of [rate, fees, insurance]) {
    await expect(field).toHaveAccessibleDescription(/Please check read from a picture of your Loan Estimate/);
  }
  await expectAccessible(page, '/check-my-rate with a photo of a Loan Estimate read');

  // The visitor corrects a figure: it is theirs now, no longer marked.
  await rate.fill('6.5');
  await expect(rate).not.toHaveAccessibleDescription(/Please check/);
  await expect(fees).toHaveAccessibleDescription(/Please check/);
});
