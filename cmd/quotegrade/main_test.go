package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"quotegrade/internal/app"
	"quotegrade/internal/config"
	"quotegrade/internal/store"
	"quotegrade/internal/testsupport"
)

func TestVersionAndUsage(t *testing.T) {
	var out, errOut bytes.Buffer
	if err := run([]string{"version"}, os.Getenv, &out, &errOut); err != nil || !strings.HasPrefix(out.String(), "quotegrade ") {
		t.Fatalf("version: %v %q", err, out.String())
	}
	if err := run([]string{"frobnicate"}, os.Getenv, &out, &errOut); err == nil || !strings.Contains(errOut.String(), "usage:") {
		t.Fatalf("unknown command: %v %q", err, errOut.String())
	}
}

func TestMigrateOnSQLite(t *testing.T) {
	var out bytes.Buffer
	dir := t.TempDir()
	if err := run([]string{"migrate", "--data-dir", dir}, func(string) string { return "" }, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "quotegrade.db")); err != nil || !strings.Contains(out.String(), "up to date") {
		t.Fatalf("migrate: %v %q", err, out.String())
	}
}

// SIGTERM while a visitor's submission is still arriving: the server stops
// listening but finishes that request, and the request is stored.
func TestSIGTERMDrainsInFlightRequests(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "quotegrade")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	addr := freeAddr(t)
	cmd := exec.Command(bin, "serve", "--addr", addr, "--data-dir", t.TempDir(), "--shutdown-timeout", "10s")
	stderr, _ := cmd.StderrPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Whoever starts it by hand reads where to point the browser.
	first, err := bufio.NewReader(stdout).ReadString('\n')
	if want := "listening on http://" + addr + "\n"; err != nil || first != want {
		t.Errorf("first line on stdout %q (%v), want %q", first, err, want)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	logs := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			logs <- sc.Text()
		}
		close(logs)
	}()
	waitHealthy(t, "http://"+addr)
	// The start-up line names where uploads go and how mail leaves.
	if line := waitLog(t, logs, "quotegrade serving"); !strings.Contains(line, `"uploads":"folder `) || !strings.Contains(line, `"mail":"outbox"`) {
		t.Errorf("start-up line %s does not name the upload store and mail transport", line)
	}

	body, _ := jsonBytes(testsupport.PurchasePayload(nil))
	pr, pw := io.Pipe()
	req, _ := http.NewRequestWithContext(context.Background(), "POST", "http://"+addr+"/api/quote-requests/submit", pr)
	req.Header.Set("Content-Type", "application/json")
	req.ContentLength = int64(len(body))
	answer := make(chan *http.Response, 1)
	go func() {
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Errorf("in-flight request failed: %v", err)
			answer <- nil
			return
		}
		answer <- res
	}()
	pw.Write(body[:10]) // the request has begun...
	time.Sleep(200 * time.Millisecond)
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	waitLog(t, logs, "draining in-flight requests")
	pw.Write(body[10:]) // ...and finishes after SIGTERM.
	pw.Close()
	res := <-answer
	if res == nil || res.StatusCode != http.StatusCreated {
		t.Fatalf("in-flight submission was not completed: %+v", res)
	}
	res.Body.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("server exit: %v", err)
	}
	if c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond); err == nil {
		c.Close()
		t.Fatal("server still listening after SIGTERM")
	}
}

