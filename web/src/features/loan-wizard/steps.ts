// The wizard's steps and the rules that filter them (spec section 4).
import type { LoanInfo, RefiBuddyData } from '@/lib/storage';

export type StepId =
  | 'loanType'
  | 'currentMortgage'
  | 'email'
  | 'propertyValue'
  | 'remainingBalance'
  | 'cashOut'
  | 'cashOutAmount'
  | 'firstHome'
  | 'purchasePrice'
  | 'propertyType'
  | 'propertyStyle'
  | 'militaryService'
  | 'zipCode'
  | 'creditScore'
  | 'keystone';

/** What the wizard knows: the visitor's answers and what Refi Buddy left in the browser. */
export type WizardContext = { answers: LoanInfo; refi: RefiBuddyData | null };

type StepDefinition = {
  id: StepId;
  /** The short name used on the review page. */
  label: string;
  visible: (ctx: WizardContext) => boolean;
  answered: (ctx: WizardContext) => boolean;
};

/** A visitor who came from Refi Buddy is refinancing; the loan-type question is skipped. */
export function hasRefiIntent(ctx: WizardContext): boolean {
  return Boolean(ctx.refi?.intent);
}

export function effectiveLoanType(ctx: WizardContext): LoanInfo['loanType'] {
  return hasRefiIntent(ctx) ? 'refinance' : ctx.answers.loanType;
}

const isRefinance = (ctx: WizardContext) => effectiveLoanType(ctx) === 'refinance';
const isPurchase = (ctx: WizardContext) => effectiveLoanType(ctx) === 'purchase';
const always = () => true;
const has = (value: unknown) => value !== undefined && value !== null && value !== '';

const STEPS: StepDefinition[] = [
  // 1. Loan type.
  { id: 'loanType', label: 'Loan type', visible: (ctx) => !hasRefiIntent(ctx), answered: (ctx) => has(ctx.answers.loanType) },
  // 5. Refi Buddy: the current mortgage, then an email prompt that may be skipped (an empty string).
  {
    id: 'currentMortgage',
    label: 'Current mortgage',
    visible: hasRefiIntent,
    answered: ({ refi }) => has(refi?.currentMortgage?.rate) && has(refi?.currentMortgage?.loanProgram) && has(refi?.currentMortgage?.monthlyPayment),
  },
  { id: 'email', label: 'Email for rate alerts', visible: hasRefiIntent, answered: ({ refi }) => refi?.email !== undefined },
  // 2. Refinance.
  { id: 'propertyValue', label: 'Property value', visible: isRefinance, answered: (ctx) => has(ctx.answers.propertyValue) },
  { id: 'remainingBalance', label: 'Remaining balance', visible: isRefinance, answered: (ctx) => has(ctx.answers.remainingBalance) },
  { id: 'cashOut', label: 'Cash out', visible: isRefinance, answered: (ctx) => has(ctx.answers.cashOut) },
  {
    id: 'cashOutAmount',
    label: 'Cash-out amount',
    visible: (ctx) => isRefinance(ctx) && ctx.answers.cashOut === true,
    answered: (ctx) => has(ctx.answers.cashOutAmount),
  },
  // 3. Purchase.
  { id: 'firstHome', label: 'First home', visible: isPurchase, answered: (ctx) => has(ctx.answers.isFirstHome) },
  {
    id: 'purchasePrice',
    label: 'Purchase price and down payment',
    visible: isPurchase,
    answered: (ctx) => has(ctx.answers.purchasePrice) && has(ctx.answers.downPayment),
  },
  // 4. Shared.
  { id: 'propertyType', label: 'Property use', visible: always, answered: (ctx) => has(ctx.answers.propertyType) },
  { id: 'propertyStyle', label: 'Home type', visible: always, answered: (ctx) => has(ctx.answers.propertyStyle) },
  { id: 'militaryService', label: 'Military service', visible: always, answered: (ctx) => has(ctx.answers.militaryService) },
  { id: 'zipCode', label: 'Zip code', visible: always, answered: (ctx) => has(ctx.answers.zipCode) },
  { id: 'creditScore', label: 'Credit score', visible: always, answered: (ctx) => has(ctx.answers.creditScore) },
  // 6. The bonus question, then the review page.
  { id: 'keystone', label: 'Preferred lender', visible: always, answered: (ctx) => has(ctx.answers.keystoneConsideration) },
];

export function visibleSteps(ctx: WizardContext): StepDefinition[] {
  return STEPS.filter((step) => step.visible(ctx));
}

/**
 * How many questions the visitor's answers lead to. Until the loan type (and,
 * for a refinance, the cash-out answer) is known the total can still change, so
 * it is an estimate along the shorter path, said as "about" (issue 14, defect 8).
 */
export function questionCount(ctx: WizardContext): { total: number; exact: boolean } {
  const loanType = effectiveLoanType(ctx);
  if (loanType === undefined) {
    return { total: visibleSteps({ ...ctx, answers: { ...ctx.answers, loanType: 'purchase' } }).length, exact: false };
  }
  if (loanType === 'refinance' && ctx.answers.cashOut == null) {
    return { total: visibleSteps({ ...ctx, answers: { ...ctx.answers, cashOut: false } }).length, exact: false };
  }
  return { total: visibleSteps(ctx).length, exact: true };
}

export function visibleStepIds(ctx: WizardContext): StepId[] {
  return visibleSteps(ctx).map((step) => step.id);
}

export function stepLabel(id: StepId): string {
  return STEPS.find((step) => step.id === id)!.label;
}

/** The first question still unanswered, or null when the review page can be shown. */
export function firstUnansweredStep(ctx: WizardContext): StepId | null {
  return visibleSteps(ctx).find((step) => !step.answered(ctx))?.id ?? null;
}

export function nextStep(ctx: WizardContext, current: StepId): StepId | null {
  const ids = visibleStepIds(ctx);
  const index = ids.indexOf(current);
  return index === -1 ? firstUnansweredStep(ctx) : (ids[index + 1] ?? null);
}

export function previousStep(ctx: WizardContext, current: StepId): StepId | null {
  const ids = visibleStepIds(ctx);
  const index = ids.indexOf(current);
  return index > 0 ? ids[index - 1] : null;
}
