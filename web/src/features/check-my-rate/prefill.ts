// What a Loan Estimate read by the server fills in on the quote form. The server
// gives lenderFees = section A's origination charges (which include the points) +
// the lender's own fees in sections B and C but the appraisal − lender credits: exactly
// the "total lender fees" this page asks for (docs/loan-estimate.md).
import type { Schema } from '@/lib/api-client';
import { formatMoney, formatRate } from '@/lib/format';

type LoanEstimateFields = Schema<'LoanEstimateFields'>;

// The notes beside a form field the file filled in, or did not.
export const READ_FROM_FILE = 'Read from your file — please check';
export const NOT_FOUND_IN_FILE = 'Not found in your file — please enter it yourself';
// A figure read from a photo or scan (OCR may misread a digit) carries this
// mark, in words, beside its field and in the summary.
export const PLEASE_CHECK = 'Please check';
export const READ_FROM_PICTURE = 'read from a picture of your Loan Estimate, where a digit may be misread: compare it with your copy';
// A figure of a text PDF that the form's own arithmetic does not confirm.
export const NOT_CONFIRMED_BY_FORM = "read from your file, but the Loan Estimate's own sums do not confirm it: compare it with your copy";

export type Figure = LoanEstimateFields['found'][number];
type CheckedFigure = LoanEstimateFields['pleaseCheck'][number];

/** The quote form's fields a Loan Estimate can fill. */
export type PrefillField = 'rate' | 'lenderFees' | 'mortgageInsurance';

/** Per field: read from the file ('check': read from a picture, or its figures disagree or could not be checked), or looked for and not found. */
export type FieldNotes = Partial<Record<PrefillField, 'read' | 'check' | 'not-found'>>;

export type Prefill = {
  values: Partial<Record<PrefillField, number>>;
  notes: FieldNotes;
  /** Every figure read, in the form's order, with its value as shown; check: marked "please check" by the server. */
  found: { figure: Figure; label: string; value: string; check: boolean }[];
  /** Read from a picture (photo, screenshot or scan) rather than a text PDF. */
  fromPicture: boolean;
  notFound: { figure: Figure; label: string }[];
  /** The rest of the Loan Estimate that was read, as shown. */
  also: { figure: Figure; label: string; value: string }[];
  /** The form's own arithmetic: which figures agree with each other, which do not and why. */
  checks: LoanEstimateFields['checks'];
};

export const FIGURE_LABELS: Record<Figure, string> = {
  interestRate: 'Interest rate',
  loanAmount: 'Loan amount',
  originationCharges: 'Origination charges (section A)',
  points: 'Points',
  lenderCredits: 'Lender credits',
  mortgageInsurance: 'Monthly mortgage insurance',
  lines: 'Closing cost lines',
  closingCosts: 'Total closing costs (J)',
  cashToClose: 'Estimated cash to close',
  apr: 'APR',
  totalInterestPercentage: 'Total interest percentage',
  inFiveYears: 'In 5 years',
  rateLockUntil: 'Rate locked until',
  prepaymentPenalty: 'Prepayment penalty',
  loanTerm: 'Loan term',
  lenderName: 'Lender',
};

/** The figures the form needs: each is shown, or named as not found. */
const ORDER: Figure[] = ['interestRate', 'loanAmount', 'originationCharges', 'points', 'lenderCredits', 'mortgageInsurance'];

/** The rest of the Loan Estimate, shown briefly when read (not asked of the visitor). */
export const ALSO_READ: Figure[] = ['lenderName', 'apr', 'totalInterestPercentage', 'closingCosts', 'cashToClose', 'loanTerm', 'rateLockUntil', 'prepaymentPenalty'];

/** One of ALSO_READ as shown, or null when it was not read. */
export function alsoRead(estimate: LoanEstimateFields, figure: Figure): string | null {
  switch (figure) {
    case 'lenderName':
      return estimate.lenderName;
    case 'apr':
      return estimate.apr === null ? null : formatRate(estimate.apr);
    case 'totalInterestPercentage':
      return estimate.totalInterestPercentage === null ? null : formatRate(estimate.totalInterestPercentage);
    case 'closingCosts':
      return estimate.closingCosts === null ? null : formatMoney(estimate.closingCosts);
    case 'cashToClose':
      return estimate.cashToClose === null ? null : formatMoney(estimate.cashToClose);
    case 'loanTerm':
      return estimate.loanTerm === null ? null : termOf(estimate.loanTerm);
    case 'rateLockUntil':
      return estimate.rateLockUntil;
    case 'prepaymentPenalty':
      return estimate.prepaymentPenalty === null ? null : estimate.prepaymentPenalty ? 'Yes' : 'No';
    default:
      return null;
  }
}

function termOf(months: number): string {
  return months % 12 === 0 ? `${months / 12} years` : `${months} months`;
}

function shown(figure: Figure, value: number): string {
  if (figure === 'interestRate') return formatRate(value);
  if (figure === 'lenderCredits') return `−${formatMoney(value)}`;
  return formatMoney(value);
}

export function prefillFrom(estimate: LoanEstimateFields): Prefill {
  const check = new Set<string>(estimate.pleaseCheck);
  const fieldValues: Record<PrefillField, [number | null, CheckedFigure]> = {
    rate: [estimate.interestRate, 'interestRate'],
    lenderFees: [estimate.lenderFees, 'lenderFees'],
    mortgageInsurance: [estimate.mortgageInsurance, 'mortgageInsurance'],
  };
  const values: Prefill['values'] = {};
  const notes: FieldNotes = {};
  for (const [field, [value, figure]] of Object.entries(fieldValues) as [PrefillField, [number | null, CheckedFigure]][]) {
    if (value === null) {
      notes[field] = 'not-found';
    } else {
      values[field] = value;
      notes[field] = check.has(figure) ? 'check' : 'read';
    }
  }
  const found = ORDER.flatMap((figure) => {
    const value = estimate[figure as keyof LoanEstimateFields];
    return estimate.found.includes(figure) && typeof value === 'number'
      ? [{ figure, label: FIGURE_LABELS[figure], value: shown(figure, value), check: check.has(figure) }]
      : [];
  });
  const also = ALSO_READ.flatMap((figure) => {
    const value = alsoRead(estimate, figure);
    return value === null ? [] : [{ figure, label: FIGURE_LABELS[figure], value }];
  });
  const notFound = ORDER.filter((figure) => estimate.notFound.includes(figure)).map((figure) => ({ figure, label: FIGURE_LABELS[figure] }));
  return { values, notes, found, notFound, also, fromPicture: estimate.readByOcr, checks: estimate.checks };
}
