// Issue 29: the visitor's quotes side by side; the cheapest said in words, every rate with its APR.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Schema } from '@/lib/api-client';
import { QuoteContactContext } from '@/components/contact-modal-context';
import { renderPage } from '@/testing/render';
import CostChart, { chartPoints, costTicks, PRINT_WIDTH } from './cost-chart';
import { horizonText, QuotesSideBySide } from './quotes-side-by-side';

type ComparedQuote = Schema<'ComparedQuote'>;

function quote(index: number, name: string, rate: number, apr: number | null, rank: number, cost: number): ComparedQuote {
  return {
    index,
    name,
    loan_amount: 400000,
    program: '30-year-fixed',
    term_months: 360,
    rate,
    apr,
    principal_and_interest: 2500,
    mortgage_insurance: 0,
    mortgage_insurance_months: 0,
    mortgage_insurance_estimated: false,
    monthly_payment: 2500,
    points: 0,
    lender_fees: -3200,
    lender_costs: -3200,
    third_party_fees: 3400,
    closing_costs: 200,
    cash_to_close: 100200,
    in_five_years: { totalPaid: 150200, principalPaid: 25000 },
    cost_at_horizon: cost,
    rank,
    cost: { years_5: cost - 40000, years_7: cost, years_10: cost + 60000 },
    cost_by_year: [200, 27000, 54000],
    grade: 'B',
  };
}

const comparison: Schema<'QuotesCompared'> = {
  horizon_months: 84,
  horizon_assumed: false,
  quotes: [quote(0, 'Wasatch Home Loans', 6.875, 6.797, 2, 184803.35), quote(1, 'Bonneville Bank', 6.25, null, 1, 179615.32)],
  cheapest: [1],
  summary: 'Bonneville Bank is the cheapest over the 7 years you expect to keep the loan: it costs $179,615.32, $5,188.03 less than the next cheapest.',
  break_evens: [{ quote: 1, other: 0, upfront_difference: 12400, months: 60, summary: "Bonneville Bank's lower rate pays back its $12,400 higher costs after 60 months (5 years); keep the loan less than that and Wasatch Home Loans costs less." }],
  term_differences: ['Bonneville Bank has a prepayment penalty: selling or refinancing early costs more than the figures show.'],
  notes: [],
};

describe('QuotesSideBySide', () => {
  it('marks the cheapest in words and shows each rate with its APR', () => {
    renderPage(<QuotesSideBySide comparison={comparison} />);
    const table = screen.getByRole('table', { name: 'Your quotes compared over 7 years' });
    expect(within(table).getByRole('columnheader', { name: /Bonneville Bank\s*Cheapest/ })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: /Wasatch Home Loans\s*Ranked 2 of 2/ })).toBeInTheDocument();
    expect(within(table).getByText('6.875% (6.797% APR)')).toBeInTheDocument();
    // A rate no APR describes says what it is (issue 26).
    expect(within(table).getByText('6.25% (an interest rate, not an APR: no APR describes this quote)')).toBeInTheDocument();
    expect(within(table).getAllByText('$3,200 credit')).toHaveLength(2);
    expect(screen.getByText(comparison.summary)).toBeInTheDocument();
    expect(screen.getByText(comparison.break_evens[0].summary)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "What the numbers don't show" })).toBeInTheDocument();
    // The phone layout carries the same words, one card per quote.
    const cards = screen.getByRole('list', { name: 'Your quotes' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(within(cards).getByText('Cheapest')).toBeInTheDocument();
  });

  // Issue 25 §3: on the visitor's own results each quote has "Contact Broker", naming the quote.
  it("has 'Contact Broker' on each quote only on the visitor's own results", async () => {
    const asked: string[] = [];
    const { user, unmount } = renderPage(
      <QuoteContactContext value={(about) => asked.push(about)}>
        <QuotesSideBySide comparison={comparison} />
      </QuoteContactContext>,
    );
    const table = screen.getByRole('table', { name: 'Your quotes compared over 7 years' });
    await user.click(within(table).getByRole('button', { name: 'Contact Broker about Wasatch Home Loans, 6.875% (6.797% APR)' }));
    const cards = screen.getByRole('list', { name: 'Your quotes' });
    await user.click(within(cards).getByRole('button', { name: /^Contact Broker about Bonneville Bank, 6\.25% \(an interest rate/ }));
    expect(asked).toEqual(['Wasatch Home Loans, 6.875% (6.797% APR)', 'Bonneville Bank, 6.25% (an interest rate, not an APR: no APR describes this quote)']);
    unmount();

    // The example and the broker's preview: no such button.
    renderPage(<QuotesSideBySide comparison={comparison} />);
    expect(screen.queryByRole('button', { name: /Contact Broker/ })).not.toBeInTheDocument();
  });

  it('says horizons in years and months, and charts a point per year', () => {
    expect(horizonText(84)).toBe('7 years');
    expect(horizonText(18)).toBe('1 year 6 months');
    expect(horizonText(6)).toBe('6 months');
    expect(chartPoints(comparison)).toEqual([
      { year: 0, q0: 200, q1: 200 },
      { year: 1, q0: 27000, q1: 27000 },
      { year: 2, q0: 54000, q1: 54000 },
    ]);
  });

  it('steps the money axis from $0 in round amounts, whatever credit a quote starts with', () => {
    // The three-quote example: a $1,010 credit at year 0, $256,000 at year 10.
    const points = [
      { year: 0, q0: -1010, q1: 11390, q2: 6690 },
      { year: 10, q0: 256000, q1: 247000, q2: 251000 },
    ];
    expect(costTicks(points)).toEqual([0, 100000, 200000, 300000]);
    expect(costTicks([{ year: 0, q0: 200 }, { year: 2, q0: 54000 }])).toEqual([0, 20000, 40000, 60000]);
    expect(costTicks([{ year: 0, q0: 0 }])).toEqual([0]);
  });

  afterEach(() => vi.unstubAllGlobals());

  it('draws the chart at print width while the page prints, so a wide window does not shrink its labels on paper', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === 'print', media: query, addEventListener() {}, removeEventListener() {} }));
    renderPage(<CostChart comparison={comparison} />);
    const chart = screen.getByRole('img', { name: /^Cost of each quote over the years/ });
    await vi.waitFor(() => expect(chart.querySelector('svg.recharts-surface:not([aria-label])')).not.toBeNull());
    const drawing = chart.querySelector('svg.recharts-surface:not([aria-label])')!;
    expect(drawing.getAttribute('width')).toBe(String(PRINT_WIDTH));
    expect(drawing.getAttribute('viewBox')).toBe(`0 0 ${PRINT_WIDTH} 288`);
  });
});
