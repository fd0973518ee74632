// Package apperr holds the few kinds of failure the domain reports, so that the
// HTTP layer can map each kind to a status code in one place.
package apperr

import (
	"errors"
	"sort"
	"strings"
)

var (
	// ErrNotFound: the record asked for does not exist.
	ErrNotFound = errors.New("not found")
	// ErrConflict: the record exists but is in a state that refuses the change.
	ErrConflict = errors.New("conflict")
	// ErrForbidden: the caller may not make this change.
	ErrForbidden = errors.New("forbidden")
	// ErrUnavailable: the work is refused for now, not for good; ask again soon.
	ErrUnavailable = errors.New("unavailable")
	// ErrGone: the record existed and was deleted on purpose (410).
	ErrGone = errors.New("gone")
)

// Invalid is bad input: one message for the whole request and one per field,
// worded for the visitor who typed it.
type Invalid struct {
	Message string
	Fields  map[string]string
}

func (e *Invalid) Error() string {
	keys := make([]string, 0, len(e.Fields))
	for k := range e.Fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return e.Message + ": " + strings.Join(keys, ", ")
}

// Fields collects per-field messages; the first message for a field wins, because
// it is the one that tells the visitor what to do first.
type Fields map[string]string

// Add records msg for field unless the field already has a message.
func (f Fields) Add(field, msg string) {
	if _, ok := f[field]; !ok {
		f[field] = msg
	}
}

// Err returns nil when no field failed, else an *Invalid with the given summary.
func (f Fields) Err(summary string) error {
	if len(f) == 0 {
		return nil
	}
	return &Invalid{Message: summary, Fields: f}
}

// Message wraps a kind with the words a visitor should read.
type Message struct {
	Kind error
	Text string
}

func (m *Message) Error() string { return m.Text }
func (m *Message) Unwrap() error { return m.Kind }

// NotFound is ErrNotFound with a visitor-facing sentence.
func NotFound(text string) error { return &Message{Kind: ErrNotFound, Text: text} }

// Conflict is ErrConflict with a visitor-facing sentence.
func Conflict(text string) error { return &Message{Kind: ErrConflict, Text: text} }

// Forbidden is ErrForbidden with a visitor-facing sentence.
func Forbidden(text string) error { return &Message{Kind: ErrForbidden, Text: text} }

// Gone is ErrGone with a visitor-facing sentence.
func Gone(text string) error { return &Message{Kind: ErrGone, Text: text} }

// Unavailable is ErrUnavailable with a visitor-facing sentence.
func Unavailable(text string) error { return &Message{Kind: ErrUnavailable, Text: text} }
