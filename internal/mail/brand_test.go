package mail_test

import (
	"context"
	"net/mail"
	"strings"
	"testing"
	"time"

	qgmail "quotegrade/internal/mail"
	"quotegrade/internal/store"
	"quotegrade/internal/testsupport"
)

// Every e-mail speaks in the operator's names: the display brand at the top
// and in the letterhead, the legal name in the letterhead, and nowhere the
// product's own name "quotegrade" (issue 26: Utah wants marketing in the
// licensed company's name), in the subject, the text or the HTML.
func TestEveryEmailSpeaksInTheSitesNames(t *testing.T) {
	s := operatorSite()
	s.Brand = "Utah Quotes"
	l, err := qgmail.NewLetterhead(s)
	if err != nil {
		t.Fatal(err)
	}
	emails := everyTemplate(t)
	add := func(name string, m qgmail.Message, err error) {
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		emails[name] = m
	}
	r := store.QuoteRequest{ID: "r1", BrokerRate: ptr(6.875), ContactInfo: store.ContactInfo{Email: ptr("ann@example.com")}}
	m, err := qgmail.AnalysisReady(r, store.Analysis{ID: "a1"}, qgmail.Compared{Quotes: 2, RecommendedRate: ptr(6.25), RecommendedAPR: ptr(6.472)}, "https://x.example")
	add("analysis-ready", m, err)
	m, err = qgmail.NewContactRequest(store.ContactRequest{ID: "c1", Name: "Ann", PreferredContact: "email", Email: ptr("ann@example.com"),
		CreatedAt: time.Now()}, "broker@example.com", "https://x.example")
	add("contact-request", m, err)
	m, err = compose(t, `{"to":"ann@example.com","subject":"Your rate","message":"Hello Ann"}`)
	add("send-email", m, err)
	for name, m := range emails {
		got := l.Apply(m)
		for part, body := range map[string]string{"subject": got.Subject, "text": got.Text, "html": got.HTML} {
			if strings.Contains(strings.ToLower(body), "quotegrade") {
				t.Errorf("%s %s names quotegrade:\n%s", name, part, body)
			}
		}
		if !strings.Contains(got.HTML, `font-weight: bold; color: #1e3a8a;">Utah Quotes</p>`) || strings.Contains(got.HTML, `data-qg="masthead"`) {
			t.Errorf("%s: the brand is not at the top:\n%s", name, got.HTML)
		}
		for part, body := range map[string]string{"text": got.Text, "html": got.HTML} {
			if !strings.Contains(body, "Utah Quotes is a service of Wasatch Home Loans LLC") {
				t.Errorf("%s %s lacks the brand and legal name:\n%s", name, part, body)
			}
		}
	}
}

// The From address names the site's brand and legal name unless the
// operator's QG_MAIL_FROM names a sender of its own.
func TestFromAddressNamesTheSite(t *testing.T) {
	s := operatorSite()
	for _, c := range []struct{ brand, from, want string }{
		{"Utah Quotes", "no-reply@wasatch.example", `"Utah Quotes (Wasatch Home Loans LLC)" <no-reply@wasatch.example>`},
		{"Wasatch", "no-reply@wasatch.example", `"Wasatch Home Loans LLC" <no-reply@wasatch.example>`},
		{"Utah Quotes", "Loans Desk <desk@wasatch.example>", `"Loans Desk" <desk@wasatch.example>`},
	} {
		s.Brand = c.brand
		got, err := qgmail.FromAddress(c.from, s)
		if err != nil || got != c.want {
			t.Errorf("FromAddress(%q) with brand %q = %q, %v; want %q", c.from, c.brand, got, err, c.want)
		}
	}
	if _, err := qgmail.FromAddress("nobody", s); err == nil || !strings.Contains(err.Error(), "QG_MAIL_FROM") {
		t.Errorf("a From that is no address: %v", err)
	}
}

// Delivered, the From header carries the names.
func TestSMTPSendsFromTheSitesNames(t *testing.T) {
	server := testsupport.StartSMTP(t, 0)
	s := operatorSite()
	s.Brand = "Utah Quotes"
	from, err := qgmail.FromAddress("no-reply@wasatch.example", s)
	if err != nil {
		t.Fatal(err)
	}
	smtp, err := qgmail.NewSMTP(server.URL(), from, "https://wasatch.example")
	if err != nil {
		t.Fatal(err)
	}
	m, err := qgmail.BrokerMessage("b3", "ann@example.com", "Hello", qgmail.Broker{Message: "Hi Ann"})
	if err != nil {
		t.Fatal(err)
	}
	if err := smtp.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	got, err := mail.ParseAddress(theMessage(t, server).Header.Get("From"))
	if err != nil || got.Name != "Utah Quotes (Wasatch Home Loans LLC)" || got.Address != "no-reply@wasatch.example" {
		t.Errorf("From = %+v, %v", got, err)
	}
}
