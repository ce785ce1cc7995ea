package media

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"circle/internal/apperr"
)

// Size limits per kind (docs/areas/media.md). The request body is read into memory before an
// operation runs, so video stops at 50 MB rather than the hundreds a video host would take.
const (
	MaxImageBytes    = 10 << 20
	MaxDocumentBytes = 25 << 20
	MaxVideoBytes    = 50 << 20
	// MaxUploadBytes is the largest file of any kind: the upload route's body limit (plus the
	// multipart envelope).
	MaxUploadBytes = MaxVideoBytes
)

// MaxBytes is the size limit of a kind.
func MaxBytes(k Kind) int64 {
	switch k {
	case KindImage:
		return MaxImageBytes
	case KindVideo:
		return MaxVideoBytes
	}
	return MaxDocumentBytes
}

// Library limits: how many files one member keeps. Vendors and administrators upload for
// listings and funnels (20 a funnel), creators for their academy courses (a video and up to
// five files a lesson); other members only pictures (a vendor applicant's logo).
const (
	MaxFilesVendor = 500
	MaxFilesMember = 20
	maxNameRunes   = 200
)

// Variant is one stored rendition of a file.
type Variant struct {
	Name        string `json:"name" enum:"original,detail,card"`
	Key         string `json:"-"`
	ContentType string `json:"content_type"`
	Size        int64  `json:"size"`
	Width       int    `json:"width,omitempty"`
	Height      int    `json:"height,omitempty"`
}

// File is one uploaded file.
type File struct {
	ID       string `json:"id"`
	OwnerID  string `json:"-"`
	VendorID string `json:"vendor_id,omitempty"`
	Kind     Kind   `json:"kind" enum:"image,video,document"`
	// Name is the file's name as uploaded (cleaned), for the list and downloads.
	Name        string `json:"name"`
	Size        int64  `json:"size" doc:"Bytes of the stored file (an image's re-encoded original)."`
	ContentType string `json:"content_type"`
	// Key is where the main file is stored; Variants hold the pictures' other sizes.
	Key       string    `json:"-"`
	Variants  []Variant `json:"variants"`
	CreatedAt time.Time `json:"created_at"`
}

// Variant returns the named variant ("" or original: the main file).
func (f File) Variant(name string) (Variant, bool) {
	if name == "" {
		name = VariantOriginal
	}
	for _, v := range f.Variants {
		if v.Name == name {
			return v, true
		}
	}
	if name == VariantOriginal {
		return Variant{Name: VariantOriginal, Key: f.Key, ContentType: f.ContentType, Size: f.Size}, true
	}
	return Variant{}, false
}

// DownloadName is the name a download gets: the uploaded name, with the detected type's
// extension added when the name says otherwise (a picture named report.pdf downloads as
// report.pdf.png).
func (f File) DownloadName(v Variant) string {
	t, ok := TypeOf(v.ContentType)
	if !ok {
		return f.Name
	}
	ext := strings.ToLower(filepath.Ext(f.Name))
	if ext == t.Ext || (t == TypeJPEG && ext == ".jpeg") {
		return f.Name
	}
	return f.Name + t.Ext
}

// Store is what the media service needs from the database (internal/store/media.go).
type Store interface {
	InsertMediaFile(ctx context.Context, f File) error
	// MediaFiles lists an owner's files, newest first.
	MediaFiles(ctx context.Context, ownerID string, limit int) ([]File, error)
	// MediaFile returns one file, whoever owns it (not found when missing).
	MediaFile(ctx context.Context, id string) (File, error)
	DeleteMediaFile(ctx context.Context, id string) error
	CountMediaFiles(ctx context.Context, ownerID string) (int, error)
	// OwnedVendorIDs lists the vendors a user owns.
	OwnedVendorIDs(ctx context.Context, userID string) ([]string, error)
}

// Uploader is who uploads or deletes.
type Uploader struct {
	UserID string
	// Vendor: holds the vendor role; Creator: the creator role (course videos and files,
	// issue 32 item 1); Admin: an administrator.
	Vendor, Creator, Admin bool
}

func (u Uploader) mayUploadAnyKind() bool { return u.Vendor || u.Creator || u.Admin }

// Kinds are the kinds the uploader may upload.
func (u Uploader) Kinds() []Kind {
	if u.mayUploadAnyKind() {
		return []Kind{KindImage, KindVideo, KindDocument}
	}
	return []Kind{KindImage}
}

