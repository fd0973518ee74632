// The display rules of the quote comparison (spec sections 5 and 9).
import type { Schema } from './api-client';
import { LOAN_PROGRAMS, PMI_THRESHOLD_PERCENT } from './constants';
import { formatApr, formatMoney, formatRate } from './format';
import { nmlsText } from './site';

type Analysis = Schema<'Analysis'>;
type QuoteFigures = Schema<'QuoteFigures'>;
type QuoteRequest = Schema<'QuoteRequest'>;
type SiteLender = Schema<'SiteLender'>;
type LoanProgram = Schema<'LoanProgram'>;

export type ComparisonRow = {
  key: string;
  label: string;
  /** The partner lender's licence number; empty for the visitor's own quote. */
  detail: string;
  isUsersQuote: boolean;
  isRecommended: boolean;
  rate: number;
  /** A 5/1 ARM: its rate is shown with ARM_RATE_NOTE. */
  isArm: boolean;
  /** The loan program the figures price (the visitor's own quote is priced as a 30-year fixed). */
  program: LoanProgram;
  apr: number | null;
  lenderFees: number | null;
  mortgageInsurance: number | null;
  /** The server's figures for this quote (payment, APR, fees, cash to close, savings); null when it has none. */
  figures: QuoteFigures | null;
};

/** A purchase with less than 20% down pays mortgage insurance. */
export function paysMortgageInsurance(request: Pick<QuoteRequest, 'loan_type' | 'purchase_price' | 'down_payment'>): boolean {
  if (request.loan_type !== 'purchase' || !request.purchase_price || request.down_payment == null) return false;
  return request.down_payment < (request.purchase_price * PMI_THRESHOLD_PERCENT) / 100;
}

/**
 * Missing insurance is unknown when the buyer must pay it, otherwise none is owed. When the server
 * estimated it (figures.mortgage_insurance_estimated), the estimate it counted is shown, marked.
 */
export function mortgageInsuranceText(
  amount: number | null,
  request: Pick<QuoteRequest, 'loan_type' | 'purchase_price' | 'down_payment'>,
  figures?: Pick<QuoteFigures, 'mortgage_insurance' | 'mortgage_insurance_estimated'> | null,
): string {
  // Spec: missing insurance under 20% down is "Not provided"; the figures count our estimate, marked as one (issue 25).
  if (amount == null && figures?.mortgage_insurance_estimated) return `Not provided (we estimate ${formatMoney(figures.mortgage_insurance)} a month)`;
  if (amount == null) return paysMortgageInsurance(request) ? 'Not provided' : formatMoney(0);
  return formatMoney(amount);
}

export type FeesDisplay = { text: string; isCredit: boolean };

/** Negative lender fees are a credit to the borrower. */
export function lenderFeesDisplay(amount: number | null): FeesDisplay {
  if (amount == null) return { text: 'Not provided', isCredit: false };
  if (amount < 0) return { text: `${formatMoney(-amount)} credit`, isCredit: true };
  return { text: formatMoney(amount), isCredit: false };
}

/**
 * The visitor's quote and the lender alternatives, cheapest rate first. The visitor's
 * quote comes from the analysis (source BROKER) or, failing that, from the request.
 * Figures are the server's; the APR a broker entered wins over the computed one. lender is the
 * analysis' partner lender from the site file (undefined until the site's details have loaded).
 */
export function comparisonRows(request: QuoteRequest, analysis: Analysis, lender?: Pick<SiteLender, 'name' | 'nmls'>): ComparisonRow[] {

  const rows: ComparisonRow[] = analysis.quotes.map((quote) => {
    const isUsersQuote = quote.source === 'BROKER';
    return {
      key: quote.id,
      label: isUsersQuote ? 'Your Quote' : (lender?.name ?? 'Partner lender'),
      detail: isUsersQuote || !lender?.nmls ? '' : nmlsText(lender.nmls),
      isUsersQuote,
      isRecommended: quote.isRecommended,
      rate: quote.rate,
      isArm: quote.loanProgram === '5-1-arm',
      program: quote.loanProgram ?? '30-year-fixed',
      apr: quote.apr ?? quote.figures?.apr ?? null,
      lenderFees: quote.lenderFees,
      mortgageInsurance: quote.mortgageInsurance,
      figures: quote.figures,
    };
  });

  if (!rows.some((row) => row.isUsersQuote) && request.broker_rate != null) {
    rows.push({
      key: 'your-quote',
      label: 'Your Quote',
      detail: '',
      isUsersQuote: true,
      isRecommended: false,
      rate: request.broker_rate,
      isArm: false,
      program: '30-year-fixed',
      apr: request.broker_quote_figures?.apr ?? null,
      lenderFees: request.broker_lender_fees,
      mortgageInsurance: request.broker_mortgage_insurance,
      figures: request.broker_quote_figures,
    });
  }

  return rows.sort((a, b) => a.rate - b.rate);
}

/**
 * Marks text a broker wrote (12 CFR 1026.24; e2e compliance.spec): a rate they write with its APR, "6.250% (6.472% APR)",
 * stands as it is; a rate written alone is an interest rate, and BrokerText says so beside it, pointing to the APRs.
 */
