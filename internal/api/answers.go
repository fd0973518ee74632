package api

import (
	"errors"
	"time"
)

// Answer is a read with its ETag: the versions it was computed from.
type Answer[T any] struct {
	Body T
	ETag string
}

// Quote is one lender alternative of an analysis.
type Quote struct {
	ID                string    `json:"id"`
	Rate              float64   `json:"rate"`
	LenderFees        float64   `json:"lenderFees"`
	MortgageInsurance *float64  `json:"mortgageInsurance"`
	APR               *float64  `json:"apr"`
	IsRecommended     bool      `json:"isRecommended"`
	Points            *float64  `json:"points"`
	TitleFees         *float64  `json:"titleFees"`
	Source            string    `json:"source"`
	LoanProgram       *string   `json:"loanProgram"`
	CreatedAt         time.Time `json:"created_at"`
	UpdatedAt         time.Time `json:"updated_at"`
	// Figures are computed in the analysis answer, where the lender is known.
	Figures *QuoteFigures `json:"figures"`
}

// CurrentMortgage is a homeowner's loan with its recomputed payment.
type CurrentMortgage struct {
	Rate                       float64  `json:"rate"`
	MonthlyPayment             float64  `json:"monthly_payment"`
	CalculatedMonthlyPaymentPI *float64 `json:"calculated_monthly_payment_pi"`
	LoanProgram                *string  `json:"loan_program"`
	MortgageInsurance          *float64 `json:"mortgage_insurance"`
}

// QuoteRequest is a request with its figures and instant grade.
type QuoteRequest struct {
	ID                      string           `json:"id"`
	LoanType                string           `json:"loan_type"`
	PropertyType            string           `json:"property_type"`
	PropertyStyle           string           `json:"property_style"`
	MilitaryService         bool             `json:"military_service"`
	CreditScore             int              `json:"credit_score"`
	ZipCode                 string           `json:"zip_code"`
	State                   string           `json:"state"`
	PurchasePrice           *float64         `json:"purchase_price"`
	DownPayment             *float64         `json:"down_payment"`
	DownPaymentPercent      *float64         `json:"down_payment_percent"`
	IsFirstHome             *bool            `json:"is_first_home"`
	PropertyValue           *float64         `json:"property_value"`
	RemainingBalance        *float64         `json:"remaining_balance"`
	CashOut                 bool             `json:"cash_out"`
	CashOutAmount           *float64         `json:"cash_out_amount"`
	Email                   *string          `json:"email"`
	Phone                   *string          `json:"phone"`
	PreferredContactMethod  *string          `json:"preferred_contact_method"`
	CreatedAt               time.Time        `json:"created_at"`
	InterestRate            *float64         `json:"interest_rate"`
	BrokerRate              *float64         `json:"broker_rate"`
	BrokerLenderFees        *float64         `json:"broker_lender_fees"`
	BrokerMortgageInsurance *float64         `json:"broker_mortgage_insurance"`
	UserUploadedQuoteURL    *string          `json:"user_uploaded_quote_url"`
	Questions               []string         `json:"questions"`
	RefiIntent              *string          `json:"refi_intent"`
	KeystoneConsideration   *string          `json:"keystone_consideration"`
	CurrentMortgage         *CurrentMortgage `json:"current_mortgage"`
	Quotes                  []Quote          `json:"quotes"`
	IsExample               bool             `json:"is_example"`
	// Demo marks the demo requests a development server made.
	Demo bool `json:"demo"`
	// ContactConsent is the visitor's agreement to calls and texts (TCPA),
	// for the broker; null without one, and in the visitor's own answer.
	ContactConsent *ContactConsent `json:"contact_consent"`
	// Analyzed is told only where it is looked up (GET /quote-requests/{id}).
	Analyzed *bool `json:"analyzed,omitempty"`
	// BrokerQuoteFigures are the computed figures of the visitor's own quote.
	BrokerQuoteFigures *QuoteFigures `json:"broker_quote_figures"`
	// InstantGrade is the automatic preliminary grade; null without a broker rate.
	InstantGrade *InstantGrade `json:"instant_grade"`
	// VisitorQuotes are the quotes the visitor brought, the first being the
	// broker_* fields (issue 29); empty without a quote.
	VisitorQuotes []VisitorQuote `json:"visitor_quotes"`
	// HorizonMonths is how long the visitor expects to keep the loan; null: not sure.
	HorizonMonths *int `json:"horizon_months"`
	// Comparison puts the quotes side by side; null with fewer than two
	// quotes with a rate.
	Comparison *QuotesCompared `json:"comparison"`
	// VisitorViews are told only in the broker's lists: whether the visitor
	// has opened the analysis on the results page (issue 25 §5).
	VisitorViews *VisitorViews `json:"visitor_views,omitempty"`
}

