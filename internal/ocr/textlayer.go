package ocr

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
)

// The text layer of a PDF comes from poppler's pdftotext, the library real
// viewers (Evince, Okular) use: fonts of every kind (Type1, TrueType,
// CID/Identity-H, Type3), ligatures and encodings come out as the letters
// printed, and -bbox-layout gives each word its box, so the reader lays out
// rows by position whatever order the file writes them in
// (docs/decisions/0036-loan-estimate-reader.md). It runs as a subprocess
// under the same bounds as Tesseract.

// MaxLayout caps pdftotext's XHTML for one file: about 150 bytes a word, and
// a Loan Estimate's three pages hold under 3,000 words.
const MaxLayout = 4 << 20

// Word is one word of a page and its box, in points from the page's top left.
type Word struct {
	Text                   string
	XMin, YMin, XMax, YMax float64
}

// Page is the words of one page of a PDF, in the order pdftotext found them.
type Page struct {
	Width, Height float64
	Words         []Word
}

// TextLayer returns the words of each of a PDF's first pages (at most
// maxPages) with their boxes. A page without text has no words; a file
// poppler cannot open is ErrUnreadable, a server without pdftotext
// ErrUnavailable.
func (e *Engine) TextLayer(ctx context.Context, data []byte, maxPages int) ([]Page, error) {
	pdftotext, err := exec.LookPath(e.pdftotext())
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	ctx, cancel := context.WithTimeout(ctx, e.Timeout)
	defer cancel()
	out, err := e.run(ctx, pdftotext, []string{"-q", "-bbox-layout", "-f", "1", "-l", strconv.Itoa(maxPages), "-", "-"}, data, MaxLayout, maxCPU)
	if err != nil {
		return nil, err
	}
	return parseLayout(out)
}

// MaxPictureList caps pdfimages' list for one file: a line a picture.
const MaxPictureList = 256 << 10

// Picture is a picture a PDF's page paints, its size in points at the
// resolution the file gives it.
type Picture struct {
	Page          int
	Width, Height float64
}

// Pictures lists the pictures of a PDF's first pages (at most maxPages)
// with poppler's pdfimages: a page that is one picture covering it, with
// words over it, carries another program's OCR of the picture (a scanner's
// "searchable PDF"), not text a program printed.
func (e *Engine) Pictures(ctx context.Context, data []byte, maxPages int) ([]Picture, error) {
	program := e.Pdfimages
	if program == "" {
		program = "pdfimages"
	}
	pdfimages, err := exec.LookPath(program)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	ctx, cancel := context.WithTimeout(ctx, e.Timeout)
	defer cancel()
	out, err := e.run(ctx, pdfimages, []string{"-list", "-f", "1", "-l", strconv.Itoa(maxPages), "-"}, data, MaxPictureList, maxCPU)
	if err != nil {
		return nil, err
	}
	return parsePictureList(out), nil
}

// parsePictureList reads pdfimages -list: two heading lines, then a line a
// picture: page num type width height color comp bpc enc interp object ID
// x-ppi y-ppi size ratio. Masks and lines it cannot read are passed over.
func parsePictureList(out []byte) []Picture {
	var pictures []Picture
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) < 14 || f[2] != "image" {
			continue
		}
		page, err1 := strconv.Atoi(f[0])
		w, err2 := strconv.ParseFloat(f[3], 64)
		h, err3 := strconv.ParseFloat(f[4], 64)
		xppi, err4 := strconv.ParseFloat(f[12], 64)
		yppi, err5 := strconv.ParseFloat(f[13], 64)
		if err := errors.Join(err1, err2, err3, err4, err5); err != nil || xppi <= 0 || yppi <= 0 {
			continue
		}
		pictures = append(pictures, Picture{Page: page, Width: w / xppi * 72, Height: h / yppi * 72})
	}
	return pictures
}

func (e *Engine) pdftotext() string {
	if e.Pdftotext != "" {
		return e.Pdftotext
	}
	return "pdftotext"
}

