package contact_test

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"quotegrade/internal/contact"
	"quotegrade/internal/store"
	"quotegrade/internal/testsupport"
)

var now = time.Date(2026, 5, 14, 9, 30, 0, 0, time.UTC)

func newService(t *testing.T, brokerEmail string) (*contact.Service, store.Store, *testsupport.MailQueue) {
	t.Helper()
	st := testsupport.NewSQLite(t)
	q := testsupport.QueueMailOf(st)
	return contact.NewService(st, brokerEmail, "https://quotegrade.example", slog.New(slog.DiscardHandler),
		func() time.Time { return now }), st, q
}

func submission(t *testing.T, raw string) contact.Submission {
	t.Helper()
	return testsupport.FromJSON[contact.Submission](t, raw)
}

var fields = testsupport.FieldMessages

func TestSubmitStoresTheQuestionAndTellsTheBrokers(t *testing.T) {
	svc, st, q := newService(t, "brokers@example.com")
	id, err := svc.Submit(context.Background(), submission(t,
		`{"name":"Dana","phone":"801-555-0142","question":"Is 6.5% fair?","state":"id","contactConsent":true}`), "203.0.113.9")
	if err != nil {
		t.Fatal(err)
	}
	c, err := st.GetContactRequest(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if c.Kind != contact.KindQuestion || c.Name != "Dana" || *c.Phone != "801-555-0142" || c.Email != nil ||
		c.PreferredContact != "phone" || c.State != "ID" || c.Question != "Is 6.5% fair?" || !c.CreatedAt.Equal(now) {
		t.Fatalf("stored = %+v", c)
	}
	ms := q.Messages()
	if len(ms) != 1 || ms[0].To != "brokers@example.com" || ms[0].Subject != "New question from Dana" ||
		ms[0].ID != "contact-request-"+id || !strings.Contains(ms[0].Text, "Question: Is 6.5% fair?") {
		t.Fatalf("brokers' e-mail = %+v", ms)
	}
}

func TestSubmitWithoutABrokerAddressQueuesNothing(t *testing.T) {
	svc, _, q := newService(t, "")
	if _, err := svc.Submit(context.Background(), submission(t, `{"name":"Ann","email":"ann@example.com","question":"Q"}`), "203.0.113.9"); err != nil {
		t.Fatal(err)
	}
	if len(q.Messages()) != 0 {
		t.Fatalf("queued %+v with no broker address", q.Messages())
	}
}

func TestSubmitForAnUnknownQuoteRequestNamesTheField(t *testing.T) {
	svc, _, q := newService(t, "brokers@example.com")
	_, err := svc.Submit(context.Background(), submission(t,
		`{"name":"Ann","email":"ann@example.com","kind":"update_rates","quoteRequestId":"3b0c8a57-0000-4000-8000-000000000000"}`), "203.0.113.9")
	if got := fields(t, err); got["quoteRequestId"] != "Quote request not found" {
		t.Fatalf("fields = %v", got)
	}
	if len(q.Messages()) != 0 {
		// The fake keeps what it is given; the refusal must come before any e-mail.
		t.Fatalf("an e-mail was queued for a refused request: %+v", q.Messages())
	}
}

func TestValidateRulesInTheSpecsWords(t *testing.T) {
	cases := []struct {
		name, raw string
		want      map[string]string
	}{
		{"nothing", `{}`, map[string]string{"name": "Name is required", "email": "Please provide either email or phone number",
			"question": "Please enter your question"}},
		{"a bad address and phone", `{"name":"A","email":"not-an-address","phone":"12","question":"Q"}`,
			map[string]string{"email": "Please enter a valid email address", "phone": "Please enter a valid phone number"}},
		{"an unknown kind", `{"name":"A","email":"a@b.co","question":"Q","kind":"complaint"}`,
			map[string]string{"kind": "Please choose question or update_rates"}},
		{"an unknown way to be reached", `{"name":"A","email":"a@b.co","question":"Q","preferredContact":"fax"}`,
			map[string]string{"preferredContact": "Please choose email, phone or text"}},
		{"not a state", `{"name":"A","email":"a@b.co","question":"Q","state":"XX"}`,
			map[string]string{"state": "Please choose a US state"}},
		{"a long name", `{"name":"` + strings.Repeat("n", 201) + `","email":"a@b.co","question":"Q"}`,
			map[string]string{"name": "Please keep your name under 200 characters"}},
		{"a long question", `{"name":"A","email":"a@b.co","question":"` + strings.Repeat("q", 5001) + `"}`,
			map[string]string{"question": "Please keep your question under 5000 characters"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := contact.Validate(submission(t, c.raw))
			got := fields(t, err)
			for k, msg := range c.want {
				if got[k] != msg {
					t.Errorf("%s: %q, want %q (all: %v)", k, got[k], msg, got)
				}
			}
			if len(got) != len(c.want) {
				t.Errorf("fields = %v, want only %v", got, c.want)
			}
		})
	}
}

func TestAnUpdateRatesRequestNeedsNoQuestion(t *testing.T) {
	c, err := contact.Validate(submission(t, `{"name":"Ann","email":"ann@example.com","kind":"update_rates"}`))
	if err != nil || c.Kind != contact.KindUpdateRates || c.Question != "" || c.PreferredContact != "email" || c.State != "UT" {
		t.Fatalf("update rates = %+v, %v", c, err)
	}
}

func TestTrackCampaignStoresAVisitToAPathOnThisSite(t *testing.T) {
	svc, st, _ := newService(t, "")
	ctx := context.Background()
	v := testsupport.FromJSON[contact.CampaignVisit](t, `{"campaignId":"spring_qr-1","resolved_to":"/refi-buddy"}`)
	if err := svc.TrackCampaign(ctx, v); err != nil {
		t.Fatal(err)
	}
	if n, err := st.CountCampaignVisits(ctx, "spring_qr-1"); err != nil || n != 1 {
		t.Fatalf("visits = %d (%v), want 1", n, err)
	}
	for _, raw := range []string{
		`{"campaignId":"spring qr","resolved_to":"/"}`,
		`{"campaignId":"qr","resolved_to":"//evil.example/"}`,
		`{"campaignId":"qr","resolved_to":"https://evil.example/"}`,
	} {
		got := fields(t, svc.TrackCampaign(ctx, testsupport.FromJSON[contact.CampaignVisit](t, raw)))
		if got["campaignId"] == "" && got["resolved_to"] != "The destination must be a path on this site" {
			t.Errorf("%s: fields %v", raw, got)
		}
	}
	if n, _ := st.CountCampaignVisits(ctx, "qr"); n != 0 {
		t.Fatalf("refused visits were stored: %d", n)
	}
}

// No call or text without consent (TCPA, issue 26): a phone number without
// the ticked box is refused naming contactConsent; with it, the words agreed
// to, the time and the client's address are kept and the brokers see them.
func TestAPhoneNumberNeedsConsentToCallsAndTexts(t *testing.T) {
	svc, st, q := newService(t, "brokers@example.com")
	svc.WithBrokerage("Wasatch Home Loans LLC")
	ctx := context.Background()
	for _, raw := range []string{
		`{"name":"Dana","phone":"801-555-0142","question":"Call me","preferredContact":"phone"}`,
		`{"name":"Dana","phone":"801-555-0142","question":"Text me","preferredContact":"text","contactConsent":false}`,
		`{"name":"Dana","phone":"801-555-0142","email":"dana@example.com","question":"Q","contactConsent":"yes"}`,
	} {
		_, err := svc.Submit(ctx, submission(t, raw), "203.0.113.9")
		if got := fields(t, err); got["contactConsent"] != contact.MsgContactConsent {
			t.Errorf("%s: fields = %v", raw, got)
		}
	}
	if len(q.Messages()) != 0 {
		t.Fatalf("refused requests queued %+v", q.Messages())
	}
	id, err := svc.Submit(ctx, submission(t, `{"name":"Dana","phone":"801-555-0142","question":"Text me","preferredContact":"text","contactConsent":true}`), "203.0.113.9")
	if err != nil {
		t.Fatal(err)
	}
	c, err := st.GetContactRequest(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	want := "I agree that Wasatch Home Loans LLC may call or text me at 801-555-0142 about this request. Consent is not a condition of any service. Message and data rates may apply. Reply STOP to opt out."
	if c.Consent == nil || c.Consent.Text != want || !c.Consent.At.Equal(now) || c.Consent.Address != "203.0.113.9" {
		t.Fatalf("consent = %+v", c.Consent)
	}
	list, err := svc.List(ctx)
	if err != nil || len(list) != 1 || list[0].ContactConsent == nil || list[0].ContactConsent.Text != want {
		t.Fatalf("the brokers' list = %+v, %v", list, err)
	}
	if ms := q.Messages(); len(ms) != 1 || !strings.Contains(ms[0].Text, want) {
		t.Errorf("the brokers' e-mail does not quote the consent: %+v", ms)
	}
	// An e-mail address alone needs no consent, and keeps none.
	id, err = svc.Submit(ctx, submission(t, `{"name":"Ann","email":"ann@example.com","question":"Q"}`), "203.0.113.9")
	if err != nil {
		t.Fatal(err)
	}
	if c, _ := st.GetContactRequest(ctx, id); c.Consent != nil {
		t.Errorf("consent without a phone: %+v", c.Consent)
	}
}
