package mail

import (
	"bytes"
	"context"
	"fmt"
	htmltemplate "html/template"
	"strings"

	"quotegrade/internal/site"
)

// letterheadMarker is where each HTML template wants the letterhead (an
// element, as html/template drops comments); a
// message without it gets the letterhead before </body>.
const letterheadMarker = `<div data-qg="letterhead"></div>`

// Letterhead is what every e-mail carries (issue 26, docs/compliance.md): the
// brokerage's legal name, NMLS ID with its Consumer Access link, postal
// address and the Equal Housing Opportunity statement, and a Reply-To of the
// brokerage's contact address, as the From address takes no replies.
type Letterhead struct {
	html, text string
	replyTo    string
}

var letterheadHTML = htmltemplate.Must(htmltemplate.New("letterhead").Parse(
	`<p style="font-size: 12px; color: #6b7280; border-top: 1px solid #e5e7eb; padding-top: 12px;">` +
		`{{.Brand}} is a service of {{.BrokerageName}}, a licensed mortgage broker, not a lender. ` +
		`NMLS #{{.BrokerageNMLS}} (<a href="{{.ConsumerAccessURL}}">NMLS Consumer Access</a>).<br>` +
		`{{.PostalAddress}}<br>` +
		`Equal Housing Opportunity. Quotes and estimates are not an offer to lend or financial advice.<br>` +
		`Questions? Reply to this e-mail or write to <a href="mailto:{{.ContactEmail}}">{{.ContactEmail}}</a>.</p>`))

// NewLetterhead is the letterhead of the operator's site.
func NewLetterhead(s site.Site) (Letterhead, error) {
	var h bytes.Buffer
	if err := letterheadHTML.Execute(&h, struct {
		site.Site
		ConsumerAccessURL string
	}{s, s.ConsumerAccessURL()}); err != nil {
		return Letterhead{}, fmt.Errorf("letterhead: %w", err)
	}
	text := fmt.Sprintf("--\n%s is a service of %s, a licensed mortgage broker, not a lender.\nNMLS #%s, NMLS Consumer Access: %s\n%s\n"+
		"Equal Housing Opportunity. Quotes and estimates are not an offer to lend or financial advice.\nQuestions? Reply to this e-mail or write to %s.\n",
		s.Brand, s.BrokerageName, s.BrokerageNMLS, s.ConsumerAccessURL(), s.PostalAddress, s.ContactEmail)
	return Letterhead{html: h.String(), text: text, replyTo: s.ContactEmail}, nil
}

// Apply adds the letterhead and the Reply-To to m.
func (l Letterhead) Apply(m Message) Message {
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
