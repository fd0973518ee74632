// The browser's port of the Go core (internal/mortgage): payment and APR, for
// figures the browser must compute live (a preview as the visitor types, the
// analysis editor's APR prefill). The server computes every figure it shows;
// both ports are checked against internal/mortgage/testdata/vectors.json, so
// the two can never disagree. Rounding rule as in Go: full precision inside,
// cents (and 3-decimal APRs) only where shown.

export const LOAN_TERM_MONTHS = 360;
export const MAX_TERM_MONTHS = 480;
/** Past this APR (percent) the inputs are a mistake, not a loan. */
export const MAX_APR = 1000;

export const roundCents = (value: number) => Math.round(value * 100) / 100;
export const roundApr = (value: number) => Math.round(value * 1000) / 1000;

/** Standard amortisation: the level monthly payment that repays the loan at rate/12 a month. */
export function monthlyPrincipalAndInterest(loanAmount: number, ratePercent: number, months = LOAN_TERM_MONTHS): number {
  if (loanAmount <= 0 || months <= 0) return 0;
  const monthlyRate = ratePercent / 100 / 12;
  if (monthlyRate === 0) return loanAmount / months;
  const growth = Math.pow(1 + monthlyRate, months);
  return (loanAmount * monthlyRate * growth) / (growth - 1);
}

/**
 * The interest of the first months payments of payment on balance at ratePercent (Go's
 * mortgage.InterestByMonth, its last element): what keeping the loan costs beside its fees and
 * insurance, the principal repaid staying the borrower's. Once the loan is repaid it stops growing.
 */
export function interestOver(balance: number, ratePercent: number, payment: number, months: number): number {
  const r = ratePercent / 100 / 12;
  let total = 0;
  for (let k = 0; k < Math.min(months, MAX_TERM_MONTHS) && balance > 0; k++) {
    const interest = balance * r;
    total += interest;
    balance -= payment - interest;
  }
  return total;
}

/** Borrower-paid mortgage insurance ends when the scheduled balance first reaches 78% of the value. */
export const MI_STOP_LTV = 0.78;

/**
 * How many payments carry mortgage insurance: until the scheduled balance first reaches 78% of
 * the property value; the whole term without a value or when the balance starts under that line.
 */
export function mortgageInsuranceMonths(principal: number, ratePercent: number, months: number, propertyValue: number): number {
  const limit = MI_STOP_LTV * propertyValue;
  if (propertyValue <= 0 || principal <= limit) return months;
  const payment = monthlyPrincipalAndInterest(principal, ratePercent, months);
  const r = ratePercent / 100 / 12;
  let balance = principal;
  for (let k = 1; k <= months; k++) {
    balance -= payment - balance * r;
    if (balance <= limit + 1e-9) return k;
  }
  return months;
}

/** Count consecutive monthly payments of amount. */
export type PaymentRun = { amount: number; count: number };

export type AprInput = {
  amountFinanced: number;
  payments: PaymentRun[];
  /** The odd first period as a fraction of a month (odd days / 30); 0 for a regular first period. */
  oddFraction?: number;
};

/** Inputs that no APR describes. */
export class ImpossibleLoanError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ImpossibleLoanError';
  }
}

/**
 * The APR in percent by the actuarial method of Regulation Z, Appendix J: the monthly
 * rate i that makes the payments, discounted by (1 + f·i)(1 + i)^t, worth the amount
 * financed, times 12. Newton's method kept inside a bracket that always holds the root,
 * bisecting when a step would leave it, at most 100 steps. Throws ImpossibleLoanError.
 */
