import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeInstantGrade } from '@/testing/fixtures';
import { renderPage } from '@/testing/render';
import { InstantGradeCard, plainSentence } from './instant-grade-card';

describe('the instant estimate', () => {
  it('leads with one plain sentence in dollars a month and over seven years', () => {
    renderPage(<InstantGradeCard grade={makeInstantGrade()} />);
    const card = screen.getByRole('region', { name: 'Instant estimate' });
    expect(card).toHaveTextContent(
      'Your quote costs about $139 a month more than what borrowers like you are being offered: about $11,686 more over seven years.',
    );
    expect(card).toHaveTextContent('their grade will replace this estimate. The two can differ');
    expect(card).toHaveTextContent('the national average rate for the week of May 14, 2026');
    expect(card).not.toHaveTextContent("today's market figures");
    expect(card).not.toHaveTextContent('2026-05-14');
  });

  it('keeps the working behind "How we worked this out"', async () => {
    const { user } = renderPage(<InstantGradeCard grade={makeInstantGrade()} />);
    const reason = screen.getByText('Your rate of 6.875% (7.01% APR) is 0.44 percentage points above the 6.435% (an interest rate, not an APR) we expect for your scenario.');
    expect(reason).not.toBeVisible();
    await user.click(screen.getByRole('button', { name: 'How we worked this out' }));
    expect(reason).toBeVisible();
    expect(screen.getByText(/Market figure: Freddie Mac 30-year fixed average of 6\.36%, week of May 14, 2026 \(.*\): an average interest rate, not an APR, not an offer\./)).toBeVisible();
  });

  it('says so plainly when the market figure is more than 14 days old', () => {
    renderPage(<InstantGradeCard grade={makeInstantGrade({ market: { ...makeInstantGrade().market, age_days: 193, stale: true } })} />);
    const note = within(screen.getByRole('region', { name: 'Instant estimate' })).getByRole('note');
    expect(note).toHaveTextContent('The newest market figure we have is more than 14 days old (week of May 14, 2026)');
  });

  it('has no old-figures notice for a recent week', () => {
    renderPage(<InstantGradeCard grade={makeInstantGrade()} />);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('says less, or about the same, when the quote is cheaper or in line', () => {
    expect(plainSentence({ monthly_cost_difference: -52.4, cost_difference_7_years: -4401.6 })).toBe(
      'Your quote costs about $52 a month less than what borrowers like you are being offered: about $4,402 less over seven years.',
    );
    expect(plainSentence({ monthly_cost_difference: 0.3, cost_difference_7_years: 25 })).toBe(
      'Your quote costs about the same as what borrowers like you are being offered.',
    );
  });

  it("names Optimal Blue's band as the benchmark, with FRED's citation, when the grade used it", async () => {
    const citation =
      'Optimal Blue, 30-Year Fixed Rate Conforming Mortgage Index: Loan-to-Value Greater Than 80, FICO Score Greater Than 740 [OBMMIC30YFLVGT80FGE740], retrieved from FRED, Federal Reserve Bank of St. Louis; https://fred.stlouisfed.org/series/OBMMIC30YFLVGT80FGE740, May 23, 2026.';
    const grade = makeInstantGrade({
      benchmark: 'optimal_blue',
      market: {
        ...makeInstantGrade().market,
        rate: 6.16,
        week: '2026-05-21',
        source: 'FRED',
        label: 'Optimal Blue 30-year fixed conforming index for credit scores of 740 or more and loan-to-value over 80%',
        citation,
      },
    });
    const { user } = renderPage(<InstantGradeCard grade={grade} />);
    const card = screen.getByRole('region', { name: 'Instant estimate' });
    expect(card).toHaveTextContent('borrowers with your credit score and loan-to-value locked on May 21, 2026 for a 30-year fixed conforming loan');
    expect(card).not.toHaveTextContent('national average rate for the week of');
    expect(within(card).getByText(`Source: ${citation}`)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'How we worked this out' }));
    expect(
      screen.getByText(
        'Benchmark: Optimal Blue 30-year fixed conforming index for credit scores of 740 or more and loan-to-value over 80%, 6.16% on May 21, 2026 (FRED): an average interest rate, not an APR, not an offer.',
      ),
    ).toBeVisible();
  });

  it('shows no citation for the weekly survey', () => {
    renderPage(<InstantGradeCard grade={makeInstantGrade()} />);
    expect(screen.queryByText(/retrieved from FRED/)).not.toBeInTheDocument();
  });
});
