package vocab

import "regexp"

// Messages about an e-mail address or phone number, shared with the browser.
const (
	MsgInvalidEmail  = "Please enter a valid email address"
	MsgEmailRequired = "Email is required"
	MsgInvalidPhone  = "Please enter a valid phone number"
)

// emailPattern is the simple address pattern the browser uses too.
var emailPattern = regexp.MustCompile(`^[^\s@]+@[^\s@]+\.[^\s@]+$`)

// ValidEmail reports whether s looks like an e-mail address: the one rule for
// a visitor's address, a broker's recipient and the operator's contact address.
func ValidEmail(s string) bool { return len(s) <= 254 && emailPattern.MatchString(s) }
