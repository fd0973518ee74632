// Package storetest is the behaviour suite every store.Store implementation
// must pass; each implementation's tests call Run with a factory for a fresh,
// empty, migrated store.
package storetest

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"quotegrade/internal/apperr"
	"quotegrade/internal/store"
)

// Run runs the whole suite. newStore must return an empty, migrated store.
func Run(t *testing.T, newStore func(t *testing.T) store.Store) {
	tests := map[string]func(t *testing.T, s store.Store){
		"purchase request round trip":                                purchaseRoundTrip,
		"refinance request with current mortgage":                    refinanceRoundTrip,
		"duplicate id is a conflict":                                 duplicateID,
		"unknown ids are not found":                                  unknownIDs,
		"contact info update":                                        contactInfoUpdate,
		"broker quote update refused once analysed":                  brokerQuoteAfterAnalysis,
		"analysis save replaces quotes sorted by rate":               analysisReplace,
		"analysis keeps the answers and the recommendation's reason": analysisAnswers,
		"analysis keeps the verdict on each of the visitor's quotes": analysisQuoteVerdicts,
		"analysis views":                                             analysisViews,
		"the visitor's views of each request's analysis":             visitorViews,
		"contact requests":                                           contactRequests,
		"campaign visits":                                            campaignVisits,
		"outbox keeps one copy per message":                          outbox,
		"sent e-mails recorded once":                                 sentEmails,
		"concurrent submissions all stored":                          concurrentCreates,
		"public writes counted once per minute":                      publicWriteCounts,
		"site counts for metrics":                                    siteCounts,
		"text no database keeps is refused alike":                    unstorableText,
		"an upload key belongs to one request":                       uploadKeyOnce,
		"a later quote's upload is attached and kept":                moreQuotesUploads,
		"uploads received, rejected, stale and deleted":              uploads,
		"upload quotas count received bytes per client and in total": uploadQuotas,
		"a Loan Estimate's pictures are attached and freed together": uploadPages,
		"market rates latest and history":                            marketRates,
		"benchmark rates latest by series":                           benchmarkRates,
		"every write the results page shows moves the request stamp": requestStampMoves,

		// records.go: each record read back whole
		"quote request read back whole":   wholeQuoteRequest,
		"analysis read back whole":        wholeAnalysis,
		"contact request read back whole": wholeContactRequest,
		"upload read back whole":          wholeUpload,
		"outbox e-mail read back whole":   wholeEmail,
		"market rate read back whole":     wholeMarketRate,
		"refi alert read back whole":      wholeRefiAlert,
		"user read back whole":            wholeUser,
		"server copy read back whole":     wholeServerCopy,
		"ping answers until closed":       pingUntilClosed,

		// brokers.go: the broker's lists, users and sessions
		"pending and analysed lists":           pendingAndAnalysed,
		"lists carry each request's quotes":    listsCarryQuotes,
		"contact requests listed and answered": contactRequestsAnswered,
		"analysis suggestions most used first": suggestions,
		"admins decided by e-mail":             admins,
		"loan officer profile and reviewer":    loanOfficers,
		"sessions and access tokens expire":    sessionsExpire,
		"revoking a session ends its tokens":   sessionRevoke,

		// operations.go: demo requests and server copies
		"demo requests removed with their analysis": demoRemoved,
		"demo requests read as demo":                demoRead,
		"server copies recorded and replaced":       serverCopies,

		// refi.go: Refi Buddy watches, confirmations and InTx
		"refi watches need a confirmed address":             refiWatches,
		"refi confirmation claimed once a day":              refiConfirmationClaims,
		"concurrent refi confirmation claims give one":      refiConfirmationRace,
		"refi unsubscribe stops every watch of the address": refiUnsubscribe,
		"InTx commits all or nothing":                       inTx,
		"InTx queues e-mails through its transaction":       inTxQueuesEmails,
		"refi manage links, triggers and pausing":           refiManage,
		"refi confirmations capped per mailbox and domain":  refiConfirmationCaps,
		"an unsubscribe voids old confirmation links":       refiUnsubscribeVoidsConfirmations,

		// retention.go: deletion, legal hold, audit and purges
		"deleting a request removes what hangs from it":   deleteRequest,
		"a request on legal hold is not deleted":          legalHoldRefusesDelete,
		"audit events listed by broker, request and date": auditTrail,
		"purge removes old records by kind, holds kept":   purgeRecords,
		"analysis saves kept as versions, newest first":   analysisVersions,
		"sent e-mails kept with their request":            keptEmails,
		"old confirmation counts purged":                  purgeConfirmationCaps,
		"page archive keeps each version once":            pageArchive,

		// secondfactor.go: the second factor
		"second factor enrolment, steps and recovery codes": secondFactorEnrolment,
		"second factor failures counted in runs":            secondFactorFailures,
		"sessions pass the second factor and go idle":       sessionSecondFactor,
		"admins listed with their enrolment":                adminsEnrolled,

		// notices.go: the broker notices
		"new requests notice lists each waiting request once": newRequestsNotice,
		"two new requests notices at once: one lists them":    newRequestsNoticeRace,
		"stale rates notice once per newest week":             staleRatesNotice,
	}
	for name, fn := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			fn(t, newStore(t))
		})
	}
}

