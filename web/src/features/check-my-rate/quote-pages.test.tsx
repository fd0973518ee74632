import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Schema } from '@/lib/api-client';
import { storage } from '@/lib/storage';
import { makeLoanEstimate } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { mockXhr } from '@/testing/mock-xhr';
import { renderApp } from '@/testing/render';
import { PAGES_MESSAGE } from './upload-rules';

// A Loan Estimate sent as pictures, one a page (issue 28 §3).

type CheckedUpload = Schema<'CheckedUpload'>;

const fileInput = () => screen.getByLabelText('Loan estimate or quote file');
const addPageInput = () => screen.getByLabelText('Add another page');
const rateInput = () => screen.getByRole('spinbutton', { name: 'Interest rate' });
const picture = (name: string) => new File([new Uint8Array(3000)], name, { type: name.endsWith('.png') ? 'image/png' : 'image/jpeg' });
const keyOf = (n: number) => `uploads/0000000${n}-8d3f-4e6b-9a0c-1f2e3d4c5b6a.jpg`;

const read = makeLoanEstimate({
  readByOcr: true,
  apr: 4.274,
  pleaseCheck: ['interestRate', 'loanAmount', 'originationCharges', 'points', 'lenderCredits', 'mortgageInsurance', 'apr', 'lenderFees'],
});

/** The server: each link a new key, each check read from the pictures it names. */
function server(names: string[]) {
  let links = 0;
  return mockApi({
    'POST /api/uploads/presigned-url': () => {
      links += 1;
      return ok({ signedUrl: `/api/uploads/local/${keyOf(links)}?op=put&sig=abc`, key: keyOf(links) });
    },
    'POST /api/uploads/check': ({ body }) => {
      const { key, pages = [] } = body as { key: string; pages?: string[] };
      const index = (k: string) => Number(k.slice(15, 16)) - 1;
      const answer: CheckedUpload = {
        key,
        fileName: names[index(key)],
        detectedType: 'image/jpeg',
        loanEstimate: read,
        couldNotRead: false,
        pages: pages.map((page) => ({ key: page, fileName: names[index(page)], detectedType: 'image/jpeg' })),
      };
      return ok(answer);
    },
  });
}

