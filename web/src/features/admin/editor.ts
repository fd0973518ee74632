// The analysis editor's rules (spec sections 4 and 5, "Admin analysis"): its
// form values, their validation in the spec's words, and the two things the
// values become: the submission and the preview's request.
import { z } from 'zod';
import type { Schema } from '@/lib/api-client';
import { numberToInput } from '@/lib/form';
import {
  ImpossibleLoanError,
  interestOver,
  LOAN_TERM_MONTHS,
  loanAmount,
  loanFigures,
  monthlyPrincipalAndInterest,
  mortgageInsuranceMonths,
  requestMortgageInsuranceEstimate,
} from '@/lib/mortgage';

type Analysis = Schema<'Analysis'>;
type AnalysisPreviewSubmission = Schema<'AnalysisPreviewSubmission'>;
type AnalysisSubmission = Schema<'AnalysisSubmission'>;
type BrokerQuoteUpdate = Schema<'BrokerQuoteUpdate'>;
type Grade = NonNullable<Schema<'Analysis'>['grade']>;
type QuoteRequest = Schema<'QuoteRequest'>;
type SiteLender = Schema<'SiteLender'>;

export const GRADES = ['A', 'B', 'C', 'D', 'F'] as const satisfies readonly Grade[];
/** The lender select's options: the partner lenders of the site file (GET /api/site). */
export function lenderOptions(lenders: readonly Pick<SiteLender, 'id' | 'name'>[]) {
  return lenders.map((lender) => ({ value: lender.id, label: lender.name }));
}

export type EditorMode = 'refinance' | 'recommendation';

export const MESSAGES = {
  lender: 'Please select a lender',
  pros: 'Pros are required when analyzing a broker quote',
  cons: 'Cons are required when analyzing a broker quote',
  grade: 'Grade is required when analyzing a broker quote',
  recommendation: 'Overall recommendation is required',
  noBrokerQuote: 'Add a broker rate or upload a quote to enable analysis fields',
  reason: 'Please say why you recommend this quote: it is not the cheapest over 7 years',
  verdictGrade: 'Please grade this quote',
  verdictPros: 'Please give at least one pro of this quote',
  verdictCons: 'Please give at least one con of this quote',
  oneRecommended: 'Please recommend one quote only',
} as const;

/** The horizon a recommendation is judged at: the visitor's, or 7 years when they are not sure (the server's rule). */
export const DEFAULT_HORIZON_MONTHS = 84;
export const horizonMonthsOf = (request: Pick<QuoteRequest, 'horizon_months'>) =>
  request.horizon_months && request.horizon_months > 0 ? request.horizon_months : DEFAULT_HORIZON_MONTHS;

/** A horizon as the server writes it (internal/analysis.HorizonWords): "1 year", "7 years", "30 months". */
export function horizonWords(months: number): string {
  if (months === 12) return '1 year';
  return months % 12 === 0 ? `${months / 12} years` : `${months} months`;
}

/** The server's words (internal/analysis.ReasonMessage) for the visitor's horizon. */
export const reasonMessage = (months: number) => `Please say why you recommend this quote: it is not the cheapest over ${horizonWords(months)}`;

const text = z.object({ text: z.string() });
const numberText = z.string();

const quoteRow = z.object({
  rate: numberText,
  lenderFees: numberText,
  mortgageInsurance: numberText,
  apr: numberText,
  isRecommended: z.boolean(),
});

/** The broker's verdict on one of the visitor's quotes (issue 29); pros and cons one a line. */
const quoteVerdict = z.object({
  grade: z.string(),
  pros: z.string(),
  cons: z.string(),
  recommended: z.boolean(),
});

export const editorSchema = z.object({
  lender: z.string(),
  brokerRate: numberText,
  brokerLenderFees: numberText,
  brokerMortgageInsurance: numberText,
  quotes: z.array(quoteRow),
  pros: z.array(text),
  cons: z.array(text),
  notes: z.array(text),
  recommendation: z.string(),
  grade: z.string(),
  mode: z.enum(['refinance', 'recommendation']),
  /** One answer per question of the request, in order. */
  answers: z.array(z.string()),
  recommendationReason: z.string(),
  /** One per quote the visitor brought, when they brought two to four; empty otherwise. */
  verdicts: z.array(quoteVerdict),
});

export type EditorValues = z.infer<typeof editorSchema>;
export type QuoteRowValues = EditorValues['quotes'][number];

const isNumeric = (value: string) => value.trim() !== '' && Number.isFinite(Number(value));
const filled = (items: { text: string }[]) => items.map((item) => item.text.trim()).filter(Boolean);
/** A textarea's lines, blank ones dropped. */
export const lines = (text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean);

