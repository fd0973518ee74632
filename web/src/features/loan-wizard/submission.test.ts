// Issue 29: more than one quote goes in `quotes`, the first included; one quote keeps the spec's fields.
import { describe, expect, it } from 'vitest';
import { buildSubmission } from './submission';
import type { WizardContext } from './steps';

const ctx = { answers: { loanType: 'purchase', purchasePrice: 500000, downPayment: 100000 } } as unknown as WizardContext;
const first = { rate: 6.875, lenderFees: -3200, titleFees: null, mortgageInsurance: 0 };
const upload = { key: 'uploads/b.pdf', fileName: 'b.pdf', fileType: 'application/pdf', uploadedAt: '2026-11-27T00:00:00Z' };

describe('buildSubmission with several quotes', () => {
  it('sends every quote in quotes and leaves the single-quote fields empty', () => {
    const payload = buildSubmission(ctx, {
      quoteDetails: first,
      questions: null,
      uploadedQuote: null,
      moreQuotes: [{ lenderName: 'Bonneville Bank', rate: 6.25, points: 2, lenderFees: 1200, mortgageInsurance: 0, upload }],
      comparing: { firstLenderName: 'Wasatch Home Loans', horizonMonths: 84 },
    });
    expect(payload.quotes).toEqual([
      { lenderName: 'Wasatch Home Loans', rate: 6.875, points: null, lenderFees: -3200, mortgageInsurance: 0, uploadedFileUrl: null },
      { lenderName: 'Bonneville Bank', rate: 6.25, points: 2, lenderFees: 1200, mortgageInsurance: 0, uploadedFileUrl: 'uploads/b.pdf' },
    ]);
    expect(payload.horizonMonths).toBe(84);
    expect([payload.brokerRate, payload.brokerLenderFees, payload.brokerMortgageInsurance, payload.uploadedFileUrl]).toEqual([null, null, null, null]);
  });

  it('keeps one quote in the spec fields, with no quotes list', () => {
    const payload = buildSubmission(ctx, { quoteDetails: first, questions: null, uploadedQuote: upload });
    expect(payload.quotes).toBeNull();
    expect(payload.brokerRate).toBe(6.875);
    expect(payload.uploadedFileUrl).toBe('uploads/b.pdf');
    expect(payload.horizonMonths).toBeNull();
  });
});
