package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/url"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
)

// S3Config names an S3-compatible bucket.
type S3Config struct {
	Endpoint  string // empty for AWS itself
	Region    string
	Bucket    string
	AccessKey string
	SecretKey string
	// PathStyle addresses the bucket in the path (MinIO, most self-hosted stores).
	PathStyle bool
}

// S3 keeps files in a bucket and hands out presigned URLs.
type S3 struct {
	client  *s3.Client
	presign *s3.PresignClient
	bucket  string
}

// NewS3 connects to the bucket described by c.
func NewS3(c S3Config) *S3 {
	client := NewS3Client(c)
	return &S3{client: client, presign: s3.NewPresignClient(client), bucket: c.Bucket}
}

// NewS3Client is the SDK client for c (for set-up tasks such as creating a bucket).
func NewS3Client(c S3Config) *s3.Client {
	return s3.New(s3.Options{
		Region:       c.Region,
		Credentials:  credentials.NewStaticCredentialsProvider(c.AccessKey, c.SecretKey, ""),
		BaseEndpoint: nilIfEmpty(c.Endpoint),
		UsePathStyle: c.PathStyle,
	})
}

func nilIfEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func (b *S3) UploadURL(ctx context.Context, key, contentType string, ttl time.Duration) (string, error) {
	req, err := b.presign.PresignPutObject(ctx, &s3.PutObjectInput{Bucket: &b.bucket, Key: &key, ContentType: &contentType},
		s3.WithPresignExpires(ttl))
	if err != nil {
		return "", fmt.Errorf("presign upload: %w", err)
	}
	return req.URL, nil
}

// Origin is the scheme and host that browsers PUT files to, for the site's
// Content-Security-Policy (connect-src). Presigning needs no network.
func (b *S3) Origin(ctx context.Context) (string, error) {
	signed, err := b.UploadURL(ctx, "uploads/origin", "application/octet-stream", time.Minute)
	if err != nil {
		return "", err
	}
	u, err := url.Parse(signed)
	if err != nil {
		return "", fmt.Errorf("parse presigned URL: %w", err)
	}
	return u.Scheme + "://" + u.Host, nil
}

func (b *S3) DownloadURL(ctx context.Context, key, fileName, contentType string, ttl time.Duration) (string, error) {
	disposition := mime.FormatMediaType("attachment", map[string]string{"filename": fileName})
	req, err := b.presign.PresignGetObject(ctx, &s3.GetObjectInput{Bucket: &b.bucket, Key: &key,
		ResponseContentDisposition: &disposition, ResponseContentType: &contentType}, s3.WithPresignExpires(ttl))
	if err != nil {
		return "", fmt.Errorf("presign download: %w", err)
	}
	return req.URL, nil
}

func (b *S3) Open(ctx context.Context, key string) (io.ReadCloser, int64, error) {
	out, err := b.client.GetObject(ctx, &s3.GetObjectInput{Bucket: &b.bucket, Key: &key})
	var missing *types.NoSuchKey
	if errors.As(err, &missing) {
		return nil, 0, ErrNotFound
	}
	if err != nil {
		return nil, 0, fmt.Errorf("open %s: %w", key, err)
	}
	return out.Body, aws.ToInt64(out.ContentLength), nil
}

func (b *S3) Delete(ctx context.Context, key string) error {
	if _, err := b.client.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: &b.bucket, Key: &key}); err != nil {
		return fmt.Errorf("delete %s: %w", key, err)
	}
	return nil
}

// Reach checks that the bucket answers with these credentials, so a wrong
// endpoint or key shows at start rather than at a visitor's first upload.
func (b *S3) Reach(ctx context.Context) error {
	if _, err := b.client.HeadBucket(ctx, &s3.HeadBucketInput{Bucket: &b.bucket}); err != nil {
		return fmt.Errorf("bucket %s: %w", b.bucket, err)
	}
	return nil
}
