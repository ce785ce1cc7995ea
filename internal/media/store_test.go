package media_test

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"circle/internal/apperr"
	"circle/internal/demo/demotest"
	"circle/internal/ids"
	"circle/internal/media"
	"circle/internal/store"
)

func testPNG(t testing.TB, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

const testPDF = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"

// TestF_ENG_05_MediaStore: uploads through the service onto both engines and the local disk:
// a vendor's picture is stored in three sizes under the owner's folder and credited to the
// vendor they own; a PDF is stored as uploaded; the list is the owner's, newest first; an
// agent may upload a picture but not a document; another member cannot delete a file (not
// found) while its owner and administrators can, and deleting removes the bytes.
func TestF_ENG_05_MediaStore(t *testing.T) {
	demotest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		root := t.TempDir()
		now := time.Date(2026, 11, 29, 9, 30, 0, 0, time.UTC)
		svc := &media.Service{Store: store.NewMedia(db), Files: media.Local{Root: root}, Now: func() time.Time { return now }, NewID: ids.New}
		vendor := media.Uploader{UserID: "usr-demo-vendor", Vendor: true}
		agent := media.Uploader{UserID: "usr-demo-agent"}

		if rows, err := svc.List(ctx, vendor.UserID); err != nil || rows == nil || len(rows) != 0 {
			t.Fatalf("empty: %#v %v", rows, err)
		}
		pic, err := svc.Upload(ctx, vendor, "../Logo.png", testPNG(t, 1200, 900), "")
		if err != nil {
			t.Fatal(err)
		}
		if pic.Kind != media.KindImage || pic.Name != "Logo.png" || pic.VendorID != "ven-closingbell" || len(pic.Variants) != 3 ||
			!strings.HasPrefix(pic.Key, "usr-demo-vendor/20261129T093000Z-") {
			t.Fatalf("picture: %+v", pic)
		}
		for _, v := range pic.Variants {
			if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(v.Key))); err != nil {
				t.Errorf("variant %s not on disk: %v", v.Name, err)
			}
		}
		now = now.Add(time.Minute)
		doc, err := svc.Upload(ctx, vendor, "Media kit.pdf", []byte(testPDF), "")
		if err != nil || doc.Kind != media.KindDocument || doc.ContentType != "application/pdf" || doc.Size != int64(len(testPDF)) {
			t.Fatalf("pdf: %+v %v", doc, err)
		}
		if _, err := svc.Upload(ctx, vendor, "x.pdf", []byte(testPDF), "ven-bluewater"); apperr.CodeOf(err) != apperr.Invalid {
			t.Errorf("another vendor's id: %v", err)
		}
		if _, err := svc.Upload(ctx, agent, "agent.pdf", []byte(testPDF), ""); apperr.CodeOf(err) != apperr.Invalid {
			t.Errorf("an agent's document: %v", err)
		}
		if _, err := svc.Upload(ctx, vendor, "setup.pdf", []byte("MZ\x90\x00\x03"), ""); apperr.CodeOf(err) != apperr.Invalid {
			t.Errorf("an exe renamed pdf: %v", err)
		}
		mine, err := svc.Upload(ctx, agent, "me.png", testPNG(t, 40, 40), "")
		if err != nil || mine.VendorID != "" {
			t.Fatalf("an agent's picture: %+v %v", mine, err)
		}

		list, err := svc.List(ctx, vendor.UserID)
		if err != nil || len(list) != 2 || list[0].ID != doc.ID || list[1].ID != pic.ID || len(list[1].Variants) != 3 ||
			list[1].Variants[2].Name != media.VariantCard || list[1].Variants[2].Width != 800 || !list[1].CreatedAt.Equal(pic.CreatedAt) {
			t.Fatalf("list: %+v %v", list, err)
		}
		if rows, _ := svc.List(ctx, agent.UserID); len(rows) != 1 || rows[0].ID != mine.ID {
			t.Fatalf("the agent's list: %+v", rows)
		}

		_, v, obj, err := svc.Open(ctx, pic.ID, media.VariantCard)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(obj)
		_ = obj.Close()
		if cfg, err := png.DecodeConfig(bytes.NewReader(b)); err != nil || cfg.Width != 800 || cfg.Height != 450 || v.ContentType != "image/png" {
			t.Errorf("card: %+v %v %+v", cfg, err, v)
		}
		if _, _, _, err := svc.Open(ctx, doc.ID, media.VariantCard); !apperr.IsNotFound(err) {
			t.Errorf("a document's card: %v", err)
		}

		if err := svc.Delete(ctx, agent, pic.ID); !apperr.IsNotFound(err) {
			t.Errorf("another member deletes: %v", err)
		}
		if err := svc.Delete(ctx, vendor, pic.ID); err != nil {
			t.Fatal(err)
		}
		for _, v := range pic.Variants {
			if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(v.Key))); !os.IsNotExist(err) {
				t.Errorf("variant %s left on disk: %v", v.Name, err)
			}
		}
		if err := svc.Delete(ctx, vendor, pic.ID); !apperr.IsNotFound(err) {
			t.Errorf("deleted twice: %v", err)
		}
		if err := svc.Delete(ctx, media.Uploader{UserID: "usr-demo-admin", Admin: true}, doc.ID); err != nil {
			t.Errorf("an administrator deletes: %v", err)
		}
		if n, _ := store.NewMedia(db).CountMediaFiles(ctx, vendor.UserID); n != 0 {
			t.Errorf("%d files left", n)
		}
	})
}