var ctx = context.Background()

func ptr[T any](v T) *T { return &v }

// at is a fixed, microsecond-precision instant: both databases keep microseconds.
var at = time.Date(2026, 3, 14, 15, 9, 26, 535000000, time.UTC)

// NewPurchase is a complete purchase request with a broker quote.
func NewPurchase() store.QuoteRequest {
	return store.QuoteRequest{
		ID: uuid.NewString(), LoanType: "purchase", PropertyType: "primary", PropertyStyle: "single",
		MilitaryService: false, CreditScore: 742, ZipCode: "84101", State: "UT",
		PurchasePrice: ptr(450000.0), DownPayment: ptr(45000.0), DownPaymentPercent: ptr(10.0), IsFirstHome: ptr(true),
		BrokerRate: ptr(6.625), BrokerLenderFees: ptr(-1250.5), BrokerMortgageInsurance: ptr(142.0),
		Questions: []string{"Is this rate good?", "Should I buy points?"}, KeystoneConsideration: ptr("open"),
		CreatedAt: at,
	}
}

// storedPurchase is NewPurchase, created in s.
func storedPurchase(t *testing.T, s store.Store) store.QuoteRequest {
	t.Helper()
	r := NewPurchase()
	mustNo(t, s.CreateQuoteRequest(ctx, r))
	return r
}

func purchaseRoundTrip(t *testing.T, s store.Store) {
	in := storedPurchase(t, s)
	got, err := s.GetQuoteRequest(ctx, in.ID)
	mustNo(t, err)
	if got.LoanType != "purchase" || got.CreditScore != 742 || got.ZipCode != "84101" || got.State != "UT" {
		t.Fatalf("scalar fields lost: %+v", got)
	}
	if *got.PurchasePrice != 450000 || *got.DownPayment != 45000 || *got.DownPaymentPercent != 10 || !*got.IsFirstHome {
		t.Fatalf("purchase fields lost: %+v", got)
	}
	if *got.BrokerRate != 6.625 || *got.BrokerLenderFees != -1250.5 || *got.BrokerMortgageInsurance != 142 {
		t.Fatalf("broker quote lost: %+v", got)
	}
	if len(got.Questions) != 2 || got.Questions[1] != "Should I buy points?" {
		t.Fatalf("questions lost: %v", got.Questions)
	}
	if got.PropertyValue != nil || got.RemainingBalance != nil || got.CashOut || got.CurrentMortgage != nil || got.Email != nil {
		t.Fatalf("absent fields came back set: %+v", got)
	}
	if !got.CreatedAt.Equal(at) {
		t.Fatalf("created_at = %v, want %v", got.CreatedAt, at)
	}
	if got.Quotes == nil || len(got.Quotes) != 0 {
		t.Fatalf("quotes = %v, want empty list", got.Quotes)
	}
}

