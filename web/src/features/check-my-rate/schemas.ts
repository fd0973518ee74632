import { z } from 'zod';
import { optionalFigure } from '@/lib/form';
import { feesCheck, insuranceCheck, pointsCheck, rateCheck } from '@/lib/limits';

export const MAX_QUESTIONS = 10;
export const MAX_QUESTION_LENGTH = 2000;

export const RATE_REQUIRED = 'Please enter your interest rate';
// Issue 29: up to three more quotes, each a rate or an uploaded Loan Estimate (the server's words).
export const MAX_MORE_QUOTES = 3;
export const MAX_LENDER_NAME = 100;
export const QUOTE_NEEDS_RATE = 'Please enter the interest rate or upload the Loan Estimate';
export const LENDER_NAME_TOO_LONG = `Lender name must be at most ${MAX_LENDER_NAME} characters`;
export const FEES_REQUIRED = 'Please enter your total lender fees (enter 0 if there are none)';

// Each figure in the server's range, with its words (issue 25: never clamped).
const rate = () => optionalFigure(rateCheck('Interest rate'));
const lenderFees = () => optionalFigure(feesCheck('Lender fees'));
const mortgageInsurance = () => optionalFigure(insuranceCheck('Mortgage insurance'));

const quoteFields = z.object({
  rate: rate(),
  lenderFees: lenderFees(),
  mortgageInsurance: mortgageInsurance(),
  questions: z
    .array(z.object({ text: z.string().max(MAX_QUESTION_LENGTH, `Please keep each question under ${MAX_QUESTION_LENGTH} characters`) }))
    .max(MAX_QUESTIONS),
  lenderName: z.string().trim().max(MAX_LENDER_NAME, LENDER_NAME_TOO_LONG),
  moreQuotes: z
    .array(
      z.object({
        lenderName: z.string().trim().max(MAX_LENDER_NAME, LENDER_NAME_TOO_LONG),
        rate: rate(),
        points: optionalFigure(pointsCheck),
        lenderFees: lenderFees(),
        mortgageInsurance: mortgageInsurance(),
      }),
    )
    .max(MAX_MORE_QUOTES),
  /** Months the loan will be kept, as text; '' is "Not sure". */
  horizon: z.string(),
});

/**
 * Spec section 5: the quote page needs a rate and a lender fee (0 allowed) or an
 * uploaded file. A file alone is enough, whatever was or was not read from it
 * (issue 14, defect 13): the broker reads the file, and any figure typed or read
 * beside it travels with it.
 */
export function quoteDetailsFormSchema({ hasUpload, moreUploads = [] }: { hasUpload: boolean; moreUploads?: boolean[] }) {
  return quoteFields.superRefine((quote, ctx) => {
    quote.moreQuotes.forEach((more, i) => {
      if (more.rate === null && !moreUploads[i]) ctx.addIssue({ code: 'custom', path: ['moreQuotes', i, 'rate'], message: QUOTE_NEEDS_RATE });
    });
    if (hasUpload) return;
    if (quote.rate === null) ctx.addIssue({ code: 'custom', path: ['rate'], message: RATE_REQUIRED });
    if (quote.lenderFees === null) ctx.addIssue({ code: 'custom', path: ['lenderFees'], message: FEES_REQUIRED });
  });
}

export type QuoteDetailsFormInput = z.input<typeof quoteFields>;
export type QuoteDetailsFormOutput = z.output<typeof quoteFields>;
