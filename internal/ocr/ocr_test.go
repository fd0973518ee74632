package ocr_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/jpeg"
	"image/png"
	"strings"
	"testing"
	"time"

	"quotegrade/internal/loanestimate"
	"quotegrade/internal/ocr"
	"quotegrade/internal/testsupport"
)

// figures reads the picture's text and matches it as a text PDF's would be.
func figures(t *testing.T, text string) loanestimate.Fields {
	t.Helper()
	f, err := loanestimate.FromText(context.Background(), text)
	if err != nil {
		t.Fatalf("no Loan Estimate in the text read: %v\n%s", err, text)
	}
	return f
}

// figure is one of testsupport's Loan Estimate's figures the quote form
// needs: its name in a failure, its value, and where the reader puts it.
type figure struct {
	name  string
	value float64
	of    func(loanestimate.Fields) *float64
}

var (
	interestRate      = figure{"interest rate", 3.875, func(f loanestimate.Fields) *float64 { return f.InterestRate }}
	loanAmount        = figure{"loan amount", 162000, func(f loanestimate.Fields) *float64 { return f.LoanAmount }}
	originationCharge = figure{"origination charges", 1802, func(f loanestimate.Fields) *float64 { return f.OriginationCharge }}
	points            = figure{"points", 405, func(f loanestimate.Fields) *float64 { return f.Points }}
	mortgageInsurance = figure{"mortgage insurance", 82, func(f loanestimate.Fields) *float64 { return f.MortgageInsurance }}
	lenderCredit      = figure{"lender credits", 750, func(f loanestimate.Fields) *float64 { return f.LenderCredit }}
)

func (w figure) check(t *testing.T, f loanestimate.Fields) {
	t.Helper()
	if got := w.of(f); got == nil || *got != w.value {
		t.Errorf("%s = %v, want %v", w.name, deref(got), w.value)
	}
}

// readAs fails the test unless the reading succeeded and its text holds each
// figure wanted; it returns the fields for the caller's own checks.
func readAs(t *testing.T, text string, err error, want ...figure) loanestimate.Fields {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	f := figures(t, text)
	for _, w := range want {
		w.check(t, f)
	}
	return f
}

func deref(v *float64) any {
	if v == nil {
		return nil
	}
	return *v
}

// The photo, the askew photo and the low-resolution screenshot of the same
// Loan Estimate all give the figures the quote form needs.
func TestPhotosOfALoanEstimate(t *testing.T) {
	testsupport.RequireOCR(t)
	t.Parallel()
	engine := ocr.New("")
	for name, photo := range map[string]testsupport.Photo{
		"straight":       {Width: 1700},
		"turned 2.5°":    {Width: 1700, Degrees: 2.5},
		"turned -3°":     {Width: 1700, Degrees: -3},
		"low resolution": {Width: 700},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			text, err := engine.Image(context.Background(), testsupport.LoanEstimatePhoto(t, photo))
			f := readAs(t, text, err, interestRate, loanAmount, originationCharge, points, mortgageInsurance)
			// A turned photo's last digits blur (750 is read as 758 or 759):
			// the credit is found, and the visitor is asked to check it.
			if f.LenderCredit == nil || *f.LenderCredit < 750 || *f.LenderCredit > 759 {
				t.Errorf("lender credits = %v, want about 750", deref(f.LenderCredit))
			}
			if photo.Degrees == 0 {
				lenderCredit.check(t, f)
			}
		})
	}
}

// A phone's JPEG is read as its PNG is.
func TestJPEGPhoto(t *testing.T) {
	testsupport.RequireOCR(t)
	t.Parallel()
	picture, err := png.Decode(bytes.NewReader(testsupport.LoanEstimatePhoto(t, testsupport.Photo{Width: 1700, Degrees: 2})))
	if err != nil {
		t.Fatal(err)
	}
	var photo bytes.Buffer
	if err := jpeg.Encode(&photo, picture, &jpeg.Options{Quality: 80}); err != nil {
		t.Fatal(err)
	}
	text, err := ocr.New("").Image(context.Background(), photo.Bytes())
	readAs(t, text, err, interestRate, loanAmount, originationCharge)
}

// A scanned Loan Estimate saved as a PDF: no text, one page picture.
func TestPDFOfPageImages(t *testing.T) {
	testsupport.RequireOCR(t)
	t.Parallel()
	doc := testsupport.ImagePDF(t, testsupport.LoanEstimatePhoto(t, testsupport.Photo{Width: 1700}))
	if _, err := loanestimate.Read(context.Background(), doc); !errors.Is(err, loanestimate.ErrNotLoanEstimate) {
		t.Fatalf("the text reader finds no Loan Estimate in a scan: %v", err)
	}
	pages, ok := ocr.PageImages(context.Background(), doc)
	if !ok || pages != 1 {
		t.Fatalf("page images: %d %v", pages, ok)
	}
	text, err := ocr.New("").PDF(context.Background(), doc, pages)
	readAs(t, text, err, interestRate, originationCharge, lenderCredit)
}