func refinanceRoundTrip(t *testing.T, s store.Store) {
	in := store.QuoteRequest{
		ID: uuid.NewString(), LoanType: "refinance", PropertyType: "second", PropertyStyle: "condo", MilitaryService: true,
		CreditScore: 680, ZipCode: "84604", State: "UT", PropertyValue: ptr(600000.0), RemainingBalance: ptr(350000.0),
		CashOut: true, CashOutAmount: ptr(40000.0), RefiIntent: ptr("get_notified"),
		CurrentMortgage: &store.CurrentMortgage{Rate: 7.25, MonthlyPayment: 2387.66, LoanProgram: ptr("30-year-fixed")},
		ContactInfo:     store.ContactInfo{Email: ptr("owner@example.com")},
		CreatedAt:       at,
	}
	mustNo(t, s.CreateQuoteRequest(ctx, in))
	got, err := s.GetQuoteRequest(ctx, in.ID)
	mustNo(t, err)
	if !got.CashOut || *got.CashOutAmount != 40000 || !got.MilitaryService || got.PurchasePrice != nil || got.IsFirstHome != nil {
		t.Fatalf("refinance fields lost: %+v", got)
	}
	m := got.CurrentMortgage
	if m == nil || m.Rate != 7.25 || m.MonthlyPayment != 2387.66 || *m.LoanProgram != "30-year-fixed" || m.MortgageInsurance != nil {
		t.Fatalf("current mortgage = %+v", m)
	}
	if *got.Email != "owner@example.com" || *got.RefiIntent != "get_notified" {
		t.Fatalf("email or intent lost: %+v", got)
	}
}

func duplicateID(t *testing.T, s store.Store) {
	in := storedPurchase(t, s)
	if err := s.CreateQuoteRequest(ctx, in); !errors.Is(err, apperr.ErrConflict) {
		t.Fatalf("second create: %v, want ErrConflict", err)
	}
}

func unknownIDs(t *testing.T, s store.Store) {
	id := uuid.NewString()
	checks := byRequestID(s, id)
	checks["analysis of unknown request"] = s.SaveAnalysis(ctx, store.Analysis{ID: uuid.NewString(), QuoteRequestID: id, Lender: "rocket", CreatedAt: at, UpdatedAt: at})
	checks["contact request for unknown quote request"] = s.CreateContactRequest(ctx, store.ContactRequest{
		ID: uuid.NewString(), Kind: "question", Name: "A", Email: ptr("a@b.co"), Question: "Q", PreferredContact: "email",
		State: "UT", QuoteRequestID: ptr(id), CreatedAt: at})
	for what, err := range checks {
		if !errors.Is(err, apperr.ErrNotFound) {
			t.Errorf("%s: %v, want ErrNotFound", what, err)
		}
	}
}

// byRequestID calls each method that looks a record up by id with id, and
// keeps each answer's error by what was asked.
func byRequestID(s store.Store, id string) map[string]error {
	checks := map[string]error{}
	_, checks["get request"] = s.GetQuoteRequest(ctx, id)
	_, checks["get analysis"] = s.GetAnalysisByQuoteRequest(ctx, id)
	checks["contact info"] = s.UpdateContactInfo(ctx, id, store.ContactInfo{Email: ptr("a@b.co")})
	checks["broker quote"] = s.UpdateBrokerQuote(ctx, id, store.BrokerQuote{Rate: ptr(6.0)}, true)
	checks["view"] = s.RecordAnalysisView(ctx, store.AnalysisView{ID: uuid.NewString(), AnalysisID: id, ViewedAt: at})
	_, checks["contact request"] = s.GetContactRequest(ctx, id)
	return checks
}

