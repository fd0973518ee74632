package sqlstore

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"quotegrade/internal/apperr"
	"quotegrade/internal/store"
)

// storable: text both databases keep as given. PostgreSQL refuses a NUL
// character or bytes that are not UTF-8 with an error; SQLite would store
// them. Either way such text is bad input, never a server failure.
func storable(s string) bool { return utf8.ValidString(s) && !strings.ContainsRune(s, 0) }

// unknownID: an id no record can have, answered as not found before any
// query, the same on both databases.
func unknownID(what, id string) error {
	if storable(id) {
		return nil
	}
	return fmt.Errorf("%s %q: %w", what, id, apperr.ErrNotFound)
}

// checkText refuses unstorable text, naming the first such field; fields
// come in pairs of name and value (a string, *string or []string).
func checkText(fields ...any) error {
	for i := 0; i+1 < len(fields); i += 2 {
		name := fields[i].(string)
		var values []string
		switch v := fields[i+1].(type) {
		case string:
			values = []string{v}
		case *string:
			if v != nil {
				values = []string{*v}
			}
		case []string:
			values = v
		}
		for _, v := range values {
			if !storable(v) {
				return &apperr.Invalid{Message: store.MsgUnstorableText, Fields: map[string]string{name: store.MsgUnstorableText}}
			}
		}
	}
	return nil
}
