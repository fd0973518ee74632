package ocr_test

import (
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/image/draw"

	"quotegrade/internal/ocr"
	"quotegrade/internal/testsupport"
)

// shrunkPhoto is a corpus photo as a messenger app leaves it: 1200 px
// wide, which is scaled up to 1800 px before reading.
func shrunkPhoto(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "loanestimate", "testdata", "corpus", "purchase-mi-photo-1.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(data))
	if err != nil || cfg.Width < 1000 || cfg.Width > 1400 {
		t.Fatalf("the photo is %d px wide (%v), not one that is scaled up", cfg.Width, err)
	}
	return data
}

// shrunkColourPNG is shrunkPhoto saved as a colour (RGBA) PNG, as a
// screenshot or a photo saved as PNG is.
func shrunkColourPNG(t *testing.T) []byte {
	t.Helper()
	photo, err := jpeg.Decode(bytes.NewReader(shrunkPhoto(t)))
	if err != nil {
		t.Fatal(err)
	}
	colour := image.NewNRGBA(photo.Bounds())
	draw.Draw(colour, colour.Bounds(), photo, photo.Bounds().Min, draw.Src)
	var data bytes.Buffer
	if err := png.Encode(&data, colour); err != nil {
		t.Fatal(err)
	}
	return data.Bytes()
}

// preparesSmall: preparing data, a 1200 px picture (what names it), for
// Tesseract gives the 1800 px page and allocates under 40 MB.
func preparesSmall(t *testing.T, what string, data []byte) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	page, picture, _, err := ocr.Prepare(data)
	runtime.ReadMemStats(&after)
	if err != nil || page.Rect.Dx() != 1800 || len(picture) == 0 {
		t.Fatalf("prepared %v, %d bytes: %v", page.Rect, len(picture), err)
	}
	if allocated := after.TotalAlloc - before.TotalAlloc; allocated > 40<<20 {
		t.Fatalf("preparing a 1200 px %s allocated %d MB", what, allocated>>20)
	}
}

// A shrunk photo is scaled up to the very page x/image's Catmull-Rom
// scaler gives, pixel for pixel: the photos read as before.
func TestScaleUpGreyIsCatmullRom(t *testing.T) {
	src, err := jpeg.Decode(bytes.NewReader(shrunkPhoto(t)))
	if err != nil {
		t.Fatal(err)
	}
	b := src.Bounds()
	w, h := 1800, b.Dy()*1800/b.Dx()
	want := image.NewGray(image.Rect(0, 0, w, h))
	draw.CatmullRom.Scale(want, want.Bounds(), src, b, draw.Src, nil)
	got, ok := ocr.ScaleUpGrey(src, w, h)
	if !ok || got.Rect != want.Rect {
		t.Fatalf("a JPEG photo scaled to %v (%v), want %v", got, ok, want.Rect)
	}
	for i := range want.Pix {
		if got.Pix[i] != want.Pix[i] {
			t.Fatalf("pixel %d: %d, x/image gives %d", i, got.Pix[i], want.Pix[i])
		}
	}
}

// Preparing a shrunk photo for Tesseract (decoding, scaling up, turning)
// used to allocate 100 MB, 87 MB of it x/image's scaling buffer: two
// readings at once took the server to 220 MB, past its 128 MB memory
// limit, under make bench-uploads. Now a photo costs under 40 MB.
func TestPreparingAPhotoStaysSmall(t *testing.T) {
	preparesSmall(t, "photo", shrunkPhoto(t))
}

// A colour PNG (a screenshot, or a photo saved as PNG) is made grey before
// it is scaled up, so it too is scaled a few rows at a time: x/image's
// scaler held 87 MB for it, as for a JPEG.
func TestPreparingAColourPNGStaysSmall(t *testing.T) {
	preparesSmall(t, "colour PNG", shrunkColourPNG(t))
}

// The colour PNG, made grey before it is scaled up, reads as the JPEG does.
func TestAColourPNGPhotoIsRead(t *testing.T) {
	testsupport.RequireOCR(t)
	engine := ocr.New("")
	fromPNG, err := engine.Image(context.Background(), shrunkColourPNG(t))
	if err != nil {
		t.Fatal(err)
	}
	fromJPEG, err := engine.Image(context.Background(), shrunkPhoto(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, words := range []string{"Loan Estimate", "Projected Payments", "Closing Costs"} {
		if strings.Contains(fromJPEG, words) && !strings.Contains(fromPNG, words) {
			t.Errorf("the JPEG reads %q, the colour PNG does not:\n%s", words, fromPNG)
		}
	}
	if !strings.Contains(fromPNG, "Loan Estimate") {
		t.Fatalf("the colour PNG read:\n%s", fromPNG)
	}
}
