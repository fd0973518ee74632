package refi

import "strings"

// ConfirmationsPerDomain caps the confirmation e-mails a domain gets a day
// (UTC), whatever its mailboxes: a site cannot be used to flood a small
// domain's mail server, and a large provider's users are not one inbox.
const ConfirmationsPerDomain = 200

// gmailDomains ignore dots in the local part and share one set of inboxes.
var gmailDomains = map[string]bool{"gmail.com": true, "googlemail.com": true}

// Mailbox is the inbox an address lands in, for counting confirmations
// only (the e-mail goes to the address as typed): lower case, no trailing
// dot on the domain, a quoted local part unquoted, no "+tag", and for Gmail
// no dots and one domain. victim+1@gmail.com, v.i.c.t.i.m@gmail.com,
// "victim"@gmail.com. and VICTIM@googlemail.com are all victim@gmail.com.
func Mailbox(address string) string {
	address = strings.ToLower(strings.TrimSpace(address))
	at := strings.LastIndexByte(address, '@')
	if at < 0 {
		return address
	}
	local, domain := unquote(address[:at]), strings.TrimRight(address[at+1:], ".")
	if plus := strings.IndexByte(local, '+'); plus > 0 {
		local = local[:plus]
	}
	if gmailDomains[domain] {
		local, domain = strings.ReplaceAll(local, ".", ""), "gmail.com"
	}
	return local + "@" + domain
}

// MailboxDomain is the domain of a Mailbox.
func MailboxDomain(mailbox string) string {
	return mailbox[strings.LastIndexByte(mailbox, '@')+1:]
}

// unquote reads a quoted local part ("victim" or "vic\tim") as the mail
// server does: the quotes and backslash escapes go.
func unquote(local string) string {
	if len(local) < 2 || local[0] != '"' || local[len(local)-1] != '"' {
		return local
	}
	var b strings.Builder
	escaped := false
	for _, c := range local[1 : len(local)-1] {
		if c == '\\' && !escaped {
			escaped = true
			continue
		}
		escaped = false
		b.WriteRune(c)
	}
	return b.String()
}
