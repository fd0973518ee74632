// Issue 14, defect 10: the spec's rule for the Refi Buddy view makes REFINANCE_ESTIMATE
// unreachable there (docs/refi-alerts.md, "The three results modes").
import { describe, expect, it } from 'vitest';
import { makeQuoteRequest } from '@/testing/fixtures';
import { isRefiBuddyRequest, refiResultsMode } from './results-mode';

const mortgage = { rate: 7.25, monthly_payment: 2400, calculated_monthly_payment_pi: null, loan_program: '30-year-fixed' as const, mortgage_insurance: null };

describe('Refi Buddy results modes', () => {
  it('never shows REFINANCE_ESTIMATE: every request given the Refi Buddy view has a broker rate or a current mortgage', () => {
    const shown: string[] = [];
    for (const broker_rate of [null, 6.5]) {
      for (const current_mortgage of [null, mortgage]) {
        for (const email of [null, 'owner@example.com']) {
          for (const refi_intent of [null, 'get_notified' as const]) {
            const request = makeQuoteRequest({ loan_type: 'refinance', broker_rate, current_mortgage, email, refi_intent });
            if (isRefiBuddyRequest(request)) shown.push(refiResultsMode(request));
          }
        }
      }
    }
    expect(new Set(shown)).toEqual(new Set(['QUOTE_GRADING', 'REFINANCE_ANALYSIS']));
  });

  it('would call a request with neither a broker rate nor a current mortgage REFINANCE_ESTIMATE, and shows it the quote-grade view', () => {
    const request = makeQuoteRequest({ loan_type: 'refinance', broker_rate: null, current_mortgage: null, email: 'owner@example.com' });
    expect(refiResultsMode(request)).toBe('REFINANCE_ESTIMATE');
    expect(isRefiBuddyRequest(request)).toBe(false);
  });
});
