package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"quotegrade/internal/config"
	"quotegrade/internal/mail"
	"quotegrade/internal/testsupport"
)

func TestMetricsReportTheSite(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t, func(c *config.Config) { c.WriteRateLimit = 1 })
	submit(t, srv, p(nil))
	submitRefi := srv.Do(t, "POST", "/api/quote-requests/submit", rf(nil))
	if submitRefi.Status != http.StatusTooManyRequests {
		t.Fatalf("second write: %d, want 429", submitRefi.Status)
	}
	// A queued e-mail is a job in the queue, whatever state it is in by now.
	if err := srv.App.Queue.SendEmail(t.Context(), mail.Message{ID: "m1", To: "a@example.com", Subject: "s", Text: "t"}); err != nil {
		t.Fatal(err)
	}
	res := srv.Do(t, "GET", "/metrics", nil)
	if res.Status != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/plain") {
		t.Fatalf("/metrics: %d %q", res.Status, res.Header.Get("Content-Type"))
	}
	body := string(res.Body)
	for _, want := range []string{
		`quotegrade_http_requests_total{method="POST",route="/api/quote-requests/submit",status="201"} 1`,
		`quotegrade_http_requests_total{method="POST",route="/api/quote-requests/submit",status="429"} 1`,
		`quotegrade_http_request_duration_seconds_count{method="POST",route="/api/quote-requests/submit"} 2`,
		"quotegrade_rate_limit_refusals_total 1",
		"quotegrade_outbox_messages ",
		`quotegrade_refi_watches{state="watching"} `,
		"quotegrade_market_data_age_days ",
		`quotegrade_market_series_age_days{series="30"} `,
		`quotegrade_market_series_age_days{series="15"} `,
		`quotegrade_jobs{kind="send_email",state=`,
		"quotegrade_mail_delivery_failures_total 0",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
}

func TestMetricsOnlyForLoopbackAndTrustedProxies(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t, trustLoopback)
	if res := srv.Do(t, "GET", "/metrics", nil); res.Status != 200 {
		t.Fatalf("loopback: %d, want 200", res.Status)
	}
	res := srv.DoWithHeaders(t, map[string]string{"X-Forwarded-For": "203.0.113.5"}, "GET", "/metrics", nil)
	if res.Status != http.StatusNotFound || strings.Contains(string(res.Body), "quotegrade_") {
		t.Fatalf("a visitor through the proxy: %d, want 404", res.Status)
	}
	apart := testsupport.StartServer(t, func(c *config.Config) { c.MetricsAddr = "127.0.0.1:0" })
	if res := apart.Do(t, "GET", "/metrics", nil); res.Status != http.StatusNotFound {
		t.Fatalf("with --metrics-addr the site's /metrics: %d, want 404", res.Status)
	}
}

// A mail server that turns a message away once: the failed attempt is in
// /metrics by the time the retry has delivered it.
func TestMetricsCountMailDeliveryFailures(t *testing.T) {
	t.Parallel()
	smtpServer := testsupport.StartSMTP(t, 1)
	srv := testsupport.StartServer(t, withSMTP(smtpServer))
	if err := srv.App.Queue.SendEmail(t.Context(), mail.Message{ID: "m1", To: "a@example.com", Subject: "s", Text: "t"}); err != nil {
		t.Fatal(err)
	}
	smtpServer.WaitFor(t, 1, 10*time.Second)
	body := string(srv.Do(t, "GET", "/metrics", nil).Body)
	for _, want := range []string{"quotegrade_mail_delivery_failures_total 1", `quotegrade_job_failures_total{kind="send_email"} 1`} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
}
