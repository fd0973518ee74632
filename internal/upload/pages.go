package upload

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"time"

	"quotegrade/internal/api"
	"quotegrade/internal/apperr"
	"quotegrade/internal/loanestimate"
	"quotegrade/internal/ocr"
)

// A Loan Estimate uploaded as pictures, one a page (issue 28 §3): each
// picture is an upload of its own (its own link, size limit, type check and
// quota), and the first names the others as its pages.

// Messages of the pages a visitor chooses.
const (
	MsgTooManyPages   = "A Loan Estimate has three pages: choose at most three pictures"
	MsgPagesArePhotos = "Only pictures (.jpg, .jpeg, .png) can be read together as the pages of one Loan Estimate"
	MsgSamePage       = "This picture is chosen twice; choose each page once"
)

// PicturesTimeout bounds reading all pictures of one Loan Estimate (each
// Tesseract run also has its CPU time, ocr.CPUTimeFor): under the server's
// 60 s write deadline.
const PicturesTimeout = 45 * time.Second

// maxPageText: a page's OCR text kept in memory for the next reading (so a
// visitor adding a page waits only for that page's reading) is at most this
// long; a Loan Estimate page gives about 5 KB.
const maxPageText = 64 << 10

func invalidPages(field, msg string) error {
	return &apperr.Invalid{Message: msg, Fields: map[string]string{field: msg}}
}

// setPages checks that first and pages are pictures no request names yet,
// each chosen once, at most MaxPictures in all, and keeps pages as first's.
func (s *Service) setPages(ctx context.Context, first Checked, pages []string) error {
	if len(pages) > loanestimate.MaxPictures-1 {
		return invalidPages("pages", MsgTooManyPages)
	}
	if first.Upload.AttachedTo != nil {
		return ErrUnknownUpload
	}
	if len(pages) > 0 && !pictures[first.DetectedType] {
		return invalidPages("key", MsgPagesArePhotos)
	}
	seen := map[string]bool{first.Upload.Key: true}
	for i, key := range pages {
		field := fmt.Sprintf("pages[%d]", i)
		if seen[key] {
			return invalidPages(field, MsgSamePage)
		}
		seen[key] = true
		c, err := s.Check(ctx, key)
		if err != nil {
			return err
		}
		if c.Upload.AttachedTo != nil {
			return ErrUnknownUpload
		}
		if !pictures[c.DetectedType] {
			return invalidPages(field, MsgPagesArePhotos)
		}
	}
	return s.store.SetUploadPages(ctx, first.Upload.Key, pages)
}

// pagesOf are the other pictures of a picture's Loan Estimate that still
// pass the checks (a page refused since is left out), at most two.
func (s *Service) pagesOf(ctx context.Context, c Checked) ([]Checked, error) {
	if !pictures[c.DetectedType] {
		return nil, nil
	}
	rows, err := s.store.UploadPages(ctx, c.Upload.Key)
	if err != nil {
		return nil, err
	}
	var out []Checked
	for _, row := range rows[:min(len(rows), loanestimate.MaxPictures-1)] {
		pc, err := s.Check(ctx, row.Key)
		switch {
		case errors.Is(err, apperr.ErrNotFound), errors.Is(err, ErrUnknownUpload), isInvalid(err):
			continue
		case err != nil:
			return nil, err
		}
		if pictures[pc.DetectedType] {
			out = append(out, pc)
		}
	}
	return out, nil
}

func isInvalid(err error) bool {
	var invalid *apperr.Invalid
	return errors.As(err, &invalid)
}

// uploadedPages is the API's list of pages.
func uploadedPages(pages []Checked) []api.UploadedPage {
	out := make([]api.UploadedPage, 0, len(pages))
	for _, p := range pages {
		out = append(out, api.UploadedPage{Key: p.Upload.Key, FileName: p.Upload.FileName, DetectedType: p.DetectedType})
	}
	return out
}

