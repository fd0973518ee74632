import { z } from 'zod';
import { optionalNumber, requiredNumber } from '@/lib/form';

export const MAX_QUESTIONS = 10;
export const MAX_QUESTION_LENGTH = 2000;

export const RATE_REQUIRED = 'Please enter your interest rate';
export const FEES_REQUIRED = 'Please enter your total lender fees (enter 0 if there are none)';

// Spec section 5: the quote page needs a rate and a lender fee (0 allowed).
export const quoteDetailsFormSchema = z.object({
  rate: requiredNumber(RATE_REQUIRED),
  lenderFees: requiredNumber(FEES_REQUIRED),
  mortgageInsurance: optionalNumber(),
  questions: z
    .array(z.object({ text: z.string().max(MAX_QUESTION_LENGTH, `Please keep each question under ${MAX_QUESTION_LENGTH} characters`) }))
    .max(MAX_QUESTIONS),
});

export type QuoteDetailsFormInput = z.input<typeof quoteDetailsFormSchema>;
export type QuoteDetailsFormOutput = z.output<typeof quoteDetailsFormSchema>;
