// Package blobtest is the behaviour suite both blob stores must pass: files
// go up through the signed URL the browser would use and come back whole.
package blobtest

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"quotegrade/internal/blob"
)

// Env is one store under test and the base URL its relative URLs resolve against.
type Env struct {
	Store blob.Store
	Base  string
	// ChecksSignatures: the server behind Base refuses bad signatures.
	ChecksSignatures bool
}

// Run runs the suite.
func Run(t *testing.T, env Env) {
	ctx := context.Background()
	pdf := append([]byte("%PDF-1.7\n"), bytes.Repeat([]byte("x"), 4096)...)
	key := "uploads/" + strings.ReplaceAll(t.Name(), "/", "-") + ".pdf"

	put := func(url, contentType string, body []byte) int {
		req, _ := http.NewRequestWithContext(ctx, "PUT", absolute(env.Base, url), bytes.NewReader(body))
		req.Header.Set("Content-Type", contentType)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}

	up, err := env.Store.UploadURL(ctx, key, "application/pdf", 5*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if code := put(up, "application/pdf", pdf); code != 200 {
		t.Fatalf("upload through the signed URL: %d", code)
	}
	r, size, err := env.Store.Open(ctx, key)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(r)
	r.Close()
	if size != int64(len(pdf)) || !bytes.Equal(got, pdf) {
		t.Fatalf("read back %d bytes (size %d), want the %d uploaded", len(got), size, len(pdf))
	}

	t.Run("download is an attachment with the same bytes", func(t *testing.T) {
		dl, err := env.Store.DownloadURL(ctx, key, "my quote.pdf", "application/pdf", time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		res, err := http.Get(absolute(env.Base, dl))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 || !bytes.Equal(body, pdf) {
			t.Fatalf("download: %d, %d bytes", res.StatusCode, len(body))
		}
		if cd := res.Header.Get("Content-Disposition"); !strings.HasPrefix(cd, "attachment") || !strings.Contains(cd, "my quote.pdf") {
			t.Fatalf("Content-Disposition %q", cd)
		}
		// Served as the type the server names (the detected one), never sniffed.
		if ct := res.Header.Get("Content-Type"); ct != "application/pdf" {
			t.Fatalf("Content-Type %q, want application/pdf", ct)
		}
	})

	if env.ChecksSignatures {
		signatureCases(t, env, put, pdf)
	}

	t.Run("delete", func(t *testing.T) {
		if err := env.Store.Delete(ctx, key); err != nil {
			t.Fatal(err)
		}
		if _, _, err := env.Store.Open(ctx, key); err != blob.ErrNotFound {
			t.Fatalf("open after delete: %v", err)
		}
		if err := env.Store.Delete(ctx, key); err != nil {
			t.Fatalf("deleting a missing file: %v", err)
		}
	})
}

func absolute(base, u string) string {
	if strings.HasPrefix(u, "http") {
		return u
	}
	return base + u
}

// signatureCases run only where the server checks signatures: a real store,
// or our Local handler. (gofakes3, the S3 server of the tests, accepts any
// signature, so there these would test nothing of ours.)
func signatureCases(t *testing.T, env Env, put func(url, contentType string, body []byte) int, pdf []byte) {
	ctx := context.Background()
	// uploaded puts the PDF under a key named for the test, and answers the
	// key and the upload link it used.
	uploaded := func(t *testing.T) (key, link string) {
		t.Helper()
		key = "uploads/" + strings.ReplaceAll(t.Name(), "/", "-") + ".pdf"
		link, err := env.Store.UploadURL(ctx, key, "application/pdf", time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if code := put(link, "application/pdf", pdf); code != 200 {
			t.Fatalf("upload: %d", code)
		}
		return key, link
	}
	t.Run("tampered signature refused", func(t *testing.T) {
		other, _ := env.Store.UploadURL(ctx, "uploads/other.pdf", "application/pdf", 5*time.Minute)
		tampered := strings.Replace(other, "uploads/other.pdf", "uploads/evil.pdf", 1)
		if code := put(tampered, "application/pdf", pdf); code != http.StatusForbidden {
			t.Fatalf("upload with a signature for another key: %d, want 403", code)
		}
	})
	t.Run("expired URL refused", func(t *testing.T) {
		old, _ := env.Store.UploadURL(ctx, "uploads/late.pdf", "application/pdf", -time.Minute)
		if code := put(old, "application/pdf", pdf); code != http.StatusForbidden {
			t.Fatalf("upload after expiry: %d, want 403", code)
		}
		key, _ := uploaded(t)
		down, err := env.Store.DownloadURL(ctx, key, "late.pdf", "application/pdf", -time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if code := get(t, env, down); code != http.StatusForbidden {
			t.Fatalf("download after expiry: %d, want 403", code)
		}
	})
	t.Run("a link is for its own operation", func(t *testing.T) {
		key, up := uploaded(t)
		if code := get(t, env, up); code != http.StatusForbidden {
			t.Fatalf("download with the upload link: %d, want 403", code)
		}
		down, err := env.Store.DownloadURL(ctx, key, "x.pdf", "application/pdf", time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if code := put(down, "application/pdf", pdf); code != http.StatusForbidden {
			t.Fatalf("upload with the download link: %d, want 403", code)
		}
	})
}

func get(t *testing.T, env Env, url string) int {
	t.Helper()
	res, err := http.Get(absolute(env.Base, url))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}
