package quoterequest

import "testing"

func TestValidNotifyPhone(t *testing.T) {
	for phone, want := range map[string]bool{
		"(801) 555-0142": true, "+1 801 555 0142": true, "801.555.0142": true, "18015550142": true,
		"0801555014": false, "1": false, "+": false, "1234567890123456": false, "call me": false,
	} {
		if got := ValidNotifyPhone(phone); got != want {
			t.Errorf("ValidNotifyPhone(%q) = %v, want %v", phone, got, want)
		}
	}
}

func TestValidEmail(t *testing.T) {
	for email, want := range map[string]bool{
		"buyer@example.com": true, "a.b+c@mail.co": true, "a@b": false, "a b@c.de": false, "@example.com": false, "": false,
	} {
		if got := ValidEmail(email); got != want {
			t.Errorf("ValidEmail(%q) = %v, want %v", email, got, want)
		}
	}
}
