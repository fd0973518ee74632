import { describe, expect, it } from 'vitest';
import { amountCheck, feesCheck, insuranceCheck, LIMIT_MESSAGES, percentCheck, pointsCheck, rateCheck } from './limits';

// The server's words for the same figures (internal/httpapi/hostile_test.go,
// TestFiguresOutsideTheirRangesAreRefused): the browser refuses what the server
// would, in the same words, and changes nothing (issue 25 §3).
describe('figure limits', () => {
  it('refuses what the server refuses, in its words', () => {
    expect(percentCheck('Down payment percent')(150)).toBe('Down payment percent must be between 0 and 100');
    expect(rateCheck('Interest rate')(-1)).toBe('Interest rate must be between 0 and 100');
    expect(rateCheck('Interest rate')(30)).toBe('Interest rate must be at most 25%');
    expect(rateCheck('Interest rate')(1e-300)).toBe('Interest rate must be 0, or at least 0.001%');
    expect(rateCheck('Current rate')(26)).toBe('Current rate must be at most 25%');
    expect(feesCheck('Lender fees')(99_999_999_999)).toBe('Lender fees must be between -$1,000,000 and $1,000,000');
    expect(feesCheck('Lender fees')(-2e6)).toBe('Lender fees must be between -$1,000,000 and $1,000,000');
    expect(insuranceCheck('Mortgage insurance')(20000)).toBe('Mortgage insurance must be at most $10,000 a month');
    expect(insuranceCheck('Mortgage insurance')(-1)).toBe('Mortgage insurance cannot be negative');
    expect(amountCheck('Purchase price')(100_000_001)).toBe('Purchase price must be at most $100,000,000');
    expect(amountCheck('Purchase price')(-5)).toBe('Purchase price cannot be negative');
    expect(pointsCheck(11)).toBe('Points must be between 0 and 10');
    expect(LIMIT_MESSAGES.priceTooSmall).toBe('Purchase price must be at least $10,000');
    expect(LIMIT_MESSAGES.valueTooSmall).toBe('Property value must be at least $10,000');
  });

  it('accepts the edges of each range', () => {
    for (const v of [0, 0.001, 6.625, 25]) expect(rateCheck('Interest rate')(v)).toBeNull();
    for (const v of [-1_000_000, 0, 1_000_000]) expect(feesCheck('Lender fees')(v)).toBeNull();
    for (const v of [0, 10_000]) expect(insuranceCheck('Mortgage insurance')(v)).toBeNull();
    for (const v of [0, 100_000_000]) expect(amountCheck('Purchase price')(v)).toBeNull();
  });
});
