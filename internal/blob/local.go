package blob

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Local keeps files in a folder and signs URLs that the server answers at
// LocalPath (see httpapi): HMAC-SHA256 over the operation, key, expiry and
// content type, with a key from settings or one kept in the data dir.
type Local struct {
	root string
	key  []byte
	now  func() time.Time
}

// LocalPath is where the server answers the signed URLs.
const LocalPath = "/api/uploads/local/"

// NewLocal keeps files under root, signing with key.
func NewLocal(root string, key []byte, now func() time.Time) (*Local, error) {
	if len(key) < 32 {
		return nil, errors.New("upload signing key must be at least 32 bytes")
	}
	if err := os.MkdirAll(root, 0o700); err != nil {
		return nil, fmt.Errorf("create upload folder: %w", err)
	}
	return &Local{root: root, key: key, now: now}, nil
}

// Operations a signed URL allows.
const (
	OpPut = "put"
	OpGet = "get"
)

func (l *Local) sign(op, key string, exp int64, contentType, fileName string) string {
	m := hmac.New(sha256.New, l.key)
	fmt.Fprintf(m, "%s\n%s\n%d\n%s\n%s", op, key, exp, contentType, fileName)
	return hex.EncodeToString(m.Sum(nil))
}

func (l *Local) signedURL(op, key, contentType, fileName string, ttl time.Duration) string {
	exp := l.now().Add(ttl).Unix()
	q := url.Values{"op": {op}, "exp": {strconv.FormatInt(exp, 10)}, "ct": {contentType}}
	if fileName != "" {
		q.Set("name", fileName)
	}
	q.Set("sig", l.sign(op, key, exp, contentType, fileName))
	return LocalPath + key + "?" + q.Encode()
}

func (l *Local) UploadURL(_ context.Context, key, contentType string, ttl time.Duration) (string, error) {
	return l.signedURL(OpPut, key, contentType, "", ttl), nil
}

func (l *Local) DownloadURL(_ context.Context, key, fileName, contentType string, ttl time.Duration) (string, error) {
	return l.signedURL(OpGet, key, contentType, fileName, ttl), nil
}

// Signed is a verified signed request.
type Signed struct {
	Op, Key, ContentType, FileName string
}

// ErrBadSignature: the URL was altered, is for another key or operation, or expired.
var ErrBadSignature = errors.New("This link is invalid or has expired")

// Verify checks a signed URL's key and query.
func (l *Local) Verify(key string, q url.Values) (Signed, error) {
	exp, err := strconv.ParseInt(q.Get("exp"), 10, 64)
	if err != nil || !ValidKey(key) {
		return Signed{}, ErrBadSignature
	}
	s := Signed{Op: q.Get("op"), Key: key, ContentType: q.Get("ct"), FileName: q.Get("name")}
	want := l.sign(s.Op, key, exp, s.ContentType, s.FileName)
	if !hmac.Equal([]byte(want), []byte(q.Get("sig"))) || l.now().Unix() > exp {
		return Signed{}, ErrBadSignature
	}
	return s, nil
}

// ValidKey accepts only keys this package hands out: no "..", no absolute
// paths, nothing but letters, digits, dashes, dots and one folder level.
func ValidKey(key string) bool {
	if key == "" || len(key) > 200 || strings.Contains(key, "..") || strings.HasPrefix(key, "/") {
		return false
	}
	for _, r := range key {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./", r)) {
			return false
		}
	}
	return true
}

func (l *Local) path(key string) (string, error) {
	if !ValidKey(key) {
		return "", ErrBadSignature
	}
	return filepath.Join(l.root, filepath.FromSlash(key)), nil
}

// Create writes a new file from r, refusing an existing key (a signed upload
// URL works once). The file appears whole or not at all.
func (l *Local) Create(key string, r io.Reader) (int64, error) {
	p, err := l.path(key)
	if err != nil {
		return 0, err
	}
	if _, err := os.Stat(p); err == nil {
		return 0, fs.ErrExist
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return 0, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(p), ".upload-*")
	if err != nil {
		return 0, err
	}
	defer os.Remove(tmp.Name())
	n, err := io.Copy(tmp, r)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return n, err
	}
	// Link, not rename: it fails if another upload won the race for the key.
	if err := os.Link(tmp.Name(), p); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return n, fs.ErrExist
		}
		return n, err
	}
	return n, nil
}

func (l *Local) Open(_ context.Context, key string) (io.ReadCloser, int64, error) {
	p, err := l.path(key)
	if err != nil {
		return nil, 0, err
	}
	f, err := os.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, 0, ErrNotFound
	}
	if err != nil {
		return nil, 0, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	return f, info.Size(), nil
}

func (l *Local) Delete(_ context.Context, key string) error {
	p, err := l.path(key)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// Reach checks that a file can be written to the folder, so a data dir the
// service user cannot write shows at start, not at the first upload.
func (l *Local) Reach(context.Context) error {
	f, err := os.CreateTemp(l.root, ".write-check-*")
	if err != nil {
		return fmt.Errorf("upload folder: %w", err)
	}
	f.Close()
	return os.Remove(f.Name())
}
