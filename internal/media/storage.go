package media

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"circle/internal/apperr"
)

// Storage keeps the bytes of uploaded files by key (03§7: a per-owner folder, a timestamp and a
// random name, no overwrite). Local keeps them on disk under the data directory; S3 in an
// S3-compatible bucket when CIRCLE_S3_* is set.
type Storage interface {
	// Name says which storage this is, for the start-up log.
	Name() string
	// Put stores body under key; a key already taken is an error (keys are never reused).
	Put(ctx context.Context, key, contentType string, body []byte) error
	// Open returns the stored bytes of key (not found when missing). The caller closes it.
	Open(ctx context.Context, key string) (Object, error)
	// Delete removes key; a missing key is not an error.
	Delete(ctx context.Context, key string) error
}

// Object is an open stored file: seekable, so the server can answer range requests (video).
type Object interface {
	io.ReadSeekCloser
	Size() int64
	ModTime() time.Time
}

// NewKey returns a fresh storage key for a file of the owner: "OWNER/20261129T093000Z-RANDOM.ext"
// (the per-owner folder, the upload's time and 12 random bytes). suffix names a variant
// ("-card") and goes before the extension.
func NewKey(ownerID string, now time.Time, random, suffix, ext string) string {
	return safeSegment(ownerID) + "/" + now.UTC().Format("20060102T150405Z") + "-" + random + suffix + ext
}

// RandomName returns 24 hex digits from crypto/rand.
func RandomName() string {
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("media: crypto/rand failed: " + err.Error())
	}
	return hex.EncodeToString(b[:])
}

// safeSegment keeps a user id usable as a folder name (ids are UUIDs; this is belt and braces).
func safeSegment(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		return "_"
	}
	return b.String()
}

// validKey refuses keys that could leave the storage root.
func validKey(key string) error {
	if key == "" || strings.HasPrefix(key, "/") || strings.Contains(key, "\\") || path.Clean(key) != key || strings.HasPrefix(key, "..") {
		return fmt.Errorf("media: invalid storage key %q", key)
	}
	return nil
}

// Local keeps files on the local disk under Root (the data directory's media folder).
type Local struct{ Root string }

// Name implements Storage.
func (l Local) Name() string { return "local " + l.Root }

func (l Local) path(key string) (string, error) {
	if err := validKey(key); err != nil {
		return "", err
	}
	return filepath.Join(l.Root, filepath.FromSlash(key)), nil
}

// Put implements Storage: the file is created exclusively (no overwrite), written and synced;
// a failed write leaves nothing behind.
func (l Local) Put(_ context.Context, key, _ string, body []byte) error {
	p, err := l.path(key)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o750); err != nil {
		return fmt.Errorf("media folder: %w", err)
	}
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o640)
	if err != nil {
		return fmt.Errorf("store media file: %w", err)
	}
	_, werr := f.Write(body)
	serr := f.Sync()
	cerr := f.Close()
	if err := errors.Join(werr, serr, cerr); err != nil {
		_ = os.Remove(p)
		return fmt.Errorf("store media file: %w", err)
	}
	return nil
}

type localObject struct {
	*os.File
	info fs.FileInfo
}

func (o localObject) Size() int64        { return o.info.Size() }
func (o localObject) ModTime() time.Time { return o.info.ModTime() }

// Open implements Storage.
func (l Local) Open(_ context.Context, key string) (Object, error) {
	p, err := l.path(key)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, apperr.New(apperr.NotFound, "No such file.")
	}
	if err != nil {
		return nil, fmt.Errorf("open media file: %w", err)
	}
	info, err := f.Stat()
	if err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("open media file: %w", err)
	}
	return localObject{f, info}, nil
}

// Delete implements Storage.
func (l Local) Delete(_ context.Context, key string) error {
	p, err := l.path(key)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("delete media file: %w", err)
	}
	return nil
}
