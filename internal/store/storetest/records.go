package storetest

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/uuid"

	"quotegrade/internal/apperr"
	"quotegrade/internal/store"
)

// Whole records: what is written with every field set comes back equal, field
// for field, so a column left out of an insert or a scan fails here however
// the record is read (decision 0017).
// FullRequest is a quote request with every field set to a value other than
// its zero value (the test fails once a new field is added and left unset here).
func FullRequest() store.QuoteRequest {
	return store.QuoteRequest{
		ID: uuid.NewString(), LoanType: "refinance", PropertyType: "second", PropertyStyle: "condo", MilitaryService: true,
		CreditScore: 701, ZipCode: "84604", State: "UT",
		PurchasePrice: ptr(455000.5), DownPayment: ptr(45500.25), DownPaymentPercent: ptr(10.5), IsFirstHome: ptr(true),
		PropertyValue: ptr(610000.0), RemainingBalance: ptr(350000.75), CashOut: true, CashOutAmount: ptr(40000.0),
		InterestRate: ptr(6.875), BrokerRate: ptr(6.625), BrokerLenderFees: ptr(-1250.5), BrokerMortgageInsurance: ptr(142.25),
		UserUploadedQuoteURL: ptr("uploads/" + uuid.NewString() + ".pdf"), Questions: []string{"Is this rate good?", "Points?"},
		BrokerLenderName: ptr("Wasatch Home Loans"), BrokerPoints: ptr(0.5), HorizonMonths: ptr(96),
		BrokerTerms: store.QuoteTerms{RateLockUntil: ptr("2026-12-01"), PrepaymentPenalty: ptr(true)},
		MoreQuotes:  []store.VisitorQuote{fullVisitorQuote(6.25), fullVisitorQuote(6.5)},
		RefiIntent:  ptr("get_notified"), KeystoneConsideration: ptr("open"),
		CurrentMortgage: &store.CurrentMortgage{Rate: 7.25, MonthlyPayment: 2387.66, LoanProgram: ptr("15-year-fixed"),
			MortgageInsurance: ptr(88.5)},
		ContactInfo: store.ContactInfo{Email: ptr("owner@example.com"), Phone: ptr("+18015550142"),
			PreferredContactMethod: ptr("text"), Consent: &store.ContactConsent{
				Text: "I agree that Wasatch may call or text me at 801-555-0142 about this request.", At: at, Address: "203.0.113.7"}},
		IsExample: true, IsDemo: true, CreatedAt: at,
		Quotes: []store.Quote{fullQuote(6.5), fullQuote(6.125)},
	}
}

func fullVisitorQuote(rate float64) store.VisitorQuote {
	return store.VisitorQuote{LenderName: ptr("Lender at " + fmt.Sprint(rate)), Rate: ptr(rate), Points: ptr(1.25), LenderFees: ptr(-400.5),
		MortgageInsurance: ptr(70.0), UploadKey: ptr("uploads/" + uuid.NewString() + ".pdf"),
		Terms: store.QuoteTerms{RateLockUntil: ptr("2026-12-1" + fmt.Sprint(int(rate*4)%10)), PrepaymentPenalty: ptr(true)}}
}

func fullQuote(rate float64) store.Quote {
	return store.Quote{ID: uuid.NewString(), Rate: rate, LenderFees: 995.5, MortgageInsurance: ptr(61.0), APR: ptr(rate + 0.113),
		IsRecommended: rate < 6.2, Points: ptr(0.25), TitleFees: ptr(1450.0), Source: "BROKER", LoanProgram: ptr("30-year-fixed"),
		CreatedAt: at, UpdatedAt: at.Add(time.Minute)}
}

