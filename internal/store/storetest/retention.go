package storetest

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"quotegrade/internal/apperr"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// Deletion, legal holds, the audit trail and the purge (issue 27).
// requestWithEverything stores a request with an analysis, a view, a
// contact request, an upload, a kept e-mail and a confirmed Refi Buddy
// address.
func requestWithEverything(t *testing.T, s store.Store, email string, created time.Time) store.QuoteRequest {
	t.Helper()
	key := "uploads/" + uuid.NewString() + ".pdf"
	mustNo(t, s.CreateUpload(ctx, store.Upload{Key: key, FileName: "q.pdf", ContentType: "application/pdf", CreatedAt: created}, noQuota))
	r := NewWatch(email)
	r.CreatedAt, r.UserUploadedQuoteURL = created, &key
	mustNo(t, s.CreateQuoteRequest(ctx, r))
	a := store.Analysis{ID: uuid.NewString(), QuoteRequestID: r.ID, CreatedAt: created, UpdatedAt: created,
		Quotes: []store.Quote{{ID: uuid.NewString(), Rate: 6.5, LenderFees: 1000, Source: "broker", CreatedAt: created, UpdatedAt: created}}}
	mustNo(t, s.SaveAnalysis(ctx, a))
	mustNo(t, s.RecordAnalysisView(ctx, store.AnalysisView{ID: uuid.NewString(), AnalysisID: a.ID, ViewedAt: created}))
	mustNo(t, s.CreateContactRequest(ctx, store.ContactRequest{ID: uuid.NewString(), Kind: "question", Name: "Dana", Email: ptr(email),
		Question: "Points?", PreferredContact: "email", State: "UT", QuoteRequestID: &r.ID, CreatedAt: created}))
	mustNo(t, s.MarkEmailSent(ctx, store.OutgoingEmail{ID: uuid.NewString(), To: email, Subject: "Your Quote Analysis is Ready!",
		Text: "t", HTML: "h", QuoteRequestID: r.ID, SentBy: "broker@example.com"}, created))
	confirmed(t, s, email)
	return r
}

func notFound(t *testing.T, what string, err error) {
	t.Helper()
	if !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("%s: err = %v, want not found", what, err)
	}
}

func deleteRequest(t *testing.T, s store.Store) {
	r := requestWithEverything(t, s, "gone@example.com", at)
	kept := requestWithEverything(t, s, "kept@example.com", at)
	_, err := s.DeletedRequest(ctx, r.ID)
	notFound(t, "deletion record before deleting", err)
	d := store.DeletedRequest{QuoteRequestID: r.ID, DeletedAt: at.Add(time.Hour), DeletedBy: store.DeletedByVisitor, Reason: ""}
	key, err := s.DeleteQuoteRequest(ctx, d)
	mustNo(t, err)
	if key == nil || *key != *r.UserUploadedQuoteURL {
		t.Fatalf("upload key = %v, want %s", key, *r.UserUploadedQuoteURL)
	}
	_, err = s.GetQuoteRequest(ctx, r.ID)
	notFound(t, "deleted request", err)
	_, err = s.GetAnalysisByQuoteRequest(ctx, r.ID)
	notFound(t, "deleted request's analysis", err)
	_, err = s.GetUpload(ctx, *key)
	notFound(t, "deleted request's upload", err)
	contacts, err := s.ListContactRequests(ctx, 10)
	mustNo(t, err)
	if len(contacts) != 1 || *contacts[0].QuoteRequestID != kept.ID {
		t.Fatalf("contact requests left = %+v, want only the kept request's", contacts)
	}
	watches, err := s.RefiWatches(ctx)
	mustNo(t, err)
	if len(watches) != 1 || watches[0].QuoteRequestID != kept.ID {
		t.Fatalf("watches left = %+v, want only the kept request's", watches)
	}
	for what, list := range map[string]func() (int, error){
		"versions": func() (int, error) { v, err := s.AnalysisVersions(ctx, r.ID); return len(v), err },
		"e-mails":  func() (int, error) { e, err := s.SentEmails(ctx, r.ID); return len(e), err },
	} {
		if n, err := list(); err != nil || n != 0 {
			t.Fatalf("deleted request's %s: %d left (err %v), want none", what, n, err)
		}
	}
	got, err := s.DeletedRequest(ctx, r.ID)
	mustNo(t, err)
	sameRecord(t, "DeletedRequest", d, got)
	_, err = s.DeleteQuoteRequest(ctx, d)
	notFound(t, "deleting twice", err)
	_, err = s.DeleteQuoteRequest(ctx, store.DeletedRequest{QuoteRequestID: uuid.NewString(), DeletedAt: at, DeletedBy: "visitor"})
	notFound(t, "deleting an unknown request", err)
	if _, err := s.GetQuoteRequest(ctx, kept.ID); err != nil {
		t.Fatalf("the other request went too: %v", err)
	}
}

