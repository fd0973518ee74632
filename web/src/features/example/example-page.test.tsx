import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Schema } from '@/lib/api-client';
import { EXAMPLE_COMPARISON_REQUEST_ID, EXAMPLE_QUOTE_REQUEST_ID } from '@/lib/constants';
import { makeAnalysis, makeQuoteRequest } from '@/testing/fixtures';
import { mockApi, notFound, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const requestPath = `/api/quote-requests/${EXAMPLE_QUOTE_REQUEST_ID}`;
const comparisonPath = `/api/quote-requests/${EXAMPLE_COMPARISON_REQUEST_ID}`;

type ComparedQuote = Schema<'ComparedQuote'>;

function compared(index: number, name: string, rate: number, apr: number, rank: number, cost: number): ComparedQuote {
  return {
    index, name, loan_amount: 400000, program: '30-year-fixed', term_months: 360, rate, apr, principal_and_interest: 2500,
    mortgage_insurance: 0, mortgage_insurance_months: 0, mortgage_insurance_estimated: false, monthly_payment: 2500, points: 0,
    lender_fees: 0, lender_costs: 0, third_party_fees: 2190, closing_costs: 2190, cash_to_close: 102190,
    in_five_years: { totalPaid: 150000, principalPaid: 25000 }, cost_at_horizon: cost, rank,
    cost: { years_5: cost - 40000, years_7: cost, years_10: cost + 60000 }, cost_by_year: [2190, 27000], grade: null,
  };
}

// The server's comparison of the three-quote example (internal/example pins the real figures).
const comparison: Schema<'QuotesCompared'> = {
  horizon_months: 84,
  horizon_assumed: false,
  quotes: [
    compared(0, 'Wasatch Home Loans', 6.875, 6.797, 3, 183593.35),
    compared(1, 'Bonneville Bank', 6.25, 6.472, 1, 178405.32),
    compared(2, 'Uinta Credit Union', 6.5, 6.609, 2, 180729.88),
  ],
  cheapest: [1],
  summary: 'Bonneville Bank is the cheapest over the 7 years you expect to keep the loan: it costs $178,405.32, $2,324.56 less than the next cheapest.',
  break_evens: [
    { quote: 1, other: 0, upfront_difference: 12400, months: 60,
      summary: "Bonneville Bank's lower rate pays back its $12,400 higher costs after 60 months (5 years); keep the loan less than that and Wasatch Home Loans costs less." },
  ],
  term_differences: [],
  notes: [],
};

describe('example results', () => {
  it('shows the example analysis and the three-quote comparison without recording a view', async () => {
    const api = mockApi({
      [`GET ${requestPath}`]: ok(makeQuoteRequest({ id: EXAMPLE_QUOTE_REQUEST_ID, is_example: true })),
      [`GET ${requestPath}/analysis`]: ok(makeAnalysis({ grade: 'A' })),
      [`GET ${comparisonPath}`]: ok(
        makeQuoteRequest({ id: EXAMPLE_COMPARISON_REQUEST_ID, is_example: true, purchase_price: 500000, down_payment: 100000, comparison }),
      ),
    });
    renderApp('/example-results');
    // The heading shows while the example loads (it is prerendered): wait for the example itself.
    expect(await screen.findByText('March 4, 2025')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Example Quote Analysis' })).toBeInTheDocument();
    const gradeCard = screen.getByRole('region', { name: 'Example Quote Grade' });
    expect(within(gradeCard).getByText('A')).toHaveClass('bg-green-100');
    expect(screen.getAllByRole('link', { name: 'Get Your Quote Analysis' })[0]).toHaveAttribute('href', '/check-my-rate');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByText('Compare your quote against market rates')).toBeInTheDocument();
    expect(screen.getByText('Compare up to four quotes side by side')).toBeInTheDocument();
    expect(screen.getByText('Get personalized recommendations')).toBeInTheDocument();
    expect(screen.getByText('See alternative quotes from local lenders')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request updated rates' })).not.toBeInTheDocument();

    // Issue 29: the results page's comparison, of the example's three quotes, with the server's figures.
    const example = screen.getByRole('region', { name: 'The example quotes side by side' });
    expect(example).toHaveTextContent('a buyer putting $100,000 down on a $500,000 home brought three quotes');
    expect(within(example).getByText(comparison.summary)).toBeInTheDocument();
    expect(within(example).getByText(comparison.break_evens[0].summary)).toBeInTheDocument();
    const table = within(example).getByRole('table', { name: 'The example quotes compared over 7 years' });
    expect(within(table).getByRole('columnheader', { name: /Bonneville Bank\s*Cheapest/ })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: /Wasatch Home Loans\s*Ranked 3 of 3/ })).toBeInTheDocument();
    expect(within(table).getByText('6.875% (6.797% APR)')).toHaveAttribute('data-rate', 'inline');
    const cards = within(example).getByRole('list', { name: 'The example quotes' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(3);
    expect(within(cards).getByText('Cheapest')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('shows the example analysis alone when the three-quote example is missing', async () => {
    mockApi({
      [`GET ${requestPath}`]: ok(makeQuoteRequest({ id: EXAMPLE_QUOTE_REQUEST_ID, is_example: true })),
      [`GET ${requestPath}/analysis`]: ok(makeAnalysis({ grade: 'A' })),
      [`GET ${comparisonPath}`]: notFound,
    });
    renderApp('/example-results');
    expect(await screen.findByText('March 4, 2025')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Example Quote Grade' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'The example quotes side by side' })).toBeNull();
  });

  it("says 'Example Not Available' when the analysis is missing", async () => {
    mockApi({ [`GET ${requestPath}`]: ok(makeQuoteRequest()), [`GET ${requestPath}/analysis`]: notFound });
    renderApp('/example-results');
    expect(await screen.findByRole('heading', { level: 1, name: 'Example Not Available' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Your Quote Analysis' })).toHaveAttribute('href', '/check-my-rate');
  });
});
