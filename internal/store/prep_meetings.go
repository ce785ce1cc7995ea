package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/consultations"
	"circle/internal/prepcourse"
)

// The preparation course's meeting source (prepcourse.MeetingSource) over consultation_bookings:
// a booked consultation is an internal booking (it has a start) that is pending; a canceled
// booking and an external lead capture have no meeting.

// prepMeetingRow is a booking joined with its agent and service.
type prepMeetingRow struct {
	ID           string    `bun:"id"`
	UserID       string    `bun:"user_id"`
	ClientName   string    `bun:"client_name"`
	Email        string    `bun:"email"`
	DisplayName  string    `bun:"display_name"`
	Language     string    `bun:"preferred_language"`
	ServiceTitle string    `bun:"title"`
	StartsAt     time.Time `bun:"starts_at"`
}

func (r prepMeetingRow) meeting() prepcourse.Meeting {
	name := r.DisplayName
	if name == "" {
		name = r.ClientName
	}
	return prepcourse.Meeting{ConsultationID: r.ID, UserID: r.UserID, Email: r.Email, Name: name,
		ServiceTitle: r.ServiceTitle, Language: r.Language, StartsAt: r.StartsAt.UTC()}
}

const prepMeetingColumns = "b.id, b.user_id, b.client_name, u.email, COALESCE(p.display_name, '') AS display_name, " +
	"COALESCE(p.preferred_language, '') AS preferred_language, COALESCE(s.title, '') AS title, b.starts_at"

func (db Prep) prepMeetingQuery(out *[]prepMeetingRow) *bun.SelectQuery {
	return db.bun.NewSelect().Model(out).ModelTableExpr("consultation_bookings AS b").
		ColumnExpr(prepMeetingColumns).
		Join("JOIN users AS u ON u.id = b.user_id").
		Join("LEFT JOIN profiles AS p ON p.user_id = b.user_id").
		Join("LEFT JOIN services AS s ON s.id = b.service_id").
		Where("b.status = ?", consultations.StatusPending).
		Where("b.starts_at IS NOT NULL")
}

// Meeting returns the booked consultation of an id; found is false when there is none (no
// booking, a canceled one or a lead capture).
func (db Prep) Meeting(ctx context.Context, consultationID string) (prepcourse.Meeting, bool, error) {
	var rows []prepMeetingRow
	if err := db.prepMeetingQuery(&rows).Where("b.id = ?", consultationID).Limit(1).Scan(ctx); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return prepcourse.Meeting{}, false, fmt.Errorf("read consultation meeting: %w", err)
	}
	if len(rows) == 0 {
		return prepcourse.Meeting{}, false, nil
	}
	return rows[0].meeting(), true, nil
}

// MeetingsStartingPlan is the database's plan for MeetingsStarting's query (an operations check
// and the test that the reminder scan reads consultation_bookings_starts_idx, migration 0025).
// On PostgreSQL sequential scans are turned off for the one statement, so a small table shows
// the plan the planner would use once the table is large.
func (db Prep) MeetingsStartingPlan(ctx context.Context, from, to time.Time) (string, error) {
	var rows []prepMeetingRow
	query := db.prepMeetingQuery(&rows).Where("b.starts_at >= ?", from.UTC()).Where("b.starts_at < ?", to.UTC()).
		OrderExpr("b.starts_at, b.id").String()
	var lines []string
	err := db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		explain := "EXPLAIN QUERY PLAN "
		if db.kind == Postgres {
			explain = "EXPLAIN "
			if _, err := tx.ExecContext(ctx, "SET LOCAL enable_seqscan = off"); err != nil {
				return err
			}
		}
		rs, err := tx.QueryContext(ctx, explain+query)
		if err != nil {
			return err
		}
		defer rs.Close()
		cols, err := rs.Columns()
		if err != nil {
			return err
		}
		for rs.Next() {
			vals := make([]any, len(cols))
			for i := range vals {
				vals[i] = new(any)
			}
			if err := rs.Scan(vals...); err != nil {
				return err
			}
			parts := make([]string, 0, len(vals))
			for _, v := range vals {
				if b, ok := (*(v.(*any))).([]byte); ok {
					parts = append(parts, string(b))
				} else {
					parts = append(parts, fmt.Sprint(*(v.(*any))))
				}
			}
			lines = append(lines, strings.Join(parts, " "))
		}
		return rs.Err()
	})
	if err != nil {
		return "", fmt.Errorf("explain consultation meetings: %w", err)
	}
	return strings.Join(lines, "\n"), nil
}

// MeetingsStarting lists the booked consultations starting in [from, to), earliest first.
func (db Prep) MeetingsStarting(ctx context.Context, from, to time.Time) ([]prepcourse.Meeting, error) {
	var rows []prepMeetingRow
	if err := db.prepMeetingQuery(&rows).Where("b.starts_at >= ?", from.UTC()).Where("b.starts_at < ?", to.UTC()).
		OrderExpr("b.starts_at, b.id").Scan(ctx); err != nil {
		return nil, fmt.Errorf("read consultation meetings: %w", err)
	}
	out := make([]prepcourse.Meeting, 0, len(rows))
	for _, r := range rows {
		out = append(out, r.meeting())
	}
	return out, nil
}

var _ prepcourse.MeetingSource = Prep{}
