package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/jobs"
)

// EnqueueJob inserts j in ctx's transaction, if any (db.q). With a key that exists it returns
// the existing job and false; ON CONFLICT DO NOTHING makes that safe against a concurrent insert of the
// same key (on PostgreSQL it waits for the other transaction, then does nothing).
func (db Jobs) EnqueueJob(ctx context.Context, j jobs.Job) (jobs.Job, bool, error) {
	q := db.q(ctx)
	var inserted []jobs.Job
	err := q.NewInsert().Model(&jobsJobRow{Job: &j}).On("CONFLICT (idempotency_key) DO NOTHING").Returning("*").Scan(ctx, &inserted)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return jobs.Job{}, false, fmt.Errorf("insert job: %w", err)
	}
	if len(inserted) == 1 {
		return inserted[0], true, nil
	}
	var existing jobs.Job
	if err := q.NewSelect().Model(&jobsJobRow{Job: &existing}).Where("idempotency_key = ?", j.Key).Scan(ctx); err != nil {
		return jobs.Job{}, false, fmt.Errorf("read job with key %s: %w", j.Key, err)
	}
	return existing, false, nil
}

// ClaimJobs claims up to limit due jobs in one statement. On PostgreSQL the inner SELECT
// takes the rows FOR UPDATE SKIP LOCKED (PostgreSQL-only), so concurrent claims of other
// replicas pass over rows being claimed instead of waiting for them or claiming them twice.
// On SQLite the statement holds the database's one write lock, which serialises claims.
func (db Jobs) ClaimJobs(ctx context.Context, now time.Time, lease time.Duration, by string, kinds []string, limit int) ([]jobs.Job, error) {
	now = now.UTC()
	lock := ""
	if db.kind == Postgres {
		lock = " FOR UPDATE SKIP LOCKED"
	} else {
		// Every replica polls each second: on SQLite look first with a read, so an idle poll
		// does not take the database's one write lock from the requests.
		due, err := db.bun.NewSelect().Table("jobs").
			Where("kind IN (?) AND ((state = ? AND run_at <= ?) OR (state = ? AND locked_until <= ?))",
				bun.In(kinds), jobs.StateQueued, now, jobs.StateRunning, now).
			Exists(ctx)
		if err != nil {
			return nil, fmt.Errorf("look for due jobs: %w", err)
		}
		if !due {
			return nil, nil
		}
	}
	var claimed []jobs.Job
	err := db.bun.NewRaw(`UPDATE jobs SET state = ?, attempts = attempts + 1, locked_until = ?, locked_by = ?, updated_at = ?
		WHERE id IN (SELECT id FROM jobs
			WHERE kind IN (?) AND ((state = ? AND run_at <= ?) OR (state = ? AND locked_until <= ?))
			ORDER BY run_at, id LIMIT ?`+lock+`)
		RETURNING *`,
		jobs.StateRunning, now.Add(lease), by, now,
		bun.In(kinds), jobs.StateQueued, now, jobs.StateRunning, now, limit).Scan(ctx, &claimed)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("claim jobs: %w", err)
	}
	return claimed, nil
}

// FinishJob records the outcome of the attempt claim holds; it reports false when the row
// is no longer that claim's (its lease ended and another worker claimed it).
func (db Jobs) FinishJob(ctx context.Context, id string, claim jobs.Claim, state string, runAt time.Time, lastError string, now time.Time) (bool, error) {
	now = now.UTC()
	q := db.bun.NewUpdate().Table("jobs").
		Set("state = ?", state).Set("last_error = ?", lastError).Set("locked_until = NULL").Set("locked_by = ''").Set("updated_at = ?", now).
		Where("id = ?", id).Where("state = ?", jobs.StateRunning).Where("locked_by = ?", claim.By).Where("attempts = ?", claim.Attempts)
	if state == jobs.StateQueued {
		q = q.Set("run_at = ?", runAt.UTC())
	} else {
		q = q.Set("finished_at = ?", now)
	}
	res, err := q.Exec(ctx)
	n, err := rowsChanged(res, err, "finish job "+id)
	return n == 1, err
}

// DeadJobs lists dead jobs, most recently failed first.
func (db Jobs) DeadJobs(ctx context.Context, limit int) ([]jobs.Job, error) {
	return scanList[jobs.Job](ctx, db.bun.NewSelect().Model((*jobsJobRow)(nil)).Where("state = ?", jobs.StateDead).
		OrderExpr("finished_at DESC, id DESC").Limit(int64(limit)), "list dead jobs")
}

// PurgeDoneJobs deletes jobs done before the given time. Dead jobs stay for admins.
func (db Jobs) PurgeDoneJobs(ctx context.Context, before time.Time) (int64, error) {
	res, err := db.bun.NewDelete().Table("jobs").Where("state = ?", jobs.StateDone).Where("finished_at < ?", before.UTC()).Exec(ctx)
	return rowsChanged(res, err, "purge done jobs")
}

// Job reads one job by id (tests and admin views).
func (db Jobs) Job(ctx context.Context, id string) (jobs.Job, error) {
	var j jobs.Job
	if err := db.bun.NewSelect().Model(&jobsJobRow{Job: &j}).Where("id = ?", id).Scan(ctx); err != nil {
		return jobs.Job{}, notFound(err, "job")
	}
	return j, nil
}
