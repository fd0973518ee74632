package loanestimate

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"quotegrade/internal/ocr"
	"quotegrade/internal/vocab"
)

// minPageWords: a page of a Loan Estimate prints hundreds of words; one
// with fewer in its text layer is an image or outlines (a scan, a page
// "printed" as a picture) and is read by OCR instead.
const minPageWords = 25

// OCRPages: only a Loan Estimate's first pages are read by OCR; its figures
// are all on its three pages.
const OCRPages = 3

// ReadPDF reads a PDF with engine: the words of each page's text layer
// (poppler), laid out by position, and OCR for each page among the first
// OCRPages whose text layer is empty, nearly so, garbled, or another
// program's OCR of a picture covering the page (pictured). Without
// pdftotext on the server it falls back to Read. When a page was read by
// OCR, Fields.ByOCR is set: its figures may be misread, so they all ask to
// be checked. One deadline, the engine's, bounds the whole read. The pages
// read by OCR take one picture slot of pictures (nil: none) for the client
// ocr.ClientOf(ctx): a client at its share gets ErrBusy rather than holding
// a PDF read slot with OCR.
func ReadPDF(ctx context.Context, engine *ocr.Engine, pictures *ocr.Slots, data []byte) (Fields, error) {
	if len(data) > vocab.MaxUploadBytes {
		return Fields{}, fmt.Errorf("%w: over %d bytes", ErrNotLoanEstimate, vocab.MaxUploadBytes)
	}
	ctx, cancel := context.WithTimeout(ctx, engine.Timeout)
	defer cancel()
	if err := inflateGuard(ctx, data); err != nil {
		return Fields{}, err
	}
	text, ocrPages, err := textOfPDF(ctx, engine, pictures, data)
	switch {
	case errors.Is(err, ErrBusy):
		return Fields{}, err
	case errors.Is(err, ocr.ErrUnavailable):
		return Read(ctx, data)
	case err != nil:
		if ctx.Err() != nil {
			return Fields{}, fmt.Errorf("%w: reading took too long", ErrNotLoanEstimate)
		}
		return Fields{}, fmt.Errorf("%w: %v", ErrNotLoanEstimate, err)
	}
	f, err := fromText(ctx, text)
	f.ByOCR = ocrPages > 0
	return f, err
}

// textOfPDF is the PDF's text, a page's rows a line, and how many pages
// were read by OCR.
func textOfPDF(ctx context.Context, engine *ocr.Engine, pictures *ocr.Slots, data []byte) (string, int, error) {
	pages, err := engine.TextLayer(ctx, data, MaxPages)
	if err != nil {
		return "", 0, err
	}
	covered, err := pictured(ctx, engine, data, pages)
	if err != nil {
		return "", 0, err
	}
	// One picture slot, taken at the first page OCR reads, held to the end.
	release, held := func() {}, false
	defer func() { release() }()
	var b strings.Builder
	ocrPages := 0
	for i, p := range pages {
		if (hasText(p) && !covered[i]) || i >= OCRPages {
			b.WriteString(layOut(wordFragments(p.Words)))
			b.WriteString("\n")
			continue
		}
		if pictures != nil && !held {
			r, ok := pictures.TryAcquire(ocr.ClientOf(ctx))
			if !ok {
				return "", 0, ErrBusy
			}
			release, held = r, true
		}
		text, err := engine.PDFPage(ctx, data, i+1)
		if err != nil {
			if ctx.Err() != nil {
				return "", 0, err
			}
			// No OCR here, or a page it cannot read: the other pages still count.
			b.WriteString(layOut(wordFragments(p.Words)))
			b.WriteString("\n")
			continue
		}
		ocrPages++
		b.WriteString(text)
		b.WriteString("\n")
	}
	return b.String(), ocrPages, nil
}

// hasText: the page's text layer is words a program printed, or OCR's of a
// picture; not empty, nearly so, or garbled.
func hasText(p ocr.Page) bool {
	return len(p.Words) >= minPageWords && !garbled(p.Words)
}

// pictured tells, for each page, whether a picture covers it (nine tenths of
// its width and height, either way round). The words of such a page are
// another program's OCR of the picture ("searchable" scans, Microsoft Print
// to PDF of a scan), which carries that OCR's misreadings as if printed
// ("$1,570.59" for "$1,570.53", "20 yams"): the page is read again by OCR
// here, and its figures marked "please check" like any picture's. Without
// pdfimages, or on a file it cannot list, no page counts as covered.
func pictured(ctx context.Context, engine *ocr.Engine, data []byte, pages []ocr.Page) ([]bool, error) {
	covered := make([]bool, len(pages))
	worded := false
	for i, p := range pages {
		worded = worded || (i < OCRPages && hasText(p))
	}
	if !worded {
		return covered, nil
	}
	pictures, err := engine.Pictures(ctx, data, min(len(pages), OCRPages))
	if ctx.Err() != nil {
		return nil, err
	}
	if err != nil {
		return covered, nil
	}
	for _, pic := range pictures {
		i := pic.Page - 1
		if i < 0 || i >= len(pages) {
			continue
		}
		w, h := pages[i].Width*0.9, pages[i].Height*0.9
		covered[i] = covered[i] || (pic.Width >= w && pic.Height >= h) || (pic.Height >= w && pic.Width >= h)
	}
	return covered, nil
}

// garbled: a text layer whose letters are mostly outside Latin script and
// punctuation (a Type 3 font whose Unicode map names private or dingbat
// characters, as some PostScript printers write) says nothing readable.
func garbled(words []ocr.Word) bool {
	plain, all := 0, 0
	for _, w := range words {
		for _, r := range w.Text {
			all++
			if r < 0x250 || (r >= 0x2000 && r <= 0x206f) {
				plain++
			}
		}
	}
	return plain*2 < all
}

// wordFragments makes the layout's fragments from a page's words: y grows
// upwards there, as in PDF space, and the bottom of a word's box stands in
// for its baseline (words of one row share it within the row tolerance).
func wordFragments(words []ocr.Word) []*fragment {
	frags := make([]*fragment, 0, len(words))
	for _, w := range words {
		f := &fragment{x: w.XMin, y: -w.YMax}
		f.text.WriteString(w.Text)
		frags = append(frags, f)
	}
	return frags
}
