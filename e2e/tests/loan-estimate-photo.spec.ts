import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { E2E_ADMIN, expectAccessible, openPage, readRequest, signInFrom, submitPurchaseAfterQuote } from './helpers';
import { WHOLE_LOAN_ESTIMATE as LE, wholeLoanEstimatePdf } from './loan-estimate-pdf';

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

/** The pages of the whole Loan Estimate as pictures, one a page, as a visitor photographs or screenshots them (pdftoppm). */
async function pagePictures(): Promise<Buffer[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'le-pages-'));
  writeFileSync(path.join(dir, 'le.pdf'), await wholeLoanEstimatePdf());
  execFileSync('pdftoppm', ['-r', '200', '-gray', '-jpeg', path.join(dir, 'le.pdf'), path.join(dir, 'page')]);
  return [1, 2, 3].map((n) => readFileSync(path.join(dir, `page-${n}.jpg`)));
}

// Issue 28 §3: the three pages as three pictures, chosen at once and out of order, are read as one Loan Estimate.
test('three pictures of a Loan Estimate, one a page, are read together; the broker downloads each', async ({ page }) => {
  const [page1, page2, page3] = await pagePictures();
  await openPage(page, '/check-my-rate');
  await page.getByLabel('Loan estimate or quote file').setInputFiles([
    { name: 'IMG_0103.jpg', mimeType: 'image/jpeg', buffer: page3 },
    { name: 'IMG_0101.jpg', mimeType: 'image/jpeg', buffer: page1 },
    { name: 'IMG_0102.jpg', mimeType: 'image/jpeg', buffer: page2 },
  ]);

  // OCR takes seconds a page on a small machine.
  const summary = page.getByRole('region', { name: 'We read your Loan Estimate' });
  await expect(summary).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('3 pictures of one Loan Estimate')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Pictures uploaded' }).getByRole('listitem')).toHaveText([/IMG_0103\.jpg/, /IMG_0101\.jpg/, /IMG_0102\.jpg/]);
  await expect(summary).toContainText('from a picture of your file');
  // Page 1's rate and amount, page 2's origination charges, page 3's APR: each to be checked.
  for (const value of ['6.625%', '$320,000', '$4,395', LE.apr]) {
    await expect(summary.getByRole('definition').filter({ hasText: value }).first()).toHaveText(`Please check ${value}`);
  }
  await expect(page.getByLabel('Interest rate', { exact: true })).toHaveValue('6.625');
  await expect(page.getByLabel('Interest rate', { exact: true })).toHaveAccessibleDescription(/Please check read from a picture of your Loan Estimate/);
  await expect(page.getByLabel('Add another page')).toHaveCount(0);
  await expectAccessible(page, '/check-my-rate with three pictures of a Loan Estimate read');

  const id = await submitPurchaseAfterQuote(page);
  expect(await readRequest(page, id)).toMatchObject({ broker_rate: 6.625, user_uploaded_quote_url: expect.stringMatching(/^uploads\/.+\.jpg$/) });

  await signInFrom(page, `/admin/analysis/${id}`, E2E_ADMIN);
  const panel = page.getByRole('region', { name: 'Loan Estimate read from the uploaded file' });
  await expect(panel.getByRole('region', { name: 'APR' })).toContainText(`Lender's APR (page 3)${LE.apr}`);
  await page.getByRole('button', { name: 'Download uploaded quote' }).click();
  const pictures = page.getByRole('list', { name: "Pictures of the Loan Estimate's pages" }).getByRole('link');
  await expect(pictures).toHaveText(['Download IMG_0103.jpg', 'Download IMG_0101.jpg', 'Download IMG_0102.jpg']);
  for (const [i, want] of [page3, page1, page2].entries()) {
    const res = await page.request.get((await pictures.nth(i).getAttribute('href')) ?? '');
    expect(res.status()).toBe(200);
    expect(Buffer.from(await res.body()).equals(want)).toBe(true);
  }
});
