package vocab_test

import (
	"errors"
	"testing"

	"quotegrade/internal/apperr"
	"quotegrade/internal/vocab"
)

// Moved from quoterequest with ValidEmail.
func TestValidEmail(t *testing.T) {
	for email, want := range map[string]bool{
		"buyer@example.com": true, "a.b+c@mail.co": true, "a@b": false, "a b@c.de": false, "@example.com": false, "": false,
	} {
		if got := vocab.ValidEmail(email); got != want {
			t.Errorf("ValidEmail(%q) = %v, want %v", email, got, want)
		}
	}
}

// The loan programs are the spec's three, and a survey series is not one.
func TestPrograms(t *testing.T) {
	names := vocab.ProgramNames()
	if len(names) != 3 || names[0] != "30-year-fixed" || names[1] != "15-year-fixed" || names[2] != "5-1-arm" {
		t.Fatalf("programs = %v", names)
	}
	for _, p := range []vocab.Program{"30", "15", "", "30-year-Fixed"} {
		if p.Valid() {
			t.Errorf("%q taken for a loan program", p)
		}
	}
	if !vocab.Fixed15.Valid() {
		t.Error("15-year-fixed refused")
	}
}

func TestValidState(t *testing.T) {
	for code, want := range map[string]bool{"UT": true, "id": true, "Dc": true, "XX": false, "": false, "UTA": false} {
		if got := vocab.ValidState(code); got != want {
			t.Errorf("ValidState(%q) = %v, want %v", code, got, want)
		}
	}
}

func TestIDsAreUnguessableAndDistinct(t *testing.T) {
	a, b := vocab.NewID(), vocab.NewID()
	if len(a) != 36 || a == b || a[14] != '4' {
		t.Fatalf("ids %q and %q: want two version 4 UUIDs", a, b)
	}
}

func TestNotFoundErrorsCarryTheVisitorsWords(t *testing.T) {
	for err, text := range map[error]string{vocab.ErrRequestNotFound: "Quote request not found", vocab.ErrAnalysisNotFound: "Analysis not found"} {
		if !errors.Is(err, apperr.ErrNotFound) || err.Error() != text {
			t.Errorf("%v: want a not-found error reading %q", err, text)
		}
	}
}

func TestTheUploadLimitIsTenMegabytes(t *testing.T) {
	if vocab.MaxUploadBytes != 10*1024*1024 || vocab.MsgUploadTooLarge != "File size must be less than 10MB" {
		t.Fatalf("limit %d, message %q", vocab.MaxUploadBytes, vocab.MsgUploadTooLarge)
	}
}
