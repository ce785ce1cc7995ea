// Package jobs runs background work from a table of jobs: a job is written in the transaction
// of the change that needs it (transactional outbox), claimed by one worker of one replica for
// a lease, retried with exponential backoff and kept as dead after its last attempt, with the
// error, for admins. Recurring jobs are enqueued once per period under a key every replica
// computes alike, so several replicas run each period once. Work that must run in every
// process (an in-memory cache of that process) is a local schedule instead: no row, same
// clock and loop. ADR 0004 explains the design.
package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// The states of a job.
const (
	// StateQueued waits for run_at (a new job or one waiting for its next attempt).
	StateQueued = "queued"
	// StateRunning is claimed by a worker until locked_until.
	StateRunning = "running"
	// StateDone finished without error.
	StateDone = "done"
	// StateDead failed its last attempt; last_error says why.
	StateDead = "dead"
)

// Job is one row of the jobs table.
type Job struct {
	ID   string `bun:"id,pk" json:"id"`
	Kind string `bun:"kind,notnull" json:"kind"`
	// Key makes the enqueue idempotent: a second job with the same key is not created.
	Key         string     `bun:"idempotency_key,nullzero" json:"key"`
	Payload     string     `bun:"payload,notnull" json:"payload"`
	State       string     `bun:"state,notnull" json:"state" enum:"queued,running,done,dead"`
	Attempts    int        `bun:"attempts,notnull" json:"attempts"`
	MaxAttempts int        `bun:"max_attempts,notnull" json:"max_attempts"`
	RunAt       time.Time  `bun:"run_at,notnull" json:"run_at"`
	LockedUntil *time.Time `bun:"locked_until" json:"locked_until"`
	LockedBy    string     `bun:"locked_by,notnull" json:"locked_by"`
	LastError   string     `bun:"last_error,notnull" json:"last_error"`
	CreatedAt   time.Time  `bun:"created_at,notnull" json:"created_at"`
	UpdatedAt   time.Time  `bun:"updated_at,notnull" json:"updated_at"`
	FinishedAt  *time.Time `bun:"finished_at" json:"finished_at"`
}

// New returns a job of kind with payload encoded as JSON (nil for none).
func New(kind string, payload any) (Job, error) {
	j := Job{Kind: kind, Payload: "{}"}
	if payload != nil {
		b, err := json.Marshal(payload)
		if err != nil {
			return Job{}, fmt.Errorf("encode %s job payload: %w", kind, err)
		}
		j.Payload = string(b)
	}
	return j, nil
}

// Decode reads the job's JSON payload into v.
func (j Job) Decode(v any) error {
	if err := json.Unmarshal([]byte(j.Payload), v); err != nil {
		return fmt.Errorf("decode %s job %s payload: %w", j.Kind, j.ID, err)
	}
	return nil
}

// Claim identifies the attempt a worker holds: finishing a job only counts when the row is
// still claimed by that worker for that attempt (a worker whose lease passed and whose job
// was claimed again by another finds its update ignored).
type Claim struct {
	By       string
	Attempts int
}

// Store keeps the jobs table (internal/store implements it on SQLite and PostgreSQL).
type Store interface {
	// EnqueueJob inserts j, in ctx's transaction when it carries one.
	// When j.Key is set and a job with that key exists, it returns that job and false.
	EnqueueJob(ctx context.Context, j Job) (Job, bool, error)
	// ClaimJobs marks up to limit due jobs of the given kinds running for by until now+lease
	// and adds one attempt to each. Due: queued with run_at <= now, or running with a lease
	// that has passed. Concurrent claims never return one job twice.
	ClaimJobs(ctx context.Context, now time.Time, lease time.Duration, by string, kinds []string, limit int) ([]Job, error)
	// FinishJob records the end of a claimed attempt: state done or dead (finished at now),
	// or queued again for runAt. It reports false when the claim was lost.
	FinishJob(ctx context.Context, id string, claim Claim, state string, runAt time.Time, lastError string, now time.Time) (bool, error)
	// DeadJobs lists dead jobs, most recently failed first.
	DeadJobs(ctx context.Context, limit int) ([]Job, error)
	// PurgeDoneJobs deletes jobs done before the given time and reports how many.
	PurgeDoneJobs(ctx context.Context, before time.Time) (int64, error)
}
