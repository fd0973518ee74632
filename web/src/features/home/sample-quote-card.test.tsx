// Issue 14, defect 14: the hero's illustration is a sample graded quote card, built in the page.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { monthlyPrincipalAndInterest } from '@/lib/mortgage';
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
    expect(card).toHaveTextContent('6.875% · $2,628/mo');
    expect(card).toHaveTextContent('6.375% · $2,495/mo');
    expect(card).toHaveTextContent('You could pay $133 a month less');
    expect(card.querySelector('img')).toBeNull();
  });
});
