package loanestimate_test

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"

	"quotegrade/internal/loanestimate"
	"quotegrade/internal/ocr"
	"quotegrade/internal/testsupport"
)

// allocated is the bytes allocated while fn runs (the test runs alone: no
// t.Parallel in this package).
func allocated(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// A small PDF whose page inflates to 100 MB of text is refused, and reading
// it allocates tens of MB at most: the work stops at the budgets instead of
// running over the whole text (the bomb cost 390 MB a check).
func TestPDFBombIsRefusedWithinBudget(t *testing.T) {
	const limit = 32 << 20
	for name, bomb := range map[string][]byte{
		"100 MB of text in 1 KB strings":          testsupport.PDFBomb(t, 100<<20, 1024),
		"100 MB in one string":                    testsupport.PDFBomb(t, 100<<20, 0),
		"3 MB of text: past the text budget only": testsupport.PDFBomb(t, 3<<20, 1024),
	} {
		t.Run(name, func(t *testing.T) {
			if len(bomb) > 512<<10 {
				t.Fatalf("the bomb is %d bytes; it should be small", len(bomb))
			}
			var err error
			n := allocated(func() { _, err = loanestimate.Read(context.Background(), bomb) })
			if !errors.Is(err, loanestimate.ErrNotLoanEstimate) || !strings.Contains(err.Error(), "larger than a Loan Estimate") {
				t.Errorf("answer = %v, want a refusal naming the size", err)
			}
			if n > limit {
				t.Errorf("reading a %d-byte bomb allocated %d MB, want at most %d MB", len(bomb), n>>20, limit>>20)
			}
			if len(bomb) > 100<<10 { // the 100 MB ones: refused before poppler spends seconds on them
				_, err = loanestimate.ReadPDF(context.Background(), ocr.New(""), nil, bomb)
				if !errors.Is(err, loanestimate.ErrNotLoanEstimate) || !strings.Contains(err.Error(), "larger than a Loan Estimate") {
					t.Errorf("ReadPDF's answer = %v, want a refusal naming the size", err)
				}
			}
		})
	}
}

// A file within the budgets is still read.
func TestSmallTextFileIsRead(t *testing.T) {
	f, err := loanestimate.Read(context.Background(), testsupport.PDFBomb(t, 64<<10, 1024))
	if err != nil {
		t.Fatal(err)
	}
	if f.InterestRate == nil || *f.InterestRate != 3.875 || f.LoanAmount == nil || *f.LoanAmount != 162000 {
		t.Fatalf("fields = %+v", f)
	}
}

// The deadline ends the read itself, not just the wait for it.
func TestCancelledReadStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := loanestimate.Read(ctx, testsupport.LoanEstimatePDF(t, true, true))
	if !errors.Is(err, loanestimate.ErrNotLoanEstimate) || !strings.Contains(err.Error(), "too long") {
		t.Fatalf("answer = %v, want a refusal for time", err)
	}
}

// A file read before is answered from memory, not read again.
func TestReaderRemembersAnswers(t *testing.T) {
	r := loanestimate.NewReader(1)
	good := testsupport.LoanEstimatePDF(t, true, true)
	bomb := testsupport.PDFBomb(t, 8<<20, 1024)
	for range 3 {
		if f, err := r.Read(context.Background(), good); err != nil || *f.InterestRate != 3.875 {
			t.Fatalf("read = %+v, %v", f, err)
		}
		if _, err := r.Read(context.Background(), bomb); !errors.Is(err, loanestimate.ErrNotLoanEstimate) {
			t.Fatalf("bomb = %v", err)
		}
	}
	if r.Reads() != 2 {
		t.Fatalf("files read %d times, want 2 (one per file)", r.Reads())
	}
}

// Past the allowed number of reads at once, a new file is refused with
// ErrBusy (503 over HTTP), while a file read before is still answered.
func TestReaderRefusesWhenBusy(t *testing.T) {
	r := loanestimate.NewReader(1)
	good := testsupport.LoanEstimatePDF(t, true, true)
	if _, err := r.Read(context.Background(), good); err != nil {
		t.Fatal(err)
	}
	release, ok := r.TryAcquire()
	if !ok {
		t.Fatal("the slot should be free")
	}
	defer release()
	if _, err := r.Read(context.Background(), testsupport.LoanEstimatePDF(t, false, true)); !errors.Is(err, loanestimate.ErrBusy) {
		t.Fatalf("answer = %v, want ErrBusy", err)
	}
	if _, err := r.Read(context.Background(), good); err != nil {
		t.Fatalf("remembered answer = %v", err)
	}
}

// A scan's page OCR inside a PDF read takes the uploader's picture slot
// (issue 24 §5): a client at its share gets ErrBusy instead of holding a
// text read slot with OCR (and the refusal is not remembered), while
// another client's scan is read.
func TestScanOCRTakesTheClientsPictureSlot(t *testing.T) {
	testsupport.RequireOCR(t)
	t.Parallel()
	slots := ocr.NewSlots(ocr.DefaultPictureReads, ocr.DefaultPerClient)
	r := loanestimate.NewReader(2).WithEngine(ocr.New("")).WithPictureSlots(slots)
	scan := testsupport.ImagePDF(t, testsupport.LoanEstimatePhoto(t, testsupport.Photo{Width: 700}))
	release, ok := slots.TryAcquire("203.0.113.7")
	if !ok {
		t.Fatal("no slot")
	}
	busy := ocr.WithClient(context.Background(), "203.0.113.7")
	if _, err := r.Read(busy, scan); !errors.Is(err, loanestimate.ErrBusy) {
		t.Fatalf("a client at its share: %v, want ErrBusy", err)
	}
	f, err := r.Read(ocr.WithClient(context.Background(), "198.51.100.9"), scan)
	if err != nil || f.InterestRate == nil || !f.ByOCR {
		t.Fatalf("another client's scan: %+v %v", f, err)
	}
	release()
	if _, err := r.Read(busy, testsupport.ImagePDF(t, testsupport.LoanEstimatePhoto(t, testsupport.Photo{Width: 800}))); err != nil {
		t.Fatalf("after its slot was released: %v", err)
	}
}
