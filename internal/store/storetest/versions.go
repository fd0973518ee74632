package storetest

import (
	"testing"
	"time"

	"github.com/google/uuid"

	"quotegrade/internal/store"
)

// Nothing overwritten (issue 27 §3): each save of an analysis is kept whole,
// and the latest is the one read.
func analysisVersions(t *testing.T, s store.Store) {
	r := storedPurchase(t, s)
	none, err := s.AnalysisVersions(ctx, r.ID)
	mustNo(t, err)
	sameRecord(t, "AnalysisVersions before any save", []store.AnalysisVersion{}, none)

	first := store.Analysis{ID: uuid.NewString(), QuoteRequestID: r.ID, Grade: ptr("C"), Pros: []string{"Low fees"},
		Cons: []string{"Rate above market"}, Recommendations: []string{"Ask for a lender credit"}, Notes: []string{}, Answers: []string{},
		Lender: "provident", ReviewedBy: store.LoanOfficer{Name: "Ann Lee", NMLS: "111"}, SavedBy: "ann@example.com",
		CreatedAt: at, UpdatedAt: at,
		Quotes: []store.Quote{fullQuote(6.5), fullQuote(6.125)}}
	mustNo(t, s.SaveAnalysis(ctx, first))
	kept, err := s.GetAnalysisByQuoteRequest(ctx, r.ID)
	mustNo(t, err)

	second := first
	second.ID = uuid.NewString() // a racing save's id: the row's first id stays
	second.Grade, second.Pros, second.SavedBy = ptr("B"), []string{"Low fees", "Lender credit offered"}, "bob@example.com"
	second.ReviewedBy = store.LoanOfficer{Name: "Bob Park", NMLS: "222"}
	second.UpdatedAt = at.Add(time.Hour)
	second.Quotes = []store.Quote{fullQuote(5.875)}
	mustNo(t, s.SaveAnalysis(ctx, second))
	latest, err := s.GetAnalysisByQuoteRequest(ctx, r.ID)
	mustNo(t, err)
	if latest.Grade == nil || *latest.Grade != "B" || latest.SavedBy != "bob@example.com" || len(latest.Quotes) != 1 {
		t.Fatalf("the latest analysis is not the second save: %+v", latest)
	}

	got, err := s.AnalysisVersions(ctx, r.ID)
	mustNo(t, err)
	sameRecord(t, "AnalysisVersions", []store.AnalysisVersion{
		{QuoteRequestID: r.ID, Version: 2, SavedAt: second.UpdatedAt, SavedBy: "bob@example.com", Analysis: latest},
		{QuoteRequestID: r.ID, Version: 1, SavedAt: first.UpdatedAt, SavedBy: "ann@example.com", Analysis: kept},
	}, got)

	other, err := s.AnalysisVersions(ctx, uuid.NewString())
	mustNo(t, err)
	sameRecord(t, "AnalysisVersions of an unknown request", []store.AnalysisVersion{}, other)
}

// Every e-mail sent is kept with the request it is about, and goes with it.
func keptEmails(t *testing.T, s store.Store) {
	r := storedPurchase(t, s)
	notice := store.OutgoingEmail{ID: uuid.NewString(), To: "owner@example.com", Subject: "Your Quote Analysis is Ready!",
		Text: "Your analysis is ready.", HTML: "<p>Your analysis is ready.</p>", QuoteRequestID: r.ID, ReplyTo: "broker@example.com"}
	note := store.OutgoingEmail{ID: uuid.NewString(), To: "owner@example.com", Subject: "About your points", Text: "Call me",
		HTML: "<p>Call me</p>", QuoteRequestID: r.ID, SentBy: "ann@example.com"}
	mustNo(t, s.MarkEmailSent(ctx, notice, at))
	mustNo(t, s.MarkEmailSent(ctx, note, at.Add(time.Minute)))
	mustNo(t, s.MarkEmailSent(ctx, note, at.Add(time.Hour))) // a retried job keeps the first
	mustNo(t, s.MarkEmailSent(ctx, store.OutgoingEmail{ID: uuid.NewString(), To: "x@example.com", Subject: "other"}, at))
	got, err := s.SentEmails(ctx, r.ID)
	mustNo(t, err)
	sameRecord(t, "SentEmails", []store.SentEmail{
		{ID: note.ID, QuoteRequestID: &r.ID, To: note.To, Subject: note.Subject, Text: note.Text, HTML: note.HTML, SentBy: "ann@example.com", SentAt: at.Add(time.Minute)},
		{ID: notice.ID, QuoteRequestID: &r.ID, To: notice.To, Subject: notice.Subject, Text: notice.Text, HTML: notice.HTML, SentBy: "", SentAt: at},
	}, got)

	_, err = s.DeleteQuoteRequest(ctx, store.DeletedRequest{QuoteRequestID: r.ID, DeletedAt: at, DeletedBy: store.DeletedByVisitor})
	mustNo(t, err)
	got, err = s.SentEmails(ctx, r.ID)
	mustNo(t, err)
	sameRecord(t, "SentEmails of a deleted request", []store.SentEmail{}, got)
	// One sent while the request was being deleted counts as sent, without
	// naming the deleted request.
	late := store.OutgoingEmail{ID: uuid.NewString(), To: "owner@example.com", Subject: "late", QuoteRequestID: r.ID}
	mustNo(t, s.MarkEmailSent(ctx, late, at.Add(2*time.Hour)))
	if sent, err := s.EmailSent(ctx, late.ID); err != nil || !sent {
		t.Fatalf("EmailSent after a deletion = %v, %v; want true", sent, err)
	}
	got, err = s.SentEmails(ctx, r.ID)
	mustNo(t, err)
	sameRecord(t, "SentEmails after a late delivery", []store.SentEmail{}, got)
}
