import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { brokerToken, E2E_ADMIN, expectAccessible, openPage, saveAnalysis, signInFrom, submitRequest, waitForMail } from './helpers';

// Issue 27 (docs/records.md): a broker holds, exports and releases a request;
// the hold refuses the visitor's deletion; once released the visitor deletes
// it and the link says so; the broker's audit trail shows who did what.
test('a visitor deletes their request unless it is on legal hold; the broker exports it and sees the audit trail', async ({ page, browser }) => {
  const visitorEmail = `forget-me-${Date.now()}@example.com`;
  const id = await submitRequest(page.request, {
    loanType: 'purchase', isFirstHome: true, propertyType: 'primary', propertyStyle: 'single', militaryService: false, zipCode: '84101',
    creditScore: 740, purchasePrice: 450000, downPayment: 45000, brokerRate: 6.75, brokerLenderFees: 2500, email: visitorEmail,
  });

  // The broker's request page shows the full address and the records card.
  await signInFrom(page, `/admin/analysis/${id}`, E2E_ADMIN);
  await expect(page.getByRole('heading', { name: 'Create Analysis' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Contact', exact: true })).toContainText(visitorEmail);
  const records = page.getByRole('region', { name: 'Records' });
  await records.getByLabel('Reason (for a hold or a deletion)').fill('Complaint under review');
  await records.getByRole('button', { name: 'Put on legal hold' }).click();
  await expect(records.locator('p', { hasText: 'On legal hold' })).toContainText('Complaint under review');
  await expectAccessible(page, 'the request page with its records card');
  const download = page.waitForEvent('download');
  await records.getByRole('button', { name: 'Export as JSON' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`quote-request-${id}.json`);
  const exported = JSON.parse(await readFile(await file.path(), 'utf8'));
  expect(exported.quote_request.email).toBe(visitorEmail);
  expect(exported.legal_hold.reason).toBe('Complaint under review');

  // The visitor, in a browser of their own, sees their address masked and cannot delete while on hold.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await openPage(visitor, `/rate-results/?qr=${id}`);
  const deleteButton = visitor.getByRole('button', { name: 'Delete my request' });
  await expect(deleteButton).toBeVisible();
  await deleteButton.click();
  const dialog = visitor.getByRole('dialog', { name: 'Delete this request?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(visitor, 'the delete confirmation');
  await dialog.getByRole('button', { name: 'Yes, delete my request' }).click();
  await expect(visitor.getByRole('alert')).toHaveText('This request is on legal hold and cannot be deleted now');

  // Released, the visitor's deletion goes through and the link says so from then on.
  await records.getByRole('button', { name: 'Release legal hold' }).click();
  await expect(records.getByText(/Not on legal hold/)).toBeVisible();
  await deleteButton.click();
  await visitor.getByRole('dialog', { name: 'Delete this request?' }).getByRole('button', { name: 'Yes, delete my request' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'This request was deleted' })).toBeVisible();
  await expectAccessible(visitor, 'the deleted request');
  await openPage(visitor, `/rate-results/?qr=${id}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'This request was deleted' })).toBeVisible();
  expect((await visitor.request.get(`/api/quote-requests/${id}`)).status()).toBe(410);
  await visitorContext.close();

  // The broker's audit trail of the request: every read and change, newest first.
  await records.getByRole('link', { name: 'Who has seen this request (audit trail)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  const rows = page.getByRole('table', { name: 'Audit trail' }).getByRole('row');
  await expect(rows.filter({ hasText: 'Exported' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Legal hold' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Released the hold' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Read the request' }).first()).toContainText(E2E_ADMIN);
  await expectAccessible(page, 'the audit trail');
  // Filtering by another broker shows none of it.
  await page.getByLabel('Broker e-mail').fill('someone-else@quotegrade.test');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText('No actions match these filters.')).toBeVisible();
});

// Issue 27 §3 (docs/records.md): nothing overwritten, nothing forgotten. A
// second save keeps the first as an earlier version the broker can read on
// the request page, while the visitor sees the latest; every e-mail sent
// about the request is listed there with who sent it.
test('the broker reads the earlier versions of an analysis and the e-mails sent about the request', async ({ page, request }) => {
  const visitorEmail = `history-${Date.now()}@example.com`;
  const id = await submitRequest(request, {
    loanType: 'purchase', isFirstHome: true, propertyType: 'primary', propertyStyle: 'single', militaryService: false, zipCode: '84101',
    creditScore: 740, purchasePrice: 450000, downPayment: 45000, brokerRate: 6.75, brokerLenderFees: 2500, email: visitorEmail,
  });
  const token = await brokerToken(request);
  const save = (grade: string, pro: string) =>
    saveAnalysis(request, token, id, {
      analysis: { lender: 'provident', grade, pros: [pro], cons: ['Lender fees above typical'], recommendations: ['Ask for a lender credit'] },
      quotes: [],
    });
  await save('C', 'A fixed rate for 30 years');
  await waitForMail(request, visitorEmail, 'Your Quote Analysis is Ready!');
  await save('B', 'The lender offered a $1,000 credit');

  // The visitor sees the latest only.
  const visitorAnswer = await (await request.get(`/api/quote-requests/${id}/analysis`)).json();
  expect(visitorAnswer.grade).toBe('B');

  // The broker sees both saves on the request page, newest first, and reads the first whole.
  await signInFrom(page, `/admin/analysis/${id}`, E2E_ADMIN);
  await expect(page.getByRole('heading', { name: 'Edit Analysis' })).toBeVisible();
  const versions = page.getByRole('region', { name: 'Analysis versions' });
  const items = versions.getByRole('list', { name: 'Saved versions, newest first' }).locator(':scope > li');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(`Version 2: saved by ${E2E_ADMIN}`);
  await expect(items.nth(0)).toContainText('(the one the visitor sees)');
  await expect(items.nth(1)).toContainText(`Version 1: saved by ${E2E_ADMIN}`);
  await items.nth(1).getByText('Version 1:').click();
  await expect(items.nth(1).getByText('A fixed rate for 30 years')).toBeVisible();
  await expect(items.nth(1).getByRole('definition').first()).toHaveText('C');

  // The broker's own e-mail from the Send Email form joins the notice in the e-mails sent.
  const form = page.getByRole('form', { name: 'Send Email' });
  await form.getByLabel('Subject').fill('About your lender credit');
  await form.getByRole('button', { name: 'Send Email' }).click();
  await expect(form.getByText('Email sent successfully')).toBeVisible();
  await waitForMail(request, visitorEmail, 'About your lender credit');
  const emails = page.getByRole('region', { name: 'E-mails sent' });
  const sent = emails.getByRole('list', { name: 'E-mails sent, newest first' }).locator(':scope > li');
  await expect(async () => {
    await emails.getByRole('button', { name: 'Check for new e-mails' }).click();
    await expect(sent).toHaveCount(2, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(sent.nth(0)).toContainText(`About your lender creditTo ${visitorEmail}, sent by ${E2E_ADMIN}`);
  await expect(sent.nth(1)).toContainText('Your Quote Analysis is Ready!');
  await sent.nth(1).getByText('Your Quote Analysis is Ready!').click();
  await expect(sent.nth(1).locator('pre')).toContainText(`/rate-results/?qr=${id}`);
  await expectAccessible(page, 'the request page with its versions and e-mails');
});
