package results

import (
	"strings"
	"unicode"

	"quotegrade/internal/api"
)

// The results link alone is all a visitor's answer asks for, and links get
// forwarded: its answers show the visitor's e-mail and phone masked, enough
// to recognise them; brokers read the full values (issue 27 §4).

// maskedContact masks the e-mail and phone of a visitor-facing answer.
func maskedContact(q api.QuoteRequest) api.QuoteRequest {
	q.Email = maskEmail(q.Email)
	q.Phone = maskPhone(q.Phone)
	// The consent's words carry the whole number: the broker's alone.
	q.ContactConsent = nil
	return q
}

// maskEmail keeps the first character and the domain: j•••@example.com.
func maskEmail(e *string) *string {
	if e == nil {
		return nil
	}
	local, domain, ok := strings.Cut(*e, "@")
	first := ""
	if r := []rune(local); ok && len(r) > 0 {
		first = string(r[0])
	}
	out := first + "•••@" + domain
	if !ok {
		out = "•••"
	}
	return &out
}

// maskPhone keeps the last four digits: •••-•••-0199.
func maskPhone(p *string) *string {
	if p == nil {
		return nil
	}
	var digits []rune
	for _, r := range *p {
		if unicode.IsDigit(r) {
			digits = append(digits, r)
		}
	}
	out := "•••-•••-••••"
	if len(digits) >= 4 {
		out = "•••-•••-" + string(digits[len(digits)-4:])
	}
	return &out
}
