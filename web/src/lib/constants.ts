// Product constants in one place (spec section 9).

/** The fixed example quote request the server seeds for /example-results. */
export const EXAMPLE_QUOTE_REQUEST_ID = '7c1e5f0a-9b2d-4e8f-a3c6-5d4b2e1f0a9c';

/** The three-quote example /example-results compares (issue 29; Go example.ComparisonRequestID). */
export const EXAMPLE_COMPARISON_REQUEST_ID = '7c1e5f0a-9b2d-4e8f-a3c6-5d4b2e1f0a9d';

/** The product serves Utah only. */
export const PRODUCT_STATE = 'UT';

// The brokerage's name, licence, contacts, sister site and partner lenders are the
// operator's: lib/site.tsx reads them from GET /api/site (the site file).

export const CREDIT_SCORE_MIN = 300;
export const CREDIT_SCORE_MAX = 850;
export const DOWN_PAYMENT_PRESETS = [3, 5, 10, 20] as const;
/** Down payments under this share of the price pay mortgage insurance (PMI). */
export const PMI_THRESHOLD_PERCENT = 20;
export const RATE_STEP = 0.125;
export const ZIP_CODE_MAX_LENGTH = 10;

export const LOAN_PROGRAMS = [
  { value: '30-year-fixed', label: '30-year fixed' },
  { value: '15-year-fixed', label: '15-year fixed' },
  { value: '5-1-arm', label: '5/1 ARM' },
] as const;
