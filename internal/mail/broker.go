package mail

import (
	"net/url"
	"strings"
)

type brokerView struct {
	Paragraphs []string
	ButtonLink string
	ButtonText string
}

// BrokerMessage renders a broker's e-mail; blank lines in the text separate
// paragraphs. A button link must be an http(s) URL.
func BrokerMessage(id, to, subject string, b Broker) (Message, error) {
	v := brokerView{ButtonText: b.ButtonText}
	if u, err := url.Parse(b.ButtonLink); err == nil && (u.Scheme == "https" || u.Scheme == "http") && b.ButtonText != "" {
		v.ButtonLink = u.String()
	}
	for _, p := range strings.Split(strings.ReplaceAll(b.Message, "\r\n", "\n"), "\n\n") {
		if p = strings.TrimSpace(p); p != "" {
			v.Paragraphs = append(v.Paragraphs, p)
		}
	}
	return Render(id, to, subject, "broker", v)
}
