// Standard amortisation (spec section 9): 360 months at rate/12.

export const LOAN_TERM_MONTHS = 360;

export function monthlyPrincipalAndInterest(loanAmount: number, ratePercent: number, months = LOAN_TERM_MONTHS): number {
  if (loanAmount <= 0) return 0;
  const monthlyRate = ratePercent / 100 / 12;
  if (monthlyRate === 0) return loanAmount / months;
  return (loanAmount * monthlyRate) / (1 - Math.pow(1 + monthlyRate, -months));
}

/** Price minus down payment for a purchase, the remaining balance for a refinance. */
export function loanAmount(request: {
  loan_type: 'purchase' | 'refinance';
  purchase_price: number | null;
  down_payment: number | null;
  remaining_balance: number | null;
}): number | null {
  if (request.loan_type === 'purchase') {
    if (request.purchase_price == null) return null;
    return request.purchase_price - (request.down_payment ?? 0);
  }
  return request.remaining_balance;
}
