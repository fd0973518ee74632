package refi

import "testing"

// Every form of one inbox counts as that inbox (issue 24 §4).
func TestMailboxFoldsFormsOfOneInbox(t *testing.T) {
	for _, address := range []string{
		"victim@gmail.com", "Victim@Gmail.com", " victim@gmail.com ", "victim+1@gmail.com", "victim+refi+7@gmail.com",
		"v.i.c.t.i.m@gmail.com", "vic.tim+x@googlemail.com", "victim@gmail.com.", "victim@gmail.com..",
		`"victim"@gmail.com`, `"vic\tim"@gmail.com`, `"victim+2"@gmail.com.`,
	} {
		if got := Mailbox(address); got != "victim@gmail.com" {
			t.Errorf("Mailbox(%q) = %q, want victim@gmail.com", address, got)
		}
	}
	// Dots mean something elsewhere; the domain is kept apart.
	for address, want := range map[string]string{
		"jane.doe+x@example.com.": "jane.doe@example.com",
		"janedoe@example.com":     "janedoe@example.com",
		"+tag@example.com":        "+tag@example.com",
		"no-at-sign":              "no-at-sign",
	} {
		if got := Mailbox(address); got != want {
			t.Errorf("Mailbox(%q) = %q, want %q", address, got, want)
		}
	}
	if d := MailboxDomain(Mailbox("Jane@Example.COM.")); d != "example.com" {
		t.Errorf("domain = %q", d)
	}
}