func legalHoldRefusesDelete(t *testing.T, s store.Store) {
	r := storedPurchase(t, s)
	_, err := s.LegalHold(ctx, r.ID)
	notFound(t, "hold before holding", err)
	h := store.LegalHold{QuoteRequestID: r.ID, Reason: "Subpoena 2026-14", HeldBy: "broker@example.com", HeldAt: at}
	mustNo(t, s.SetLegalHold(ctx, h))
	got, err := s.LegalHold(ctx, r.ID)
	mustNo(t, err)
	sameRecord(t, "LegalHold", h, got)
	h.Reason = "Audit by the Division of Real Estate"
	mustNo(t, s.SetLegalHold(ctx, h))
	got, err = s.LegalHold(ctx, r.ID)
	mustNo(t, err)
	sameRecord(t, "LegalHold replaced", h, got)
	if _, err := s.DeleteQuoteRequest(ctx, store.DeletedRequest{QuoteRequestID: r.ID, DeletedAt: at, DeletedBy: "visitor"}); !errors.Is(err, store.ErrOnLegalHold) {
		t.Fatalf("deleting a held request: err = %v, want ErrOnLegalHold", err)
	}
	if _, err := s.GetQuoteRequest(ctx, r.ID); err != nil {
		t.Fatalf("held request went: %v", err)
	}
	notFound(t, "holding an unknown request", s.SetLegalHold(ctx, store.LegalHold{QuoteRequestID: uuid.NewString(), Reason: "x", HeldBy: "b", HeldAt: at}))
	mustNo(t, s.ReleaseLegalHold(ctx, r.ID))
	notFound(t, "releasing twice", s.ReleaseLegalHold(ctx, r.ID))
	_, err = s.DeleteQuoteRequest(ctx, store.DeletedRequest{QuoteRequestID: r.ID, DeletedAt: at, DeletedBy: "broker@example.com", Reason: "asked by phone"})
	mustNo(t, err)
}

func auditTrail(t *testing.T, s store.Store) {
	req := uuid.NewString()
	events := []store.AuditEvent{
		{ID: uuid.NewString(), At: at, Actor: "ann@example.com", Action: "read_request", QuoteRequestID: &req, Address: "192.0.2.1", Detail: ""},
		{ID: uuid.NewString(), At: at.Add(time.Hour), Actor: "bob@example.com", Action: "export", QuoteRequestID: &req, Address: "192.0.2.2", Detail: ""},
		{ID: uuid.NewString(), At: at.Add(2 * time.Hour), Actor: "ann@example.com", Action: "read_audit", Address: "192.0.2.1", Detail: "filters"},
	}
	for _, e := range events {
		mustNo(t, s.RecordAudit(ctx, e))
	}
	list := func(f store.AuditFilter, want ...int) {
		t.Helper()
		got, err := s.ListAudit(ctx, f)
		mustNo(t, err)
		if len(got) != len(want) {
			t.Fatalf("ListAudit(%+v) = %d events, want %d", f, len(got), len(want))
		}
		for i, w := range want {
			sameRecord(t, "ListAudit", events[w], got[i])
		}
	}
	list(store.AuditFilter{}, 2, 1, 0)
	list(store.AuditFilter{Actor: "ann@example.com"}, 2, 0)
	list(store.AuditFilter{QuoteRequestID: req}, 1, 0)
	list(store.AuditFilter{Since: at.Add(time.Hour), Until: at.Add(2 * time.Hour)}, 1)
	list(store.AuditFilter{Limit: 1}, 2)
	list(store.AuditFilter{Actor: "nobody\x00"})
}

