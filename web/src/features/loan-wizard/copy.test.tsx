// Issue 14, defect 9: the bonus question speaks of "your quote" only to a visitor who gave one.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storage, type LoanInfo } from '@/lib/storage';
import { purchaseUpToZip } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';

const upToBonus: LoanInfo = { ...purchaseUpToZip, zipCode: '84101', creditScore: 720 };

describe('the bonus question', () => {
  it('does not speak of a quote to a visitor shopping rates without one', async () => {
    storage.loanInfo.set(upToBonus);
    renderApp('/loan-information');
    await screen.findByRole('heading', { level: 2, name: 'Bonus Question' });
    expect(screen.queryByText(/beat your quote/)).not.toBeInTheDocument();
    expect(
      screen.getByText('If our preferred partner lender can offer you a better rate than you would find shopping around, would you be open to hearing their offer?'),
    ).toBeInTheDocument();
  });

  it('offers to beat the quote of a visitor who gave one', async () => {
    storage.loanInfo.set(upToBonus);
    storage.quoteDetails.set({ rate: 6.5, lenderFees: 1200, titleFees: null, mortgageInsurance: null });
    renderApp('/loan-information');
    await screen.findByRole('heading', { level: 2, name: 'Bonus Question' });
    expect(screen.getByText('If our preferred partner lender can beat your quote, would you be open to hearing their offer?')).toBeInTheDocument();
  });
});
