import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Schema } from '@/lib/api-client';
import { storage } from '@/lib/storage';
import { makeLoanEstimate } from '@/testing/fixtures';
import { mockApi, ok, type Reply } from '@/testing/mock-api';
import { CHECK_WAIT_LIMIT_MS } from './api/upload-quote-file';
import { mockXhr } from '@/testing/mock-xhr';
import { renderApp } from '@/testing/render';

type CheckedUpload = Schema<'CheckedUpload'>;
type LoanEstimateFields = Schema<'LoanEstimateFields'>;

const KEY = 'uploads/5b7e2c1a-8d3f-4e6b-9a0c-1f2e3d4c5b6a.pdf';
const SIGNED_URL = `/api/uploads/local/${KEY}?op=put&sig=abc`;
const BUSY = 'Loan Estimates are being read for other visitors; please try again in a few seconds';
const TYPE_LIST = 'File type must be one of: .pdf, .jpg, .jpeg, .png, .xlsx, .xls, .doc, .docx';

const fileInput = () => screen.getByLabelText('Loan estimate or quote file');
const rateInput = () => screen.getByRole('spinbutton', { name: 'Interest rate' });
const feesInput = () => screen.getByRole('textbox', { name: 'Total lender fees' });
const insuranceInput = () => screen.getByRole('textbox', { name: 'Monthly mortgage insurance (optional)' });
const continueButton = () => screen.getByRole('button', { name: 'Continue to Loan Information' });

const fileOf = (name: string, size: number, type = 'application/pdf') => new File([new Uint8Array(size)], name, { type });

/** Drops files on the drop zone, as a drag from the desktop does. */
function dropFile(file: File) {
  const zone = fileInput().closest('div');
  if (!zone) throw new Error('no drop zone');
  fireEvent.dragOver(zone, { dataTransfer: { files: [file] } });
  fireEvent.drop(zone, { dataTransfer: { files: [file] } });
}

const checked = (fileName: string, estimate: LoanEstimateFields | null = null, couldNotRead = false): CheckedUpload => ({
  key: KEY,
  fileName,
  detectedType: fileName.endsWith('.png') ? 'image/png' : 'application/pdf',
  loanEstimate: estimate,
  couldNotRead,
  pages: [],
});

/** The server's side of an upload: a signed URL, then the answer of its check. */
function server(check: Reply | (() => Reply), presign: Reply = ok({ signedUrl: SIGNED_URL, key: KEY })) {
  return mockApi({ 'POST /api/uploads/presigned-url': presign, 'POST /api/uploads/check': check });
}

