package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"quotegrade/internal/testsupport"
)

// The SQLite server commits concurrent submissions together (group commit,
// docs/decisions/0016-group-commit-and-statement-cache.md). Killed with SIGKILL in the middle of
// sixteen streams of submissions, it must have kept every submission it
// answered with 201: the answer comes only after the shared commit's fsync.
func TestSQLiteKilledMidStreamKeepsEveryAnsweredSubmission(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "quotegrade")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	dir, addr := t.TempDir(), freeAddr(t)
	start := func() *exec.Cmd {
		cmd := exec.Command(bin, "serve", "--addr", addr, "--data-dir", dir)
		cmd.Env = append(os.Environ(), "QG_WRITE_RATE_LIMIT=1000000", "QG_LOG_LEVEL=warn")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
		waitHealthy(t, "http://"+addr)
		return cmd
	}
	server := start()

	body, err := json.Marshal(testsupport.PurchasePayload(nil))
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var answered []string
	killAt := make(chan struct{})
	var once sync.Once
	var writers sync.WaitGroup
	for range 16 {
		writers.Go(func() {
			for {
				res, err := http.Post("http://"+addr+"/api/quote-requests/submit", "application/json", bytes.NewReader(body))
				if err != nil {
					return // the server is gone
				}
				var created struct{ ID string }
				decodeErr := json.NewDecoder(res.Body).Decode(&created)
				res.Body.Close()
				if res.StatusCode != http.StatusCreated || decodeErr != nil {
					// A write cut off by the kill may fail; it was not answered as stored.
					continue
				}
				mu.Lock()
				answered = append(answered, created.ID)
				if len(answered) == 300 {
					once.Do(func() { close(killAt) })
				}
				mu.Unlock()
			}
		})
	}
	select {
	case <-killAt:
	case <-time.After(60 * time.Second):
		t.Fatal("300 submissions were not answered within a minute")
	}
	if err := server.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	server.Wait()
	writers.Wait()

	start()
	mu.Lock()
	defer mu.Unlock()
	for _, id := range answered {
		res, err := http.Get("http://" + addr + "/api/quote-requests/" + id)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Fatalf("submission %s was answered 201 before the kill, but after restart it answers %d", id, res.StatusCode)
		}
	}
	t.Logf("all %d submissions answered before SIGKILL were kept", len(answered))
}
