import type { Schema } from '@/lib/api-client';
import type { LoanInfo } from '@/lib/storage';

type Analysis = Schema<'Analysis'>;
type ComparedQuote = Schema<'ComparedQuote'>;
type InstantGrade = Schema<'InstantGrade'>;
type LoanEstimateFields = Schema<'LoanEstimateFields'>;
type Quote = Schema<'Quote'>;
type QuoteFigures = Schema<'QuoteFigures'>;
type QuoteRequest = Schema<'QuoteRequest'>;
type RefinanceAdvice = Schema<'RefinanceAdvice'>;
type RefiManage = Schema<'RefiManage'>;
type Site = Schema<'Site'>;

/** A purchase's wizard answers up to (not including) the zip code step. */
export const purchaseUpToZip: LoanInfo = {
  loanType: 'purchase',
  isFirstHome: true,
  purchasePrice: 400000,
  downPayment: 40000,
  downPaymentPercent: 10,
  propertyType: 'primary',
  propertyStyle: 'single',
  militaryService: false,
};

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
    demo: false,
    broker_quote_figures: null,
    instant_grade: null,
    visitor_quotes: [
      { lenderName: null, rate: 6.875, points: null, lenderFees: 2500, mortgageInsurance: null, uploadedFileUrl: null, apr: null },
    ],
    horizon_months: null,
    comparison: null,
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
    figures: null,
    ...overrides,
  };
}

/** A quote's server-computed figures (a 450,000 purchase with 10% down at 6.5%). */
export function makeFigures(overrides: Partial<QuoteFigures> = {}): QuoteFigures {
  return {
    loan_amount: 405000,
    term_months: 360,
    principal_and_interest: 2559.88,
    mortgage_insurance: 95,
    mortgage_insurance_months: 109,
    mortgage_insurance_estimated: false,
    monthly_payment: 2654.88,
    apr: 6.612,
    amount_financed: 406200,
    finance_charge: 524000,
    lender_fees: -1200,
    third_party_fees: { appraisal: 700, title_estimate: 1508, lender_adds: 450, total: 2658 },
    closing_costs: 1458,
    cash_to_close: 46458,
    cost_7_years: 224467.92,
    refinance: null,
    compared_with_your_quote: null,
    ...overrides,
  };
}

export function makeInstantGrade(overrides: Partial<InstantGrade> = {}): InstantGrade {
  return {
    grade: 'C',
    reasons: [
      'Your rate of 6.875% (7.01% APR) is 0.44 percentage points above the 6.435% (an interest rate, not an APR) we expect for your scenario.',
      'Your lender fees of $4,850 are $125 more than the typical $4,725 (1% of the $472,500 loan amount).',
      'Together that is about $139.12 a month more than a typical quote (fees spread over 7 years), or $11,686.48 over 7 years.',
      'Grade C: the extra cost over 7 years is 1.5% to 3.0% of the loan amount (here 2.5% of the loan amount).',
    ],
    benchmark: 'freddie_mac_survey',
    market: { rate: 6.36, series: '30', program: '30-year-fixed', label: 'Freddie Mac 30-year fixed average', week: '2026-05-14', source: 'bundled snapshot', age_days: 3, stale: false },
    loan_amount: 472500,
    ltv: 90,
    credit_score: 740,
    llpa_table: 'purchase',
    llpa_source: 'Fannie Mae loan-level price adjustment matrix dated 2025-11-17 (indicative)',
    llpa_points: 0.75,
    rate_adjustment: 0.075,
    expected_rate: 6.435,
    rate: 6.875,
    rate_difference: 0.44,
    lender_fees: 4850,
    lender_fees_assumed: false,
    typical_lender_fees: 4725,
    fee_difference: 125,
    monthly_cost_difference: 139.12,
    cost_difference_7_years: 11686.48,
    cost_percent_of_loan: 2.47,
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
    answers: [],
    recommendation_reason: '',
    quote_verdicts: [],
    lender: 'provident',
    quotes: [
      makeQuote({ id: 'quote-high', rate: 6.75, lenderFees: 0, apr: 6.8 }),
      makeQuote({ id: 'quote-low', rate: 6.25, lenderFees: 1500, apr: null, isRecommended: true }),
    ],
    created_at: '2025-03-05T17:00:00Z',
    updated_at: '2025-03-06T17:00:00Z',
    refinance: null,
    ...overrides,
  };
}

/** Refi Buddy's advice when a $3,000 credit at 6% beats a 7.5% mortgage paying $2,400. */
export function makeRefinanceAdvice(overrides: Partial<RefinanceAdvice> = {}): RefinanceAdvice {
  return {
    recommendation: 'recommended',
    heading: 'Refinancing is Recommended!',
    current_rate: 7.5,
    current_principal_and_interest: 2400,
    best_quote_id: 'credit',
    best_rate: 6,
    best_principal_and_interest: 2218.34,
    monthly_savings: 180,
    break_even_months: 0,
    interest_saved: { years_5: 14100.5, years_7: 19400, years_10: 26800 },
    recommended_quote_ids: ['credit'],
    // 320,000 at 7.5% paid 2,400 a month: 288 payments left; the best quote a new 30-year loan (server's figures).
    current_months_left: 288,
    best_apr: 5.95,
    best_program: '30-year-fixed',
    best_term_months: 360,
    ...overrides,
  };
}

