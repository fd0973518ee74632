package brokernotice_test

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"quotegrade/internal/brokernotice"
	"quotegrade/internal/mail"
	"quotegrade/internal/rates"
	"quotegrade/internal/store"
	"quotegrade/internal/store/postgres"
	"quotegrade/internal/store/storetest"
	"quotegrade/internal/testsupport"
)

var ctx = context.Background()

const broker = "brokers@quotegrade.test"
const publicURL = "https://quotegrade.example"

// clock is a fake clock the tests move by hand.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = t
}

// engines runs fn on a fresh SQLite store and a fresh PostgreSQL one.
func engines(t *testing.T, fn func(t *testing.T, st store.Store)) {
	t.Run("sqlite", func(t *testing.T) { fn(t, testsupport.NewSQLite(t)) })
	t.Run("postgres", func(t *testing.T) { fn(t, testsupport.NewPostgres(t)) })
}

func quiet() *slog.Logger { return slog.New(slog.DiscardHandler) }

var start = time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)

// visitorRequest stores a purchase request made at when, with the visitor's
// contact details, which no broker notice may carry.
func visitorRequest(t *testing.T, st store.Store, when time.Time) store.QuoteRequest {
	t.Helper()
	r := storetest.NewPurchase()
	r.CreatedAt = when
	email, phone := "dana.visitor@example.com", "801-555-0142"
	r.Email, r.Phone = &email, &phone
	if err := st.CreateQuoteRequest(ctx, r); err != nil {
		t.Fatal(err)
	}
	return r
}

// Requests arriving while the task runs every minute: the first is announced
// at once, the three that follow within 15 minutes in one e-mail, a later one
// in a third, 15 minutes after the second. A restart (a new service on the
// same database) in the middle changes nothing.
func TestNewRequestsBatchedToOneEmailEvery15Minutes(t *testing.T) {
	engines(t, func(t *testing.T, st store.Store) {
		q := testsupport.QueueMailOf(st)
		c := &clock{now: start}
		svc := brokernotice.NewService(st, nil, broker, publicURL, quiet(), c.Now)
		arrivals := map[int]string{} // minute -> request id
		ids := func(minutes ...int) []string {
			var out []string
			for _, m := range minutes {
				out = append(out, arrivals[m])
			}
			return out
		}
		for minute := 0; minute <= 45; minute++ {
			c.Set(start.Add(time.Duration(minute) * time.Minute))
			if minute == 0 || minute == 2 || minute == 5 || minute == 9 || minute == 20 {
				arrivals[minute] = visitorRequest(t, st, c.Now().Add(-10*time.Second)).ID
			}
			if minute == 10 { // a restart: only the database remembers
				svc = brokernotice.NewService(st, nil, broker, publicURL, quiet(), c.Now)
			}
			if _, err := svc.AnnounceNewRequests(ctx); err != nil {
				t.Fatal(err)
			}
		}
		got := q.Messages()
		want := []struct {
			subject string
			ids     []string
		}{
			{"1 new quote request waiting for analysis", ids(0)},
			{"3 new quote requests waiting for analysis", ids(2, 5, 9)},
			{"1 new quote request waiting for analysis", ids(20)},
		}
		if len(got) != len(want) {
			t.Fatalf("%d e-mails in 45 minutes, want %d: %v", len(got), len(want), subjects(got))
		}
		for i, w := range want {
			m := got[i]
			if m.To != broker || m.Subject != w.subject {
				t.Errorf("e-mail %d to %q %q, want %q %q", i, m.To, m.Subject, broker, w.subject)
			}
			for _, id := range w.ids {
				link := publicURL + "/admin/analysis/" + id
				if !strings.Contains(m.Text, link) || !strings.Contains(m.HTML, `href="`+link+`"`) {
					t.Errorf("e-mail %d does not link to request %s:\n%s", i, id, m.Text)
				}
			}
			if n := strings.Count(m.Text, "/admin/analysis/"); n != len(w.ids) {
				t.Errorf("e-mail %d links %d requests, want %d:\n%s", i, n, len(w.ids), m.Text)
			}
			if !strings.Contains(m.Text, "Purchase, $405,000 loan, UT, lender's quote to grade") {
				t.Errorf("e-mail %d lacks the scenario summary:\n%s", i, m.Text)
			}
			for _, private := range []string{"dana.visitor", "801-555-0142"} {
				if strings.Contains(m.Subject+m.Text+m.HTML, private) {
					t.Errorf("e-mail %d carries the visitor's %q", i, private)
				}
			}
		}
	})
}

