package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"quotegrade/internal/config"
	"quotegrade/internal/store/sqlite"
	"quotegrade/internal/testsupport"
)

// A backup taken while visitors keep submitting opens as a working database
// and holds every request the server had answered with success before the
// backup began.
func TestBackupWhileWritesGoOn(t *testing.T) {
	var dbPath string
	srv := testsupport.StartServer(t, func(c *config.Config) { dbPath = c.SQLitePath() })
	body, _ := json.Marshal(testsupport.PurchasePayload(nil))

	var mu sync.Mutex
	var acknowledged []string
	stop, done := make(chan struct{}), make(chan struct{})
	enough := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-stop:
				return
			default:
			}
			res, err := srv.Client().Post(srv.URL+"/api/quote-requests/submit", "application/json", bytes.NewReader(body))
			if err != nil {
				t.Errorf("submit: %v", err)
				return
			}
			var created struct{ ID string }
			json.NewDecoder(res.Body).Decode(&created)
			res.Body.Close()
			if res.StatusCode != http.StatusCreated {
				t.Errorf("submit answered %d", res.StatusCode)
				return
			}
			mu.Lock()
			acknowledged = append(acknowledged, created.ID)
			if len(acknowledged) == 20 {
				close(enough)
			}
			mu.Unlock()
		}
	}()
	<-enough
	mu.Lock()
	before := append([]string(nil), acknowledged...)
	mu.Unlock()

	dst := filepath.Join(t.TempDir(), "copy.db")
	var out bytes.Buffer
	err := run([]string{"backup", dst, "--database-url", "sqlite:" + dbPath}, func(string) string { return "" }, &out, io.Discard)
	close(stop)
	<-done
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "backed up") {
		t.Errorf("backup said %q", out.String())
	}

	restored, err := sqlite.Open(context.Background(), dst)
	if err != nil {
		t.Fatalf("the backup does not open: %v", err)
	}
	defer restored.Close()
	for _, id := range before {
		if _, err := restored.GetQuoteRequest(context.Background(), id); err != nil {
			t.Errorf("acknowledged request %s is missing from the backup: %v", id, err)
		}
	}
	var check string
	if err := restored.DB().QueryRow("PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
		t.Errorf("integrity check of the backup: %q %v", check, err)
	}
}

func TestBackupRefusals(t *testing.T) {
	noEnv := func(string) string { return "" }
	dir := t.TempDir()
	if err := run([]string{"migrate", "--data-dir", dir}, noEnv, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	existing := filepath.Join(dir, "quotegrade.db")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"backup"}, "usage: quotegrade backup PATH"},
		{[]string{"backup", existing, "--data-dir", dir}, "already exists"},
		{[]string{"backup", filepath.Join(dir, "b.db"), "--data-dir", t.TempDir()}, "no database at"},
		{[]string{"backup", filepath.Join(dir, "b.db"), "--database-url", "postgres://qg@db.example:5432/qg"}, "use pg_dump"},
	} {
		err := run(c.args, noEnv, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want %q", c.args, err, c.want)
		}
	}
}
