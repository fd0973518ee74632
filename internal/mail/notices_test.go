package mail_test

import (
	"context"
	"log/slog"
	"strings"
	"testing"

	"quotegrade/internal/mail"
	"quotegrade/internal/store"
	"quotegrade/internal/testsupport"
)

func ptr[T any](v T) *T { return &v }

func compose(t *testing.T, raw string) (mail.Message, error) {
	t.Helper()
	return mail.Compose(testsupport.FromJSON[mail.BrokerEmail](t, raw))
}

func TestComposeRefusesEachFieldInTheSpecsWords(t *testing.T) {
	cases := []struct {
		raw  string
		want map[string]string
	}{
		{`{}`, map[string]string{"to": "Email is required", "subject": "Subject is required", "message": "Message is required"}},
		{`{"to":"nobody","subject":"Hi","message":"m"}`, map[string]string{"to": "Please enter a valid email address"}},
		{`{"to":"a@b.co","subject":"` + strings.Repeat("s", 201) + `","message":"m"}`,
			map[string]string{"subject": "Please keep the subject under 200 characters"}},
		{`{"to":"a@b.co","subject":"Hi","message":"m","button_link":"javascript:alert(1)","button_text":"Go"}`,
			map[string]string{"button_link": "Button link must be a web address starting with https://"}},
		{`{"to":"a@b.co","subject":"Hi","message":"m","button_link":"https://quotegrade.example/x"}`,
			map[string]string{"button_text": "Button text is required with a button link"}},
	}
	for _, c := range cases {
		_, err := compose(t, c.raw)
		got := testsupport.FieldMessages(t, err)
		for k, msg := range c.want {
			if got[k] != msg {
				t.Errorf("%s: %s = %q, want %q", c.raw, k, got[k], msg)
			}
		}
	}
}

// A broker's text is the visitor's to read, not HTML to run: it is escaped,
// blank lines make paragraphs, and the button goes where the broker said.
func TestComposeEscapesTheBrokersTextAndKeepsTheButton(t *testing.T) {
	m, err := compose(t, `{"to":"ann@example.com","subject":"Your rate","message":"Hello <b>Ann</b>\r\n\r\nSecond paragraph",
		"button_link":"https://quotegrade.example/rate-results/?qr=1","button_text":"See results"}`)
	if err != nil {
		t.Fatal(err)
	}
	if m.To != "ann@example.com" || m.Subject != "Your rate" || m.ID == "" {
		t.Fatalf("message = %+v", m)
	}
	if strings.Contains(m.HTML, "<b>Ann</b>") || !strings.Contains(m.HTML, "&lt;b&gt;Ann&lt;/b&gt;") {
		t.Errorf("the broker's markup was not escaped:\n%s", m.HTML)
	}
	if strings.Count(m.HTML, "<p") < 2 || !strings.Contains(m.HTML, `href="https://quotegrade.example/rate-results/?qr=1"`) ||
		!strings.Contains(m.HTML, "See results") {
		t.Errorf("paragraphs or button lost:\n%s", m.HTML)
	}
	if !strings.Contains(m.Text, "Hello <b>Ann</b>") || !strings.Contains(m.Text, "Second paragraph") {
		t.Errorf("text part = %q", m.Text)
	}
}

func TestAnalysisReadySaysWhatWasReviewed(t *testing.T) {
	r := store.QuoteRequest{ID: "req 1", ContactInfo: store.ContactInfo{Email: ptr("ann@example.com")}}
	subject, body := mail.AnalysisReadyCopy(r, "https://quotegrade.example")
	if subject != mail.SubjectQuoteEstimates || !strings.Contains(body, "reviewed your loan scenario") ||
		!strings.Contains(body, "See your results: https://quotegrade.example/rate-results/?qr=req+1") {
		t.Fatalf("without a quote: %q / %q", subject, body)
	}
	r.BrokerRate = ptr(6.5)
	if subject, body = mail.AnalysisReadyCopy(r, "https://quotegrade.example"); subject != mail.SubjectQuoteAnalysis ||
		!strings.Contains(body, "reviewed your rate quote") {
		t.Fatalf("with a quote: %q / %q", subject, body)
	}

	answered := store.Analysis{ID: "a1", Answers: []string{"", "Yes"}}
	m, err := mail.AnalysisReady(r, answered, mail.Compared{Quotes: 1}, "https://quotegrade.example")
	if err != nil {
		t.Fatal(err)
	}
	if m.ID != "analysis-ready-a1" || m.To != "ann@example.com" || !strings.Contains(m.Text, mail.MsgQuestionsAnswered) ||
		strings.Contains(m.Text, "See your results:") || !strings.Contains(m.HTML, "View Your Results") {
		t.Fatalf("notice = %+v", m)
	}
	if strings.Contains(m.Text, "Reviewed by") {
		t.Fatalf("an analysis without a reviewer names one: %q", m.Text)
	}
	answered.ReviewedBy = store.LoanOfficer{Name: "Dana Reyes", NMLS: "1234567"}
	if m, err = mail.AnalysisReady(r, answered, mail.Compared{Quotes: 1}, "https://quotegrade.example"); err != nil {
		t.Fatal(err)
	}
	const reviewed = "Reviewed by Dana Reyes, NMLS #1234567 (NMLS Consumer Access: https://www.nmlsconsumeraccess.org/EntityDetails.aspx/INDIVIDUAL/1234567)."
	if !strings.Contains(m.Text, reviewed) || !strings.Contains(m.HTML, "Reviewed by Dana Reyes, NMLS #1234567") {
		t.Fatalf("notice of a reviewed analysis = %+v", m)
	}
	if line := mail.AnsweredLine(store.Analysis{Answers: []string{" ", ""}}); line != "" {
		t.Fatalf("blank answers gave %q", line)
	}
}

