package main

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the test reads the shared database

	"quotegrade/internal/testsupport"
)

// The site as a brokerage that outgrew one machine runs it (docs/decisions/
// 0009-several-copies.md): two copies of the real binary on one PostgreSQL
// schema, uploads in an S3 server, mail to an SMTP server, behind a reverse
// proxy that both copies trust. Visitors reach the proxy from addresses of
// their own (127.0.0.N), as they would from the internet.
func TestTwoCopiesBehindAProxy(t *testing.T) {
	pgURL := testsupport.PostgresURL(t)
	bucket := testsupport.StartS3(t)
	smtp := testsupport.StartSMTP(t, 0)
	bin := filepath.Join(t.TempDir(), "quotegrade")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	proxy := startFailoverProxy(t)
	env := []string{
		"QG_DATABASE_URL=" + pgURL, "QG_TRUSTED_PROXIES=127.0.0.1/32", "QG_PUBLIC_URL=" + proxy.URL, "QG_SMTP_URL=" + smtp.URL(),
		"QG_S3_BUCKET=" + bucket.Bucket, "QG_S3_ENDPOINT=" + bucket.Endpoint, "QG_S3_REGION=" + bucket.Region,
		"QG_S3_ACCESS_KEY=" + bucket.AccessKey, "QG_S3_SECRET_KEY=" + bucket.SecretKey, "QG_S3_PATH_STYLE=true",
		"QG_LOG_LEVEL=warn",
	}
	// Both copies start at the same moment on the empty schema, so both run
	// the migrations at once; each must come up.
	copies := []*serverCopy{newCopy(t, bin, env), newCopy(t, bin, env)}
	var wg sync.WaitGroup
	for _, c := range copies {
		wg.Go(func() { c.start(t) })
	}
	wg.Wait()
	for _, c := range copies {
		c.waitHealthy(t)
	}
	proxy.SetBackends(copies[0].addr, copies[1].addr)
	// The bundled survey is months old, and no alert is sent on stale market
	// data (issue 25): the broker imports this week's figures, as in production.
	for _, c := range copies {
		c.importThisWeek(t)
	}
	db, err := sql.Open("pgx", pgURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()

	t.Run("a visitor's request is analysed on the other copy and read through the proxy", func(t *testing.T) {
		visitor := proxy.clientFrom(t, 10)
		res := visitor.do(t, "POST", "/api/quote-requests/submit", testsupport.PurchasePayload(map[string]any{"email": "visitor@example.com"}))
		if res.status != http.StatusCreated {
			t.Fatalf("submit through the proxy: %d %s", res.status, res.body)
		}
		id := res.json(t)["id"].(string)
		other := copies[0]
		if res.backend == copies[0].addr {
			other = copies[1]
		}
		broker := other.signInBroker(t)
		analysis := map[string]any{"analysis": map[string]any{"lender": "provident", "grade": "B", "pros": []string{"Low rate"},
			"cons": []string{"High fees"}, "recommendations": []string{"Lock it soon."}},
			"quotes": []map[string]any{{"rate": 6.25, "lenderFees": -500, "apr": 6.301, "isRecommended": true}}}
		// The broker's first save reaches both copies at the same moment, a few
		// times over (double clicks, a retrying proxy): one notice.
		var saves sync.WaitGroup
		for i := range 6 {
			c := copies[i%2]
			saves.Go(func() {
				if res := c.doAs(t, broker, "POST", "/api/admin/quote-requests/"+id+"/analysis", analysis); res.status != http.StatusOK {
					t.Errorf("save on %s: %d %s", c.addr, res.status, res.body)
				}
			})
		}
		saves.Wait()
		read := visitor.do(t, "GET", "/api/quote-requests/"+id+"/analysis", nil)
		if read.status != http.StatusOK || !strings.Contains(string(read.body), `"grade":"B"`) || !strings.Contains(string(read.body), "Lock it soon.") {
			t.Fatalf("the visitor reads the analysis: %d %s", read.status, read.body)
		}
		if res := visitor.do(t, "GET", "/metrics", nil); res.status != http.StatusNotFound {
			t.Fatalf("a visitor through the proxy reads /metrics: %d, want 404", res.status)
		}
	})

	t.Run("Refi Buddy run on both copies at once alerts once", func(t *testing.T) {
		homeowner := proxy.clientFrom(t, 11)
		// 300,000 at 8.5% is 2,306.74 a month: far above the market's 6.36%.
		res := homeowner.do(t, "POST", "/api/quote-requests/submit", testsupport.RefinancePayload(map[string]any{
			"cashOut": false, "cashOutAmount": nil, "remainingBalance": 300000, "refi_intent": "get_notified", "email": "homeowner@example.com",
			"current_mortgage_rate": 8.5, "current_monthly_payment": 2306.74, "current_mortgage_program": "30-year-fixed"}))
		if res.status != http.StatusCreated {
			t.Fatalf("refinance submit: %d %s", res.status, res.body)
		}
		// No alert before the homeowner follows the link in the confirmation e-mail.
		confirmation := waitForMailTo(t, smtp, "homeowner@example.com")
		token := testsupport.ConfirmToken(t, confirmation)
		if res := homeowner.do(t, "POST", "/api/refi-buddy/confirm?token="+url.QueryEscape(token), nil); res.status != http.StatusOK {
			t.Fatalf("confirm: %d %s", res.status, res.body)
		}
		var runs sync.WaitGroup
		for _, c := range copies {
			broker := c.signInBroker(t)
			runs.Go(func() {
				if res := c.doAs(t, broker, "POST", "/api/admin/refi-watches/run", nil); res.status != http.StatusOK {
					t.Errorf("run on %s: %d %s", c.addr, res.status, res.body)
				}
			})
		}
		runs.Wait()
	})

	t.Run("exactly one e-mail per analysis and per alert once the queues are idle", func(t *testing.T) {
		waitMailQueueIdle(t, db)
		perRecipient := map[string]int{}
		for _, m := range smtp.Messages() {
			for _, to := range m.To {
				perRecipient[to]++
			}
		}
		if perRecipient["visitor@example.com"] != 1 || perRecipient["homeowner@example.com"] != 2 {
			t.Fatalf("e-mails per recipient = %v, want one analysis notice, and one confirmation and one alert", perRecipient)
		}
	})

	t.Run("one client gets its write limit once across both copies; 40 clients all get through", func(t *testing.T) {
		waitForFreshMinute()
		busy := proxy.clientFrom(t, 20)
		track := map[string]any{"campaignId": "qr1", "resolved_to": "/"}
		allowed, refused := 0, 0
		backends := map[string]int{}
		for range 35 {
			res := busy.do(t, "POST", "/api/analytics/track-campaign", track)
			backends[res.backend]++
			switch res.status {
			case http.StatusNoContent:
				allowed++
			case http.StatusTooManyRequests:
				refused++
			default:
				t.Fatalf("write: %d %s", res.status, res.body)
			}
		}
		if allowed != 30 || refused != 5 || len(backends) != 2 {
			t.Fatalf("one client: %d allowed, %d refused, answered by %v; want 30 and 5 from both copies", allowed, refused, backends)
		}
		for n := range 40 {
			if res := proxy.clientFrom(t, 60+n).do(t, "POST", "/api/analytics/track-campaign", track); res.status != http.StatusNoContent {
				t.Fatalf("client %d of 40: %d", n+1, res.status)
			}
		}
	})

	t.Run("a copy killed in the middle of a stream of writes loses no answered write", func(t *testing.T) {
		var mu sync.Mutex
		var stored []string
		var killed atomic.Bool
		failedAfterKill, failedAround := 0, 0
		var writers sync.WaitGroup
		for w := range 2 {
			client := proxy.clientFrom(t, 30+w)
			writers.Go(func() {
				for range 20 {
					startedAfterKill := killed.Load()
					res := client.do(t, "POST", "/api/quote-requests/submit", testsupport.PurchasePayload(nil))
					mu.Lock()
					switch {
					case res.status == http.StatusCreated:
						stored = append(stored, res.json(t)["id"].(string))
						if len(stored) == 10 {
							// Mid-stream: the other writer's request may be on the
							// copy being killed.
							go func() { copies[1].kill(t); killed.Store(true) }()
						}
					case startedAfterKill:
						failedAfterKill++
					default:
						failedAround++
					}
					mu.Unlock()
				}
			})
		}
		writers.Wait()
		if !killed.Load() || failedAfterKill > 0 || proxy.Retries.Load() == 0 || failedAround > 2 {
			t.Fatalf("killed %v; %d writes failed around the kill, %d after it; the proxy retried %d times: want every write after the kill answered by the survivor",
				killed.Load(), failedAround, failedAfterKill, proxy.Retries.Load())
		}
		reader := proxy.clientFrom(t, 32)
		for _, id := range stored {
			if res := reader.do(t, "GET", "/api/quote-requests/"+id, nil); res.status != http.StatusOK {
				t.Fatalf("answered write %s not read back: %d", id, res.status)
			}
		}
		t.Logf("%d of 40 writes answered with success, %d failed while the copy died, %d retries reached the survivor",
			len(stored), failedAround, proxy.Retries.Load())
	})

	t.Run("each periodic task was enqueued once though two copies run it", func(t *testing.T) {
		// The elected leader enqueues them at start; wait until it has.
		tasks := waitForTasks(t, db, 4)
		for _, name := range []string{"remove_stale_uploads", "evaluate_refi_watches", "refresh_market_rates"} {
			if tasks[name] != 1 {
				t.Errorf("task %s enqueued %d times, want once: %v", name, tasks[name], tasks)
			}
		}
		if t.Failed() {
			for _, c := range copies {
				c.mu.Lock()
				t.Logf("log of %s:\n%s", c.addr, c.logs)
				c.mu.Unlock()
			}
		}
	})
}

// waitForTasks waits until n periodic tasks have been enqueued and returns
// how often each was.
func waitForTasks(t *testing.T, db *sql.DB, n int) map[string]int {
	t.Helper()
	deadline := time.Now().Add(40 * time.Second)
	for {
		tasks := map[string]int{}
		rows, err := db.Query(`SELECT args->>'name', COUNT(*) FROM river_job WHERE kind = 'task' GROUP BY 1`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var name string
			var count int
			if err := rows.Scan(&name, &count); err != nil {
				t.Fatal(err)
			}
			tasks[name] = count
		}
		rows.Close()
		if len(tasks) >= n || time.Now().After(deadline) {
			return tasks
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// waitMailQueueIdle waits until no e-mail job is waiting, running or due for
// a retry: everything queued so far has been delivered (or given up).
func waitMailQueueIdle(t *testing.T, db *sql.DB) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		var pending int
		err := db.QueryRow(`SELECT COUNT(*) FROM river_job WHERE kind = 'send_email'
			AND state NOT IN ('completed', 'discarded', 'cancelled')`).Scan(&pending)
		if err != nil {
			t.Fatal(err)
		}
		if pending == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d e-mail jobs still pending after 30s", pending)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// waitForFreshMinute keeps a burst of writes inside one minute of the shared
// limit's fixed window.
func waitForFreshMinute() {
	if now := time.Now(); now.Second() >= 50 {
		time.Sleep(now.Truncate(time.Minute).Add(time.Minute).Sub(now))
	}
}

// serverCopy is one running `quotegrade serve`.
type serverCopy struct {
	addr string
	cmd  *exec.Cmd
	logs *bytes.Buffer
	mu   sync.Mutex
}

func newCopy(t *testing.T, bin string, env []string) *serverCopy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	c := &serverCopy{addr: addr, logs: &bytes.Buffer{}}
	c.cmd = exec.Command(bin, "serve", "--addr", addr, "--data-dir", t.TempDir())
	c.cmd.Env = env
	return c
}

func (c *serverCopy) start(t *testing.T) {
	stderr, err := c.cmd.StderrPipe()
	if err != nil {
		t.Error(err)
		return
	}
	if err := c.cmd.Start(); err != nil {
		t.Error(err)
		return
	}
	t.Cleanup(func() {
		c.cmd.Process.Signal(syscall.SIGTERM)
		c.cmd.Wait()
	})
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			c.mu.Lock()
			c.logs.WriteString(sc.Text() + "\n")
			c.mu.Unlock()
		}
	}()
}

func (c *serverCopy) waitHealthy(t *testing.T) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if res, err := http.Get("http://" + c.addr + "/api/health"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return
			}
		}
		if c.cmd.ProcessState != nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	t.Fatalf("copy on %s did not become healthy; its log:\n%s", c.addr, c.logs)
}