export function apr({ amountFinanced, payments, oddFraction = 0 }: AprInput): number {
  checkAprInput(amountFinanced, payments, oddFraction);
  const total = payments.reduce((sum, p) => sum + p.amount * p.count, 0);
  if (total < amountFinanced * (1 - 1e-12)) {
    throw new ImpossibleLoanError(`the payments (${total.toFixed(2)}) do not repay the amount financed (${amountFinanced.toFixed(2)})`);
  }
  if (total <= amountFinanced * (1 + 1e-12)) return 0;
  const excess = (i: number) => excessAndSlope(i, amountFinanced, payments, oddFraction);
  let lo = 0;
  let hi = MAX_APR / 100 / 12;
  if (excess(hi)[0] > 0) throw new ImpossibleLoanError(`the APR would be above ${MAX_APR}%`);
  const n = payments.reduce((sum, p) => sum + p.count, 0);
  let i = (2 * (total - amountFinanced)) / (amountFinanced * (n + 1));
  for (let step = 0; step < 100; step++) {
    const [g, slope] = excess(i);
    if (g > 0) lo = i;
    else hi = i;
    let next = i - g / slope;
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - i) < 1e-12 || hi - lo < 1e-12) return next * 1200;
    i = next;
  }
  return ((lo + hi) / 2) * 1200;
}

function checkAprInput(amountFinanced: number, payments: PaymentRun[], oddFraction: number) {
  if (!(amountFinanced > 0) || !Number.isFinite(amountFinanced)) throw new ImpossibleLoanError('the amount financed must be more than 0');
  if (!(oddFraction >= 0 && oddFraction < 1)) throw new ImpossibleLoanError('the odd first period must be at least 0 and under a month');
  let n = 0;
  for (const p of payments) {
    if (!Number.isInteger(p.count) || p.count <= 0 || !(p.amount >= 0) || !Number.isFinite(p.amount)) {
      throw new ImpossibleLoanError('each payment must be 0 or more, and come at least once');
    }
    n += p.count;
    if (n > MAX_TERM_MONTHS) throw new ImpossibleLoanError(`at most ${MAX_TERM_MONTHS} monthly payments`);
  }
  if (n === 0) throw new ImpossibleLoanError('there are no payments');
}

/** The payments' present value at monthly rate i less the amount financed, and its slope. */
function excessAndSlope(i: number, amountFinanced: number, payments: PaymentRun[], oddFraction: number): [number, number] {
  const v = 1 / (1 + i);
  let vk = v;
  let k = 1;
  let pv = 0;
  let slope = 0;
  for (const p of payments) {
    for (let j = 0; j < p.count; j++) {
      pv += p.amount * vk;
      slope -= k * p.amount * vk * v;
      vk *= v;
      k++;
    }
  }
  const odd = 1 + oddFraction * i;
  return [pv / odd - amountFinanced, slope / odd - (pv * oddFraction) / (odd * odd)];
}

export type Loan = {
  amount: number;
  ratePercent: number;
  termMonths?: number;
  /** Lender fees and points less credits (negative when the credit is larger). */
  prepaidFinanceCharges?: number;
  monthlyMortgageInsurance?: number;
  /** Payments that carry mortgage insurance; 0 or absent: the whole term. */
  mortgageInsuranceMonths?: number;
};

export type LoanFigures = {
  principalAndInterest: number;
  mortgageInsurance: number;
  monthlyPayment: number;
  amountFinanced: number;
  /** Percent, 3 decimals. */
  apr: number;
};

/** A loan's payment and APR, exactly as the server's Loan.Figures computes them. */
export function loanFigures(loan: Loan): LoanFigures {
  const term = loan.termMonths ?? LOAN_TERM_MONTHS;
  if (!(loan.amount > 0) || loan.amount > 1e9) throw new ImpossibleLoanError('the loan amount must be more than 0');
  if (!(loan.ratePercent >= 0 && loan.ratePercent <= 100)) throw new ImpossibleLoanError('the rate must be between 0 and 100');
  if (!Number.isInteger(term) || term <= 0 || term > MAX_TERM_MONTHS) throw new ImpossibleLoanError(`the term must be 1 to ${MAX_TERM_MONTHS} months`);
  const pi = roundCents(monthlyPrincipalAndInterest(loan.amount, loan.ratePercent, term));
  const mi = roundCents(loan.monthlyMortgageInsurance ?? 0);
  if (!(mi >= 0)) throw new ImpossibleLoanError('mortgage insurance must be 0 or more');
  let miMonths = loan.mortgageInsuranceMonths ?? 0;
  if (miMonths === 0 || miMonths > term) miMonths = term;
  if (mi === 0) miMonths = 0;
  const amountFinanced = roundCents(loan.amount - (loan.prepaidFinanceCharges ?? 0));
  const stream = paymentStream(term, pi, mi, miMonths, finalPayment(loan.amount, loan.ratePercent, term, pi));
  return {
    principalAndInterest: pi,
    mortgageInsurance: mi,
    monthlyPayment: roundCents(pi + mi),
    amountFinanced,
    apr: roundApr(apr({ amountFinanced, payments: stream })),
  };
}

