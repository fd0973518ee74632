package ocr

import (
	"context"
	"sync"
)

// Picture reading slots (issue 24 §5). A reading holds a core and up to a
// gigabyte for seconds, so pictures are read a few at a time, and no one
// client (an address, or an IPv6 /64: the one stored with its upload) may
// hold more than its share: the others still find a slot free.
const (
	// DefaultPictureReads pictures are read at once, whoever sent them.
	DefaultPictureReads = 2
	// DefaultPerClient of them may be one client's.
	DefaultPerClient = 1
)

// Slots hands out picture reading slots fairly between clients.
type Slots struct {
	mu        sync.Mutex
	total     int
	perClient int
	busy      int
	held      map[string]int
}

// NewSlots allows total readings at once, at most perClient of them for one
// client (each at least one; perClient at most total).
func NewSlots(total, perClient int) *Slots {
	total = max(total, 1)
	perClient = min(max(perClient, 1), total)
	return &Slots{total: total, perClient: perClient, held: map[string]int{}}
}

// TryAcquire takes a slot for client without waiting; ok is false when all
// slots are taken or client holds its share (the caller answers "try again
// in a few seconds"). release gives the slot back; calling it twice is
// harmless.
func (s *Slots) TryAcquire(client string) (release func(), ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.busy >= s.total || s.held[client] >= s.perClient {
		return nil, false
	}
	s.busy++
	s.held[client]++
	var once sync.Once
	return func() { once.Do(func() { s.release(client) }) }, true
}

func (s *Slots) release(client string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.busy--
	if s.held[client]--; s.held[client] <= 0 {
		delete(s.held, client)
	}
}

type clientKey struct{}

// WithClient tells the readers below ctx which client a file is read for
// (the one stored with its upload), so page OCR inside a PDF read takes
// that client's picture slot.
func WithClient(ctx context.Context, client string) context.Context {
	return context.WithValue(ctx, clientKey{}, client)
}

// ClientOf is the client WithClient set ("" if none).
func ClientOf(ctx context.Context) string {
	c, _ := ctx.Value(clientKey{}).(string)
	return c
}
