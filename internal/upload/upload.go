// Package upload accepts the quote files visitors upload: it hands out
// one-time upload links for allowed file types, checks what actually arrived
// (size on the bytes received, type by magic bytes, not by name or claim), and
// removes files never attached to a request.
package upload

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
	"time"

	"github.com/gabriel-vasile/mimetype"

	"quotegrade/internal/api"
	"quotegrade/internal/apperr"
	"quotegrade/internal/blob"
	"quotegrade/internal/loanestimate"
	"quotegrade/internal/ocr"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// allowed maps each accepted extension to the types its content may be
// detected as, and the content type it is served with.
var allowed = []struct {
	ext      string
	detected []string
}{
	{".pdf", []string{"application/pdf"}},
	{".jpg", []string{"image/jpeg"}},
	{".jpeg", []string{"image/jpeg"}},
	{".png", []string{"image/png"}},
	{".xlsx", []string{"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"}},
	{".xls", []string{"application/vnd.ms-excel", "application/x-ole-storage"}},
	{".doc", []string{"application/msword", "application/x-ole-storage"}},
	{".docx", []string{"application/vnd.openxmlformats-officedocument.wordprocessingml.document"}},
}

// declaredTypes are the file types a browser may declare for an allowed
// file (its File.type); the link is signed for exactly that type.
var declaredTypes = map[string]bool{
	"application/pdf": true, "image/jpeg": true, "image/png": true,
	"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": true,
	"application/vnd.ms-excel": true,
	"application/msword":       true,
	"application/vnd.openxmlformats-officedocument.wordprocessingml.document": true,
}

// MsgFileType is the spec's message, with the list.
const MsgFileType = "File type must be one of: .pdf, .jpg, .jpeg, .png, .xlsx, .xls, .doc, .docx"

// Link lifetimes: minutes, so a leaked link is soon useless.
const (
	uploadTTL   = 10 * time.Minute
	downloadTTL = 5 * time.Minute
	// StaleAfter: an upload no request names is removed after a day.
	StaleAfter = 24 * time.Hour
	// UncheckedAfter: a link whose file was never received and checked is
	// removed (file and all) this long after it was handed out: its link has
	// expired and the browser checks a file the moment it is sent.
	UncheckedAfter = uploadTTL + 5*time.Minute
)

// Upload quotas (issue 24): counted on the bytes received (a link not yet
// received counts as the largest file), never on what a client announces.
const (
	// QuotaPerClient is what one client (an address, or an IPv6 /64) may
	// upload in QuotaWindow: ten files of the largest size.
	QuotaPerClient = 10 * vocab.MaxUploadBytes
	QuotaWindow    = 24 * time.Hour
	// QuotaTotal is what all files no request names may hold at once.
	QuotaTotal = 2 << 30
)

// ErrNoSpace refuses a link when all uploads together are at their quota.
var ErrNoSpace = apperr.NoSpace("The server has no room for more uploads right now. Please try again in an hour.")

// clientQuotaErr refuses a link when the client is at its quota.
func (s *Service) clientQuotaErr() error {
	return apperr.Quota(fmt.Sprintf("You have uploaded as much as we can keep for one visitor today (%d MB). "+
		"Please try again tomorrow, or attach the file you have already uploaded.", s.perClient>>20))
}

// Store keeps what is known of each upload (store.Store in production),
// and reads the request that names one.
type Store interface {
	CreateUpload(ctx context.Context, u store.Upload, q store.UploadQuota) error
	GetUpload(ctx context.Context, key string) (store.Upload, error)
	MarkUploadReceived(ctx context.Context, key string, size int64, sha256 string, at time.Time) error
	MarkUploadRejected(ctx context.Context, key string) error
	StaleUploads(ctx context.Context, cutoff time.Time, limit int) ([]store.Upload, error)
	UncheckedUploads(ctx context.Context, cutoff time.Time, limit int) ([]store.Upload, error)
	DeleteUpload(ctx context.Context, key string) error
	SetUploadPages(ctx context.Context, key string, pages []string) error
	UploadPages(ctx context.Context, key string) ([]store.Upload, error)
	GetQuoteRequest(ctx context.Context, id string) (store.QuoteRequest, error)
}

// Service hands out upload links and checks files.
type Service struct {
	store Store
	blobs blob.Store
	now   func() time.Time
	// estimates reads Loan Estimates a few at a time, each file once;
	// photos reads pictures with OCR in pictureSlots, fair between clients.
	estimates    *loanestimate.Reader
	photos       *photoReader
	pictureSlots *ocr.Slots
	// perClient and total are the quotas (QuotaPerClient, QuotaTotal).
	perClient, total int64
}

