package ocr_test

import (
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"image/png"
	"testing"
	"time"

	"quotegrade/internal/ocr"
	"quotegrade/internal/testsupport"
)

// wantFigures: the figures the quote form needs, read from a picture of
// testsupport's Loan Estimate.
func wantFigures(t *testing.T, picture []byte) {
	t.Helper()
	// These measure reading, not the deadline (TestSubprocessBounds does):
	// a longer Timeout stretches the picture deadlines alike, so a turned
	// page's two readings finish on a loaded machine.
	engine := ocr.New("")
	engine.Timeout = 3 * time.Minute
	text, err := engine.Image(context.Background(), picture)
	readAs(t, text, err, interestRate, loanAmount, originationCharge, points)
}

// A phone held sideways stores the page sideways with an EXIF Orientation
// tag saying to turn it a quarter clockwise (6), which browsers honour: the
// visitor sees an upright page, and so does the reader.
func TestEXIFOrientationHonoured(t *testing.T) {
	testsupport.RequireOCR(t)
	t.Parallel()
	stored := testsupport.Turn(t, testsupport.LoanEstimatePhoto(t, testsupport.Photo{Width: 1700}), 270)
	picture, err := png.Decode(bytes.NewReader(stored))
	if err != nil {
		t.Fatal(err)
	}
	var photo bytes.Buffer
	if err := jpeg.Encode(&photo, picture, &jpeg.Options{Quality: 85}); err != nil {
		t.Fatal(err)
	}
	wantFigures(t, testsupport.WithEXIFOrientation(photo.Bytes(), 6))
}

// A page photographed upside down, or turned sideways by an app that kept
// no EXIF tag, is found the wrong way up by Tesseract's orientation
// detection (tesseract-ocr-osd), turned and read.
func TestTurnedPageWithoutEXIFRead(t *testing.T) {
	testsupport.RequireOCR(t)
	testsupport.RequireOSD(t)
	t.Parallel()
	for name, clockwise := range map[string]int{"upside down": 180, "sideways": 90} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			wantFigures(t, testsupport.Turn(t, testsupport.LoanEstimatePhoto(t, testsupport.Photo{Width: 1700}), clockwise))
		})
	}
}

// The EXIF tag changes nothing of the header check: a picture too large
// is refused before it is decoded, whichever way up it is stored.
func TestTurnedOversizedPictureRefusedFromItsHeader(t *testing.T) {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, image.NewGray(image.Rect(0, 0, ocr.MaxSide+1, 8)), nil); err != nil {
		t.Fatal(err)
	}
	if err := ocr.CheckImage(testsupport.WithEXIFOrientation(buf.Bytes(), 6)); err == nil {
		t.Fatal("a picture longer than MaxSide was accepted")
	}
}
