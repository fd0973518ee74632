package quoterequest

import "testing"

// Which phone numbers the notify form accepts.
func TestValidNotifyPhone(t *testing.T) {
	for phone, want := range map[string]bool{
		"(801) 555-0142": true, "+1 801 555 0142": true, "801.555.0142": true, "18015550142": true,
		"0801555014": false, "1": false, "+": false, "1234567890123456": false, "call me": false,
	} {
		if _, got := NormalizeNotifyPhone(phone); got != want {
			t.Errorf("NormalizeNotifyPhone(%q) accepts it: %v, want %v", phone, got, want)
		}
	}
}

// A notify phone is stored as an optional plus and digits; text that only
// happens to hold 2 to 15 digits is refused.
func TestNormalizeNotifyPhone(t *testing.T) {
	for in, want := range map[string]string{
		"(801) 555-0142": "8015550142", "+1 801 555 0142": "+18015550142", "801.555.0142": "8015550142", " 18015550142 ": "18015550142",
		"call me at 11 maybe": "", "801-555-0142 ext 5": "", "+1 (801) 555-0142!": "", "801\u00a0555": "", "++18015550142": "", "0801555014": "",
	} {
		got, ok := NormalizeNotifyPhone(in)
		if got != want || ok != (want != "") {
			t.Errorf("NormalizeNotifyPhone(%q) = %q, %v, want %q", in, got, ok, want)
		}
	}
}
