import { describe, expect, it } from 'vitest';
import { storage } from './storage';

describe('storage', () => {
  it("keeps values under 'qg.' keys and clears them", () => {
    storage.requestId.set('abc');
    storage.quoteDetails.set({ rate: 6.5, lenderFees: 0, titleFees: null, mortgageInsurance: null });
    expect(window.localStorage.getItem('qg.requestId')).toBe('"abc"');
    expect(storage.requestId.get()).toBe('abc');
    expect(storage.quoteDetails.get()).toEqual({ rate: 6.5, lenderFees: 0, titleFees: null, mortgageInsurance: null });
    storage.requestId.clear();
    expect(storage.requestId.get()).toBeNull();
  });

  it('reads malformed values as nothing saved', () => {
    window.localStorage.setItem('qg.loanInfo', '{not json');
    window.localStorage.setItem('qg.quoteDetails', JSON.stringify({ rate: 'high' }));
    expect(storage.loanInfo.get()).toBeNull();
    expect(storage.quoteDetails.get()).toBeNull();
  });
});
