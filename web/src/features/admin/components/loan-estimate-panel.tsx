import { useQuery } from '@tanstack/react-query';
import { TitledCard } from '@/components/card';
import { LoanEstimateChecks } from '@/components/loan-estimate-checks';
import type { Schema } from '@/lib/api-client';
import { formatMoney, formatRate } from '@/lib/format';
import { loanEstimateReviewQuery } from '../api/quote-requests';
import { Facts } from './facts';
import { QueryAnswer } from './query-list';
import { TitledSection } from '@/components/titled-section';

type Review = Schema<'LoanEstimateReview'>;
type Fields = Schema<'LoanEstimateFields'>;
type Line = Schema<'ClassifiedLine'>;

const KINDS: Record<Line['kind'], string> = {
  lender: 'Lender fee',
  'third-party': 'Not a lender fee',
  other: 'Taxes, prepaids, escrow',
};

const money = (v: number | null) => (v === null ? 'Not found' : formatMoney(v));
const rate = (v: number | null) => (v === null ? 'Not found' : formatRate(v));

/**
 * Beside the uploaded file: everything the server read from the Loan Estimate, each
 * line of sections A-H classified by spec section 9, the lender fees the quote form
 * takes from it (docs/loan-estimate.md), and the lender's APR next to ours.
 */
export function LoanEstimatePanel({ requestId }: { requestId: string }) {
  const review = useQuery(loanEstimateReviewQuery(requestId));
  return (
    <TitledCard id="loan-estimate-title" title="Loan Estimate read from the uploaded file">
      <QueryAnswer query={review} loading="Reading the uploaded file…">
        {(data) => <ReviewBody review={data} />}
      </QueryAnswer>
    </TitledCard>
  );
}

function ReviewBody({ review }: { review: Review }) {
  const le = review.loanEstimate;
  if (!le) {
    return <p className="text-slate-700">This file is not a Loan Estimate we could read. Download it to read it yourself.</p>;
  }
  return (
    <div className="space-y-6">
      <Facts items={facts(le)} />
      {le.readByOcr && (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <strong>Read from a picture.</strong> This file is a photo, screenshot or scan, read with OCR: a digit or a word may be
          misread. Compare the figures and lines with the file before relying on them.
        </p>
      )}
      <LoanEstimateChecks checks={le.checks} headingLevel={3} />
      <LinesTable lines={review.lines} />
      <p className="text-sm text-slate-900">
        <strong>Lender fees used for the quote: {money(review.lenderFeesUsed)}</strong> — section A, plus the lines the table above marks as counted,
        less lender credits. The appraisal and title fees are left out: our figures add their own.
      </p>
      <AprComparison review={review} />
    </div>
  );
}

function facts(le: Fields): [string, string][] {
  const term = le.loanTerm === null ? 'Not found' : le.loanTerm % 12 === 0 ? `${le.loanTerm / 12} years` : `${le.loanTerm} months`;
  return [
    ['Lender', le.lenderName ?? 'Not found'],
    ['Loan amount', money(le.loanAmount)],
    ['Interest rate', rate(le.interestRate)],
    ['Loan term', term],
    ['Origination charges (A)', money(le.originationCharges)],
    ['Points', money(le.points)],
    ['Lender credits', le.lenderCredits === null ? 'Not found' : `−${formatMoney(le.lenderCredits)}`],
    ['Monthly mortgage insurance', money(le.mortgageInsurance)],
    ['Total closing costs (J)', money(le.closingCosts)],
    ['Estimated cash to close', money(le.cashToClose)],
    ['APR', rate(le.apr)],
    ['Total interest percentage', rate(le.totalInterestPercentage)],
    [
      'In 5 years',
      le.inFiveYears ? `${formatMoney(le.inFiveYears.totalPaid)} paid, ${formatMoney(le.inFiveYears.principalPaid)} of principal` : 'Not found',
    ],
    ['Rate locked until', le.rateLockUntil ?? 'Not locked or not found'],
    ['Prepayment penalty', le.prepaymentPenalty === null ? 'Not found' : le.prepaymentPenalty ? 'Yes' : 'No'],
  ];
}

function LinesTable({ lines }: { lines: Line[] }) {
  if (lines.length === 0) return <p className="text-sm text-slate-700">No closing cost lines were read.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-semibold text-slate-900">Closing Cost Details, sections A to H</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-1 pr-3">
              Section
            </th>
            <th scope="col" className="py-1 pr-3">
              Line
            </th>
            <th scope="col" className="py-1 pr-3 text-right">
              Amount
            </th>
            <th scope="col" className="py-1 pr-3">
              Whose charge
            </th>
            <th scope="col" className="py-1">
              In lender fees used
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, i) => (
            <tr key={i} className="border-b border-slate-100">
              <td className="py-1 pr-3">{line.section}</td>
              <td className="py-1 pr-3">{line.label}</td>
              <td className="py-1 pr-3 text-right">{formatMoney(line.amount)}</td>
              <td className="py-1 pr-3">{KINDS[line.kind]}</td>
              <td className="py-1">{line.inLenderFees ? 'Counted' : 'No'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AprComparison({ review }: { review: Review }) {
  return (
    <TitledSection id="apr-title" level={3} title="APR" className="rounded-lg bg-slate-50 p-4" headingClassName="font-semibold text-slate-900">
      <Facts
        items={[
          ["Lender's APR (page 3)", rate(review.lenderApr)],
          ['Our APR for the same loan', rate(review.computedApr)],
        ]}
      />
      {review.aprDifference.length > 0 ? (
        <>
          <p className="mt-3 text-sm text-slate-800">
            Our APR counts the lender fees used. The difference comes from these charges, which the lender's APR counts too:
          </p>
          <ul className="mt-1 list-disc pl-5 text-sm text-slate-800">
            {review.aprDifference.map((c, i) => (
              <li key={i}>
                {c.reason}: {c.label} {formatMoney(c.amount)}
              </li>
            ))}
          </ul>
          {review.computedAprWithDifference !== null && (
            <p className="mt-1 text-sm text-slate-800">With them added, our APR is {formatRate(review.computedAprWithDifference)}.</p>
          )}
        </>
      ) : (
        <p className="mt-3 text-sm text-slate-800">No prepaid interest, mortgage insurance premium or other finance charge was read outside section A.</p>
      )}
      <p className="mt-1 text-sm text-slate-600">
        Our APR counts the monthly mortgage insurance until the balance reaches 78% of the property value, as for every quote; a lender that counts it longer or shorter, or adds an up-front premium, differs by that.
      </p>
    </TitledSection>
  );
}
