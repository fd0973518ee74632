import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storage } from '@/lib/storage';
import { mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { goodTimeToRefinance, marketVerdictFor } from './rule';

const rates = ok({
  rates: [
    { source: 'Freddie Mac 30 Year Fixed (weekly average) via bundled snapshot', rate: 6.36, date: '2026-05-14', series: '30', age_days: 2, stale: false },
    { source: 'Freddie Mac 15 Year Fixed (weekly average) via bundled snapshot', rate: 5.6, date: '2026-05-07', series: '15', age_days: 9, stale: false },
  ],
});

// Issue 25: the 30-year figure of this week, the 15-year one nine months old.
const stale15 = ok({
  rates: [
    { source: 'Freddie Mac 30 Year Fixed (weekly average) via FRED', rate: 6.36, date: '2026-05-14', series: '30', age_days: 2, stale: false },
    { source: 'Freddie Mac 15 Year Fixed (weekly average) via FRED', rate: 5.0, date: '2025-08-14', series: '15', age_days: 275, stale: true },
  ],
});

beforeEach(() => window.localStorage.clear());

async function fillMortgage(user: ReturnType<typeof renderApp>['user'], rate: string, program = '30-year-fixed') {
  await user.type(screen.getByLabelText('Current interest rate'), rate);
  await user.selectOptions(screen.getByLabelText('Loan program'), program);
  await user.type(screen.getByLabelText('Monthly payment (principal and interest)'), '2100');
}

describe('the rule', () => {
  it('uses the program’s market rate and half a point', () => {
    const r = [
      { source: 'x 30 Year Fixed', rate: 6.36, date: '2026-05-14', series: '30' as const, age_days: 2, stale: false },
      { source: 'x 15 Year Fixed', rate: 5.6, date: '2026-05-14', series: '15' as const, age_days: 2, stale: false },
    ];
    expect(marketVerdictFor('15-year-fixed', r)).toMatchObject({ judged: true, rate: 5.6 });
    expect(marketVerdictFor('30-year-fixed', r)).toMatchObject({ judged: true, rate: 6.36 });
    // A 5/1 ARM is not compared with the 30-year fixed average (issue 25).
    expect(marketVerdictFor('5-1-arm', r)).toMatchObject({ judged: false, reason: expect.stringContaining('no market average for a 5/1 ARM') });
    expect(marketVerdictFor('15-year-fixed', [r[0], { ...r[1], age_days: 15, stale: true }])).toMatchObject({
      judged: false,
      reason: expect.stringContaining('could not be judged on current rates'),
    });
    expect(goodTimeToRefinance(6.86, 6.36)).toBe(true);
    expect(goodTimeToRefinance(6.85, 6.36)).toBe(false);
  });
});

describe('Refi Buddy entry', () => {
  it('keeps Check Rates disabled until rate, program and payment are given', async () => {
    mockApi({ 'GET /api/national-rates': rates });
    const { user } = renderApp('/should-i-refinance');
    const check = screen.getByRole('button', { name: 'Check Rates' });
    expect(check).toBeDisabled();
    await user.type(screen.getByLabelText('Current interest rate'), '7.25');
    await user.selectOptions(screen.getByLabelText('Loan program'), '30-year-fixed');
    expect(check).toBeDisabled();
    await user.type(screen.getByLabelText('Monthly payment (principal and interest)'), '2100');
    expect(check).toBeEnabled();
  });

  it('says it may be a good time when the rate is half a point above the market', async () => {
    mockApi({ 'GET /api/national-rates': rates });
    const { user } = renderApp('/should-i-refinance');
    await fillMortgage(user, '7.25');
    await user.click(screen.getByRole('button', { name: 'Check Rates' }));
    expect(await screen.findByText('Now may be a good time to refinance!')).toBeInTheDocument();
    expect(screen.getByText('6.36%')).toBeInTheDocument();
    // Neither rate passes for an offer's: the homeowner's note rate and a labelled survey average (12 CFR 1026.24, issue 26).
    expect(
      screen.getByText(
        'Your rate is 7.250% (the note rate you gave, not an APR); the market average for your loan is 6.36% (a weekly average interest rate, not an APR, not an offer).',
      ),
    ).toHaveAttribute('data-rate', 'inline');
    expect(screen.getByText('6.36%').closest('[data-rate]')).toHaveTextContent(/^30-year fixed average6\.36%Freddie Mac weekly average, week of May 14, 2026: an average interest rate, not an APR, not an offer$/);
  });

  it('says it may not be the best time otherwise, comparing a 15-year loan with the 15-year rate', async () => {
    mockApi({ 'GET /api/national-rates': rates });
    const { user } = renderApp('/should-i-refinance');
    await fillMortgage(user, '5.875', '15-year-fixed');
    await user.click(screen.getByRole('button', { name: 'Check Rates' }));
    expect(await screen.findByText('Now may not be the best time to refinance')).toBeInTheDocument();
  });

  it('does not judge a 15-year loan on a 15-year figure months old, and says so beside the figure', async () => {
    mockApi({ 'GET /api/national-rates': stale15 });
    const { user } = renderApp('/should-i-refinance');
    await fillMortgage(user, '6.5', '15-year-fixed');
    await user.click(screen.getByRole('button', { name: 'Check Rates' }));
    expect(await screen.findByText('Could not be judged on current rates')).toBeInTheDocument();
    expect(screen.getAllByText(/the newest 15-year fixed market average we have is from the week of August 14, 2025, 275 days ago/)[0]).toBeVisible();
    expect(screen.queryByText('Now may be a good time to refinance!')).not.toBeInTheDocument();
    expect(screen.getByText(/This figure is 275 days old/)).toBeInTheDocument();
  });

  it('does not compare a 5/1 ARM with the 30-year fixed average', async () => {
    mockApi({ 'GET /api/national-rates': rates });
    const { user } = renderApp('/should-i-refinance');
    await fillMortgage(user, '7.25', '5-1-arm');
    await user.click(screen.getByRole('button', { name: 'Check Rates' }));
    expect(await screen.findByText('Could not be judged on current rates')).toBeInTheDocument();
    expect(screen.queryByText('Now may be a good time to refinance!')).not.toBeInTheDocument();
  });

  it('checks the email, then saves the intent and goes to the wizard', async () => {
    mockApi({ 'GET /api/national-rates': rates });
    const { user, router } = renderApp('/should-i-refinance');
    await fillMortgage(user, '7.25');
    await user.click(screen.getByRole('button', { name: 'Check Rates' }));
    await user.click(await screen.findByRole('button', { name: 'Continue to Loan Scenario' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email for rate alerts'), 'owner@');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email for rate alerts'), 'example.com');
    await user.click(screen.getByRole('button', { name: 'Check Rates Now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/loan-information'));
    expect(storage.refiBuddy.get()).toMatchObject({
      intent: 'refinance_now',
      email: 'owner@example.com',
      nationalAverageRate: 6.36,
      currentMortgage: { rate: 7.25, loanProgram: '30-year-fixed', monthlyPayment: 2100, mortgageInsurance: null },
    });
  });

  it('goes back to the mortgage details', async () => {
    mockApi({ 'GET /api/national-rates': { status: 500, body: { error: 'down' } } });
    const { user } = renderApp('/should-i-refinance');
    await fillMortgage(user, '7.25');
    await user.click(screen.getByRole('button', { name: 'Check Rates' }));
    // Said on the page and in the announcement of the verdict (issue 25 §4).
    expect((await screen.findAllByText(/could not be loaded/))[0]).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Check Rates' })).toBeInTheDocument();
  });

  it('keeps every answer when going Back from the rate comparison (issue 14, defect 3)', async () => {
    mockApi({ 'GET /api/national-rates': rates });
    const { user } = renderApp('/should-i-refinance');
    await fillMortgage(user, '7.25', '15-year-fixed');
    await user.type(screen.getByLabelText('Monthly mortgage insurance (optional)'), '95');
    await user.click(screen.getByRole('button', { name: 'Check Rates' }));
    await user.type(await screen.findByLabelText('Email for rate alerts'), 'owner@example.com');
    await user.click(screen.getByRole('button', { name: 'Back' }));

    expect(screen.getByLabelText('Current interest rate')).toHaveValue(7.25);
    expect(screen.getByLabelText('Loan program')).toHaveValue('15-year-fixed');
    expect(screen.getByLabelText('Monthly payment (principal and interest)')).toHaveValue('2,100');
    expect(screen.getByLabelText('Monthly mortgage insurance (optional)')).toHaveValue('95');
    await user.click(screen.getByRole('button', { name: 'Check Rates' }));
    expect(await screen.findByLabelText('Email for rate alerts')).toHaveValue('owner@example.com');
  });

  it('draws Back as a button, like every other page (issue 14, defect 14)', async () => {
    mockApi({ 'GET /api/national-rates': rates });
    const { user } = renderApp('/should-i-refinance');
    await fillMortgage(user, '7.25');
    await user.click(screen.getByRole('button', { name: 'Check Rates' }));
    const back = await screen.findByRole('button', { name: 'Back' });
    // The outlined secondary button of BackButton, not a bare blue link.
    expect(back).toHaveClass('border', 'bg-white');
    expect(back).not.toHaveClass('text-blue-800');
  });
});
