package upload_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/google/uuid"

	"quotegrade/internal/apperr"
	"quotegrade/internal/blob"
	"quotegrade/internal/testsupport"
	"quotegrade/internal/upload"
	"quotegrade/internal/vocab"
)

// backend is one blob store as the browser and the checks meet it.
type backend struct {
	name  string
	blobs blob.Store
	base  string // where the store's relative links resolve
	// replace puts data under key as a store that accepted it would hold it
	// (S3 takes any size and any number of PUTs; the checks must still hold).
	replace func(t *testing.T, key string, data []byte)
}

func backends(t *testing.T) []backend {
	local, err := blob.NewLocal(t.TempDir(), bytes.Repeat([]byte("k"), 32), time.Now)
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle(blob.LocalPath, local.Handler())
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	cfg := testsupport.StartS3(t)
	client := blob.NewS3Client(cfg)
	return []backend{
		{name: "local", blobs: local, base: srv.URL, replace: func(t *testing.T, key string, data []byte) {
			if err := local.Delete(context.Background(), key); err != nil {
				t.Fatal(err)
			}
			if _, err := local.Create(key, bytes.NewReader(data)); err != nil {
				t.Fatal(err)
			}
		}},
		{name: "s3", blobs: blob.NewS3(cfg), base: cfg.Endpoint, replace: func(t *testing.T, key string, data []byte) {
			if _, err := client.PutObject(context.Background(), &s3.PutObjectInput{Bucket: &cfg.Bucket, Key: &key, Body: bytes.NewReader(data)}); err != nil {
				t.Fatal(err)
			}
		}},
	}
}

// send does what the browser does: ask for a link and PUT the bytes to it.
func send(t *testing.T, b backend, svc *upload.Service, name, contentType string, data []byte) string {
	t.Helper()
	link, err := svc.Presign(context.Background(), upload.Request{FileName: str(name), FileType: str(contentType)}, "203.0.113.7")
	if err != nil {
		t.Fatal(err)
	}
	url := link.SignedURL
	if !strings.HasPrefix(url, "http") {
		url = b.base + url
	}
	req, _ := http.NewRequest("PUT", url, bytes.NewReader(data))
	req.Header.Set("Content-Type", contentType)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("PUT %s: %d", name, res.StatusCode)
	}
	return link.Key
}

var (
	pdfBytes  = []byte("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")
	exeBytes  = append([]byte("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00"), bytes.Repeat([]byte{0}, 200)...)
	htmlBytes = []byte("<!DOCTYPE html><html><script>alert(document.cookie)</script></html>")
	// An OLE compound file whose content says PowerPoint: the same container
	// as a .doc, but not a Word document.
	pptBytes = func() []byte {
		b := make([]byte, 600)
		copy(b, "\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1")
		copy(b[512:], "\xA0\x46\x1D\xF0")
		return b
	}()
)

// Both stores pass the same checks: the file is judged by the bytes stored,
// never by its name, its claimed type or the size the client announced.
func TestChecksOnBothStores(t *testing.T) {
	for _, b := range backends(t) {
		t.Run(b.name, func(t *testing.T) {
			ctx := context.Background()
			svc := upload.NewService(testsupport.NewSQLite(t), b.blobs, time.Now)

			t.Run("a real PDF passes, as what it is", func(t *testing.T) {
				key := send(t, b, svc, "My Quote.pdf", "application/pdf", pdfBytes)
				c, err := svc.Check(ctx, key)
				if err != nil || c.DetectedType != "application/pdf" || c.Upload.FileName != "My Quote.pdf" {
					t.Fatalf("check: %+v %v", c, err)
				}
			})

			refused := []struct {
				name, file, contentType string
				data                    []byte
				message                 string
			}{
				{"an .exe renamed .pdf", "quote.pdf", "application/pdf", exeBytes, "The file's content is not a .pdf file. " + upload.MsgFileType},
				{"HTML renamed .png", "quote.png", "image/png", htmlBytes, "The file's content is not a .png file. " + upload.MsgFileType},
				{"HTML renamed .pdf", "quote.pdf", "application/pdf", htmlBytes, "The file's content is not a .pdf file. " + upload.MsgFileType},
				{"a PowerPoint file renamed .doc", "quote.doc", "application/msword", pptBytes, "The file's content is not a .doc file. " + upload.MsgFileType},
			}
			for _, tc := range refused {
				t.Run(tc.name, func(t *testing.T) {
					key := send(t, b, svc, tc.file, tc.contentType, tc.data)
					_, err := svc.Check(ctx, key)
					var invalid *apperr.Invalid
					if !errors.As(err, &invalid) || invalid.Message != tc.message || invalid.Fields["file"] != tc.message {
						t.Fatalf("check: %v, want %q", err, tc.message)
					}
					expectGone(t, b, svc, key)
				})
			}

			t.Run("more than 10 MB stored, whatever was announced", func(t *testing.T) {
				key := send(t, b, svc, "big.pdf", "application/pdf", pdfBytes)
				b.replace(t, key, append(append([]byte{}, pdfBytes...), bytes.Repeat([]byte("0"), vocab.MaxUploadBytes)...))
				_, err := svc.Check(ctx, key)
				var invalid *apperr.Invalid
				if !errors.As(err, &invalid) || invalid.Message != "File size must be less than 10MB" {
					t.Fatalf("check: %v", err)
				}
				expectGone(t, b, svc, key)
			})

			t.Run("a file replaced after its check", func(t *testing.T) {
				key := send(t, b, svc, "quote.pdf", "application/pdf", pdfBytes)
				if _, err := svc.Check(ctx, key); err != nil {
					t.Fatal(err)
				}
				b.replace(t, key, append(append([]byte{}, pdfBytes...), "% changed"...))
				if _, err := svc.Check(ctx, key); !errors.Is(err, upload.ErrUnknownUpload) {
					t.Fatalf("check after replacement: %v", err)
				}
				if _, err := svc.DownloadURL(ctx, key); err == nil {
					t.Fatal("a download link for a replaced file")
				}
			})
		})
	}
}

func expectGone(t *testing.T, b backend, svc *upload.Service, key string) {
	t.Helper()
	if _, _, err := b.blobs.Open(context.Background(), key); !errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("a refused file is still stored: %v", err)
	}
	if err := svc.Attachable(context.Background(), key); !errors.Is(err, upload.ErrUnknownUpload) {
		t.Fatalf("a refused file can be attached: %v", err)
	}
}

// Keys are random (version-4 UUIDs, 122 bits): one upload's key says nothing
// about another's.
func TestKeysCannotBeGuessed(t *testing.T) {
	svc := upload.NewService(testsupport.NewSQLite(t), backends(t)[0].blobs, time.Now)
	shape := regexp.MustCompile(`^uploads/([0-9a-f-]{36})\.pdf$`)
	seen := map[string]bool{}
	for i := range 20 {
		client := fmt.Sprintf("203.0.113.%d", i) // each within its quota
		link, err := svc.Presign(context.Background(), upload.Request{FileName: str("Quote.PDF"), FileType: str("application/pdf")}, client)
		if err != nil {
			t.Fatal(err)
		}
		m := shape.FindStringSubmatch(link.Key)
		if m == nil {
			t.Fatalf("key %q", link.Key)
		}
		if id := uuid.MustParse(m[1]); id.Version() != 4 || seen[link.Key] {
			t.Fatalf("key %q: version %d, seen before %v", link.Key, id.Version(), seen[link.Key])
		}
		seen[link.Key] = true
	}
}
