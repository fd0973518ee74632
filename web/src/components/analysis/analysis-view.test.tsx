import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAnalysis, makeQuote, makeQuoteRequest } from '@/testing/fixtures';
import { mockApi, noContent } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import { AnalysisView } from './analysis-view';

const viewedPath = '/api/analysis/analysis-1/viewed';

describe('AnalysisView', () => {
  it('records no view when tracking is off', async () => {
    const api = mockApi({ [`POST ${viewedPath}`]: noContent });
    renderPage(<AnalysisView quoteRequest={makeQuoteRequest()} analysis={makeAnalysis()} trackingEnabled={false} />);
    expect(await screen.findByRole('heading', { name: 'Overall Recommendation' })).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('records one view per page load, however often the view mounts', async () => {
    const analysis = makeAnalysis({ id: 'analysis-once' });
    const api = mockApi({ 'POST /api/analysis/analysis-once/viewed': noContent });
    const first = renderPage(<AnalysisView quoteRequest={makeQuoteRequest()} analysis={analysis} trackingEnabled />);
    await waitFor(() => expect(api.callsTo('POST', '/api/analysis/analysis-once/viewed')).toHaveLength(1));
    first.unmount();
    renderPage(<AnalysisView quoteRequest={makeQuoteRequest()} analysis={analysis} trackingEnabled />);
    await screen.findByRole('heading', { name: 'Overall Recommendation' });
    expect(api.callsTo('POST', '/api/analysis/analysis-once/viewed')).toHaveLength(1);
  });

  it('shows one card per quote, lowest rate first, for small screens', async () => {
    mockApi({ [`POST ${viewedPath}`]: noContent });
    const analysis = makeAnalysis({
      quotes: [makeQuote({ id: 'q1', rate: 6.99, apr: 7.1 }), makeQuote({ id: 'q2', rate: 6.125, apr: null, mortgageInsurance: null })],
    });
    const request = makeQuoteRequest({ broker_rate: null, purchase_price: 500000, down_payment: 100000 });
    renderPage(<AnalysisView quoteRequest={request} analysis={analysis} trackingEnabled={false} />);
    const list = screen.getByRole('list', { name: 'Quotes, lowest rate first' });
    // The lender's name and licence come from the site's details (GET /api/site).
    await within(list).findAllByText('Provident Funding');
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('6.125%');
    expect(cards[0]).toHaveTextContent('Provident Funding');
    expect(cards[0]).toHaveTextContent('NMLS #000001');
    // No APR: the rate says it is an interest rate and why there is none (issue 26); no insurance needed with 20% down.
    expect(within(cards[0]).getByText('Rate').nextElementSibling).toHaveTextContent('6.125% (an interest rate, not an APR)');
    expect(within(cards[0]).getByText('APR').nextElementSibling).toHaveTextContent('None: no APR describes this quote');
    expect(within(cards[0]).getByText('Mortgage Insurance').nextElementSibling).toHaveTextContent('$0');
    expect(within(cards[1]).getByText('APR').nextElementSibling).toHaveTextContent('7.100%');
  });
});

describe('AnalysisView reviewer', () => {
  it('names the loan officer who reviewed it, with their NMLS Consumer Access page', async () => {
    mockApi({ [`POST ${viewedPath}`]: noContent });
    const reviewedBy = {
      name: 'Dana Reyes',
      nmls: '1234567',
      consumerAccessUrl: 'https://www.nmlsconsumeraccess.org/EntityDetails.aspx/INDIVIDUAL/1234567',
    };
    renderPage(<AnalysisView quoteRequest={makeQuoteRequest()} analysis={makeAnalysis({ reviewedBy })} trackingEnabled={false} />);
    const line = (await screen.findByText(/Reviewed by/)).closest('p');
    expect(line).toHaveTextContent('Reviewed by Dana Reyes, NMLS #1234567 (NMLS Consumer Access)');
    expect(within(line as HTMLElement).getByRole('link', { name: 'NMLS Consumer Access' })).toHaveAttribute(
      'href',
      reviewedBy.consumerAccessUrl,
    );
  });

  it('names no one when the broker had no profile', async () => {
    mockApi({ [`POST ${viewedPath}`]: noContent });
    renderPage(<AnalysisView quoteRequest={makeQuoteRequest()} analysis={makeAnalysis()} trackingEnabled={false} />);
    await screen.findByRole('heading', { name: 'Overall Recommendation' });
    expect(screen.queryByText(/Reviewed by/)).not.toBeInTheDocument();
  });
});