export const BROKER_WORDS = { 'data-rate-pair': '', 'data-rate': 'broker' } as const;

/**
 * "6.250% (6.472% APR)": a rate with its APR, as the advertising rules want them together. A rate no APR describes
 * (the server computes every quote's; none describes, say, a credit larger than the loan) says it is an interest rate.
 */
export function rateWithAprText(rate: number, apr: number | null | undefined): string {
  const aprText = formatApr(apr);
  return aprText ? `${formatRate(rate)} (${aprText} APR)` : `${formatRate(rate)} (an interest rate, not an APR: no APR describes this quote)`;
}

/** Beside a rate no APR describes, in the comparison's rate column: what the figure is. */
export const INTEREST_RATE_NOTE = 'an interest rate, not an APR';

/** In the comparison's APR column for such a rate: why there is none, never a bare "—". */
export const NO_APR_TEXT = 'None: no APR describes this quote';

/** Beside a loan officer's words that name a rate without its APR (docs/compliance.md). */
export const BROKER_RATE_NOTE = "Rates in the loan officer's words are interest rates, not APRs: each quote's APR is in the Quote Comparison.";

/** Beside a loan officer's words that name an amount a month (12 CFR 1026.24(d), docs/compliance.md). */
export const BROKER_PAYMENT_NOTE =
  "Payments in the loan officer's words are for the quotes in the Quote Comparison, each with its APR, number of payments and down payment.";

/** An amount a month ("$85 a month", "$2,345/mo", "$90 per month"), as the payment check reads a page. */
const PAYMENT_LIKE = /\$[\d,]+(?:\.\d+)?\s*(?:(?:more |less )?a month\b|\/mo\b|per month\b)|(?:monthly payments? of|principal and interest of)\s*\$\d/i;

/** Whether text names a monthly payment amount. */
export function statesPayment(text: string): boolean {
  return PAYMENT_LIKE.test(text);
}

/** A rate-like figure: a percentage with decimals, as the advertising check reads a page. */
const RATE_LIKE = /\d+\.\d+\s?%/g;

/**
 * Figures that say what they are: a rate with its APR, an APR, a figure followed by words saying it is not an APR,
 * a share of the loan amount.
 */
const EXPLAINED = [
  /\d+\.\d+\s?%\s\(\d+\.\d+\s?% APR\)/g,
  /\d+\.\d+\s?% APR/g,
  /\d+\.\d+\s?%\s\([^()]*not an APR[^()]*\)/g,
  /\d+\.\d+\s?%( to \d+\.\d+\s?%)? of the loan amount/g,
];

/** The rate-like figures of text that do not say what they are (no APR beside them). */
export function unexplainedRates(text: string): string[] {
  const rest = EXPLAINED.reduce((left, pattern) => left.replace(pattern, ''), text);
  return rest.match(RATE_LIKE) ?? [];
}

/** Said beside every adjustable rate (Regulation Z 1026.24: an ARM's rate is not fixed for the loan's life). */
export const ARM_RATE_NOTE = '5/1 ARM: the rate may increase after the fixed period';

/** A loan program's name as the pages write it ("30-year fixed"); a quote without one is priced as a 30-year fixed. */
export function programLabel(program: LoanProgram | null | undefined): string {
  return LOAN_PROGRAMS.find((p) => p.value === program)?.label ?? '30-year fixed';
}

/**
 * The terms of repayment and the down payment of a quote whose payment a page states (12 CFR 1026.24(d)):
 * "30-year fixed: 360 monthly payments, $45,000 down" or "…, no down payment (a refinance)". termMonths is the
 * number of payments the server priced the quote over (its figures' term_months): a quote it has no figures for
 * states no payment, and then its program and down payment alone. down is null for a refinance.
 */
export function paymentTermsText(program: LoanProgram | null | undefined, termMonths: number | null | undefined, down: number | null): string {
  const downText = down === null ? 'no down payment (a refinance)' : down > 0 ? `${formatMoney(down)} down` : 'no down payment';
  return termMonths ? `${programLabel(program)}: ${termMonths} monthly payments, ${downText}` : `${programLabel(program)}, ${downText}`;
}

/** paymentTermsText of a comparison row, the down payment the request's. */
export function repaymentTermsText(
  row: Pick<ComparisonRow, 'program' | 'figures'>,
  request: Pick<QuoteRequest, 'loan_type' | 'down_payment'>,
): string {
  return paymentTermsText(row.program, row.figures?.term_months, request.loan_type !== 'purchase' ? null : (request.down_payment ?? 0));
}

/** Monthly savings without a minus sign: a refinance that costs more a month says so in words (issue 25). */
export function monthlySavingsText(savings: number): string {
  if (savings < 0) return `costs ${formatMoney(-savings)} more a month`;
  return formatMoney(savings);
}

/** Months in words: '1 month', '14 months', 'right away' for 0. */
export function monthsText(months: number): string {
  if (months === 0) return 'right away';
  return months === 1 ? '1 month' : `${months} months`;
}

/** Cash to close, or cash back when the lender credit is larger than what is due. */
export function cashToCloseText(amount: number): string {
  return amount < 0 ? `${formatMoney(-amount)} back` : formatMoney(amount);
}
