package mail

import (
	"net/url"
	"unicode/utf8"

	"quotegrade/internal/apperr"
	"quotegrade/internal/jsonfield"
	"quotegrade/internal/vocab"
)

// BrokerEmail is the admin Send Email form (spec: POST /send-email).
type BrokerEmail struct {
	To         jsonfield.String `json:"to"`
	Subject    jsonfield.String `json:"subject"`
	ButtonLink jsonfield.String `json:"button_link"`
	ButtonText jsonfield.String `json:"button_text"`
	Message    jsonfield.String `json:"message"`
	State      jsonfield.String `json:"state"`
}

// Compose validates the form and renders the message with a fresh id.
func (b BrokerEmail) Compose() (Message, error) {
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
	return BrokerMessage(vocab.NewID(), *b.To.Value, *b.Subject.Value,
		Broker{Message: *b.Message.Value, ButtonLink: b.ButtonLink.Or(""), ButtonText: b.ButtonText.Or("")})
}
