package mail

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"quotegrade/internal/site"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// namesARM finds an adjustable-rate program in words a broker wrote: "ARM",
// "5/1 ARM", "7-1-arm", "adjustable-rate".
var namesARM = regexp.MustCompile(`\bARMs?\b|(?i:\badjustable[- ]rate|\b\d+[/-]\d+[- ]?arms?\b)`)

// ARMNotice is the paragraph an e-mail naming an adjustable-rate program
// ends with, "" when it names none or says it already (Regulation Z, 12 CFR
// 1026.24(c): an ARM's rate may increase; issue 26).
func ARMNotice(text string) string {
	if !namesARM.MatchString(text) || strings.Contains(strings.ToLower(text), vocab.MsgRateMayIncrease) {
		return ""
	}
	return "\n\nAn adjustable-rate mortgage (ARM): " + vocab.MsgRateMayIncrease + "."
}

// Subjects of the analysis-ready notice (spec: admin "Email Copy").
const (
	SubjectQuoteAnalysis  = "Your Quote Analysis is Ready!"
	SubjectQuoteEstimates = "Your Quote Estimates are Ready!"
)

// ResultsURL is the visitor's results page.
func ResultsURL(publicURL, requestID string) string {
	return publicURL + "/rate-results/?qr=" + url.QueryEscape(requestID)
}

// AnalysisReadyCopy is the subject and body a broker sends when an analysis is
// done; the admin page shows the same words in its Email Copy block.
func AnalysisReadyCopy(r store.QuoteRequest, publicURL string) (subject, body string) {
	subject, what := SubjectQuoteEstimates, "loan scenario"
	if r.BrokerRate != nil || r.UserUploadedQuoteURL != nil {
		subject, what = SubjectQuoteAnalysis, "rate quote"
	}
	body = fmt.Sprintf("Good news! A licensed mortgage broker has reviewed your %s and your results are ready.\n\n"+
		"See your results: %s\n\n"+
		"Have a question about your results? Just reply to this e-mail or use 'Speak to a Mortgage Expert' on your results page.",
		what, ResultsURL(publicURL, r.ID))
	return subject, body
}

// MsgQuestionsAnswered tells the visitor their questions were answered.
const MsgQuestionsAnswered = "Your questions have been answered: you will find each answer with your results."

// AnsweredLine is the notice's paragraph saying the visitor's questions were
// answered; empty when the broker answered none.
func AnsweredLine(a store.Analysis) string {
	for _, answer := range a.Answers {
		if strings.TrimSpace(answer) != "" {
			return MsgQuestionsAnswered + "\n\n"
		}
	}
	return ""
}

// ReviewedLine names the loan officer who reviewed the analysis, with their
// NMLS Consumer Access page (issue 26); empty when the broker had no profile
// (the letterhead names the brokerage, which stands behind it).
func ReviewedLine(a store.Analysis) string {
	return OfficerLine(a.ReviewedBy)
}

// OfficerLine is "Reviewed by NAME, NMLS #ID" with the officer's NMLS
// Consumer Access page, as a paragraph; empty for no profile. The analysis
// e-mail and every e-mail a broker sends carry it (SAFE Act, issue 26).
func OfficerLine(o store.LoanOfficer) string {
	if o.IsZero() {
		return ""
	}
	return fmt.Sprintf("Reviewed by %s, NMLS #%s (NMLS Consumer Access: %s).\n\n",
		o.Name, o.NMLS, site.OfficerConsumerAccessURL(o.NMLS))
}

// Compared is what the notice says of a request carrying two to four quotes
// (issue 29); the analysis service fills it from the comparison's figures.
type Compared struct {
	// Quotes is how many quotes the visitor brought.
	Quotes int
	// Cheapest is the comparison's sentence naming the quote cheapest at the
	// visitor's horizon; empty when fewer than two quotes have a rate yet.
	Cheapest string
	// RecommendedRate and RecommendedAPR are the broker's recommended quote;
	// a nil rate when the broker recommends none.
	RecommendedRate, RecommendedAPR *float64
	// RecommendedProgram is the recommended quote's loan program ("" when
	// not known): an ARM's rate may increase, and the notice says so.
	RecommendedProgram vocab.Program
	// Verdicts are the broker's verdict on each quote, in the visitor's
	// order; none when the broker gave one verdict for the request.
	Verdicts []Verdict
}

// Verdict is the broker's verdict on one of the visitor's quotes.
type Verdict struct {
	// Name is the lender's name, or "Quote N".
	Name string
	// Rate and APR are the quote's; nil when not known.
	Rate, APR *float64
	// Program is the quote's loan program ("" when not known).
	Program     vocab.Program
	Grade       *string
	Pros, Cons  []string
	Recommended bool
}

