import { z } from 'zod';
import { optionalNumber } from '@/lib/form';

export const MAX_QUESTIONS = 10;
export const MAX_QUESTION_LENGTH = 2000;

export const RATE_REQUIRED = 'Please enter your interest rate';
export const FEES_REQUIRED = 'Please enter your total lender fees (enter 0 if there are none)';

const quoteFields = z.object({
  rate: optionalNumber(),
  lenderFees: optionalNumber(),
  mortgageInsurance: optionalNumber(),
  questions: z
    .array(z.object({ text: z.string().max(MAX_QUESTION_LENGTH, `Please keep each question under ${MAX_QUESTION_LENGTH} characters`) }))
    .max(MAX_QUESTIONS),
});

/**
 * Spec section 5: the quote page needs a rate and a lender fee (0 allowed) or an
 * uploaded file. A file alone is enough, whatever was or was not read from it
 * (issue 14, defect 13): the broker reads the file, and any figure typed or read
 * beside it travels with it.
 */
export function quoteDetailsFormSchema({ hasUpload }: { hasUpload: boolean }) {
  return quoteFields.superRefine((quote, ctx) => {
    if (hasUpload) return;
    if (quote.rate === null) ctx.addIssue({ code: 'custom', path: ['rate'], message: RATE_REQUIRED });
    if (quote.lenderFees === null) ctx.addIssue({ code: 'custom', path: ['lenderFees'], message: FEES_REQUIRED });
  });
}

export type QuoteDetailsFormInput = z.input<typeof quoteFields>;
export type QuoteDetailsFormOutput = z.output<typeof quoteFields>;
