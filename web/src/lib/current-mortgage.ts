// The homeowner's current mortgage, asked on the Refi Buddy page and in the
// wizard's Refi Buddy step: one schema and one set of form defaults for both.
import { z } from 'zod';
import type { Schema } from './api-client';
import { numberToInput, optionalNumber, requiredNumber } from './form';
import type { RefiBuddyData } from './storage';
import { typedBeforeReady } from './typed-before-ready';

type LoanProgram = Schema<'LoanProgram'>;

export const currentMortgageSchema = z.object({
  rate: requiredNumber('Current rate is required').refine((v) => v >= 0 && v <= 100, 'Rate must be between 0 and 100'),
  loanProgram: z.union([z.enum(['30-year-fixed', '15-year-fixed', '5-1-arm']), z.literal('')]).refine((v) => v !== '', 'Loan program is required'),
  monthlyPayment: requiredNumber('Monthly payment is required').refine((v) => v >= 0, 'Please enter an amount of 0 or more'),
  mortgageInsurance: optionalNumber().refine((v) => v === null || v >= 0, 'Please enter an amount of 0 or more'),
});

export type CurrentMortgage = { rate: number; loanProgram: LoanProgram; monthlyPayment: number; mortgageInsurance: number | null };

/** Form text for a saved mortgage (inputs hold strings). */
export function currentMortgageDefaults(saved: RefiBuddyData['currentMortgage'] | undefined) {
  // What was typed into the prerendered Refi Buddy form before its code arrived comes first.
  return {
    rate: typedBeforeReady('rate') || numberToInput(saved?.rate),
    loanProgram: (typedBeforeReady('loanProgram') || (saved?.loanProgram ?? '')) as LoanProgram | '',
    monthlyPayment: typedBeforeReady('monthlyPayment') || numberToInput(saved?.monthlyPayment),
    mortgageInsurance: typedBeforeReady('mortgageInsurance') || numberToInput(saved?.mortgageInsurance),
  };
}
