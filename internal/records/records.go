// Package records is what a brokerage answers for (issue 27,
// docs/records.md): a visitor deleting their request, a broker's legal
// holds, exports and deletions, the audit trail of broker actions on
// visitor data, and the retention purge. It knows nothing of HTTP or SQL.
package records

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"quotegrade/internal/api"
	"quotegrade/internal/apperr"
	"quotegrade/internal/results"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// Store is what the service keeps records in (store.Store in production).
type Store interface {
	GetQuoteRequest(ctx context.Context, id string) (store.QuoteRequest, error)
	RefiAlerts(ctx context.Context, quoteRequestID string) ([]store.RefiAlert, error)
	store.Records
	store.PageArchive
}

// Files removes a deleted request's uploaded file and links a kept one
// (upload.Service).
type Files interface {
	RemoveFile(ctx context.Context, key string) error
	UploadLink(ctx context.Context, requestID string) (string, error)
}

// Reads are the broker's reads of a request with its figures (results.Service).
type Reads interface {
	AdminQuoteRequest(ctx context.Context, id string) (api.QuoteRequest, error)
	AdminAnalysis(ctx context.Context, requestID string) (api.Analysis, error)
}

// ManageLinks answers the request a Refi Buddy manage link names (refi.Service).
type ManageLinks interface {
	WatchOfLink(ctx context.Context, token string) (string, error)
}

// Counter counts purged records by kind for /metrics (metrics.Metrics).
type Counter interface {
	RecordsPurged(kind string, n int)
}

// Service is the records side of quotegrade.
type Service struct {
	store   Store
	files   Files
	reads   Reads
	links   ManageLinks
	counter Counter
	log     *slog.Logger
	now     func() time.Time
}

// Deps are the Service's collaborators; Counter may be nil.
type Deps struct {
	Store   Store
	Files   Files
	Reads   Reads
	Links   ManageLinks
	Counter Counter
	Log     *slog.Logger
	Now     func() time.Time
}

// NewService returns the records service over d.
func NewService(d Deps) *Service {
	return &Service{store: d.Store, files: d.Files, reads: d.Reads, links: d.Links, counter: d.Counter, log: d.Log, now: d.Now}
}

// Messages the visitor and the broker read.
var (
	ErrExampleKept   = apperr.Forbidden("The example quote request cannot be deleted")
	ErrOnLegalHold   = store.ErrOnLegalHold
	msgReasonMissing = "Please give a reason"
)

// DeleteByVisitor is "Delete my request" on the results page: the request
// id in the link is the visitor's key to it, as it is for every other
// change they make.
func (s *Service) DeleteByVisitor(ctx context.Context, id string) error {
	return s.remove(ctx, store.DeletedRequest{QuoteRequestID: id, DeletedBy: store.DeletedByVisitor})
}

// DeleteByManageLink is "Delete my data" on Refi Buddy's manage page.
func (s *Service) DeleteByManageLink(ctx context.Context, token string) error {
	id, err := s.links.WatchOfLink(ctx, token)
	if err != nil {
		return err
	}
	return s.DeleteByVisitor(ctx, id)
}

// DeleteByBroker deletes a request with the broker's reason.
func (s *Service) DeleteByBroker(ctx context.Context, id, broker string, r api.RecordsReason) error {
	reason, err := reasonOf(r)
	if err != nil {
		return err
	}
	return s.remove(ctx, store.DeletedRequest{QuoteRequestID: id, DeletedBy: broker, Reason: reason})
}

// remove deletes the request's rows, then its file: a file left by a
// failed removal is logged (the stale-upload task cannot find it, as no row
// names it any more), never a deletion undone.
func (s *Service) remove(ctx context.Context, d store.DeletedRequest) error {
	r, err := s.store.GetQuoteRequest(ctx, d.QuoteRequestID)
	if err != nil {
		return s.missing(ctx, d.QuoteRequestID, err)
	}
	if r.IsExample {
		return ErrExampleKept
	}
	d.DeletedAt = s.now().UTC()
	key, err := s.store.DeleteQuoteRequest(ctx, d)
	if err != nil {
		return s.missing(ctx, d.QuoteRequestID, err)
	}
	if key != nil {
		if err := s.files.RemoveFile(ctx, *key); err != nil {
			s.log.ErrorContext(ctx, "deleted request's upload not removed", "err", err)
		}
	}
	s.log.InfoContext(ctx, "quote request deleted", "by_visitor", d.DeletedBy == store.DeletedByVisitor)
	return nil
}

// missing answers a request deleted already as gone, any other not-found
// as not found.
func (s *Service) missing(ctx context.Context, id string, err error) error {
	if !errors.Is(err, apperr.ErrNotFound) {
		return err
	}
	if _, derr := s.store.DeletedRequest(ctx, id); derr == nil {
		return apperr.Gone("This request was deleted")
	}
	return vocab.ErrRequestNotFound
}

func reasonOf(r api.RecordsReason) (string, error) {
	reason := ""
	if r.Reason.Value != nil {
		reason = strings.TrimSpace(*r.Reason.Value)
	}
	if r.Reason.Invalid || reason == "" {
		return "", apperr.Fields{"reason": msgReasonMissing}.Err(msgReasonMissing)
	}
	if len(reason) > 1000 {
		return "", apperr.Fields{"reason": "Please keep the reason under 1,000 characters"}.Err("Please keep the reason under 1,000 characters")
	}
	return reason, nil
}

