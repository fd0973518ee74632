// The ranges the server checks every figure against, with the server's words
// (internal/quoterequest/rules.go): the browser refuses what the server would,
// with the same message, instead of changing the figure (issue 25 §3: nothing
// is clamped silently).

export const MAX_AMOUNT = 100_000_000;
export const MIN_HOME_VALUE = 10_000;
export const MAX_RATE_PERCENT = 25;
export const MIN_POSITIVE_RATE = 0.001;
export const MAX_FEES = 1_000_000;
export const MAX_MONTHLY_INSURANCE = 10_000;
export const MAX_POINTS = 10;

/** A whole limit as the pages write it: $1,000,000. */
const dollars = (v: number) => `$${v.toLocaleString('en-US')}`;

export const LIMIT_MESSAGES = {
  negative: (label: string) => `${label} cannot be negative`,
  amountTooLarge: (label: string) => `${label} must be at most ${dollars(MAX_AMOUNT)}`,
  percentRange: (label: string) => `${label} must be between 0 and 100`,
  rateTooHigh: (label: string) => `${label} must be at most ${MAX_RATE_PERCENT}%`,
  rateTooSmall: (label: string) => `${label} must be 0, or at least ${MIN_POSITIVE_RATE}%`,
  fees: (label: string) => `${label} must be between -${dollars(MAX_FEES)} and ${dollars(MAX_FEES)}`,
  insurance: (label: string) => `${label} must be at most ${dollars(MAX_MONTHLY_INSURANCE)} a month`,
  points: `Points must be between 0 and ${MAX_POINTS}`,
  priceTooSmall: `Purchase price must be at least ${dollars(MIN_HOME_VALUE)}`,
  valueTooSmall: `Property value must be at least ${dollars(MIN_HOME_VALUE)}`,
} as const;

/** A check answers the message for a figure outside its range, or null. */
export type FigureCheck = (value: number) => string | null;

/** A dollar amount: not negative, at most $100,000,000. */
export const amountCheck =
  (label: string): FigureCheck =>
  (v) =>
    v < 0 ? LIMIT_MESSAGES.negative(label) : v > MAX_AMOUNT ? LIMIT_MESSAGES.amountTooLarge(label) : null;

/** A percentage of anything: 0 to 100. */
export const percentCheck =
  (label: string): FigureCheck =>
  (v) =>
    v < 0 || v > 100 ? LIMIT_MESSAGES.percentRange(label) : null;

/** An interest rate: 0, or 0.001% to 25%. */
export const rateCheck =
  (label: string): FigureCheck =>
  (v) =>
    percentCheck(label)(v) ??
    (v > MAX_RATE_PERCENT ? LIMIT_MESSAGES.rateTooHigh(label) : v > 0 && v < MIN_POSITIVE_RATE ? LIMIT_MESSAGES.rateTooSmall(label) : null);

/** Lender fees (a credit is negative): at most $1,000,000 either way. */
export const feesCheck =
  (label: string): FigureCheck =>
  (v) =>
    v > MAX_FEES || v < -MAX_FEES ? LIMIT_MESSAGES.fees(label) : null;

/** Monthly mortgage insurance: 0 to $10,000 a month. */
export const insuranceCheck =
  (label: string): FigureCheck =>
  (v) =>
    v > MAX_MONTHLY_INSURANCE ? LIMIT_MESSAGES.insurance(label) : amountCheck(label)(v);

/** Discount points: 0 to 10. */
export const pointsCheck: FigureCheck = (v) => (v < 0 || v > MAX_POINTS ? LIMIT_MESSAGES.points : null);
