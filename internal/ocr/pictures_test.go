package ocr_test

import (
	"context"
	"os"
	"os/exec"
	"reflect"
	"testing"

	"quotegrade/internal/ocr"
)

// pdfimages -list as poppler 22 prints it: a scanned page at 90 ppi
// (765 × 990 pixels: 612 × 792 points, the whole Letter page), a small logo
// at 300 ppi, and a soft mask, which is no picture of its own.
const pictureList = `page   num  type   width height color comp bpc  enc interp  object ID x-ppi y-ppi size ratio
--------------------------------------------------------------------------------------------
   1     0 image     765   990  gray    1   8  jpeg   no        11  0    90    90 36.1K 4.9%
   2     1 image     300   150  rgb     3   8  image  no        24  0   300   300 12.0K 9.0%
   2     2 smask     300   150  gray    1   8  image  no        24  0   300   300  1.0K 2.0%
`

func TestParsePictureList(t *testing.T) {
	got := ocr.ParsePictureList([]byte(pictureList))
	want := []ocr.Picture{{Page: 1, Width: 612, Height: 792}, {Page: 2, Width: 72, Height: 36}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("pictures = %+v, want %+v", got, want)
	}
}

// TestPictures lists the pictures of a real "searchable" scan: Tesseract's
// own PDF renderer, a page picture with its OCR as invisible text.
func TestPictures(t *testing.T) {
	data, err := os.ReadFile("../loanestimate/testdata/corpus/balloon-io-ocr-layer.pdf")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("pdfimages"); err != nil {
		t.Fatalf("pdfimages (poppler-utils) is needed: %v", err)
	}
	got, err := ocr.New("").Pictures(context.Background(), data, 2)
	if err != nil {
		t.Fatal(err)
	}
	want := []ocr.Picture{{Page: 1, Width: 612, Height: 792}, {Page: 2, Width: 612, Height: 792}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("pictures = %+v, want %+v", got, want)
	}
}
