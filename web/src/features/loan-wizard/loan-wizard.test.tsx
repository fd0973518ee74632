import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storage, type LoanInfo } from '@/lib/storage';
import { created, mockApi } from '@/testing/mock-api';
import { purchaseUpToZip } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';

const question = (name: string | RegExp) => screen.findByRole('heading', { level: 2, name });
const choose = async (user: ReturnType<typeof renderApp>['user'], name: string | RegExp) =>
  user.click(screen.getByRole('button', { name }));


const completePurchase: LoanInfo = { ...purchaseUpToZip, zipCode: '84101', creditScore: 720, keystoneConsideration: 'open' };

describe('loan wizard', () => {
  it('moves on as soon as a choice is made', async () => {
    const { user } = renderApp('/loan-information');
    expect(screen.getByRole('heading', { level: 1, name: 'Tell us about your loan scenario' })).toBeInTheDocument();
    expect(await question('Are you buying a home or refinancing?')).toBeInTheDocument();
    // The total is an estimate until the loan type is known (issue 14, defect 8).
    expect(screen.getByText('Question 1 of about 9')).toBeInTheDocument();

    await choose(user, 'Buying a home');
    expect(await question('Is this your first home?')).toHaveFocus();
    expect(screen.getByText('Question 2 of 9')).toBeInTheDocument();
    expect(storage.loanInfo.get()).toEqual({ loanType: 'purchase' });

    await choose(user, 'Yes');
    expect(await question("What's the purchase price and your down payment?")).toBeInTheDocument();
  });

  it('asks the refinance questions, with the cash-out amount only after yes', async () => {
    const { user } = renderApp('/loan-information');
    await choose(user, 'Refinancing');
    await question('What is your home worth today?');
    await user.type(screen.getByRole('textbox', { name: 'Estimated property value' }), '600000');
    await choose(user, 'Continue');
    await question('How much do you still owe on your mortgage?');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Remaining balance is required')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Remaining loan balance' }), '300000');
    await choose(user, 'Continue');
    await question('Do you want to take cash out when you refinance?');
    await choose(user, 'Yes');
    expect(await question('How much cash do you want to take out?')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Cash-out amount' }), '50000');
    await choose(user, 'Continue');
    expect(await question('How will you use the property?')).toBeInTheDocument();
    expect(storage.loanInfo.get()).toMatchObject({ loanType: 'refinance', propertyValue: 600000, remainingBalance: 300000, cashOut: true, cashOutAmount: 50000 });
  });

  it('links the down payment amount, percent and presets', async () => {
    storage.loanInfo.set({ loanType: 'purchase', isFirstHome: false });
    const { user } = renderApp('/loan-information');
    await question("What's the purchase price and your down payment?");
    expect(screen.getByText('Putting 20% down avoids PMI (private mortgage insurance).')).toBeInTheDocument();
    expect(screen.getByText('Some loans let you put down as little as 3%.')).toBeInTheDocument();
    expect(screen.getByText('VA loans need no down payment.')).toBeInTheDocument();

    const price = screen.getByRole('textbox', { name: 'Purchase price' });
    const amount = screen.getByRole('textbox', { name: 'Down payment' });
    const percent = screen.getByRole('spinbutton', { name: 'Down payment percent' });
    const presets = screen.getByRole('group', { name: 'Down payment presets' });

    await user.type(price, '400000');
    await user.click(within(presets).getByRole('button', { name: '5%' }));
    // Amounts are written as people write them once the field is left (issue 25 §2).
    expect(price).toHaveValue('400,000');
    expect(amount).toHaveValue('20,000');
    expect(percent).toHaveValue(5);
    expect(within(presets).getByRole('button', { name: '5%' })).toHaveAttribute('aria-pressed', 'true');

    // 20,200 is 5.05%: within 0.1 of the 5% preset.
    await user.clear(amount);
    await user.type(amount, '20200');
    expect(percent).toHaveValue(5.05);
    expect(within(presets).getByRole('button', { name: '5%' })).toHaveAttribute('aria-pressed', 'true');

    await user.clear(amount);
    await user.type(amount, '50000');
    expect(percent).toHaveValue(12.5);
    expect(within(presets).getByRole('button', { name: 'Custom' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(presets).getByRole('button', { name: '5%' })).toHaveAttribute('aria-pressed', 'false');

    // A new price keeps the percent and moves the amount.
    await user.click(within(presets).getByRole('button', { name: '20%' }));
    await user.clear(price);
    await user.type(price, '500000');
    expect(amount).toHaveValue('100,000');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await question('How will you use the property?');
    expect(storage.loanInfo.get()).toMatchObject({ purchasePrice: 500000, downPayment: 100000, downPaymentPercent: 20 });
  });

  // Issue 25 §2: "400000" is shown "400,000"; a pasted "$400,000" is read; the answer is a number.
  it('groups the digits of an amount and takes one pasted with its dollar sign and commas', async () => {
    storage.loanInfo.set({ loanType: 'purchase', isFirstHome: false });
    const { user } = renderApp('/loan-information');
    await question("What's the purchase price and your down payment?");
    const price = screen.getByRole('textbox', { name: 'Purchase price' });
    const amount = screen.getByRole('textbox', { name: 'Down payment' });
    expect(price).toHaveAttribute('inputmode', 'decimal');
    await user.type(price, '400000');
    expect(price).toHaveValue('400000');
    await user.tab();
    expect(price).toHaveValue('400,000');
    await user.click(amount);
    await user.paste('$80,000');
    await user.tab();
    expect(amount).toHaveValue('80,000');
    expect(screen.getByRole('spinbutton', { name: 'Down payment percent' })).toHaveValue(20);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await question('How will you use the property?');
    expect(storage.loanInfo.get()).toMatchObject({ purchasePrice: 400000, downPayment: 80000, downPaymentPercent: 20 });
  });

  it('requires a purchase price and a down payment no larger than it', async () => {
    storage.loanInfo.set({ loanType: 'purchase', isFirstHome: false });
    const { user } = renderApp('/loan-information');
    await question("What's the purchase price and your down payment?");
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Purchase price is required')).toBeInTheDocument();
    expect(screen.getByText('Down payment is required')).toBeInTheDocument();
  });

  // Issue 25 §3: nothing clamped silently; each figure outside its range gets the server's words.
  it('refuses amounts outside their limits with a message instead of changing them', async () => {
    storage.loanInfo.set({ loanType: 'refinance' });
    const { user } = renderApp('/loan-information');
    await question('What is your home worth today?');
    const value = screen.getByRole('textbox', { name: 'Estimated property value' });
    await user.type(value, '-5');
    await user.tab();
    expect(value).toHaveValue('-5');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getAllByText('Property value cannot be negative').length).toBeGreaterThan(0);
    await user.clear(value);
    await user.type(value, '1000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getAllByText('Property value must be at least $10,000').length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'What is your home worth today?' })).toBeInTheDocument();
  });

  it('refuses 150% down and a $1,000 price with nothing down', async () => {
    storage.loanInfo.set({ loanType: 'purchase', isFirstHome: false });
    const { user } = renderApp('/loan-information');
    await question("What's the purchase price and your down payment?");
    const price = screen.getByRole('textbox', { name: 'Purchase price' });
    const percent = screen.getByRole('spinbutton', { name: 'Down payment percent' });
    await user.type(price, '400000');
    await user.type(percent, '150');
    await user.tab();
    expect(percent).toHaveValue(150);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getAllByText('Down payment must be less than the purchase price').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Down payment percent must be between 0 and 100').length).toBeGreaterThan(0);
    await user.clear(price);
    await user.type(price, '1000');
    await user.clear(percent);
    await user.type(percent, '0');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getAllByText('Purchase price must be at least $10,000').length).toBeGreaterThan(0);
  });

  it('validates the zip code', async () => {
    storage.loanInfo.set(purchaseUpToZip);
    const { user } = renderApp('/loan-information');
    await question("What's the zip code of the property?");
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Zip code is required')).toBeInTheDocument();
    const zip = screen.getByRole('textbox', { name: 'Zip code' });
    expect(zip).toHaveAttribute('maxLength', '10');
    await user.type(zip, 'abc');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Please enter a 5-digit zip code')).toBeInTheDocument();
    await user.clear(zip);
    await user.type(zip, '84101');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await question("What's your credit score?")).toBeInTheDocument();
  });

  it('accepts only a whole credit score between 300 and 850', async () => {
    storage.loanInfo.set({ ...purchaseUpToZip, zipCode: '84101' });
    const { user } = renderApp('/loan-information');
    await question("What's your credit score?");
    const score = screen.getByRole('spinbutton', { name: 'Estimated credit score' });
    const message = 'Credit score must be a whole number between 300 and 850';

    for (const value of ['', '299', '851', '700.5']) {
      await user.clear(score);
      if (value) await user.type(score, value);
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    await user.clear(score);
    await user.type(score, '850');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await question('Bonus Question')).toBeInTheDocument();
  });

  it('ends with the bonus question, then the review page', async () => {
    storage.loanInfo.set({ ...purchaseUpToZip, zipCode: '84101', creditScore: 720 });
    const { user } = renderApp('/loan-information');
    await question('Bonus Question');
    await choose(user, /^No thanks/);
    expect(await question('Review your answers')).toBeInTheDocument();
    expect(screen.getByText('Preferred lender').nextElementSibling).toHaveTextContent('No thanks');
  });

  it('edits one answer from the review page and comes back', async () => {
    storage.loanInfo.set(completePurchase);
    const { user } = renderApp('/loan-information');
    await question('Review your answers');
    expect(screen.getByText('$400,000 price, $40,000 down (10%)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Credit score' }));
    const score = await screen.findByRole('spinbutton', { name: 'Estimated credit score' });
    expect(score).toHaveValue(720);
    await user.clear(score);
    await user.type(score, '690');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await question('Review your answers')).toBeInTheDocument();
    expect(screen.getByText('Credit score').nextElementSibling).toHaveTextContent('690');
  });

  it('asks the new questions when an edit changes the loan type', async () => {
    storage.loanInfo.set(completePurchase);
    const { user } = renderApp('/loan-information');
    await question('Review your answers');
    await user.click(screen.getByRole('button', { name: 'Edit Loan type' }));
    await choose(user, 'Refinancing');
    expect(await question('What is your home worth today?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to review' }));
    expect(await question('Review your answers')).toBeInTheDocument();
  });

  it('submits the scenario with the saved quote, clears the answers and opens the results', async () => {
    storage.loanInfo.set(completePurchase);
    storage.quoteDetails.set({ rate: 6.875, lenderFees: -500, titleFees: null, mortgageInsurance: 120 });
    storage.questions.set(['Is this a good rate?', '  ']);
    const api = mockApi({ 'POST /api/quote-requests/submit': created('new-request') });
    const { user, location } = renderApp('/loan-information');
    await question('Review your answers');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(location().pathname).toBe('/rate-results'));
    expect(location().search).toBe('?qr=new-request');
    expect(api.callsTo('POST', '/api/quote-requests/submit')[0].body).toEqual({
      loanType: 'purchase',
      isFirstHome: true,
      propertyType: 'primary',
      propertyStyle: 'single',
      militaryService: false,
      zipCode: '84101',
      creditScore: 720,
      state: 'UT',
      interestRate: 6.875,
      purchasePrice: 400000,
      downPayment: 40000,
      downPaymentPercent: 10,
      propertyValue: null,
      remainingBalance: null,
      cashOut: null,
      cashOutAmount: null,
      uploadedFileUrl: null,
      questions: ['Is this a good rate?'],
      brokerRate: 6.875,
      brokerLenderFees: -500,
      brokerMortgageInsurance: 120,
      refi_intent: null,
      email: null,
      current_mortgage_rate: null,
      current_mortgage_program: null,
      current_monthly_payment: null,
      current_mortgage_insurance: null,
      keystone_consideration: 'open',
      // One quote: the spec's fields carry it, no list (issue 29).
      quotes: null,
      horizonMonths: null,
    });
    expect(storage.requestId.get()).toBe('new-request');
    expect(storage.loanInfo.get()).toBeNull();
    expect(storage.quoteDetails.get()).toBeNull();
    expect(storage.questions.get()).toBeNull();
  });

  it("sends an uploaded file's key as uploadedFileUrl, with no typed quote, and forgets the upload after", async () => {
    storage.loanInfo.set(completePurchase);
    storage.uploadedQuote.set({ key: 'uploads/9f0c.pdf', fileName: 'quote.pdf', fileType: 'application/pdf', uploadedAt: '2025-03-04T17:00:00Z' });
    const api = mockApi({ 'POST /api/quote-requests/submit': created('with-file') });
    const { user, location } = renderApp('/loan-information');
    await question('Review your answers');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(location().search).toBe('?qr=with-file'));
    expect(api.callsTo('POST', '/api/quote-requests/submit')[0].body).toMatchObject({
      uploadedFileUrl: 'uploads/9f0c.pdf',
      interestRate: null,
      brokerRate: null,
      brokerLenderFees: null,
    });
    expect(storage.uploadedQuote.get()).toBeNull();
  });

  it('forgets an upload the server no longer has, so it can be uploaded again', async () => {
    storage.loanInfo.set(completePurchase);
    storage.uploadedQuote.set({ key: 'uploads/gone.pdf', fileName: 'quote.pdf', fileType: 'application/pdf', uploadedAt: '2025-03-04T17:00:00Z' });
    const message = 'The uploaded file could not be found; please upload it again';
    mockApi({ 'POST /api/quote-requests/submit': { status: 400, body: { error: 'Please check your answers', fields: { uploadedFileUrl: message } } } });
    const { user } = renderApp('/loan-information');
    await question('Review your answers');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(storage.uploadedQuote.get()).toBeNull();
  });

  it("shows the server's field messages on the review page", async () => {
    storage.loanInfo.set(completePurchase);
    mockApi({
      'POST /api/quote-requests/submit': {
        status: 400,
        body: { error: 'Please correct the highlighted answers', fields: { zipCode: 'Zip code is not in Utah' } },
      },
    });
    const { user } = renderApp('/loan-information');
    await question('Review your answers');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Zip code is not in Utah')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the highlighted answers');
    expect(storage.loanInfo.get()).toEqual(completePurchase);
  });

  it('follows a Refi Buddy intent: no loan type, current mortgage and a skippable email first', async () => {
    storage.refiBuddy.set({
      intent: 'get_notified',
      currentMortgage: { rate: 7.125, loanProgram: '30-year-fixed', monthlyPayment: 2450, mortgageInsurance: null },
    });
    const { user } = renderApp('/loan-information');
    expect(await question('Tell us about your current mortgage')).toBeInTheDocument();
    expect(screen.queryByText('Are you buying a home or refinancing?')).not.toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Current interest rate' })).toHaveValue(7.125);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await question('Where should we send your refinance alert?');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'nope');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skip' }));

    expect(await question('What is your home worth today?')).toBeInTheDocument();
    expect(storage.refiBuddy.get()).toMatchObject({ intent: 'get_notified', email: '' });
  });

  // Issue 25 §3: Skip skips. The address given on the Refi Buddy page is shown, but skipping drops it.
  it('drops an e-mail given before when the visitor skips the e-mail step', async () => {
    storage.refiBuddy.set({
      intent: 'get_notified',
      email: 'owner@example.com',
      currentMortgage: { rate: 7.125, loanProgram: '30-year-fixed', monthlyPayment: 2450, mortgageInsurance: null },
    });
    const { user } = renderApp('/loan-information');
    await question('Tell us about your current mortgage');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await question('Where should we send your refinance alert?');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('owner@example.com');
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await question('What is your home worth today?')).toBeInTheDocument();
    expect(storage.refiBuddy.get()?.email).toBe('');
  });
});