func wholeQuoteRequest(t *testing.T, s store.Store) {
	in := FullRequest()
	everyFieldSet(t, "QuoteRequest", reflect.ValueOf(in))
	written := in
	written.Quotes = nil // quotes are an analysis' to write
	mustNo(t, s.CreateQuoteRequest(ctx, written))
	mustNo(t, s.MarkDemoRequest(ctx, in.ID)) // the demo mark is its own write
	got, err := s.GetQuoteRequest(ctx, in.ID)
	mustNo(t, err)
	want := written
	want.Quotes = []store.Quote{}
	sameRecord(t, "GetQuoteRequest", want, got)
	got, analysed, _, err := s.GetQuoteRequestForResults(ctx, in.ID)
	mustNo(t, err)
	sameRecord(t, "GetQuoteRequestForResults", want, got)
	if analysed {
		t.Error("GetQuoteRequestForResults says a request no broker analysed is analysed")
	}

	// Listed requests are read by the same scan; the example is never listed.
	listed := FullRequest()
	listed.IsExample, listed.Quotes = false, nil
	mustNo(t, s.CreateQuoteRequest(ctx, listed))
	// Lists read the later quotes too: the dashboard counts them (issue 29).
	mustNo(t, s.MarkDemoRequest(ctx, listed.ID))
	onlyRecord(t, "ListQuoteRequests", listed)(s.ListQuoteRequests(ctx, false, 10))
}

func wholeAnalysis(t *testing.T, s store.Store) {
	r := FullRequest()
	quotes := r.Quotes
	r.Quotes = nil
	mustNo(t, s.CreateQuoteRequest(ctx, r))
	a := store.Analysis{ID: uuid.NewString(), QuoteRequestID: r.ID, Grade: ptr("A"), Pros: []string{"Low fees"},
		Cons: []string{"Rate above market"}, Recommendations: []string{"Ask for a lender credit"}, Notes: []string{"Called Tuesday"},
		Answers: []string{"Yes", "No"}, RecommendationReason: "Cheapest over the years you keep it.", Lender: "provident",
		QuoteVerdicts: []store.QuoteVerdict{{Grade: ptr("A"), Pros: []string{"Low fees"}, Cons: []string{"Rate above market"}, Recommended: true}},
		ReviewedBy:    store.LoanOfficer{Name: "Dana Reyes", NMLS: "1234567"}, SavedBy: "dana@example.com",
		CreatedAt: at, UpdatedAt: at.Add(time.Hour), Quotes: quotes}
	everyFieldSet(t, "Analysis", reflect.ValueOf(a))
	mustNo(t, s.SaveAnalysis(ctx, a))
	got, err := s.GetAnalysisByQuoteRequest(ctx, r.ID)
	mustNo(t, err)
	want := a
	want.Quotes = []store.Quote{quotes[1], quotes[0]} // sorted by rate
	sameRecord(t, "GetAnalysisByQuoteRequest", want, got)
	req, err := s.GetQuoteRequest(ctx, r.ID)
	mustNo(t, err)
	sameRecord(t, "GetQuoteRequest's quotes", want.Quotes, req.Quotes)
	req, analysed, _, err := s.GetQuoteRequestForResults(ctx, r.ID)
	mustNo(t, err)
	sameRecord(t, "GetQuoteRequestForResults' quotes", want.Quotes, req.Quotes)
	if !analysed {
		t.Error("GetQuoteRequestForResults says an analysed request is not analysed")
	}
	if _, _, _, err := s.GetQuoteRequestForResults(ctx, uuid.NewString()); !errors.Is(err, apperr.ErrNotFound) {
		t.Errorf("GetQuoteRequestForResults(unknown id) = %v, want not found", err)
	}
}

func wholeContactRequest(t *testing.T, s store.Store) {
	r := storedPurchase(t, s)
	answered := at.Add(time.Hour)
	c := store.ContactRequest{ID: uuid.NewString(), Kind: "update_rates", Name: "Dana", Email: ptr("dana@example.com"),
		Phone: ptr("801-555-0142"), Question: "Are rates better now?", PreferredContact: "text", State: "UT",
		QuoteRequestID: ptr(r.ID), AboutQuote: ptr("Bonneville Bank, 6.25% (6.41% APR)"), CreatedAt: at, AnsweredAt: &answered, AnsweredBy: ptr("broker@example.com"),
		Consent: &store.ContactConsent{Text: "I agree that Wasatch may call or text me at 801-555-0142.", At: at, Address: "203.0.113.9"}}
	everyFieldSet(t, "ContactRequest", reflect.ValueOf(c))
	created := c
	created.AnsweredAt, created.AnsweredBy = nil, nil // answering is its own write
	mustNo(t, s.CreateContactRequest(ctx, created))
	mustNo(t, s.MarkContactRequestAnswered(ctx, c.ID, *c.AnsweredBy, answered))
	got, err := s.GetContactRequest(ctx, c.ID)
	mustNo(t, err)
	sameRecord(t, "GetContactRequest", c, got)
	onlyRecord(t, "ListContactRequests", c)(s.ListContactRequests(ctx, 10))
}