func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func waitHealthy(t *testing.T, base string) {
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if res, err := http.Get(base + "/api/health"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("server did not become healthy")
}

func waitLog(t *testing.T, logs <-chan string, want string) string {
	timeout := time.After(10 * time.Second)
	for {
		select {
		case line, ok := <-logs:
			if !ok {
				t.Fatalf("server exited before logging %q", want)
			}
			if strings.Contains(line, want) {
				return line
			}
		case <-timeout:
			t.Fatalf("no log line %q", want)
			return ""
		}
	}
}

func jsonBytes(v any) ([]byte, error) { return json.Marshal(v) }

// openDataDir opens the store of the data directory dir as the subcommand
// cmd would, for a test to look at what a command left there; the caller
// closes it.
func openDataDir(t *testing.T, cmd, dir string) store.Store {
	t.Helper()
	cfg, err := config.Load(cmd, []string{"--data-dir", dir}, func(string) string { return "" }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	st, err := app.OpenStore(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func TestAdminGrantAndRevoke(t *testing.T) {
	dir := t.TempDir()
	noEnv := func(string) string { return "" }
	var out bytes.Buffer
	steps := []struct {
		args    []string
		wantErr string
		wantOut string
	}{
		{[]string{"admin", "grant", "Broker@Example.com", "--data-dir", dir}, "", "broker@example.com is now an admin"},
		{[]string{"admin", "revoke", "broker@example.com", "--data-dir", dir}, "", "broker@example.com is no longer an admin"},
		{[]string{"admin", "revoke", "broker@example.com", "--data-dir", dir}, "broker@example.com is not an admin", ""},
		{[]string{"admin", "reset-second-factor", "broker@example.com", "--data-dir", dir}, "broker@example.com has no second factor", ""},
		{[]string{"admin", "promote", "x@example.com"}, "usage: quotegrade admin grant|revoke EMAIL", ""},
		{[]string{"admin", "grant", "not-an-email"}, "usage: quotegrade admin grant|revoke EMAIL", ""},
	}
	for _, s := range steps {
		out.Reset()
		err := run(s.args, noEnv, &out, io.Discard)
		if s.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), s.wantErr) {
				t.Errorf("%v: error %v, want %q", s.args, err, s.wantErr)
			}
			continue
		}
		if err != nil || !strings.Contains(out.String(), s.wantOut) {
			t.Errorf("%v: %v %q", s.args, err, out.String())
		}
	}
	// Who may read visitors' data is itself in the audit trail.
	st := openDataDir(t, "admin", dir)
	defer st.Close()
	events, err := st.ListAudit(context.Background(), store.AuditFilter{Actor: "command line"})
	if err != nil {
		t.Fatal(err)
	}
	if len(events) != 2 || events[0].Action != "revoke_admin" || events[1].Action != "grant_admin" || events[1].Detail != "broker@example.com" {
		t.Fatalf("audit trail of the admin changes = %+v", events)
	}
}

// admin grant with --name and --nmls sets the loan officer profile shown as
// "Reviewed by NAME, NMLS #ID"; half a profile or a bad ID is refused.
func TestAdminGrantWithLoanOfficer(t *testing.T) {
	dir := t.TempDir()
	noEnv := func(string) string { return "" }
	var out bytes.Buffer
	for _, bad := range [][]string{
		{"admin", "grant", "dana@example.com", "--name", "Dana Reyes", "--data-dir", dir},
		{"admin", "grant", "dana@example.com", "--name", "Dana Reyes", "--nmls", "12-34", "--data-dir", dir},
		{"admin", "grant", "dana@example.com", "--nmls"},
		{"admin", "revoke", "dana@example.com", "--nmls", "123456", "--data-dir", dir},
	} {
		if err := run(bad, noEnv, &out, io.Discard); err == nil {
			t.Errorf("%v: accepted", bad)
		}
	}
	args := []string{"admin", "grant", "Dana@Example.com", "--name", "Dana Reyes", "--nmls=1234567", "--data-dir", dir}
	if err := run(args, noEnv, &out, io.Discard); err != nil || !strings.Contains(out.String(), `"Reviewed by Dana Reyes, NMLS #1234567"`) {
		t.Fatalf("grant with a profile: %v %q", err, out.String())
	}
	st := openDataDir(t, "admin", dir)
	defer st.Close()
	if got, err := st.GetLoanOfficer(context.Background(), "dana@example.com"); err != nil || got != (store.LoanOfficer{Name: "Dana Reyes", NMLS: "1234567"}) {
		t.Fatalf("profile = %+v, %v", got, err)
	}
}

// An address on every interface is opened at localhost; a named one as it is.
func TestBrowseURL(t *testing.T) {
	for addr, want := range map[string]string{"[::]:8080": "http://localhost:8080", "0.0.0.0:80": "http://localhost:80",
		"127.0.0.1:3000": "http://127.0.0.1:3000", "[::1]:9000": "http://[::1]:9000"} {
		a, err := net.ResolveTCPAddr("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := browseURL(a); got != want {
			t.Errorf("browseURL(%s) = %s, want %s", addr, got, want)
		}
	}
}
