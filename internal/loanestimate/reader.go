package loanestimate

import (
	"context"
	"crypto/sha256"
	"errors"
	"io"
	"sync"

	"quotegrade/internal/apperr"
	"quotegrade/internal/ocr"
	"quotegrade/internal/vocab"
)

// ErrBusy: as many reads as allowed are running; the caller should ask again
// in a moment (the HTTP layer answers 503 with Retry-After).
var ErrBusy = apperr.Unavailable("Loan Estimates are being read for other visitors; please try again in a few seconds")

// DefaultConcurrent reads at once: each costs at most a few CPU-seconds and
// tens of MB, so two leave the rest of the site room on a small machine.
const DefaultConcurrent = 2

// cacheSize answers remembered; a file is read once however often it is checked.
const cacheSize = 256

// Reader reads Loan Estimates with at most a few reads at once, and
// remembers each answer by the file's content hash.
type Reader struct {
	slots chan struct{}
	// engine reads PDFs with poppler and OCR (ReadPDF); nil reads them
	// with the Go PDF library only (Read).
	engine *ocr.Engine
	// pictures are the picture slots page OCR takes (WithPictureSlots).
	pictures *ocr.Slots

	mu      sync.Mutex
	answers map[[sha256.Size]byte]answer
	order   [][sha256.Size]byte
	reads   int
}

type answer struct {
	fields Fields
	err    error
}

// NewReader returns a Reader allowing concurrent reads at once (at least one).
func NewReader(concurrent int) *Reader {
	if concurrent < 1 {
		concurrent = 1
	}
	return &Reader{slots: make(chan struct{}, concurrent), answers: map[[sha256.Size]byte]answer{}}
}

// WithEngine makes the Reader read PDFs with engine (ReadPDF): set it
// before the first read.
func (r *Reader) WithEngine(engine *ocr.Engine) *Reader {
	r.engine = engine
	return r
}

// WithPictureSlots makes ReadPDF's page OCR take a picture slot of the
// client ocr.ClientOf(ctx) too, so one client's scans cannot hold every
// read slot with OCR: set it before the first read.
func (r *Reader) WithPictureSlots(pictures *ocr.Slots) *Reader {
	r.pictures = pictures
	return r
}

// TryAcquire takes a read slot without waiting; release gives it back. Read
// uses it; tests use it to fill the slots.
func (r *Reader) TryAcquire() (release func(), ok bool) {
	select {
	case r.slots <- struct{}{}:
		return func() { <-r.slots }, true
	default:
		return nil, false
	}
}

// Read answers from memory for a file read before; otherwise it reads the
// file if a slot is free, and returns ErrBusy if not.
func (r *Reader) Read(ctx context.Context, data []byte) (Fields, error) {
	key := sha256.Sum256(data)
	if a, ok := r.remembered(key); ok {
		return a.fields, a.err
	}
	release, ok := r.TryAcquire()
	if !ok {
		return Fields{}, ErrBusy
	}
	defer release()
	var f Fields
	var err error
	if r.engine != nil {
		f, err = ReadPDF(ctx, r.engine, r.pictures, data)
	} else {
		f, err = Read(ctx, data)
	}
	// A read cut short by the caller going away, or refused a picture
	// slot, says nothing about the file.
	if ctx.Err() == nil && !errors.Is(err, ErrBusy) {
		r.remember(key, answer{f, err})
	}
	return f, err
}

// ReadFrom reads at most vocab.MaxUploadBytes+1 bytes from rd and then the file.
func (r *Reader) ReadFrom(ctx context.Context, rd io.Reader) (Fields, error) {
	data, err := io.ReadAll(io.LimitReader(rd, vocab.MaxUploadBytes+1))
	if err != nil {
		return Fields{}, err
	}
	return r.Read(ctx, data)
}

// Reads counts the files actually read (not answered from memory).
func (r *Reader) Reads() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.reads
}

func (r *Reader) remembered(key [sha256.Size]byte) (answer, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	a, ok := r.answers[key]
	return a, ok
}

func (r *Reader) remember(key [sha256.Size]byte, a answer) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.reads++
	if _, ok := r.answers[key]; ok {
		return
	}
	if len(r.order) >= cacheSize {
		delete(r.answers, r.order[0])
		r.order = r.order[1:]
	}
	r.answers[key] = a
	r.order = append(r.order, key)
}