// Service uploads, lists, serves and deletes members' files.
type Service struct {
	Store  Store
	Files  Storage
	Now    func() time.Time
	NewID  func() string
	Logger *slog.Logger
}

// Message keys of the upload refusals (the web app translates them; the message is English).
const (
	KeyType        = "media.type"
	KeyDamaged     = "media.damaged"
	KeyTooLarge    = "media.too_large"
	KeyEmpty       = "media.empty"
	KeyKind        = "media.kind_not_allowed"
	KeyNotAccepted = "media.kind_not_accepted"
	KeyLibrary     = "media.library_full"
	KeyVendor      = "media.vendor"
)

// MsgType is the refusal of a file of a type that is not accepted.
const MsgType = "This type of file is not accepted: upload an image (PNG, JPEG, WebP, GIF), a video (MP4, MOV, WebM), a PDF, or a Word or PowerPoint document."

func kindWord(k Kind) string {
	switch k {
	case KindImage:
		return "images"
	case KindVideo:
		return "videos"
	}
	return "documents"
}

// FormatSize writes a byte count for a message (1.5 MB, 320 KB).
func FormatSize(n int64) string {
	switch {
	case n >= 1<<20:
		// Rounded up: a file just over a limit never reads as the limit itself.
		return strings.TrimSuffix(fmt.Sprintf("%.1f", math.Ceil(float64(n)*10/(1<<20))/10), ".0") + " MB"
	case n >= 1<<10:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// Check detects the type of data and applies the kind's size limit; the errors name the field
// "file". It stores nothing.
func Check(data []byte) (Type, error) {
	if len(data) == 0 {
		return Type{}, apperr.Field("file", KeyEmpty, "The file is empty.")
	}
	t, err := Detect(data)
	if err != nil {
		if IsDamaged(err) {
			return Type{}, apperr.Field("file", KeyDamaged, "The file is damaged or incomplete ("+err.Error()+"); upload it again.")
		}
		return Type{}, apperr.Field("file", KeyType, MsgType)
	}
	if limit := MaxBytes(t.Kind); int64(len(data)) > limit {
		msg := fmt.Sprintf("The file is %s; %s may be at most %s.", FormatSize(int64(len(data))), kindWord(t.Kind), FormatSize(limit))
		return Type{}, &apperr.Error{Code: apperr.TooLarge, Message: msg, Fields: []apperr.FieldError{{Field: "file", Key: KeyTooLarge, Message: msg}}}
	}
	return t, nil
}

// TooLarge is the refusal of a body over MaxUploadBytes, before its type is known.
func TooLarge(size int64) error {
	msg := fmt.Sprintf("The file is %s; files may be at most %s (images %s, documents %s).", FormatSize(size), FormatSize(MaxUploadBytes),
		FormatSize(MaxImageBytes), FormatSize(MaxDocumentBytes))
	return &apperr.Error{Code: apperr.TooLarge, Message: msg, Fields: []apperr.FieldError{{Field: "file", Key: KeyTooLarge, Message: msg}}}
}

// CleanName keeps an uploaded file's base name readable and safe to echo in a header: no
// folders, no control characters, at most 200 characters; empty becomes "file".
func CleanName(name string) string {
	name = strings.ReplaceAll(name, "\\", "/")
	name = name[strings.LastIndex(name, "/")+1:]
	if !utf8.ValidString(name) {
		name = strings.ToValidUTF8(name, "")
	}
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '"' {
			return -1
		}
		return r
	}, name)
	name = strings.TrimSpace(name)
	if r := []rune(name); len(r) > maxNameRunes {
		name = string(r[len(r)-maxNameRunes:])
	}
	if name == "" || name == "." || name == ".." {
		return "file"
	}
	return name
}

