import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { liveRegion } from '@/testing/live-region';
import { mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

vi.setConfig({ testTimeout: 20_000 });

describe("Refi Buddy's rate comparison", () => {
  it("takes focus after 'Check Rates' and its verdict is announced; 'Back' returns focus to the form", async () => {
    mockApi({
      'GET /api/national-rates': ok({
        rates: [{ source: 'Freddie Mac 30 Year Fixed (weekly average) via bundled snapshot', rate: 6.36, date: '2026-05-14' }],
      }),
    });
    const { user } = renderApp('/should-i-refinance');
    const region = liveRegion();
    // Disabled until the three answers are given, the button says why (it is out of the Tab order).
    expect(screen.getByRole('button', { name: 'Check Rates' })).toHaveAccessibleDescription(
      'Enter your current interest rate, loan program and monthly payment to continue.',
    );
    await user.type(screen.getByLabelText('Current interest rate'), '7.25');
    await user.selectOptions(screen.getByLabelText('Loan program'), '30-year-fixed');
    await user.type(screen.getByLabelText('Monthly payment (principal and interest)'), '2100');
    await user.click(screen.getByRole('button', { name: 'Check Rates' }));

    const compared = screen.getByRole('heading', { level: 2, name: 'How your rate compares' });
    await waitFor(() => expect(compared).toHaveFocus());
    // Focus is on something the visitor can see, not a visually hidden heading.
    expect(compared).not.toHaveClass('sr-only');
    await waitFor(() =>
      expect(region).toHaveTextContent('Now may be a good time to refinance! Your rate is 7.250% (the note rate you gave, not an APR); the market average for your loan is 6.36% (a weekly average interest rate, not an APR, not an offer).'),
    );

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Your current mortgage' })).toHaveFocus());
  });
});
