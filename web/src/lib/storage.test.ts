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

  it("names every key under the 'qg.' prefix, and keeps the signed-in hint as it always was ('1')", () => {
    expect(Object.values(storage).map((entry) => entry.key)).toEqual([
      'qg.requestId',
      'qg.uploadedQuote',
      'qg.quoteDetails',
      'qg.moreQuotes',
      'qg.comparing',
      'qg.questions',
      'qg.loanInfo',
      'qg.refiBuddy',
      'qg.signedIn',
    ]);
    storage.signedIn.set(1);
    expect(window.localStorage.getItem('qg.signedIn')).toBe('1');
    window.localStorage.setItem('qg.signedIn', 'yes');
    expect(storage.signedIn.get()).toBeNull();
  });
});
