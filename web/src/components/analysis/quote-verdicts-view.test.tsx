// Issue 29: the visitor sees the broker's grade, pros and cons of each of their quotes.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAnalysis, makeQuoteRequest } from '@/testing/fixtures';
import { renderPage } from '@/testing/render';
import { BROKER_RATE_NOTE } from '@/lib/quote-display';
import { QuoteVerdictsView } from './quote-verdicts-view';

const vq = (lenderName: string, rate: number, apr: number | null = null) => ({ lenderName, rate, points: null, lenderFees: 0, mortgageInsurance: 0, uploadedFileUrl: null, apr });

describe('QuoteVerdictsView', () => {
  it("shows each quote's grade, pros and cons, and the recommended one in words", () => {
    // No comparison: each rate takes the APR the server computed for the visitor's quote (issue 26).
    const request = makeQuoteRequest({ visitor_quotes: [vq('Wasatch Home Loans', 6.875, 6.901), vq('Bonneville Bank', 6.25, 6.47)] });
    const analysis = makeAnalysis({
      quote_verdicts: [
        { grade: 'B', pros: ['No closing costs'], cons: ['Highest rate'], recommended: false },
        { grade: 'A', pros: ['Lowest rate'], cons: ['$8,000 in points'], recommended: true },
      ],
    });
    renderPage(<QuoteVerdictsView quoteRequest={request} analysis={analysis} />);
    const items = within(screen.getByRole('list', { name: 'Verdicts' })).getAllByRole('listitem', { name: /grade/ });
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Wasatch Home Loans: grade B', 'Bonneville Bank: grade A, recommended']);
    expect(within(items[1]).getByText('Our broker recommends this quote')).toBeInTheDocument();
    expect(within(items[1]).getByText('$8,000 in points')).toBeInTheDocument();
    expect(within(items[0]).getByText('6.875% (6.901% APR)')).toBeInTheDocument();
    expect(within(items[1]).getByText('6.25% (6.470% APR)')).toBeInTheDocument();
    expect(screen.queryByText(/not an APR/)).toBeNull();
    expect(within(items[0]).queryByText('Our broker recommends this quote')).toBeNull();
    expect(screen.queryByText(/Why we recommend it/)).toBeNull();
  });

  it("gives the broker's reason on the recommended quote", () => {
    const request = makeQuoteRequest({ visitor_quotes: [vq('Wasatch Home Loans', 6.875), vq('Bonneville Bank', 6.25)] });
    const analysis = makeAnalysis({
      recommendation_reason: 'No cash at closing, and you may move within five years.',
      quote_verdicts: [
        { grade: 'B', pros: ['No closing costs'], cons: ['Highest rate'], recommended: true },
        { grade: 'A', pros: ['Lowest rate'], cons: ['$8,000 in points'], recommended: false },
      ],
    });
    renderPage(<QuoteVerdictsView quoteRequest={request} analysis={analysis} />);
    const recommended = screen.getByRole('listitem', { name: 'Wasatch Home Loans: grade B, recommended' });
    expect(within(recommended).getByText('Why we recommend it: No cash at closing, and you may move within five years.')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Bonneville Bank: grade A' })).queryByText(/Why we recommend it/)).toBeNull();
  });

  it('shows nothing for an analysis of one quote', () => {
    renderPage(<QuoteVerdictsView quoteRequest={makeQuoteRequest()} analysis={makeAnalysis()} />);
    expect(screen.queryByRole('heading', { name: "Our broker's verdict on each quote" })).toBeNull();
  });
});

describe('QuoteVerdictsView: rates without an APR', () => {
  it('says a rate no APR describes is an interest rate, and notes the bare rates in the broker\'s words', () => {
    const request = makeQuoteRequest({ visitor_quotes: [vq('Wasatch Home Loans', 6.875), vq('Bonneville Bank', 6.25, 6.47)] });
    const analysis = makeAnalysis({
      quote_verdicts: [
        { grade: 'B', pros: ['No closing costs'], cons: ['6.875% is a quarter point high'], recommended: false },
        { grade: 'A', pros: ['6.25% (6.470% APR), the lowest'], cons: ['$8,000 in points'], recommended: false },
      ],
    });
    renderPage(<QuoteVerdictsView quoteRequest={request} analysis={analysis} />);
    const [first, second] = within(screen.getByRole('list', { name: 'Verdicts' })).getAllByRole('listitem', { name: /grade/ });
    expect(within(first).getByText('6.875% (an interest rate, not an APR: no APR describes this quote)')).toBeInTheDocument();
    expect(first).toHaveTextContent(`6.875% is a quarter point high${BROKER_RATE_NOTE}`);
    // A rate the broker wrote with its APR needs no note.
    expect(second).not.toHaveTextContent(BROKER_RATE_NOTE);
  });
});
