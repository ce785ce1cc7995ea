package media

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"circle/internal/apperr"
)

// S3Config is an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2...):
// CIRCLE_S3_ENDPOINT, CIRCLE_S3_BUCKET, CIRCLE_S3_REGION, CIRCLE_S3_ACCESS_KEY and
// CIRCLE_S3_SECRET_KEY.
type S3Config struct {
	// Endpoint is the service's URL (https://s3.us-east-1.amazonaws.com,
	// http://127.0.0.1:9000); http:// turns TLS off.
	Endpoint  string
	Bucket    string
	Region    string
	AccessKey string
	SecretKey string
	// PathStyle addresses the bucket in the path (MinIO, most self-hosted stores) instead of
	// the host name; unset, the client decides from the endpoint.
	PathStyle bool
	// Transport replaces the HTTP transport (tests).
	Transport http.RoundTripper
}

// S3 keeps files in an S3-compatible bucket, through minio-go.
type S3 struct {
	client *minio.Client
	bucket string
}

// NewS3 returns the adapter; it does not call the service.
func NewS3(c S3Config) (*S3, error) {
	if c.Bucket == "" {
		return nil, errors.New("media: the S3 bucket is required")
	}
	u, err := url.Parse(c.Endpoint)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return nil, fmt.Errorf("media: the S3 endpoint must be an http(s) URL, not %q", c.Endpoint)
	}
	opts := &minio.Options{
		Creds:     credentials.NewStaticV4(c.AccessKey, c.SecretKey, ""),
		Secure:    u.Scheme == "https",
		Region:    c.Region,
		Transport: c.Transport,
	}
	if c.PathStyle {
		opts.BucketLookup = minio.BucketLookupPath
	}
	client, err := minio.New(u.Host, opts)
	if err != nil {
		return nil, fmt.Errorf("media: S3 client: %w", err)
	}
	return &S3{client: client, bucket: c.Bucket}, nil
}

// Name implements Storage.
func (s *S3) Name() string { return "s3 " + s.client.EndpointURL().Host + "/" + s.bucket }

// Put implements Storage: If-None-Match: * refuses to overwrite a key (03§7: no overwrite);
// the objects are cached for an hour (cache 3600).
func (s *S3) Put(ctx context.Context, key, contentType string, body []byte) error {
	if err := validKey(key); err != nil {
		return err
	}
	opts := minio.PutObjectOptions{ContentType: contentType, CacheControl: "public, max-age=3600", DisableMultipart: len(body) < 64<<20}
	opts.SetMatchETagExcept("*")
	_, err := s.client.PutObject(ctx, s.bucket, key, bytes.NewReader(body), int64(len(body)), opts)
	if code := minio.ToErrorResponse(err).Code; code == "NotImplemented" {
		// A store without conditional writes: the key's 96 random bits stand in for the check.
		opts = minio.PutObjectOptions{ContentType: opts.ContentType, CacheControl: opts.CacheControl, DisableMultipart: opts.DisableMultipart}
		_, err = s.client.PutObject(ctx, s.bucket, key, bytes.NewReader(body), int64(len(body)), opts)
	}
	if err != nil {
		return fmt.Errorf("store media object %s: %w", key, err)
	}
	return nil
}

type s3Object struct {
	*minio.Object
	info minio.ObjectInfo
}

func (o s3Object) Size() int64        { return o.info.Size }
func (o s3Object) ModTime() time.Time { return o.info.LastModified }

// Open implements Storage. The object is read lazily; a range request reads only its range.
func (s *S3) Open(ctx context.Context, key string) (Object, error) {
	if err := validKey(key); err != nil {
		return nil, err
	}
	obj, err := s.client.GetObject(ctx, s.bucket, key, minio.GetObjectOptions{})
	if err != nil {
		return nil, fmt.Errorf("open media object %s: %w", key, err)
	}
	info, err := obj.Stat()
	if err != nil {
		_ = obj.Close()
		if isS3NotFound(err) {
			return nil, apperr.New(apperr.NotFound, "No such file.")
		}
		return nil, fmt.Errorf("open media object %s: %w", key, err)
	}
	return s3Object{obj, info}, nil
}

// Delete implements Storage.
func (s *S3) Delete(ctx context.Context, key string) error {
	if err := validKey(key); err != nil {
		return err
	}
	if err := s.client.RemoveObject(ctx, s.bucket, key, minio.RemoveObjectOptions{}); err != nil && !isS3NotFound(err) {
		return fmt.Errorf("delete media object %s: %w", key, err)
	}
	return nil
}

// Check reaches the bucket (the start-up self-test).
func (s *S3) Check(ctx context.Context) error {
	ok, err := s.client.BucketExists(ctx, s.bucket)
	if err != nil {
		return fmt.Errorf("S3 bucket %s: %w", s.bucket, err)
	}
	if !ok {
		return fmt.Errorf("S3 bucket %s does not exist", s.bucket)
	}
	return nil
}

func isS3NotFound(err error) bool {
	r := minio.ToErrorResponse(err)
	return r.StatusCode == http.StatusNotFound || strings.HasPrefix(r.Code, "NoSuch")
}