func contactInfoUpdate(t *testing.T, s store.Store) {
	in := storedPurchase(t, s)
	mustNo(t, s.UpdateContactInfo(ctx, in.ID, store.ContactInfo{Phone: ptr("+18015550142"), PreferredContactMethod: ptr("text")}))
	got, err := s.GetQuoteRequest(ctx, in.ID)
	mustNo(t, err)
	if got.Email != nil || *got.Phone != "+18015550142" || *got.PreferredContactMethod != "text" || got.Consent != nil {
		t.Fatalf("contact info = %+v", got.ContactInfo)
	}

	// The consent to calls and texts is kept with the request (TCPA, issue 26
	// section 3), and a later choice of e-mail takes it away with the phone.
	consent := &store.ContactConsent{Text: "I agree that Wasatch may call or text me at 801-555-0142 about this request.", At: at, Address: "203.0.113.9"}
	mustNo(t, s.UpdateContactInfo(ctx, in.ID, store.ContactInfo{Phone: ptr("8015550142"), PreferredContactMethod: ptr("phone"), Consent: consent}))
	got, err = s.GetQuoteRequest(ctx, in.ID)
	mustNo(t, err)
	if got.Consent == nil || *got.Consent != *consent {
		t.Fatalf("consent = %+v, want %+v", got.Consent, consent)
	}
	mustNo(t, s.UpdateContactInfo(ctx, in.ID, store.ContactInfo{Email: ptr("a@example.com"), PreferredContactMethod: ptr("email")}))
	got, err = s.GetQuoteRequest(ctx, in.ID)
	mustNo(t, err)
	if got.Consent != nil {
		t.Fatalf("consent after choosing e-mail = %+v, want none", got.Consent)
	}
}

func saveAnalysis(t *testing.T, s store.Store, requestID string, rates ...float64) store.Analysis {
	t.Helper()
	a := store.Analysis{ID: uuid.NewString(), QuoteRequestID: requestID, Grade: ptr("B"), Pros: []string{"Low fees"},
		Cons: []string{"Rate above market"}, Recommendations: []string{"Ask for a lender credit"}, Notes: []string{},
		Lender: "provident", CreatedAt: at, UpdatedAt: at}
	for _, r := range rates {
		a.Quotes = append(a.Quotes, store.Quote{ID: uuid.NewString(), Rate: r, LenderFees: -500, APR: ptr(r + 0.1),
			IsRecommended: r == rates[0], Source: "SYSTEM", LoanProgram: ptr("30-year-fixed"), CreatedAt: at, UpdatedAt: at})
	}
	mustNo(t, s.SaveAnalysis(ctx, a))
	return a
}

func brokerQuoteAfterAnalysis(t *testing.T, s store.Store) {
	in := storedPurchase(t, s)
	mustNo(t, s.UpdateBrokerQuote(ctx, in.ID, store.BrokerQuote{Rate: ptr(6.5), LenderFees: ptr(0.0)}, true))
	got, _ := s.GetQuoteRequest(ctx, in.ID)
	if *got.BrokerRate != 6.5 || *got.BrokerLenderFees != 0 || got.BrokerMortgageInsurance != nil {
		t.Fatalf("broker quote = %v %v %v", got.BrokerRate, got.BrokerLenderFees, got.BrokerMortgageInsurance)
	}
	saveAnalysis(t, s, in.ID, 6.25)
	if err := s.UpdateBrokerQuote(ctx, in.ID, store.BrokerQuote{Rate: ptr(5.0)}, true); !errors.Is(err, apperr.ErrConflict) {
		t.Fatalf("update after analysis: %v, want ErrConflict", err)
	}
	mustNo(t, s.UpdateBrokerQuote(ctx, in.ID, store.BrokerQuote{Rate: ptr(5.0)}, false))
	got, err := s.GetQuoteRequest(ctx, in.ID)
	mustNo(t, err)
	if *got.BrokerRate != 5.0 {
		t.Fatalf("broker rate = %v, want 5", *got.BrokerRate)
	}
}

