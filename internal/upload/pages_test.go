package upload

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"quotegrade/internal/loanestimate"
	"quotegrade/internal/ocr"
)

// A page whose reading runs out of time (a machine busy with other
// readings) is never dropped from the answer: the check answers "busy, ask
// again" (503 with Retry-After, which the visitor's browser honours), the
// pages read are remembered, and the next asking reads only the rest. (CI once answered page 1's figures as missing when its
// reading timed out on a loaded machine; now a picture's own bound is CPU
// time, ocr.CPUTimeFor, and the clock's deadline only says "busy".)
func TestAPageOutOfTimeIsReadAtTheNextAsking(t *testing.T) {
	engine := ocr.New("")
	if !engine.Available() {
		if os.Getenv("CI") == "true" {
			t.Fatal("tesseract is not installed: CI must install tesseract-ocr (.ci/run)")
		}
		t.Skip("tesseract is not installed: this test reads pictures with it")
	}
	page := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join("..", "loanestimate", "testdata", "corpus", name))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	page1, page2 := page("purchase-mi-photo-1.jpg"), page("purchase-mi-photo-2.jpg")
	p := newPhotoReader(engine, ocr.NewSlots(ocr.DefaultPictureReads, ocr.DefaultPerClient))
	if r, err := p.readPictures(t.Context(), "visitor", [][]byte{page1}); err != nil || r.Fields == nil || r.Fields.InterestRate == nil {
		t.Fatalf("page 1 alone: %+v %v", r, err)
	}

	// The machine is now too busy for any reading to finish in its time.
	outOfTime := ocr.New("")
	outOfTime.Timeout = time.Millisecond
	p.engine = outOfTime
	for asking := 1; asking <= 3; asking++ {
		if r, err := p.readPictures(t.Context(), "visitor", [][]byte{page1, page2}); !errors.Is(err, loanestimate.ErrBusy) {
			t.Fatalf("asking %d with page 2 out of time: %+v %v, want ErrBusy", asking, r, err)
		}
	}

	// Free again: page 2 is read, page 1's text was remembered.
	p.engine = engine
	r, err := p.readPictures(t.Context(), "visitor", [][]byte{page1, page2})
	if err != nil || r.Fields == nil || r.Fields.InterestRate == nil || r.Fields.OriginationCharge == nil {
		t.Fatalf("pages 1 and 2 once the machine is free: %+v %v", r, err)
	}
}