// NewService returns a Service keeping files in blobs.
func NewService(st Store, blobs blob.Store, now func() time.Time) *Service {
	engine := ocr.New("")
	slots := ocr.NewSlots(ocr.DefaultPictureReads, ocr.DefaultPerClient)
	estimates := loanestimate.NewReader(loanestimate.DefaultConcurrent).WithEngine(engine).WithPictureSlots(slots)
	return &Service{store: st, blobs: blobs, now: now, estimates: estimates, photos: newPhotoReader(engine, slots),
		pictureSlots: slots, perClient: QuotaPerClient, total: QuotaTotal}
}

// WithQuotas sets the byte quotas per client and in total (tests use small ones).
func (s *Service) WithQuotas(perClient, total int64) *Service {
	s.perClient, s.total = perClient, total
	return s
}

// WithOCR reads pictures with engine (its Tesseract is a setting).
func (s *Service) WithOCR(engine *ocr.Engine) *Service {
	s.estimates.WithEngine(engine)
	s.photos = newPhotoReader(engine, s.pictureSlots)
	return s
}

// Request is api.UploadRequest (internal/api).
type Request = api.UploadRequest

// Link is api.UploadLink (internal/api).
type Link = api.UploadLink

func extension(name string) string { return strings.ToLower(path.Ext(name)) }

func acceptedExt(ext string) bool {
	for _, a := range allowed {
		if a.ext == ext {
			return true
		}
	}
	return false
}

// Presign validates the file's name and type and returns a one-time link
// for client (who asks: an address, or an IPv6 /64), within its quotas.
func (s *Service) Presign(ctx context.Context, r Request, client string) (Link, error) {
	f := apperr.Fields{}
	name := strings.TrimSpace(r.FileName.Or(""))
	ext := extension(name)
	switch {
	case name == "" || r.FileName.Invalid:
		f.Add("fileName", "File name is required")
	case len(name) > 200:
		f.Add("fileName", "File name must be at most 200 characters")
	case !acceptedExt(ext):
		f.Add("fileName", MsgFileType)
	}
	contentType := r.FileType.Or("")
	if !declaredTypes[contentType] {
		f.Add("fileType", MsgFileType)
	}
	if err := f.Err(MsgFileType); err != nil {
		return Link{}, err
	}
	key := "uploads/" + vocab.NewID() + ext
	now := s.now()
	err := s.store.CreateUpload(ctx, store.Upload{Key: key, FileName: path.Base(name), ContentType: contentType, CreatedAt: now, Client: client},
		store.UploadQuota{Reserve: vocab.MaxUploadBytes, PerClient: s.perClient, Total: s.total, Since: now.Add(-QuotaWindow)})
	switch {
	case errors.Is(err, store.ErrClientQuota):
		return Link{}, s.clientQuotaErr()
	case errors.Is(err, store.ErrTotalQuota):
		return Link{}, ErrNoSpace
	case err != nil:
		return Link{}, err
	}
	u, err := s.blobs.UploadURL(ctx, key, contentType, uploadTTL)
	if err != nil {
		return Link{}, err
	}
	return Link{SignedURL: u, Key: key}, nil
}

// Checked is a file that passed the checks.
type Checked struct {
	Upload       store.Upload
	DetectedType string
}

// Errors a visitor can act on.
var (
	ErrUnknownUpload = apperr.NotFound("The uploaded file could not be found; please upload it again")
	errTooLarge      = &apperr.Invalid{Message: vocab.MsgUploadTooLarge, Fields: map[string]string{"file": vocab.MsgUploadTooLarge}}
)

func mismatch(ext string) error {
	msg := "The file's content is not a " + ext + " file. " + MsgFileType
	return &apperr.Invalid{Message: msg, Fields: map[string]string{"file": msg}}
}

// Check opens the uploaded file and verifies it: the hard size limit on the
// stored bytes, and content whose magic bytes match the extension. A file
// that fails is deleted. A file checked before is checked again, so a file
// replaced after its check cannot slip through (its hash must match).
func (s *Service) Check(ctx context.Context, key string) (Checked, error) {
	u, err := s.store.GetUpload(ctx, key)
	if errors.Is(err, apperr.ErrNotFound) || (err == nil && u.Status == "rejected") {
		return Checked{}, ErrUnknownUpload
	}
	if err != nil {
		return Checked{}, err
	}
	r, size, err := s.blobs.Open(ctx, key)
	if errors.Is(err, blob.ErrNotFound) {
		return Checked{}, ErrUnknownUpload
	}
	if err != nil {
		return Checked{}, err
	}
	defer r.Close()
	if size > vocab.MaxUploadBytes {
		return Checked{}, s.reject(ctx, key, errTooLarge)
	}
	head, sum, n, err := readAndHash(r)
	if err != nil {
		return Checked{}, fmt.Errorf("read upload: %w", err)
	}
	if n > vocab.MaxUploadBytes {
		return Checked{}, s.reject(ctx, key, errTooLarge)
	}
	detected := mimetype.Detect(head)
	ext := extension(u.FileName)
	if !matches(detected, ext) {
		return Checked{}, s.reject(ctx, key, mismatch(ext))
	}
	if u.SHA256 != nil && *u.SHA256 != sum {
		return Checked{}, s.reject(ctx, key, ErrUnknownUpload)
	}
	if u.Status == "pending" {
		if err := s.store.MarkUploadReceived(ctx, key, n, sum, s.now()); err != nil {
			return Checked{}, err
		}
	}
	return Checked{Upload: u, DetectedType: detected.String()}, nil
}