// VisitorViews say how often the visitor opened a request's analysis, and
// when first; views by a signed-in broker are not counted.
type VisitorViews struct {
	Count int `json:"count"`
	// FirstViewedAt is null until the visitor has opened the analysis.
	FirstViewedAt *time.Time `json:"first_viewed_at"`
}

// Analysis is a broker's analysis with each quote's figures.
type Analysis struct {
	ID              string   `json:"id"`
	QuoteRequestID  string   `json:"quote_request_id"`
	Grade           *string  `json:"grade"`
	Pros            []string `json:"pros"`
	Cons            []string `json:"cons"`
	Recommendations []string `json:"recommendations"`
	Notes           []string `json:"notes"`
	// Answers are the broker's answers to the request's questions, in order.
	Answers              []string `json:"answers"`
	RecommendationReason string   `json:"recommendation_reason"`
	// QuoteVerdicts are the broker's verdict on each of the visitor's
	// quotes, in the order of visitor_quotes; empty for a single quote.
	QuoteVerdicts []QuoteVerdict `json:"quote_verdicts"`
	Lender        string         `json:"lender"`
	// ReviewedBy is the loan officer who saved the analysis; absent when
	// the broker had no profile (the brokerage stands behind it).
	ReviewedBy *Reviewer `json:"reviewedBy,omitempty"`
	Quotes     []Quote   `json:"quotes"`
	CreatedAt  time.Time `json:"created_at"`
	UpdatedAt  time.Time `json:"updated_at"`
	// Refinance is the refinance advice, for a request with a current mortgage.
	Refinance *RefinanceAdvice `json:"refinance"`
}

// QuoteVerdict is the broker's grade, pros and cons of one of the visitor's
// quotes, and whether the broker recommends it.
type QuoteVerdict struct {
	Grade       *string  `json:"grade"`
	Pros        []string `json:"pros"`
	Cons        []string `json:"cons"`
	Recommended bool     `json:"recommended"`
}

// Reviewer is "Reviewed by NAME, NMLS #ID", with the NMLS Consumer Access
// page of that individual.
type Reviewer struct {
	Name              string `json:"name"`
	NMLS              string `json:"nmls"`
	ConsumerAccessURL string `json:"consumerAccessUrl"`
}

// Preview is what the visitor would see if the broker submitted now.
type Preview struct {
	QuoteRequest QuoteRequest `json:"quote_request"`
	Analysis     Analysis     `json:"analysis"`
}

// ContactInfo is how a visitor asked to be told the analysis is ready.
type ContactInfo struct {
	Email                  *string `json:"email"`
	Phone                  *string `json:"phone"`
	PreferredContactMethod *string `json:"preferred_contact_method"`
}

