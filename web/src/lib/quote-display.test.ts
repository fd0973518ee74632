import { describe, expect, it } from 'vitest';
import { makeAnalysis, makeQuote, makeQuoteRequest } from '@/testing/fixtures';
import { comparisonRows, lenderFeesDisplay, monthlySavingsText, mortgageInsuranceText, rateWithAprText, unexplainedRates } from './quote-display';

describe('mortgageInsuranceText', () => {
  it("shows 'Not provided' for a purchase with less than 20% down", () => {
    const request = makeQuoteRequest({ loan_type: 'purchase', purchase_price: 400000, down_payment: 40000 });
    expect(mortgageInsuranceText(null, request)).toBe('Not provided');
  });

  it('shows $0 for a purchase with 20% or more down', () => {
    const request = makeQuoteRequest({ loan_type: 'purchase', purchase_price: 400000, down_payment: 80000 });
    expect(mortgageInsuranceText(null, request)).toBe('$0');
  });

  it('shows $0 for a refinance', () => {
    const request = makeQuoteRequest({ loan_type: 'refinance', purchase_price: null, down_payment: null, remaining_balance: 300000 });
    expect(mortgageInsuranceText(null, request)).toBe('$0');
  });

  it('shows the amount when there is one', () => {
    expect(mortgageInsuranceText(120.5, makeQuoteRequest())).toBe('$120.50');
  });
});

describe('monthlySavingsText', () => {
  it('says a refinance that costs more a month in words, never with a minus sign (issue 25)', () => {
    expect(monthlySavingsText(-30)).toBe('costs $30 more a month');
    expect(monthlySavingsText(180)).toBe('$180');
    expect(monthlySavingsText(0)).toBe('$0');
  });
});

describe('lenderFeesDisplay', () => {
  it("shows 'Not provided' for missing fees", () => {
    expect(lenderFeesDisplay(null)).toEqual({ text: 'Not provided', isCredit: false });
  });

  it('shows negative fees as a credit', () => {
    expect(lenderFeesDisplay(-1250)).toEqual({ text: '$1,250 credit', isCredit: true });
  });

  it('shows zero and positive fees as money', () => {
    expect(lenderFeesDisplay(0)).toEqual({ text: '$0', isCredit: false });
    expect(lenderFeesDisplay(2400.5)).toEqual({ text: '$2,400.50', isCredit: false });
  });
});

describe('comparisonRows', () => {
  it("adds the visitor's quote from the request and sorts every quote by rate", () => {
    const request = makeQuoteRequest({ broker_rate: 6.5, broker_lender_fees: null });
    const analysis = makeAnalysis({
      quotes: [makeQuote({ id: 'a', rate: 7 }), makeQuote({ id: 'b', rate: 6.125 }), makeQuote({ id: 'c', rate: 6.75 })],
    });
    const rows = comparisonRows(request, analysis);
    expect(rows.map((row) => row.rate)).toEqual([6.125, 6.5, 6.75, 7]);
    const yours = rows.find((row) => row.isUsersQuote)!;
    expect(yours.label).toBe('Your Quote');
    expect(yours.lenderFees).toBeNull();
  });

  it("uses the analysis' BROKER quote as the visitor's quote instead of adding another", () => {
    const request = makeQuoteRequest({ broker_rate: 6.5 });
    const analysis = makeAnalysis({ quotes: [makeQuote({ id: 'mine', rate: 6.5, source: 'BROKER' }), makeQuote({ id: 'alt', rate: 6.25 })] });
    const rows = comparisonRows(request, analysis, { name: 'Provident Funding', nmls: '000001' });
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.isUsersQuote).map((row) => row.key)).toEqual(['mine']);
    expect(rows[0]).toMatchObject({ key: 'alt', label: 'Provident Funding', detail: 'NMLS #000001' });
  });
});

// Regulation Z 1026.24 (issue 26): which figures in words say what they are, as the compliance walk reads them.
describe('unexplainedRates', () => {
  it('finds a rate written alone, not one with its APR, an APR, a figure said not to be an APR, or a share of the loan', () => {
    expect(unexplainedRates('Ask your lender to match 6.5%.')).toEqual(['6.5%']);
    expect(unexplainedRates('Ask for 6.250% (6.472% APR), or a 6.301% APR.')).toEqual([]);
    expect(unexplainedRates('the 6.435% (an interest rate, not an APR) we expect')).toEqual([]);
    expect(unexplainedRates('1.5% to 3.0% of the loan amount (here 2.5% of the loan amount)')).toEqual([]);
    expect(unexplainedRates('No rates here, 20% down.')).toEqual([]);
  });
});

describe('rateWithAprText', () => {
  it('gives the rate with its APR, or says it is an interest rate when none describes it', () => {
    expect(rateWithAprText(6.25, 6.3)).toBe('6.25% (6.300% APR)');
    expect(rateWithAprText(6.25, null)).toBe('6.25% (an interest rate, not an APR: no APR describes this quote)');
  });
});
