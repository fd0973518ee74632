// Command testcluster runs the site as a brokerage that outgrew one machine
// does, for the browser tests (e2e/tests/cluster.spec.ts): two copies of the
// real binary on one fresh PostgreSQL schema (QG_TEST_POSTGRES_URL), uploads
// in an S3 server, mail to an SMTP server that keeps it, behind a reverse
// proxy both copies trust. cmd/quotegrade's TestTwoCopiesBehindAProxy walks
// the same site over HTTP; this one lets Chromium walk it.
//
// A control endpoint tells the tests where everything is (GET /cluster),
// what mail arrived (GET /messages) and how many e-mails are still queued
// (GET /mail-queue). It answers /health once both copies are up.
package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the mail queue is read from the shared database

	"quotegrade/internal/testsupport"
)

func main() {
	binary := flag.String("binary", "bin/quotegrade", "the quotegrade binary both copies run")
	controlAddr := flag.String("control-addr", "127.0.0.1:0", "address of the control endpoint")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, *binary, *controlAddr); err != nil {
		log.Fatal(err)
	}
}

// cluster is what the control endpoint reports.
type cluster struct {
	Proxy  string   `json:"proxy"`
	Copies []string `json:"copies"`
}

func run(ctx context.Context, binary, controlAddr string) error {
	base := os.Getenv(testsupport.PostgresURLEnv)
	if base == "" {
		return fmt.Errorf("%s is not set: the cluster needs PostgreSQL", testsupport.PostgresURLEnv)
	}
	pgURL, dropSchema, err := testsupport.NewPostgresSchema(base)
	if err != nil {
		return err
	}
	defer dropSchema()
	bucket, stopS3, err := testsupport.ListenS3(ctx)
	if err != nil {
		return err
	}
	defer stopS3()
	sink, stopSMTP, err := testsupport.ListenSMTP("127.0.0.1:0", 0)
	if err != nil {
		return err
	}
	defer stopSMTP()
	proxy := testsupport.NewFailoverProxy()
	proxyLn, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return fmt.Errorf("listen for the proxy: %w", err)
	}
	proxySrv := &http.Server{Handler: proxy, ReadHeaderTimeout: 5 * time.Second}
	go proxySrv.Serve(proxyLn)
	defer proxySrv.Close()
	proxyURL := "http://" + proxyLn.Addr().String()

	// The copies' whole environment: nothing of the test runner's leaks in.
	env := []string{
		"QG_DATABASE_URL=" + pgURL, "QG_TRUSTED_PROXIES=127.0.0.1/32", "QG_PUBLIC_URL=" + proxyURL, "QG_SMTP_URL=" + sink.URL(),
		"QG_S3_BUCKET=" + bucket.Bucket, "QG_S3_ENDPOINT=" + bucket.Endpoint, "QG_S3_REGION=" + bucket.Region,
		"QG_S3_ACCESS_KEY=" + bucket.AccessKey, "QG_S3_SECRET_KEY=" + bucket.SecretKey, "QG_S3_PATH_STYLE=true",
		"QG_LOG_LEVEL=warn", "QG_BROKER_EMAIL=brokers@cluster.test",
	}
	copies, err := startCopies(ctx, binary, env, 2)
	defer func() {
		for _, c := range copies {
			c.stop()
		}
	}()
	if err != nil {
		return err
	}
	addrs := make([]string, len(copies))
	for i, c := range copies {
		addrs[i] = c.addr
	}
	proxy.SetBackends(addrs...)

	db, err := sql.Open("pgx", pgURL)
	if err != nil {
		return err
	}
	defer db.Close()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /health", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
	mux.HandleFunc("GET /cluster", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, cluster{Proxy: proxyURL, Copies: addrs})
	})
	mux.HandleFunc("GET /messages", testsupport.MessagesHandler(sink))
	mux.HandleFunc("GET /mail-queue", func(w http.ResponseWriter, r *http.Request) {
		n, err := pendingMail(r.Context(), db)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		writeJSON(w, map[string]int{"pending": n})
	})
	ln, err := net.Listen("tcp", controlAddr)
	if err != nil {
		return fmt.Errorf("listen for control on %s: %w", controlAddr, err)
	}
	control := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go control.Serve(ln)
	defer control.Close()
	log.Printf("testcluster: proxy %s in front of %s, control http://%s", proxyURL, strings.Join(addrs, " and "), ln.Addr())
	<-ctx.Done()
	return nil
}

// pendingMail counts the e-mail jobs waiting, running or due for a retry:
// none means everything queued so far was delivered (or given up).
func pendingMail(ctx context.Context, db *sql.DB) (int, error) {
	var n int
	err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM river_job WHERE kind = 'send_email'
		AND state NOT IN ('completed', 'discarded', 'cancelled')`).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("count queued e-mails: %w", err)
	}
	return n, nil
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	if err := json.NewEncoder(w).Encode(v); err != nil {
		log.Printf("testcluster: write answer: %v", err)
	}
}

// serverCopy is one running `quotegrade serve`.
type serverCopy struct {
	addr string
	cmd  *exec.Cmd
	dir  string
}

// startCopies starts n copies at the same moment, so they run the migrations
// on the empty schema at once, and waits until each answers its health check.
func startCopies(ctx context.Context, binary string, env []string, n int) ([]*serverCopy, error) {
	copies := make([]*serverCopy, 0, n)
	for range n {
		c, err := startCopy(binary, env)
		if err != nil {
			return copies, err
		}
		copies = append(copies, c)
	}
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i, c := range copies {
		wg.Go(func() { errs[i] = c.waitHealthy(ctx) })
	}
	wg.Wait()
	return copies, errors.Join(errs...)
}

func startCopy(binary string, env []string) (*serverCopy, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	dir, err := os.MkdirTemp("", "quotegrade-copy-")
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(binary, "serve", "--addr", addr, "--data-dir", dir)
	cmd.Env, cmd.Stdout, cmd.Stderr = env, os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("start %s: %w", binary, err)
	}
	return &serverCopy{addr: addr, cmd: cmd, dir: dir}, nil
}

func (c *serverCopy) waitHealthy(ctx context.Context) error {
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) && ctx.Err() == nil {
		if res, err := http.Get("http://" + c.addr + "/api/health"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Errorf("the copy on %s did not become healthy", c.addr)
}

// stop ends the copy as systemd would, and removes its data dir.
func (c *serverCopy) stop() {
	c.cmd.Process.Signal(syscall.SIGTERM)
	c.cmd.Wait()
	os.RemoveAll(c.dir)
}
