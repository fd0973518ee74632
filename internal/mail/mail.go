// Package mail builds quotegrade's e-mails from templates and delivers them:
// by SMTP when a server is configured, otherwise into the outbox that admins
// read at /admin/outbox. Every text a user supplied is escaped by html/template.
package mail

import (
	"bytes"
	"context"
	"embed"
	"fmt"
	htmltemplate "html/template"
	texttemplate "text/template"

	"quotegrade/internal/store"
)

// Message is one e-mail, ready to send. The store defines it
// (store.OutgoingEmail) because a write's transaction queues its e-mails
// (store.Tx.QueueEmails); ID is stable across retries, so a message is
// recognised as already sent.
type Message = store.OutgoingEmail

// Sender delivers a message.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

//go:embed templates/*
var templates embed.FS

var (
	htmlTemplates = htmltemplate.Must(htmltemplate.ParseFS(templates, "templates/*.html"))
	textTemplates = texttemplate.Must(texttemplate.ParseFS(templates, "templates/*.txt"))
)

// Broker is the content of a broker's e-mail to a visitor (POST /send-email),
// and of the "analysis is ready" notice.
type Broker struct {
	Message    string
	ButtonLink string
	ButtonText string
}

// Render fills the named template pair (name.html and name.txt).
func Render(id, to, subject, name string, data any) (Message, error) {
	var h, t bytes.Buffer
	if err := htmlTemplates.ExecuteTemplate(&h, name+".html", data); err != nil {
		return Message{}, fmt.Errorf("render %s html: %w", name, err)
	}
	if err := textTemplates.ExecuteTemplate(&t, name+".txt", data); err != nil {
		return Message{}, fmt.Errorf("render %s text: %w", name, err)
	}
	return Message{ID: id, To: to, Subject: subject, HTML: h.String(), Text: t.String()}, nil
}