// kill ends the copy at once, as a crash or a lost machine would.
func (c *serverCopy) kill(t *testing.T) {
	t.Helper()
	if err := c.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	c.cmd.Wait()
}

// signInBroker signs in as the local admin on this copy (it listens on
// loopback without Google) and returns a bearer token.
func (c *serverCopy) signInBroker(t *testing.T) string {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar}
	base := "http://" + c.addr
	res, err := client.Post(base+"/api/auth/local-admin", "application/json", nil)
	if err != nil || res.StatusCode != http.StatusNoContent {
		t.Fatalf("local admin sign-in: %v %v", err, res)
	}
	res.Body.Close()
	return testsupport.MintToken(t, client, base)
}

// importThisWeek applies a fresh week of market data on this copy, as the
// broker's Market data page does; each copy answers from its own cache.
func (c *serverCopy) importThisWeek(t *testing.T) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), "POST", "http://"+c.addr+"/api/admin/market-data/apply", bytes.NewReader(testsupport.FreshWeekCSV(time.Now())))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "text/csv")
	req.Header.Set("Authorization", "Bearer "+c.signInBroker(t))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("import this week on %s: %v", c.addr, err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(res.Body)
		t.Fatalf("import this week on %s: %d %s", c.addr, res.StatusCode, body)
	}
}

