// The display rules of the quote comparison (spec sections 5 and 9).
import type { Analysis, QuoteRequest } from './api-client';
import { LENDERS, PMI_THRESHOLD_PERCENT } from './constants';
import { formatMoney } from './format';
import { loanAmount, monthlyPrincipalAndInterest } from './mortgage';

export type ComparisonRow = {
  key: string;
  label: string;
  /** The partner lender's licence number; empty for the visitor's own quote. */
  detail: string;
  isUsersQuote: boolean;
  isRecommended: boolean;
  rate: number;
  apr: number | null;
  lenderFees: number | null;
  mortgageInsurance: number | null;
  principalAndInterest: number | null;
};

/** A purchase with less than 20% down pays mortgage insurance. */
export function paysMortgageInsurance(request: Pick<QuoteRequest, 'loan_type' | 'purchase_price' | 'down_payment'>): boolean {
  if (request.loan_type !== 'purchase' || !request.purchase_price || request.down_payment == null) return false;
  return request.down_payment < (request.purchase_price * PMI_THRESHOLD_PERCENT) / 100;
}

/** Missing insurance is unknown when the buyer must pay it, otherwise none is owed. */
export function mortgageInsuranceText(amount: number | null, request: Pick<QuoteRequest, 'loan_type' | 'purchase_price' | 'down_payment'>): string {
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
 */
export function comparisonRows(request: QuoteRequest, analysis: Analysis): ComparisonRow[] {
  const amount = loanAmount(request);
  const payment = (rate: number) => (amount == null ? null : monthlyPrincipalAndInterest(amount, rate));
  const lender = LENDERS[analysis.lender];

  const rows: ComparisonRow[] = analysis.quotes.map((quote) => {
    const isUsersQuote = quote.source === 'BROKER';
    return {
      key: quote.id,
      label: isUsersQuote ? 'Your Quote' : lender.name,
      detail: isUsersQuote ? '' : lender.nmls,
      isUsersQuote,
      isRecommended: quote.isRecommended,
      rate: quote.rate,
      apr: quote.apr,
      lenderFees: quote.lenderFees,
      mortgageInsurance: quote.mortgageInsurance,
      principalAndInterest: payment(quote.rate),
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
      apr: null,
      lenderFees: request.broker_lender_fees,
      mortgageInsurance: request.broker_mortgage_insurance,
      principalAndInterest: payment(request.broker_rate),
    });
  }

  return rows.sort((a, b) => a.rate - b.rate);
}
