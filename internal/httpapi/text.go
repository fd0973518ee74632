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
		from := dec.InputOffset()
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
			raw := rawString(body, from, dec.InputOffset())
			if n := len(stack); n > 0 && stack[n-1].object && stack[n-1].wantKey {
				stack[n-1].name, stack[n-1].wantKey = v, false
				if !readable(v, raw) {
					return unreadable("")
				}
				continue
			}
			if !readable(v, raw) {
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

// rawString is a string token as sent: body[from:to] holds it after any
// whitespace, comma or colon, none of which is a quote.
func rawString(body []byte, from, to int64) []byte {
	raw := body[from:to]
	return raw[bytes.IndexByte(raw, '"'):]
}

// readable: the decoded string s has no NUL, and every U+FFFD in it was
// sent as one (the character itself or its escape \ufffd, both valid JSON),
// not put there by the decoder for bytes that are not UTF-8 or for an
// escaped lone surrogate.
func readable(s string, raw []byte) bool {
	if strings.ContainsRune(s, 0) {
		return false
	}
	replaced := strings.Count(s, string(utf8.RuneError))
	return replaced == 0 || replaced == sentReplacements(raw)
}

// sentReplacements counts the U+FFFD a raw JSON string spells, or -1 when it
// holds bytes that are not UTF-8.
func sentReplacements(raw []byte) int {
	n := 0
	for i := 0; i < len(raw); {
		if raw[i] == '\\' {
			if i+6 <= len(raw) && raw[i+1] == 'u' && strings.EqualFold(string(raw[i+2:i+6]), "fffd") {
				n++
				i += 6
			} else {
				i += 2 // any other escape, including \\ before a "u"
			}
			continue
		}
		r, size := utf8.DecodeRune(raw[i:])
		if r == utf8.RuneError && size == 1 {
			return -1
		}
		if r == utf8.RuneError {
			n++
		}
		i += size
	}
	return n
}

func unreadable(field string) error {
	if field == "" || !utf8.ValidString(field) || strings.ContainsRune(field, 0) {
		field = "body"
	}
	return apperr.Fields{field: MsgUnreadableText}.Err("Please remove characters that are not allowed")
}
