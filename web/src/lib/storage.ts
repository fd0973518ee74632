// Every key the web app keeps in the browser's storage, in one place: the only
// module that names them. All live in localStorage under the prefix 'qg.', as JSON;
// none is a secret. Values are checked on the way out (zod): storage written by an
// older version of the site, or edited by hand, reads as "nothing saved" instead of
// crashing a page. Who writes and who reads each key is listed at `storage` below.
import { z } from 'zod';
import { requestIdSlot, signedInHint, slot } from './storage-slot';

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
  // A Loan Estimate sent as pictures, one a page (issue 28 §3): the pictures after the
  // first (key), which the server keeps and reads with it.
  pages: z.array(z.object({ key: z.string(), fileName: z.string(), fileSize: z.number().optional() })).optional(),
});

// Issue 29: the second to fourth quotes typed or uploaded on Check My Rate.
const moreQuotesSchema = z.array(
  z.object({
    lenderName: z.string().nullable(),
    rate: z.number().nullable(),
    points: z.number().nullable(),
    lenderFees: z.number().nullable(),
    mortgageInsurance: z.number().nullable(),
    upload: uploadedQuoteSchema.nullable(),
  }),
);

// The first quote's lender, named when quotes are compared.
const comparingSchema = z.object({
  firstLenderName: z.string().nullable(),
  // null: not sure how long the loan will be kept.
  horizonMonths: z.number().nullable(),
});

export type LoanInfo = z.infer<typeof loanInfoSchema>;
export type MoreQuote = z.infer<typeof moreQuotesSchema>[number];
export type Comparing = z.infer<typeof comparingSchema>;
export type QuoteDetails = z.infer<typeof quoteDetailsSchema>;
export type RefiBuddyData = z.infer<typeof refiBuddySchema>;
export type UploadedQuote = z.infer<typeof uploadedQuoteSchema>;

/** A slot whose stored value is checked by a zod schema. */
function checkedSlot<T>(key: string, schema: z.ZodType<T>) {
  return slot(key, (value) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : null;
  });
}

/**
 * The keys, with the pages that write and read them. Each is a slot with get/set/clear.
 */
export const storage = {
  /**
   * qg.requestId: the visitor's quote request. Written by the wizard, Check My Rate and the results page; read by /quote-start (to offer it again) and the results' not-found page; cleared by the results' "start again" actions.
   * Defined in storage-slot.ts without zod: /quote-start reads it before its first paint (the script budget, decision 0026).
   */
  requestId: requestIdSlot,
  /** qg.uploadedQuote: the quote file uploaded on Check My Rate; sent with the wizard's submission, then cleared. */
  uploadedQuote: checkedSlot('qg.uploadedQuote', uploadedQuoteSchema),
  /** qg.quoteDetails: the rate and fees typed on Check My Rate; read by the wizard (its steps and its submission), then cleared. */
  quoteDetails: checkedSlot('qg.quoteDetails', quoteDetailsSchema),
  /** qg.moreQuotes: the second to fourth quotes on Check My Rate (issue 29); sent with the wizard's submission, then cleared. */
  moreQuotes: checkedSlot('qg.moreQuotes', moreQuotesSchema),
  /** qg.comparing: the first quote's lender name and how long the loan will be kept, when quotes are compared; sent and cleared with them. */
  comparing: checkedSlot('qg.comparing', comparingSchema),
  /** qg.questions: the visitor's questions for the broker, asked on Check My Rate; sent with the wizard's submission, then cleared. */
  questions: checkedSlot('qg.questions', z.array(z.string())),
  /** qg.loanInfo: the wizard's answers so far, so a reload or Back keeps them; cleared once submitted. */
  loanInfo: checkedSlot('qg.loanInfo', loanInfoSchema),
  /** qg.refiBuddy: the Refi Buddy page's mortgage, e-mail and intent; prefills the wizard's Refi Buddy steps, which also update it; cleared once submitted. */
  refiBuddy: checkedSlot('qg.refiBuddy', refiBuddySchema),
  /**
   * qg.signedIn: set once this browser has signed in (lib/auth), so visitors' pages only ask
   * for a token (to name the viewer of an analysis) where a session may exist. A hint,
   * not a secret: the session itself is the HttpOnly cookie. Stored as 1. Defined in
   * storage-slot.ts, which needs no zod: every page signs its API calls through lib/auth, and
   * the home page must not load the schema library (the script budget, decision 0015).
   */
  signedIn: signedInHint,
};