describe('quote upload', () => {
  it('refuses a file type outside the list before anything is sent', async () => {
    const api = mockApi({});
    renderApp('/check-my-rate');
    dropFile(fileOf('setup.exe', 2000, 'application/x-msdownload'));
    expect(await screen.findByRole('alert')).toHaveTextContent(TYPE_LIST);
    expect(fileInput()).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toEqual([]);
  });

  it('refuses a file over 5MB with its size, before anything is sent', async () => {
    const api = mockApi({});
    const { user } = renderApp('/check-my-rate');
    await user.upload(fileInput(), fileOf('scan.pdf', 6 * 1024 * 1024 + 300_000));
    expect(await screen.findByRole('alert')).toHaveTextContent('File size must be less than 5MB. Current size: 6.29MB');
    expect(api.calls).toEqual([]);
  });

  it("shows the server's words when it refuses an upload URL", async () => {
    server(ok({}), { status: 429, body: { error: 'Too many requests; please wait a minute' } });
    const { user } = renderApp('/check-my-rate');
    await user.upload(fileInput(), fileOf('quote.pdf', 2000));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests; please wait a minute');
  });

  it("says 'Failed to get upload URL' when the server gives no reason", async () => {
    server(ok({}), { status: 502 });
    const { user } = renderApp('/check-my-rate');
    await user.upload(fileInput(), fileOf('quote.pdf', 2000));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to get upload URL');
  });

  it("says 'Upload failed with status: {code}' when the store refuses the file", async () => {
    const api = server(ok(checked('quote.pdf')));
    const xhr = mockXhr();
    const { user } = renderApp('/check-my-rate');
    await user.upload(fileInput(), fileOf('quote.pdf', 2000));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    xhr.sent[0].respond(403);
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload failed with status: 403');
    expect(api.callsTo('POST', '/api/uploads/check')).toEqual([]);
    expect(storage.uploadedQuote.get()).toBeNull();
  });

  it('sends the raw file with its type, with a progress bar, the name and the size', async () => {
    server(ok(checked('photo.png')));
    const xhr = mockXhr();
    const { user } = renderApp('/check-my-rate');
    const file = fileOf('photo.png', 300 * 1024, 'image/png');
    await user.upload(fileInput(), file);

    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    expect(xhr.sent[0]).toMatchObject({ method: 'PUT', url: SIGNED_URL, contentType: 'image/png', body: file });
    const progress = screen.getByRole('progressbar', { name: 'Uploading photo.png' });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText(/Uploading photo\.png \(300 KB\)/)).toBeInTheDocument();
    xhr.sent[0].progress(0.5);
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '50'));
    xhr.sent[0].progress(1);
    xhr.sent[0].respond(200);

    expect(await screen.findByText('photo.png')).toBeInTheDocument();
    expect(screen.getByText('300 KB · Uploaded')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Uploaded photo.png');
    expect(storage.uploadedQuote.get()).toMatchObject({ key: KEY, fileName: 'photo.png', fileType: 'image/png', fileSize: 300 * 1024 });
    // Nothing read from it: the form stays as the visitor left it.
    expect(rateInput()).toHaveValue(null);
    expect(screen.getByText(/Your loan officer will read this file/)).toBeInTheDocument();
    expect(screen.queryByText(/could not read this file automatically/)).not.toBeInTheDocument();
  });

  it("reports the server's refusal of the file's content at once", async () => {
    const refusal = `The file's content is not a .pdf file. ${TYPE_LIST}`;
    server({ status: 400, body: { error: refusal, fields: { file: refusal } } });
    mockXhr({ autoRespond: 200 });
    const { user } = renderApp('/check-my-rate');
    await user.upload(fileInput(), fileOf('quote.pdf', 2000));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(storage.uploadedQuote.get()).toBeNull();
    expect(fileInput()).toBeInTheDocument();
  });

  it('fills in the figures of a Loan Estimate, marks them, and names what was not found', async () => {
    const estimate = makeLoanEstimate({
      lenderCredits: null,
      lenderFees: 1802,
      found: ['interestRate', 'loanAmount', 'originationCharges', 'points', 'mortgageInsurance'],
      notFound: ['lenderCredits'],
    });
    server(ok(checked('loan-estimate.pdf', estimate)));
    mockXhr({ autoRespond: 200 });
    const { user } = renderApp('/check-my-rate');
    await user.upload(fileInput(), fileOf('loan-estimate.pdf', 4000));

    const summary = await screen.findByRole('region', { name: 'We read your Loan Estimate' });
    expect(summary).toHaveTextContent('Interest rate3.875%');
    expect(summary).toHaveTextContent('Loan amount$162,000');
    expect(summary).toHaveTextContent('Origination charges (section A)$1,802');
    expect(summary).toHaveTextContent('Points$405');
    expect(summary).toHaveTextContent('Monthly mortgage insurance$82');
    expect(summary).toHaveTextContent("Not found in your file: Lender credits. Please enter what's missing yourself.");
    // The server's rule for the lender fees, in words (loanestimate.InLenderFees).
    expect(summary).toHaveTextContent("plus the lender's own fees in sections B and C except the appraisal, less lender credits");
    expect(rateInput()).toHaveValue(3.875);
    expect(feesInput()).toHaveValue('1,802');
    expect(insuranceInput()).toHaveValue('82');
    for (const input of [rateInput(), feesInput(), insuranceInput()]) {
      expect(input).toHaveAccessibleDescription(/Read from your file — please check/);
    }
  });

  it('marks each figure read from a photo "Please check", beside its field and in the summary', async () => {
    const estimate = makeLoanEstimate({
      lenderCredits: null,
      lenderFees: 1802,
      closingCosts: 8054,
      found: ['interestRate', 'loanAmount', 'originationCharges', 'points', 'mortgageInsurance', 'closingCosts'],
      notFound: ['lenderCredits'],
      pleaseCheck: ['interestRate', 'loanAmount', 'originationCharges', 'points', 'mortgageInsurance', 'closingCosts', 'lenderFees'],
      readByOcr: true,
    });
    server(ok(checked('IMG_2041.png', estimate)));
    mockXhr({ autoRespond: 200 });
    const { user } = renderApp('/check-my-rate');
    await user.upload(fileInput(), fileOf('IMG_2041.png', 4000, 'image/png'));

    const summary = await screen.findByRole('region', { name: 'We read your Loan Estimate' });
    expect(summary).toHaveTextContent('from a picture of your file');
    expect(summary).toHaveTextContent('Interest ratePlease check 3.875%');
    expect(summary).toHaveTextContent('Origination charges (section A)Please check $1,802');
    expect(summary).toHaveTextContent('Monthly mortgage insurancePlease check $82');
    expect(summary).toHaveTextContent('Total closing costs (J)Please check $8,054');
    expect(summary).toHaveTextContent("Not found in your file: Lender credits. Please enter what's missing yourself.");
    expect(rateInput()).toHaveValue(3.875);
    expect(feesInput()).toHaveValue('1,802');
    for (const input of [rateInput(), feesInput(), insuranceInput()]) {
      expect(input).toHaveAccessibleDescription(/Please check read from a picture of your Loan Estimate/);
    }
    // Once the visitor corrects a figure, it is theirs.
    await user.clear(rateInput());
    await user.type(rateInput(), '3.5');
    expect(rateInput()).not.toHaveAccessibleDescription(/Please check/);
  });

  it('says a photo could not be read automatically, and keeps the file', async () => {
    server(ok(checked('IMG_2041.png', null, true)));
    mockXhr({ autoRespond: 200 });
    const { user } = renderApp('/check-my-rate');
    await user.upload(fileInput(), fileOf('IMG_2041.png', 4000, 'image/png'));
    expect(await screen.findByText(/We could not read this file automatically/)).toBeInTheDocument();
    expect(screen.getByText(/Your loan officer will read this file/)).toBeInTheDocument();
    expect(storage.uploadedQuote.get()).toMatchObject({ fileName: 'IMG_2041.png' });
    expect(rateInput()).toHaveValue(null);
  });

  it('leaves a figure the Loan Estimate did not show for the visitor, and says so', async () => {
    const estimate = makeLoanEstimate({
      interestRate: null,
      mortgageInsurance: null,
      found: ['loanAmount', 'originationCharges', 'points', 'lenderCredits'],
      notFound: ['interestRate', 'mortgageInsurance'],
    });
    server(ok(checked('loan-estimate.pdf', estimate)));
    mockXhr({ autoRespond: 200 });
    const { user } = renderApp('/check-my-rate');
    await user.upload(fileInput(), fileOf('loan-estimate.pdf', 4000));

    const missing = "Not found in your file: Interest rate, Monthly mortgage insurance. Please enter what's missing yourself.";
    expect(await screen.findByText(missing)).toBeInTheDocument();
    expect(rateInput()).toHaveValue(null);
    expect(rateInput()).toHaveAccessibleDescription(/Not found in your file — please enter it yourself/);
    // Origination charges less the lender credit.
    expect(feesInput()).toHaveValue('1,052');
    expect(feesInput()).toHaveAccessibleDescription(/Read from your file — please check/);
  });

  it('shows the rest of the Loan Estimate briefly, and only what was read', async () => {
    server(ok(checked('loan-estimate.pdf', makeLoanEstimate({ rateLockUntil: null, cashToClose: null }))));
    mockXhr({ autoRespond: 200 });
    const { user } = renderApp('/check-my-rate');
    await user.upload(fileInput(), fileOf('loan-estimate.pdf', 4000));

    const summary = await screen.findByRole('region', { name: 'We read your Loan Estimate' });
    expect(summary).toHaveTextContent('Also on your Loan Estimate');
    expect(summary).toHaveTextContent('LenderFicus Bank');
    expect(summary).toHaveTextContent('APR4.274%');
    expect(summary).toHaveTextContent('Total interest percentage69.45%');
    expect(summary).toHaveTextContent('Total closing costs (J)$7,304');
    expect(summary).toHaveTextContent('Loan term30 years');
    expect(summary).toHaveTextContent('Prepayment penaltyNo');
    expect(summary).not.toHaveTextContent('Rate locked until');
    expect(summary).not.toHaveTextContent('Estimated cash to close');
  });

  it('drops the note from a figure the visitor changes', async () => {
    server(ok(checked('loan-estimate.pdf', makeLoanEstimate())));
    mockXhr({ autoRespond: 200 });
    const { user } = renderApp('/check-my-rate');
    await user.upload(fileInput(), fileOf('loan-estimate.pdf', 4000));
    await waitFor(() => expect(rateInput()).toHaveValue(3.875));
    await user.clear(rateInput());
    await user.type(rateInput(), '4');
    expect(rateInput()).not.toHaveAccessibleDescription(/Read from your file/);
    expect(feesInput()).toHaveAccessibleDescription(/Read from your file — please check/);
  });

  it('goes on with only a file, saving no typed quote', async () => {
    storage.quoteDetails.set({ rate: 7, lenderFees: 100, titleFees: null, mortgageInsurance: null });
    server(ok(checked('photo.png')));
    mockXhr({ autoRespond: 200 });
    const { user, location } = renderApp('/check-my-rate');
    await user.clear(rateInput());
    await user.clear(feesInput());
    await user.upload(fileInput(), fileOf('photo.png', 4000, 'image/png'));
    await screen.findByText('photo.png');
    await user.click(continueButton());

    await waitFor(() => expect(location().pathname).toBe('/loan-information'));
    expect(storage.quoteDetails.get()).toBeNull();
    expect(storage.uploadedQuote.get()?.key).toBe(KEY);
  });

  it('with a file, goes on with a half-typed quote and keeps what was typed', async () => {
    storage.uploadedQuote.set({ key: KEY, fileName: 'photo.png', fileType: 'image/png', uploadedAt: '2025-03-04T17:00:00Z' });
    const { user, location } = renderApp('/check-my-rate');
    await user.type(rateInput(), '6.5');
    await user.click(continueButton());
    await waitFor(() => expect(location().pathname).toBe('/loan-information'));
    expect(storage.quoteDetails.get()).toEqual({ rate: 6.5, lenderFees: null, titleFees: null, mortgageInsurance: null });
  });

  it('goes on with a Loan Estimate whose fees were not read (issue 14, defect 13)', async () => {
    const estimate = makeLoanEstimate({
      originationCharges: null,
      points: null,
      lenderCredits: null,
      lenderFees: null,
      mortgageInsurance: null,
      found: ['interestRate', 'loanAmount'],
      notFound: ['originationCharges', 'points', 'lenderCredits', 'mortgageInsurance'],
    });
    server(ok(checked('loan-estimate.pdf', estimate)));
    mockXhr({ autoRespond: 200 });
    const { user, location } = renderApp('/check-my-rate');
    await user.upload(fileInput(), fileOf('loan-estimate.pdf', 4000));
    await waitFor(() => expect(rateInput()).toHaveValue(3.875));
    expect(feesInput()).toHaveValue('');
    await user.click(continueButton());

    await waitFor(() => expect(location().pathname).toBe('/loan-information'));
    expect(screen.queryByText(/Enter both your interest rate/)).not.toBeInTheDocument();
    expect(storage.quoteDetails.get()).toEqual({ rate: 3.875, lenderFees: null, titleFees: null, mortgageInsurance: null });
    expect(storage.uploadedQuote.get()?.key).toBe(KEY);
  });

  it('keeps the upload across a reload, and removing it asks for the quote again', async () => {
    storage.uploadedQuote.set({ key: KEY, fileName: 'quote.pdf', fileType: 'application/pdf', fileSize: 2_500_000, uploadedAt: '2025-03-04T17:00:00Z' });
    const { user } = renderApp('/check-my-rate');
    expect(screen.getByText('quote.pdf')).toBeInTheDocument();
    expect(screen.getByText('2.4 MB · Uploaded')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove quote.pdf' }));
    expect(storage.uploadedQuote.get()).toBeNull();
    expect(fileInput()).toHaveFocus();
    await user.click(continueButton());
    expect(screen.getByText('Please enter your interest rate')).toBeInTheDocument();
  });

  it('cancels an upload on its way', async () => {
    const api = server(ok(checked('quote.pdf')));
    const xhr = mockXhr();
    const { user } = renderApp('/check-my-rate');
    await user.upload(fileInput(), fileOf('quote.pdf', 2000));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(xhr.sent[0].aborted).toBe(true);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/uploads/check')).toEqual([]);
    expect(storage.uploadedQuote.get()).toBeNull();
  });

  it('takes a file dropped on the zone', async () => {
    const api = server(ok(checked('quote.pdf')));
    mockXhr({ autoRespond: 200 });
    renderApp('/check-my-rate');
    dropFile(fileOf('quote.pdf', 2000));
    expect(await screen.findByText('quote.pdf')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/uploads/presigned-url')[0].body).toEqual({ fileName: 'quote.pdf', fileType: 'application/pdf' });
    expect(api.callsTo('POST', '/api/uploads/check')[0].body).toEqual({ key: KEY });
  });

  it('waits its turn when the server is reading another of the visitor\'s pictures (503 with Retry-After), then reads it', async () => {
    let asked = 0;
    const busy = { status: 503, body: { error: BUSY }, headers: { 'Retry-After': '0' } };
    const api = server(() => (++asked < 3 ? busy : ok(checked('page2.png', makeLoanEstimate({ readByOcr: true })))));
    mockXhr({ autoRespond: 200 });
    const { user } = renderApp('/check-my-rate');
    await user.upload(fileInput(), fileOf('page2.png', 2000, 'image/png'));
    expect(await screen.findByText('page2.png')).toBeInTheDocument();
    await waitFor(() => expect(rateInput()).toHaveValue(3.875));
    expect(api.callsTo('POST', '/api/uploads/check')).toHaveLength(3);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's words when no reader is free for longer than the visitor is asked to wait", async () => {
    const api = server({ status: 503, body: { error: BUSY }, headers: { 'Retry-After': String(CHECK_WAIT_LIMIT_MS / 1000 + 1) } });
    mockXhr({ autoRespond: 200 });
    const { user } = renderApp('/check-my-rate');
    await user.upload(fileInput(), fileOf('page2.png', 2000, 'image/png'));
    expect(await screen.findByRole('alert')).toHaveTextContent(BUSY);
    expect(api.callsTo('POST', '/api/uploads/check')).toHaveLength(1);
  });
});
