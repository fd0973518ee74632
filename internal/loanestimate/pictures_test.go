package loanestimate_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/jpeg"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"quotegrade/internal/loanestimate"
	"quotegrade/internal/ocr"
	"quotegrade/internal/testsupport"
)

// Each page of the form is known by its own headings, whatever else it shows.
func TestPageOf(t *testing.T) {
	le := testsupport.SampleLoanEstimate(true, true)
	for want, rows := range [][]string{nil, le.Page1, append(append([]string{"Closing Cost Details"}, le.LoanCosts...), le.OtherCosts...), le.Page3} {
		if rows == nil {
			continue
		}
		if got := loanestimate.PageOf(strings.Join(rows, "\n")); got != want {
			t.Errorf("page %d read as page %d", want, got)
		}
	}
	if got := loanestimate.PageOf("IMG_2041 a cat on a sofa"); got != 0 {
		t.Errorf("a picture of no page read as page %d", got)
	}
}

// The pages' texts given in any order read as the document does: each page
// is put in its place by its headings.
func TestFromPagesInAnyOrder(t *testing.T) {
	le := testsupport.SampleLoanEstimate(true, true)
	p1, p2, p3 := strings.Join(le.Page1, "\n"), strings.Join(append(append([]string{"Closing Cost Details"}, le.LoanCosts...), le.OtherCosts...), "\n"), strings.Join(le.Page3, "\n")
	want, err := loanestimate.FromText(context.Background(), p1+"\n"+p2+"\n"+p3)
	if err != nil {
		t.Fatal(err)
	}
	for _, order := range [][]string{{p3, p1, p2}, {p2, p3, p1}, {p1, p2, p3}} {
		got, err := loanestimate.FromPages(context.Background(), order)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("pages %v...: %v\n got %+v\nwant %+v", order[0][:20], err, got, want)
		}
	}
	if *want.APR != 4.274 || *want.LoanAmount != 162000 || len(want.Lines) == 0 {
		t.Fatalf("the whole document read %+v", want)
	}
}

// Three pictures of a Loan Estimate made by another producer (the corpus's
// Chromium-printed purchase with mortgage insurance), one a page and
// uploaded out of order, read page by page with OCR into the fields the
// form prints: none wrong without a "please check" mark, nine in ten
// right, as the corpus's photos must be.
func TestThreePicturesReadAsOneLoanEstimate(t *testing.T) {
	testsupport.RequireOCR(t)
	dir := filepath.Join("testdata", "corpus")
	pdf, err := os.ReadFile(filepath.Join(dir, "purchase-mi-chromium.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	var truth loanestimate.Fields
	readJSON(t, filepath.Join(dir, "purchase-mi.json"), &truth)
	pictures := testsupport.PagePictures(t, pdf, 150, true)
	if len(pictures) != 3 {
		t.Fatalf("%d pages", len(pictures))
	}
	engine := ocr.New("")
	var texts []string
	for _, i := range []int{2, 0, 1} { // page 3 first, as a visitor may pick them
		text, err := engine.Image(context.Background(), pictures[i])
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, text)
	}
	f, err := loanestimate.FromPages(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	f.ByOCR = true
	s := scoreOf(truth, f, []int{1, 2, 3})
	for _, w := range s.wrongs {
		t.Log(w)
	}
	if s.wrong > 0 || float64(s.right) < photoFloor*float64(s.fields()) {
		t.Fatalf("%d fields: %d right, %d flagged, %d wrong unflagged, %d missing", s.fields(), s.right, s.flagged, s.wrong, s.missing)
	}
	// Page 3's figures came from the picture chosen first, page 1's from the second.
	if f.APR == nil || f.InFiveYears == nil || f.InterestRate == nil || f.LoanAmount == nil || f.OriginationCharge == nil {
		t.Fatalf("a page's figures are missing: %+v", f)
	}
}

// Page 3 alone (a visitor who photographed only the page with the APR and
// the TIP) names the form only in its footer, which a photo may leave
// out: it is read by its own headings, and from a picture every figure
// asks to be checked, none being checkable without pages 1 and 2. A text
// with one of those headings and no other sign of the form is still none.
func TestPage3AloneIsRead(t *testing.T) {
	le := testsupport.SampleLoanEstimate(true, true)
	printed := strings.Join(le.Page3, "\n")
	slipped := strings.Replace(printed, "(TIP) 69.45 %", "(TIP) §69.45 %", 1) // OCR reads the cell's edge as "§"
	for name, text := range map[string]string{"as printed": printed, "with an OCR slip": slipped} {
		f, err := loanestimate.FromPages(context.Background(), []string{text})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if f.APR == nil || *f.APR != 4.274 || f.TotalInterestPercentage == nil || *f.TotalInterestPercentage != 69.45 ||
			f.InFiveYears == nil || f.InFiveYears.TotalPaid != 56582 || f.LenderName == nil || *f.LenderName != "Ficus Bank" {
			t.Fatalf("%s: read %+v", name, f)
		}
		f.ByOCR = true
		if got := f.PleaseCheck(); !slices.Contains(got, "apr") || !slices.Contains(got, "totalInterestPercentage") || !slices.Contains(got, "inFiveYears") {
			t.Fatalf("%s: from a picture, please check %v", name, got)
		}
	}
	if _, err := loanestimate.FromText(context.Background(), "Product comparisons\nAPR 4.9 % on our best card"); !errors.Is(err, loanestimate.ErrNotLoanEstimate) {
		t.Fatalf("a page with one heading of the form's read as a Loan Estimate: %v", err)
	}
}

// A photo of page 3 alone, its footer cut off, is read: the corpus's
// Chromium-printed purchase, the page as a 150 dpi JPEG without its
// bottom tenth. Its TIP, which OCR reads as "§124.769%", comes too.
func TestAPhotoOfPage3AloneIsRead(t *testing.T) {
	testsupport.RequireOCR(t)
	pdf, err := os.ReadFile(filepath.Join("testdata", "corpus", "purchase-mi-chromium.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	page, err := jpeg.Decode(bytes.NewReader(testsupport.PagePictures(t, pdf, 150, true)[2]))
	if err != nil {
		t.Fatal(err)
	}
	b := page.Bounds()
	cropped := page.(interface {
		SubImage(image.Rectangle) image.Image
	}).SubImage(image.Rect(b.Min.X, b.Min.Y, b.Max.X, b.Min.Y+b.Dy()*9/10))
	var photo bytes.Buffer
	if err := jpeg.Encode(&photo, cropped, &jpeg.Options{Quality: 85}); err != nil {
		t.Fatal(err)
	}
	text, err := ocr.New("").Image(context.Background(), photo.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(strings.ToLower(text), "loan estimate") {
		t.Fatalf("the footer is still on the photo:\n%s", text)
	}
	f, err := loanestimate.FromPages(context.Background(), []string{text})
	if err != nil {
		t.Fatalf("%v; OCR read:\n%s", err, text)
	}
	if f.APR == nil || *f.APR != 7.222 || f.TotalInterestPercentage == nil || *f.TotalInterestPercentage != 124.769 {
		t.Fatalf("APR %v, TIP %v; OCR read:\n%s", f.APR, f.TotalInterestPercentage, text)
	}
}
