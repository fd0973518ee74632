package httpapi_test

import (
	"database/sql"
	"strings"
	"sync"
	"testing"
	"time"

	"quotegrade/internal/config"
	"quotegrade/internal/testsupport"
)

func withSMTP(s *testsupport.SMTPServer) func(*config.Config) {
	return func(c *config.Config) {
		c.SMTPURL, c.MailFrom = s.URL(), "quotegrade <no-reply@quotegrade.test>"
		c.JobPollInterval, c.JobRetryDelay = 50*time.Millisecond, 100*time.Millisecond
	}
}

// withBrokerEmail sets the broker address. Tests that count every message
// leave it out: the broker is told at start that the bundled market data is old.
func withBrokerEmail(c *config.Config) { c.BrokerEmail = "brokers@quotegrade.test" }

// mimeParts decodes a received message into its parts by content type.
func mimeParts(t *testing.T, raw string) map[string]string {
	t.Helper()
	m, err := testsupport.ParseMessage(raw)
	if err != nil {
		t.Fatal(err)
	}
	return m.Parts
}

func subjectOf(t *testing.T, raw string) string {
	t.Helper()
	m, err := testsupport.ParseMessage(raw)
	if err != nil {
		t.Fatal(err)
	}
	return m.Subject
}

// A mail server that refuses the first attempts: the job is retried, and the
// message is delivered exactly once.
func TestSendEmailSurvivesARefusingMailServer(t *testing.T) {
	t.Parallel()
	smtpServer := testsupport.StartSMTP(t, 2)
	srv := testsupport.StartServer(t, withSMTP(smtpServer))
	admin := srv.SignIn(t, "broker@example.com", true)
	res := srv.DoAs(t, admin, "POST", "/api/send-email", map[string]any{"to": "visitor@example.com", "subject": "About your quote",
		"message": "Hello <b>Dana</b>,\n\nYour rate is good. A 5/1 ARM could suit you too.", "button_link": "https://quotegrade.example/rate-results/?qr=1", "button_text": "View", "state": "UT"})
	if res.Status != 202 {
		t.Fatalf("send-email: %d %s", res.Status, res.Body)
	}
	srv.WaitForIdleQueue(t)
	got := smtpServer.Messages()
	if n := len(got); n != 1 || smtpServer.Attempts() != 3 {
		t.Fatalf("delivered %d times after %d attempts, want once after 3", n, smtpServer.Attempts())
	}
	m := got[0]
	if m.To[0] != "visitor@example.com" || subjectOf(t, m.Data) != "About your quote" {
		t.Fatalf("message to %v subject %q", m.To, subjectOf(t, m.Data))
	}
	parts := mimeParts(t, m.Data)
	if !strings.Contains(parts["text/plain"], "Hello <b>Dana</b>") || !strings.Contains(parts["text/plain"], "View: https://quotegrade.example/rate-results/?qr=1") {
		t.Fatalf("plain-text part: %q", parts["text/plain"])
	}
	if html := parts["text/html"]; strings.Contains(html, "<b>Dana</b>") || !strings.Contains(html, "Hello &lt;b&gt;Dana&lt;/b&gt;") ||
		!strings.Contains(html, `href="https://quotegrade.example/rate-results/?qr=1"`) {
		t.Fatalf("HTML part not escaped or without the button: %q", html)
	}
	// The sending broker names themselves (SAFE Act, issue 26), as the analysis e-mail does.
	reviewed := "Reviewed by Test Loan Officer, NMLS #7654321"
	// A message naming an ARM says its rate may increase (12 CFR 1026.24(c), issue 26).
	arm := "An adjustable-rate mortgage (ARM): the rate may increase after the fixed period."
	for kind, part := range parts {
		for _, want := range []string{reviewed, arm} {
			if !strings.Contains(strings.Join(strings.Fields(part), " "), want) {
				t.Errorf("%s part lacks %q: %q", kind, want, part)
			}
		}
	}
	if strings.Contains(srv.Logs.String(), "visitor@example.com") {
		t.Fatal("the recipient's address was logged")
	}
}

func TestSendEmailValidation(t *testing.T) {
	t.Parallel()
	srv, admin := startAsBroker(t)
	res := srv.DoAs(t, admin, "POST", "/api/send-email", map[string]any{"to": "nobody", "button_link": "javascript:alert(1)"})
	fields := res.JSON(t)["fields"].(map[string]any)
	if res.Status != 400 || fields["to"] != "Please enter a valid email address" || fields["subject"] != "Subject is required" ||
		fields["message"] != "Message is required" || fields["button_link"] != "Button link must be a web address starting with https://" {
		t.Fatalf("%d %v", res.Status, fields)
	}
}

