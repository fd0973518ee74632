package testsupport

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/http"
	"net/mail"
	"strings"
)

// Message is a received e-mail decoded for assertions: its subject and the
// body of each part by content type ("text/plain", "text/html").
type Message struct {
	From    string            `json:"from"`
	To      []string          `json:"to"`
	Subject string            `json:"subject"`
	Parts   map[string]string `json:"parts"`
}

// ParseMessage decodes a raw RFC 5322 message with a single part or
// multipart/alternative parts.
func ParseMessage(raw string) (Message, error) {
	m, err := mail.ReadMessage(strings.NewReader(raw))
	if err != nil {
		return Message{}, fmt.Errorf("read message: %w", err)
	}
	subject, err := new(mime.WordDecoder).DecodeHeader(m.Header.Get("Subject"))
	if err != nil {
		return Message{}, fmt.Errorf("decode subject: %w", err)
	}
	out := Message{Subject: subject, Parts: map[string]string{}}
	ct, params, err := mime.ParseMediaType(m.Header.Get("Content-Type"))
	if err != nil {
		return Message{}, fmt.Errorf("content type: %w", err)
	}
	if !strings.HasPrefix(ct, "multipart/") {
		body, err := decodeBody(m.Body, m.Header.Get("Content-Transfer-Encoding"))
		out.Parts[ct] = body
		return out, err
	}
	r := multipart.NewReader(m.Body, params["boundary"])
	for {
		part, err := r.NextPart()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return Message{}, fmt.Errorf("read part: %w", err)
		}
		pct, _, _ := mime.ParseMediaType(part.Header.Get("Content-Type"))
		// multipart.Reader already undoes quoted-printable and drops the header.
		body, err := decodeBody(part, part.Header.Get("Content-Transfer-Encoding"))
		if err != nil {
			return Message{}, err
		}
		out.Parts[pct] = body
	}
}

func decodeBody(r io.Reader, encoding string) (string, error) {
	switch strings.ToLower(encoding) {
	case "base64":
		r = base64.NewDecoder(base64.StdEncoding, r)
	case "quoted-printable":
		r = quotedprintable.NewReader(r)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		return "", fmt.Errorf("read body: %w", err)
	}
	return string(b), nil
}

// MessagesHandler answers every message s accepted, decoded, oldest first,
// as JSON: the browser tests read the mail through it.
func MessagesHandler(s *SMTPServer) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		out := []Message{}
		for _, rec := range s.Messages() {
			m, err := ParseMessage(rec.Data)
			if err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			m.From, m.To = rec.From, rec.To
			out = append(out, m)
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(out)
	}
}
