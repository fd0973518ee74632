package httpapi

import (
	"context"
	"time"

	"quotegrade/internal/figures"
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
	// Figures are computed in the analysis answer, where the lender is known.
	Figures *figures.QuoteFigures `json:"figures"`
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
	// Demo marks the demo requests a development server made.
	Demo bool `json:"demo"`
	// Analyzed is told only where it is looked up (GET /quote-requests/{id}).
	Analyzed *bool `json:"analyzed,omitempty"`
	// BrokerQuoteFigures are the computed figures of the visitor's own quote.
	BrokerQuoteFigures *figures.QuoteFigures `json:"broker_quote_figures"`
	// InstantGrade is the automatic preliminary grade; null without a broker rate.
	InstantGrade *figures.InstantGrade `json:"instant_grade"`
}

type analysisJSON struct {
	ID              string   `json:"id"`
	QuoteRequestID  string   `json:"quote_request_id"`
	Grade           *string  `json:"grade"`
	Pros            []string `json:"pros"`
	Cons            []string `json:"cons"`
	Recommendations []string `json:"recommendations"`
	Notes           []string `json:"notes"`
	// Answers are the broker's answers to the request's questions, in order.
	Answers              []string    `json:"answers"`
	RecommendationReason string      `json:"recommendation_reason"`
	Lender               string      `json:"lender"`
	Quotes               []quoteJSON `json:"quotes"`
	CreatedAt            time.Time   `json:"created_at"`
	UpdatedAt            time.Time   `json:"updated_at"`
	// Refinance is the refinance advice, for a request with a current mortgage.
	Refinance *figures.RefinanceAdvice `json:"refinance"`
}

// analysisPreviewJSON is what the visitor would see if the broker submitted now.
type analysisPreviewJSON struct {
	QuoteRequest quoteRequestJSON `json:"quote_request"`
	Analysis     analysisJSON     `json:"analysis"`
}

type contactInfoJSON struct {
	Email                  *string `json:"email"`
	Phone                  *string `json:"phone"`
	PreferredContactMethod *string `json:"preferred_contact_method"`
}

func quotesJSON(qs []store.Quote, computed []*figures.QuoteFigures) []quoteJSON {
	out := make([]quoteJSON, 0, len(qs))
	for i, q := range qs {
		var f *figures.QuoteFigures
		if computed != nil {
			f = computed[i]
		}
		out = append(out, quoteJSON{Figures: f, ID: q.ID, Rate: q.Rate, LenderFees: q.LenderFees, MortgageInsurance: q.MortgageInsurance,
			APR: q.APR, IsRecommended: q.IsRecommended, Points: q.Points, TitleFees: q.TitleFees, Source: q.Source,
			LoanProgram: q.LoanProgram, CreatedAt: q.CreatedAt, UpdatedAt: q.UpdatedAt})
	}
	return out
}

// quoteRequestJSON is a request with its computed figures and instant grade.
func (s *Server) quoteRequestJSON(ctx context.Context, r store.QuoteRequest) (quoteRequestJSON, error) {
	m, err := s.figures.Markets(ctx)
	if err != nil {
		return quoteRequestJSON{}, err
	}
	return s.quoteRequestWith(r, m), nil
}

func (s *Server) quoteRequestWith(r store.QuoteRequest, m figures.Markets) quoteRequestJSON {
	return toQuoteRequestJSON(r, s.figures.Request(r, m))
}

func toQuoteRequestJSON(r store.QuoteRequest, f figures.RequestFigures) quoteRequestJSON {
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
		Quotes: quotesJSON(r.Quotes, nil), IsExample: r.IsExample, Demo: r.IsDemo,
		BrokerQuoteFigures: f.BrokerQuote, InstantGrade: f.InstantGrade,
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

// analysisJSON is an analysis with each quote's figures and the refinance
// advice, computed from its request.
func (s *Server) analysisJSON(ctx context.Context, a store.Analysis) (analysisJSON, error) {
	r, err := s.store.GetQuoteRequest(ctx, a.QuoteRequestID)
	if err != nil {
		return analysisJSON{}, err
	}
	return toAnalysisJSON(a, s.figures.Analysis(r, a)), nil
}

func toAnalysisJSON(a store.Analysis, f figures.AnalysisFigures) analysisJSON {
	return analysisJSON{ID: a.ID, QuoteRequestID: a.QuoteRequestID, Grade: a.Grade, Pros: a.Pros, Cons: a.Cons,
		Recommendations: a.Recommendations, Notes: a.Notes, Answers: orEmpty(a.Answers), RecommendationReason: a.RecommendationReason,
		Lender: a.Lender, Quotes: quotesJSON(a.Quotes, f.Quotes),
		CreatedAt: a.CreatedAt, UpdatedAt: a.UpdatedAt, Refinance: f.Refinance}
}

func orEmpty(l []string) []string {
	if l == nil {
		return []string{}
	}
	return l
}