func TestAnalysisReadyNoticeSentOnce(t *testing.T) {
	t.Parallel()
	smtpServer := testsupport.StartSMTP(t, 0)
	srv := testsupport.StartServer(t, withSMTP(smtpServer))
	admin := srv.SignIn(t, "broker@example.com", true)
	id := submit(t, srv, p(map[string]any{"email": "buyer@example.com"}))
	body := map[string]any{"analysis": map[string]any{"lender": "provident", "grade": "B", "pros": []string{"Low rate"},
		"cons": []string{"Fees"}, "recommendations": []string{"Lock it"}}, "quotes": []any{}}
	for i := 0; i < 2; i++ { // the broker saves, then edits
		if res := srv.DoAs(t, admin, "POST", "/api/admin/quote-requests/"+id+"/analysis", body); res.Status != 200 {
			t.Fatalf("save %d: %d %s", i, res.Status, res.Body)
		}
	}
	srv.WaitForIdleQueue(t)
	got := smtpServer.Messages()
	if n := len(got); n != 1 {
		t.Fatalf("analysis-ready notice delivered %d times, want once", n)
	}
	if got[0].To[0] != "buyer@example.com" || subjectOf(t, got[0].Data) != "Your Quote Analysis is Ready!" || !strings.Contains(got[0].Data, id) {
		t.Fatalf("notice: to %v subject %q", got[0].To, subjectOf(t, got[0].Data))
	}
}

// However many saves of one analysis race, one analysis row is stored and
// one "analysis ready" notice is sent (issue 10 item 6): the notice is queued
// in the save's transaction, unique per message id, named for the stored row.
func TestConcurrentAnalysisSavesSendOneNotice(t *testing.T) {
	t.Parallel()
	for _, db := range []string{"sqlite", "postgres"} {
		t.Run(db, func(t *testing.T) {
			t.Parallel()
			smtpServer := testsupport.StartSMTP(t, 0)
			tune := []func(*config.Config){withSMTP(smtpServer)}
			if db == "postgres" {
				url := testsupport.PostgresURL(t)
				tune = append(tune, func(c *config.Config) { c.DatabaseURL = url })
			}
			srv := testsupport.StartServer(t, tune...)
			admin := srv.SignIn(t, "broker@example.com", true)
			id := submit(t, srv, p(map[string]any{"email": "buyer@example.com"}))
			body := map[string]any{"analysis": map[string]any{"lender": "provident", "grade": "B", "pros": []string{"Low rate"},
				"cons": []string{"Fees"}, "recommendations": []string{"Lock it"}}, "quotes": []any{}}
			const saves = 10
			var wg sync.WaitGroup
			analysisIDs := make(chan string, saves)
			for range saves {
				wg.Add(1)
				go func() {
					defer wg.Done()
					res := srv.DoAs(t, admin, "POST", "/api/admin/quote-requests/"+id+"/analysis", body)
					if res.Status != 200 {
						t.Errorf("save: %d %s", res.Status, res.Body)
						return
					}
					analysisIDs <- res.JSON(t)["id"].(string)
				}()
			}
			wg.Wait()
			close(analysisIDs)
			seen := map[string]bool{}
			for a := range analysisIDs {
				seen[a] = true
			}
			var rows int
			db := srv.App.Store.(interface{ DB() *sql.DB }).DB()
			if err := db.QueryRow(`SELECT COUNT(*) FROM analyses WHERE quote_request_id = $1`, id).Scan(&rows); err != nil {
				t.Fatal(err)
			}
			if rows != 1 || len(seen) != 1 {
				t.Fatalf("%d analysis rows, saves answered %d different ids; want one of each", rows, len(seen))
			}
			srv.WaitForIdleQueue(t)
			got := smtpServer.Messages()
			if len(got) != 1 || subjectOf(t, got[0].Data) != "Your Quote Analysis is Ready!" {
				t.Fatalf("%d e-mails after %d concurrent saves, want one analysis-ready notice", len(got), saves)
			}
		})
	}
}

func TestContactRequestEmailedToBrokers(t *testing.T) {
	t.Parallel()
	smtpServer := testsupport.StartSMTP(t, 0)
	srv := testsupport.StartServer(t, withSMTP(smtpServer), withBrokerEmail)
	srv.Do(t, "POST", "/api/contact-requests/submit", map[string]any{"name": "Dana", "phone": "801-555-0142", "question": "Can I lock?",
		"preferredContact": "text", "contactConsent": true, "aboutQuote": "Bonneville Bank, 6.25% (6.41% APR)"})
	got := waitForSubject(t, smtpServer, "New question from")
	if got[0].To[0] != "brokers@quotegrade.test" || subjectOf(t, got[0].Data) != "New question from Dana" || !strings.Contains(got[0].Data, "Can I lock?") {
		t.Fatalf("broker notice: %v %q", got[0].To, subjectOf(t, got[0].Data))
	}
	// The notice names the quote the visitor asked about (issue 25).
	if !strings.Contains(got[0].Data, "About the quote: Bonneville Bank, 6.25% (6.41% APR)") {
		t.Fatalf("broker notice does not name the quote: %s", got[0].Data)
	}
}

// Without SMTP the message lands in the outbox that admins read.
func TestOutboxWithoutSMTP(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t, func(c *config.Config) { c.JobPollInterval = 50 * time.Millisecond })
	admin := srv.SignIn(t, "broker@example.com", true)
	srv.DoAs(t, admin, "POST", "/api/send-email", map[string]any{"to": "visitor@example.com", "subject": "Hi there", "message": "Hello"})
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		res := srv.DoAs(t, admin, "GET", "/api/admin/outbox", nil)
		if strings.Contains(string(res.Body), `"subject":"Hi there"`) {
			if !strings.Contains(srv.Logs.String(), "kept in the outbox") {
				t.Fatal("the outbox delivery was not logged")
			}
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("message never reached the outbox")
}
