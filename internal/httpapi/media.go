package httpapi

import (
	"context"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"

	"circle/internal/apperr"
	"circle/internal/auth"
	"circle/internal/media"
)

// MediaArea is the media uploader (issue 30 item 3, F-ENG-05): one file per request (so the
// web app shows each file's progress), the caller's library, deletion, and the files served
// by their unguessable address to anyone (funnels show them to visitors).
type MediaArea struct {
	Media *media.Service
}

// uploadPath is the upload route; its body limit is the largest file's, not the API's 1 MiB
// (withBodyLimit).
const uploadPath = "/api/media"

// uploadBodyBytes is the upload's body limit: the largest file plus the multipart envelope.
const uploadBodyBytes = media.MaxUploadBytes + 64<<10

// Summaries too long for their route line.
const (
	sumUploadMedia = "Upload one file (multipart field file): its type read from its bytes, pictures re-encoded in three sizes"
	sumListMedia   = "The caller's uploaded files, newest first, with their addresses"
	sumDeleteMedia = "Delete one of the caller's files and its stored bytes"
	sumMediaFile   = "An uploaded file's bytes (a picture in one of its sizes), by its unguessable address"
)

// Register declares the area's routes.
func (h *MediaArea) Register(r *Router) {
	file := responses(map[string]*huma.Response{
		"200": fileAnswer("The file", "application/octet-stream", &huma.Schema{Type: "string", Format: "binary"}),
		"206": {Description: "Part of the file (a Range request)"},
		"304": {Description: "Not modified (If-None-Match)"},
		"404": {Description: "No such file or size"},
	})
	post(r, uploadPath, "upload-media", sumUploadMedia, "media", user, h.upload, maxKB(uploadBodyBytes>>10), created, uploadForm)
	get(r, "/api/media", "list-media", sumListMedia, "media", user, h.list)
	del(r, "/api/media/{id}", "delete-media", sumDeleteMedia, "media", user, h.remove, noContent)
	get(r, "/api/media/{id}/file", "get-media-file", sumMediaFile, "media", public, h.serve, file)
}

// uploadForm documents the multipart body (huma documents multipart.Form without fields).
var uploadForm routeOption = func(o *huma.Operation) {
	o.RequestBody = &huma.RequestBody{Required: true, Content: map[string]*huma.MediaType{
		"multipart/form-data": {Schema: &huma.Schema{Type: "object", Required: []string{"file"}, Properties: map[string]*huma.Schema{
			"file":      {Type: "string", Format: "binary", Description: "The file; its name is kept for the list and downloads."},
			"vendor_id": {Type: "string", Description: "The vendor the file is for (one the caller owns); by default the caller's only vendor."},
			"accept":    {Type: "string", Description: "The kinds this upload may be, comma-separated (image, video, document); another kind answers 400 naming file (media.kind_not_accepted). Default: every kind the caller may upload."},
		}}},
	}}
}

// MediaFileView is an uploaded file as the API shows it, with its addresses.
type MediaFileView struct {
	media.File
	// URL serves the file (a picture's re-encoded original).
	URL string `json:"url"`
	// CardURL and DetailURL serve a picture's card (800x450) and detail (within 1600x900) sizes;
	// empty for videos and documents.
	CardURL   string `json:"card_url"`
	DetailURL string `json:"detail_url"`
}

func mediaView(f media.File) MediaFileView {
	v := MediaFileView{File: f, URL: media.Address(f.ID)}
	if _, ok := f.Variant(media.VariantCard); ok && f.Kind == media.KindImage {
		v.CardURL = v.URL + "?variant=" + media.VariantCard
	}
	if _, ok := f.Variant(media.VariantDetail); ok && f.Kind == media.KindImage {
		v.DetailURL = v.URL + "?variant=" + media.VariantDetail
	}
	return v
}

func uploaderOf(p auth.Principal) media.Uploader {
	return media.Uploader{UserID: p.User.ID, Vendor: p.Has(auth.RoleVendor), Creator: p.Has(auth.RoleCreator), Admin: p.IsAdmin}
}

type uploadMediaInput struct {
	RawBody multipart.Form
}

type mediaFileOutput = bodyOutput[MediaFileView]