func wholeUpload(t *testing.T, s store.Store) {
	r := NewPurchase()
	received := at.Add(time.Minute)
	// u is the second picture of a Loan Estimate whose first the request names.
	first := store.Upload{Key: "uploads/" + uuid.NewString() + ".jpg", FileName: "page-1.jpg", ContentType: "image/jpeg", CreatedAt: at, Client: "203.0.113.7"}
	u := store.Upload{Key: "uploads/" + uuid.NewString() + ".jpg", FileName: "page-2.jpg", ContentType: "image/jpeg",
		Status: "received", Size: ptr(int64(1234)), SHA256: ptr("9f86d081884c7d65"), CreatedAt: at, ReceivedAt: &received,
		AttachedTo: ptr(r.ID), Client: "203.0.113.7", PageOf: ptr(first.Key)}
	everyFieldSet(t, "Upload", reflect.ValueOf(u))
	mustNo(t, s.CreateUpload(ctx, first, noQuota))
	mustNo(t, s.CreateUpload(ctx, store.Upload{Key: u.Key, FileName: u.FileName, ContentType: u.ContentType, CreatedAt: u.CreatedAt, Client: u.Client}, noQuota))
	mustNo(t, s.MarkUploadReceived(ctx, first.Key, 2000, "first", received))
	mustNo(t, s.MarkUploadReceived(ctx, u.Key, *u.Size, *u.SHA256, received))
	mustNo(t, s.SetUploadPages(ctx, first.Key, []string{u.Key}))
	r.UserUploadedQuoteURL = ptr(first.Key)
	mustNo(t, s.CreateQuoteRequest(ctx, r))
	got, err := s.GetUpload(ctx, u.Key)
	mustNo(t, err)
	sameRecord(t, "GetUpload", u, got)
	onlyRecord(t, "UploadPages", u)(s.UploadPages(ctx, first.Key))
}

func wholeEmail(t *testing.T, s store.Store) {
	e := store.Email{ID: "analysis-ready-1", To: "ann@example.com", Subject: "Your Quote Analysis is Ready!", Text: "Good news",
		HTML: "<p>Good news</p>", CreatedAt: at}
	everyFieldSet(t, "Email", reflect.ValueOf(e))
	mustNo(t, s.SaveOutboxMessage(ctx, e))
	onlyRecord(t, "ListOutbox", e)(s.ListOutbox(ctx, 10))
}

func wholeMarketRate(t *testing.T, s store.Store) {
	r := store.MarketRate{Series: "15", Week: time.Date(2026, 5, 14, 0, 0, 0, 0, time.UTC), Rate: 5.51, Source: "FRED", FetchedAt: at}
	everyFieldSet(t, "MarketRate", reflect.ValueOf(r))
	mustNo(t, s.SaveMarketRates(ctx, []store.MarketRate{r}))
	onlyRecord(t, "LatestMarketRates", r)(s.LatestMarketRates(ctx, r.Week))
	onlyRecord(t, "MarketRateHistory", r)(s.MarketRateHistory(ctx, "15", r.Week.AddDate(0, 0, -7)))
}

