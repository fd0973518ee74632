// What a Loan Estimate read by the server fills in on the quote form. The server
// reads section A's total (origination charges, which on the form already include
// the points) and the lender credits, and gives lenderFees = origination charges −
// lender credits: exactly the "total lender fees" this page asks for.
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

export type Figure = LoanEstimateFields['found'][number];
type CheckedFigure = LoanEstimateFields['pleaseCheck'][number];

/** The quote form's fields a Loan Estimate can fill. */
export type PrefillField = 'rate' | 'lenderFees' | 'mortgageInsurance';

/** Per field: read from the file (from a picture: 'check'), or looked for and not found. */
export type FieldNotes = Partial<Record<PrefillField, 'read' | 'check' | 'not-found'>>;

export type Prefill = {
  values: Partial<Record<PrefillField, number>>;
  notes: FieldNotes;
  /** Every figure read, in the form's order, with its value as shown; check: read from a picture. */
  found: { figure: Figure; label: string; value: string; check: boolean }[];
  /** Read from a picture (photo, screenshot or scan) rather than a text PDF. */
  fromPicture: boolean;
  notFound: { figure: Figure; label: string }[];
};

export const FIGURE_LABELS: Record<Figure, string> = {
  interestRate: 'Interest rate',
  loanAmount: 'Loan amount',
  originationCharges: 'Origination charges (section A)',
  points: 'Points',
  lenderCredits: 'Lender credits',
  mortgageInsurance: 'Monthly mortgage insurance',
};

const ORDER: Figure[] = ['interestRate', 'loanAmount', 'originationCharges', 'points', 'lenderCredits', 'mortgageInsurance'];

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
    const value = estimate[figure];
    return estimate.found.includes(figure) && value !== null
      ? [{ figure, label: FIGURE_LABELS[figure], value: shown(figure, value), check: check.has(figure) }]
      : [];
  });
  const notFound = ORDER.filter((figure) => estimate.notFound.includes(figure)).map((figure) => ({ figure, label: FIGURE_LABELS[figure] }));
  return { values, notes, found, notFound, fromPicture: check.size > 0 };
}