// With several quotes the notice sums up their comparison in both parts:
// the cheapest at the visitor's horizon and the broker's recommended quote,
// its rate with its APR; with one quote it says nothing of comparing.
func TestAnalysisReadySumsUpTheComparison(t *testing.T) {
	r := store.QuoteRequest{ID: "req 2", BrokerRate: ptr(6.875), ContactInfo: store.ContactInfo{Email: ptr("ann@example.com")}}
	a := store.Analysis{ID: "a2", RecommendationReason: "Its two points pay back in five years, before you expect to move."}
	cheapest := "Bonneville Bank is the cheapest over the 7 years you expect to keep the loan: it costs $180,000, $2,000 less than the next cheapest."
	c := mail.Compared{Quotes: 3, Cheapest: cheapest, RecommendedRate: ptr(6.25), RecommendedAPR: ptr(6.472)}
	m, err := mail.AnalysisReady(r, a, c, "https://quotegrade.example")
	if err != nil {
		t.Fatal(err)
	}
	recommends := "Our broker recommends the quote at 6.25% (6.472% APR): " + a.RecommendationReason
	for part, body := range map[string]string{"text": m.Text, "HTML": m.HTML} {
		if !strings.Contains(body, "You sent us 3 quotes to compare.") {
			t.Errorf("%s part does not say how many quotes:\n%s", part, body)
		}
		if !strings.Contains(body, "Bonneville Bank is the cheapest over the 7 years you expect to keep the loan") {
			t.Errorf("%s part does not name the cheapest:\n%s", part, body)
		}
		if !strings.Contains(body, recommends) {
			t.Errorf("%s part lacks the recommendation %q:\n%s", part, recommends, body)
		}
	}
	if !strings.Contains(m.Text, "You sent us 3 quotes to compare. "+cheapest) {
		t.Errorf("text part = %q", m.Text)
	}

	// No recommended quote: the broker's first recommendation instead.
	c.RecommendedRate, c.RecommendedAPR, c.Cheapest = nil, nil, ""
	a.Recommendations = []string{"Ask Wasatch Home Loans to match the lower rate."}
	if m, _ = mail.AnalysisReady(r, a, c, "https://quotegrade.example"); !strings.Contains(m.Text,
		"You sent us 3 quotes to compare.\n\nOur broker's recommendation: Ask Wasatch Home Loans to match the lower rate.") {
		t.Errorf("without a recommended quote: %q", m.Text)
	}
	if m, _ = mail.AnalysisReady(r, a, mail.Compared{Quotes: 1}, "https://quotegrade.example"); strings.Contains(m.Text, "compare") ||
		strings.Contains(m.Text, "Our broker") {
		t.Errorf("one quote: %q", m.Text)
	}
}

func TestNewContactRequestLinksTheBrokersToTheRequest(t *testing.T) {
	c := store.ContactRequest{ID: "c1", Kind: "update_rates", Name: "Dana", Phone: ptr("801-555-0142"), PreferredContact: "phone",
		QuoteRequestID: ptr("req-9")}
	m, err := mail.NewContactRequest(c, "brokers@example.com", "https://quotegrade.example")
	if err != nil {
		t.Fatal(err)
	}
	if m.ID != "contact-request-c1" || m.To != "brokers@example.com" || m.Subject != "Updated rates requested by Dana" ||
		!strings.Contains(m.Text, "E-mail: None") || !strings.Contains(m.Text, "Phone: 801-555-0142") ||
		!strings.Contains(m.HTML, `href="https://quotegrade.example/admin/analysis/req-9"`) {
		t.Fatalf("message = %+v", m)
	}
	c.Kind, c.QuoteRequestID, c.Question = "question", nil, "Points?"
	if m, _ = mail.NewContactRequest(c, "brokers@example.com", "https://quotegrade.example"); m.Subject != "New question from Dana" ||
		!strings.Contains(m.Text, "Question: Points?") || !strings.Contains(m.HTML, `href="https://quotegrade.example/admin"`) {
		t.Fatalf("question = %+v", m)
	}
}

func TestTheOutboxKeepsWhatItIsGiven(t *testing.T) {
	st := testsupport.NewSQLite(t)
	logs := &testsupport.LogBuffer{}
	o := mail.Outbox{Store: st, Log: slog.New(slog.NewTextHandler(logs, nil))}
	m := mail.Message{ID: "m-1", To: "ann@example.com", Subject: "Hi", Text: "t", HTML: "<p>h</p>"}
	if err := o.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	list, err := st.ListOutbox(context.Background(), 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 1 || list[0].ID != "m-1" || list[0].To != "ann@example.com" || list[0].HTML != "<p>h</p>" {
		t.Fatalf("outbox = %+v", list)
	}
	if !strings.Contains(logs.String(), "kept in the outbox") || strings.Contains(logs.String(), "ann@example.com") {
		t.Fatalf("log = %s", logs.String())
	}
}
