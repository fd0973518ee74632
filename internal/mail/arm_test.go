package mail_test

import (
	"strings"
	"testing"

	"quotegrade/internal/mail"
	"quotegrade/internal/store"
)

// An e-mail that names an adjustable-rate program says its rate may
// increase after the fixed period (12 CFR 1026.24(c), issue 26): the
// analysis e-mail's recommended quote and verdicts, in both parts.
func TestAnalysisReadySaysAnARMsRateMayIncrease(t *testing.T) {
	r := store.QuoteRequest{ID: "r1", BrokerRate: ptr(6.875), ContactInfo: store.ContactInfo{Email: ptr("ann@example.com")}}
	c := mail.Compared{Quotes: 2, RecommendedRate: ptr(5.75), RecommendedAPR: ptr(6.412), RecommendedProgram: "5-1-arm",
		Verdicts: []mail.Verdict{{Name: "Bonneville Bank", Rate: ptr(5.75), APR: ptr(6.412), Program: "5-1-arm", Recommended: true},
			{Name: "Quote 2", Rate: ptr(6.5), APR: ptr(6.61), Program: "30-year-fixed"}}}
	m, err := mail.AnalysisReady(r, store.Analysis{ID: "a1"}, c, "https://x.example")
	if err != nil {
		t.Fatal(err)
	}
	for part, body := range map[string]string{"text": m.Text, "html": m.HTML} {
		for _, want := range []string{
			"- Bonneville Bank, 5/1 ARM, 5.75% (6.412% APR) (the rate may increase after the fixed period) (recommended).",
			"- Quote 2, 6.50% (6.61% APR).",
			"Our broker recommends the quote at 5.75% (6.412% APR), a 5/1 ARM (the rate may increase after the fixed period).",
		} {
			if !strings.Contains(body, want) {
				t.Errorf("%s part lacks %q:\n%s", part, want, body)
			}
		}
	}
	// Fixed-rate quotes only: nothing is said of increases.
	c.RecommendedProgram, c.Verdicts[0].Program = "30-year-fixed", "30-year-fixed"
	if m, _ = mail.AnalysisReady(r, store.Analysis{ID: "a1"}, c, "https://x.example"); strings.Contains(m.Text, "may increase") {
		t.Errorf("a fixed-rate recommendation says the rate may increase:\n%s", m.Text)
	}
	// A broker's own words naming an ARM bring the sentence too.
	a := store.Analysis{ID: "a2", RecommendationReason: "A 7/1 ARM suits a five-year stay."}
	m, _ = mail.AnalysisReady(r, a, mail.Compared{Quotes: 2, RecommendedRate: ptr(5.75), RecommendedAPR: ptr(6.412)}, "https://x.example")
	if !strings.Contains(m.Text, "An adjustable-rate mortgage (ARM): the rate may increase after the fixed period.") ||
		!strings.Contains(m.HTML, "<p>An adjustable-rate mortgage (ARM): the rate may increase after the fixed period.</p>") {
		t.Errorf("the broker's ARM is not said to adjust:\n%s\n%s", m.Text, m.HTML)
	}
}

// The broker's Send Email: a message naming an ARM ends with the sentence,
// once; a message naming none is left as it is.
func TestSendEmailNamingAnARMSaysItsRateMayIncrease(t *testing.T) {
	const notice = "An adjustable-rate mortgage (ARM): the rate may increase after the fixed period."
	for msg, want := range map[string]int{
		`Our 5/1 ARM is at 5.75% (6.412% APR).`:   1,
		`An adjustable-rate loan could suit you.`: 1,
		`Program: 7-1-arm.`:                       1,
		`Our 5/1 ARM is at 5.75% (6.412% APR); the rate may increase after the fixed period, of course.`: 0,
		`Your 30-year fixed quote is fair. I'll arm you with the facts.`:                                 0,
	} {
		m, err := compose(t, `{"to":"ann@example.com","subject":"Your rate","message":"`+msg+`"}`)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Count(m.Text, notice); got != want {
			t.Errorf("%q: the text says it %d times, want %d:\n%s", msg, got, want, m.Text)
		}
		if got := strings.Count(m.HTML, "<p>"+notice+"</p>"); got != want {
			t.Errorf("%q: the HTML says it %d times, want %d:\n%s", msg, got, want, m.HTML)
		}
	}
}
