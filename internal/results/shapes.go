package results

import (
	"quotegrade/internal/api"
	"quotegrade/internal/figures"
	"quotegrade/internal/mortgage"
	"quotegrade/internal/site"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// The records turned into the answers' shapes (internal/api, as in spec
// section 3 and openapi.json).

func quotesOf(qs []store.Quote, computed []*figures.QuoteFigures) []api.Quote {
	out := make([]api.Quote, 0, len(qs))
	for i, q := range qs {
		var f *figures.QuoteFigures
		if computed != nil {
			f = computed[i]
		}
		out = append(out, api.Quote{Figures: f, ID: q.ID, Rate: q.Rate, LenderFees: q.LenderFees, MortgageInsurance: q.MortgageInsurance,
			APR: q.APR, IsRecommended: q.IsRecommended, Points: q.Points, TitleFees: q.TitleFees, Source: string(q.Source),
			LoanProgram: q.LoanProgram, CreatedAt: q.CreatedAt, UpdatedAt: q.UpdatedAt})
	}
	return out
}

func quoteRequestOf(r store.QuoteRequest, f figures.RequestFigures) api.QuoteRequest {
	return api.QuoteRequest{
		ID: r.ID, LoanType: r.LoanType, PropertyType: r.PropertyType, PropertyStyle: r.PropertyStyle,
		MilitaryService: r.MilitaryService, CreditScore: r.CreditScore, ZipCode: r.ZipCode, State: r.State,
		PurchasePrice: r.PurchasePrice, DownPayment: r.DownPayment, DownPaymentPercent: r.DownPaymentPercent,
		IsFirstHome: r.IsFirstHome, PropertyValue: r.PropertyValue, RemainingBalance: r.RemainingBalance,
		CashOut: r.CashOut, CashOutAmount: r.CashOutAmount, Email: r.Email, Phone: r.Phone,
		PreferredContactMethod: r.PreferredContactMethod, ContactConsent: consentOf(r.Consent), CreatedAt: r.CreatedAt, InterestRate: r.InterestRate,
		BrokerRate: r.BrokerRate, BrokerLenderFees: r.BrokerLenderFees, BrokerMortgageInsurance: r.BrokerMortgageInsurance,
		UserUploadedQuoteURL: r.UserUploadedQuoteURL, Questions: orEmpty(r.Questions), RefiIntent: r.RefiIntent,
		KeystoneConsideration: r.KeystoneConsideration, CurrentMortgage: currentMortgageOf(r),
		Quotes: quotesOf(r.Quotes, nil), IsExample: r.IsExample, Demo: r.IsDemo,
		BrokerQuoteFigures: f.BrokerQuote, InstantGrade: f.InstantGrade,
		VisitorQuotes: visitorQuotesOf(r, f.VisitorQuoteAPRs), HorizonMonths: r.HorizonMonths, Comparison: f.Comparison,
	}
}

// consentOf is the consent to calls and texts as the broker reads it.
func consentOf(c *store.ContactConsent) *api.ContactConsent {
	if c == nil {
		return nil
	}
	return &api.ContactConsent{Text: c.Text, At: c.At, Address: c.Address}
}

// visitorQuotesOf is r's visitor quotes with their APRs (in the same order).
func visitorQuotesOf(r store.QuoteRequest, aprs []*float64) []api.VisitorQuote {
	out := []api.VisitorQuote{}
	for i, q := range figures.VisitorQuotes(r) {
		v := api.VisitorQuote{LenderName: q.LenderName, Rate: q.Rate, Points: q.Points, LenderFees: q.LenderFees,
			MortgageInsurance: q.MortgageInsurance, UploadedFileURL: q.UploadKey}
		if i < len(aprs) {
			v.APR = aprs[i]
		}
		out = append(out, v)
	}
	return out
}

// currentMortgageOf adds the recomputed principal and interest: the remaining
// balance at the current rate over the program's full term.
func currentMortgageOf(r store.QuoteRequest) *api.CurrentMortgage {
	m := r.CurrentMortgage
	if m == nil {
		return nil
	}
	out := &api.CurrentMortgage{Rate: m.Rate, MonthlyPayment: m.MonthlyPayment, LoanProgram: m.LoanProgram, MortgageInsurance: m.MortgageInsurance}
	if r.RemainingBalance != nil {
		program := ""
		if m.LoanProgram != nil {
			program = *m.LoanProgram
		}
		pi := mortgage.RoundCents(mortgage.MonthlyPayment(*r.RemainingBalance, m.Rate, mortgage.TermMonths(vocab.Program(program))))
		out.CalculatedMonthlyPaymentPI = &pi
	}
	return out
}

func analysisOf(a store.Analysis, f figures.AnalysisFigures) api.Analysis {
	return api.Analysis{ID: a.ID, QuoteRequestID: a.QuoteRequestID, Grade: a.Grade, Pros: a.Pros, Cons: a.Cons,
		Recommendations: a.Recommendations, Notes: a.Notes, Answers: orEmpty(a.Answers), RecommendationReason: a.RecommendationReason,
		QuoteVerdicts: verdictsOf(a.QuoteVerdicts), Lender: a.Lender, ReviewedBy: reviewerOf(a.ReviewedBy), Quotes: quotesOf(a.Quotes, f.Quotes),
		CreatedAt: a.CreatedAt, UpdatedAt: a.UpdatedAt, Refinance: f.Refinance}
}

// AnalysisAsSaved is an analysis' answer without its figures: an earlier
// version of it, as the broker saved it (records.Service.Versions).
func AnalysisAsSaved(a store.Analysis) api.Analysis {
	return analysisOf(a, figures.AnalysisFigures{})
}

func verdictsOf(l []store.QuoteVerdict) []api.QuoteVerdict {
	out := make([]api.QuoteVerdict, len(l))
	for i, v := range l {
		out[i] = api.QuoteVerdict{Grade: v.Grade, Pros: orEmpty(v.Pros), Cons: orEmpty(v.Cons), Recommended: v.Recommended}
	}
	return out
}

func reviewerOf(o store.LoanOfficer) *api.Reviewer {
	if o.IsZero() {
		return nil
	}
	return &api.Reviewer{Name: o.Name, NMLS: o.NMLS, ConsumerAccessURL: site.OfficerConsumerAccessURL(o.NMLS)}
}

func orEmpty(l []string) []string {
	if l == nil {
		return []string{}
	}
	return l
}
