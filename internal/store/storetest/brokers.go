package storetest

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/google/uuid"

	"quotegrade/internal/apperr"
	"quotegrade/internal/store"
)

func pendingAndAnalysed(t *testing.T, s store.Store) {
	older, newer, done := NewPurchase(), NewPurchase(), NewPurchase()
	newer.CreatedAt = at.Add(time.Hour)
	for _, r := range []store.QuoteRequest{older, newer, done} {
		mustNo(t, s.CreateQuoteRequest(ctx, r))
	}
	saveAnalysis(t, s, done.ID, 6.0)
	example := NewPurchase()
	example.IsExample = true
	mustNo(t, s.CreateQuoteRequest(ctx, example))
	pending, err := s.ListQuoteRequests(ctx, false, 50)
	mustNo(t, err)
	if len(pending) != 2 || pending[0].ID != older.ID || pending[1].ID != newer.ID {
		t.Fatalf("pending = %v, want the longest wait first: older then newer", ids(pending))
	}
	analysed, err := s.ListQuoteRequests(ctx, true, 50)
	mustNo(t, err)
	if len(analysed) != 1 || analysed[0].ID != done.ID || *analysed[0].PurchasePrice != 450000 {
		t.Fatalf("analysed = %v", ids(analysed))
	}
	if pending[0].MoreQuotes != nil || pending[1].MoreQuotes != nil || analysed[0].MoreQuotes != nil {
		t.Fatal("requests of one quote listed with more quotes")
	}
	one, err := s.ListQuoteRequests(ctx, false, 1)
	mustNo(t, err)
	if len(one) != 1 || one[0].ID != older.ID {
		t.Fatalf("limit 1 gave %v, want the oldest pending request", ids(one))
	}
}

// listsCarryQuotes: each listed request has its own later quotes, in order,
// however the page's requests and their quotes interleave.
func listsCarryQuotes(t *testing.T, s store.Store) {
	three, one, two := NewPurchase(), NewPurchase(), NewPurchase()
	three.MoreQuotes = []store.VisitorQuote{{LenderName: ptr("B"), Rate: ptr(6.5)}, {LenderName: ptr("C"), Rate: ptr(6.25)}}
	one.CreatedAt = at.Add(time.Minute)
	two.CreatedAt = at.Add(2 * time.Minute)
	two.MoreQuotes = []store.VisitorQuote{{LenderName: ptr("Other"), Rate: ptr(7.0), Points: ptr(0.5)}}
	for _, r := range []store.QuoteRequest{three, one, two} {
		mustNo(t, s.CreateQuoteRequest(ctx, r))
	}
	list, err := s.ListQuoteRequests(ctx, false, 50)
	mustNo(t, err)
	if len(list) != 3 {
		t.Fatalf("pending = %v, want three", ids(list))
	}
	for i, want := range []store.QuoteRequest{three, one, two} {
		if got := list[i]; got.ID != want.ID || !reflect.DeepEqual(got.MoreQuotes, want.MoreQuotes) {
			t.Errorf("request %d: %s with more quotes %+v, want %s with %+v", i, got.ID, got.MoreQuotes, want.ID, want.MoreQuotes)
		}
	}
}

func ids(rs []store.QuoteRequest) []string {
	out := []string{}
	for _, r := range rs {
		out = append(out, r.ID)
	}
	return out
}