// Upload checks and stores one file for the uploader: its type from its bytes, its kind's size
// limit, who may upload that kind, the library's size; pictures are re-encoded into their
// three sizes. vendorID, when given, must be a vendor the uploader owns (administrators: any);
// when empty and the uploader owns exactly one vendor, the file is that vendor's.
//
// accept, when given, narrows the kinds this upload may be (an uploader for a logo takes
// pictures only): another kind is refused naming file (media.kind_not_accepted).
func (s *Service) Upload(ctx context.Context, who Uploader, name string, data []byte, vendorID string, accept ...Kind) (File, error) {
	t, err := Check(data)
	if err != nil {
		return File{}, err
	}
	if len(accept) > 0 && !slices.Contains(accept, t.Kind) {
		words := make([]string, len(accept))
		for i, k := range accept {
			words[i] = kindWord(k)
		}
		return File{}, apperr.Field("file", KeyNotAccepted, "This uploader takes "+strings.Join(words, " and ")+" only; this file is one of the "+kindWord(t.Kind)+".")
	}
	if t.Kind != KindImage && !who.mayUploadAnyKind() {
		return File{}, apperr.Field("file", KeyKind, "Only vendors and creators can upload videos and documents; choose a picture.")
	}
	vendorID, err = s.vendorOf(ctx, who, vendorID)
	if err != nil {
		return File{}, err
	}
	n, err := s.Store.CountMediaFiles(ctx, who.UserID)
	if err != nil {
		return File{}, err
	}
	if limit := s.libraryLimit(who); n >= limit {
		return File{}, apperr.Field("file", KeyLibrary, fmt.Sprintf("Your library holds %d files, the most it can; remove some first.", limit))
	}

	now := s.Now().UTC()
	f := File{ID: s.NewID(), OwnerID: who.UserID, VendorID: vendorID, Kind: t.Kind, Name: CleanName(name), CreatedAt: now, Variants: []Variant{}}
	random := RandomName()
	var puts []Variant
	var bodies [][]byte
	if t.Kind == KindImage {
		renditions, err := Renditions(data, t)
		var bad *ErrImage
		if errors.As(err, &bad) {
			return File{}, apperr.Field("file", KeyDamaged, "The picture cannot be used: "+bad.Reason+".")
		}
		if err != nil {
			return File{}, err
		}
		for _, r := range renditions {
			suffix := ""
			if r.Name != VariantOriginal {
				suffix = "-" + r.Name
			}
			v := Variant{Name: r.Name, Key: NewKey(who.UserID, now, random, suffix, r.Type.Ext), ContentType: r.Type.ContentType,
				Size: int64(len(r.Data)), Width: r.Width, Height: r.Height}
			puts, bodies = append(puts, v), append(bodies, r.Data)
		}
	} else {
		puts = []Variant{{Name: VariantOriginal, Key: NewKey(who.UserID, now, random, "", t.Ext), ContentType: t.ContentType, Size: int64(len(data))}}
		bodies = [][]byte{data}
	}
	for i, v := range puts {
		if err := s.Files.Put(ctx, v.Key, v.ContentType, bodies[i]); err != nil {
			s.remove(ctx, puts[:i])
			return File{}, err
		}
	}
	f.Key, f.ContentType, f.Size = puts[0].Key, puts[0].ContentType, puts[0].Size
	f.Variants = puts
	if err := s.Store.InsertMediaFile(ctx, f); err != nil {
		s.remove(ctx, puts)
		return File{}, err
	}
	return f, nil
}

func (s *Service) libraryLimit(who Uploader) int {
	if who.mayUploadAnyKind() {
		return MaxFilesVendor
	}
	return MaxFilesMember
}

func (s *Service) vendorOf(ctx context.Context, who Uploader, vendorID string) (string, error) {
	if vendorID != "" && who.Admin {
		return vendorID, nil
	}
	if vendorID == "" && !who.Vendor {
		return "", nil
	}
	owned, err := s.Store.OwnedVendorIDs(ctx, who.UserID)
	if err != nil {
		return "", err
	}
	if vendorID == "" {
		if len(owned) == 1 {
			return owned[0], nil
		}
		return "", nil
	}
	for _, id := range owned {
		if id == vendorID {
			return vendorID, nil
		}
	}
	return "", apperr.Field("vendor_id", KeyVendor, "You can only upload for a vendor you own.")
}

// remove deletes stored bytes after a failed upload or a deletion; a failure is logged (the
// bytes are orphaned, not served: no row points at them).
func (s *Service) remove(ctx context.Context, vs []Variant) {
	for _, v := range vs {
		if err := s.Files.Delete(ctx, v.Key); err != nil && s.Logger != nil {
			s.Logger.WarnContext(ctx, "media: stored file left behind", "key", v.Key, "err", err)
		}
	}
}

// LibraryLimit is how many files the uploader's library may hold.
func (s *Service) LibraryLimit(who Uploader) int { return s.libraryLimit(who) }

