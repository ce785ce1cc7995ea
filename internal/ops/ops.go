// Package ops is the back office's operations (issue 31 items 10 and 11, F-AREA-03, F-AREA-04):
// security events with their hourly rate, client errors grouped by message, and the command
// center's view of the jobs queue with the audited retry of a dead job. The store implements
// Store; the HTTP layer adds what only the server knows (its own request metrics, the caches).
package ops

import (
	"context"
	"strings"
	"time"

	"circle/internal/apperr"
	"circle/internal/audit"
	"circle/internal/jobs"
)

// Limits and messages.
const (
	DefaultPageSize     = 50
	MaxPageSize         = 200
	RateHours           = 24
	ActionJobRetry      = "job.retry"
	KindJob             = "job"
	MsgBadDate          = "Dates are YYYY-MM-DD."
	MsgBadDateRange     = "The start date must be before the end date."
	MsgFilterTooLong    = "A filter is at most 100 characters."
	MsgPageSizeOutOfRng = "The page size is from 1 to 200."
	MsgJobNotDead       = "Only a dead job can be retried."
)

// SecurityEntry is one row of security_events as administrators read it.
type SecurityEntry struct {
	ID        string    `json:"id"`
	Kind      string    `json:"kind" doc:"The event type, e.g. session_validation_failed"`
	UserID    string    `json:"user_id" doc:"Empty when the account is gone"`
	UserEmail string    `json:"user_email"`
	Data      string    `json:"data" doc:"The event's JSON data"`
	At        time.Time `json:"at"`
}

// SecurityFilter selects security events; From and To are UTC days (To included).
type SecurityFilter struct {
	Kind     string
	User     string
	From, To string
	Page     int
	PageSize int
	// fromAt and toAt are the parsed range (toAt exclusive); zero when open.
	FromAt, ToAt time.Time
}

// SecurityEntryPage is one page of security events, with the count of every match.
type SecurityEntryPage struct {
	Events []SecurityEntry `json:"events"`
	Total  int             `json:"total"`
}

// HourCount is one hour of the rate indicator.
type HourCount struct {
	Hour  time.Time `json:"hour" doc:"The hour's start (UTC)"`
	Count int       `json:"count"`
}

// SecurityHourly is the rate indicator: events per hour over the last 24 hours, oldest first.
type SecurityHourly struct {
	Hours []HourCount `json:"hours"`
	Total int         `json:"total"`
	Peak  int         `json:"peak" doc:"The busiest hour's count"`
}

// ClientErrorGroup is the client errors that share one message.
type ClientErrorGroup struct {
	Message     string    `json:"message"`
	Count       int       `json:"count"`
	FirstSeen   time.Time `json:"first_seen"`
	LastSeen    time.Time `json:"last_seen"`
	SampleStack string    `json:"sample_stack" doc:"The stack of the latest occurrence"`
	SampleURL   string    `json:"sample_url" doc:"The page of the latest occurrence"`
}

// ErrorFilter selects client error groups.
type ErrorFilter struct {
	Q        string
	Sort     string // last_seen or count
	Asc      bool
	Page     int
	PageSize int
}

// ClientErrorPage is one page of error groups, with the number of groups.
type ClientErrorPage struct {
	Groups []ClientErrorGroup `json:"groups"`
	Total  int                `json:"total"`
}

// JobQueueCounts is the jobs queue by state.
type JobQueueCounts struct {
	Queued   int `json:"queued" doc:"Waiting to run, retries included"`
	Retrying int `json:"retrying" doc:"Queued after a failed attempt"`
	Running  int `json:"running"`
	Dead     int `json:"dead"`
	DoneHour int `json:"done_last_hour" doc:"Finished in the last hour"`
}

