import type { Analysis, Quote, QuoteRequest } from '@/lib/api-client';

export const REQUEST_ID = '11111111-2222-4333-8444-555555555555';

export function makeQuoteRequest(overrides: Partial<QuoteRequest> = {}): QuoteRequest {
  return {
    id: REQUEST_ID,
    loan_type: 'purchase',
    property_type: 'primary',
    property_style: 'single',
    military_service: false,
    credit_score: 740,
    zip_code: '84101',
    state: 'UT',
    purchase_price: 500000,
    down_payment: 50000,
    down_payment_percent: 10,
    is_first_home: true,
    property_value: null,
    remaining_balance: null,
    cash_out: false,
    cash_out_amount: null,
    email: null,
    phone: null,
    preferred_contact_method: null,
    created_at: '2025-03-04T17:00:00Z',
    interest_rate: 6.875,
    broker_rate: 6.875,
    broker_lender_fees: 2500,
    broker_mortgage_insurance: null,
    user_uploaded_quote_url: null,
    questions: [],
    refi_intent: null,
    keystone_consideration: 'open',
    current_mortgage: null,
    quotes: [],
    is_example: false,
    ...overrides,
  };
}

export function makeQuote(overrides: Partial<Quote> = {}): Quote {
  return {
    id: 'quote-1',
    rate: 6.5,
    lenderFees: -1200,
    mortgageInsurance: 95,
    apr: 6.612,
    isRecommended: false,
    points: null,
    titleFees: null,
    source: 'SYSTEM',
    loanProgram: '30-year-fixed',
    created_at: '2025-03-05T17:00:00Z',
    updated_at: '2025-03-05T17:00:00Z',
    ...overrides,
  };
}

export function makeAnalysis(overrides: Partial<Analysis> = {}): Analysis {
  return {
    id: 'analysis-1',
    quote_request_id: REQUEST_ID,
    grade: 'B',
    pros: ['Competitive rate for your credit score'],
    cons: ['Lender fees are above average'],
    recommendations: ['Ask your lender to match the lender credit shown below.'],
    notes: [],
    lender: 'provident',
    quotes: [
      makeQuote({ id: 'quote-high', rate: 6.75, lenderFees: 0, apr: 6.8 }),
      makeQuote({ id: 'quote-low', rate: 6.25, lenderFees: 1500, apr: null, isRecommended: true }),
    ],
    created_at: '2025-03-05T17:00:00Z',
    updated_at: '2025-03-06T17:00:00Z',
    ...overrides,
  };
}