/** The server's demonstration site (internal/site.Demo), as GET /api/site answers without a site file. */
export function makeSite(overrides: Partial<Site> = {}): Site {
  return {
    brokerageName: 'quotegrade Mortgage Brokerage',
    brand: 'quotegrade',
    brokerageNmls: '000000',
    postalAddress: '123 Example Street, Suite 100, Salt Lake City, UT 84101',
    contactEmail: 'hello@quotegrade.example',
    contactPhone: '(801) 555-0142',
    sisterSite: { state: 'Idaho', url: 'https://idaho.quotegrade.example' },
    lenders: [
      {
        id: 'provident',
        name: 'Provident Funding',
        nmls: '000001',
        fees: [
          { label: 'Underwriting fee', amount: 370 },
          { label: 'Tax service fee', amount: 80 },
        ],
      },
      { id: 'rocket', name: 'Rocket Mortgage', nmls: '000002', fees: [{ label: 'Lender fee', amount: 1100 }] },
    ],
    stateLicences: [{ state: 'Utah', licence: '00000000' }],
    testimonials: [],
    demonstration: true,
    ...overrides,
  };
}

/**
 * The figures read from the CFPB's sample Loan Estimate (Ficus Bank, 162,000
 * at 3.875%), as the server's reader answers them.
 */
export function makeLoanEstimate(overrides: Partial<LoanEstimateFields> = {}): LoanEstimateFields {
  return {
    interestRate: 3.875,
    loanAmount: 162000,
    originationCharges: 1802,
    points: 405,
    lenderCredits: 750,
    mortgageInsurance: 82,
    lenderFees: 1052,
    lines: [{ section: 'A', label: '0.25 % of Loan Amount (Points)', amount: 405 }],
    closingCosts: 7304,
    cashToClose: 15304,
    apr: 4.274,
    totalInterestPercentage: 69.45,
    inFiveYears: { totalPaid: 56582, principalPaid: 15773 },
    rateLockUntil: '2013-04-16',
    prepaymentPenalty: false,
    loanTerm: 360,
    lenderName: 'Ficus Bank',
    found: ['interestRate', 'loanAmount', 'originationCharges', 'points', 'lenderCredits', 'mortgageInsurance'],
    notFound: [],
    pleaseCheck: [],
    readByOcr: false,
    checks: [],
    ...overrides,
  };
}

function comparedQuote(index: number, name: string, rate: number, apr: number | null, rank: number, cost: number): ComparedQuote {
  return {
    index,
    name,
    loan_amount: 400000,
    program: '30-year-fixed',
    term_months: 360,
    rate,
    apr,
    principal_and_interest: 2500,
    mortgage_insurance: 0,
    mortgage_insurance_months: 0,
    mortgage_insurance_estimated: false,
    monthly_payment: 2500,
    points: 0,
    lender_fees: -3200,
    lender_costs: -3200,
    third_party_fees: 3400,
    closing_costs: 200,
    cash_to_close: 100200,
    in_five_years: { totalPaid: 150200, principalPaid: 25000 },
    cost_at_horizon: cost,
    rank,
    cost: { years_5: cost - 40000, years_7: cost, years_10: cost + 60000 },
    cost_by_year: [200, 27000, 54000],
    grade: 'B',
  };
}

/** The visitor's two quotes side by side (issue 29): Bonneville Bank cheapest over 7 years. */
export function makeComparison(): Schema<'QuotesCompared'> {
  return {
  horizon_months: 84,
  horizon_assumed: false,
  quotes: [comparedQuote(0, 'Wasatch Home Loans', 6.875, 6.797, 2, 184803.35), comparedQuote(1, 'Bonneville Bank', 6.25, null, 1, 179615.32)],
  cheapest: [1],
  summary: 'Bonneville Bank is the cheapest over the 7 years you expect to keep the loan: it costs $179,615.32, $5,188.03 less than the next cheapest.',
  break_evens: [{ quote: 1, other: 0, upfront_difference: 12400, months: 60, summary: "Bonneville Bank's lower rate pays back its $12,400 higher costs after 60 months (5 years); keep the loan less than that and Wasatch Home Loans costs less." }],
  term_differences: ['Bonneville Bank has a prepayment penalty: selling or refinancing early costs more than the figures show.'],
  notes: [],
};
}

/**
 * A Refi Buddy watch as its manage page reads it: 6.75% paying $1,945.79 on 300,000, compared
 * with the market's 6.36%: $75 a month saved, the standard rule not met.
 */
export function makeRefiManage(overrides: Partial<RefiManage> = {}): RefiManage {
  return {
    status: 'watching',
    paused: false,
    mortgage: { rate: 6.75, monthlyPayment: 1945.79, balance: 300000, loanProgram: '30-year-fixed' },
    comparison: {
      marketWeek: '2026-05-14',
      newRate: 6.36,
      newPayment: 1868.66,
      monthlySavings: 75,
      closingCosts: 3000,
      breakEvenMonths: 40,
      meetsRule: false,
      triggerFires: false,
      marketLabel: 'Freddie Mac 30 Year Fixed (weekly average)',
      marketSource: 'Freddie Mac Primary Mortgage Market Survey',
      marketAgeDays: 3,
      judged: true,
      notJudged: null,
      // Both loans' terms (refi.Loans): 1,945.79 a month at 6.75% on 300,000 has 360 payments left.
      currentMonthsLeft: 360,
      newProgram: '30-year-fixed',
      newTermMonths: 360,
      newApr: 6.465,
    },
    trigger: { kind: 'rule', savingsAtLeast: null, breakEvenWithin: null },
    ...overrides,
  };
}
