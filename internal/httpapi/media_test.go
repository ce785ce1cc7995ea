package httpapi_test

import (
	"bytes"
	"image"
	"image/png"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"circle/internal/app"
	"circle/internal/httpapi"
	"circle/internal/media"
	"circle/internal/store"
	"circle/internal/testapp"
)

// uploadFile posts one file as the web app does (multipart, field file).
func uploadFile(t *testing.T, a *testapp.App, c *http.Client, name string, data []byte, accept ...string) testapp.Response {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	if len(accept) > 0 {
		_ = mw.WriteField("accept", strings.Join(accept, ","))
	}
	fw, err := mw.CreateFormFile("file", name)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = fw.Write(data)
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	if c == nil {
		c = &http.Client{}
	}
	return a.DoWith(t, c, http.MethodPost, "/api/media", body.Bytes(), http.Header{"Content-Type": {mw.FormDataContentType()}})
}

func pngBytes(t *testing.T, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

const pdfBytes = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"

// uploadsApp is acctApp keeping the uploaded files in a folder of this test's own.
func uploadsApp(t *testing.T, kind store.Kind) *testapp.App {
	t.Helper()
	dir := t.TempDir()
	return acctApp(t, kind, func(c *app.Config) { c.DataDir = dir })
}

// TestF_ENG_05_MediaUploadThroughTheAPI (issue 30 item 3): a vendor uploads a PNG and a PDF
// (one file a request); the picture is served in its sizes inline, the PDF as an attachment,
// both with their content type, nosniff, an hour's cache and an ETag (304 on a match); an .exe
// renamed .pdf and an oversize PDF are refused naming the field with their messages, and
// nothing is stored; a visitor cannot upload; another vendor neither sees nor deletes the
// files (404), while the owner deletes them and their addresses then answer 404. Both engines.
func TestF_ENG_05_MediaUploadThroughTheAPI(t *testing.T) {
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := uploadsApp(t, kind)
		vendor, _, _ := acctBrowser(t, a, "vendor@demo.test")
		agent, _, _ := acctBrowser(t, a, "agent@demo.test")
		other := harborlineOwner(t, a)

		if res := uploadFile(t, a, nil, "logo.png", pngBytes(t, 64, 64)); res.Status != http.StatusUnauthorized {
			t.Fatalf("visitor upload: %d %s", res.Status, res.Body)
		}

		res := uploadFile(t, a, vendor, "Logo.png", pngBytes(t, 1920, 1080))
		if res.Status != http.StatusCreated {
			t.Fatalf("png: %d %s", res.Status, res.Body)
		}
		var pic httpapi.MediaFileView
		res.JSON(t, &pic)
		if pic.Kind != media.KindImage || pic.Name != "Logo.png" || pic.VendorID != "ven-closingbell" || pic.CardURL == "" || pic.DetailURL == "" || len(pic.Variants) != 3 {
			t.Fatalf("png: %+v", pic)
		}
		res = uploadFile(t, a, vendor, "Media kit.pdf", []byte(pdfBytes))
		if res.Status != http.StatusCreated {
			t.Fatalf("pdf: %d %s", res.Status, res.Body)
		}
		var doc httpapi.MediaFileView
		res.JSON(t, &doc)
		if doc.Kind != media.KindDocument || doc.ContentType != "application/pdf" || doc.CardURL != "" || doc.Size != int64(len(pdfBytes)) {
			t.Fatalf("pdf: %+v", doc)
		}

		// Served to anyone with the address (a funnel's visitor).
		card := a.DoWith(t, &http.Client{}, http.MethodGet, pic.CardURL, nil, nil)
		if card.Status != 200 || card.Header.Get("Content-Type") != "image/png" || card.Header.Get("X-Content-Type-Options") != "nosniff" ||
			card.Header.Get("Cache-Control") != "public, max-age=3600" || !strings.HasPrefix(card.Header.Get("Content-Disposition"), "inline") {
			t.Fatalf("card: %d %v", card.Status, card.Header)
		}
		if cfg, err := png.DecodeConfig(bytes.NewReader(card.Body)); err != nil || cfg.Width != 800 || cfg.Height != 450 {
			t.Fatalf("card size: %+v %v", cfg, err)
		}
		if again := a.DoWith(t, &http.Client{}, http.MethodGet, pic.CardURL, nil, http.Header{"If-None-Match": {card.Header.Get("ETag")}}); again.Status != http.StatusNotModified {
			t.Errorf("If-None-Match: %d", again.Status)
		}
		file := a.DoWith(t, &http.Client{}, http.MethodGet, doc.URL, nil, nil)
		if file.Status != 200 || file.Header.Get("Content-Type") != "application/pdf" || string(file.Body) != pdfBytes ||
			file.Header.Get("Content-Disposition") != `attachment; filename="Media kit.pdf"` || file.Header.Get("X-Content-Type-Options") != "nosniff" ||
			!strings.Contains(file.Header.Get("Content-Security-Policy"), "sandbox") {
			t.Fatalf("pdf file: %d %v", file.Status, file.Header)
		}
		if part := a.DoWith(t, &http.Client{}, http.MethodGet, doc.URL, nil, http.Header{"Range": {"bytes=0-4"}}); part.Status != http.StatusPartialContent || string(part.Body) != "%PDF-" {
			t.Errorf("range: %d %q", part.Status, part.Body)
		}
		if res := a.DoWith(t, &http.Client{}, http.MethodGet, doc.URL+"?variant=card", nil, nil); res.Status != 404 {
			t.Errorf("a document's card: %d", res.Status)
		}

		// Refusals name the field, with the messages the uploader shows.
		exe := append([]byte("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff"), make([]byte, 512)...)
		wantError(t, uploadFile(t, a, vendor, "invoice.pdf", exe), 400, "file", media.KeyType, media.MsgType)
		oversize := []byte("%PDF-1.4\n" + strings.Repeat("0", media.MaxDocumentBytes) + "\n%%EOF\n")
		res = uploadFile(t, a, vendor, "huge.pdf", oversize)
		wantError(t, res, 413, "file", media.KeyTooLarge, "The file is 25.1 MB; documents may be at most 25 MB.")
		wantError(t, uploadFile(t, a, agent, "agent.pdf", []byte(pdfBytes)), 400, "file", media.KeyKind, "")
		wantError(t, uploadFile(t, a, vendor, "logo.pdf", []byte(pdfBytes), "image"), 400, "file", media.KeyNotAccepted,
			"This uploader takes images only; this file is one of the documents.")
		if res := call(t, a, vendor, http.MethodPost, "/api/media", map[string]any{}); res.Status < 400 || res.Status >= 500 {
			t.Errorf("a JSON body: %d %s", res.Status, res.Body)
		}

		var list struct {
			Files []httpapi.MediaFileView `json:"files"`
			Limit int                     `json:"limit"`
			Kinds []media.Kind            `json:"kinds"`
		}
		call(t, a, vendor, http.MethodGet, "/api/media", nil).JSON(t, &list)
		if len(list.Files) != 2 || list.Files[0].ID != doc.ID || list.Files[1].ID != pic.ID || list.Limit != media.MaxFilesVendor || len(list.Kinds) != 3 {
			t.Fatalf("vendor's list: %+v", list)
		}
		call(t, a, other, http.MethodGet, "/api/media", nil).JSON(t, &list)
		if len(list.Files) != 0 {
			t.Fatalf("another vendor sees %d files", len(list.Files))
		}
		call(t, a, agent, http.MethodGet, "/api/media", nil).JSON(t, &list)
		if len(list.Files) != 0 || list.Limit != media.MaxFilesMember || len(list.Kinds) != 1 {
			t.Fatalf("agent's list: %+v", list)
		}

		if res := call(t, a, other, http.MethodDelete, "/api/media/"+pic.ID, nil); res.Status != 404 {
			t.Fatalf("another vendor deletes: %d %s", res.Status, res.Body)
		}
		if res := call(t, a, vendor, http.MethodDelete, "/api/media/"+pic.ID, nil); res.Status != 204 {
			t.Fatalf("owner deletes: %d %s", res.Status, res.Body)
		}
		if res := a.DoWith(t, &http.Client{}, http.MethodGet, pic.CardURL, nil, nil); res.Status != 404 {
			t.Errorf("deleted file served: %d", res.Status)
		}
	})
}