// readPictures reads the pictures of one Loan Estimate, in any order, with
// OCR: each picture's text is remembered by its content hash, so only the
// pictures not read before are read, one after another in one picture slot
// of client's; the texts are then read as one document
// (loanestimate.FromPages), every figure to be checked.
func (p *photoReader) readPictures(ctx context.Context, client string, pictures [][]byte) (Reading, error) {
	if !p.engine.Available() {
		return Reading{CouldNotRead: true}, nil
	}
	sums := make([][sha256.Size]byte, len(pictures))
	all := sha256.New()
	for i, data := range pictures {
		sums[i] = sha256.Sum256(data)
		all.Write(sums[i][:])
	}
	key := sums[0]
	if len(pictures) > 1 {
		copy(key[:], all.Sum(nil))
	}
	if r, ok := p.answers.Get(key); ok {
		return r, nil
	}
	texts := make([]string, len(pictures))
	var unread []int
	for i := range pictures {
		if t, ok := p.texts.Get(sums[i]); ok {
			texts[i] = t
		} else {
			unread = append(unread, i)
		}
	}
	if len(unread) > 0 {
		release, ok := p.slots.TryAcquire(client)
		if !ok {
			return Reading{}, loanestimate.ErrBusy
		}
		defer release()
		reading, cancel := context.WithTimeout(ctx, PicturesTimeout)
		defer cancel()
		askAgain := false
		for _, i := range unread {
			if reading.Err() != nil {
				askAgain = true // the pages not reached are read at the next asking
				break
			}
			text, err := p.engine.Image(reading, pictures[i])
			switch {
			case errors.Is(err, ocr.ErrUnavailable) || ctx.Err() != nil:
				// A missing program, or the visitor gone, says nothing about the file.
				return Reading{CouldNotRead: true}, nil
			case errors.Is(err, ocr.ErrTooLong):
				// Out of time on the clock, not of the CPU time its size
				// allows (ocr.ErrTooCostly): the machine is busy.
				askAgain = true
				continue
			case err != nil:
				continue // an unreadable picture: the other pages still count
			}
			texts[i] = text
			if len(text) <= maxPageText {
				p.texts.Add(sums[i], text)
			}
		}
		if askAgain {
			// A page left unread for want of time is never dropped from the
			// answer: the visitor's browser asks again after Retry-After (as
			// for a taken slot), and the pages read are remembered.
			return Reading{}, loanestimate.ErrBusy
		}
	}
	r := Reading{CouldNotRead: true}
	if f, err := loanestimate.FromPages(ctx, texts); err == nil {
		f.ByOCR = true
		r = Reading{Fields: &f, PleaseCheck: f.PleaseCheck()}
	}
	if ctx.Err() == nil {
		p.answers.Add(key, r)
	}
	return r, nil
}

// QuoteFileLinks are short-lived links to a request's uploaded quote: the
// file the request names, and each other picture of its Loan Estimate.
func (s *Service) QuoteFileLinks(ctx context.Context, requestID string) (api.QuoteFileLink, error) {
	r, err := s.uploadOf(ctx, requestID)
	if err != nil {
		return api.QuoteFileLink{}, err
	}
	c, err := s.Check(ctx, *r.UserUploadedQuoteURL)
	if err != nil {
		return api.QuoteFileLink{}, err
	}
	pages, err := s.pagesOf(ctx, c)
	if err != nil {
		return api.QuoteFileLink{}, err
	}
	out := api.QuoteFileLink{Files: make([]api.QuoteFile, 0, 1+len(pages))}
	for _, f := range append([]Checked{c}, pages...) {
		u, err := s.blobs.DownloadURL(ctx, f.Upload.Key, f.Upload.FileName, f.DetectedType, downloadTTL)
		if err != nil {
			return api.QuoteFileLink{}, err
		}
		out.Files = append(out.Files, api.QuoteFile{FileName: f.Upload.FileName, URL: u})
	}
	out.URL = out.Files[0].URL
	return out, nil
}
