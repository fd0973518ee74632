package testsupport

import (
	"context"
	"fmt"
	"net/http/httptest"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"quotegrade/internal/blob"
	"quotegrade/internal/config"
)

// StartS3 starts an S3 server (gofakes3, in memory) inside the test process
// with an empty bucket, and returns the settings that reach it. It speaks the
// real S3 protocol to the real SDK; it does not check signatures.
func StartS3(t testing.TB) blob.S3Config {
	t.Helper()
	cfg, stop, err := ListenS3(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	return cfg
}

// ListenS3 is StartS3 outside a Go test (the browser tests' cluster); stop
// closes the server.
func ListenS3(ctx context.Context) (cfg blob.S3Config, stop func(), err error) {
	srv := httptest.NewServer(gofakes3.New(s3mem.New()).Server())
	cfg = blob.S3Config{Endpoint: srv.URL, Region: "us-west-2", Bucket: "quotes", AccessKey: "test", SecretKey: "test", PathStyle: true}
	if _, err := blob.NewS3Client(cfg).CreateBucket(ctx, &s3.CreateBucketInput{Bucket: &cfg.Bucket}); err != nil {
		srv.Close()
		return cfg, nil, fmt.Errorf("create test bucket: %w", err)
	}
	return cfg, srv.Close, nil
}

// WithS3 is a StartServer option keeping uploads in the bucket c.
func WithS3(c blob.S3Config) func(*config.Config) {
	return func(cfg *config.Config) {
		cfg.S3 = config.S3{Bucket: c.Bucket, Endpoint: c.Endpoint, Region: c.Region, AccessKey: c.AccessKey, SecretKey: c.SecretKey, PathStyle: c.PathStyle}
	}
}
