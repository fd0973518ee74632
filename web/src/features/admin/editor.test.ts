import { describe, expect, it } from 'vitest';
import type { Schema } from '@/lib/api-fetch';

type QuoteRequest = Schema<'QuoteRequest'>;
import { estimatedMortgageInsurance, requestMortgageInsuranceEstimate } from '@/lib/mortgage';
import { makeInstantGrade, makeQuoteRequest } from '@/testing/fixtures';
import {
  editorValidation,
  initialValues,
  prefillApr,
  reasonMessage,
  recommendedIsCheapest,
  recommendedVisitorQuoteIsCheapest,
  suggestedGradeOf,
  toPreviewSubmission,
  toSubmission,
} from './editor';

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

describe('the preview request', () => {
  it('is the submission, with the broker quote a submit would PATCH first', () => {
    const request = makeQuoteRequest({ broker_rate: 6.875, broker_lender_fees: 2500, broker_mortgage_insurance: null });
    const values = { ...initialValues(request, null), lender: 'rocket', recommendation: 'Lock it.' };
    expect(toPreviewSubmission(values, request)).toEqual({
      ...toSubmission(values, request),
      broker_quote: { broker_rate: 6.875, broker_lender_fees: 2500, broker_mortgage_insurance: null },
    });
  });

  it('leaves the request its own quote when the editor has none', () => {
    const request = makeQuoteRequest({ broker_rate: null, broker_lender_fees: null });
    const preview = toPreviewSubmission({ ...initialValues(request, null), lender: 'rocket' }, request);
    expect(preview).not.toHaveProperty('broker_quote');
  });
});

// Issue 29: a request with several quotes gets the broker's verdict on each.
describe("the broker's verdict on each quote", () => {
  const vq = (lenderName: string, rate: number) => ({ lenderName, rate, points: null, lenderFees: 0, mortgageInsurance: 0, uploadedFileUrl: null, apr: null });
  const request = makeQuoteRequest({ broker_rate: 6.875, visitor_quotes: [vq('Wasatch', 6.875), vq('Bonneville', 6.25), vq('Uinta', 6.5)] });

  it('starts with one empty verdict per quote, and none for a single quote', () => {
    expect(initialValues(request, null).verdicts).toHaveLength(3);
    expect(initialValues(makeQuoteRequest({ visitor_quotes: [vq('Wasatch', 6.875)] }), null).verdicts).toEqual([]);
  });

  it('sends each verdict, pros and cons one a line, the first also as the grade, pros and cons', () => {
    const values = {
      ...initialValues(request, null),
      lender: 'rocket',
      recommendation: 'Take the points.',
      verdicts: [
        { grade: 'B', pros: 'No closing costs\n\n', cons: 'Highest rate', recommended: false },
        { grade: 'A', pros: 'Lowest rate\n Pays back in 5 years ', cons: '$8,000 in points', recommended: true },
        { grade: 'C', pros: 'Local', cons: 'Neither', recommended: false },
      ],
    };
    const analysis = toSubmission(values, request).analysis;
    expect(analysis.quoteVerdicts).toEqual([
      { grade: 'B', pros: ['No closing costs'], cons: ['Highest rate'], recommended: false },
      { grade: 'A', pros: ['Lowest rate', 'Pays back in 5 years'], cons: ['$8,000 in points'], recommended: true },
      { grade: 'C', pros: ['Local'], cons: ['Neither'], recommended: false },
    ]);
    expect([analysis.grade, analysis.pros, analysis.cons]).toEqual(['B', ['No closing costs'], ['Highest rate']]);
  });

  it('asks for a grade, a pro and a con of each quote, and one recommended quote at most', () => {
    const values = {
      ...initialValues(request, null),
      lender: 'rocket',
      recommendation: 'Take the points.',
      quotes: [],
      verdicts: [
        { grade: 'B', pros: 'a', cons: 'b', recommended: true },
        { grade: '', pros: ' ', cons: '', recommended: true },
        { grade: 'C', pros: 'a', cons: 'b', recommended: false },
      ],
    };
    const result = editorValidation(request, ['rocket']).safeParse(values);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({
      'verdicts.1.grade': 'Please grade this quote',
      'verdicts.1.pros': 'Please give at least one pro of this quote',
      'verdicts.1.cons': 'Please give at least one con of this quote',
      verdicts: 'Please recommend one quote only',
    });
  });
});