/** Issue 29: a request with two to four quotes gets the broker's verdict on each. */
export function comparesQuotes(request: Pick<QuoteRequest, 'visitor_quotes'>): boolean {
  return request.visitor_quotes.length >= 2;
}

/** Pros, cons and grade apply only when the visitor brought a quote: a broker rate or an uploaded file. */
export function hasBrokerQuote(values: Pick<EditorValues, 'brokerRate'>, request: Pick<QuoteRequest, 'user_uploaded_quote_url'>): boolean {
  return values.brokerRate.trim() !== '' || Boolean(request.user_uploaded_quote_url);
}

/** Spec section 4: refinance mode by default for a refinance with a current mortgage. */
export function defaultMode(request: Pick<QuoteRequest, 'loan_type' | 'current_mortgage'>): EditorMode {
  return request.loan_type === 'refinance' && request.current_mortgage != null ? 'refinance' : 'recommendation';
}

/** The zod schema with the request-dependent rules; messages are the spec's and the server's. lenderIds are the site's partner lenders. */
export function editorValidation(request: QuoteRequest, lenderIds: readonly string[]) {
  return editorSchema.superRefine((values, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (!lenderIds.includes(values.lender)) issue(['lender'], MESSAGES.lender);
    values.verdicts.forEach((verdict, index) => {
      if (verdict.grade === '') issue(['verdicts', index, 'grade'], MESSAGES.verdictGrade);
      if (lines(verdict.pros).length === 0) issue(['verdicts', index, 'pros'], MESSAGES.verdictPros);
      if (lines(verdict.cons).length === 0) issue(['verdicts', index, 'cons'], MESSAGES.verdictCons);
    });
    if (values.verdicts.length > 0 && values.verdicts.filter((v) => v.recommended).length + values.quotes.filter((q) => q.isRecommended).length > 1) {
      issue(['verdicts'], MESSAGES.oneRecommended);
    }
    if (values.verdicts.length === 0 && hasBrokerQuote(values, request)) {
      const pros = filled(values.pros);
      const cons = filled(values.cons);
      if (pros.length > 0 || cons.length > 0 || values.grade !== '') {
        if (pros.length === 0) issue(['pros'], MESSAGES.pros);
        if (cons.length === 0) issue(['cons'], MESSAGES.cons);
        if (values.grade === '') issue(['grade'], MESSAGES.grade);
      }
    }
    if (values.mode === 'recommendation' && values.recommendation.trim() === '') issue(['recommendation'], MESSAGES.recommendation);
    if (
      values.recommendationReason.trim() === '' &&
      (!recommendedIsCheapest(values.quotes, request, visitorRow(values)) || !recommendedVisitorQuoteIsCheapest(values.verdicts, request))
    ) {
      issue(['recommendationReason'], reasonMessage(horizonMonthsOf(request)));
    }
    values.quotes.forEach((row, index) => {
      for (const [name, label] of [
        ['rate', 'Rate'],
        ['lenderFees', 'Lender fees'],
        ['apr', 'APR'],
      ] as const) {
        if (row[name].trim() === '') issue(['quotes', index, name], `${label} is required`);
        else if (!isNumeric(row[name])) issue(['quotes', index, name], `${label} must be a number`);
      }
      if (row.mortgageInsurance.trim() !== '' && !(isNumeric(row.mortgageInsurance) && Number(row.mortgageInsurance) >= 0)) {
        issue(['quotes', index, 'mortgageInsurance'], 'Mortgage insurance must be a number of 0 or more');
      }
    });
    for (const name of ['brokerRate', 'brokerLenderFees', 'brokerMortgageInsurance'] as const) {
      if (values[name].trim() !== '' && !isNumeric(values[name])) issue([name], 'Please enter a number');
    }
  });
}

export const emptyQuoteRow = (): QuoteRowValues => ({ rate: '', lenderFees: '', mortgageInsurance: '', apr: '', isRecommended: false });

const asRows = (items: string[]) => (items.length > 0 ? items : ['']).map((item) => ({ text: item }));