func wholeRefiAlert(t *testing.T, s store.Store) {
	w := NewWatch("owner@example.com")
	mustNo(t, s.CreateQuoteRequest(ctx, w))
	a := store.RefiAlert{ID: uuid.NewString(), QuoteRequestID: w.ID, Email: "owner@example.com", UnsubscribeTokenHash: "hash-1",
		RefiFigures: store.RefiFigures{MarketWeek: time.Date(2026, 5, 14, 0, 0, 0, 0, time.UTC), MarketRate: 6.1,
			NewRate: 6.1, NewPayment: 1817.96, MonthlySavings: 125.5, ClosingCosts: 3950, BreakEvenMonths: 32}, CreatedAt: at, QueuedAt: ptr(at)}
	everyFieldSet(t, "RefiAlert", reflect.ValueOf(a))
	onlyRecord(t, "CreateRefiAlerts", a)(s.CreateRefiAlerts(ctx, []store.RefiAlert{a}))
	// The token's hash is only ever looked up
	// (UnsubscribeRefi, RefiManageLink, tested in refi.go), never read back.
	want := a
	want.UnsubscribeTokenHash = ""
	onlyRecord(t, "RefiAlerts", want)(s.RefiAlerts(ctx, w.ID))
}

func wholeUser(t *testing.T, s store.Store) {
	u := store.User{ID: "google|42", Email: "broker@example.com", Name: "Bea", IsAdmin: true, CreatedAt: at, UpdatedAt: at}
	everyFieldSet(t, "User", reflect.ValueOf(u))
	mustNo(t, s.UpsertUser(ctx, u))
	mustNo(t, s.GrantAdmin(ctx, u.Email, at))
	got, err := s.GetUser(ctx, u.ID)
	mustNo(t, err)
	sameRecord(t, "GetUser", u, got)
	renamed := u
	renamed.Name, renamed.UpdatedAt = "Bea Broker", at.Add(time.Hour)
	mustNo(t, s.UpsertUser(ctx, renamed))
	got, err = s.GetUser(ctx, u.ID)
	mustNo(t, err)
	sameRecord(t, "GetUser after a second sign-in", renamed, got)
}

func wholeServerCopy(t *testing.T, s store.Store) {
	c := store.ServerCopy{ID: "copy-1", MailTransport: "smtp://mail.example:587", MailFingerprint: "f1",
		UploadStore: "s3://bucket", UploadFingerprint: "f2", StartedAt: at}
	everyFieldSet(t, "ServerCopy", reflect.ValueOf(c))
	mustNo(t, s.RecordServerCopy(ctx, c))
	onlyRecord(t, "ListServerCopies", c)(s.ListServerCopies(ctx))
}

// pingUntilClosed: Ping is what the readiness check asks; it must answer
// nil while the database is open and an error once it is closed.
func pingUntilClosed(t *testing.T, s store.Store) {
	mustNo(t, s.Ping(ctx))
	mustNo(t, s.Close())
	if err := s.Ping(ctx); err == nil {
		t.Fatal("Ping answered nil after Close")
	}
}

// onlyRecord checks that a list read back holds the one record written, whole.
func onlyRecord[T any](t *testing.T, what string, want T) func(list []T, err error) {
	return func(list []T, err error) {
		t.Helper()
		mustNo(t, err)
		if len(list) != 1 {
			t.Fatalf("%s = %d records, want 1", what, len(list))
		}
		sameRecord(t, what, want, list[0])
	}
}

func sameRecord(t *testing.T, what string, want, got any) {
	t.Helper()
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("%s differs from what was written (-written +read):\n%s", what, diff)
	}
}

// everyFieldSet fails when a field of the record written is its zero value:
// a zero would read back equal even from a column nobody stores.
func everyFieldSet(t *testing.T, path string, v reflect.Value) {
	t.Helper()
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			t.Fatalf("%s is nil: set every field so a forgotten column shows", path)
		}
		v = v.Elem()
	}
	if v.Type() == reflect.TypeFor[time.Time]() || v.Kind() != reflect.Struct {
		if v.IsZero() || (v.Kind() == reflect.Slice && v.Len() == 0) {
			t.Fatalf("%s is empty: set every field so a forgotten column shows", path)
		}
		return
	}
	for i := range v.NumField() {
		everyFieldSet(t, path+"."+v.Type().Field(i).Name, v.Field(i))
	}
}
