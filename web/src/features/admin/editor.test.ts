import { describe, expect, it } from 'vitest';
import { makeInstantGrade, makeQuoteRequest } from '@/testing/fixtures';
import { prefillApr, suggestedGradeOf } from './editor';

// The expected APRs are what the server answers for the same loans (POST /api/calculate,
// internal/mortgage): the editor's prefill must show the broker the APR the visitor will see.
describe('the APR a quote row starts with', () => {
  const buyer = makeQuoteRequest({ loan_type: 'purchase', purchase_price: 450000, down_payment: 45000 });

  it('counts lender fees as prepaid finance charges and insurance until 78% of the price', () => {
    expect(prefillApr({ rate: 6.5, lenderFees: 2500, mortgageInsurance: 142, request: buyer })).toBe(6.842);
  });

  it('lowers the APR below the note rate for a lender credit', () => {
    expect(prefillApr({ rate: 6.5, lenderFees: -1500, mortgageInsurance: null, request: buyer })).toBe(6.465);
  });

  it('gives nothing for a request without a loan amount or a credit larger than the loan', () => {
    expect(prefillApr({ rate: 6.5, lenderFees: 0, mortgageInsurance: null, request: { ...buyer, purchase_price: null } })).toBeNull();
    expect(prefillApr({ rate: 6.5, lenderFees: -600000, mortgageInsurance: null, request: buyer })).toBeNull();
  });
});

describe('the suggested grade', () => {
  it("is the server's instant grade with its reasons", () => {
    const instant = makeInstantGrade({ grade: 'D', reasons: ['The rate is 0.6 points above the market.'] });
    expect(suggestedGradeOf(makeQuoteRequest({ instant_grade: instant }))).toEqual({ grade: 'D', reasons: ['The rate is 0.6 points above the market.'] });
  });

  it('is absent without a quote to grade', () => {
    expect(suggestedGradeOf(makeQuoteRequest({ instant_grade: null }))).toBeNull();
  });
});