/** 'Create Analysis' starts empty; 'Edit Analysis' starts from the saved analysis. */
export function initialValues(request: QuoteRequest, analysis: Analysis | null): EditorValues {
  const quotes = (analysis?.quotes ?? [])
    .filter((quote) => quote.source !== 'BROKER')
    .map((quote) => ({
      rate: numberToInput(quote.rate),
      lenderFees: numberToInput(quote.lenderFees),
      mortgageInsurance: numberToInput(quote.mortgageInsurance),
      apr: numberToInput(quote.apr),
      isRecommended: quote.isRecommended,
    }));
  const savedMode: EditorMode | null = analysis ? (analysis.notes.length > 0 && analysis.recommendations.length === 0 ? 'refinance' : 'recommendation') : null;
  return {
    lender: analysis?.lender ?? '',
    brokerRate: numberToInput(request.broker_rate),
    brokerLenderFees: numberToInput(request.broker_lender_fees),
    brokerMortgageInsurance: numberToInput(request.broker_mortgage_insurance),
    quotes: quotes.length > 0 ? quotes : [emptyQuoteRow()],
    pros: asRows(analysis?.pros ?? []),
    cons: asRows(analysis?.cons ?? []),
    notes: asRows(analysis?.notes ?? []),
    recommendation: analysis?.recommendations[0] ?? '',
    grade: analysis?.grade ?? '',
    mode: savedMode ?? defaultMode(request),
    answers: request.questions.map((_, index) => analysis?.answers[index] ?? ''),
    recommendationReason: analysis?.recommendation_reason ?? '',
    verdicts: comparesQuotes(request) ? request.visitor_quotes.map((_, index) => initialVerdict(analysis, index)) : [],
  };
}

/** A quote's saved verdict; the first quote's is the analysis' grade, pros and cons when saved without verdicts. */
function initialVerdict(analysis: Analysis | null, index: number): EditorValues['verdicts'][number] {
  const saved = analysis?.quote_verdicts[index];
  if (saved) return { grade: saved.grade ?? '', pros: saved.pros.join('\n'), cons: saved.cons.join('\n'), recommended: saved.recommended };
  if (index === 0 && analysis) return { grade: analysis.grade ?? '', pros: analysis.pros.join('\n'), cons: analysis.cons.join('\n'), recommended: false };
  return { grade: '', pros: '', cons: '', recommended: false };
}

/** The visitor's own quote as a row, when its rate and fees are known: it counts in "the cheapest" too (issue 25). */
function visitorRow(values: Pick<EditorValues, 'brokerRate' | 'brokerLenderFees' | 'brokerMortgageInsurance'>): QuoteRowValues | null {
  if (!isNumeric(values.brokerRate) || !isNumeric(values.brokerLenderFees)) return null;
  return { rate: values.brokerRate, lenderFees: values.brokerLenderFees, mortgageInsurance: values.brokerMortgageInsurance, apr: '', isRecommended: false };
}

/**
 * Whether every recommended row costs no more at the visitor's horizon (7 years when they are not
 * sure) than any other row or the visitor's own quote. The cost is the quote comparison's (decision
 * 0037): lender fees plus the interest of that many payments and the row's insurance while it lasts,
 * the principal repaid not counted, so a lower rate that repays faster is not called dearer. The
 * other fees are nearly the same for every row, so they cancel. The server checks the same with its
 * full figures.
 */
/**
 * Issue 29: a recommended one of the visitor's own quotes that the comparison does not rank cheapest at their
 * horizon needs a reason too, as the server asks: the visitor sees another quote named cheapest.
 */
export function recommendedVisitorQuoteIsCheapest(verdicts: readonly { recommended: boolean }[], request: QuoteRequest): boolean {
  const compared = request.comparison?.quotes ?? [];
  return verdicts.every((verdict, index) => !verdict.recommended || !compared.some((quote) => quote.index === index && quote.rank > 1));
}

export function recommendedIsCheapest(rows: QuoteRowValues[], request: QuoteRequest, yours: QuoteRowValues | null = null): boolean {
  const amount = loanAmount(request);
  if (amount == null || amount <= 0 || !rows.some((row) => row.isRecommended)) return true;
  const value = (request.loan_type === 'refinance' ? request.property_value : request.purchase_price) ?? 0;
  const months = horizonMonthsOf(request);
  const miEstimate = requestMortgageInsuranceEstimate(request);
  const cost = (row: QuoteRowValues) => {
    if (!isNumeric(row.rate)) return null;
    const rate = Number(row.rate);
    // A row without insurance on a purchase under 20% down counts the estimate, as the server does (issue 25).
    const mi = isNumeric(row.mortgageInsurance) ? Number(row.mortgageInsurance) : (miEstimate ?? 0);
    const miMonths = Math.min(months, mortgageInsuranceMonths(amount, rate, LOAN_TERM_MONTHS, value));
    const pi = Math.round(monthlyPrincipalAndInterest(amount, rate) * 100) / 100;
    return (isNumeric(row.lenderFees) ? Number(row.lenderFees) : 0) + interestOver(amount, rate, pi, Math.min(months, LOAN_TERM_MONTHS)) + mi * miMonths;
  };
  const costs = rows.map(cost);
  const known = [...costs, yours ? cost(yours) : null].filter((c): c is number => c != null);
  if (known.length === 0) return true;
  const cheapest = Math.min(...known);
  return rows.every((row, index) => !row.isRecommended || costs[index] == null || costs[index]! <= cheapest + 0.005);
}

