package testsupport

import (
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
	srv := httptest.NewServer(gofakes3.New(s3mem.New()).Server())
	t.Cleanup(srv.Close)
	cfg := blob.S3Config{Endpoint: srv.URL, Region: "us-west-2", Bucket: "quotes", AccessKey: "test", SecretKey: "test", PathStyle: true}
	if _, err := blob.NewS3Client(cfg).CreateBucket(t.Context(), &s3.CreateBucketInput{Bucket: &cfg.Bucket}); err != nil {
		t.Fatalf("create test bucket: %v", err)
	}
	return cfg
}

// WithS3 is a StartServer option keeping uploads in the bucket c.
func WithS3(c blob.S3Config) func(*config.Config) {
	return func(cfg *config.Config) {
		cfg.S3 = config.S3{Bucket: c.Bucket, Endpoint: c.Endpoint, Region: c.Region, AccessKey: c.AccessKey, SecretKey: c.SecretKey, PathStyle: c.PathStyle}
	}
}