// List returns the uploader's files, newest first; never nil.
func (s *Service) List(ctx context.Context, userID string) ([]File, error) {
	rows, err := s.Store.MediaFiles(ctx, userID, MaxFilesVendor)
	if rows == nil && err == nil {
		rows = []File{}
	}
	return rows, err
}

// Delete removes one of the uploader's files and its stored bytes. Another member's file is
// not found, as a missing one is; administrators may delete any (moderation).
func (s *Service) Delete(ctx context.Context, who Uploader, id string) error {
	f, err := s.Store.MediaFile(ctx, id)
	if err != nil {
		return err
	}
	if f.OwnerID != who.UserID && !who.Admin {
		return apperr.New(apperr.NotFound, "No such file.")
	}
	if err := s.Store.DeleteMediaFile(ctx, id); err != nil {
		return err
	}
	s.remove(ctx, f.Variants)
	if len(f.Variants) == 0 {
		s.remove(ctx, []Variant{{Key: f.Key}})
	}
	if f.Kind == KindImage {
		// The thumb, made on a first request, is in no row; a missing one is no error.
		s.remove(ctx, []Variant{{Key: ThumbKey(f.Key)}})
	}
	return nil
}

// Open returns a file's variant and its bytes, for anyone holding its address (the id is
// random: a file is shown to visitors by its URL, as the spec's public URL is).
func (s *Service) Open(ctx context.Context, id, variant string) (File, Variant, Object, error) {
	f, err := s.Store.MediaFile(ctx, id)
	if err != nil {
		return File{}, Variant{}, nil, err
	}
	v, ok := f.Variant(variant)
	if !ok && variant == VariantThumb && f.Kind == KindImage {
		v, obj, err := s.openThumb(ctx, f)
		if err != nil {
			return File{}, Variant{}, nil, err
		}
		return f, v, obj, nil
	}
	if !ok {
		return File{}, Variant{}, nil, apperr.New(apperr.NotFound, "No such size of this file.")
	}
	obj, err := s.Files.Open(ctx, v.Key)
	if err != nil {
		return File{}, Variant{}, nil, err
	}
	return f, v, obj, nil
}

// ThumbKey is where a picture's thumb size is kept: beside the stored original, with the
// variant suffix Upload gives the other sizes ("OWNER/TIME-RANDOM-thumb.jpg").
func ThumbKey(originalKey string) string {
	ext := path.Ext(originalKey)
	return strings.TrimSuffix(originalKey, ext) + "-" + VariantThumb + ext
}

// openThumb serves a picture's thumb size, making it from the stored original on its first
// request and keeping it in the storage (disk or S3), so every later request reads the small
// file. The row is not changed: the thumb's key follows from the original's (ThumbKey). Two
// first requests at once both make it; the storage keeps one (Put never overwrites) and the
// other request reads that one.
func (s *Service) openThumb(ctx context.Context, f File) (Variant, Object, error) {
	v := Variant{Name: VariantThumb, Key: ThumbKey(f.Key), ContentType: f.ContentType}
	obj, err := s.Files.Open(ctx, v.Key)
	if err == nil {
		v.Size = obj.Size()
		return v, obj, nil
	}
	if !apperr.IsNotFound(err) {
		return Variant{}, nil, err
	}
	t, ok := TypeOf(f.ContentType)
	if !ok || t.Kind != KindImage {
		return Variant{}, nil, apperr.New(apperr.NotFound, "No such size of this file.")
	}
	original, err := s.Files.Open(ctx, f.Key)
	if err != nil {
		return Variant{}, nil, err
	}
	data, err := io.ReadAll(io.LimitReader(original, MaxImageBytes<<2))
	_ = original.Close()
	if err != nil {
		return Variant{}, nil, fmt.Errorf("read picture %s for its thumb: %w", f.ID, err)
	}
	thumb, err := Thumbnail(data, t)
	if err != nil {
		return Variant{}, nil, fmt.Errorf("thumb of picture %s: %w", f.ID, err)
	}
	putErr := s.Files.Put(ctx, v.Key, thumb.Type.ContentType, thumb.Data)
	obj, err = s.Files.Open(ctx, v.Key)
	if err != nil {
		// The thumb was neither stored nor there already: say why it could not be stored.
		return Variant{}, nil, errors.Join(putErr, err)
	}
	v.ContentType, v.Size = thumb.Type.ContentType, obj.Size()
	return v, obj, nil
}