func analysisReplace(t *testing.T, s store.Store) {
	in := storedPurchase(t, s)
	first := saveAnalysis(t, s, in.ID, 6.5, 6.125, 6.375)
	got, err := s.GetAnalysisByQuoteRequest(ctx, in.ID)
	mustNo(t, err)
	if got.ID != first.ID || *got.Grade != "B" || got.Pros[0] != "Low fees" || got.Lender != "provident" {
		t.Fatalf("analysis = %+v", got)
	}
	if len(got.Quotes) != 3 || got.Quotes[0].Rate != 6.125 || got.Quotes[2].Rate != 6.5 || *got.Quotes[0].APR != 6.225 {
		t.Fatalf("quotes not sorted by rate: %+v", got.Quotes)
	}
	second := saveAnalysis(t, s, in.ID, 7.0)
	got, err = s.GetAnalysisByQuoteRequest(ctx, in.ID)
	mustNo(t, err)
	if got.ID != first.ID {
		t.Fatalf("re-saving created a second analysis %s (first %s, attempted %s)", got.ID, first.ID, second.ID)
	}
	if len(got.Quotes) != 1 || got.Quotes[0].Rate != 7.0 {
		t.Fatalf("quotes not replaced: %+v", got.Quotes)
	}
	req, err := s.GetQuoteRequest(ctx, in.ID)
	mustNo(t, err)
	if len(req.Quotes) != 1 {
		t.Fatalf("request quotes = %d, want 1", len(req.Quotes))
	}
}

func analysisViews(t *testing.T, s store.Store) {
	in := storedPurchase(t, s)
	a := saveAnalysis(t, s, in.ID, 6.0)
	mustNo(t, s.RecordAnalysisView(ctx, store.AnalysisView{ID: uuid.NewString(), AnalysisID: a.ID, ViewedAt: at}))
	mustNo(t, s.RecordAnalysisView(ctx, store.AnalysisView{ID: uuid.NewString(), AnalysisID: a.ID, ViewedBy: ptr("broker@example.com"), ViewedAt: at}))
	n, signedIn, err := s.CountAnalysisViews(ctx, a.ID)
	mustNo(t, err)
	if n != 2 || signedIn != 1 {
		t.Fatalf("views = %d (%d signed in), want 2 (1)", n, signedIn)
	}
}

// visitorViews: the dashboard says whether, and when first, the visitor
// opened each analysis (issue 25 §5); a broker checking the results page
// while signed in is not the visitor.
func visitorViews(t *testing.T, s store.Store) {
	broker := "views-" + uuid.NewString() + "@example.com"
	mustNo(t, s.GrantAdmin(ctx, broker, at))
	view := func(a store.Analysis, by *string, when time.Time) {
		mustNo(t, s.RecordAnalysisView(ctx, store.AnalysisView{ID: uuid.NewString(), AnalysisID: a.ID, ViewedBy: by, ViewedAt: when}))
	}
	viewed, byBroker, pending := NewPurchase(), NewPurchase(), NewPurchase()
	for _, r := range []store.QuoteRequest{viewed, byBroker, pending} {
		mustNo(t, s.CreateQuoteRequest(ctx, r))
	}
	a := saveAnalysis(t, s, viewed.ID, 6.0)
	view(a, ptr(strings.ToUpper(broker)), at) // the broker, first, in other letters
	view(a, nil, at.Add(2*time.Hour))
	view(a, nil, at.Add(time.Hour))
	view(a, ptr("visitor@example.com"), at.Add(3*time.Hour)) // a signed-in visitor counts
	view(saveAnalysis(t, s, byBroker.ID, 6.0), &broker, at)
	saveAnalysis(t, s, viewed.ID, 6.5) // a new version keeps the views of the analysis

	got, err := s.VisitorViews(ctx, []string{viewed.ID, byBroker.ID, pending.ID, "unknown"})
	mustNo(t, err)
	want := map[string]store.VisitorViews{viewed.ID: {Count: 3, FirstAt: at.Add(time.Hour)}}
	if len(got) != 1 || got[viewed.ID].Count != 3 || !got[viewed.ID].FirstAt.Equal(want[viewed.ID].FirstAt) {
		t.Fatalf("visitor views = %+v, want %+v", got, want)
	}
	none, err := s.VisitorViews(ctx, nil)
	mustNo(t, err)
	if len(none) != 0 {
		t.Fatalf("views of no request = %+v", none)
	}
}