// verdictLines: "Bonneville Bank, 6.250% (6.472% APR): grade A (recommended).
// Pros: ... Cons: ..." for each quote.
func verdictLines(b *strings.Builder, verdicts []Verdict) {
	if len(verdicts) == 0 {
		return
	}
	b.WriteString("Our broker's verdict on each quote:\n\n")
	for _, v := range verdicts {
		b.WriteString("- " + v.Name)
		if v.Program.Adjustable() {
			b.WriteString(", " + v.Program.Label())
		}
		// A rate goes only with its APR (12 CFR 1026.24(c)).
		if v.Rate != nil && v.APR != nil {
			fmt.Fprintf(b, ", %s (%s APR)", vocab.Percent(*v.Rate), vocab.Percent(*v.APR))
		}
		if v.Program.Adjustable() {
			b.WriteString(" (" + vocab.MsgRateMayIncrease + ")")
		}
		if v.Grade != nil {
			fmt.Fprintf(b, ": grade %s", *v.Grade)
		}
		if v.Recommended {
			b.WriteString(" (recommended)")
		}
		b.WriteString(".")
		if len(v.Pros) > 0 {
			b.WriteString(" Pros: " + strings.Join(v.Pros, "; ") + ".")
		}
		if len(v.Cons) > 0 {
			b.WriteString(" Cons: " + strings.Join(v.Cons, "; ") + ".")
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
}

// ComparedLines are the notice's paragraphs on the quotes compared: which
// is cheapest for as long as the visitor keeps the loan, and the broker's
// recommendation (with its APR, as the advertising rules ask of any rate);
// empty for a request with fewer than two quotes.
func ComparedLines(c Compared, a store.Analysis) string {
	if c.Quotes < 2 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "You sent us %d quotes to compare.", c.Quotes)
	if c.Cheapest != "" {
		b.WriteString(" " + c.Cheapest)
	}
	b.WriteString("\n\n")
	verdictLines(&b, c.Verdicts)
	reason := strings.TrimSpace(a.RecommendationReason)
	switch {
	case c.RecommendedRate != nil:
		// A rate goes only with its APR (12 CFR 1026.24(c)).
		if c.RecommendedAPR != nil {
			fmt.Fprintf(&b, "Our broker recommends the quote at %s (%s APR)", vocab.Percent(*c.RecommendedRate), vocab.Percent(*c.RecommendedAPR))
		} else {
			b.WriteString("Our broker recommends one of your quotes")
		}
		if c.RecommendedProgram.Adjustable() {
			b.WriteString(", a " + c.RecommendedProgram.Label() + " (" + vocab.MsgRateMayIncrease + ")")
		}
		if reason != "" {
			b.WriteString(": " + reason)
		} else {
			b.WriteString(".")
		}
		b.WriteString("\n\n")
	case len(a.Recommendations) > 0:
		b.WriteString("Our broker's recommendation: " + a.Recommendations[0] + "\n\n")
	}
	return b.String()
}

// AnalysisReady is the notice to the visitor, with a button to the results
// page; with two or more quotes it sums up their comparison (c).
func AnalysisReady(r store.QuoteRequest, a store.Analysis, c Compared, publicURL string) (Message, error) {
	subject, body := AnalysisReadyCopy(r, publicURL)
	text := strings.Replace(body, "See your results: "+ResultsURL(publicURL, r.ID)+"\n\n", ComparedLines(c, a)+ReviewedLine(a)+AnsweredLine(a), 1)
	text += ARMNotice(text)
	return BrokerMessage("analysis-ready-"+a.ID, *r.Email, subject, Broker{Message: text,
		ButtonLink: ResultsURL(publicURL, r.ID), ButtonText: "View Your Results"})
}

// NewContactRequest tells the brokers' address about a visitor's question.
func NewContactRequest(c store.ContactRequest, brokerEmail, publicURL string) (Message, error) {
	subject := "New question from " + c.Name
	if c.Kind == "update_rates" {
		subject = "Updated rates requested by " + c.Name
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s asked for help on the site.\n\n", c.Name)
	if c.AboutQuote != nil {
		fmt.Fprintf(&b, "About the quote: %s\n\n", *c.AboutQuote)
	}
	if c.Question != "" {
		fmt.Fprintf(&b, "Question: %s\n\n", c.Question)
	}
	fmt.Fprintf(&b, "Preferred contact: %s\nE-mail: %s\nPhone: %s", c.PreferredContact, deref(c.Email), deref(c.Phone))
	if c.Consent != nil {
		fmt.Fprintf(&b, "\n\nConsent to calls and texts, given %s from %s: %s",
			c.Consent.At.UTC().Format("Jan 2, 2006 15:04 MST"), c.Consent.Address, c.Consent.Text)
	}
	broker := Broker{Message: b.String(), ButtonText: "Open the dashboard", ButtonLink: publicURL + "/admin"}
	if c.QuoteRequestID != nil {
		broker.ButtonText, broker.ButtonLink = "Open the quote request", publicURL+"/admin/analysis/"+url.PathEscape(*c.QuoteRequestID)
	}
	return BrokerMessage("contact-request-"+c.ID, brokerEmail, subject, broker)
}

func deref(s *string) string {
	if s == nil {
		return "None"
	}
	return *s
}