const toNumber = (value: string) => (isNumeric(value) ? Number(value) : null);
/** Spec section 5: empty numeric quote fields become 0. */
const toNumberOrZero = (value: string) => toNumber(value) ?? 0;

/** The broker quote to PATCH before submitting: only when any of it is set (spec section 7). */
export function brokerQuoteUpdate(values: EditorValues): BrokerQuoteUpdate | null {
  const update = {
    broker_rate: toNumber(values.brokerRate),
    broker_lender_fees: toNumber(values.brokerLenderFees),
    broker_mortgage_insurance: toNumber(values.brokerMortgageInsurance),
  };
  return Object.values(update).some((value) => value !== null) ? update : null;
}

/** The payload of POST /admin/quote-requests/{id}/analysis; empty list entries are dropped. */
export function toSubmission(values: EditorValues, request: Pick<QuoteRequest, 'user_uploaded_quote_url'>): AnalysisSubmission {
  const graded = hasBrokerQuote(values, request);
  const verdicts = values.verdicts.map((verdict) => ({
    grade: verdict.grade === '' ? null : (verdict.grade as Grade),
    pros: lines(verdict.pros),
    cons: lines(verdict.cons),
    recommended: verdict.recommended,
  }));
  const first = verdicts[0];
  return {
    analysis: {
      lender: values.lender,
      // With several quotes the first quote's verdict is the analysis' grade, pros and cons.
      grade: first ? first.grade : graded && values.grade !== '' ? (values.grade as Grade) : null,
      pros: first ? first.pros : graded ? filled(values.pros) : [],
      cons: first ? first.cons : graded ? filled(values.cons) : [],
      ...(verdicts.length > 0 ? { quoteVerdicts: verdicts } : {}),
      recommendations: values.mode === 'recommendation' ? [values.recommendation.trim()] : [],
      notes: values.mode === 'refinance' ? filled(values.notes) : [],
      mode: values.mode,
      answers: values.answers.map((answer) => answer.trim()),
      recommendationReason: values.recommendationReason.trim(),
    },
    quotes: values.quotes.map((row) => ({
      rate: toNumberOrZero(row.rate),
      lenderFees: toNumberOrZero(row.lenderFees),
      // Left blank is "not provided", not $0: the server counts its estimate on a purchase under 20% down (issue 25).
      mortgageInsurance: toNumber(row.mortgageInsurance),
      apr: toNumberOrZero(row.apr),
      isRecommended: row.isRecommended,
    })),
  };
}

/** The payload of POST /admin/quote-requests/{id}/analysis/preview: the submission, and the broker quote a submit would PATCH first. */
export function toPreviewSubmission(values: EditorValues, request: Pick<QuoteRequest, 'user_uploaded_quote_url'>): AnalysisPreviewSubmission {
  const brokerQuote = brokerQuoteUpdate(values);
  return brokerQuote ? { ...toSubmission(values, request), broker_quote: brokerQuote } : toSubmission(values, request);
}

/** The math core's instant grade of the visitor's quote (docs/grading.md), offered as the suggested grade. */
export type SuggestedGrade = { grade: Grade; reasons: string[] };
export function suggestedGradeOf(request: QuoteRequest): SuggestedGrade | null {
  const instant = request.instant_grade;
  return instant ? { grade: instant.grade, reasons: instant.reasons } : null;
}

/**
 * The APR a quote row starts with: the TypeScript port of the server's figures (lib/mortgage.ts,
 * checked against the same vectors), for the request's loan amount over 360 months with the
 * row's lender fees as prepaid finance charges and its insurance until 78% of the value, so it
 * matches the APR the visitor is then shown. Null when the inputs describe no loan.
 */
export type AprInputs = { rate: number; lenderFees: number; mortgageInsurance: number | null; request: QuoteRequest };
export function prefillApr({ rate, lenderFees, mortgageInsurance, request }: AprInputs): number | null {
  const amount = loanAmount(request);
  if (amount == null) return null;
  const value = (request.loan_type === 'refinance' ? request.property_value : request.purchase_price) ?? 0;
  try {
    return loanFigures({
      amount,
      ratePercent: rate,
      termMonths: LOAN_TERM_MONTHS,
      prepaidFinanceCharges: lenderFees,
      monthlyMortgageInsurance: mortgageInsurance ?? 0,
      mortgageInsuranceMonths: mortgageInsuranceMonths(amount, rate, LOAN_TERM_MONTHS, value),
    }).apr;
  } catch (error) {
    if (error instanceof ImpossibleLoanError) return null;
    throw error;
  }
}
