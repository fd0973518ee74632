package testsupport

import (
	"fmt"
	"io"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// SMTPServer is a real SMTP server in the test process that records what it
// accepts; it can refuse the first deliveries like a mail server under load.
type SMTPServer struct {
	Addr     string
	mu       sync.Mutex
	refuse   int
	attempts int
	received []Received
}

// Received is one accepted message.
type Received struct {
	From string
	To   []string
	Data string
}

// StartSMTP starts the server; it refuses the first refuseFirst deliveries
// with a temporary error (451).
func StartSMTP(t testing.TB, refuseFirst int) *SMTPServer {
	t.Helper()
	s, stop, err := ListenSMTP("127.0.0.1:0", refuseFirst)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stop() })
	return s
}

// ListenSMTP starts the server on addr outside a Go test (the browser tests'
// peer process); stop closes it.
func ListenSMTP(addr string, refuseFirst int) (s *SMTPServer, stop func() error, err error) {
	s = &SMTPServer{refuse: refuseFirst}
	srv := smtp.NewServer(s)
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, nil, fmt.Errorf("listen for SMTP on %s: %w", addr, err)
	}
	s.Addr = ln.Addr().String()
	go srv.Serve(ln)
	return s, srv.Close, nil
}

// URL is the QG_SMTP_URL for this server.
func (s *SMTPServer) URL() string { return "smtp://" + s.Addr + "?tls=none" }

// Messages returns what was accepted so far.
func (s *SMTPServer) Messages() []Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Received(nil), s.received...)
}

// Attempts counts deliveries tried, refused ones included.
func (s *SMTPServer) Attempts() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.attempts
}

// WaitFor polls until n messages arrived or the timeout passes.
func (s *SMTPServer) WaitFor(t testing.TB, n int, timeout time.Duration) []Received {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		if got := s.Messages(); len(got) >= n {
			return got
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("SMTP server received %d messages in %s, want %d (attempts %d)", len(s.Messages()), timeout, n, s.Attempts())
	return nil
}

// NewSession implements smtp.Backend.
func (s *SMTPServer) NewSession(*smtp.Conn) (smtp.Session, error) {
	return &smtpSession{server: s}, nil
}

type smtpSession struct {
	server *SMTPServer
	msg    Received
}

func (x *smtpSession) Mail(from string, _ *smtp.MailOptions) error {
	x.msg.From = from
	return nil
}

func (x *smtpSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	x.msg.To = append(x.msg.To, to)
	return nil
}

func (x *smtpSession) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s := x.server
	s.mu.Lock()
	defer s.mu.Unlock()
	s.attempts++
	if s.attempts <= s.refuse {
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "Try again later"}
	}
	x.msg.Data = string(b)
	s.received = append(s.received, x.msg)
	return nil
}

func (x *smtpSession) Reset()        { x.msg = Received{} }
func (x *smtpSession) Logout() error { return nil }
