package results

import "testing"

func TestMaskedContact(t *testing.T) {
	str := func(s string) *string { return &s }
	for in, want := range map[string]string{"jane@example.com": "j•••@example.com", "é@x.org": "é•••@x.org", "nodomain": "•••"} {
		if got := *maskEmail(str(in)); got != want {
			t.Errorf("maskEmail(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"+18015550199": "•••-•••-0199", "801-555-0142": "•••-•••-0142", "12": "•••-•••-••••"} {
		if got := *maskPhone(str(in)); got != want {
			t.Errorf("maskPhone(%q) = %q, want %q", in, got, want)
		}
	}
	if maskEmail(nil) != nil || maskPhone(nil) != nil {
		t.Error("absent values came back set")
	}
}
