package blob_test

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"quotegrade/internal/blob"
	"quotegrade/internal/blob/blobtest"
)

func newLocal(t *testing.T) (*blob.Local, *httptest.Server) {
	l, err := blob.NewLocal(t.TempDir(), bytes.Repeat([]byte("k"), 32), time.Now)
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
	l, srv := newLocal(t)
	blobtest.Run(t, blobtest.Env{Store: l, Base: srv.URL, ChecksSignatures: true})
}

// The S3 path runs against an S3 server in the test process, not a mock client.
func TestS3Store(t *testing.T) {
	fake := gofakes3.New(s3mem.New())
	srv := httptest.NewServer(fake.Server())
	t.Cleanup(srv.Close)
	cfg := blob.S3Config{Endpoint: srv.URL, Region: "us-west-2", Bucket: "quotes", AccessKey: "test", SecretKey: "test", PathStyle: true}
	store := blob.NewS3(cfg)
	if err := createBucket(cfg); err != nil {
		t.Fatal(err)
	}
	blobtest.Run(t, blobtest.Env{Store: store, Base: srv.URL})
}

func createBucket(c blob.S3Config) error {
	client := blob.NewS3Client(c)
	_, err := client.CreateBucket(context.Background(), &s3.CreateBucketInput{Bucket: &c.Bucket})
	return err
}

func TestLocalSignedURLRules(t *testing.T) {
	l, srv := newLocal(t)
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
	big := bytes.Repeat([]byte("x"), blob.MaxUploadBytes+1)
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
