package mail

import (
	"context"
	"fmt"
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
	// idDomain ends every Message-ID: the From address's domain, which the
	// operator controls, so IDs are unique beyond this site and look like mail
	// from it to spam filters.
	idDomain string
}

// NewSMTP reads a URL: smtp://user:pass@host:587 (STARTTLS required),
// smtp://host:25?tls=none (plain, for a local relay or tests) or
// smtps://user:pass@host:465 (TLS from the start).
func NewSMTP(rawURL, from string) (*SMTP, error) {
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
	domain, err := MessageIDDomain(from)
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

// MessageIDDomain is the domain of the From address (QG_MAIL_FROM), which
// ends every Message-ID.
func MessageIDDomain(from string) (string, error) {
	addr, err := netmail.ParseAddress(from)
	if err != nil {
		return "", fmt.Errorf("mail-from (QG_MAIL_FROM) is not an e-mail address: %w", err)
	}
	at := strings.LastIndex(addr.Address, "@")
	if at < 0 || at == len(addr.Address)-1 {
		return "", fmt.Errorf("mail-from (QG_MAIL_FROM) has no domain")
	}
	return strings.ToLower(addr.Address[at+1:]), nil
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
