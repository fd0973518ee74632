package ocr

import (
	"bytes"
	"context"
	"fmt"
	"time"

	"github.com/ledongthuc/pdf"
)

// MaxPages: a PDF with more pages is no scanned Loan Estimate (the text
// reader's own limit, internal/loanestimate).
const MaxPages = 10

// structureTimeout bounds the look at a PDF's structure.
const structureTimeout = 5 * time.Second

// PageImages says whether a PDF's pages hold pictures (image XObjects), and
// how many pages it has: only then is it worth rendering for Tesseract. It
// reads the PDF's structure only, inflating nothing; a malformed PDF, or
// one still being read at the deadline, holds none.
func PageImages(ctx context.Context, data []byte) (pages int, ok bool) {
	ctx, cancel := context.WithTimeout(ctx, structureTimeout)
	defer cancel()
	defer func() {
		if recover() != nil {
			pages, ok = 0, false
		}
	}()
	r, err := pdf.NewReader(deadlineFile{ctx, bytes.NewReader(data)}, int64(len(data)))
	if err != nil || r.NumPage() < 1 || r.NumPage() > MaxPages {
		return 0, false
	}
	for i := 1; i <= r.NumPage(); i++ {
		if hasImage(r.Page(i)) {
			return r.NumPage(), true
		}
	}
	return 0, false
}

func hasImage(p pdf.Page) bool {
	if p.V.IsNull() {
		return false
	}
	xobjects := p.Resources().Key("XObject")
	for _, name := range xobjects.Keys() {
		if xobjects.Key(name).Key("Subtype").Name() == "Image" {
			return true
		}
	}
	return false
}

// deadlineFile ends the PDF library's work at the deadline: every read it
// makes panics once the context is done, and PageImages recovers.
type deadlineFile struct {
	ctx  context.Context
	data *bytes.Reader
}

func (d deadlineFile) ReadAt(p []byte, off int64) (int, error) {
	if err := d.ctx.Err(); err != nil {
		panic(fmt.Errorf("reading took too long: %w", err))
	}
	return d.data.ReadAt(p, off)
}