// parseLayout reads pdftotext's XHTML: <page width height> holding
// <word xMin yMin xMax yMax>text</word> elements.
func parseLayout(doc []byte) ([]Page, error) {
	d := xml.NewDecoder(bytes.NewReader(doc))
	d.Strict = false
	d.AutoClose = xml.HTMLAutoClose
	d.Entity = xml.HTMLEntity
	var pages []Page
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return pages, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%w: pdftotext's layout: %v", ErrUnreadable, err)
		}
		start, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		switch start.Name.Local {
		case "page":
			pages = append(pages, Page{Width: attr(start, "width"), Height: attr(start, "height")})
		case "word":
			var text string
			if err := d.DecodeElement(&text, &start); err != nil {
				return nil, fmt.Errorf("%w: pdftotext's layout: %v", ErrUnreadable, err)
			}
			if len(pages) == 0 || strings.TrimSpace(text) == "" {
				continue
			}
			p := &pages[len(pages)-1]
			p.Words = append(p.Words, Word{Text: strings.TrimSpace(text),
				XMin: attr(start, "xMin"), YMin: attr(start, "yMin"), XMax: attr(start, "xMax"), YMax: attr(start, "yMax")})
		}
	}
}

func attr(e xml.StartElement, name string) float64 {
	for _, a := range e.Attr {
		if a.Name.Local == name {
			v, _ := strconv.ParseFloat(a.Value, 64)
			return v
		}
	}
	return 0
}

// PDFPage returns the text of one page of a PDF (1-based), rendered as a
// grey picture by pdftoppm and read by Tesseract: for a page whose text
// layer is empty (an image, or text drawn as outlines).
func (e *Engine) PDFPage(ctx context.Context, data []byte, page int) (string, error) {
	tesseract, pdftoppm, err := e.pdfTools()
	if err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(ctx, e.Timeout)
	defer cancel()
	return e.pdfPage(ctx, tesseract, pdftoppm, data, page)
}

func (e *Engine) pdfPage(ctx context.Context, tesseract, pdftoppm string, data []byte, page int) (string, error) {
	n := strconv.Itoa(page)
	// "-" reads the PDF from stdin; with -singlefile and no output name
	// the page goes to stdout.
	picture, err := e.run(ctx, pdftoppm, []string{"-gray", "-scale-to", strconv.Itoa(pageSide), "-f", n, "-l", n, "-singlefile", "-"}, data, MaxPageImage, maxCPU)
	if err != nil {
		return "", fmt.Errorf("render page %d: %w", page, err)
	}
	words, width, err := e.recognize(ctx, tesseract, picture, false, maxCPU)
	if err != nil {
		return "", fmt.Errorf("page %d: %w", page, err)
	}
	if sure(words) < minUprightWords {
		if w, wd, ok := e.turnPageUpright(ctx, tesseract, pdftoppm, data, page); ok && sure(w) > sure(words) {
			words, width = w, wd
		}
	}
	return layOutTSV(words, width), nil
}

// turnPageUpright reads a scanned page that gave too few sure words as a
// photo is read (Image): a sheet fed into the scanner the wrong way round
// is upside down, one laid on the glass sideways turned a quarter, and
// Tesseract reads either as noise. The page is rendered again as PNG,
// which the Go side decodes (pdftoppm's grey PGM it cannot).
func (e *Engine) turnPageUpright(ctx context.Context, tesseract, pdftoppm string, data []byte, page int) ([]tsvWord, int, bool) {
	n := strconv.Itoa(page)
	png, err := e.run(ctx, pdftoppm, []string{"-gray", "-png", "-scale-to", strconv.Itoa(pageSide), "-f", n, "-l", n, "-singlefile", "-"}, data, MaxPageImage, maxCPU)
	if err != nil {
		return nil, 0, false
	}
	grey, picture, _, err := prepare(png)
	if err != nil {
		return nil, 0, false
	}
	return e.turnUpright(ctx, tesseract, grey, picture, maxCPU)
}
