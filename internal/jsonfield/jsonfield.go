// Package jsonfield decodes JSON payload fields without failing the whole document
// when one field has the wrong type, so a visitor gets a message on that field
// instead of a generic "bad request".
package jsonfield

import (
	"bytes"
	"encoding/json"
	"math"
	"regexp"
	"strconv"
	"strings"
)

var null = []byte("null")

// jsonNumber is the number grammar of RFC 8259.
var jsonNumber = regexp.MustCompile(`^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$`)

// decode reads the JSON value b as a T. ok: b was a T; invalid: b was
// neither a T nor null (then x is T's zero value, never a part decoded).
func decode[T any](b []byte) (x T, ok, invalid bool) {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, null) {
		return x, false, false
	}
	if err := json.Unmarshal(b, &x); err != nil {
		var zero T
		return zero, false, true
	}
	return x, true, false
}

// Number is an optional JSON number. A numeric string ("250000") is accepted
// because form libraries often send one; an empty string counts as absent.
type Number struct {
	Value   *float64
	Invalid bool
}

func (n *Number) UnmarshalJSON(b []byte) error {
	*n = Number{}
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, null) {
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			n.Invalid = true
			return nil
		}
		if strings.TrimSpace(s) == "" {
			return nil
		}
		b = []byte(s) // not trimmed: " 5" is no JSON number (issue 24 §8)
	}
	// Only JSON's own number form, quoted or not: Go's parser would also
	// take "1_000", "0x1p18" and "Inf".
	if !jsonNumber.Match(b) {
		n.Invalid = true
		return nil
	}
	v, err := strconv.ParseFloat(string(b), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		n.Invalid = true
		return nil
	}
	n.Value = &v
	return nil
}

// Present reports whether a usable number was given.
func (n Number) Present() bool { return n.Value != nil }

// Bool is an optional JSON boolean.
type Bool struct {
	Value   *bool
	Invalid bool
}

func (v *Bool) UnmarshalJSON(b []byte) error {
	x, ok, invalid := decode[bool](b)
	*v = Bool{Invalid: invalid}
	if ok {
		v.Value = &x
	}
	return nil
}

// String is an optional JSON string, trimmed; an empty string counts as absent.
type String struct {
	Value   *string
	Invalid bool
}

func (s *String) UnmarshalJSON(b []byte) error {
	x, ok, invalid := decode[string](b)
	*s = String{Invalid: invalid}
	if x = strings.TrimSpace(x); ok && x != "" {
		s.Value = &x
	}
	return nil
}

// Or returns the string or def when absent.
func (s String) Or(def string) string {
	if s.Value == nil {
		return def
	}
	return *s.Value
}

// Strings is an optional list of strings; blank entries are dropped.
type Strings struct {
	Values  []string
	Invalid bool
}

func (s *Strings) UnmarshalJSON(b []byte) error {
	xs, _, invalid := decode[[]string](b)
	*s = Strings{Invalid: invalid}
	for _, x := range xs {
		if x = strings.TrimSpace(x); x != "" {
			s.Values = append(s.Values, x)
		}
	}
	return nil
}

// List is an optional JSON array of T; Invalid when it is something else
// or an element does not decode (T's own fields, of this package's types,
// take any value, so only an element that is no object fails).
type List[T any] struct {
	Values  []T
	Given   bool
	Invalid bool
}

func (l *List[T]) UnmarshalJSON(b []byte) error {
	*l = List[T]{}
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, null) {
		return nil
	}
	l.Given = true
	if err := json.Unmarshal(b, &l.Values); err != nil {
		*l = List[T]{Given: true, Invalid: true}
	}
	return nil
}
