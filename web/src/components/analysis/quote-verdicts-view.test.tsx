// Issue 29: the visitor sees the broker's grade, pros and cons of each of their quotes.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAnalysis, makeQuoteRequest } from '@/testing/fixtures';
import { renderPage } from '@/testing/render';
import { QuoteVerdictsView } from './quote-verdicts-view';

const vq = (lenderName: string, rate: number) => ({ lenderName, rate, points: null, lenderFees: 0, mortgageInsurance: 0, uploadedFileUrl: null });

describe('QuoteVerdictsView', () => {
  it("shows each quote's grade, pros and cons, and the recommended one in words", () => {
    const request = makeQuoteRequest({ visitor_quotes: [vq('Wasatch Home Loans', 6.875), vq('Bonneville Bank', 6.25)] });
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
    expect(within(items[0]).getByText('6.875% (APR not available)')).toBeInTheDocument();
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
