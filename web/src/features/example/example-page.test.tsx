import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_QUOTE_REQUEST_ID } from '@/lib/constants';
import { makeAnalysis, makeQuoteRequest } from '@/testing/fixtures';
import { mockApi, notFound, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const requestPath = `/api/quote-requests/${EXAMPLE_QUOTE_REQUEST_ID}`;

describe('example results', () => {
  it('shows the example analysis without recording a view', async () => {
    const api = mockApi({
      [`GET ${requestPath}`]: ok(makeQuoteRequest({ id: EXAMPLE_QUOTE_REQUEST_ID, is_example: true })),
      [`GET ${requestPath}/analysis`]: ok(makeAnalysis({ grade: 'A' })),
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
    expect(screen.getByText('Get personalized recommendations')).toBeInTheDocument();
    expect(screen.getByText('See alternative quotes from local lenders')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request updated rates' })).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("says 'Example Not Available' when the analysis is missing", async () => {
    mockApi({ [`GET ${requestPath}`]: ok(makeQuoteRequest()), [`GET ${requestPath}/analysis`]: notFound });
    renderApp('/example-results');
    expect(await screen.findByRole('heading', { level: 1, name: 'Example Not Available' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Your Quote Analysis' })).toHaveAttribute('href', '/check-my-rate');
  });
});
