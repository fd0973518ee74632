// Issue 14, defects 6 and 7: a Refi Buddy visitor stays on Refi Buddy's path.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storage } from '@/lib/storage';
import { makeQuoteRequest, REQUEST_ID } from '@/testing/fixtures';
import { mockApi, notFound, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const requestPath = `/api/quote-requests/${REQUEST_ID}`;
const mortgage = { rate: 7.25, monthly_payment: 2400, calculated_monthly_payment_pi: null, loan_program: '30-year-fixed' as const, mortgage_insurance: null };
const rates = ok({ rates: [{ source: 'Freddie Mac 30 Year Fixed (weekly average) via bundled snapshot', rate: 6.36, date: '2026-05-14' }] });

describe('Refi Buddy path', () => {
  it("drops the Refi Buddy page's e-mail when the wizard's e-mail prompt is skipped (issue 25 §3: Skip skips)", async () => {
    storage.refiBuddy.set({
      intent: 'get_notified',
      email: 'owner@example.com',
      currentMortgage: { rate: 7.125, loanProgram: '30-year-fixed', monthlyPayment: 2450, mortgageInsurance: null },
    });
    const { user } = renderApp('/loan-information');
    await screen.findByRole('heading', { level: 2, name: 'Tell us about your current mortgage' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 2, name: 'Where should we send your refinance alert?' });
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'What is your home worth today?' })).toBeInTheDocument();
    expect(storage.refiBuddy.get()?.email ?? '').toBe('');
  });

  it("shows Refi Buddy's view for a Refi Buddy request whose e-mail was skipped", async () => {
    const request = makeQuoteRequest({ loan_type: 'refinance', broker_rate: null, email: null, refi_intent: 'get_notified', current_mortgage: mortgage });
    mockApi({ [`GET ${requestPath}`]: ok(request), [`GET ${requestPath}/analysis`]: notFound, 'GET /api/national-rates': rates });
    renderApp(`/rate-results?qr=${REQUEST_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: "You're All Set!" })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Your Quote Analysis is in Progress' })).not.toBeInTheDocument();
    expect(screen.queryByText(/We'll email null/)).not.toBeInTheDocument();
  });

  it('forgets the old request on Submit Another Scenario, so /quote-start does not bring it back', async () => {
    const request = makeQuoteRequest({ loan_type: 'refinance', email: 'home@example.com', refi_intent: 'get_notified', current_mortgage: mortgage });
    mockApi({ [`GET ${requestPath}`]: ok(request), [`GET ${requestPath}/analysis`]: notFound, 'GET /api/national-rates': rates });
    const { user, location, router } = renderApp(`/rate-results?qr=${REQUEST_ID}`);
    await screen.findByRole('heading', { level: 1, name: "You're All Set!" });
    await waitFor(() => expect(storage.requestId.get()).toBe(REQUEST_ID));
    await user.click(screen.getByRole('link', { name: 'Submit Another Scenario' }));
    await waitFor(() => expect(location().pathname).toBe('/should-i-refinance'));
    expect(storage.requestId.get()).toBeNull();
    await router.navigate('/quote-start');
    expect(await screen.findByRole('heading', { level: 1, name: "Let's Get Started" })).toBeInTheDocument();
  });
});