func contactRequests(t *testing.T, s store.Store) {
	in := storedPurchase(t, s)
	c := store.ContactRequest{ID: uuid.NewString(), Kind: "update_rates", Name: "Dana", Phone: ptr("801-555-0142"),
		PreferredContact: "text", State: "UT", QuoteRequestID: ptr(in.ID), CreatedAt: at}
	mustNo(t, s.CreateContactRequest(ctx, c))
	got, err := s.GetContactRequest(ctx, c.ID)
	mustNo(t, err)
	if got.Kind != "update_rates" || got.Name != "Dana" || *got.Phone != "801-555-0142" || got.Email != nil || *got.QuoteRequestID != in.ID || !got.CreatedAt.Equal(at) {
		t.Fatalf("contact request = %+v", got)
	}
}

func campaignVisits(t *testing.T, s store.Store) {
	for i := 0; i < 3; i++ {
		mustNo(t, s.RecordCampaignVisit(ctx, store.CampaignVisit{ID: uuid.NewString(), CampaignID: "qr1", ResolvedTo: "/", VisitedAt: at}))
	}
	n, err := s.CountCampaignVisits(ctx, "qr1")
	mustNo(t, err)
	if n != 3 {
		t.Fatalf("visits = %d, want 3", n)
	}
}

func concurrentCreates(t *testing.T, s store.Store) {
	const n = 40
	ids := make([]string, n)
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range ids {
		r := NewPurchase()
		ids[i] = r.ID
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- s.CreateQuoteRequest(ctx, r)
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		mustNo(t, err)
	}
	for _, id := range ids {
		if _, err := s.GetQuoteRequest(ctx, id); err != nil {
			t.Fatalf("request %s answered success but is not stored: %v", id, err)
		}
	}
}