/** The last payment of a schedule of rounded payments: what is left, with its month's interest. */
function finalPayment(amount: number, ratePercent: number, months: number, payment: number): number {
  const r = ratePercent / 100 / 12;
  const k = months - 1;
  let balance = amount - payment * k;
  if (r > 0) {
    const growth = Math.pow(1 + r, k);
    balance = amount * growth - (payment * (growth - 1)) / r;
  }
  return roundCents(balance * (1 + r));
}

function paymentStream(months: number, pi: number, mi: number, miMonths: number, final: number): PaymentRun[] {
  const stream: PaymentRun[] = [];
  const add = (amount: number, count: number) => {
    if (count > 0) stream.push({ amount: roundCents(amount), count });
  };
  const withMi = Math.min(miMonths, months - 1);
  add(pi + mi, withMi);
  add(pi, months - 1 - withMi);
  add(miMonths >= months ? final + mi : final, 1);
  return stream;
}

/** Price minus down payment for a purchase; the remaining balance plus any cash out for a refinance. */
export function loanAmount(request: {
  loan_type: 'purchase' | 'refinance';
  purchase_price: number | null;
  down_payment: number | null;
  remaining_balance: number | null;
  cash_out?: boolean;
  cash_out_amount?: number | null;
}): number | null {
  if (request.loan_type === 'purchase') {
    if (request.purchase_price == null) return null;
    return request.purchase_price - (request.down_payment ?? 0);
  }
  if (request.remaining_balance == null) return null;
  return request.remaining_balance + (request.cash_out ? (request.cash_out_amount ?? 0) : 0);
}

/**
 * The estimated monthly mortgage insurance of a purchase under 20% down whose quote gives none
 * (internal/mortgage/mi.go, docs/grading.md): the annual premium by loan-to-value and credit score,
 * as a percent of the loan amount, over 12, rounded to cents; null when no insurance is owed.
 */
const MI_TABLE: { maxLtv: number; premium: [number, number, number, number] }[] = [
  { maxLtv: 85, premium: [0.23, 0.27, 0.33, 0.39] },
  { maxLtv: 90, premium: [0.39, 0.44, 0.57, 0.71] },
  { maxLtv: 95, premium: [0.54, 0.62, 0.89, 1.15] },
  { maxLtv: 97, premium: [1.05, 1.1, 1.31, 1.31] },
];

export function estimatedMortgageInsurance(amount: number, ltvPercent: number, creditScore: number): number | null {
  if (!(ltvPercent > 80) || !(amount > 0)) return null;
  const col = creditScore >= 760 ? 0 : creditScore >= 720 ? 1 : creditScore >= 680 ? 2 : 3;
  const band = MI_TABLE.find((b) => ltvPercent <= b.maxLtv) ?? MI_TABLE[MI_TABLE.length - 1];
  return Math.round(((amount * band.premium[col]) / 100 / 12) * 100) / 100;
}

/** The estimate a request's quotes without insurance are counted with: purchases under 20% down only. */
export function requestMortgageInsuranceEstimate(request: {
  loan_type: 'purchase' | 'refinance';
  purchase_price: number | null;
  down_payment: number | null;
  credit_score: number;
}): number | null {
  if (request.loan_type !== 'purchase' || !request.purchase_price || request.purchase_price <= 0) return null;
  const amount = request.purchase_price - (request.down_payment ?? 0);
  return estimatedMortgageInsurance(amount, (amount / request.purchase_price) * 100, request.credit_score);
}
