// The homeowner's current mortgage, asked on the Refi Buddy page and in the
// wizard's Refi Buddy step: one schema and one set of form defaults for both.
import { z } from 'zod';
import type { Schema } from './api-client';
import { numberToInput, optionalFigure, requiredFigure } from './form';
import { amountCheck, insuranceCheck, rateCheck } from './limits';
import type { RefiBuddyData } from './storage';
import { typedAmountBeforeReady, typedBeforeReady } from './typed-before-ready';

type LoanProgram = Schema<'LoanProgram'>;

export const currentMortgageSchema = z.object({
  // The server's ranges and words (issue 25: refused with a message, not clamped).
  rate: requiredFigure('Current rate is required', rateCheck('Current rate')),
  loanProgram: z.union([z.enum(['30-year-fixed', '15-year-fixed', '5-1-arm']), z.literal('')]).refine((v) => v !== '', 'Loan program is required'),
  monthlyPayment: requiredFigure('Monthly payment is required', amountCheck('Monthly payment')),
  mortgageInsurance: optionalFigure(insuranceCheck('Mortgage insurance')),
});

export type CurrentMortgage = { rate: number; loanProgram: LoanProgram; monthlyPayment: number; mortgageInsurance: number | null };

/** Form text for a saved mortgage (inputs hold strings). */
export function currentMortgageDefaults(saved: RefiBuddyData['currentMortgage'] | undefined) {
  // What was typed into the prerendered Refi Buddy form before its code arrived comes first.
  return {
    rate: typedBeforeReady('rate') || numberToInput(saved?.rate),
    loanProgram: (typedBeforeReady('loanProgram') || (saved?.loanProgram ?? '')) as LoanProgram | '',
    monthlyPayment: typedAmountBeforeReady('monthlyPayment') || numberToInput(saved?.monthlyPayment),
    mortgageInsurance: typedAmountBeforeReady('mortgageInsurance') || numberToInput(saved?.mortgageInsurance),
  };
}