func purgeRecords(t *testing.T, s store.Store) {
	cutoff := at.Add(24 * time.Hour)
	old := requestWithEverything(t, s, "old@example.com", at)
	mustNo(t, s.UnsubscribeRefiAddress(ctx, "old@example.com", at)) // a watch that ended goes by age
	running := requestWithEverything(t, s, "running@example.com", at)
	held := requestWithEverything(t, s, "held@example.com", at)
	fresh := requestWithEverything(t, s, "fresh@example.com", cutoff.Add(time.Hour))
	mustNo(t, s.SetLegalHold(ctx, store.LegalHold{QuoteRequestID: held.ID, Reason: "dispute", HeldBy: "b@example.com", HeldAt: at}))
	mustNo(t, s.CreateContactRequest(ctx, store.ContactRequest{ID: uuid.NewString(), Kind: "question", Name: "Lee",
		Question: "Hi", PreferredContact: "email", State: "UT", CreatedAt: at}))
	mustNo(t, s.SaveOutboxMessage(ctx, store.Email{ID: uuid.NewString(), To: "x@example.com", Subject: "s", Text: "t", HTML: "h", CreatedAt: at}))
	mustNo(t, s.SaveOutboxMessage(ctx, store.Email{ID: uuid.NewString(), To: "y@example.com", Subject: "s", Text: "t", HTML: "h", CreatedAt: cutoff.Add(time.Hour)}))
	mustNo(t, s.MarkEmailSent(ctx, store.OutgoingEmail{ID: uuid.NewString(), To: "z@example.com", Subject: "s"}, at))
	mustNo(t, s.RecordAudit(ctx, store.AuditEvent{ID: uuid.NewString(), At: at, Actor: "b@example.com", Action: "export", Address: "::1"}))
	mustNo(t, s.RecordAudit(ctx, store.AuditEvent{ID: uuid.NewString(), At: cutoff, Actor: "b@example.com", Action: "export", Address: "::1"}))
	gone := storedPurchase(t, s)
	_, err := s.DeleteQuoteRequest(ctx, store.DeletedRequest{QuoteRequestID: gone.ID, DeletedAt: at, DeletedBy: "visitor"})
	mustNo(t, err)

	// Contact requests: the old request's, the running watch's, the one of no
	// request. E-mails: the old request's, the running watch's, the old
	// outbox copy, the old one of no request.
	want := store.Purged{QuoteRequests: 1, Uploads: 1, ContactRequests: 3, Emails: 4, DeletedRequests: 1, AuditEvents: 1,
		UploadKeys: []string{*old.UserUploadedQuoteURL}}
	dry, err := s.PurgeRecords(ctx, cutoff, true)
	mustNo(t, err)
	sameRecord(t, "PurgeRecords dry run", want, dry)
	if _, err := s.GetQuoteRequest(ctx, old.ID); err != nil {
		t.Fatalf("a dry run removed the old request: %v", err)
	}
	got, err := s.PurgeRecords(ctx, cutoff, false)
	mustNo(t, err)
	sameRecord(t, "PurgeRecords", want, got)
	_, err = s.GetQuoteRequest(ctx, old.ID)
	notFound(t, "purged request", err)
	_, err = s.GetUpload(ctx, *old.UserUploadedQuoteURL)
	notFound(t, "purged request's upload", err)
	for _, id := range []string{running.ID, held.ID, fresh.ID} {
		if _, err := s.GetQuoteRequest(ctx, id); err != nil {
			t.Fatalf("request %s purged: %v", id, err)
		}
	}
	if kept, err := s.SentEmails(ctx, held.ID); err != nil || len(kept) != 1 {
		t.Fatalf("held request's kept e-mails after purge = %d (err %v), want its one", len(kept), err)
	}
	outbox, err := s.ListOutbox(ctx, 10)
	mustNo(t, err)
	if len(outbox) != 1 || outbox[0].To != "y@example.com" {
		t.Fatalf("outbox after purge = %+v, want only the newer e-mail", outbox)
	}
	again, err := s.PurgeRecords(ctx, cutoff, false)
	mustNo(t, err)
	sameRecord(t, "PurgeRecords again", store.Purged{}, again)
}

