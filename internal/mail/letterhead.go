package mail

import (
	"bytes"
	"context"
	"fmt"
	htmltemplate "html/template"
	netmail "net/mail"
	"strings"

	"quotegrade/internal/site"
)

// letterheadMarker is where each HTML template wants the letterhead (an
// element, as html/template drops comments); a
// message without it gets the letterhead before </body>.
const letterheadMarker = `<div data-qg="letterhead"></div>`

// mastheadMarker is where each HTML template wants the site's name at its
// top: the display brand from the site file, never a name written into a
// template (issue 26: the site speaks in the operator's names).
const mastheadMarker = `<div data-qg="masthead"></div>`

// Letterhead is what every e-mail carries (issue 26, docs/compliance.md): the
// display brand at the top, the brokerage's legal name, NMLS ID with its Consumer Access link, postal
// address and the Equal Housing Opportunity statement, and a Reply-To of the
// brokerage's contact address, as the From address takes no replies.
type Letterhead struct {
	html, text string
	masthead   string
	replyTo    string
}

var letterheadHTML = htmltemplate.Must(htmltemplate.New("letterhead").Parse(
	`<p style="font-size: 12px; color: #6b7280; border-top: 1px solid #e5e7eb; padding-top: 12px;">` +
		`{{.Brand}} is a service of {{.BrokerageName}}, a licensed mortgage broker, not a lender. ` +
		`NMLS #{{.BrokerageNMLS}} (<a href="{{.ConsumerAccessURL}}">NMLS Consumer Access</a>).<br>` +
		`{{.PostalAddress}}<br>` +
		`Equal Housing Opportunity. Quotes and estimates are not an offer to lend or financial advice.<br>` +
		`Questions? Reply to this e-mail or write to <a href="mailto:{{.ContactEmail}}">{{.ContactEmail}}</a>.</p>`))

var mastheadHTML = htmltemplate.Must(htmltemplate.New("masthead").Parse(
	`<p style="font-size: 18px; font-weight: bold; color: #1e3a8a;">{{.}}</p>`))

// NewLetterhead is the letterhead of the operator's site.
func NewLetterhead(s site.Site) (Letterhead, error) {
	var h, masthead bytes.Buffer
	if err := letterheadHTML.Execute(&h, struct {
		site.Site
		ConsumerAccessURL string
	}{s, s.ConsumerAccessURL()}); err != nil {
		return Letterhead{}, fmt.Errorf("letterhead: %w", err)
	}
	if err := mastheadHTML.Execute(&masthead, s.Brand); err != nil {
		return Letterhead{}, fmt.Errorf("letterhead: %w", err)
	}
	text := fmt.Sprintf("--\n%s is a service of %s, a licensed mortgage broker, not a lender.\nNMLS #%s, NMLS Consumer Access: %s\n%s\n"+
		"Equal Housing Opportunity. Quotes and estimates are not an offer to lend or financial advice.\nQuestions? Reply to this e-mail or write to %s.\n",
		s.Brand, s.BrokerageName, s.BrokerageNMLS, s.ConsumerAccessURL(), s.PostalAddress, s.ContactEmail)
	return Letterhead{html: h.String(), text: text, masthead: masthead.String(), replyTo: s.ContactEmail}, nil
}

// Apply adds the letterhead, the brand at the top and the Reply-To to m.
func (l Letterhead) Apply(m Message) Message {
	m.HTML = strings.Replace(m.HTML, mastheadMarker, l.masthead, 1)
	if strings.Contains(m.HTML, letterheadMarker) {
		m.HTML = strings.Replace(m.HTML, letterheadMarker, l.html, 1)
	} else if i := strings.LastIndex(m.HTML, "</body>"); i >= 0 {
		m.HTML = m.HTML[:i] + l.html + m.HTML[i:]
	} else {
		m.HTML += l.html
	}
	m.Text = strings.TrimRight(m.Text, "\n") + "\n\n" + l.text
	if m.ReplyTo == "" {
		m.ReplyTo = l.replyTo
	}
	return m
}

// WithLetterhead is a Sender that adds the letterhead to each message before
// next delivers it: one place for every template, the outbox and SMTP alike.
func WithLetterhead(next Sender, l Letterhead) Sender {
	return letterheaded{next: next, letterhead: l}
}

type letterheaded struct {
	next       Sender
	letterhead Letterhead
}

func (s letterheaded) Send(ctx context.Context, m Message) error {
	return s.next.Send(ctx, s.letterhead.Apply(m))
}

// FromAddress is the From address of every e-mail: from (QG_MAIL_FROM) as
// the operator wrote it when it names a sender; otherwise named for the
// site, "BRAND (LEGAL NAME)", or the legal name alone when it holds the
// brand, so an inbox shows the licensed company's name and not a name
// written into the program (issue 26).
func FromAddress(from string, s site.Site) (string, error) {
	addr, err := netmail.ParseAddress(from)
	if err != nil {
		return "", fmt.Errorf("mail-from (QG_MAIL_FROM) is not an e-mail address: %w", err)
	}
	if addr.Name != "" {
		return addr.String(), nil
	}
	addr.Name = s.BrokerageName
	if s.Brand != "" && !strings.Contains(strings.ToLower(s.BrokerageName), strings.ToLower(s.Brand)) {
		addr.Name = s.Brand + " (" + s.BrokerageName + ")"
	}
	return addr.String(), nil
}
