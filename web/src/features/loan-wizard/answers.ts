// How each answer reads on the review page.
import { LOAN_PROGRAMS } from '@/lib/constants';
import { formatMoney, formatPercent, formatRate } from '@/lib/format';
import { effectiveLoanType, type StepId, type WizardContext } from './steps';

export const LOAN_TYPE_OPTIONS = [
  { value: 'purchase', label: 'Buying a home' },
  { value: 'refinance', label: 'Refinancing' },
] as const;

export const PROPERTY_TYPE_OPTIONS = [
  { value: 'primary', label: 'Primary residence', description: 'The home you live in' },
  { value: 'second', label: 'Second home', description: 'A vacation or part-time home' },
  { value: 'investment', label: 'Investment property', description: 'A home you rent out' },
] as const;

export const PROPERTY_STYLE_OPTIONS = [
  { value: 'single', label: 'Single-family home' },
  { value: 'townhouse', label: 'Townhouse' },
  { value: 'duplex', label: 'Duplex' },
  { value: 'condo', label: 'Condo' },
  { value: 'manufactured', label: 'Manufactured home' },
] as const;

export const KEYSTONE_OPTIONS = [
  { value: 'open', label: "Yes, I'm open to it", description: 'Show me their offer next to my quote' },
  { value: 'skip', label: 'No thanks', description: 'Just grade my quote' },
] as const;

export const YES_NO_OPTIONS = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
] as const;

const labelOf = (options: readonly { value: unknown; label: string }[], value: unknown) =>
  options.find((option) => option.value === value)?.label ?? '';
const yesNo = (value: boolean | undefined) => (value === undefined ? '' : value ? 'Yes' : 'No');
const money = (value: number | undefined) => (value === undefined ? '' : formatMoney(value));

export function answerText(id: StepId, { answers, refi }: WizardContext): string {
  switch (id) {
    case 'loanType':
      return labelOf(LOAN_TYPE_OPTIONS, effectiveLoanType({ answers, refi }));
    case 'currentMortgage': {
      const mortgage = refi?.currentMortgage;
      if (!mortgage?.rate) return '';
      const parts = [formatRate(mortgage.rate), labelOf(LOAN_PROGRAMS, mortgage.loanProgram), `${money(mortgage.monthlyPayment)}/month`];
      return parts.filter(Boolean).join(', ');
    }
    case 'email':
      return refi?.email || 'Skipped';
    case 'propertyValue':
      return money(answers.propertyValue);
    case 'remainingBalance':
      return money(answers.remainingBalance);
    case 'cashOut':
      return yesNo(answers.cashOut);
    case 'cashOutAmount':
      return money(answers.cashOutAmount);
    case 'firstHome':
      return yesNo(answers.isFirstHome);
    case 'purchasePrice': {
      const percent = answers.downPaymentPercent === undefined ? '' : ` (${formatPercent(answers.downPaymentPercent)})`;
      return `${money(answers.purchasePrice)} price, ${money(answers.downPayment)} down${percent}`;
    }
    case 'propertyType':
      return labelOf(PROPERTY_TYPE_OPTIONS, answers.propertyType);
    case 'propertyStyle':
      return labelOf(PROPERTY_STYLE_OPTIONS, answers.propertyStyle);
    case 'militaryService':
      return yesNo(answers.militaryService);
    case 'zipCode':
      return answers.zipCode ?? '';
    case 'creditScore':
      return answers.creditScore === undefined ? '' : String(answers.creditScore);
    case 'keystone':
      return labelOf(KEYSTONE_OPTIONS, answers.keystoneConsideration);
  }
}

/** The bonus question in words that fit the visitor: only one with a quote has a quote to beat (issue 14, defect 9). */
export function keystoneQuestion(hasQuote: boolean): string {
  return hasQuote
    ? 'If our preferred partner lender can beat your quote, would you be open to hearing their offer?'
    : 'If our preferred partner lender can offer you a better rate than you would find shopping around, would you be open to hearing their offer?';
}