func subjects(ms []mail.Message) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Subject)
	}
	return out
}

// With no broker address nothing is sent, and nothing is marked announced:
// an address set later hears of the requests still waiting.
func TestNoBrokerAddressNoEmail(t *testing.T) {
	engines(t, func(t *testing.T, st store.Store) {
		q := testsupport.QueueMailOf(st)
		c := &clock{now: start}
		r := visitorRequest(t, st, start.Add(-time.Minute))
		ages := rates.NewService(st, observations(start.AddDate(0, 0, -30)), quiet(), c.Now)
		if err := ages.Refresh(ctx); err != nil {
			t.Fatal(err)
		}
		silent := brokernotice.NewService(st, ages, "", publicURL, quiet(), c.Now)
		if n, err := silent.AnnounceNewRequests(ctx); err != nil || n != 0 {
			t.Fatalf("announced %d requests without a broker address (%v)", n, err)
		}
		if sent, err := silent.NoticeStaleRates(ctx); err != nil || sent {
			t.Fatalf("stale notice without a broker address: %v %v", sent, err)
		}
		if got := q.Messages(); len(got) != 0 {
			t.Fatalf("e-mails without a broker address: %v", subjects(got))
		}
		told := brokernotice.NewService(st, ages, broker, publicURL, quiet(), c.Now)
		if n, err := told.AnnounceNewRequests(ctx); err != nil || n != 1 {
			t.Fatalf("once an address is set: announced %d (%v), want the waiting request %s", n, err, r.ID)
		}
	})
}

// fixed is a rates source answering the same observations.
type fixed []rates.Observation

func (fixed) Name() string                                         { return "FRED" }
func (f fixed) Fetch(context.Context) ([]rates.Observation, error) { return f, nil }

func observations(week time.Time) fixed {
	return fixed{{Series: rates.Series30, Date: week, Rate: 6.11}, {Series: rates.Series15, Date: week, Rate: 5.4}}
}

// The stale notice goes once when the data passes 14 days, not on every
// check; a refresh with a newer week ends the episode, and when that week
// lapses in turn the broker is told again.
func TestStaleRatesNoticeOncePerEpisode(t *testing.T) {
	engines(t, func(t *testing.T, st store.Store) {
		q := testsupport.QueueMailOf(st)
		week := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
		c := &clock{now: week}
		refresh := func(week time.Time) {
			t.Helper()
			if err := rates.NewService(st, observations(week), quiet(), c.Now).Refresh(ctx); err != nil {
				t.Fatal(err)
			}
		}
		refresh(week)
		ages := rates.NewService(st, nil, quiet(), c.Now)
		svc := brokernotice.NewService(st, ages, broker, publicURL, quiet(), c.Now)
		newer := week.AddDate(0, 0, 14)
		steps := []struct {
			day     int // days after week
			refresh bool
			want    string // the subject of the notice sent, or ""
		}{
			{day: 14, want: ""},
			{day: 15, want: "Market data is 15 days old"},
			{day: 16, want: ""},
			{day: 16, refresh: true, want: ""}, // newer is 2 days old
			{day: 28, want: ""},
			{day: 29, want: "Market data is 15 days old"}, // newer passed 14 days
			{day: 30, want: ""},
		}
		for _, s := range steps {
			c.Set(week.AddDate(0, 0, s.day).Add(time.Hour))
			if s.refresh {
				refresh(newer)
			}
			before := len(q.Messages())
			sent, err := svc.NoticeStaleRates(ctx)
			if err != nil {
				t.Fatal(err)
			}
			got := q.Messages()[before:]
			if s.want == "" {
				if sent || len(got) != 0 {
					t.Fatalf("day %d: sent %v", s.day, subjects(got))
				}
				continue
			}
			if !sent || len(got) != 1 || got[0].Subject != s.want || got[0].To != broker {
				t.Fatalf("day %d: sent %v, want %q to %s", s.day, subjects(got), s.want, broker)
			}
			if !strings.Contains(got[0].Text, publicURL+"/admin") {
				t.Fatalf("day %d: the notice does not link to the dashboard:\n%s", s.day, got[0].Text)
			}
		}
		if m := q.Messages(); !strings.Contains(m[0].Text, "week of October 1, 2026") || !strings.Contains(m[1].Text, "week of October 15, 2026") {
			t.Fatalf("the notices name the wrong weeks:\n%s\n%s", m[0].Text, m[1].Text)
		}
	})
}

