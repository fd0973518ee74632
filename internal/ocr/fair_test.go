package ocr_test

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"quotegrade/internal/ocr"
)

// A client holding its share cannot starve another (issue 24 §5): its next
// picture waits its turn, while a second client still gets a slot; with
// every slot taken nobody does, and a released slot is free again.
func TestSlotsAreFairBetweenClients(t *testing.T) {
	t.Parallel()
	slots := ocr.NewSlots(ocr.DefaultPictureReads, ocr.DefaultPerClient)
	releaseA, ok := slots.TryAcquire("203.0.113.7")
	if !ok {
		t.Fatal("the first client gets a slot")
	}
	if _, ok := slots.TryAcquire("203.0.113.7"); ok {
		t.Fatal("a client holding its share took a second slot")
	}
	releaseB, ok := slots.TryAcquire("198.51.100.9")
	if !ok {
		t.Fatal("a second client was starved by the first")
	}
	if _, ok := slots.TryAcquire("192.0.2.1"); ok {
		t.Fatal("a third slot was handed out of two")
	}
	releaseA()
	releaseA() // twice is harmless: it must not free B's slot
	if _, ok := slots.TryAcquire("198.51.100.9"); ok {
		t.Fatal("a double release gave the second client a second slot")
	}
	again, ok := slots.TryAcquire("203.0.113.7")
	if !ok {
		t.Fatal("a released slot is free again")
	}
	again()
	releaseB()
}

// A picture's CPU time grows with its size: 10 s plus 0.4 s a megapixel,
// at most 30 s.
func TestCPUTimeFor(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		pixels int
		want   time.Duration
	}{
		{0, 10 * time.Second},
		{1_000_000, 10400 * time.Millisecond},
		{12_000_000, 14800 * time.Millisecond},
		{16_000_000, 16400 * time.Millisecond},
		{50_000_000, 30 * time.Second},
		{200_000_000, 30 * time.Second},
	} {
		if got := ocr.CPUTimeFor(c.pixels); got != c.want {
			t.Errorf("CPUTimeFor(%d) = %v, want %v", c.pixels, got, c.want)
		}
	}
}

// A huge photo is scaled down to MaxReadSide before Tesseract sees it (a
// stand-in Tesseract records what it was given); a normal one is given as
// it came.
func TestHugePictureScaledDownBeforeOCR(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	got := filepath.Join(dir, "given.png")
	fake := filepath.Join(dir, "tesseract")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\ncat > '"+got+"'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	engine := ocr.New(fake)
	for _, c := range []struct{ w, h, wantW, wantH int }{
		{6000, 1500, ocr.MaxReadSide, 1000},
		{3000, 4000, 3000, 4000},
	} {
		var buf bytes.Buffer
		if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, c.w, c.h))); err != nil {
			t.Fatal(err)
		}
		if _, err := engine.Image(context.Background(), buf.Bytes()); err != nil {
			t.Fatalf("%dx%d: %v", c.w, c.h, err)
		}
		given, err := os.ReadFile(got)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(given))
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Width != c.wantW || cfg.Height != c.wantH {
			t.Errorf("%dx%d given to Tesseract as %dx%d, want %dx%d", c.w, c.h, cfg.Width, cfg.Height, c.wantW, c.wantH)
		}
	}
}
