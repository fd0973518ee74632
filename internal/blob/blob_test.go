package blob_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"quotegrade/internal/blob"
	"quotegrade/internal/blob/blobtest"
	"quotegrade/internal/testsupport"
	"quotegrade/internal/vocab"
)

func newLocal(t *testing.T, now func() time.Time) (*blob.Local, *httptest.Server) {
	l, err := blob.NewLocal(t.TempDir(), bytes.Repeat([]byte("k"), 32), now)
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle(blob.LocalPath, l.Handler())
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return l, srv
}

func TestLocalStore(t *testing.T) {
	l, srv := newLocal(t, time.Now)
	blobtest.Run(t, blobtest.Env{Store: l, Base: srv.URL, ChecksSignatures: true})
}

// The S3 path runs against an S3 server in the test process, not a mock client.
func TestS3Store(t *testing.T) {
	cfg := testsupport.StartS3(t)
	blobtest.Run(t, blobtest.Env{Store: blob.NewS3(cfg), Base: cfg.Endpoint})
}

func TestLocalSignedURLRules(t *testing.T) {
	l, srv := newLocal(t, time.Now)
	ctx := context.Background()
	put := func(url, ct string, body []byte) int {
		req, _ := http.NewRequest("PUT", srv.URL+url, bytes.NewReader(body))
		req.Header.Set("Content-Type", ct)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	up, _ := l.UploadURL(ctx, "uploads/a.pdf", "application/pdf", time.Minute)
	if code := put(up, "application/pdf", []byte("%PDF-1.4")); code != 200 {
		t.Fatalf("first upload: %d", code)
	}
	if code := put(up, "application/pdf", []byte("%PDF-1.4 replaced")); code != http.StatusConflict {
		t.Fatalf("second use of the upload URL: %d, want 409", code)
	}
	up2, _ := l.UploadURL(ctx, "uploads/b.pdf", "application/pdf", time.Minute)
	if code := put(up2, "text/html", []byte("<html>")); code != http.StatusBadRequest {
		t.Fatalf("other content type than signed: %d, want 400", code)
	}
	big := bytes.Repeat([]byte("x"), vocab.MaxUploadBytes+1)
	if code := put(up2, "application/pdf", big); code != http.StatusRequestEntityTooLarge {
		t.Fatalf("11 MB upload: %d, want 413", code)
	}
	if _, _, err := l.Open(ctx, "uploads/b.pdf"); err != blob.ErrNotFound {
		t.Fatalf("a refused upload left a file: %v", err)
	}
	traversal := strings.Replace(up2, "uploads/b.pdf", "uploads/../../etc/passwd", 1)
	if code := put(traversal, "application/pdf", []byte("%PDF")); code != http.StatusForbidden && code != http.StatusNotFound {
		t.Fatalf("path with ../: %d", code)
	}
	dl, _ := l.DownloadURL(ctx, "uploads/a.pdf", "a.pdf", "application/pdf", time.Minute)
	if code := put(dl, "application/pdf", []byte("%PDF")); code != http.StatusForbidden {
		t.Fatalf("PUT with a download URL: %d, want 403", code)
	}
	for _, key := range []string{"../x", "/etc/passwd", "uploads/a b.pdf", "uploads/%2e%2e/x", ""} {
		if blob.ValidKey(key) {
			t.Errorf("ValidKey(%q) = true", key)
		}
	}
}

// The hard limit counts the bytes that arrive: a body sent without a length
// (chunked) is cut off at 10 MB just the same, and leaves no file.
func TestLocalLimitOnReceivedBytes(t *testing.T) {
	l, srv := newLocal(t, time.Now)
	up, _ := l.UploadURL(context.Background(), "uploads/chunked.pdf", "application/pdf", time.Minute)
	body := io.MultiReader(strings.NewReader("%PDF-1.4\n"), io.LimitReader(zeros{}, vocab.MaxUploadBytes))
	req, _ := http.NewRequest("PUT", srv.URL+up, body)
	req.Header.Set("Content-Type", "application/pdf")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if req.ContentLength != 0 {
		t.Fatalf("the request declared a length (%d): this test needs a chunked body", req.ContentLength)
	}
	var refusal struct{ Error string }
	json.NewDecoder(res.Body).Decode(&refusal) //nolint:errcheck // checked below
	if res.StatusCode != http.StatusRequestEntityTooLarge || refusal.Error != vocab.MsgUploadTooLarge {
		t.Fatalf("chunked 10 MB + 9 bytes: %d %q, want 413 %q", res.StatusCode, refusal.Error, vocab.MsgUploadTooLarge)
	}
	if _, _, err := l.Open(context.Background(), "uploads/chunked.pdf"); err != blob.ErrNotFound {
		t.Fatalf("a refused upload left a file: %v", err)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// A download link works until it expires; replayed later, it is refused,
// and a link without its signature never works.
func TestLocalDownloadLinkExpires(t *testing.T) {
	now := time.Now()
	l, srv := newLocal(t, func() time.Time { return now })
	ctx := context.Background()
	if _, err := l.Create("uploads/q.pdf", strings.NewReader("%PDF-1.4")); err != nil {
		t.Fatal(err)
	}
	link, _ := l.DownloadURL(ctx, "uploads/q.pdf", "q.pdf", "application/pdf", 5*time.Minute)
	get := func(u string) (int, string) {
		res, err := http.Get(srv.URL + u)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	if code, body := get(link); code != 200 || body != "%PDF-1.4" {
		t.Fatalf("download within its time: %d %q", code, body)
	}
	now = now.Add(5*time.Minute + 2*time.Second)
	if code, body := get(link); code != http.StatusForbidden || !strings.Contains(body, blob.ErrBadSignature.Error()) {
		t.Fatalf("download replayed after expiry: %d %s", code, body)
	}
	if code, _ := get(blob.LocalPath + "uploads/q.pdf"); code != http.StatusForbidden {
		t.Fatalf("download without a signature: %d", code)
	}
}
