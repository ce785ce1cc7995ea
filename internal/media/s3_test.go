package media_test

import (
	"context"
	"io"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"circle/internal/apperr"
	"circle/internal/media"
)

// fakeS3 runs an S3-compatible server in the test process (gofakes3 over memory) on the
// loopback interface and returns the adapter pointed at it.
func fakeS3(t *testing.T) *media.S3 {
	t.Helper()
	backend := s3mem.New()
	if err := backend.CreateBucket("circle-media"); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(gofakes3.New(backend).Server())
	t.Cleanup(srv.Close)
	s, err := media.NewS3(media.S3Config{Endpoint: srv.URL, Bucket: "circle-media", Region: "us-east-1",
		AccessKey: "test-key", SecretKey: "test-secret", PathStyle: true})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestF_ENG_05_S3Adapter: the S3 adapter against an in-process S3-compatible server: the
// bucket is reached, and it keeps what every storage promises (checkStorage); keys that would
// leave the owner's folder are refused before any call.
func TestF_ENG_05_S3Adapter(t *testing.T) {
	ctx := context.Background()
	s := fakeS3(t)
	if err := s.Check(ctx); err != nil {
		t.Fatal(err)
	}
	checkStorage(t, s, media.NewKey("usr-1", time.Date(2026, 11, 29, 9, 30, 0, 0, time.UTC), media.RandomName(), "", ".pdf"))
}

// TestF_ENG_05_LocalStorage: the local disk keeps files under the per-owner folder, with what
// every storage promises (checkStorage).
func TestF_ENG_05_LocalStorage(t *testing.T) {
	l := media.Local{Root: t.TempDir()}
	key := media.NewKey("usr-1", time.Date(2026, 11, 29, 9, 30, 0, 0, time.UTC), "abc", "-card", ".png")
	if key != "usr-1/20261129T093000Z-abc-card.png" {
		t.Fatalf("key %q", key)
	}
	checkStorage(t, l, key)
}

// checkStorage runs what every Storage promises on key: a file is stored, read back whole and
// from an offset (range requests for video), never overwritten, deleted (twice is fine) and
// then not found; keys that would leave the owner's folder or the root are refused.
func checkStorage(t *testing.T, st media.Storage, key string) {
	t.Helper()
	ctx := context.Background()
	body := []byte("%PDF-1.4 hello %%EOF")
	if err := st.Put(ctx, key, "application/pdf", body); err != nil {
		t.Fatal(err)
	}
	if err := st.Put(ctx, key, "application/pdf", []byte("%PDF-1.4 other %%EOF")); err == nil {
		t.Error("a second put overwrote the key")
	}
	obj, err := st.Open(ctx, key)
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(obj)
	if err != nil || string(got) != string(body) || obj.Size() != int64(len(body)) {
		t.Fatalf("read back: %q %v size %d", got, err, obj.Size())
	}
	if _, err := obj.Seek(9, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	if rest, _ := io.ReadAll(obj); string(rest) != "hello %%EOF" {
		t.Errorf("after seek: %q", rest)
	}
	_ = obj.Close()
	if err := st.Delete(ctx, key); err != nil {
		t.Fatal(err)
	}
	if err := st.Delete(ctx, key); err != nil {
		t.Errorf("second delete: %v", err)
	}
	if _, err := st.Open(ctx, key); !apperr.IsNotFound(err) {
		t.Errorf("deleted: %v", err)
	}
	for _, bad := range []string{"../etc/passwd", "../outside", "/abs", "a/../../b"} {
		if err := st.Put(ctx, bad, "text/plain", []byte("x")); err == nil {
			t.Errorf("key %q accepted", bad)
		}
	}
}
