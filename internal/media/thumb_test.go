package media_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"testing"
	"time"

	"circle/internal/apperr"
	"circle/internal/ids"
	"circle/internal/media"
)

// memStore keeps the media rows in memory: the thumb needs a file's row, nothing of SQL.
type memStore struct{ rows map[string]media.File }

func (m *memStore) InsertMediaFile(_ context.Context, f media.File) error {
	m.rows[f.ID] = f
	return nil
}

func (m *memStore) MediaFiles(context.Context, string, int) ([]media.File, error) { return nil, nil }

func (m *memStore) MediaFile(_ context.Context, id string) (media.File, error) {
	f, ok := m.rows[id]
	if !ok {
		return media.File{}, apperr.New(apperr.NotFound, "No such file.")
	}
	return f, nil
}

func (m *memStore) DeleteMediaFile(_ context.Context, id string) error {
	delete(m.rows, id)
	return nil
}

func (m *memStore) CountMediaFiles(context.Context, string) (int, error) { return len(m.rows), nil }

func (m *memStore) OwnedVendorIDs(context.Context, string) ([]string, error) { return nil, nil }

// testJPEG is a w x h photo: red on the left third, blue on the right third, green between.
func testJPEG(t testing.TB, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.RGBA{G: 200, A: 255}
			if x < w/3 {
				c = color.RGBA{R: 220, A: 255}
			} else if x >= w-w/3 {
				c = color.RGBA{B: 220, A: 255}
			}
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func openBytes(t *testing.T, svc *media.Service, id, variant string) (media.Variant, []byte) {
	t.Helper()
	_, v, obj, err := svc.Open(context.Background(), id, variant)
	if err != nil {
		t.Fatalf("open %s %s: %v", id, variant, err)
	}
	defer func() { _ = obj.Close() }()
	data, err := io.ReadAll(obj)
	if err != nil {
		t.Fatal(err)
	}
	return v, data
}

// TestF_ENG_05_ThumbMadeOnFirstRequest: a picture's thumb size (the 128 px square logos and
// photos show in) is made from the stored original on its first request and kept in the
// storage, on the local disk and on S3: a later request reads the kept file (it is served even
// once the original's bytes are gone), a small picture is never enlarged, a document has no
// thumb, and deleting the file removes the thumb too.
func TestF_ENG_05_ThumbMadeOnFirstRequest(t *testing.T) {
	storages := map[string]func(t *testing.T) media.Storage{
		"local": func(t *testing.T) media.Storage { return media.Local{Root: t.TempDir()} },
		"s3":    func(t *testing.T) media.Storage { return fakeS3(t) },
	}
	for name, newStorage := range storages {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			files := newStorage(t)
			now := time.Date(2026, 11, 29, 9, 30, 0, 0, time.UTC)
			svc := &media.Service{Store: &memStore{rows: map[string]media.File{}}, Files: files, Now: func() time.Time { return now }, NewID: ids.New}
			vendor := media.Uploader{UserID: "usr-vendor", Vendor: true}

			photo, err := svc.Upload(ctx, vendor, "logo.jpg", testJPEG(t, 1500, 900), "")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := files.Open(ctx, media.ThumbKey(photo.Key)); !apperr.IsNotFound(err) {
				t.Fatalf("a thumb before its first request: %v", err)
			}
			v, first := openBytes(t, svc, photo.ID, media.VariantThumb)
			if v.Name != media.VariantThumb || v.ContentType != "image/jpeg" || v.Size != int64(len(first)) {
				t.Errorf("thumb variant %+v (%d bytes)", v, len(first))
			}
			img, err := jpeg.Decode(bytes.NewReader(first))
			if err != nil {
				t.Fatal(err)
			}
			if b := img.Bounds(); b.Dx() != media.ThumbSide || b.Dy() != media.ThumbSide {
				t.Errorf("thumb is %dx%d, want %d square", b.Dx(), b.Dy(), media.ThumbSide)
			}
			// The centre square of the 1500x900 photo (x 300..1200) holds the three bands.
			if r, _, _, _ := img.At(4, 64).RGBA(); r>>8 < 150 {
				t.Errorf("thumb's left edge is not the red band: %v", img.At(4, 64))
			}
			if _, g, _, _ := img.At(64, 64).RGBA(); g>>8 < 150 {
				t.Errorf("thumb's centre is not the green band: %v", img.At(64, 64))
			}

			// Kept: served with the original's bytes gone.
			if err := files.Delete(ctx, photo.Key); err != nil {
				t.Fatal(err)
			}
			if _, again := openBytes(t, svc, photo.ID, media.VariantThumb); !bytes.Equal(again, first) {
				t.Error("the second request made another thumb")
			}

			small, err := svc.Upload(ctx, vendor, "tiny.jpg", testJPEG(t, 64, 48), "")
			if err != nil {
				t.Fatal(err)
			}
			_, tiny := openBytes(t, svc, small.ID, media.VariantThumb)
			if cfg, err := jpeg.DecodeConfig(bytes.NewReader(tiny)); err != nil || cfg.Width != 48 || cfg.Height != 48 {
				t.Errorf("a 64x48 picture's thumb: %+v %v, want 48x48 (never enlarged)", cfg, err)
			}

			doc, err := svc.Upload(ctx, vendor, "guide.pdf", []byte(testPDF), "")
			if err != nil {
				t.Fatal(err)
			}
			if _, _, _, err := svc.Open(ctx, doc.ID, media.VariantThumb); !apperr.IsNotFound(err) {
				t.Errorf("a document's thumb: %v, want not found", err)
			}

			if err := svc.Delete(ctx, vendor, small.ID); err != nil {
				t.Fatal(err)
			}
			if _, err := files.Open(ctx, media.ThumbKey(small.Key)); !apperr.IsNotFound(err) {
				t.Errorf("the thumb outlived its file: %v", err)
			}
		})
	}
}
