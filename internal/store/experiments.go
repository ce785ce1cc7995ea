package store

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/experiments"
)

// The A/B experiments' exposures (migration 0066, docs/areas/admin.md).

type experimentExposureRow struct {
	bun.BaseModel `bun:"table:experiment_exposures"`

	ID          string     `bun:"id,pk"`
	Experiment  string     `bun:"experiment,notnull"`
	Arm         string     `bun:"arm,notnull"`
	VisitorKey  string     `bun:"visitor_key,notnull"`
	UserID      *string    `bun:"user_id"`
	ExposedAt   time.Time  `bun:"exposed_at,notnull"`
	ConvertedAt *time.Time `bun:"converted_at"`
}

// InsertExposure writes the exposure unless the visitor has one for the experiment (the
// unique key decides, so two replicas racing write one row).
func (db Experiments) InsertExposure(ctx context.Context, e experiments.Exposure) (bool, error) {
	res, err := db.bun.ExecContext(ctx, `INSERT INTO experiment_exposures (id, experiment, arm, visitor_key, user_id, exposed_at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (experiment, visitor_key) DO NOTHING`,
		e.ID, e.Experiment, e.Arm, e.VisitorKey, e.UserID, e.ExposedAt.UTC())
	n, err := rowsChanged(res, err, "insert exposure")
	return n == 1, err
}

// MarkConversion stamps converted_at once: the WHERE keeps the first stamp.
func (db Experiments) MarkConversion(ctx context.Context, experiment, visitorKey string, at time.Time) (bool, error) {
	res, err := db.bun.NewUpdate().Table("experiment_exposures").Set("converted_at = ?", at.UTC()).
		Where("experiment = ?", experiment).Where("visitor_key = ?", visitorKey).Where("converted_at IS NULL").Exec(ctx)
	n, err := rowsChanged(res, err, "mark conversion")
	return n == 1, err
}

// ArmCounts counts one experiment's exposures in [from, to) per arm over
// experiment_exposures_range_idx.
func (db Experiments) ArmCounts(ctx context.Context, experiment string, from, to time.Time) ([]experiments.ArmCount, error) {
	var rows []struct {
		Arm         string `bun:"arm"`
		Exposures   int    `bun:"exposures"`
		Conversions int    `bun:"conversions"`
	}
	err := db.bun.NewSelect().Table("experiment_exposures").
		ColumnExpr("arm, COUNT(*) AS exposures, COALESCE(SUM(CASE WHEN converted_at IS NOT NULL THEN 1 ELSE 0 END), 0) AS conversions").
		Where("experiment = ?", experiment).Where("exposed_at >= ?", from.UTC()).Where("exposed_at < ?", to.UTC()).
		GroupExpr("arm").OrderExpr("arm").Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("count arms: %w", err)
	}
	out := make([]experiments.ArmCount, len(rows))
	for i, r := range rows {
		out[i] = experiments.ArmCount{Arm: r.Arm, Exposures: r.Exposures, Conversions: r.Conversions}
	}
	return out, nil
}
