import { describe, expect, it } from 'vitest';
// The same vectors the Go core's tests read: the two ports can never disagree.
import vectors from '../../../internal/mortgage/testdata/vectors.json';
import { apr, ImpossibleLoanError, interestOver, loanAmount, loanFigures, monthlyPrincipalAndInterest, mortgageInsuranceMonths, roundCents } from './mortgage';

describe('the TypeScript port against the shared vectors', () => {
  it.each(vectors.payments)('payment: $name', (c) => {
    expect(roundCents(monthlyPrincipalAndInterest(c.principal, c.ratePercent, c.termMonths))).toBe(c.principalAndInterest);
  });

  it.each(vectors.aprs)('APR: $name', (c) => {
    const scale = 10 ** c.decimals;
    const got = apr({ amountFinanced: c.amountFinanced, payments: c.payments, oddFraction: c.oddFraction });
    expect(Math.round(got * scale) / scale).toBe(c.apr);
  });

  it.each(vectors.mortgageInsuranceMonths)('mortgage insurance months: $name', (c) => {
    expect(mortgageInsuranceMonths(c.principal, c.ratePercent, c.termMonths, c.propertyValue)).toBe(c.months);
  });

  it.each(vectors.loans)('loan: $name', (c) => {
    const f = loanFigures({
      amount: c.loanAmount,
      ratePercent: c.ratePercent,
      termMonths: c.termMonths,
      prepaidFinanceCharges: c.prepaidFinanceCharges,
      monthlyMortgageInsurance: c.monthlyMortgageInsurance,
      mortgageInsuranceMonths: c.mortgageInsuranceMonths,
    });
    expect(f).toMatchObject({ principalAndInterest: c.principalAndInterest, monthlyPayment: c.monthlyPayment, apr: c.apr });
  });
});

describe('apr', () => {
  it('refuses inputs no APR describes', () => {
    expect(() => apr({ amountFinanced: 5000, payments: [{ amount: 100, count: 24 }] })).toThrow(ImpossibleLoanError);
    expect(() => apr({ amountFinanced: 0, payments: [{ amount: 230, count: 24 }] })).toThrow(ImpossibleLoanError);
    expect(() => apr({ amountFinanced: 5000, payments: [] })).toThrow(ImpossibleLoanError);
    expect(() => apr({ amountFinanced: 100, payments: [{ amount: 1e6, count: 24 }] })).toThrow(ImpossibleLoanError);
    expect(() => loanFigures({ amount: 1000, ratePercent: 6, prepaidFinanceCharges: 1000 })).toThrow(ImpossibleLoanError);
  });

  it('is the note rate without finance charges and above it with them', () => {
    expect(loanFigures({ amount: 412345, ratePercent: 7.125 }).apr).toBe(7.125);
    expect(loanFigures({ amount: 412345, ratePercent: 7.125, prepaidFinanceCharges: 800 }).apr).toBeGreaterThan(7.125);
  });
});

describe('interestOver', () => {
  it("is the interest of the first payments, the principal repaid not counted, and stops once the loan is repaid", () => {
    const payment = monthlyPrincipalAndInterest(100000, 6);
    expect(interestOver(100000, 6, payment, 1)).toBeCloseTo(500, 9);
    expect(interestOver(100000, 6, payment, 360)).toBeCloseTo(payment * 360 - 100000, 6);
    expect(interestOver(100000, 6, payment, 480)).toBeCloseTo(interestOver(100000, 6, payment, 360), 6);
  });
});

describe('loanAmount', () => {
  it('adds the cash out to a refinance only when chosen', () => {
    const refi = { loan_type: 'refinance' as const, purchase_price: null, down_payment: null, remaining_balance: 320000, cash_out_amount: 50000 };
    expect(loanAmount({ ...refi, cash_out: true })).toBe(370000);
    expect(loanAmount({ ...refi, cash_out: false })).toBe(320000);
    expect(loanAmount({ loan_type: 'purchase', purchase_price: 450000, down_payment: 45000, remaining_balance: null })).toBe(405000);
  });
});