func (c *serverCopy) doAs(t *testing.T, token, method, path string, body any) answer {
	return send(t, http.DefaultClient, method, "http://"+c.addr+path, body, map[string]string{"Authorization": "Bearer " + token})
}

// failoverProxy is testsupport's proxy in front of the copies, listening.
type failoverProxy struct {
	*httptest.Server
	*testsupport.FailoverProxy
}

func startFailoverProxy(t *testing.T) *failoverProxy {
	p := testsupport.NewFailoverProxy()
	srv := httptest.NewServer(p)
	t.Cleanup(srv.Close)
	return &failoverProxy{Server: srv, FailoverProxy: p}
}

// proxyClient is a visitor reaching the proxy from its own address.
type proxyClient struct {
	base   string
	client *http.Client
}

// clientFrom is a visitor connecting from 127.0.0.n (Linux routes all of
// 127/8 to loopback), an address the copies do not trust.
func (p *failoverProxy) clientFrom(t *testing.T, n int) *proxyClient {
	local := &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(n))}
	dialer := &net.Dialer{LocalAddr: local, Timeout: 5 * time.Second}
	tr := &http.Transport{DialContext: dialer.DialContext, DisableKeepAlives: true}
	t.Cleanup(tr.CloseIdleConnections)
	return &proxyClient{base: p.URL, client: &http.Client{Transport: tr, Timeout: 30 * time.Second}}
}

func (c *proxyClient) do(t *testing.T, method, path string, body any) answer {
	return send(t, c.client, method, c.base+path, body, nil)
}

type answer struct {
	status  int
	body    []byte
	backend string
}

func (a answer) json(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(a.body, &m); err != nil {
		t.Fatalf("not JSON: %s", a.body)
	}
	return m
}

func send(t *testing.T, client *http.Client, method, url string, body any, headers map[string]string) answer {
	t.Helper()
	var rd io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	res, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return answer{status: res.StatusCode, body: raw, backend: res.Header.Get(testsupport.BackendHeader)}
}

// waitForMailTo waits for the first e-mail to address at the SMTP server.
func waitForMailTo(t *testing.T, smtp *testsupport.SMTPServer, address string) testsupport.Received {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		for _, m := range smtp.Messages() {
			for _, to := range m.To {
				if to == address {
					return m
				}
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("no e-mail to %s within 30s", address)
	return testsupport.Received{}
}
