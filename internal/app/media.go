package app

import (
	"fmt"
	"log/slog"
	"path/filepath"
	"time"

	"circle/internal/ids"
	"circle/internal/media"
	"circle/internal/store"
)

// newMedia wires the media uploader (issue 30 item 3): an S3-compatible bucket when
// CIRCLE_S3_BUCKET is set, else the local disk under {data-dir}/media.
func newMedia(c Config, db *store.DB, now func() time.Time, logger *slog.Logger) (*media.Service, error) {
	files, err := mediaStorage(c)
	if err != nil {
		return nil, err
	}
	logger.Info("media", "storage", files.Name())
	return &media.Service{Store: store.NewMedia(db), Files: files, Now: now, NewID: ids.New, Logger: logger}, nil
}

func mediaStorage(c Config) (media.Storage, error) {
	if c.S3Bucket == "" {
		return media.Local{Root: filepath.Join(c.DataDir, "media")}, nil
	}
	s3, err := media.NewS3(media.S3Config{Endpoint: c.S3Endpoint, Bucket: c.S3Bucket, Region: c.S3Region,
		AccessKey: c.S3AccessKey, SecretKey: c.S3SecretKey, PathStyle: c.S3PathStyle})
	if err != nil {
		return nil, fmt.Errorf("media storage (CIRCLE_S3_*): %w", err)
	}
	return s3, nil
}