// ContactRequest is a visitor's question, for the broker's list.
type ContactRequest struct {
	ID               string  `json:"id"`
	Kind             string  `json:"kind"`
	Name             string  `json:"name"`
	Email            *string `json:"email"`
	Phone            *string `json:"phone"`
	Question         string  `json:"question"`
	PreferredContact string  `json:"preferred_contact"`
	State            string  `json:"state"`
	QuoteRequestID   *string `json:"quote_request_id"`
	// AboutQuote is the quote the question is about (lender and rate, as the
	// visitor saw it); null for no particular quote.
	AboutQuote *string    `json:"about_quote"`
	CreatedAt  time.Time  `json:"created_at"`
	AnsweredAt *time.Time `json:"answered_at"`
	AnsweredBy *string    `json:"answered_by"`
	// ContactConsent is what the visitor agreed to before giving a phone
	// number; null without one.
	ContactConsent *ContactConsent `json:"contact_consent"`
}

// ContactConsent is the wording a visitor agreed to, when, and the address
// the request came from (TCPA records).
type ContactConsent struct {
	Text    string    `json:"text"`
	At      time.Time `json:"at"`
	Address string    `json:"address"`
}

// Suggestions are the phrases brokers used most, for the analysis editor.
type Suggestions struct {
	Recommendations []string `json:"recommendations"`
	Pros            []string `json:"pros"`
	Cons            []string `json:"cons"`
}

// OutboxEmail is one e-mail the outbox sender kept.
type OutboxEmail struct {
	ID        string    `json:"id"`
	To        string    `json:"to"`
	Subject   string    `json:"subject"`
	Text      string    `json:"text"`
	HTML      string    `json:"html"`
	CreatedAt time.Time `json:"created_at"`
}

// EmailCopy is the words of the "analysis is ready" notice, for a broker
// who sends it by hand.
type EmailCopy struct {
	Subject    string `json:"subject"`
	Body       string `json:"body"`
	ResultsURL string `json:"results_url"`
}

// RefiWatch is an active Refi Buddy watch, for brokers.
type RefiWatch struct {
	QuoteRequestID string     `json:"quote_request_id"`
	Email          string     `json:"email"`
	Balance        float64    `json:"balance"`
	CurrentRate    float64    `json:"current_rate"`
	CurrentPayment float64    `json:"current_payment"`
	LoanProgram    *string    `json:"loan_program"`
	LastAlert      *RefiAlert `json:"last_alert"`
	// HeldForFreshData: today's figures would alert, but the market series
	// of the watch's program is more than 14 days old, so the alert waits.
	HeldForFreshData bool `json:"held_for_fresh_data"`
}

// RefiAlert is the latest alert of a watch's address.
type RefiAlert struct {
	MarketWeek string  `json:"market_week"`
	NewRate    float64 `json:"new_rate"`
	CreatedAt  string  `json:"created_at"`
}

// RefiRun counts what an evaluation of the watches did.
type RefiRun struct {
	Watches int `json:"watches"`
	Alerts  int `json:"alerts"`
	Queued  int `json:"queued"`
	// HeldForFreshData counts the alerts waiting for a fresh market figure.
	HeldForFreshData int `json:"held_for_fresh_data"`
}

// User is a signed-in person.
type User struct {
	ID      string `json:"id"`
	Email   string `json:"email"`
	Name    string `json:"name"`
	IsAdmin bool   `json:"is_admin"`
}

// Token is a short-lived bearer token and whom it is for.
type Token struct {
	AccessToken string    `json:"access_token"`
	ExpiresAt   time.Time `json:"expires_at"`
	User        User      `json:"user"`
}

// Health is GET /api/health's answer.
type Health struct {
	Status     string     `json:"status"`
	Version    string     `json:"version"`
	MarketData *MarketAge `json:"market_data"`
}

// MarketRate is one week of the admin dashboard's chart.
type MarketRate struct {
	Week   string  `json:"week"`
	Rate   float64 `json:"rate"`
	Source string  `json:"source"`
}

// MarketRateHistory is a series' weeks, oldest first.
type MarketRateHistory struct {
	Series string       `json:"series"`
	Rates  []MarketRate `json:"rates"`
}