func mustNo(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// Ids and text with a NUL character or bytes that are not UTF-8: PostgreSQL
// refuses them with an error, SQLite keeps them. Both must answer alike: such
// an id is not found, such text is invalid input naming its field, and
// nothing is stored.
func unstorableText(t *testing.T, s store.Store) {
	for _, bad := range []string{"a\x00b", "\xff\xfe", "ok\xc3"} {
		checks := byRequestID(s, bad)
		checks["answer contact request"] = s.MarkContactRequestAnswered(ctx, bad, "broker@example.com", at)
		_, checks["upload"] = s.GetUpload(ctx, bad)
		_, checks["user"] = s.GetUser(ctx, bad)
		for what, err := range checks {
			if !errors.Is(err, apperr.ErrNotFound) {
				t.Errorf("%q: %s: %v, want ErrNotFound", bad, what, err)
			}
		}

		in := NewPurchase()
		in.Email = ptr("ann" + bad + "@example.com")
		wantField(t, s.CreateQuoteRequest(ctx, in), "email")
		if _, err := s.GetQuoteRequest(ctx, in.ID); !errors.Is(err, apperr.ErrNotFound) {
			t.Errorf("a refused request was stored: %v", err)
		}
		in = NewPurchase()
		in.ZipCode = "84" + bad
		wantField(t, s.CreateQuoteRequest(ctx, in), "zipCode")
		in = NewPurchase()
		in.Questions = []string{"fine", "bad " + bad}
		wantField(t, s.CreateQuoteRequest(ctx, in), "questions")
		good := storedPurchase(t, s)
		wantField(t, s.UpdateContactInfo(ctx, good.ID, store.ContactInfo{Phone: ptr("801" + bad)}), "phone")
		wantField(t, s.CreateContactRequest(ctx, store.ContactRequest{ID: uuid.NewString(), Kind: "question", Name: "Ann" + bad,
			Email: ptr("a@b.co"), Question: "Q", PreferredContact: "email", State: "UT", CreatedAt: at}), "name")
	}
}

func wantField(t *testing.T, err error, field string) {
	t.Helper()
	var invalid *apperr.Invalid
	if !errors.As(err, &invalid) || invalid.Fields[field] != store.MsgUnstorableText {
		t.Errorf("error = %v, want invalid %s", err, field)
	}
}

// An upload key belongs to one request: the database refuses a second,
// however the two submits interleave.
func uploadKeyOnce(t *testing.T, s store.Store) {
	key := "uploads/" + uuid.NewString() + ".pdf"
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := NewPurchase()
			r.UserUploadedQuoteURL = ptr(key)
			errs[i] = s.CreateQuoteRequest(ctx, r)
		}()
	}
	wg.Wait()
	stored := 0
	for _, err := range errs {
		switch {
		case err == nil:
			stored++
		case !errors.Is(err, store.ErrUploadAttached) || !errors.Is(err, apperr.ErrConflict):
			t.Errorf("second attach: %v, want ErrUploadAttached", err)
		}
	}
	if stored != 1 {
		t.Fatalf("%d requests stored with one upload key, want 1", stored)
	}
	dup := storedPurchase(t, s)
	if err := s.CreateQuoteRequest(ctx, dup); errors.Is(err, store.ErrUploadAttached) || !errors.Is(err, apperr.ErrConflict) {
		t.Fatalf("a duplicate id is a plain conflict, got %v", err)
	}
}

// Quotes two to four (issue 29) keep their uploads like the first: the
// upload says which request has it, it is never stale, and a second request
// naming it is refused, with nothing of that request stored.
func moreQuotesUploads(t *testing.T, s store.Store) {
	u := store.Upload{Key: "uploads/" + uuid.NewString() + ".pdf", FileName: "second.pdf", ContentType: "application/pdf", CreatedAt: at}
	mustNo(t, s.CreateUpload(ctx, u, noQuota))
	r := NewPurchase()
	r.HorizonMonths = ptr(60)
	r.MoreQuotes = []store.VisitorQuote{{Rate: ptr(6.25)}, {LenderName: ptr("Second Bank"), UploadKey: ptr(u.Key)}}
	mustNo(t, s.CreateQuoteRequest(ctx, r))
	got, err := s.GetQuoteRequest(ctx, r.ID)
	mustNo(t, err)
	r.Quotes = []store.Quote{}
	sameRecord(t, "request with more quotes", r, got)
	read, err := s.GetUpload(ctx, u.Key)
	mustNo(t, err)
	if read.AttachedTo == nil || *read.AttachedTo != r.ID {
		t.Errorf("upload of quote 3 attached to %v, want %s", read.AttachedTo, r.ID)
	}
	stale, err := s.StaleUploads(ctx, at.Add(48*time.Hour), 10)
	mustNo(t, err)
	if len(stale) != 0 {
		t.Errorf("stale = %+v, want none: quote 3 has the upload", stale)
	}
	other := NewPurchase()
	other.MoreQuotes = []store.VisitorQuote{{UploadKey: ptr(u.Key)}}
	if err := s.CreateQuoteRequest(ctx, other); !errors.Is(err, store.ErrUploadAttached) {
		t.Fatalf("a second request naming quote 3's upload: %v, want ErrUploadAttached", err)
	}
	if _, err := s.GetQuoteRequest(ctx, other.ID); !errors.Is(err, apperr.ErrNotFound) {
		t.Errorf("the refused request was stored: %v", err)
	}
}

