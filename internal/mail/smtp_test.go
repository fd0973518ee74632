package mail_test

import (
	"context"
	netmail "net/mail"
	"strings"
	"testing"

	"quotegrade/internal/mail"
	"quotegrade/internal/testsupport"
)

// Message-IDs used to end in "@quotegrade", a domain nobody owns; they end in
// the From address's domain, which the operator does.
func TestMessageIDUsesTheMailFromDomain(t *testing.T) {
	server := testsupport.StartSMTP(t, 0)
	s, err := mail.NewSMTP(server.URL(), "Utah Quotes <no-reply@Quotes.Example.org>")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(context.Background(), mail.Message{ID: "7f0c2b9e-1d4a-4c55-9d1e-2a3b4c5d6e7f", To: "visitor@example.com",
		Subject: "Your analysis is ready", Text: "Hello", HTML: "<p>Hello</p>"}); err != nil {
		t.Fatal(err)
	}
	got := server.Messages() // Send returned: the server has accepted it
	if len(got) != 1 {
		t.Fatalf("server received %d messages", len(got))
	}
	m, err := netmail.ReadMessage(strings.NewReader(got[0].Data))
	if err != nil {
		t.Fatal(err)
	}
	if id := m.Header.Get("Message-ID"); id != "<7f0c2b9e-1d4a-4c55-9d1e-2a3b4c5d6e7f@quotes.example.org>" {
		t.Fatalf("Message-ID = %q, want the id at the mail-from domain", id)
	}
}

func TestMessageIDDomainNeedsAnAddress(t *testing.T) {
	if _, err := mail.NewSMTP("smtp://127.0.0.1:25?tls=none", "no address here"); err == nil || !strings.Contains(err.Error(), "QG_MAIL_FROM") {
		t.Fatalf("error %v, want one naming QG_MAIL_FROM", err)
	}
}
