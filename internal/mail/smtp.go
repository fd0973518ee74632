package mail

import (
	"context"
	"fmt"
	"net"
	netmail "net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// SMTP delivers through a mail server.
type SMTP struct {
	from    string
	options []gomail.Option
	host    string
	addr    string
	// idDomain ends every Message-ID: a domain the operator controls (the
	// From address's, else the public URL's), so IDs are unique beyond this
	// site and look like mail from it to spam filters.
	idDomain string
}

// NewSMTP reads a URL: smtp://user:pass@host:587 (STARTTLS required),
// smtp://host:25?tls=none (plain, for a local relay or tests) or
// smtps://user:pass@host:465 (TLS from the start). publicURL is the site's
// address (QG_PUBLIC_URL), whose host ends the Message-IDs when the From
// address's domain is not a public one.
func NewSMTP(rawURL, from, publicURL string) (*SMTP, error) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Hostname() == "" || (u.Scheme != "smtp" && u.Scheme != "smtps") {
		return nil, fmt.Errorf("must be smtp://[user:pass@]host:port or smtps://...")
	}
	port, err := strconv.Atoi(u.Port())
	if err != nil {
		return nil, fmt.Errorf("must name a port, e.g. smtp://host:587")
	}
	opts := []gomail.Option{gomail.WithPort(port), gomail.WithTimeout(15 * time.Second)}
	switch {
	case u.Scheme == "smtps":
		opts = append(opts, gomail.WithSSL())
	case u.Query().Get("tls") == "none":
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	default:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	}
	if u.User != nil {
		pass, _ := u.User.Password()
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(u.User.Username()), gomail.WithPassword(pass))
	}
	domain, err := MessageIDDomain(from, publicURL)
	if err != nil {
		return nil, err
	}
	return &SMTP{from: from, options: opts, host: u.Hostname(), addr: u.Host, idDomain: domain}, nil
}

// Addr is the mail server's host:port, for the start-up line.
func (s *SMTP) Addr() string { return s.addr }

// Reach connects, greets, starts TLS and signs in as a delivery would, then
// says QUIT, so a wrong host, TLS mode or password shows at start rather than
// as the first failed delivery.
func (s *SMTP) Reach(ctx context.Context) error {
	client, err := gomail.NewClient(s.host, s.options...)
	if err != nil {
		return fmt.Errorf("smtp client: %w", err)
	}
	if err := client.DialWithContext(ctx); err != nil {
		return fmt.Errorf("mail server %s: %w", s.addr, err)
	}
	return client.Close()
}

// MessageIDDomain is the domain that ends every Message-ID: the From
// address's (QG_MAIL_FROM) when it is a public domain, else the public URL's
// host (QG_PUBLIC_URL), so the default From of a local server,
// no-reply@quotegrade.localhost, does not end the IDs of a site that has
// an address of its own. When neither is public the From domain is used.
func MessageIDDomain(from, publicURL string) (string, error) {
	addr, err := netmail.ParseAddress(from)
	if err != nil {
		return "", fmt.Errorf("mail-from (QG_MAIL_FROM) is not an e-mail address: %w", err)
	}
	at := strings.LastIndex(addr.Address, "@")
	if at < 0 || at == len(addr.Address)-1 {
		return "", fmt.Errorf("mail-from (QG_MAIL_FROM) has no domain")
	}
	fromDomain := strings.ToLower(addr.Address[at+1:])
	if publicDomain(fromDomain) {
		return fromDomain, nil
	}
	if u, err := url.Parse(publicURL); err == nil && publicDomain(strings.ToLower(u.Hostname())) {
		return strings.ToLower(u.Hostname()), nil
	}
	return fromDomain, nil
}

// publicDomain reports whether d names a host on the internet: a dotted
// name, not an address, and not in a name space kept for one machine or
// network (RFC 6761 localhost, RFC 6762 local, RFC 2606 invalid).
func publicDomain(d string) bool {
	if !strings.Contains(d, ".") || strings.HasPrefix(d, "[") || net.ParseIP(d) != nil {
		return false
	}
	for _, private := range []string{".localhost", ".local", ".invalid", ".internal"} {
		if strings.HasSuffix(d, private) {
			return false
		}
	}
	return true
}

// Send delivers m, with its ID as the Message-ID so a receiver can spot a
// duplicate of a retried delivery.
func (s *SMTP) Send(ctx context.Context, m Message) error {
	msg := gomail.NewMsg()
	if err := msg.From(s.from); err != nil {
		return fmt.Errorf("from address: %w", err)
	}
	if err := msg.To(m.To); err != nil {
		return fmt.Errorf("to address: %w", err)
	}
	msg.Subject(m.Subject)
	if m.ReplyTo != "" {
		if err := msg.ReplyTo(m.ReplyTo); err != nil {
			return fmt.Errorf("reply-to address: %w", err)
		}
	}
	msg.SetMessageIDWithValue(m.ID + "@" + s.idDomain)
	if m.Unsubscribe != "" {
		msg.SetListUnsubscribe(m.Unsubscribe)
		msg.SetListUnsubscribePost()
	}
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	client, err := gomail.NewClient(s.host, s.options...)
	if err != nil {
		return fmt.Errorf("smtp client: %w", err)
	}
	if err := client.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("send mail: %w", err)
	}
	return nil
}
