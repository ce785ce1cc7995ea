package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/prepcourse"
)

type prepProgressRow struct {
	bun.BaseModel `bun:"table:prep_course_progress"`

	ConsultationID   string    `bun:"consultation_id,pk"`
	UserID           string    `bun:"user_id,notnull"`
	CompletedModules string    `bun:"completed_modules,notnull"`
	Percentage       int       `bun:"percentage,notnull"`
	CreatedAt        time.Time `bun:"created_at,notnull"`
	UpdatedAt        time.Time `bun:"updated_at,notnull"`
}

// PrepProgress returns the preparation-course progress of a consultation, whoever owns it.
func (db Prep) PrepProgress(ctx context.Context, consultationID string) (prepcourse.Progress, bool, error) {
	var r prepProgressRow
	if ok, err := found(db.bun.NewSelect().Model(&r).Where("consultation_id = ?", consultationID).Scan(ctx), "course progress"); !ok {
		return prepcourse.Progress{}, false, err
	}
	p := prepcourse.Progress{ConsultationID: r.ConsultationID, UserID: r.UserID, Percentage: r.Percentage, UpdatedAt: r.UpdatedAt.UTC(), Completed: []string{}}
	if err := json.Unmarshal([]byte(r.CompletedModules), &p.Completed); err != nil {
		return prepcourse.Progress{}, false, fmt.Errorf("read course progress modules: %w", err)
	}
	return p, true, nil
}

// ClaimPrepProgress creates an empty progress row for userID unless the consultation has one.
func (db Prep) ClaimPrepProgress(ctx context.Context, consultationID, userID string, now time.Time) error {
	if _, err := db.bun.ExecContext(ctx, `INSERT INTO prep_course_progress (consultation_id, user_id, completed_modules, percentage, created_at, updated_at)
		VALUES (?, ?, '[]', 0, ?, ?) ON CONFLICT (consultation_id) DO NOTHING`, consultationID, userID, now, now); err != nil {
		return fmt.Errorf("claim course progress: %w", err)
	}
	return nil
}

// UpdatePrepProgress writes the completed modules and percentage when the row still belongs to
// p.UserID and still holds prev (compare and swap).
func (db Prep) UpdatePrepProgress(ctx context.Context, p prepcourse.Progress, prev []string) (bool, error) {
	next, err := json.Marshal(p.Completed)
	if err != nil {
		return false, err
	}
	old, err := json.Marshal(prev)
	if err != nil {
		return false, err
	}
	res, err := db.bun.ExecContext(ctx, `UPDATE prep_course_progress SET completed_modules = ?, percentage = ?, updated_at = ?
		WHERE consultation_id = ? AND user_id = ? AND completed_modules = ?`, string(next), p.Percentage, p.UpdatedAt, p.ConsultationID, p.UserID, string(old))
	if err != nil {
		return false, fmt.Errorf("update course progress: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
