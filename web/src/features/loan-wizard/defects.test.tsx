// Issue 14, defects 1 and 2: answers the service cannot grade are refused in
// the browser with the words the server uses.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storage } from '@/lib/storage';
import { purchaseUpToZip } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';

const question = (name: string | RegExp) => screen.findByRole('heading', { level: 2, name });


describe('loan wizard refuses a loan of nothing and a home outside Utah', () => {
  it('refuses a down payment larger than the price instead of clamping it to 100%', async () => {
    storage.loanInfo.set({ loanType: 'purchase', isFirstHome: false });
    const { user } = renderApp('/loan-information');
    await question("What's the purchase price and your down payment?");
    await user.type(screen.getByRole('textbox', { name: 'Purchase price' }), '400000');
    const amount = screen.getByRole('textbox', { name: 'Down payment' });
    await user.type(amount, '500000');
    await user.tab();
    expect(amount).toHaveValue('500,000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Down payment must be less than the purchase price')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: "What's the purchase price and your down payment?" })).toBeInTheDocument();
    expect(storage.loanInfo.get()?.purchasePrice).toBeUndefined();
  });

  it('refuses a down payment equal to the price', async () => {
    storage.loanInfo.set({ loanType: 'purchase', isFirstHome: false });
    const { user } = renderApp('/loan-information');
    await question("What's the purchase price and your down payment?");
    await user.type(screen.getByRole('textbox', { name: 'Purchase price' }), '400000');
    await user.type(screen.getByRole('spinbutton', { name: 'Down payment percent' }), '100');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Down payment must be less than the purchase price')).toBeInTheDocument();
  });

  it('refuses a remaining balance above the home value, as the server does (issue 25)', async () => {
    storage.loanInfo.set({ loanType: 'refinance', propertyValue: 300000 });
    const { user } = renderApp('/loan-information');
    await question('How much do you still owe on your mortgage?');
    const balance = screen.getByRole('textbox', { name: 'Remaining loan balance' });
    await user.type(balance, '450000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Remaining balance must not be more than the property value')).toBeInTheDocument();
    expect(storage.loanInfo.get()?.remainingBalance).toBeUndefined();
    await user.clear(balance);
    await user.type(balance, '300000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await question('Do you want to take cash out when you refinance?')).toBeInTheDocument();
  });

  it('refuses a cash-out that leaves no equity and accepts one that does', async () => {
    storage.loanInfo.set({ loanType: 'refinance', propertyValue: 600000, remainingBalance: 300000, cashOut: true });
    const { user } = renderApp('/loan-information');
    await question('How much cash do you want to take out?');
    const cash = screen.getByRole('textbox', { name: 'Cash-out amount' });
    await user.type(cash, '300000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('Cash out must leave some equity: the remaining balance plus cash out must be less than the property value'),
    ).toBeInTheDocument();
    await user.clear(cash);
    await user.type(cash, '250000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await question('How will you use the property?')).toBeInTheDocument();
    expect(storage.loanInfo.get()).toMatchObject({ cashOutAmount: 250000 });
  });

  it('accepts only a Utah zip code', async () => {
    storage.loanInfo.set(purchaseUpToZip);
    const { user } = renderApp('/loan-information');
    await question("What's the zip code of the property?");
    const zip = screen.getByRole('textbox', { name: 'Zip code' });
    await user.type(zip, '90210');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please enter a Utah zip code (840xx to 847xx); we grade quotes for Utah homes only')).toBeInTheDocument();
    await user.clear(zip);
    await user.type(zip, '84790');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await question("What's your credit score?")).toBeInTheDocument();
  });
});
