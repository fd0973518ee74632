import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Schema } from '@/lib/api-client';
import { BROKER, signedInAs } from '@/testing/auth';
import { makeLoanEstimate, makeQuoteRequest, REQUEST_ID } from '@/testing/fixtures';
import { mockApi, notFound, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

vi.setConfig({ testTimeout: 20_000 });

type Review = Schema<'LoanEstimateReview'>;

const review: Review = {
  loanEstimate: makeLoanEstimate({
    lenderFees: 1319,
    lines: [],
    found: [],
    checks: [
      { name: 'section A', agrees: true, fields: ['lines'], message: "Section A's lines add up to $1,802, which agrees with its total $1,802." },
      { name: 'apr', agrees: false, fields: ['apr'], message: 'The APR of these payments lies between 3.625% and 5.188%; the form says 9.274%.' },
    ],
  }),
  lines: [
    { section: 'A', label: '0.25 % of Loan Amount (Points)', amount: 405, kind: 'lender', inLenderFees: true },
    { section: 'B', label: 'Appraisal Fee', amount: 405, kind: 'lender', inLenderFees: false },
    { section: 'C', label: 'Title – Title Search', amount: 1261, kind: 'third-party', inLenderFees: false },
    { section: 'F', label: 'Prepaid Interest ( $17.44 per day for 15 days @ 3.875 %)', amount: 262, kind: 'other', inLenderFees: false },
  ],
  lenderFeesUsed: 1319,
  lenderApr: 4.274,
  computedApr: 4.012,
  computedAprWithDifference: 4.101,
  aprDifference: [{ label: 'Prepaid Interest ( $17.44 per day for 15 days @ 3.875 %)', amount: 262, reason: 'prepaid interest' }],
};

function openRequest(answer: Review | null) {
  mockApi({
    ...signedInAs(BROKER),
    [`GET /api/admin/quote-requests/${REQUEST_ID}`]: ok(makeQuoteRequest({ broker_rate: null, user_uploaded_quote_url: 'uploads/le.pdf' })),
    [`GET /api/analysis/request/${REQUEST_ID}`]: notFound,
    'GET /api/analysis-suggestions': ok({ recommendations: [], pros: [], cons: [] }),
    [`GET /api/admin/quote-requests/${REQUEST_ID}/loan-estimate`]: answer ? ok(answer) : notFound,
  });
  renderApp(`/admin/analysis/${REQUEST_ID}`);
}

const panel = () => screen.findByRole('region', { name: 'Loan Estimate read from the uploaded file' });

describe("the broker's Loan Estimate panel", () => {
  it('shows what was read, each line classified, the lender fees used and both APRs', async () => {
    openRequest(review);
    const card = await panel();
    expect(await within(card).findByText('Ficus Bank')).toBeInTheDocument();
    expect(card).toHaveTextContent('Total closing costs (J)$7,304');
    expect(card).toHaveTextContent('Rate locked until2013-04-16');
    expect(card).toHaveTextContent('In 5 years$56,582 paid, $15,773 of principal');
    // The form's own arithmetic: what disagrees, and why.
    expect(card).toHaveTextContent('These figures disagree with each other');
    expect(card).toHaveTextContent('Disagree' + 'The APR of these payments lies between 3.625% and 5.188%; the form says 9.274%.');
    expect(card).toHaveTextContent('1 check agrees');
    const rows = within(within(card).getByRole('table', { name: 'Closing Cost Details, sections A to H' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'SectionLineAmountWhose chargeIn lender fees used',
      'A0.25 % of Loan Amount (Points)$405Lender feeCounted',
      'BAppraisal Fee$405Lender feeNo',
      'CTitle – Title Search$1,261Not a lender feeNo',
      'FPrepaid Interest ( $17.44 per day for 15 days @ 3.875 %)$262Taxes, prepaids, escrowNo',
    ]);
    expect(card).toHaveTextContent('Lender fees used for the quote: $1,319 — section A, plus the lines the table above marks as counted');
    const apr = within(card).getByRole('region', { name: 'APR' });
    expect(apr).toHaveTextContent("Lender's APR (page 3)4.274%");
    expect(apr).toHaveTextContent('Our APR for the same loan4.012%');
    expect(apr).toHaveTextContent('prepaid interest: Prepaid Interest ( $17.44 per day for 15 days @ 3.875 %) $262');
    expect(apr).toHaveTextContent('With them added, our APR is 4.101%.');
    expect(card).not.toHaveTextContent('Read from a picture.');
  });

  it('warns that a photo was read with OCR and may be misread', async () => {
    openRequest({ ...review, loanEstimate: { ...review.loanEstimate!, pleaseCheck: ['interestRate', 'lenderFees'], readByOcr: true } });
    const card = await panel();
    expect(await within(card).findByText('Read from a picture.')).toBeInTheDocument();
    expect(card).toHaveTextContent('Compare the figures and lines with the file before relying on them.');
  });

  it('says so when the file is no Loan Estimate it could read', async () => {
    openRequest({ ...review, loanEstimate: null, lines: [], aprDifference: [], lenderFeesUsed: null, lenderApr: null, computedApr: null, computedAprWithDifference: null });
    const card = await panel();
    expect(await within(card).findByText('This file is not a Loan Estimate we could read. Download it to read it yourself.')).toBeInTheDocument();
  });
});
