// Issue 14, defect 14: the hero's illustration is a sample graded quote card, built in the page.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apr, monthlyPrincipalAndInterest } from '@/lib/mortgage';
import { renderApp } from '@/testing/render';

describe('home hero illustration', () => {
  it('is a sample graded quote card whose payments are the real amortisation', () => {
    renderApp('/');
    const card = screen.getByRole('figure', { name: /A sample graded quote for a \$400,000 loan over 30 years/ });
    expect(within(card).getByText('Sample')).toBeInTheDocument();
    expect(card.querySelector('[data-grade="C"]')).toHaveTextContent('Grade C');
    const quote = Math.round(monthlyPrincipalAndInterest(400_000, 6.875));
    const partner = Math.round(monthlyPrincipalAndInterest(400_000, 6.375));
    expect([quote, partner]).toEqual([2628, 2495]);
    // A payment is a Regulation Z trigger term: each rate has its APR beside it, and the terms are stated (issue 26).
    const quoteApr = apr({ amountFinanced: 395_500, payments: [{ amount: monthlyPrincipalAndInterest(400_000, 6.875), count: 360 }] });
    const partnerApr = apr({ amountFinanced: 398_000, payments: [{ amount: monthlyPrincipalAndInterest(400_000, 6.375), count: 360 }] });
    expect([quoteApr.toFixed(3), partnerApr.toFixed(3)]).toEqual(['6.987', '6.423']);
    expect(card).toHaveTextContent('6.875% rate · 6.987% APR · $2,628/mo');
    expect(card).toHaveTextContent('6.375% rate · 6.423% APR · $2,495/mo');
    expect(card).toHaveTextContent('$100,000 (20%) down');
    expect(card).toHaveTextContent('repaid in 360 monthly principal and interest payments');
    expect(card).toHaveTextContent('You could pay $133 a month less');
    expect(card.querySelector('img')).toBeNull();
  });
});
