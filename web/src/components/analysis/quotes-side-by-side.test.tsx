// Issue 29: the visitor's quotes side by side; the cheapest said in words, every rate with its APR.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeComparison } from '@/testing/fixtures';
import { QuoteContactContext } from '@/components/contact-modal-context';
import { renderPage } from '@/testing/render';
import CostChart, { chartPoints, costTicks, PRINT_WIDTH } from './cost-chart';
import { horizonText, QuotesSideBySide } from './quotes-side-by-side';

const comparison = makeComparison();

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
    // Each payment comes with its terms of repayment and the down payment (cash to close less closing costs; issue 26).
    expect(within(table).getAllByText('30-year fixed: 360 monthly payments, $100,000 down')).toHaveLength(2);
    expect(screen.getByText(comparison.summary)).toBeInTheDocument();
    expect(screen.getByText(comparison.break_evens[0].summary)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "What the numbers don't show" })).toBeInTheDocument();
    // The phone layout carries the same words, one card per quote.
    const cards = screen.getByRole('list', { name: 'Your quotes' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(within(cards).getByText('Cheapest')).toBeInTheDocument();
    for (const card of within(cards).getAllByRole('listitem')) expect(card).toHaveTextContent('Terms30-year fixed: 360 monthly payments, $100,000 down');
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
