package upload

import (
	"context"
	"crypto/sha256"
	"errors"
	"io"

	lru "github.com/hashicorp/golang-lru/v2"

	"quotegrade/internal/loanestimate"
	"quotegrade/internal/ocr"
	"quotegrade/internal/vocab"
)

// Reading is what was read from an uploaded file for the quote form.
type Reading struct {
	// Fields are the Loan Estimate's figures; nil when none were read.
	Fields *loanestimate.Fields
	// PleaseCheck names the figures read from a picture (OCR may misread
	// a digit): the visitor is asked to check each one.
	PleaseCheck []string
	// CouldNotRead: a PDF or picture from which nothing could be read
	// automatically (no Loan Estimate in it, unreadable, or no OCR on this
	// server). Other file types are never read, and say nothing.
	CouldNotRead bool
}

// pictures are the detected types read with OCR.
var pictures = map[string]bool{"image/png": true, "image/jpeg": true}

// ReadLoanEstimate reads the figures of a checked upload: a text PDF from
// its text; a picture, or a PDF holding only page pictures, with OCR. err is
// loanestimate.ErrBusy when too many files are being read at once, or when
// the client who uploaded the picture is having its share read already.
func (s *Service) ReadLoanEstimate(ctx context.Context, c Checked) (Reading, error) {
	isPDF := c.DetectedType == "application/pdf"
	if !isPDF && !pictures[c.DetectedType] {
		return Reading{}, nil
	}
	data, err := s.contents(ctx, c.Upload.Key)
	if err != nil {
		return Reading{CouldNotRead: true}, nil
	}
	if !isPDF {
		return s.readPictures(ctx, c, data)
	}
	// A scan's page OCR takes the uploader's picture slot (ocr.WithClient).
	f, err := s.estimates.Read(ocr.WithClient(ctx, c.Upload.Client), data)
	switch {
	case err == nil:
		return Reading{Fields: &f, PleaseCheck: f.PleaseCheck()}, nil
	case errors.Is(err, loanestimate.ErrBusy):
		return Reading{}, err
	}
	pages, scanned := ocr.PageImages(ctx, data)
	if !scanned {
		return Reading{CouldNotRead: true}, nil
	}
	return s.photos.read(ctx, c.Upload.Client, data, pages)
}

// readPictures reads a picture (data) with the other pictures of its Loan
// Estimate, if it was uploaded a page at a time.
func (s *Service) readPictures(ctx context.Context, c Checked, data []byte) (Reading, error) {
	pages, err := s.pagesOf(ctx, c)
	if err != nil {
		return Reading{}, err
	}
	all := [][]byte{data}
	for _, p := range pages {
		d, err := s.contents(ctx, p.Upload.Key)
		if err != nil {
			continue // gone since its check: the other pages still count
		}
		all = append(all, d)
	}
	return s.photos.readPictures(ctx, c.Upload.Client, all)
}

// contents reads the stored file (checked to be within the upload limit).
func (s *Service) contents(ctx context.Context, key string) ([]byte, error) {
	r, _, err := s.blobs.Open(ctx, key)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(io.LimitReader(r, vocab.MaxUploadBytes+1))
}

// photoReader reads pictures with OCR in slots of their own, shared fairly
// between clients (ocr.Slots: a visitor's text PDF never waits behind
// pictures, and one client cannot take every picture slot), and remembers
// each answer by the file's content hash (by the pictures' hashes for a
// Loan Estimate uploaded a page at a time), and each picture's text: OCR
// takes seconds.
type photoReader struct {
	engine  *ocr.Engine
	slots   *ocr.Slots
	answers *lru.Cache[[sha256.Size]byte, Reading]
	texts   *lru.Cache[[sha256.Size]byte, string]
}

func newPhotoReader(engine *ocr.Engine, slots *ocr.Slots) *photoReader {
	answers, err := lru.New[[sha256.Size]byte, Reading](128)
	if err != nil {
		panic(err) // only for a size below 1
	}
	texts, err := lru.New[[sha256.Size]byte, string](128)
	if err != nil {
		panic(err)
	}
	return &photoReader{engine: engine, slots: slots, answers: answers, texts: texts}
}

// read reads a PDF's page pictures (pages of them) that client
// uploaded (the client stored with the upload; "" for uploads from before
// it was stored, which then share one client's share).
func (p *photoReader) read(ctx context.Context, client string, data []byte, pages int) (Reading, error) {
	if !p.engine.Available() {
		return Reading{CouldNotRead: true}, nil
	}
	key := sha256.Sum256(data)
	if r, ok := p.answers.Get(key); ok {
		return r, nil
	}
	release, ok := p.slots.TryAcquire(client)
	if !ok {
		return Reading{}, loanestimate.ErrBusy
	}
	defer release()
	r, err := p.recognize(ctx, data, pages)
	// A reading cut short by the visitor going away, or a missing program,
	// says nothing about the file.
	if ctx.Err() == nil && !errors.Is(err, ocr.ErrUnavailable) {
		p.answers.Add(key, r)
	}
	return r, nil
}

func (p *photoReader) recognize(ctx context.Context, data []byte, pages int) (Reading, error) {
	ctx, cancel := context.WithTimeout(ctx, p.engine.Timeout)
	defer cancel()
	f, err := p.pdf(ctx, data, pages)
	if err != nil {
		return Reading{CouldNotRead: true}, err
	}
	return Reading{Fields: &f, PleaseCheck: f.PleaseCheck()}, nil
}

// pdf reads a PDF's page pictures with OCR (when the PDF reader had no
// poppler to do it page by page).
func (p *photoReader) pdf(ctx context.Context, data []byte, pages int) (loanestimate.Fields, error) {
	text, err := p.engine.PDF(ctx, data, pages)
	if err != nil {
		return loanestimate.Fields{}, err
	}
	f, err := loanestimate.FromText(ctx, text)
	f.ByOCR = true
	return f, err
}
