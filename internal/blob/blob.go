// Package blob keeps uploaded files behind one interface with two
// implementations: a folder in the data dir (the embedded default; the
// server itself answers the signed URLs) and any S3-compatible store
// (presigned URLs from aws-sdk-go-v2).
package blob

import (
	"context"
	"errors"
	"io"
	"time"
)

// ErrNotFound: no object under the key.
var ErrNotFound = errors.New("no such file")

// Store holds uploaded files by key.
type Store interface {
	// UploadURL is where the browser PUTs the file, with this content type.
	UploadURL(ctx context.Context, key, contentType string, ttl time.Duration) (string, error)
	// DownloadURL is a short-lived URL that downloads the file as an
	// attachment named fileName, served as contentType.
	DownloadURL(ctx context.Context, key, fileName, contentType string, ttl time.Duration) (string, error)
	// Open reads the file and tells its size.
	Open(ctx context.Context, key string) (io.ReadCloser, int64, error)
	// Delete removes the file; a missing file is not an error.
	Delete(ctx context.Context, key string) error
}