// readAndHash reads at most one byte past the limit, keeping the first 64 KB
// for type detection and hashing everything.
func readAndHash(r io.Reader) (head []byte, sum string, n int64, err error) {
	h := sha256.New()
	var buf bytes.Buffer
	lr := io.LimitReader(r, vocab.MaxUploadBytes+1)
	n, err = io.Copy(io.MultiWriter(h, &limitedBuffer{b: &buf, max: 64 << 10}), lr)
	return buf.Bytes(), hex.EncodeToString(h.Sum(nil)), n, err
}

type limitedBuffer struct {
	b   *bytes.Buffer
	max int
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if room := l.max - l.b.Len(); room > 0 {
		if len(p) < room {
			room = len(p)
		}
		l.b.Write(p[:room])
	}
	return len(p), nil
}

// genericContainer types say only "some OLE compound file": accepted when
// that is all the detector can tell (older Word and Excel files), but never
// as the parent of a more specific type (an installer or a PowerPoint file
// renamed .doc is refused).
var genericContainer = map[string]bool{"application/x-ole-storage": true}

func matches(detected *mimetype.MIME, ext string) bool {
	for _, a := range allowed {
		if a.ext != ext {
			continue
		}
		for m := detected; m != nil; m = m.Parent() {
			for _, want := range a.detected {
				if m.Is(want) && (m == detected || !genericContainer[want]) {
					return true
				}
			}
		}
	}
	return false
}

func (s *Service) reject(ctx context.Context, key string, reason error) error {
	if err := s.blobs.Delete(ctx, key); err != nil {
		return err
	}
	if err := s.store.MarkUploadRejected(ctx, key); err != nil {
		return err
	}
	return reason
}

// DownloadURL is a short-lived link for a broker to download the file of a
// request, served as the type its content was detected as.
func (s *Service) DownloadURL(ctx context.Context, key string) (string, error) {
	c, err := s.Check(ctx, key)
	if err != nil {
		return "", err
	}
	return s.blobs.DownloadURL(ctx, key, c.Upload.FileName, c.DetectedType, downloadTTL)
}

// RemoveStale deletes uploads no request names, older than StaleAfter, and
// links whose file was never received and checked, older than
// UncheckedAfter (with the file, if one arrived unchecked).
func (s *Service) RemoveStale(ctx context.Context) (int, error) {
	now := s.now()
	stale, err := s.store.StaleUploads(ctx, now.Add(-StaleAfter), 500)
	if err != nil {
		return 0, err
	}
	unchecked, err := s.store.UncheckedUploads(ctx, now.Add(-UncheckedAfter), 500)
	if err != nil {
		return 0, err
	}
	for i, u := range append(stale, unchecked...) {
		if err := s.blobs.Delete(ctx, u.Key); err != nil {
			return i, fmt.Errorf("remove stale upload: %w", err)
		}
		if err := s.store.DeleteUpload(ctx, u.Key); err != nil {
			return i, err
		}
	}
	return len(stale) + len(unchecked), nil
}

// Attachable checks that key names a good file that no request uses yet,
// and that is no other picture's page (a request names a Loan Estimate's
// first picture, and its pages go with it).
func (s *Service) Attachable(ctx context.Context, key string) error {
	c, err := s.Check(ctx, key)
	if err != nil {
		return err
	}
	if c.Upload.AttachedTo != nil || c.Upload.PageOf != nil {
		return ErrUnknownUpload
	}
	return nil
}

// LoanEstimates is the reader, so tests can see its reads and fill its slots.
func (s *Service) LoanEstimates() *loanestimate.Reader { return s.estimates }

// PictureSlots are the OCR slots of pictures, so tests can fill them.
func (s *Service) PictureSlots() *ocr.Slots { return s.pictureSlots }

// RemoveFile deletes a stored file whose row is gone already (a deleted or
// purged request's upload), and the other pictures of its Loan Estimate
// with their rows.
func (s *Service) RemoveFile(ctx context.Context, key string) error {
	if err := s.blobs.Delete(ctx, key); err != nil {
		return err
	}
	pages, err := s.store.UploadPages(ctx, key)
	if err != nil {
		return err
	}
	for _, p := range pages {
		if err := s.blobs.Delete(ctx, p.Key); err != nil {
			return err
		}
		if err := s.store.DeleteUpload(ctx, p.Key); err != nil {
			return err
		}
	}
	return nil
}
