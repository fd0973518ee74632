package mail_test

import (
	"html"
	"regexp"
	"strings"
	"testing"
	"time"

	"quotegrade/internal/mail"
	"quotegrade/internal/store"
)

var (
	rateLike = regexp.MustCompile(`\d+\.\d+\s?%`)
	// A rate written with its APR, or an APR alone.
	rateWithAPR = regexp.MustCompile(`\d+\.\d+% \(\d+\.\d+% APR\)|\d+\.\d+% APR`)
	paragraphs  = regexp.MustCompile(`\n\s*\n|</p>|<br\s*/?>`)
	tags        = regexp.MustCompile(`<[^>]+>`)
	armNamed    = regexp.MustCompile(`\bARMs?\b|(?i:adjustable[- ]rate)`)
)

// rateProblems are the paragraphs of body that name a rate neither with its
// APR ("6.25% (6.472% APR)") nor labelled as a survey average ("not an APR").
func rateProblems(body string) []string {
	var out []string
	for _, p := range paragraphs.Split(body, -1) {
		p = strings.Join(strings.Fields(html.UnescapeString(tags.ReplaceAllString(p, " "))), " ")
		if !rateLike.MatchString(p) || strings.Contains(p, "not an APR") {
			continue
		}
		if rateLike.MatchString(rateWithAPR.ReplaceAllString(p, "")) {
			out = append(out, p)
		}
	}
	return out
}

// Regulation Z, 12 CFR 1026.24 (issue 26, docs/compliance.md): every rate an
// e-mail names comes with its APR, or is a survey average labelled as one.
// The check itself fails on a rate without its APR.
func TestEveryRateInAnEmailHasItsAPROrIsALabelledAverage(t *testing.T) {
	emails := everyTemplate(t)
	alert, err := mail.RefiAlert(store.RefiAlert{ID: "a2", Email: "ann@example.com",
		RefiFigures: store.RefiFigures{NewRate: 6.125, NewPayment: 2242.4, MonthlySavings: 210, ClosingCosts: 4200,
			BreakEvenMonths: 20, MarketWeek: time.Date(2026, 11, 19, 0, 0, 0, 0, time.UTC)}}, "https://x.example",
		mail.RefiAlertLinks{Token: "tok", Reason: "Your alert uses our standard rule: today's rate is 0.75 percentage points below your 6.88%, and the costs are earned back after about 20 months.",
			Loans: mail.RefiLoans{CurrentRate: 6.875, CurrentPayment: 2452.6, CurrentMonthsLeft: 300, NewProgram: "30-year-fixed", NewTermMonths: 360, NewAPR: ptr(6.221)}})
	if err != nil {
		t.Fatal(err)
	}
	emails["refi-alert, standard rule"] = alert
	r := store.QuoteRequest{ID: "r3", BrokerRate: ptr(6.875), ContactInfo: store.ContactInfo{Email: ptr("ann@example.com")}}
	for name, c := range map[string]mail.Compared{
		"analysis-ready, recommended": {Quotes: 2, RecommendedRate: ptr(6.25), RecommendedAPR: ptr(6.472), Verdicts: []mail.Verdict{
			{Name: "Bonneville Bank", Rate: ptr(6.25), APR: ptr(6.472), Recommended: true}, {Name: "Quote 2", Rate: ptr(6.5), APR: ptr(6.61)}}},
		"analysis-ready, an ARM recommended": {Quotes: 2, RecommendedRate: ptr(5.75), RecommendedAPR: ptr(6.412), RecommendedProgram: "5-1-arm"},
		// A quote whose APR is not known: its rate is not named either.
		"analysis-ready, an APR unknown": {Quotes: 2, RecommendedRate: ptr(6.25), Verdicts: []mail.Verdict{
			{Name: "Bonneville Bank", Rate: ptr(6.25), Recommended: true}, {Name: "Quote 2", Rate: ptr(6.5), APR: ptr(6.61)}}},
	} {
		m, err := mail.AnalysisReady(r, store.Analysis{ID: "a3"}, c, "https://x.example")
		if err != nil {
			t.Fatal(err)
		}
		emails[name] = m
	}
	armAlert, err := mail.RefiAlert(store.RefiAlert{ID: "a4", Email: "ann@example.com",
		RefiFigures: store.RefiFigures{NewRate: 6.125, NewPayment: 2242.4, MarketWeek: time.Now()}},
		"https://x.example", mail.RefiAlertLinks{Token: "tok", Reason: "Rates fell.", Loans: mail.RefiLoans{CurrentRate: 7, CurrentPayment: 2000,
			CurrentARM: true, NewProgram: "30-year-fixed", NewTermMonths: 360, NewAPR: ptr(6.2)}})
	if err != nil {
		t.Fatal(err)
	}
	emails["refi-alert, an ARM watched"] = armAlert
	if emails["broker, naming an ARM"], err = compose(t, `{"to":"ann@example.com","subject":"Options","message":"A 5/1 ARM at 5.75% (6.412% APR) suits a short stay."}`); err != nil {
		t.Fatal(err)
	}
	for name, m := range emails {
		for part, body := range map[string]string{"text": m.Text, "html": m.HTML} {
			for _, p := range rateProblems(body) {
				t.Errorf("%s %s: a rate without its APR: %q", name, part, p)
			}
			// An ARM named is an ARM whose rate may increase (1026.24(c)).
			if armNamed.MatchString(body) && !strings.Contains(body, "the rate may increase after the fixed period") {
				t.Errorf("%s %s names an ARM without saying its rate may increase:\n%s", name, part, body)
			}
		}
	}
	for _, name := range []string{"analysis-ready, an ARM recommended", "refi-alert, an ARM watched", "broker, naming an ARM"} {
		if !armNamed.MatchString(emails[name].Text) {
			t.Errorf("%s names no ARM:\n%s", name, emails[name].Text)
		}
	}
	for name, wants := range map[string][]string{
		"refi-alert, standard rule": {"about 6.12% (weekly average",
			// 12 CFR 1026.24(d): a payment brings both loans' rate, APR and term.
			"Your loan today: 6.88%, the note rate you gave us (not an APR", "about 25 years of payments left (300 monthly payments",
			"6.12% (6.221% APR), a 30-year fixed loan of 360 monthly payments", "A new 30-year loan starts your term again"},
		"analysis-ready, recommended": {"6.25% (6.472% APR)"},
	} {
		for _, want := range wants {
			for part, body := range map[string]string{"text": emails[name].Text, "html": html.UnescapeString(emails[name].HTML)} {
				if !strings.Contains(body, want) {
					t.Errorf("%s %s does not name %q:\n%s", name, part, want, body)
				}
			}
		}
	}
}

// The check above is not true of anything: a bare rate, or one whose APR
// went missing, fails it.
func TestTheRateCheckFindsARateWithoutItsAPR(t *testing.T) {
	for _, body := range []string{"Our broker recommends the quote at 6.25%.", "<p>Rates are at 6.125% this week.</p>", "6.25% (6.472% APR) and 6.5%"} {
		if len(rateProblems(body)) == 0 {
			t.Errorf("%q passed", body)
		}
	}
	for _, body := range []string{"6.25% (6.472% APR)", "6.13% (weekly average: an average interest rate, not an APR, not an offer)", "No rates here."} {
		if p := rateProblems(body); len(p) != 0 {
			t.Errorf("%q failed: %v", body, p)
		}
	}
}