// A text PDF has no page pictures: it is never sent to Tesseract.
func TestTextPDFHasNoPageImages(t *testing.T) {
	t.Parallel()
	if _, ok := ocr.PageImages(context.Background(), testsupport.LoanEstimatePDF(t, true, true)); ok {
		t.Fatal("a text PDF has no page images")
	}
	if _, ok := ocr.PageImages(context.Background(), []byte("%PDF-1.4 garbage")); ok {
		t.Fatal("a malformed PDF has no page images")
	}
}

// The header is checked before anything decodes the picture: a small PNG
// claiming 20000 x 20000 pixels is refused without decoding it.
func TestOversizedPictureRefusedFromItsHeader(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 8000, 8000))); err != nil {
		t.Fatal(err)
	}
	err := ocr.CheckImage(buf.Bytes())
	if !errors.Is(err, ocr.ErrUnreadable) || !strings.Contains(err.Error(), "8000 x 8000") {
		t.Fatalf("64 megapixels: %v", err)
	}
	if err := ocr.CheckImage([]byte("not a picture")); !errors.Is(err, ocr.ErrUnreadable) {
		t.Fatalf("garbage: %v", err)
	}
	if _, err := ocr.New("").Image(context.Background(), buf.Bytes()); !errors.Is(err, ocr.ErrUnreadable) {
		t.Fatalf("read: %v", err)
	}
}

// Where Tesseract is not installed, reading says so (the upload goes on).
func TestMissingTesseract(t *testing.T) {
	t.Parallel()
	engine := ocr.New("/nonexistent/tesseract")
	if engine.Available() {
		t.Fatal("a program that is not there is not available")
	}
	photo := testsupport.LoanEstimatePhoto(t, testsupport.Photo{Width: 700})
	if _, err := engine.Image(context.Background(), photo); !errors.Is(err, ocr.ErrUnavailable) {
		t.Fatalf("image: %v", err)
	}
	if _, err := engine.PDF(context.Background(), testsupport.ImagePDF(t, photo), 1); !errors.Is(err, ocr.ErrUnavailable) {
		t.Fatalf("pdf: %v", err)
	}
}

// The bounds are real: Tesseract killed at the deadline or at its CPU
// time, and refused the memory it needs under a tight limit, ends the
// reading with an error.
func TestSubprocessBounds(t *testing.T) {
	testsupport.RequireOCR(t)
	t.Parallel()
	photo := testsupport.LoanEstimatePhoto(t, testsupport.Photo{Width: 1700})
	slow := ocr.New("")
	slow.Timeout = 50 * time.Millisecond
	// No elapsed-time check: under CI load the picture's preparation alone
	// can take seconds, and timings never decide a test. "too long" is only
	// said when the deadline, not Tesseract, ended the reading.
	_, err := slow.Image(context.Background(), photo)
	if !errors.Is(err, ocr.ErrUnreadable) || !strings.Contains(err.Error(), "too long") {
		t.Fatalf("deadline: %v", err)
	}
	// A picture that needs more CPU time than its size allows is ended by
	// the kernel and said to be too costly, not too long: that is the
	// file's doing, whatever the machine's load.
	costly := ocr.New("")
	costly.PictureCPU = time.Second
	costly.Timeout = 3 * time.Minute
	if _, err := costly.Image(context.Background(), testsupport.NoisePicture(t, 2000)); !errors.Is(err, ocr.ErrTooCostly) || !errors.Is(err, ocr.ErrUnreadable) {
		t.Fatalf("over its CPU time: %v", err)
	}
	small := ocr.New("")
	small.Memory = 16 << 20
	if _, err := small.Image(context.Background(), photo); !errors.Is(err, ocr.ErrUnreadable) {
		t.Fatalf("16 MB: %v", err)
	}
}

// Words Tesseract is unsure of are dropped as speckles, but a percentage
// whose cell edge it read as a "§" is kept: it scores 0 for the sign
// alone (a scanned page 3's TIP, "§113.034%", was missing).
func TestUnsureWords(t *testing.T) {
	t.Parallel()
	tsv := strings.Join([]string{
		"level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext",
		"1\t1\t0\t0\t0\t0\t0\t0\t1700\t2200\t-1\t",
		"5\t1\t1\t8\t1\t1\t90\t541\t100\t25\t96\tTotal",
		"5\t1\t1\t8\t1\t2\t200\t541\t100\t25\t95\tInterest",
		"5\t1\t1\t8\t1\t3\t270\t541\t139\t25\t78\tPercentage",
		"5\t1\t1\t8\t1\t4\t461\t541\t116\t19\t0\t§113.034%",
		"5\t1\t1\t8\t1\t5\t600\t541\t20\t19\t3\t§",
		"5\t1\t1\t8\t1\t6\t640\t541\t20\t19\t0\t7.5",
	}, "\n")
	got := strings.TrimSpace(ocr.LayOutTSVText([]byte(tsv)))
	if !strings.Contains(got, "Total Interest Percentage §113.034%") || strings.Contains(got, "7.5") || strings.HasSuffix(got, "§") {
		t.Fatalf("laid out: %q", got)
	}
}
