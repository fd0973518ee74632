package httpapi

import (
	"time"

	"quotegrade/internal/mortgage"
	"quotegrade/internal/store"
)

// The answers' shapes, as in spec section 3 and openapi.json.

type quoteJSON struct {
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
}

type currentMortgageJSON struct {
	Rate                       float64  `json:"rate"`
	MonthlyPayment             float64  `json:"monthly_payment"`
	CalculatedMonthlyPaymentPI *float64 `json:"calculated_monthly_payment_pi"`
	LoanProgram                *string  `json:"loan_program"`
	MortgageInsurance          *float64 `json:"mortgage_insurance"`
}

type quoteRequestJSON struct {
	ID                      string               `json:"id"`
	LoanType                string               `json:"loan_type"`
	PropertyType            string               `json:"property_type"`
	PropertyStyle           string               `json:"property_style"`
	MilitaryService         bool                 `json:"military_service"`
	CreditScore             int                  `json:"credit_score"`
	ZipCode                 string               `json:"zip_code"`
	State                   string               `json:"state"`
	PurchasePrice           *float64             `json:"purchase_price"`
	DownPayment             *float64             `json:"down_payment"`
	DownPaymentPercent      *float64             `json:"down_payment_percent"`
	IsFirstHome             *bool                `json:"is_first_home"`
	PropertyValue           *float64             `json:"property_value"`
	RemainingBalance        *float64             `json:"remaining_balance"`
	CashOut                 bool                 `json:"cash_out"`
	CashOutAmount           *float64             `json:"cash_out_amount"`
	Email                   *string              `json:"email"`
	Phone                   *string              `json:"phone"`
	PreferredContactMethod  *string              `json:"preferred_contact_method"`
	CreatedAt               time.Time            `json:"created_at"`
	InterestRate            *float64             `json:"interest_rate"`
	BrokerRate              *float64             `json:"broker_rate"`
	BrokerLenderFees        *float64             `json:"broker_lender_fees"`
	BrokerMortgageInsurance *float64             `json:"broker_mortgage_insurance"`
	UserUploadedQuoteURL    *string              `json:"user_uploaded_quote_url"`
	Questions               []string             `json:"questions"`
	RefiIntent              *string              `json:"refi_intent"`
	KeystoneConsideration   *string              `json:"keystone_consideration"`
	CurrentMortgage         *currentMortgageJSON `json:"current_mortgage"`
	Quotes                  []quoteJSON          `json:"quotes"`
	IsExample               bool                 `json:"is_example"`
}

type analysisJSON struct {
	ID              string      `json:"id"`
	QuoteRequestID  string      `json:"quote_request_id"`
	Grade           *string     `json:"grade"`
	Pros            []string    `json:"pros"`
	Cons            []string    `json:"cons"`
	Recommendations []string    `json:"recommendations"`
	Notes           []string    `json:"notes"`
	Lender          string      `json:"lender"`
	Quotes          []quoteJSON `json:"quotes"`
	CreatedAt       time.Time   `json:"created_at"`
	UpdatedAt       time.Time   `json:"updated_at"`
}

type contactInfoJSON struct {
	Email                  *string `json:"email"`
	Phone                  *string `json:"phone"`
	PreferredContactMethod *string `json:"preferred_contact_method"`
}

func quotesJSON(qs []store.Quote) []quoteJSON {
	out := make([]quoteJSON, 0, len(qs))
	for _, q := range qs {
		out = append(out, quoteJSON{ID: q.ID, Rate: q.Rate, LenderFees: q.LenderFees, MortgageInsurance: q.MortgageInsurance,
			APR: q.APR, IsRecommended: q.IsRecommended, Points: q.Points, TitleFees: q.TitleFees, Source: q.Source,
			LoanProgram: q.LoanProgram, CreatedAt: q.CreatedAt, UpdatedAt: q.UpdatedAt})
	}
	return out
}

func toQuoteRequestJSON(r store.QuoteRequest) quoteRequestJSON {
	questions := r.Questions
	if questions == nil {
		questions = []string{}
	}
	return quoteRequestJSON{
		ID: r.ID, LoanType: r.LoanType, PropertyType: r.PropertyType, PropertyStyle: r.PropertyStyle,
		MilitaryService: r.MilitaryService, CreditScore: r.CreditScore, ZipCode: r.ZipCode, State: r.State,
		PurchasePrice: r.PurchasePrice, DownPayment: r.DownPayment, DownPaymentPercent: r.DownPaymentPercent,
		IsFirstHome: r.IsFirstHome, PropertyValue: r.PropertyValue, RemainingBalance: r.RemainingBalance,
		CashOut: r.CashOut, CashOutAmount: r.CashOutAmount, Email: r.Email, Phone: r.Phone,
		PreferredContactMethod: r.PreferredContactMethod, CreatedAt: r.CreatedAt, InterestRate: r.InterestRate,
		BrokerRate: r.BrokerRate, BrokerLenderFees: r.BrokerLenderFees, BrokerMortgageInsurance: r.BrokerMortgageInsurance,
		UserUploadedQuoteURL: r.UserUploadedQuoteURL, Questions: questions, RefiIntent: r.RefiIntent,
		KeystoneConsideration: r.KeystoneConsideration, CurrentMortgage: currentMortgage(r),
		Quotes: quotesJSON(r.Quotes), IsExample: r.IsExample,
	}
}

// currentMortgage adds the recomputed principal and interest: the remaining
// balance at the current rate over the program's full term.
func currentMortgage(r store.QuoteRequest) *currentMortgageJSON {
	m := r.CurrentMortgage
	if m == nil {
		return nil
	}
	out := &currentMortgageJSON{Rate: m.Rate, MonthlyPayment: m.MonthlyPayment, LoanProgram: m.LoanProgram, MortgageInsurance: m.MortgageInsurance}
	if r.RemainingBalance != nil {
		program := ""
		if m.LoanProgram != nil {
			program = *m.LoanProgram
		}
		pi := mortgage.RoundCents(mortgage.MonthlyPayment(*r.RemainingBalance, m.Rate, mortgage.TermMonths(program)))
		out.CalculatedMonthlyPaymentPI = &pi
	}
	return out
}

func toAnalysisJSON(a store.Analysis) analysisJSON {
	return analysisJSON{ID: a.ID, QuoteRequestID: a.QuoteRequestID, Grade: a.Grade, Pros: a.Pros, Cons: a.Cons,
		Recommendations: a.Recommendations, Notes: a.Notes, Lender: a.Lender, Quotes: quotesJSON(a.Quotes),
		CreatedAt: a.CreatedAt, UpdatedAt: a.UpdatedAt}
}
