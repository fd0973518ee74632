// Turns the wizard's answers and what the quote page saved into the submit payload
// (spec section 3, "Quote request submit payload").
import type { Schema } from '@/lib/api-client';
import { PRODUCT_STATE } from '@/lib/constants';
import type { QuoteDetails, UploadedQuote } from '@/lib/storage';
import { effectiveLoanType, hasRefiIntent, type StepId, type WizardContext } from './steps';

type QuoteRequestSubmission = Schema<'QuoteRequestSubmission'>;

type Saved = { quoteDetails: QuoteDetails | null; questions: string[] | null; uploadedQuote: UploadedQuote | null };

export function buildSubmission(ctx: WizardContext, saved: Saved): QuoteRequestSubmission {
  const { answers, refi } = ctx;
  const loanType = effectiveLoanType(ctx) ?? 'purchase';
  const purchase = loanType === 'purchase';
  const refinance = loanType === 'refinance';
  const withIntent = hasRefiIntent(ctx);
  const quote = saved.quoteDetails;
  const questions = (saved.questions ?? []).map((question) => question.trim()).filter(Boolean);

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
    uploadedFileUrl: saved.uploadedQuote?.key ?? null,
    questions: questions.length > 0 ? questions : null,
    brokerRate: quote?.rate ?? null,
    brokerLenderFees: quote?.lenderFees ?? null,
    brokerMortgageInsurance: quote?.mortgageInsurance ?? null,
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