// Store is what the operations service needs from the database.
type Store interface {
	ComplianceStore
	FunnelStore
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	AppendAudit(ctx context.Context, e audit.Record) error
	SecurityEvents(ctx context.Context, f SecurityFilter) ([]SecurityEntry, int, error)
	// SecurityCounts counts the events in each [edges[i], edges[i+1]).
	SecurityCounts(ctx context.Context, edges []time.Time) ([]int, error)
	ClientErrorGroups(ctx context.Context, f ErrorFilter) ([]ClientErrorGroup, int, error)
	JobQueueCounts(ctx context.Context, now time.Time) (JobQueueCounts, error)
	// LockJob reads a job for update in ctx's transaction.
	LockJob(ctx context.Context, id string) (jobs.Job, error)
	// RequeueDeadJob puts a dead job back in the queue, due now, with a fresh set of attempts.
	RequeueDeadJob(ctx context.Context, id string, now time.Time) (jobs.Job, error)
}

// Service answers the operations screens.
type Service struct {
	Store Store
	Now   func() time.Time
	// Checks are the command center test's subsystem checks, in order (app wires them).
	Checks []Check
}

func pageSize(n int) (int, error) {
	if n == 0 {
		return DefaultPageSize, nil
	}
	if n < 1 || n > MaxPageSize {
		return 0, apperr.Field("page_size", "validation.range", MsgPageSizeOutOfRng)
	}
	return n, nil
}

// parseDay reads a YYYY-MM-DD day (UTC); empty is the zero time.
func parseDay(field, s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return time.Time{}, apperr.Field(field, "validation.format", MsgBadDate)
	}
	return d, nil
}

// ValidateSecurity checks and completes a filter: lengths, page size, the date range.
func ValidateSecurity(f SecurityFilter) (SecurityFilter, error) {
	f.Kind, f.User = strings.TrimSpace(f.Kind), strings.TrimSpace(f.User)
	if len(f.Kind) > 100 {
		return f, apperr.Field("kind", "validation.length", MsgFilterTooLong)
	}
	if len(f.User) > 100 {
		return f, apperr.Field("user", "validation.length", MsgFilterTooLong)
	}
	if f.Page < 1 {
		f.Page = 1
	}
	var err error
	if f.PageSize, err = pageSize(f.PageSize); err != nil {
		return f, err
	}
	if f.FromAt, err = parseDay("from", f.From); err != nil {
		return f, err
	}
	to, err := parseDay("to", f.To)
	if err != nil {
		return f, err
	}
	if !to.IsZero() {
		f.ToAt = to.AddDate(0, 0, 1)
	}
	if !f.FromAt.IsZero() && !f.ToAt.IsZero() && !f.FromAt.Before(f.ToAt) {
		return f, apperr.Field("from", "validation.range", MsgBadDateRange)
	}
	return f, nil
}

// SecurityEvents answers one page of the events matching f, newest first.
func (s *Service) SecurityEvents(ctx context.Context, f SecurityFilter) (SecurityEntryPage, error) {
	f, err := ValidateSecurity(f)
	if err != nil {
		return SecurityEntryPage{}, err
	}
	rows, total, err := s.Store.SecurityEvents(ctx, f)
	if rows == nil {
		rows = []SecurityEntry{}
	}
	return SecurityEntryPage{Events: rows, Total: total}, err
}

// HourEdges are the rate indicator's 25 edges: the current hour and the 23 before it, the last
// edge the end of the current hour.
func HourEdges(now time.Time) []time.Time {
	end := now.UTC().Truncate(time.Hour).Add(time.Hour)
	edges := make([]time.Time, RateHours+1)
	for i := range edges {
		edges[i] = end.Add(-time.Duration(RateHours-i) * time.Hour)
	}
	return edges
}

// Rate answers the events per hour over the last 24 hours.
func (s *Service) Rate(ctx context.Context) (SecurityHourly, error) {
	edges := HourEdges(s.Now())
	counts, err := s.Store.SecurityCounts(ctx, edges)
	if err != nil {
		return SecurityHourly{}, err
	}
	out := SecurityHourly{Hours: make([]HourCount, RateHours)}
	for i := 0; i < RateHours; i++ {
		out.Hours[i] = HourCount{Hour: edges[i], Count: counts[i]}
		out.Total += counts[i]
		out.Peak = max(out.Peak, counts[i])
	}
	return out, nil
}