func (h *MediaArea) upload(ctx context.Context, in *uploadMediaInput) (*mediaFileOutput, error) {
	headers := in.RawBody.File["file"]
	if len(headers) != 1 {
		return nil, apperr.Field("file", "media.one_file", "Send exactly one file, in the field file.")
	}
	fh := headers[0]
	if fh.Size > media.MaxUploadBytes {
		return nil, media.TooLarge(fh.Size)
	}
	f, err := fh.Open()
	if err != nil {
		return nil, apperr.Wrap(err, "open the uploaded file")
	}
	defer func() { _ = f.Close() }()
	data, err := io.ReadAll(io.LimitReader(f, media.MaxUploadBytes+1))
	if err != nil {
		return nil, apperr.Wrap(err, "read the uploaded file")
	}
	vendorID := ""
	if v := in.RawBody.Value["vendor_id"]; len(v) > 0 {
		vendorID = v[0]
	}
	var accept []media.Kind
	if v := in.RawBody.Value["accept"]; len(v) > 0 && v[0] != "" {
		for _, k := range strings.Split(v[0], ",") {
			switch kind := media.Kind(strings.TrimSpace(k)); kind {
			case media.KindImage, media.KindVideo, media.KindDocument:
				accept = append(accept, kind)
			default:
				return nil, apperr.Field("accept", "media.accept", "accept lists kinds: image, video, document.")
			}
		}
	}
	file, err := h.Media.Upload(ctx, uploaderOf(principalOf(ctx)), fh.Filename, data, vendorID, accept...)
	if err != nil {
		return nil, err
	}
	return &mediaFileOutput{Body: mediaView(file)}, nil
}

type listMediaOutput struct {
	Body struct {
		Files []MediaFileView `json:"files"`
		// Limit is how many files the caller's library may hold.
		Limit int `json:"limit"`
		// Kinds are the kinds the caller may upload.
		Kinds []media.Kind `json:"kinds"`
	}
}

func (h *MediaArea) list(ctx context.Context, _ *struct{}) (*listMediaOutput, error) {
	p := principalOf(ctx)
	files, err := h.Media.List(ctx, p.User.ID)
	if err != nil {
		return nil, err
	}
	out := &listMediaOutput{}
	out.Body.Files = make([]MediaFileView, 0, len(files))
	for _, f := range files {
		out.Body.Files = append(out.Body.Files, mediaView(f))
	}
	who := uploaderOf(p)
	out.Body.Limit = h.Media.LibraryLimit(who)
	out.Body.Kinds = who.Kinds()
	return out, nil
}

func (h *MediaArea) remove(ctx context.Context, in *idPath) (*struct{}, error) {
	return nil, h.Media.Delete(ctx, uploaderOf(principalOf(ctx)), in.ID)
}

type mediaFileInput struct {
	ID      string `path:"id" maxLength:"64"`
	Variant string `query:"variant" enum:"original,detail,card,thumb" default:"original"`
}

// serve answers the file's bytes: its stored content type, X-Content-Type-Options: nosniff and
// a sandboxing Content-Security-Policy (a file is never run as a page), Content-Disposition
// attachment for documents (inline for pictures and videos), an hour's public cache with an
// ETag, and range requests (video seeking) through http.ServeContent.
func (h *MediaArea) serve(ctx context.Context, in *mediaFileInput) (*huma.StreamResponse, error) {
	f, v, obj, err := h.Media.Open(ctx, in.ID, in.Variant)
	if err != nil {
		return nil, err
	}
	return &huma.StreamResponse{Body: func(hc huma.Context) {
		defer func() { _ = obj.Close() }()
		r, w := humago.Unwrap(hc)
		hd := w.Header()
		hd.Set("Content-Type", v.ContentType)
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("Content-Security-Policy", "default-src 'none'; sandbox")
		hd.Set("Cache-Control", "public, max-age=3600")
		hd.Set("ETag", strconv.Quote(f.ID+"-"+v.Name))
		disposition := "inline"
		if f.Kind == media.KindDocument {
			disposition = "attachment"
		}
		hd.Set("Content-Disposition", mime.FormatMediaType(disposition, map[string]string{"filename": f.DownloadName(v)}))
		http.ServeContent(w, r, "", obj.ModTime(), obj)
	}}, nil
}
