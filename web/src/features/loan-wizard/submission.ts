// Turns the wizard's answers and what the quote page saved into the submit payload
// (spec section 3, "Quote request submit payload").
import type { Schema } from '@/lib/api-client';
import { PRODUCT_STATE } from '@/lib/constants';
import type { Comparing, MoreQuote, QuoteDetails, UploadedQuote } from '@/lib/storage';
import { effectiveLoanType, hasRefiIntent, type StepId, type WizardContext } from './steps';

type QuoteRequestSubmission = Schema<'QuoteRequestSubmission'>;

type Saved = {
  quoteDetails: QuoteDetails | null;
  questions: string[] | null;
  uploadedQuote: UploadedQuote | null;
  /** Issue 29: the second to fourth quotes and how long the loan will be kept. */
  moreQuotes?: MoreQuote[] | null;
  comparing?: Comparing | null;
};

type QuoteSubmission = Schema<'QuoteSubmission'>;

/**
 * With more than one quote, all go in `quotes` (the first included) and the
 * spec's single-quote fields stay empty, as the server asks; with one, the
 * single-quote fields carry it as before.
 */
function quotesOf(saved: Saved): QuoteSubmission[] | null {
  const more = saved.moreQuotes ?? [];
  if (more.length === 0) return null;
  const quote = saved.quoteDetails;
  const first: QuoteSubmission = {
    lenderName: saved.comparing?.firstLenderName ?? null,
    rate: quote?.rate ?? null,
    points: null,
    lenderFees: quote?.lenderFees ?? null,
    mortgageInsurance: quote?.mortgageInsurance ?? null,
    uploadedFileUrl: saved.uploadedQuote?.key ?? null,
  };
  return [
    first,
    ...more.map((q) => ({
      lenderName: q.lenderName,
      rate: q.rate,
      points: q.points,
      lenderFees: q.lenderFees,
      mortgageInsurance: q.mortgageInsurance,
      uploadedFileUrl: q.upload?.key ?? null,
    })),
  ];
}

export function buildSubmission(ctx: WizardContext, saved: Saved): QuoteRequestSubmission {
  const { answers, refi } = ctx;
  const loanType = effectiveLoanType(ctx) ?? 'purchase';
  const purchase = loanType === 'purchase';
  const refinance = loanType === 'refinance';
  const withIntent = hasRefiIntent(ctx);
  const quote = saved.quoteDetails;
  const questions = (saved.questions ?? []).map((question) => question.trim()).filter(Boolean);
  const quotes = quotesOf(saved);
  const single = quotes === null;

  return {
    loanType,
    isFirstHome: purchase ? (answers.isFirstHome ?? null) : null,
    propertyType: answers.propertyType ?? 'primary',
    propertyStyle: answers.propertyStyle ?? 'single',
    militaryService: answers.militaryService ?? null,
    zipCode: answers.zipCode ?? '',
    creditScore: answers.creditScore ?? null,
    state: PRODUCT_STATE,
    interestRate: quote?.rate ?? null,
    purchasePrice: purchase ? (answers.purchasePrice ?? null) : null,
    downPayment: purchase ? (answers.downPayment ?? null) : null,
    downPaymentPercent: purchase ? (answers.downPaymentPercent ?? null) : null,
    propertyValue: refinance ? (answers.propertyValue ?? null) : null,
    remainingBalance: refinance ? (answers.remainingBalance ?? null) : null,
    cashOut: refinance ? (answers.cashOut ?? false) : null,
    cashOutAmount: refinance && answers.cashOut ? (answers.cashOutAmount ?? null) : null,
    // The key the upload was stored under: the server attaches that file to the request.
    uploadedFileUrl: single ? (saved.uploadedQuote?.key ?? null) : null,
    questions: questions.length > 0 ? questions : null,
    brokerRate: single ? (quote?.rate ?? null) : null,
    brokerLenderFees: single ? (quote?.lenderFees ?? null) : null,
    brokerMortgageInsurance: single ? (quote?.mortgageInsurance ?? null) : null,
    quotes,
    horizonMonths: single ? null : (saved.comparing?.horizonMonths ?? null),
    refi_intent: withIntent ? (refi?.intent ?? null) : null,
    email: withIntent && refi?.email ? refi.email : null,
    current_mortgage_rate: withIntent ? (refi?.currentMortgage?.rate ?? null) : null,
    current_mortgage_program: withIntent ? (refi?.currentMortgage?.loanProgram ?? null) : null,
    current_monthly_payment: withIntent ? (refi?.currentMortgage?.monthlyPayment ?? null) : null,
    current_mortgage_insurance: withIntent ? (refi?.currentMortgage?.mortgageInsurance ?? null) : null,
    keystone_consideration: answers.keystoneConsideration ?? null,
  };
}

/** Which step answers a field the server refused, so its message shows beside that answer. */
export const FIELD_STEPS: Record<string, StepId> = {
  loanType: 'loanType',
  isFirstHome: 'firstHome',
  purchasePrice: 'purchasePrice',
  downPayment: 'purchasePrice',
  downPaymentPercent: 'purchasePrice',
  propertyValue: 'propertyValue',
  remainingBalance: 'remainingBalance',
  cashOut: 'cashOut',
  cashOutAmount: 'cashOutAmount',
  propertyType: 'propertyType',
  propertyStyle: 'propertyStyle',
  militaryService: 'militaryService',
  zipCode: 'zipCode',
  creditScore: 'creditScore',
  email: 'email',
  current_mortgage_rate: 'currentMortgage',
  current_mortgage_program: 'currentMortgage',
  current_monthly_payment: 'currentMortgage',
  current_mortgage_insurance: 'currentMortgage',
  keystone_consideration: 'keystone',
};