// Hold puts a request on legal hold (or replaces the reason).
func (s *Service) Hold(ctx context.Context, id, broker string, r api.RecordsReason) (api.RecordsStatus, error) {
	reason, err := reasonOf(r)
	if err != nil {
		return api.RecordsStatus{}, err
	}
	h := store.LegalHold{QuoteRequestID: id, Reason: reason, HeldBy: broker, HeldAt: s.now().UTC()}
	if err := s.store.SetLegalHold(ctx, h); err != nil {
		return api.RecordsStatus{}, s.missing(ctx, id, err)
	}
	return api.RecordsStatus{LegalHold: holdOf(h)}, nil
}

// Release takes a request off legal hold.
func (s *Service) Release(ctx context.Context, id string) error {
	err := s.store.ReleaseLegalHold(ctx, id)
	if errors.Is(err, apperr.ErrNotFound) {
		return apperr.NotFound("This request is not on legal hold")
	}
	return err
}

// Status is a request's records state for the broker's request page.
func (s *Service) Status(ctx context.Context, id string) (api.RecordsStatus, error) {
	if _, err := s.store.GetQuoteRequest(ctx, id); err != nil {
		return api.RecordsStatus{}, s.missing(ctx, id, err)
	}
	h, err := s.store.LegalHold(ctx, id)
	if errors.Is(err, apperr.ErrNotFound) {
		return api.RecordsStatus{}, nil
	}
	if err != nil {
		return api.RecordsStatus{}, err
	}
	return api.RecordsStatus{LegalHold: holdOf(h)}, nil
}

func holdOf(h store.LegalHold) *api.LegalHold {
	return &api.LegalHold{Reason: h.Reason, HeldBy: h.HeldBy, HeldAt: h.HeldAt}
}

// Export is everything the product holds about one request.
func (s *Service) Export(ctx context.Context, id string) (api.RecordsExport, error) {
	r, err := s.reads.AdminQuoteRequest(ctx, id)
	if err != nil {
		return api.RecordsExport{}, err
	}
	out := api.RecordsExport{ExportedAt: s.now().UTC(), QuoteRequest: r, RefiAlerts: []api.ExportedAlert{}}
	if a, err := s.reads.AdminAnalysis(ctx, id); err == nil {
		out.Analysis = &a
	} else if !errors.Is(err, apperr.ErrNotFound) {
		return out, err
	}
	if r.UserUploadedQuoteURL != nil {
		link, err := s.files.UploadLink(ctx, id)
		if err != nil {
			return out, fmt.Errorf("export upload link: %w", err)
		}
		out.UploadURL = &link
	}
	status, err := s.Status(ctx, id)
	if err != nil {
		return out, err
	}
	out.LegalHold = status.LegalHold
	alerts, err := s.store.RefiAlerts(ctx, id)
	if err != nil {
		return out, err
	}
	for _, a := range alerts {
		out.RefiAlerts = append(out.RefiAlerts, api.ExportedAlert{CreatedAt: a.CreatedAt, MarketWeek: a.MarketWeek, NewRate: a.NewRate,
			MonthlySavings: a.MonthlySavings, QueuedAt: a.QueuedAt})
	}
	if out.Versions, err = s.Versions(ctx, id); err != nil {
		return out, err
	}
	if out.Emails, err = s.Emails(ctx, id); err != nil {
		return out, err
	}
	out.Audit, err = s.Audit(ctx, AuditQuery{QuoteRequestID: id})
	return out, err
}

// Versions is every save of a request's analysis, newest first: the first
// is what the visitor sees, the others what they saw before.
func (s *Service) Versions(ctx context.Context, id string) ([]api.AnalysisVersion, error) {
	if _, err := s.store.GetQuoteRequest(ctx, id); err != nil {
		return nil, s.missing(ctx, id, err)
	}
	list, err := s.store.AnalysisVersions(ctx, id)
	if err != nil {
		return nil, err
	}
	out := make([]api.AnalysisVersion, 0, len(list))
	for _, v := range list {
		out = append(out, api.AnalysisVersion{Version: v.Version, SavedAt: v.SavedAt, SavedBy: v.SavedBy, Analysis: results.AnalysisAsSaved(v.Analysis)})
	}
	return out, nil
}

// Emails is every e-mail sent about a request that the retention keeps,
// newest first.
func (s *Service) Emails(ctx context.Context, id string) ([]api.KeptEmail, error) {
	if _, err := s.store.GetQuoteRequest(ctx, id); err != nil {
		return nil, s.missing(ctx, id, err)
	}
	list, err := s.store.SentEmails(ctx, id)
	if err != nil {
		return nil, err
	}
	out := make([]api.KeptEmail, 0, len(list))
	for _, e := range list {
		out = append(out, api.KeptEmail{ID: e.ID, To: e.To, Subject: e.Subject, Text: e.Text, HTML: e.HTML, SentBy: e.SentBy, SentAt: e.SentAt})
	}
	return out, nil
}
