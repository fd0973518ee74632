package ocr_test

import (
	"bytes"
	"image"
	"image/jpeg"
	"image/png"
	"math"
	"testing"

	"quotegrade/internal/ocr"
	"quotegrade/internal/testsupport"
)

func TestEXIFOrientationRead(t *testing.T) {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, image.NewGray(image.Rect(0, 0, 4, 2)), nil); err != nil {
		t.Fatal(err)
	}
	plain := buf.Bytes()
	if o := ocr.EXIFOrientation(plain); o != 1 {
		t.Errorf("a JPEG without EXIF: orientation %d, want 1", o)
	}
	for o := 1; o <= 8; o++ {
		if got := ocr.EXIFOrientation(testsupport.WithEXIFOrientation(plain, o)); got != o {
			t.Errorf("orientation %d read as %d", o, got)
		}
	}
	if o := ocr.EXIFOrientation(testsupport.WithEXIFOrientation(plain, 6)[:30]); o != 1 {
		t.Errorf("a cut-off segment: orientation %d, want 1", o)
	}
}

// Each orientation shows the stored picture as the phone held it.
func TestUpright(t *testing.T) {
	// Stored 3 wide, 2 high:  a b c
	//                         d e f
	src := &image.Gray{Pix: []byte("abcdef"), Stride: 3, Rect: image.Rect(0, 0, 3, 2)}
	for o, want := range map[int]string{1: "abcdef", 2: "cbafed", 3: "fedcba", 4: "defabc",
		5: "adbecf", 6: "daebfc", 7: "fcebda", 8: "cfbead"} {
		if got := string(ocr.Upright(src, o).Pix); got != want {
			t.Errorf("orientation %d: %q, want %q", o, got, want)
		}
	}
}

// The angle of a page photographed a few degrees askew is found within a
// tenth of a degree, and turning it back by it leaves it straight.
func TestSkewAngleFound(t *testing.T) {
	for _, degrees := range []float64{5, -3.5, 1.2, 0} {
		photo := testsupport.LoanEstimatePhoto(t, testsupport.Photo{Width: 1200, Degrees: degrees})
		decoded, err := png.Decode(bytes.NewReader(photo))
		if err != nil {
			t.Fatal(err)
		}
		page := decoded.(*image.Gray)
		got := ocr.SkewAngle(page)
		if math.Abs(got-degrees) > 0.1 {
			t.Errorf("page turned %.1f°: skew found %.2f°", degrees, got)
		}
		if again := ocr.SkewAngle(ocr.Rotate(page, got)); math.Abs(again) > 0.1 {
			t.Errorf("page turned %.1f° and back: still %.2f° askew", degrees, again)
		}
	}
}

func TestParseOSD(t *testing.T) {
	cw, conf := ocr.ParseOSD([]byte("Page number: 0\nOrientation in degrees: 270\nRotate: 90\nOrientation confidence: 7.94\nScript: Latin\n"))
	if cw != 90 || conf != 7.94 {
		t.Errorf("got %d° at %.2f, want 90° at 7.94", cw, conf)
	}
}