// CheckedUpload is an uploaded file that passed the checks, with what its
// Loan Estimate says when it is one. CouldNotRead: a PDF or picture from
// which nothing could be read automatically.
type CheckedUpload struct {
	Key          string        `json:"key"`
	FileName     string        `json:"fileName"`
	DetectedType string        `json:"detectedType"`
	LoanEstimate *LoanEstimate `json:"loanEstimate"`
	CouldNotRead bool          `json:"couldNotRead"`
	// Pages are the Loan Estimate's other pictures, read with this one
	// (issue 28 §3): empty for a file that stands alone.
	Pages []UploadedPage `json:"pages"`
}

// UploadedPage is another picture of a Loan Estimate uploaded a page at a time.
type UploadedPage struct {
	Key          string `json:"key"`
	FileName     string `json:"fileName"`
	DetectedType string `json:"detectedType"`
}

// AdminListLimit bounds the dashboard's lists; a broker works the newest first.
const AdminListLimit = 500

// LoanEstimate is what was read from a Loan Estimate (the reader's
// loanestimate.Fields, converted by figures.LoanEstimateOf), as the API
// answers it; PleaseCheck names the figures read from a picture, which the
// visitor checks one by one. docs/loan-estimate.md explains each figure.
type LoanEstimate struct {
	InterestRate      *float64 `json:"interestRate"`
	LoanAmount        *float64 `json:"loanAmount"`
	OriginationCharge *float64 `json:"originationCharges"`
	Points            *float64 `json:"points"`
	LenderCredit      *float64 `json:"lenderCredits"`
	MortgageInsurance *float64 `json:"mortgageInsurance"`
	// LenderFees is what the quote form asks for: section A, plus the
	// lender's own fees in sections B and C except the appraisal, less
	// lender credits.
	LenderFees *float64 `json:"lenderFees"`
	// Lines are the lines of sections A to H that show an amount.
	Lines                   []LoanEstimateLine `json:"lines"`
	ClosingCosts            *float64           `json:"closingCosts"`
	CashToClose             *float64           `json:"cashToClose"`
	APR                     *float64           `json:"apr"`
	TotalInterestPercentage *float64           `json:"totalInterestPercentage"`
	InFiveYears             *InFiveYears       `json:"inFiveYears"`
	// RateLockUntil is the lock's end (yyyy-mm-dd) when the rate is locked.
	RateLockUntil     *string `json:"rateLockUntil"`
	PrepaymentPenalty *bool   `json:"prepaymentPenalty"`
	// LoanTerm is in months.
	LoanTerm   *int     `json:"loanTerm"`
	LenderName *string  `json:"lenderName"`
	Found      []string `json:"found"`
	NotFound   []string `json:"notFound"`
	// ReadByOCR: some figures were read from a picture with OCR.
	ReadByOCR bool `json:"readByOcr"`
	// Checks are the form's own arithmetic (docs/loan-estimate.md): which
	// figures agree with each other and which do not, and why.
	Checks      []LoanEstimateCheck `json:"checks"`
	PleaseCheck []string            `json:"pleaseCheck"`
}

// LoanEstimateCheck is one comparison of a Loan Estimate's figures.
type LoanEstimateCheck struct {
	Name    string   `json:"name"`
	Agrees  bool     `json:"agrees"`
	Fields  []string `json:"fields"`
	Message string   `json:"message"`
}

// LoanEstimateLine is one line of the Closing Cost Details, as printed.
type LoanEstimateLine struct {
	Section string  `json:"section"`
	Label   string  `json:"label"`
	Amount  float64 `json:"amount"`
}

// InFiveYears is page 3's "In 5 Years" comparison.
type InFiveYears struct {
	TotalPaid     float64 `json:"totalPaid"`
	PrincipalPaid float64 `json:"principalPaid"`
}

// ErrDatabaseDown: the health check's database did not answer.
var ErrDatabaseDown = errors.New("the database is not answering")
