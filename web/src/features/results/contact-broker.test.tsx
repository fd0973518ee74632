import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAnalysis, makeComparison, makeQuoteRequest, REQUEST_ID } from '@/testing/fixtures';
import { created, mockApi, noContent, notFound, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const requestPath = `/api/quote-requests/${REQUEST_ID}`;

function resultsApi() {
  return mockApi({
    [`GET ${requestPath}`]: ok(makeQuoteRequest({ broker_rate: 6.875, broker_lender_fees: null })),
    [`GET ${requestPath}/analysis`]: ok(makeAnalysis()),
    'POST /api/analysis/analysis-1/viewed': noContent,
    'POST /api/contact-requests/submit': created('c-1'),
  });
}

async function fillAndSend(dialog: HTMLElement, user: ReturnType<typeof renderApp>['user']) {
  await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Jane Doe');
  await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'jane@example.com');
  await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), 'Can this one come down?');
  await user.click(within(dialog).getByRole('button', { name: 'Send My Question' }));
  expect(await screen.findByRole('dialog', { name: 'Thank You!' })).toBeInTheDocument();
}

// Issue 25 §3: the Contact Broker modal, from a quote or from the general button.
describe('Contact Broker on the results page', () => {
  it('opens from a quote with that quote chosen, and sends it with the question', async () => {
    const api = resultsApi();
    const { user } = renderApp(`/rate-results?qr=${REQUEST_ID}`);
    const table = await screen.findByRole('table', { name: /lowest rate first/ });
    const opener = within(table).getByRole('button', { name: /^Contact Broker about .*, 6\.75% \(6\.8\d*% APR\)$/ });
    const about = opener.getAttribute('aria-label')!.replace(/^Contact Broker about /, '');
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Contact Broker' });
    expect(dialog).toHaveTextContent(`About: ${about}`);
    // Chosen already: no dropdown.
    expect(within(dialog).queryByRole('combobox', { name: 'Which quote is this about?' })).not.toBeInTheDocument();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    expect(opener).toHaveFocus();

    await user.click(opener);
    await fillAndSend(screen.getByRole('dialog', { name: 'Contact Broker' }), user);
    expect(api.callsTo('POST', '/api/contact-requests/submit')[0].body).toMatchObject({
      name: 'Jane Doe',
      quoteRequestId: REQUEST_ID,
      aboutQuote: about,
      kind: 'question',
    });
  });

  it("asks which quote from 'Speak to a Mortgage Expert', no particular quote by default", async () => {
    const api = resultsApi();
    const { user } = renderApp(`/rate-results?qr=${REQUEST_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Speak to a Mortgage Expert' }));
    const dialog = screen.getByRole('dialog', { name: 'Speak to a Mortgage Professional' });
    const which = within(dialog).getByRole('combobox', { name: 'Which quote is this about?' });
    expect(which).toHaveDisplayValue('No particular quote');
    const options = within(which)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toHaveLength(4);
    expect(options[0]).toBe('No particular quote');
    expect(options.slice(1)).toEqual([
      expect.stringMatching(/, 6\.25% \(/),
      expect.stringMatching(/, 6\.75% \(6\.8\d*% APR\)$/),
      expect.stringMatching(/^Your Quote, 6\.875% \(/),
    ]);

    await fillAndSend(dialog, user);
    expect(api.callsTo('POST', '/api/contact-requests/submit')[0].body).not.toHaveProperty('aboutQuote');
  });

  it('sends the quote picked in the dropdown', async () => {
    const api = resultsApi();
    const { user } = renderApp(`/rate-results?qr=${REQUEST_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Speak to a Mortgage Expert' }));
    const dialog = screen.getByRole('dialog', { name: 'Speak to a Mortgage Professional' });
    const which = within(dialog).getByRole('combobox', { name: 'Which quote is this about?' });
    const yours = within(which)
      .getAllByRole('option')
      .map((option) => option.textContent!)
      .find((text) => text.startsWith('Your Quote'))!;
    await user.selectOptions(which, yours);
    await fillAndSend(dialog, user);
    expect(api.callsTo('POST', '/api/contact-requests/submit')[0].body).toMatchObject({ aboutQuote: yours, quoteRequestId: REQUEST_ID });
  });

  it("has 'Contact Broker' on each of the visitor's quotes side by side while the analysis is on its way", async () => {
    const api = mockApi({
      [`GET ${requestPath}`]: ok(makeQuoteRequest({ comparison: makeComparison() })),
      [`GET ${requestPath}/analysis`]: notFound,
      'POST /api/contact-requests/submit': created('c-1'),
    });
    const { user } = renderApp(`/rate-results?qr=${REQUEST_ID}`);
    const table = await screen.findByRole('table', { name: 'Your quotes compared over 7 years' });
    const opener = within(table).getByRole('button', { name: 'Contact Broker about Wasatch Home Loans, 6.875% (6.797% APR)' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Contact Broker' });
    expect(dialog).toHaveTextContent('About: Wasatch Home Loans, 6.875% (6.797% APR)');
    await fillAndSend(dialog, user);
    expect(api.callsTo('POST', '/api/contact-requests/submit')[0].body).toMatchObject({
      quoteRequestId: REQUEST_ID,
      aboutQuote: 'Wasatch Home Loans, 6.875% (6.797% APR)',
    });
  });
});

describe('loan scenario modal', () => {
  it('shows what the visitor told us, takes focus and gives it back', async () => {
    resultsApi();
    const { user } = renderApp(`/rate-results?qr=${REQUEST_ID}`);
    const opener = await screen.findByRole('button', { name: 'View loan scenario' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Your loan scenario' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(within(dialog).getByRole('heading', { name: 'What you told us' })).toBeInTheDocument();
    expect(within(dialog).getByText('Credit score')).toBeInTheDocument();
    // An analysed request can no longer be changed: no edit link.
    expect(within(dialog).queryByRole('link', { name: 'Change my loan information' })).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(dialog).not.toHaveAttribute('open');
    expect(opener).toHaveFocus();

    await user.click(opener);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(opener).toHaveFocus();
  });
});
