// Command testpeers runs the real peers the browser tests need beside the
// quotegrade binary, so no call leaves the machine: a local OpenID Connect
// provider standing in for Google (oauth2-proxy/mockoidc) and an SMTP server
// that keeps what it receives (emersion/go-smtp). A small control endpoint
// lets the tests read the received mail.
//
// The provider signs in whoever the browser names: a qg_test_user cookie or
// a test_user query parameter on the authorization request carries the
// e-mail address, so tests running in parallel each get their own user.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/oauth2-proxy/mockoidc"

	"quotegrade/internal/testsupport"
)

func main() {
	oidcAddr := flag.String("oidc-addr", "127.0.0.1:0", "address of the OpenID provider (issuer http://ADDR/oidc)")
	smtpAddr := flag.String("smtp-addr", "127.0.0.1:0", "address of the SMTP server")
	controlAddr := flag.String("control-addr", "127.0.0.1:0", "address of the control endpoint (GET /health, GET /messages)")
	clientID := flag.String("client-id", "quotegrade-e2e", "the OAuth client id quotegrade is configured with")
	clientSecret := flag.String("client-secret", "quotegrade-e2e-secret", "the OAuth client secret")
	flag.Parse()
	if err := run(*oidcAddr, *smtpAddr, *controlAddr, *clientID, *clientSecret); err != nil {
		log.Fatal(err)
	}
}

func run(oidcAddr, smtpAddr, controlAddr, clientID, clientSecret string) error {
	provider, err := startProvider(oidcAddr, clientID, clientSecret)
	if err != nil {
		return err
	}
	defer provider.Shutdown()
	sink, stopSMTP, err := testsupport.ListenSMTP(smtpAddr, 0)
	if err != nil {
		return err
	}
	defer stopSMTP()
	control := &http.Server{Addr: controlAddr, Handler: controlHandler(sink), ReadHeaderTimeout: 5 * time.Second}
	ln, err := net.Listen("tcp", controlAddr)
	if err != nil {
		return fmt.Errorf("listen for control on %s: %w", controlAddr, err)
	}
	go control.Serve(ln)
	defer control.Close()
	log.Printf("testpeers: issuer %s, smtp %s, control http://%s", provider.Issuer(), sink.Addr, ln.Addr())

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	<-ctx.Done()
	return nil
}

// startProvider runs mockoidc with a fixed client, signing in the user the
// authorization request names.
func startProvider(addr, clientID, clientSecret string) (*mockoidc.MockOIDC, error) {
	m, err := mockoidc.NewServer(nil)
	if err != nil {
		return nil, fmt.Errorf("create OpenID provider: %w", err)
	}
	m.ClientID, m.ClientSecret = clientID, clientSecret
	if err := m.AddMiddleware(chooseUser(m)); err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen for the OpenID provider on %s: %w", addr, err)
	}
	if err := m.Start(ln, nil); err != nil {
		return nil, fmt.Errorf("start OpenID provider: %w", err)
	}
	return m, nil
}

// chooseUser queues the named user just before the authorization endpoint
// takes one from the queue. Authorizations are serialised, so two browsers
// signing in at once cannot take each other's user.
func chooseUser(m *mockoidc.MockOIDC) func(http.Handler) http.Handler {
	var mu sync.Mutex
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			email := requestedUser(r)
			if r.URL.Path != mockoidc.AuthorizationEndpoint || email == "" {
				next.ServeHTTP(w, r)
				return
			}
			mu.Lock()
			defer mu.Unlock()
			m.UserQueue.Lock()
			m.UserQueue.Queue = nil
			m.UserQueue.Unlock()
			name, _, _ := strings.Cut(email, "@")
			m.QueueUser(&mockoidc.MockUser{Subject: "e2e-" + email, Email: email, EmailVerified: !strings.HasPrefix(email, "unverified"),
				PreferredUsername: name})
			next.ServeHTTP(w, r)
		})
	}
}

func requestedUser(r *http.Request) string {
	if v := r.URL.Query().Get("test_user"); v != "" {
		return v
	}
	if c, err := r.Cookie("qg_test_user"); err == nil {
		return c.Value
	}
	return ""
}

func controlHandler(sink *testsupport.SMTPServer) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /health", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
	// Every message the SMTP server accepted, decoded, oldest first.
	mux.HandleFunc("GET /messages", testsupport.MessagesHandler(sink))
	return mux
}
