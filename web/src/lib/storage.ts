// Everything the visitor's answers leave in the browser, under keys prefixed 'qg.'.
// Values are checked on the way out: storage written by an older version of the
// site, or edited by hand, reads as "nothing saved" instead of crashing a page.
import { z } from 'zod';

const loanInfoSchema = z
  .object({
    loanType: z.enum(['purchase', 'refinance']),
    isFirstHome: z.boolean(),
    propertyType: z.enum(['primary', 'second', 'investment']),
    propertyStyle: z.enum(['single', 'townhouse', 'duplex', 'condo', 'manufactured']),
    militaryService: z.boolean(),
    zipCode: z.string(),
    purchasePrice: z.number(),
    downPayment: z.number(),
    downPaymentPercent: z.number(),
    creditScore: z.number(),
    propertyValue: z.number(),
    remainingBalance: z.number(),
    cashOut: z.boolean(),
    cashOutAmount: z.number(),
    // The wizard's 'Bonus Question' answer travels with the loan info.
    keystoneConsideration: z.enum(['open', 'skip']),
  })
  .partial();

// A rate or fees may be missing only beside an uploaded file (the file is the quote).
const quoteDetailsSchema = z.object({
  rate: z.number().nullable(),
  lenderFees: z.number().nullable(),
  titleFees: z.number().nullable(),
  mortgageInsurance: z.number().nullable(),
});

const refiBuddySchema = z
  .object({
    currentMortgage: z
      .object({
        rate: z.number(),
        loanProgram: z.enum(['30-year-fixed', '15-year-fixed', '5-1-arm']),
        monthlyPayment: z.number(),
        mortgageInsurance: z.number().nullable(),
      })
      .partial(),
    nationalAverageRate: z.number().nullable(),
    intent: z.enum(['refinance_now', 'get_notified']),
    email: z.string(),
    timestamp: z.number(),
  })
  .partial();

const uploadedQuoteSchema = z.object({
  key: z.string(),
  fileName: z.string(),
  fileType: z.string(),
  uploadedAt: z.string(),
  // Beyond the spec's four fields: so the file's size still shows after a reload.
  fileSize: z.number().optional(),
});

export type LoanInfo = z.infer<typeof loanInfoSchema>;
export type QuoteDetails = z.infer<typeof quoteDetailsSchema>;
export type RefiBuddyData = z.infer<typeof refiBuddySchema>;
export type UploadedQuote = z.infer<typeof uploadedQuoteSchema>;

function slot<T>(key: string, schema: z.ZodType<T>) {
  return {
    key,
    get(): T | null {
      try {
        const raw = window.localStorage.getItem(key);
        if (raw === null) return null;
        const parsed = schema.safeParse(JSON.parse(raw));
        return parsed.success ? parsed.data : null;
      } catch {
        return null; // storage disabled (private mode) or not JSON
      }
    },
    set(value: T): void {
      try {
        window.localStorage.setItem(key, JSON.stringify(value));
      } catch {
        // A full or disabled storage only costs the visitor their saved answers.
      }
    },
    clear(): void {
      try {
        window.localStorage.removeItem(key);
      } catch {
        // see set()
      }
    },
  };
}

export const storage = {
  requestId: slot('qg.requestId', z.string().min(1)),
  uploadedQuote: slot('qg.uploadedQuote', uploadedQuoteSchema),
  quoteDetails: slot('qg.quoteDetails', quoteDetailsSchema),
  questions: slot('qg.questions', z.array(z.string())),
  loanInfo: slot('qg.loanInfo', loanInfoSchema),
  refiBuddy: slot('qg.refiBuddy', refiBuddySchema),
};