func analysisAnswers(t *testing.T, s store.Store) {
	in := storedPurchase(t, s)
	a := saveAnalysis(t, s, in.ID, 6.5)
	got, err := s.GetAnalysisByQuoteRequest(ctx, in.ID)
	mustNo(t, err)
	if got.Answers == nil || len(got.Answers) != 0 || got.RecommendationReason != "" {
		t.Fatalf("an analysis saved without answers: answers %#v, reason %q", got.Answers, got.RecommendationReason)
	}
	a.Answers = []string{"Yes: 6.5% is fair for a 742 score.", "", "Ask for a credit \"instead\""}
	a.RecommendationReason = "Lowest cash to close, and you plan to sell within 4 years."
	mustNo(t, s.SaveAnalysis(ctx, a))
	got, err = s.GetAnalysisByQuoteRequest(ctx, in.ID)
	mustNo(t, err)
	if strings.Join(got.Answers, "|") != strings.Join(a.Answers, "|") || got.RecommendationReason != a.RecommendationReason {
		t.Fatalf("answers %#v, reason %q; want %#v, %q", got.Answers, got.RecommendationReason, a.Answers, a.RecommendationReason)
	}
}

// analysisQuoteVerdicts: the broker's grade, pros, cons and recommendation
// on each of the visitor's quotes (issue 29) are read back in their order,
// replaced by the next save, and kept in that save's version.
func analysisQuoteVerdicts(t *testing.T, s store.Store) {
	in := NewPurchase()
	in.MoreQuotes = []store.VisitorQuote{{LenderName: ptr("Bonneville Bank"), Rate: ptr(6.25)}, {LenderName: ptr("Wasatch"), Rate: ptr(7.0)}}
	mustNo(t, s.CreateQuoteRequest(ctx, in))
	a := saveAnalysis(t, s, in.ID, 6.5)
	got, err := s.GetAnalysisByQuoteRequest(ctx, in.ID)
	mustNo(t, err)
	if got.QuoteVerdicts == nil || len(got.QuoteVerdicts) != 0 {
		t.Fatalf("an analysis saved without verdicts: %#v, want an empty list", got.QuoteVerdicts)
	}
	a.QuoteVerdicts = []store.QuoteVerdict{
		{Grade: ptr("B"), Pros: []string{"No points"}, Cons: []string{"Rate above market", "A \"junk\" fee"}},
		{Grade: ptr("A"), Pros: []string{"Lowest cost over 7 years"}, Cons: []string{"$8,000 in points"}, Recommended: true},
		{Grade: ptr("D"), Pros: []string{"Lender credit"}, Cons: []string{}},
	}
	mustNo(t, s.SaveAnalysis(ctx, a))
	got, err = s.GetAnalysisByQuoteRequest(ctx, in.ID)
	mustNo(t, err)
	if !reflect.DeepEqual(got.QuoteVerdicts, a.QuoteVerdicts) {
		t.Fatalf("verdicts read back %#v, want %#v", got.QuoteVerdicts, a.QuoteVerdicts)
	}
	versions, err := s.AnalysisVersions(ctx, in.ID)
	mustNo(t, err)
	if len(versions) != 2 || !reflect.DeepEqual(versions[0].Analysis.QuoteVerdicts, a.QuoteVerdicts) || len(versions[1].Analysis.QuoteVerdicts) != 0 {
		t.Fatalf("versions keep verdicts %#v", versions)
	}
	a.QuoteVerdicts = nil
	mustNo(t, s.SaveAnalysis(ctx, a))
	got, err = s.GetAnalysisByQuoteRequest(ctx, in.ID)
	mustNo(t, err)
	if got.QuoteVerdicts == nil || len(got.QuoteVerdicts) != 0 {
		t.Fatalf("a save without verdicts left %#v", got.QuoteVerdicts)
	}
	a.QuoteVerdicts = []store.QuoteVerdict{{Grade: ptr("A"), Pros: []string{"bad \x00 text"}}}
	if err := s.SaveAnalysis(ctx, a); err == nil {
		t.Fatal("a verdict with a NUL character was stored")
	}
}
