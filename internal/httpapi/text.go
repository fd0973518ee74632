package httpapi

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"quotegrade/internal/apperr"
)

// MsgUnreadableText is the field message for text no database can keep.
const MsgUnreadableText = "This field contains characters that are not allowed"

// checkText refuses a JSON body with a string (key or value) holding a NUL
// character or bytes that are not UTF-8, naming the field it sits in. Every
// JSON write passes here, so no such text reaches a service or a database
// (PostgreSQL refuses it with an error; SQLite would store it).
func checkText(body []byte) error {
	if plainText(body) {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	// frames are the open objects and arrays; name is the field a value in
	// the frame belongs to (an object's current key; an array's own field).
	type frame struct {
		object, wantKey bool
		name            string
	}
	var stack []frame
	name := func() string {
		if len(stack) == 0 {
			return ""
		}
		return stack[len(stack)-1].name
	}
	valueDone := func() {
		if n := len(stack); n > 0 && stack[n-1].object {
			stack[n-1].wantKey = true
		}
	}
	for {
		tok, err := dec.Token()
		if err != nil {
			// Malformed JSON is decode's to report.
			return nil
		}
		switch v := tok.(type) {
		case json.Delim:
			switch v {
			case '{':
				stack = append(stack, frame{object: true, wantKey: true, name: name()})
			case '[':
				stack = append(stack, frame{name: name()})
			default:
				stack = stack[:len(stack)-1]
				valueDone()
			}
		case string:
			if n := len(stack); n > 0 && stack[n-1].object && stack[n-1].wantKey {
				stack[n-1].name, stack[n-1].wantKey = v, false
				if !readable(v) {
					return unreadable("")
				}
				continue
			}
			if !readable(v) {
				return unreadable(name())
			}
			valueDone()
		default:
			valueDone()
		}
	}
}

// plainText: body cannot decode to a string holding NUL or U+FFFD, so the
// field-by-field walk below (a tenth of a submit's time, docs/performance.md)
// is not needed: it is valid UTF-8 with no NUL byte, no U+FFFD and no \u
// escape at all (an escape may spell NUL, U+FFFD or a lone surrogate, which
// the decoder turns into U+FFFD). Bodies with escapes take the walk.
func plainText(body []byte) bool {
	return utf8.Valid(body) && bytes.IndexByte(body, 0) < 0 && !bytes.ContainsRune(body, utf8.RuneError) &&
		!bytes.Contains(body, []byte(`\u`))
}

// readable: no NUL, and no U+FFFD, which the decoder puts where bytes were
// not UTF-8 (or where a lone surrogate was escaped).
func readable(s string) bool {
	return !strings.ContainsRune(s, 0) && !strings.ContainsRune(s, utf8.RuneError)
}

func unreadable(field string) error {
	if field == "" || !utf8.ValidString(field) || strings.ContainsRune(field, 0) {
		field = "body"
	}
	return apperr.Fields{field: MsgUnreadableText}.Err("Please remove characters that are not allowed")
}
