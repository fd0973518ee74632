package mail

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"quotegrade/internal/api"
	"quotegrade/internal/apperr"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// BrokerEmail is api.BrokerEmail (internal/api).
type BrokerEmail = api.BrokerEmail

// Compose validates the form and renders the message with a fresh id.
func Compose(b BrokerEmail) (Message, error) {
	f := apperr.Fields{}
	if b.To.Value == nil {
		f.Add("to", vocab.MsgEmailRequired)
	} else if !vocab.ValidEmail(*b.To.Value) {
		f.Add("to", vocab.MsgInvalidEmail)
	}
	if b.Subject.Value == nil {
		f.Add("subject", "Subject is required")
	} else if utf8.RuneCountInString(*b.Subject.Value) > 200 {
		f.Add("subject", "Please keep the subject under 200 characters")
	}
	if id := b.QuoteRequestID.Or(""); id != "" && uuid.Validate(id) != nil {
		f.Add("quote_request_id", "Quote request not found")
	}
	if b.Message.Value == nil {
		f.Add("message", "Message is required")
	} else if utf8.RuneCountInString(*b.Message.Value) > 20000 {
		f.Add("message", "Please keep the message under 20,000 characters")
	}
	if link := b.ButtonLink.Value; link != nil {
		if u, err := url.Parse(*link); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			f.Add("button_link", "Button link must be a web address starting with https://")
		} else if b.ButtonText.Value == nil {
			f.Add("button_text", "Button text is required with a button link")
		}
	}
	if err := f.Err("Please check the e-mail"); err != nil {
		return Message{}, err
	}
	// A message naming an ARM says its rate may increase (12 CFR 1026.24(c)).
	text := *b.Message.Value + ARMNotice(*b.Message.Value)
	m, err := BrokerMessage(vocab.NewID(), *b.To.Value, *b.Subject.Value,
		Broker{Message: text, ButtonLink: b.ButtonLink.Or(""), ButtonText: b.ButtonText.Or("")})
	m.QuoteRequestID = b.QuoteRequestID.Or("")
	return m, err
}

// BrokerMail sends the admin Send Email form: one call composes the message
// and queues it (the HTTP layer's sendEmail).
type BrokerMail struct {
	Queue Queue
	// Unsubscribes is the unsubscribe list a marketing e-mail is checked
	// against (store.Store in production); nil checks nothing.
	Unsubscribes interface {
		UnsubscribedAt(ctx context.Context, email string) (*time.Time, error)
	}
	// Officers gives the sending broker's loan officer profile, whose name
	// and NMLS ID close the message (store.Store in production); nil adds
	// no line.
	Officers interface {
		GetLoanOfficer(ctx context.Context, email string) (store.LoanOfficer, error)
	}
}

// Send validates and renders the form and queues the message as sent by
// the broker signed in as sender; it answers the message's id.
func (b BrokerMail) Send(ctx context.Context, form BrokerEmail, sender string) (string, error) {
	m, err := Compose(form)
	if err != nil {
		return "", err
	}
	if err := b.checkMarketing(ctx, form); err != nil {
		return "", err
	}
	if m, err = b.signed(ctx, m, form, sender); err != nil {
		return "", err
	}
	m.SentBy = sender
	if err := b.Queue.SendEmail(ctx, m); err != nil {
		return "", err
	}
	return m.ID, nil
}

// signed renders the form again closed by the sender's "Reviewed by NAME,
// NMLS #ID" line (SAFE Act: the originator named in written communication,
// issue 26); m, validated already, stays as it is without a profile.
func (b BrokerMail) signed(ctx context.Context, m Message, form BrokerEmail, sender string) (Message, error) {
	if b.Officers == nil {
		return m, nil
	}
	officer, err := b.Officers.GetLoanOfficer(ctx, sender)
	if err != nil {
		return Message{}, fmt.Errorf("loan officer profile of the sender: %w", err)
	}
	line := strings.TrimSpace(OfficerLine(officer))
	if line == "" {
		return m, nil
	}
	text := strings.TrimRight(*form.Message.Value, "\n") + "\n\n" + line
	form.Message.Value = &text
	return Compose(form)
}

// checkMarketing refuses a marketing e-mail to an address on the unsubscribe
// list (CAN-SPAM: an opt-out is honoured), naming the "to" field.
func (b BrokerMail) checkMarketing(ctx context.Context, form BrokerEmail) error {
	if form.Marketing.Invalid {
		return apperr.Fields{"marketing": "Marketing must be true or false"}.Err("Please check the e-mail")
	}
	if form.Marketing.Value == nil || !*form.Marketing.Value || b.Unsubscribes == nil {
		return nil
	}
	at, err := b.Unsubscribes.UnsubscribedAt(ctx, *form.To.Value)
	if err != nil || at == nil {
		return err
	}
	return apperr.Fields{"to": MsgUnsubscribed(*at)}.Err("Please check the e-mail")
}

// MsgUnsubscribed refuses a marketing e-mail to an address that unsubscribed at at.
func MsgUnsubscribed(at time.Time) string {
	return "This address unsubscribed from our e-mails on " + at.UTC().Format("January 2, 2006") +
		": a marketing e-mail cannot be sent to it. Only an e-mail about their own request may go (untick Marketing)"
}
