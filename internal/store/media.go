package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/apperr"
	"circle/internal/media"
)

type mediaFileRow struct {
	bun.BaseModel `bun:"table:media_files"`

	ID           string    `bun:"id,pk"`
	OwnerID      string    `bun:"owner_id,notnull"`
	VendorID     *string   `bun:"vendor_id"`
	Kind         string    `bun:"kind,notnull"`
	OriginalName string    `bun:"original_name,notnull"`
	SizeBytes    int64     `bun:"size_bytes,notnull"`
	ContentType  string    `bun:"content_type,notnull"`
	StorageKey   string    `bun:"storage_key,notnull"`
	Variants     string    `bun:"variants,notnull"`
	CreatedAt    time.Time `bun:"created_at,notnull"`
}

// mediaVariant is a variant as stored in the JSON column (the key is not in the API's JSON).
type mediaVariant struct {
	Name        string `json:"name"`
	Key         string `json:"key"`
	ContentType string `json:"content_type"`
	Size        int64  `json:"size"`
	Width       int    `json:"width,omitempty"`
	Height      int    `json:"height,omitempty"`
}

func (r mediaFileRow) domain() (media.File, error) {
	var vs []mediaVariant
	if err := json.Unmarshal([]byte(r.Variants), &vs); err != nil {
		return media.File{}, fmt.Errorf("read media variants of %s: %w", r.ID, err)
	}
	f := media.File{ID: r.ID, OwnerID: r.OwnerID, Kind: media.Kind(r.Kind), Name: r.OriginalName, Size: r.SizeBytes,
		ContentType: r.ContentType, Key: r.StorageKey, Variants: make([]media.Variant, 0, len(vs)), CreatedAt: r.CreatedAt.UTC()}
	if r.VendorID != nil {
		f.VendorID = *r.VendorID
	}
	for _, v := range vs {
		f.Variants = append(f.Variants, media.Variant(v))
	}
	return f, nil
}

// InsertMediaFile records one uploaded file.
func (db Media) InsertMediaFile(ctx context.Context, f media.File) error {
	vs := make([]mediaVariant, 0, len(f.Variants))
	for _, v := range f.Variants {
		vs = append(vs, mediaVariant(v))
	}
	raw, err := json.Marshal(vs)
	if err != nil {
		return err
	}
	row := mediaFileRow{ID: f.ID, OwnerID: f.OwnerID, Kind: string(f.Kind), OriginalName: f.Name, SizeBytes: f.Size,
		ContentType: f.ContentType, StorageKey: f.Key, Variants: string(raw), CreatedAt: f.CreatedAt}
	if f.VendorID != "" {
		row.VendorID = &f.VendorID
	}
	return insertModel(ctx, db.bun, &row, "save media file")
}

// MediaFiles lists an owner's files, newest first.
func (db Media) MediaFiles(ctx context.Context, ownerID string, limit int) ([]media.File, error) {
	rows, err := newestRows[mediaFileRow](ctx, db.bun, limit, "read media files", "owner_id = ?", ownerID)
	if err != nil {
		return nil, err
	}
	return domainsOrErr(rows)
}

// MediaFile returns one file, whoever owns it.
func (db Media) MediaFile(ctx context.Context, id string) (media.File, error) {
	var r mediaFileRow
	if err := db.bun.NewSelect().Model(&r).Where("id = ?", id).Scan(ctx); err != nil {
		return media.File{}, notFound(err, "media file")
	}
	return r.domain()
}

// DeleteMediaFile removes one file's row (not found when missing).
func (db Media) DeleteMediaFile(ctx context.Context, id string) error {
	res, err := db.bun.NewDelete().Model((*mediaFileRow)(nil)).Where("id = ?", id).Exec(ctx)
	if err != nil {
		return fmt.Errorf("delete media file: %w", err)
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return apperr.New(apperr.NotFound, "media file not found")
	}
	return nil
}

// CountMediaFiles counts an owner's files.
func (db Media) CountMediaFiles(ctx context.Context, ownerID string) (int, error) {
	n, err := db.bun.NewSelect().Model((*mediaFileRow)(nil)).Where("owner_id = ?", ownerID).Count(ctx)
	if err != nil {
		return 0, fmt.Errorf("count media files: %w", err)
	}
	return int(n), nil
}

// OwnedVendorIDs lists the ids of the vendors a user owns.
func (db Media) OwnedVendorIDs(ctx context.Context, userID string) ([]string, error) {
	return scanAll[string](ctx, db.bun.NewSelect().Table("vendors").Column("id").Where("owner_user_id = ?", userID).Order("id"), "read owned vendors")
}