// Issue 29: recommending a visitor quote the comparison does not rank cheapest asks why, as the server does.
describe('the reason rule for the visitor\'s own quotes', () => {
  const vq = (lenderName: string, rate: number) => ({ lenderName, rate, points: null, lenderFees: 0, mortgageInsurance: 0, uploadedFileUrl: null, apr: null });
  const ranked = (index: number, rank: number) => ({ index, rank }) as NonNullable<QuoteRequest['comparison']>['quotes'][number];
  const request = makeQuoteRequest({
    broker_rate: 6.875,
    visitor_quotes: [vq('Wasatch', 6.875), vq('Bonneville', 6.25)],
    comparison: { quotes: [ranked(0, 2), ranked(1, 1)] } as QuoteRequest['comparison'],
  });
  const verdict = (recommended: boolean) => ({ grade: 'B', pros: 'a', cons: 'b', recommended });

  it('needs a reason for a quote ranked below the cheapest, not for the cheapest', () => {
    expect(recommendedVisitorQuoteIsCheapest([verdict(true), verdict(false)], request)).toBe(false);
    expect(recommendedVisitorQuoteIsCheapest([verdict(false), verdict(true)], request)).toBe(true);
    expect(recommendedVisitorQuoteIsCheapest([verdict(true), verdict(false)], makeQuoteRequest({ comparison: null }))).toBe(true);
  });

  it('shows the reason message on the reason field', () => {
    const values = { ...initialValues(request, null), lender: 'rocket', recommendation: 'x', quotes: [], verdicts: [verdict(true), verdict(false)] };
    const issues = editorValidation(request, ['rocket']).safeParse(values).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['recommendationReason', reasonMessage(84)]]);
    expect(editorValidation(request, ['rocket']).safeParse({ ...values, recommendationReason: 'You may sell early' }).success).toBe(true);
  });
});

// Issue 25 §2: the reason rule judges at the visitor's horizon, as the server does.
describe('the reason rule', () => {
  const rows = [
    { rate: '6.25', lenderFees: '12000', mortgageInsurance: '', apr: '', isRecommended: false },
    { rate: '6.875', lenderFees: '0', mortgageInsurance: '', apr: '', isRecommended: true },
  ];
  it("judges the recommendation at the visitor's horizon, 7 years when they are not sure", () => {
    // $12,000 of points pay back after about 5 years: the no-cost quote is the cheapest over one year only.
    expect(recommendedIsCheapest(rows, makeQuoteRequest({ horizon_months: 12 }))).toBe(true);
    expect(recommendedIsCheapest(rows, makeQuoteRequest({ horizon_months: null }))).toBe(false);
    expect(recommendedIsCheapest(rows, makeQuoteRequest({ horizon_months: 360 }))).toBe(false);
  });
  it('measures cost as the quote comparison does: interest, not the principal repaid (decision 0037)', () => {
    // $350,000 over 7 years: by payments the 6% quote with $11,000 of fees costs $1,440 more than the
    // no-fee 6.5% one, but it repays $2,719 more principal, so keeping it costs $1,279 less.
    const request = makeQuoteRequest({ loan_type: 'purchase', purchase_price: 450000, down_payment: 100000, horizon_months: null });
    const quotes = (recommended: number) => [
      { rate: '6', lenderFees: '11000', mortgageInsurance: '', apr: '', isRecommended: recommended === 0 },
      { rate: '6.5', lenderFees: '0', mortgageInsurance: '', apr: '', isRecommended: recommended === 1 },
    ];
    expect(recommendedIsCheapest(quotes(0), request)).toBe(true);
    expect(recommendedIsCheapest(quotes(1), request)).toBe(false);
  });
  it("names the horizon in the server's words", () => {
    expect(reasonMessage(84)).toBe('Please say why you recommend this quote: it is not the cheapest over 7 years');
    expect(reasonMessage(12)).toBe('Please say why you recommend this quote: it is not the cheapest over 1 year');
    expect(reasonMessage(30)).toBe('Please say why you recommend this quote: it is not the cheapest over 30 months');
  });
});

// Issue 25 §2: missing insurance under 20% down is estimated on every quote, the editor's rows included.
describe('the mortgage insurance estimate', () => {
  it('is the server\'s table (docs/grading.md: $405,000 at 90% with a 742 score is $148.50 a month)', () => {
    expect(estimatedMortgageInsurance(405000, 90, 742)).toBe(148.5);
    expect(estimatedMortgageInsurance(400000, 80, 742)).toBeNull();
    expect(requestMortgageInsuranceEstimate(makeQuoteRequest({ purchase_price: 450000, down_payment: 45000, credit_score: 742 }))).toBe(148.5);
    expect(requestMortgageInsuranceEstimate(makeQuoteRequest({ purchase_price: 500000, down_payment: 100000 }))).toBeNull();
  });
  it('counts in the reason rule for a row left without insurance, and a blank is sent as not provided', () => {
    const request = makeQuoteRequest({ purchase_price: 450000, down_payment: 45000, credit_score: 742, horizon_months: 84 });
    // The same rate: the row that gives $50 of insurance is cheaper than the blank one once the $148.50 estimate counts.
    const rows = [
      { rate: '6.5', lenderFees: '0', mortgageInsurance: '', apr: '', isRecommended: true },
      { rate: '6.5', lenderFees: '0', mortgageInsurance: '50', apr: '', isRecommended: false },
    ];
    expect(recommendedIsCheapest(rows, request)).toBe(false);
    const submission = toSubmission({ ...initialValues(request, null), quotes: rows }, request);
    expect(submission.quotes[0].mortgageInsurance).toBeNull();
  });
});
