// Issue 14, defect 9: the comparison table names a quote only when the visitor gave one.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAnalysis, makeQuoteRequest } from '@/testing/fixtures';
import { renderPage } from '@/testing/render';
import { QuoteComparison } from './quote-comparison';

describe('QuoteComparison caption', () => {
  it('compares the visitor quote when there is one', () => {
    renderPage(<QuoteComparison quoteRequest={makeQuoteRequest({ broker_rate: 6.5 })} analysis={makeAnalysis()} />);
    expect(screen.getByRole('table', { name: 'Your quote compared with lender alternatives, lowest rate first' })).toBeInTheDocument();
  });

  it('speaks of lender quotes for a refinance without a visitor quote', () => {
    const request = makeQuoteRequest({ loan_type: 'refinance', broker_rate: null, purchase_price: null, down_payment: null, property_value: 600000, remaining_balance: 300000 });
    renderPage(<QuoteComparison quoteRequest={request} analysis={makeAnalysis()} />);
    expect(screen.getByRole('table', { name: 'Lender quotes for your scenario, lowest rate first' })).toBeInTheDocument();
    expect(screen.queryByText(/Your quote compared/)).not.toBeInTheDocument();
    // Even without a quote to compare with, closing costs are explained (issue 25).
    expect(screen.getByText(/^Closing costs are the lender fees plus the appraisal, title estimate and lender charges/)).toBeInTheDocument();
  });
});