// ClientErrors answers one page of the client errors grouped by message.
func (s *Service) ClientErrors(ctx context.Context, f ErrorFilter) (ClientErrorPage, error) {
	f.Q = strings.TrimSpace(f.Q)
	if len(f.Q) > 100 {
		return ClientErrorPage{}, apperr.Field("q", "validation.length", MsgFilterTooLong)
	}
	if f.Page < 1 {
		f.Page = 1
	}
	if f.Sort != "count" {
		f.Sort = "last_seen"
	}
	var err error
	if f.PageSize, err = pageSize(f.PageSize); err != nil {
		return ClientErrorPage{}, err
	}
	groups, total, err := s.Store.ClientErrorGroups(ctx, f)
	if groups == nil {
		groups = []ClientErrorGroup{}
	}
	return ClientErrorPage{Groups: groups, Total: total}, err
}

// Jobs answers the queue's counts.
func (s *Service) Jobs(ctx context.Context) (JobQueueCounts, error) {
	return s.Store.JobQueueCounts(ctx, s.Now())
}

type jobState struct {
	State     string     `json:"state"`
	Attempts  int        `json:"attempts"`
	LastError string     `json:"last_error"`
	RunAt     time.Time  `json:"run_at"`
	Finished  *time.Time `json:"finished_at"`
}

func stateOf(j jobs.Job) jobState {
	return jobState{State: j.State, Attempts: j.Attempts, LastError: j.LastError, RunAt: j.RunAt, Finished: j.FinishedAt}
}

// RetryJob puts a dead job back in the queue, due now with a fresh set of attempts, and records
// it in the audit log in the same transaction. A job that is not dead is 409; an unknown one 404.
func (s *Service) RetryJob(ctx context.Context, by audit.Actor, id string) (jobs.DeadView, error) {
	var out jobs.DeadView
	err := s.Store.InTx(ctx, func(ctx context.Context) error {
		before, err := s.Store.LockJob(ctx, id)
		if err != nil {
			return err
		}
		if before.State != jobs.StateDead {
			return apperr.New(apperr.Conflict, MsgJobNotDead)
		}
		after, err := s.Store.RequeueDeadJob(ctx, id, s.Now())
		if err != nil {
			return err
		}
		out = jobs.DeadView{ID: after.ID, Kind: after.Kind, Key: after.Key, Attempts: after.Attempts, LastError: after.LastError, CreatedAt: after.CreatedAt}
		return audit.Append(ctx, s.Store, by, ActionJobRetry, KindJob, id, map[string]any{"kind": before.Kind, "job": stateOf(before)}, map[string]any{"kind": after.Kind, "job": stateOf(after)})
	})
	return out, err
}

// Check is one subsystem's self-test (the command center test): it must change nothing that
// stays. Detail says what was checked; an error fails it.
type Check struct {
	Name string
	Run  func(ctx context.Context) (detail string, err error)
}

// CheckResult is a check's outcome and how long it took.
type CheckResult struct {
	Name   string  `json:"name" example:"database"`
	OK     bool    `json:"ok"`
	MS     float64 `json:"ms" doc:"Elapsed wall-clock milliseconds"`
	Detail string  `json:"detail"`
	Error  string  `json:"error,omitempty"`
}

// SelfTestTimeout bounds each check.
const SelfTestTimeout = 3 * time.Second

// SelfTest runs every check one after the other, each within SelfTestTimeout; the timing is
// real elapsed time (the wall clock, not Now).
func (s *Service) SelfTest(ctx context.Context) []CheckResult {
	out := make([]CheckResult, 0, len(s.Checks))
	for _, c := range s.Checks {
		cctx, cancel := context.WithTimeout(ctx, SelfTestTimeout)
		start := time.Now()
		detail, err := c.Run(cctx)
		cancel()
		r := CheckResult{Name: c.Name, OK: err == nil, Detail: detail, MS: float64(time.Since(start).Microseconds()) / 1000}
		if err != nil {
			r.Error = err.Error()
		}
		out = append(out, r)
	}
	return out
}
