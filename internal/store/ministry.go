package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/audit"
	"circle/internal/ministry"
)

type prayerRow struct {
	bun.BaseModel `bun:"table:prayers"`

	ID         string     `bun:"id,pk"`
	UserID     string     `bun:"user_id,notnull"`
	Body       string     `bun:"body,notnull"`
	Topic      string     `bun:"topic,notnull"`
	Visibility string     `bun:"visibility,notnull"`
	Status     string     `bun:"status,notnull"`
	CreatedAt  time.Time  `bun:"created_at,notnull"`
	DecidedAt  *time.Time `bun:"decided_at"`
}

func (r prayerRow) domain() ministry.Prayer {
	p := ministry.Prayer{ID: r.ID, UserID: r.UserID, Body: r.Body, Topic: r.Topic, Visibility: r.Visibility, Status: r.Status, CreatedAt: r.CreatedAt.UTC()}
	if r.DecidedAt != nil {
		t := r.DecidedAt.UTC()
		p.DecidedAt = &t
	}
	return p
}

func prayerRowOf(p ministry.Prayer) prayerRow {
	return prayerRow{ID: p.ID, UserID: p.UserID, Body: p.Body, Topic: p.Topic, Visibility: p.Visibility, Status: p.Status, CreatedAt: p.CreatedAt, DecidedAt: p.DecidedAt}
}

// InsertPrayer stores a new request.
func (db Ministry) InsertPrayer(ctx context.Context, p ministry.Prayer) error {
	row := prayerRowOf(p)
	return insertModel(ctx, db.bun, &row, "save prayer")
}

// PrayersOf lists a member's own requests, newest first.
func (db Ministry) PrayersOf(ctx context.Context, userID string, limit int) ([]ministry.Prayer, error) {
	return newestDomains[prayerRow](ctx, db.bun, limit, "read prayers", "user_id = ?", userID)
}

// PrayersByStatus lists requests of one status, oldest first or newest first.
func (db Ministry) PrayersByStatus(ctx context.Context, status string, newest bool, limit int) ([]ministry.Prayer, error) {
	order := []string{"created_at ASC", "id ASC"}
	if newest {
		order = []string{"created_at DESC", "id DESC"}
	}
	return scanDomains[prayerRow](ctx, db.bun.NewSelect().Model((*prayerRow)(nil)).Where("status = ?", status).Order(order...).Limit(int64(limit)), "read prayers by status")
}

// DecidePrayer locks the request, lets decide change it and build the audit entry, and saves
// both in one transaction.
func (db Ministry) DecidePrayer(ctx context.Context, id string, decide func(p *ministry.Prayer) (audit.Record, error)) (ministry.Prayer, error) {
	var out ministry.Prayer
	err := db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		var row prayerRow
		q := db.forUpdate(tx.NewSelect().Model(&row).Where("id = ?", id))
		var p *ministry.Prayer
		switch err := q.Scan(ctx); {
		case errors.Is(err, sql.ErrNoRows):
		case err != nil:
			return fmt.Errorf("lock prayer: %w", err)
		default:
			d := row.domain()
			p = &d
		}
		e, err := decide(p)
		if err != nil {
			return err
		}
		row = prayerRowOf(*p)
		if _, err := tx.NewUpdate().Model(&row).Column("status", "decided_at").WherePK().Exec(ctx); err != nil {
			return fmt.Errorf("save prayer decision: %w", err)
		}
		out = *p
		return Admin{db.DB}.AppendAudit(ctx, e)
	})
	return out, err
}
