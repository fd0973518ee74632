package figures

import "quotegrade/internal/store"

// RequestFigures are what a quote request shows of the visitor's own quote.
type RequestFigures struct {
	BrokerQuote *QuoteFigures
	// InstantGrade is nil without a broker rate to grade.
	InstantGrade *InstantGrade
	// Comparison is nil unless the visitor brought two or more quotes with a rate.
	Comparison *QuotesCompared
	// VisitorQuoteAPRs are the APRs of the visitor's quotes (VisitorQuotes),
	// in their order: nil for one without a rate or an APR.
	VisitorQuoteAPRs []*float64
}

// Request computes the figures of request r's own quote against markets m.
func (s *Service) Request(r store.QuoteRequest, m Markets) RequestFigures {
	return RequestFigures{BrokerQuote: s.BrokerQuote(r), InstantGrade: s.InstantGrade(r, m), Comparison: s.Comparison(r, m),
		VisitorQuoteAPRs: s.visitorQuoteAPRs(r)}
}

// AnalysisFigures are what an analysis shows beside the broker's words.
type AnalysisFigures struct {
	// Quotes are each quote's figures, in the order of the analysis' quotes.
	Quotes []*QuoteFigures
	// Refinance is nil for a request without a current mortgage.
	Refinance *RefinanceAdvice
}

// Analysis computes the figures of analysis a of request r.
func (s *Service) Analysis(r store.QuoteRequest, a store.Analysis) AnalysisFigures {
	quotes := s.Quotes(r, a.Quotes, a.Lender)
	return AnalysisFigures{Quotes: quotes, Refinance: Advice(r, a.Quotes, quotes)}
}