describe('a Loan Estimate as pictures of its pages', () => {
  it('sends three pictures chosen at once, each through its own link, and has them read together', async () => {
    const names = ['page-3.jpg', 'page-1.jpg', 'page-2.png'];
    const api = server(names);
    const xhr = mockXhr({ autoRespond: 200 });
    const { user } = renderApp('/check-my-rate');
    await user.upload(fileInput(), names.map(picture));

    expect(await screen.findByText('3 pictures of one Loan Estimate')).toBeInTheDocument();
    expect(xhr.sent.map((put) => put.url)).toEqual([1, 2, 3].map((n) => `/api/uploads/local/${keyOf(n)}?op=put&sig=abc`));
    expect(api.callsTo('POST', '/api/uploads/check').map((call) => call.body)).toEqual([{ key: keyOf(1), pages: [keyOf(2), keyOf(3)] }]);
    const list = screen.getByRole('list', { name: 'Pictures uploaded' });
    expect(list).toHaveTextContent('page-3.jpg');
    expect(list).toHaveTextContent('page-1.jpg');
    expect(list).toHaveTextContent('page-2.png');
    // What was read is filled in, each figure to be checked, as for one picture.
    expect(rateInput()).toHaveValue(3.875);
    expect(rateInput()).toHaveAccessibleDescription(/Please check read from a picture of your Loan Estimate/);
    // Three pages are the whole form: no page to add.
    expect(screen.queryByLabelText('Add another page')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Uploaded 3 pictures');
    // The request names the first picture; the others go with it.
    expect(storage.uploadedQuote.get()).toMatchObject({
      key: keyOf(1),
      fileName: 'page-3.jpg',
      pages: [
        { key: keyOf(2), fileName: 'page-1.jpg' },
        { key: keyOf(3), fileName: 'page-2.png' },
      ],
    });

    await user.click(screen.getByRole('button', { name: 'Remove the 3 pictures' }));
    expect(storage.uploadedQuote.get()).toBeNull();
    expect(fileInput()).toBeInTheDocument();
  });

  it('adds pages one by one to a picture, reading all of them each time', async () => {
    const api = server(['IMG_0001.jpg', 'IMG_0002.jpg', 'IMG_0003.jpg']);
    mockXhr({ autoRespond: 200 });
    const { user } = renderApp('/check-my-rate');
    await user.upload(fileInput(), picture('IMG_0001.jpg'));
    expect(await screen.findByText('IMG_0001.jpg')).toBeInTheDocument();
    expect(addPageInput()).toHaveAccessibleDescription('A picture of another page of the same Loan Estimate (1 of 3 so far).');

    await user.upload(addPageInput(), picture('IMG_0002.jpg'));
    expect(await screen.findByText('2 pictures of one Loan Estimate')).toBeInTheDocument();
    expect(addPageInput()).toHaveAccessibleDescription(/2 of 3 so far/);
    await user.upload(addPageInput(), picture('IMG_0003.jpg'));
    expect(await screen.findByText('3 pictures of one Loan Estimate')).toBeInTheDocument();

    expect(api.callsTo('POST', '/api/uploads/check').map((call) => call.body)).toEqual([
      { key: keyOf(1) },
      { key: keyOf(1), pages: [keyOf(2)] },
      { key: keyOf(1), pages: [keyOf(2), keyOf(3)] },
    ]);
    expect(storage.uploadedQuote.get()?.pages?.map((page) => page.fileName)).toEqual(['IMG_0002.jpg', 'IMG_0003.jpg']);

    // The first picture left out: the second now names the Loan Estimate, read with the third.
    await user.click(screen.getByRole('button', { name: 'Remove IMG_0001.jpg' }));
    expect(await screen.findByText('2 pictures of one Loan Estimate')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/uploads/check').at(-1)?.body).toEqual({ key: keyOf(2), pages: [keyOf(3)] });
    expect(storage.uploadedQuote.get()).toMatchObject({ key: keyOf(2), fileName: 'IMG_0002.jpg', fileType: 'image/jpeg', pages: [{ key: keyOf(3) }] });
    expect(screen.getByRole('status')).toHaveTextContent('Removed IMG_0001.jpg');
    // Down to one picture, which stands alone again.
    await user.click(screen.getByRole('button', { name: 'Remove IMG_0003.jpg' }));
    expect(await screen.findByText('IMG_0002.jpg')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/uploads/check').at(-1)?.body).toEqual({ key: keyOf(2), pages: [] });
    expect(storage.uploadedQuote.get()?.pages).toEqual([]);
    expect(addPageInput()).toHaveAccessibleDescription(/1 of 3 so far/);
  });

  it('offers no page to add to a PDF, which holds its pages itself', async () => {
    mockApi({
      'POST /api/uploads/presigned-url': ok({ signedUrl: '/api/uploads/local/uploads/a.pdf?op=put&sig=abc', key: 'uploads/a.pdf' }),
      'POST /api/uploads/check': ok({ key: 'uploads/a.pdf', fileName: 'le.pdf', detectedType: 'application/pdf', loanEstimate: null, couldNotRead: false, pages: [] }),
    });
    mockXhr({ autoRespond: 200 });
    const { user } = renderApp('/check-my-rate');
    await user.upload(fileInput(), new File([new Uint8Array(3000)], 'le.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('le.pdf')).toBeInTheDocument();
    expect(screen.queryByLabelText('Add another page')).not.toBeInTheDocument();
  });

  it('refuses, before anything is sent, more than three pictures or other files among them', async () => {
    const api = mockApi({});
    const { user } = renderApp('/check-my-rate');
    await user.upload(fileInput(), ['1.jpg', '2.jpg', '3.jpg', '4.jpg'].map(picture));
    expect(await screen.findByRole('alert')).toHaveTextContent(PAGES_MESSAGE);
    await user.upload(fileInput(), [picture('1.jpg'), new File([new Uint8Array(10)], 'quote.pdf', { type: 'application/pdf' })]);
    expect(screen.getByRole('alert')).toHaveTextContent(PAGES_MESSAGE);
    expect(api.calls).toEqual([]);
  });
});