func contactRequestsAnswered(t *testing.T, s store.Store) {
	first := store.ContactRequest{ID: uuid.NewString(), Kind: "question", Name: "Ann", Email: ptr("ann@example.com"), Question: "Q1",
		PreferredContact: "email", State: "UT", CreatedAt: at}
	second := first
	second.ID, second.Name, second.CreatedAt = uuid.NewString(), "Ben", at.Add(time.Minute)
	mustNo(t, s.CreateContactRequest(ctx, first))
	mustNo(t, s.CreateContactRequest(ctx, second))
	mustNo(t, s.MarkContactRequestAnswered(ctx, first.ID, "broker@example.com", at.Add(time.Hour)))
	list, err := s.ListContactRequests(ctx, 10)
	mustNo(t, err)
	if len(list) != 2 || list[0].Name != "Ben" || list[0].AnsweredAt != nil {
		t.Fatalf("list = %+v", list)
	}
	if a := list[1]; a.AnsweredAt == nil || !a.AnsweredAt.Equal(at.Add(time.Hour)) || *a.AnsweredBy != "broker@example.com" {
		t.Fatalf("answered = %+v", a)
	}
	if err := s.MarkContactRequestAnswered(ctx, uuid.NewString(), "b@example.com", at); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("unknown contact request: %v", err)
	}
}

func suggestions(t *testing.T, s store.Store) {
	for i := 0; i < 2; i++ {
		r := storedPurchase(t, s)
		a := saveAnalysis(t, s, r.ID, 6.0)
		if i == 1 {
			a.Pros = append(a.Pros, "No prepayment penalty")
			mustNo(t, s.SaveAnalysis(ctx, a))
		}
	}
	got, err := s.AnalysisSuggestions(ctx, 10)
	mustNo(t, err)
	if len(got.Pros) != 2 || got.Pros[0] != "Low fees" || got.Pros[1] != "No prepayment penalty" ||
		len(got.Cons) != 1 || got.Recommendations[0] != "Ask for a lender credit" {
		t.Fatalf("suggestions = %+v", got)
	}
}

func newUser(t *testing.T, s store.Store, email string) store.User {
	t.Helper()
	u := store.User{ID: "google-" + uuid.NewString(), Email: email, Name: "Broker", UpdatedAt: at}
	mustNo(t, s.UpsertUser(ctx, u))
	return u
}

func admins(t *testing.T, s store.Store) {
	u := newUser(t, s, "Broker@Example.com")
	got, err := s.GetUser(ctx, u.ID)
	mustNo(t, err)
	if got.IsAdmin || got.Email != "broker@example.com" {
		t.Fatalf("new user = %+v, want non-admin with lower-case e-mail", got)
	}
	mustNo(t, s.GrantAdmin(ctx, "BROKER@example.com", at))
	mustNo(t, s.GrantAdmin(ctx, "broker@example.com", at))
	if got, _ = s.GetUser(ctx, u.ID); !got.IsAdmin {
		t.Fatal("granted user is not admin")
	}
	mustNo(t, s.RevokeAdmin(ctx, "broker@example.com"))
	if got, _ = s.GetUser(ctx, u.ID); got.IsAdmin {
		t.Fatal("revoked user is still admin")
	}
	if err := s.RevokeAdmin(ctx, "broker@example.com"); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("second revoke: %v", err)
	}
	other := store.User{ID: "google-other", Email: "broker@example.com", UpdatedAt: at}
	if err := s.UpsertUser(ctx, other); !errors.Is(err, apperr.ErrConflict) {
		t.Fatalf("second user with the same e-mail: %v", err)
	}
	if _, err := s.GetUser(ctx, "nobody"); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("unknown user: %v", err)
	}
}

func newSession(t *testing.T, s store.Store, u store.User, expires time.Time) store.Session {
	t.Helper()
	ses := store.Session{ID: uuid.NewString(), SecretHash: uuid.NewString(), UserID: u.ID, CreatedAt: at, ExpiresAt: expires}
	mustNo(t, s.CreateSession(ctx, ses))
	return ses
}