// Copies of the server on one PostgreSQL database, each with its own
// connections, run the task at the same moment: one e-mail lists the requests.
func TestNewRequestsAnnouncedOnceAcrossCopies(t *testing.T) {
	url := testsupport.PostgresURL(t)
	const copies = 4
	q := &testsupport.MailQueue{}
	c := &clock{now: start}
	var services []*brokernotice.Service
	for range copies {
		st, err := postgres.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		st.UseMailQueue(q)
		services = append(services, brokernotice.NewService(st, nil, broker, publicURL, quiet(), c.Now))
	}
	first, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	for i := range 3 {
		visitorRequest(t, first, start.Add(-time.Duration(i+1)*time.Minute))
	}
	for round := range 3 { // three rounds a minute apart: still one e-mail
		c.Set(start.Add(time.Duration(round) * time.Minute))
		var wg sync.WaitGroup
		errs := make([]error, copies)
		for i, svc := range services {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = svc.AnnounceNewRequests(ctx)
			}()
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	got := q.Messages()
	if len(got) != 1 || got[0].Subject != "3 new quote requests waiting for analysis" {
		t.Fatalf("%d copies sent %v, want one e-mail listing 3", copies, subjects(got))
	}
}

// A request is summed up by its scenario, never its visitor's details.
func TestScenarioSummary(t *testing.T) {
	for _, c := range []struct {
		r    store.QuoteRequest
		want string
	}{
		{store.QuoteRequest{LoanType: "purchase", State: "UT", PurchasePrice: ptr(500000.0), DownPayment: ptr(100000.0)},
			"Purchase, $400,000 loan, UT, loan scenario"},
		{store.QuoteRequest{LoanType: "refinance", State: "ID", RemainingBalance: ptr(300000.0), CashOut: true, CashOutAmount: ptr(25000.0),
			CurrentMortgage: &store.CurrentMortgage{LoanProgram: ptr("30-year-fixed")}, UserUploadedQuoteURL: ptr("k")},
			"Refinance, $325,000 loan, current loan 30-year-fixed, ID, lender's quote to grade"},
	} {
		if got := brokernotice.ScenarioSummary(c.r); got != c.want {
			t.Errorf("summary = %q, want %q", got, c.want)
		}
	}
}

func ptr[T any](v T) *T { return &v }

// The notice tells the broker, request by request, whether the visitor
// agreed to be called or texted and when (TCPA, issue 26), without the
// number or the words, which stay on the request's page.
func TestNewRequestsNoticeSaysWhoMayBeCalled(t *testing.T) {
	engines(t, func(t *testing.T, st store.Store) {
		q := testsupport.QueueMailOf(st)
		c := &clock{now: start}
		silent := visitorRequest(t, st, start.Add(-2*time.Minute))
		agreed := storetest.NewPurchase()
		agreed.CreatedAt = start.Add(-time.Minute)
		phone := "801-555-0199"
		agreed.Phone, agreed.PreferredContactMethod = &phone, ptr("text")
		agreed.Consent = &store.ContactConsent{Text: "I agree that Wasatch Home Loans LLC may call or text me at 801-555-0199 about this request.",
			At: time.Date(2026, 11, 24, 8, 59, 0, 0, time.UTC), Address: "203.0.113.7"}
		if err := st.CreateQuoteRequest(ctx, agreed); err != nil {
			t.Fatal(err)
		}
		if n, err := brokernotice.NewService(st, nil, broker, publicURL, quiet(), c.Now).AnnounceNewRequests(ctx); err != nil || n != 2 {
			t.Fatalf("announced %d (%v), want 2", n, err)
		}
		m := q.Messages()[0]
		for part, body := range map[string]string{"text": m.Text, "html": m.HTML} {
			for _, want := range []string{
				"Calls and texts: no consent given. Do not call or text this visitor; reply by e-mail.",
				"Calls and texts: the visitor agreed on Nov 24, 2026 08:59 UTC to be called or texted at their number",
			} {
				if !strings.Contains(body, want) {
					t.Errorf("%s part lacks %q:\n%s", part, want, body)
				}
			}
			// Each line sits with its own request: the silent one came first.
			if strings.Index(body, "no consent given") > strings.Index(body, "the visitor agreed") ||
				strings.Index(body, silent.ID) > strings.Index(body, agreed.ID) {
				t.Errorf("%s part: the consent lines are not with their requests:\n%s", part, body)
			}
			for _, private := range []string{"801-555-0199", "203.0.113.7", "I agree that"} {
				if strings.Contains(body, private) {
					t.Errorf("%s part carries %q", part, private)
				}
			}
		}
	})
}
