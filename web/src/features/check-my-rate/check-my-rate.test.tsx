import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { makeQuoteRequest } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const rateInput = () => screen.getByRole('spinbutton', { name: 'Interest rate' });
const feesInput = () => screen.getByRole('textbox', { name: 'Total lender fees' });
const continueButton = () => screen.getByRole('button', { name: 'Continue to Loan Information' });

describe('check my rate', () => {
  it('shows the page, hints and the upload control', () => {
    renderApp('/check-my-rate');
    expect(screen.getByRole('heading', { level: 1, name: 'Enter Details About Your Mortgage Quote' })).toBeInTheDocument();
    expect(screen.getByLabelText('Loan estimate or quote file')).toBeEnabled();
    expect(screen.getByLabelText('Loan estimate or quote file')).toHaveAttribute('accept', '.pdf,.jpg,.jpeg,.png,.xlsx,.xls,.doc,.docx');
    expect(rateInput()).toHaveAccessibleDescription('Enter the interest rate, not the APR.');
    expect(rateInput()).toHaveAttribute('step', '0.125');
    expect(feesInput()).toHaveAccessibleDescription(/tick “This is a credit from the lender”/);
    expect(screen.getByRole('checkbox', { name: 'This is a credit from the lender' })).not.toBeChecked();
  });

  it('needs a rate and a lender fee, or a file, before continuing', async () => {
    const { user, location } = renderApp('/check-my-rate');
    await user.click(continueButton());
    expect(screen.getByText('Please enter your interest rate')).toBeInTheDocument();
    expect(screen.getByText('Please enter your total lender fees (enter 0 if there are none)')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'To continue, upload your quote or enter your interest rate and your total lender fees (0 is fine).',
    );
    expect(location().pathname).toBe('/check-my-rate');

    await user.type(rateInput(), '6.5');
    await user.click(continueButton());
    expect(screen.queryByText('Please enter your interest rate')).not.toBeInTheDocument();
    expect(screen.getByText('Please enter your total lender fees (enter 0 if there are none)')).toBeInTheDocument();
  });

  it('offers questions for an expert once a rate is entered', async () => {
    const { user } = renderApp('/check-my-rate');
    expect(screen.queryByRole('group', { name: /Questions for an expert/ })).not.toBeInTheDocument();
    await user.type(rateInput(), '6.5');
    expect(screen.getByRole('group', { name: 'Questions for an expert (optional)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    expect(screen.getByRole('textbox', { name: 'Question 2' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove question 2' }));
    expect(screen.queryByRole('textbox', { name: 'Question 2' })).not.toBeInTheDocument();
  });

  it('saves the quote with a zero fee and goes to the loan information', async () => {
    const { user, location } = renderApp('/check-my-rate');
    await user.type(rateInput(), '6.625');
    await user.type(feesInput(), '0');
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    await user.type(screen.getByRole('textbox', { name: 'Question 1' }), 'Should I buy points?');
    await user.click(continueButton());

    await waitFor(() => expect(location().pathname).toBe('/loan-information'));
    expect(storage.quoteDetails.get()).toEqual({ rate: 6.625, lenderFees: 0, titleFees: null, mortgageInsurance: null });
    expect(storage.questions.get()).toEqual(['Should I buy points?']);
  });

  // Issue 25 §3: a figure outside its range is kept as typed and refused with the server's words, never clamped.
  it('refuses a rate or fees outside their range with a message instead of changing them', async () => {
    const { user, location } = renderApp('/check-my-rate');
    await user.type(rateInput(), '150');
    await user.type(feesInput(), '99999999999');
    await user.tab();
    expect(rateInput()).toHaveValue(150);
    await user.click(continueButton());
    expect(screen.getAllByText('Interest rate must be between 0 and 100').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Lender fees must be between -$1,000,000 and $1,000,000').length).toBeGreaterThan(0);
    await user.clear(rateInput());
    await user.type(rateInput(), '0.0001');
    await user.click(continueButton());
    expect(screen.getAllByText('Interest rate must be 0, or at least 0.001%').length).toBeGreaterThan(0);
    expect(location().pathname).toBe('/check-my-rate');
  });

  it('stores the qr request id and adds the quote to that request', async () => {
    const api = mockApi({ 'PATCH /api/quote-requests/qr-7/broker-quote': ok(makeQuoteRequest({ id: 'qr-7' })) });
    const { user, location } = renderApp('/check-my-rate?qr=qr-7');
    await waitFor(() => expect(storage.requestId.get()).toBe('qr-7'));
    await user.type(rateInput(), '6.5');
    await user.type(feesInput(), '-750');
    await user.click(screen.getByRole('button', { name: 'Continue to My Results' }));

    await waitFor(() => expect(location().pathname).toBe('/rate-results'));
    expect(location().search).toBe('?qr=qr-7');
    expect(api.callsTo('PATCH', '/api/quote-requests/qr-7/broker-quote')[0].body).toEqual({
      broker_rate: 6.5,
      broker_lender_fees: -750,
      broker_mortgage_insurance: null,
    });
  });

  // Issue 25: a phone's decimal keypad has no minus sign; a lender credit is entered with a box.
  it('sends a lender credit typed without a minus sign, the box ticked, as a negative fee', async () => {
    const api = mockApi({ 'PATCH /api/quote-requests/qr-7/broker-quote': ok(makeQuoteRequest({ id: 'qr-7' })) });
    const { user, location } = renderApp('/check-my-rate?qr=qr-7');
    await waitFor(() => expect(storage.requestId.get()).toBe('qr-7'));
    await user.type(rateInput(), '6.5');
    await user.type(feesInput(), '1500');
    await user.click(screen.getByRole('checkbox', { name: 'This is a credit from the lender' }));
    expect(feesInput()).toHaveValue('1,500');
    await user.click(screen.getByRole('button', { name: 'Continue to My Results' }));

    await waitFor(() => expect(location().pathname).toBe('/rate-results'));
    expect(api.callsTo('PATCH', '/api/quote-requests/qr-7/broker-quote')[0].body).toEqual({
      broker_rate: 6.5,
      broker_lender_fees: -1500,
      broker_mortgage_insurance: null,
    });
  });

  it("takes a second quote's lender credit the same way, with its own box", async () => {
    const { user, location } = renderApp('/check-my-rate');
    await user.type(rateInput(), '6.5');
    await user.type(feesInput(), '2000');
    await user.click(screen.getByRole('button', { name: 'Add another quote' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Quote B: interest rate' }), '6.875');
    await user.type(screen.getByRole('textbox', { name: 'Quote B: other lender fees or credit' }), '(900)');
    expect(screen.getByRole('checkbox', { name: 'Quote B: this is a credit from the lender' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'This is a credit from the lender' })).not.toBeChecked();
    await user.click(continueButton());

    await waitFor(() => expect(location().pathname).toBe('/loan-information'));
    expect(storage.quoteDetails.get()).toMatchObject({ rate: 6.5, lenderFees: 2000 });
    expect(storage.moreQuotes.get()).toMatchObject([{ rate: 6.875, lenderFees: -900 }]);
  });

  it('goes on to the results even when adding the quote fails', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'PATCH /api/quote-requests/qr-7/broker-quote': { status: 409, body: { error: 'Already analysed' } } });
    const { user, location } = renderApp('/check-my-rate?qr=qr-7');
    await user.type(rateInput(), '6.5');
    await user.type(feesInput(), '100');
    await user.click(screen.getByRole('button', { name: 'Continue to My Results' }));
    await waitFor(() => expect(location().pathname).toBe('/rate-results'));
    expect(consoleError).toHaveBeenCalledWith('Failed to update broker quote', expect.anything());
  });
});
