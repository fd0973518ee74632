package mail_test

import (
	"context"
	netmail "net/mail"
	"strings"
	"testing"

	"quotegrade/internal/mail"
	"quotegrade/internal/testsupport"
)

// theMessage is the one message server received, parsed.
func theMessage(t *testing.T, server *testsupport.SMTPServer) *netmail.Message {
	t.Helper()
	got := server.Messages()
	if len(got) != 1 {
		t.Fatalf("server received %d messages", len(got))
	}
	m, err := netmail.ReadMessage(strings.NewReader(got[0].Data))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// Message-IDs used to end in "@quotegrade", a domain nobody owns; they end in
// the From address's domain, which the operator does.
func TestMessageIDUsesTheMailFromDomain(t *testing.T) {
	server := testsupport.StartSMTP(t, 0)
	s, err := mail.NewSMTP(server.URL(), "Utah Quotes <no-reply@Quotes.Example.org>", "https://www.utah-quotes.example.com")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(context.Background(), mail.Message{ID: "7f0c2b9e-1d4a-4c55-9d1e-2a3b4c5d6e7f", To: "visitor@example.com",
		Subject: "Your analysis is ready", Text: "Hello", HTML: "<p>Hello</p>"}); err != nil {
		t.Fatal(err)
	}
	m := theMessage(t, server) // Send returned: the server has accepted it
	if id := m.Header.Get("Message-ID"); id != "<7f0c2b9e-1d4a-4c55-9d1e-2a3b4c5d6e7f@quotes.example.org>" {
		t.Fatalf("Message-ID = %q, want the id at the mail-from domain", id)
	}
}

func TestMessageIDDomainNeedsAnAddress(t *testing.T) {
	if _, err := mail.NewSMTP("smtp://127.0.0.1:25?tls=none", "no address here", "https://quotes.example.org"); err == nil || !strings.Contains(err.Error(), "QG_MAIL_FROM") {
		t.Fatalf("error %v, want one naming QG_MAIL_FROM", err)
	}
}

// The default From (no-reply@quotegrade.localhost) names no domain anyone
// owns: an operator who set only the public URL gets IDs at its host.
func TestMessageIDFallsBackToThePublicURLDomain(t *testing.T) {
	server := testsupport.StartSMTP(t, 0)
	s, err := mail.NewSMTP(server.URL(), "quotegrade <no-reply@quotegrade.localhost>", "https://Quotes.Example.org:8443")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(context.Background(), mail.Message{ID: "0b9c8d7e-6f5a-4b3c-8d2e-1f0a9b8c7d6e", To: "visitor@example.com",
		Subject: "Your analysis is ready", Text: "Hello", HTML: "<p>Hello</p>"}); err != nil {
		t.Fatal(err)
	}
	m := theMessage(t, server)
	if id := m.Header.Get("Message-ID"); id != "<0b9c8d7e-6f5a-4b3c-8d2e-1f0a9b8c7d6e@quotes.example.org>" {
		t.Fatalf("Message-ID = %q, want the id at the public URL's host", id)
	}
}

func TestMessageIDDomain(t *testing.T) {
	for _, c := range []struct{ from, publicURL, want string }{
		// A public From domain wins over the public URL's.
		{"Utah Quotes <no-reply@mail.utah-quotes.example.com>", "https://quotes.example.org", "mail.utah-quotes.example.com"},
		// From domains no one owns give way to the public URL's host.
		{"no-reply@quotegrade.localhost", "https://quotes.example.org", "quotes.example.org"},
		{"no-reply@localhost", "https://quotes.example.org/", "quotes.example.org"},
		{"no-reply@quotegrade", "https://quotes.example.org", "quotes.example.org"},
		{"no-reply@printer.local", "https://quotes.example.org", "quotes.example.org"},
		{"no-reply@[192.0.2.7]", "https://quotes.example.org", "quotes.example.org"},
		// Neither public (a development server): the From domain as it is.
		{"no-reply@quotegrade.localhost", "http://127.0.0.1:8080", "quotegrade.localhost"},
		{"no-reply@quotegrade.localhost", "http://localhost:8080", "quotegrade.localhost"},
		{"no-reply@quotegrade.localhost", "http://[::1]:8080", "quotegrade.localhost"},
	} {
		got, err := mail.MessageIDDomain(c.from, c.publicURL)
		if err != nil || got != c.want {
			t.Errorf("MessageIDDomain(%q, %q) = %q, %v; want %q", c.from, c.publicURL, got, err, c.want)
		}
	}
}
