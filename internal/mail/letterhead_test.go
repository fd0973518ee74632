package mail_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"quotegrade/internal/mail"
	"quotegrade/internal/site"
	"quotegrade/internal/store"
	"quotegrade/internal/testsupport"
)

func operatorSite() site.Site {
	s := site.Demo()
	s.Demonstration = false
	s.BrokerageName, s.BrokerageNMLS = "Wasatch Home Loans LLC", "1234567"
	s.PostalAddress, s.ContactEmail = "1 Main St, Provo, UT 84601", "loans@wasatch.example"
	return s
}

// everyTemplate renders each e-mail the product sends.
func everyTemplate(t *testing.T) map[string]mail.Message {
	t.Helper()
	out := map[string]mail.Message{}
	add := func(name string, m mail.Message, err error) {
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = m
	}
	m, err := mail.BrokerMessage("b1", "ann@example.com", "Hello", mail.Broker{Message: "Hi Ann"})
	add("broker", m, err)
	m, err = mail.RefiConfirmation("ann@example.com", "https://x.example", "tok", "manage")
	add("refi-confirm", m, err)
	m, err = mail.RefiAlert(store.RefiAlert{ID: "a1", Email: "ann@example.com",
		RefiFigures: store.RefiFigures{NewRate: 6, MarketWeek: time.Now()}}, "https://x.example",
		mail.RefiAlertLinks{Token: "tok", Reason: "Rates fell", Loans: mail.RefiLoans{CurrentRate: 7, CurrentPayment: 2000, CurrentMonthsLeft: 280,
			NewProgram: "30-year-fixed", NewTermMonths: 360, NewAPR: ptr(6.1)}})
	add("refi-alert", m, err)
	m, err = mail.NewRequests([]mail.NewRequest{{ID: "r1", Summary: "Purchase", CreatedAt: time.Now()}}, "broker@example.com", "https://x.example")
	add("new-requests", m, err)
	m, err = mail.StaleRates(time.Now(), 20, "broker@example.com", "https://x.example")
	add("stale-rates", m, err)
	return out
}

// Every e-mail carries the brokerage's legal name, NMLS ID and Consumer
// Access link, postal address and the Equal Housing Opportunity statement,
// and replies go to the brokerage (issue 26, docs/compliance.md).
func TestEveryEmailCarriesTheLetterhead(t *testing.T) {
	l, err := mail.NewLetterhead(operatorSite())
	if err != nil {
		t.Fatal(err)
	}
	for name, m := range everyTemplate(t) {
		got := l.Apply(m)
		for part, body := range map[string]string{"html": got.HTML, "text": got.Text} {
			for _, want := range []string{"Wasatch Home Loans LLC", "NMLS #1234567", "https://www.nmlsconsumeraccess.org/EntityDetails.aspx/COMPANY/1234567",
				"1 Main St, Provo, UT 84601", "Equal Housing Opportunity"} {
				if !strings.Contains(body, want) {
					t.Errorf("%s %s lacks %q", name, part, want)
				}
			}
		}
		if strings.Contains(got.HTML, `data-qg="letterhead"`) || strings.Count(got.HTML, "Equal Housing Opportunity") != 1 {
			t.Errorf("%s: the letterhead is not in its place once:\n%s", name, got.HTML)
		}
		if got.ReplyTo != "loans@wasatch.example" {
			t.Errorf("%s: Reply-To = %q", name, got.ReplyTo)
		}
	}
}

func TestTheLetterheadEscapesTheSiteFile(t *testing.T) {
	s := operatorSite()
	s.BrokerageName = "Bob & <Sons>"
	l, err := mail.NewLetterhead(s)
	if err != nil {
		t.Fatal(err)
	}
	if got := l.Apply(mail.Message{HTML: "<body></body>"}).HTML; !strings.Contains(got, "Bob &amp; &lt;Sons&gt;") {
		t.Errorf("html = %s", got)
	}
}

// Through SMTP the message carries a Reply-To header and the letterhead.
func TestSMTPSendsTheLetterheadAndReplyTo(t *testing.T) {
	server := testsupport.StartSMTP(t, 0)
	smtp, err := mail.NewSMTP(server.URL(), "Wasatch <no-reply@wasatch.example>", "https://wasatch.example")
	if err != nil {
		t.Fatal(err)
	}
	l, err := mail.NewLetterhead(operatorSite())
	if err != nil {
		t.Fatal(err)
	}
	m, err := mail.BrokerMessage("b2", "ann@example.com", "Hello", mail.Broker{Message: "Hi Ann"})
	if err != nil {
		t.Fatal(err)
	}
	if err := mail.WithLetterhead(smtp, l).Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	got := theMessage(t, server)
	if rt := got.Header.Get("Reply-To"); !strings.Contains(rt, "loans@wasatch.example") {
		t.Errorf("Reply-To = %q", rt)
	}
	if !strings.Contains(server.Messages()[0].Data, "Equal Housing Opportunity") {
		t.Error("the delivered message has no letterhead")
	}
}