// The Refi Buddy confirmation counts (by mailbox, by domain and day) go once
// older than the purge's instant; a count gone no longer refuses a claim. A
// dry run counts the same rows and removes none.
func purgeConfirmationCaps(t *testing.T, s store.Store) {
	day := 24 * time.Hour
	claim := func(email, token string) bool {
		t.Helper()
		ok, err := s.ClaimRefiConfirmation(ctx, store.RefiConfirmationClaim{Email: email, Mailbox: "caps@purge.test", Domain: "purge.test",
			DomainCap: 1, TokenHash: token, At: at, NotBefore: at.Add(-day), Expires: at.Add(7 * day)})
		mustNo(t, err)
		return ok
	}
	if !claim("caps@purge.test", "caps-1") {
		t.Fatal("the first confirmation was refused")
	}
	// Each step purges, then claims again: whether the claim is taken says
	// whether the counts are still there.
	for _, step := range []struct {
		before       time.Time
		dryRun       bool
		purged       int
		purgedWrong  string // a format for the count purged
		email, token string
		claimed      bool
		claimWrong   string
	}{
		{at, false, 0, "purged %d counts made at the purge's instant, want 0",
			"caps+1@purge.test", "caps-2", false, "a second confirmation to the mailbox and domain within the day after a purge of nothing"},
		{at.Add(2 * day), true, 2, "a dry run counted %d counts, want the mailbox's and the domain's",
			"caps+3@purge.test", "caps-dry", false, "a dry run removed the counts: a second confirmation within the day was claimed"},
		{at.Add(2 * day), false, 2, "purged %d counts, want the mailbox's and the domain's",
			"caps+2@purge.test", "caps-3", true, "the purged counts still refuse a claim"},
	} {
		n, err := s.PurgeConfirmationCaps(ctx, step.before, step.dryRun)
		mustNo(t, err)
		if n != step.purged {
			t.Fatalf(step.purgedWrong, n)
		}
		if claim(step.email, step.token) != step.claimed {
			t.Fatal(step.claimWrong)
		}
	}
}

// The page archive keeps one row per path and content, lists them newest
// first without content, and purges only a version replaced before the
// cutoff: the version still served is kept however old.
func pageArchive(t *testing.T, s store.Store) {
	v1 := store.ArchivedPage{ID: uuid.NewString(), Path: "/", Hash: "h1", FirstServed: at, Content: "<p>first</p>"}
	v2 := store.ArchivedPage{ID: uuid.NewString(), Path: "/", Hash: "h2", FirstServed: at.Add(time.Hour), Content: "<p>second é</p>"}
	site := store.ArchivedPage{ID: uuid.NewString(), Path: vocab.ArchivedSiteFile, Hash: "s1", FirstServed: at, Content: "{}"}
	for _, p := range []store.ArchivedPage{v1, site, v2} {
		added, err := s.ArchivePage(ctx, p)
		mustNo(t, err)
		if !added {
			t.Fatalf("%s %s not added", p.Path, p.Hash)
		}
	}
	again := v1
	again.ID, again.FirstServed = uuid.NewString(), at.Add(2*time.Hour)
	if added, err := s.ArchivePage(ctx, again); err != nil || added {
		t.Fatalf("the same content again: added %v, %v", added, err)
	}
	list, err := s.ListArchivedPages(ctx)
	mustNo(t, err)
	var seen []string
	for _, p := range list {
		if p.Content != "" {
			t.Fatalf("the list carries content: %+v", p)
		}
		seen = append(seen, fmt.Sprint(p.Path, " ", p.Hash, " ", p.Size, " ", p.FirstServed.Equal(at)))
	}
	if got, want := strings.Join(seen, "; "), "/ h2 16 false; / h1 12 true; site file s1 2 true"; got != want {
		t.Fatalf("archive list:\n got  %s\n want %s", got, want)
	}
	got, err := s.ArchivedPage(ctx, v2.ID)
	mustNo(t, err)
	if got.Content != v2.Content || got.Size != 16 || !got.FirstServed.Equal(v2.FirstServed) || got.Path != "/" {
		t.Fatalf("archived page = %+v", got)
	}
	if _, err := s.ArchivedPage(ctx, uuid.NewString()); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("unknown archived page: %v", err)
	}
	n, err := s.PurgePageArchive(ctx, v2.FirstServed, false)
	mustNo(t, err)
	if n != 0 {
		t.Fatalf("purged %d copies replaced at the cutoff, want 0", n)
	}
	n, err = s.PurgePageArchive(ctx, at.AddDate(10, 0, 0), true)
	mustNo(t, err)
	if n != 1 {
		t.Fatalf("a dry run counted %d copies, want the replaced one", n)
	}
	if list, err = s.ListArchivedPages(ctx); err != nil || len(list) != 3 {
		t.Fatalf("after a dry run: %d copies (err %v), want all 3", len(list), err)
	}
	n, err = s.PurgePageArchive(ctx, at.AddDate(10, 0, 0), false)
	mustNo(t, err)
	if n != 1 {
		t.Fatalf("purged %d copies, want the replaced one", n)
	}
	list, err = s.ListArchivedPages(ctx)
	mustNo(t, err)
	if len(list) != 2 || list[0].ID != v2.ID || list[1].ID != site.ID {
		t.Fatalf("after the purge: %+v", list)
	}
}