func sessionsExpire(t *testing.T, s store.Store) {
	u := newUser(t, s, "b1@example.com")
	ses := newSession(t, s, u, at.Add(12*time.Hour))
	if _, got, err := s.SessionBySecret(ctx, ses.SecretHash, at.Add(time.Hour)); err != nil || got.ID != u.ID {
		t.Fatalf("live session: %v %+v", err, got)
	}
	if _, _, err := s.SessionBySecret(ctx, ses.SecretHash, at.Add(13*time.Hour)); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("expired session: %v", err)
	}
	tok := store.AccessToken{TokenHash: uuid.NewString(), SessionID: ses.ID, ExpiresAt: at.Add(5 * time.Minute)}
	mustNo(t, s.CreateAccessToken(ctx, tok))
	if got, err := s.UserByAccessToken(ctx, tok.TokenHash, at.Add(4*time.Minute+59*time.Second)); err != nil || got.Email != "b1@example.com" {
		t.Fatalf("live token: %v %+v", err, got)
	}
	if _, err := s.UserByAccessToken(ctx, tok.TokenHash, at.Add(5*time.Minute+time.Millisecond)); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("expired token: %v", err)
	}
	n, err := s.DeleteExpiredAccessTokens(ctx, at.Add(6*time.Minute))
	mustNo(t, err)
	if n != 1 {
		t.Fatalf("deleted %d expired tokens, want 1", n)
	}
}

func sessionRevoke(t *testing.T, s store.Store) {
	u := newUser(t, s, "b2@example.com")
	ses := newSession(t, s, u, at.Add(12*time.Hour))
	tok := store.AccessToken{TokenHash: uuid.NewString(), SessionID: ses.ID, ExpiresAt: at.Add(5 * time.Minute)}
	mustNo(t, s.CreateAccessToken(ctx, tok))
	mustNo(t, s.RevokeSession(ctx, ses.ID, at.Add(time.Minute)))
	if _, err := s.UserByAccessToken(ctx, tok.TokenHash, at.Add(2*time.Minute)); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("token of a revoked session: %v", err)
	}
	if _, _, err := s.SessionBySecret(ctx, ses.SecretHash, at.Add(2*time.Minute)); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("revoked session: %v", err)
	}
}

// loanOfficers: a broker's profile is kept with their grant, and an analysis
// keeps the reviewer it was saved with, whatever the profile becomes later.
func loanOfficers(t *testing.T, s store.Store) {
	officer := store.LoanOfficer{Name: "Dana Reyes", NMLS: "1234567"}
	if err := s.SetLoanOfficer(ctx, "nobody@example.com", officer); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("profile of a non-admin: %v", err)
	}
	if _, err := s.GetLoanOfficer(ctx, "nobody@example.com"); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("reading the profile of a non-admin: %v", err)
	}
	mustNo(t, s.GrantAdmin(ctx, "dana@example.com", at))
	if got, err := s.GetLoanOfficer(ctx, "dana@example.com"); err != nil || !got.IsZero() {
		t.Fatalf("new admin's profile = %+v, %v; want none", got, err)
	}
	mustNo(t, s.SetLoanOfficer(ctx, "Dana@Example.com", officer))
	if got, err := s.GetLoanOfficer(ctx, "DANA@example.com"); err != nil || got != officer {
		t.Fatalf("profile = %+v, %v; want %+v", got, err, officer)
	}
	mustNo(t, s.GrantAdmin(ctx, "dana@example.com", at)) // a second grant keeps the profile
	if got, _ := s.GetLoanOfficer(ctx, "dana@example.com"); got != officer {
		t.Fatalf("profile after a second grant = %+v", got)
	}

	r := storedPurchase(t, s)
	a := saveAnalysis(t, s, r.ID, 6.0)
	if got, _ := s.GetAnalysisByQuoteRequest(ctx, r.ID); !got.ReviewedBy.IsZero() {
		t.Fatalf("analysis saved without a reviewer has %+v", got.ReviewedBy)
	}
	a.ReviewedBy = officer
	mustNo(t, s.SaveAnalysis(ctx, a))
	mustNo(t, s.SetLoanOfficer(ctx, "dana@example.com", store.LoanOfficer{Name: "Dana Reyes-Smith", NMLS: "1234567"}))
	got, err := s.GetAnalysisByQuoteRequest(ctx, r.ID)
	mustNo(t, err)
	if got.ReviewedBy != officer {
		t.Fatalf("reviewer = %+v, want %+v as saved", got.ReviewedBy, officer)
	}
}
