package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"runtime/debug"
	"sort"
	"sync"
	"time"

	"circle/internal/ids"
)

// Handler does the work of one job. An error (or a panic) fails the attempt: the job is tried
// again after a backoff, or kept as dead after its last attempt. A handler must be safe to run
// twice for one job: a worker that stops between the work and recording it leaves the job to
// be claimed again when its lease ends.
type Handler func(ctx context.Context, j Job) error

// LocalFunc is work every process does for itself on a schedule (see Runner.Local).
type LocalFunc func(ctx context.Context) error

// Config tunes a Runner; zero fields take the defaults.
type Config struct {
	// Workers is how many jobs this process runs at once (default 4).
	Workers int
	// PollEvery is how often the loop looks for due jobs when nothing wakes it (default 1 s).
	PollEvery time.Duration
	// Lease is how long a claim lasts; a handler's context ends then, and another worker may
	// claim the job after it (default 5 minutes).
	Lease time.Duration
	// MaxAttempts is the attempts a job gets when its enqueue does not say (default 10).
	MaxAttempts int
	// Backoff is the wait before the next attempt after attempt n (1-based) failed (default
	// Jittered(Exponential(10 s, 1 h))).
	Backoff func(attempt int) time.Duration
	// ID names this worker in claims (default a random id).
	ID string
}

// Defaults.
const (
	DefaultWorkers     = 4
	DefaultPollEvery   = time.Second
	DefaultLease       = 5 * time.Minute
	DefaultMaxAttempts = 10
	// RecurringMaxAttempts bounds the attempts of one period of a recurring job: the next
	// period runs anyway.
	RecurringMaxAttempts = 3
	// DoneRetention is how long finished jobs stay in the table before the purge job.
	DoneRetention = 7 * 24 * time.Hour
	// PurgeKind is the recurring job that deletes old done jobs.
	PurgeKind = "jobs.purge"
)

// Exponential waits base after the first failure, doubling each time, at most max.
func Exponential(base, max time.Duration) func(attempt int) time.Duration {
	return func(attempt int) time.Duration {
		d := base
		for i := 1; i < attempt && d < max; i++ {
			d *= 2
		}
		return min(d, max)
	}
}

// Jittered spreads backoff's waits by ±20% so jobs that failed together do not retry together.
func Jittered(backoff func(attempt int) time.Duration) func(attempt int) time.Duration {
	return func(attempt int) time.Duration {
		d := backoff(attempt)
		return d + time.Duration((rand.Float64()*0.4-0.2)*float64(d))
	}
}

type recurring struct {
	kind        string
	every       time.Duration
	maxAttempts int
	// enqueued is the last period this process enqueued (a cache: the key does the dedupe).
	enqueued time.Time
}

type local struct {
	name    string
	every   time.Duration
	fn      LocalFunc
	next    time.Time
	running bool
}

// Runner is a process's worker pool. Register handlers and schedules first, then call Run
// (production) or RunDue (tests, with a fake clock).
type Runner struct {
	store  Store
	now    func() time.Time
	logger *slog.Logger
	cfg    Config

	handlers  map[string]Handler
	kinds     []string
	recurring []*recurring

	mu     sync.Mutex
	locals []*local
	busy   int

	// background is the long-lived work that runs beside the loop (Background).
	background []func(ctx context.Context)

	wake chan struct{}
	wg   sync.WaitGroup
}

// NewRunner returns a runner over store with the clock now.
func NewRunner(store Store, now func() time.Time, logger *slog.Logger, cfg Config) *Runner {
	if cfg.Workers <= 0 {
		cfg.Workers = DefaultWorkers
	}
	if cfg.PollEvery <= 0 {
		cfg.PollEvery = DefaultPollEvery
	}
	if cfg.Lease <= 0 {
		cfg.Lease = DefaultLease
	}
	if cfg.MaxAttempts <= 0 {
		cfg.MaxAttempts = DefaultMaxAttempts
	}
	if cfg.Backoff == nil {
		cfg.Backoff = Jittered(Exponential(10*time.Second, time.Hour))
	}
	if cfg.ID == "" {
		cfg.ID = ids.New()
	}
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	r := &Runner{store: store, now: now, logger: logger, cfg: cfg, handlers: map[string]Handler{}, wake: make(chan struct{}, 1)}
	r.Every(PurgeKind, 24*time.Hour, func(ctx context.Context, _ Job) error {
		n, err := store.PurgeDoneJobs(ctx, r.now().Add(-DoneRetention))
		if n > 0 {
			r.logger.Info("jobs purge", "deleted", n)
		}
		return err
	})
	return r
}

// Handle registers the handler of a kind. Only registered kinds are claimed, so a replica of
// an older version leaves jobs it does not know to the others.
func (r *Runner) Handle(kind string, h Handler) {
	if _, dup := r.handlers[kind]; dup {
		panic("jobs: two handlers for " + kind)
	}
	r.handlers[kind] = h
	r.kinds = append(r.kinds, kind)
	sort.Strings(r.kinds)
}

// Every registers h and runs it once per period of every (periods start at multiples of every
// since the zero time, the same on every replica), across all replicas. A period the servers
// were all down for is skipped, not caught up.
func (r *Runner) Every(kind string, every time.Duration, h Handler) {
	r.Handle(kind, h)
	r.recurring = append(r.recurring, &recurring{kind: kind, every: every, maxAttempts: RecurringMaxAttempts})
}

// Local runs fn in this process every interval, first on the first pass of the loop. It is
// for work on the process's own memory, which every replica must do for itself; nothing is
// written to the table, a failure is logged and the next interval is the retry.
func (r *Runner) Local(name string, every time.Duration, fn LocalFunc) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.locals = append(r.locals, &local{name: name, every: every, fn: fn})
}

// Enqueue writes j in the transaction ctx carries (the caller's, so the job commits with the
// change; a statement of its own outside one) and wakes this process's loop. Zero fields take defaults: a
// new id, run now, the runner's MaxAttempts. With a Key that already exists it returns the
// existing job and writes nothing.
func (r *Runner) Enqueue(ctx context.Context, j Job) (Job, error) {
	if _, ok := r.handlers[j.Kind]; !ok {
		return Job{}, fmt.Errorf("enqueue job: no handler for kind %q", j.Kind)
	}
	now := r.now().UTC()
	if j.ID == "" {
		j.ID = ids.New()
	}
	if j.Payload == "" {
		j.Payload = "{}"
	}
	if j.MaxAttempts <= 0 {
		j.MaxAttempts = r.cfg.MaxAttempts
	}
	if j.RunAt.IsZero() {
		j.RunAt = now
	}
	j.State, j.Attempts, j.LockedUntil, j.LockedBy, j.LastError, j.FinishedAt = StateQueued, 0, nil, "", "", nil
	j.CreatedAt, j.UpdatedAt = now, now
	saved, _, err := r.store.EnqueueJob(ctx, j)
	if err != nil {
		return Job{}, fmt.Errorf("enqueue %s job: %w", j.Kind, err)
	}
	// Inside a transaction this wakes the loop before the commit; the job is then picked up
	// by the next poll.
	r.poke()
	return saved, nil
}

func (r *Runner) poke() {
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

// Run polls for due jobs every PollEvery (sooner after an enqueue in this process) and runs
// them, until ctx ends; then it waits for the handlers that are running and returns.
// Handlers keep running after ctx ends (until their lease), so a shutdown does not turn a job
// half done into a failed attempt.
func (r *Runner) Run(ctx context.Context) {
	t := time.NewTicker(r.cfg.PollEvery)
	defer t.Stop()
	defer r.wg.Wait()
	r.startBackground(ctx)
	for {
		if _, err := r.dispatch(ctx); err != nil && ctx.Err() == nil {
			r.logger.Error("jobs: claim", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-r.wake:
		}
	}
}

// RunDue runs everything due at the clock's current time, and what falls due meanwhile,
// until nothing is left, waiting for each handler; it returns how many jobs ran. Tests move a
// fake clock and call it instead of Run.
func (r *Runner) RunDue(ctx context.Context) (int, error) {
	total := 0
	for {
		n, err := r.dispatch(ctx)
		r.wg.Wait()
		total += n
		if err != nil || n == 0 {
			return total, err
		}
	}
}

// dispatch enqueues the recurring jobs of the current periods, starts the due local work and
// claims as many due jobs as there are idle workers, starting a goroutine for each. It
// returns how many jobs it started.
func (r *Runner) dispatch(ctx context.Context) (int, error) {
	now := r.now()
	r.enqueueRecurring(ctx, now)
	r.startLocals(ctx, now)

	r.mu.Lock()
	free := r.cfg.Workers - r.busy
	r.mu.Unlock()
	if free <= 0 || len(r.kinds) == 0 {
		return 0, nil
	}
	claimed, err := r.store.ClaimJobs(ctx, now.UTC(), r.cfg.Lease, r.cfg.ID, r.kinds, free)
	if err != nil {
		return 0, fmt.Errorf("claim jobs: %w", err)
	}
	r.mu.Lock()
	r.busy += len(claimed)
	r.mu.Unlock()
	for _, j := range claimed {
		r.wg.Add(1)
		go func() {
			defer r.wg.Done()
			r.execute(ctx, j)
			r.mu.Lock()
			r.busy--
			r.mu.Unlock()
			r.poke() // a worker is free: look for more
		}()
	}
	return len(claimed), nil
}

func (r *Runner) enqueueRecurring(ctx context.Context, now time.Time) {
	for _, s := range r.recurring {
		period := now.UTC().Truncate(s.every)
		if period.Equal(s.enqueued) {
			continue
		}
		j := Job{Kind: s.kind, Key: "every:" + s.kind + ":" + period.Format(time.RFC3339), RunAt: period, MaxAttempts: s.maxAttempts}
		if _, err := r.Enqueue(ctx, j); err != nil {
			if ctx.Err() == nil {
				r.logger.Error("jobs: enqueue recurring", "kind", s.kind, "err", err)
			}
			continue
		}
		s.enqueued = period
	}
}

func (r *Runner) startLocals(ctx context.Context, now time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, l := range r.locals {
		if l.running || now.Before(l.next) {
			continue
		}
		l.running, l.next = true, now.Add(l.every)
		r.wg.Add(1)
		go func() {
			defer r.wg.Done()
			hctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), r.cfg.Lease)
			err := call(hctx, func(ctx context.Context) error { return l.fn(ctx) })
			cancel()
			if err != nil {
				r.logger.Error("jobs: local work failed", "name", l.name, "err", err)
			}
			r.mu.Lock()
			l.running = false
			r.mu.Unlock()
		}()
	}
}

// errLeaseEnded is the last error of a job claimed again after its last attempt's lease ran
// out (the worker stopped or the handler outlived the lease).
var errLeaseEnded = errors.New("the last attempt's lease ended before it finished")

// execute runs one claimed job and records the outcome.
func (r *Runner) execute(ctx context.Context, j Job) {
	claim := Claim{By: r.cfg.ID, Attempts: j.Attempts}
	var err error
	if j.Attempts > j.MaxAttempts {
		err = errLeaseEnded
	} else {
		h := r.handlers[j.Kind]
		hctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), r.cfg.Lease)
		err = call(hctx, func(ctx context.Context) error { return h(ctx, j) })
		cancel()
	}
	now := r.now().UTC()
	state, runAt, lastError := StateDone, j.RunAt, ""
	if err != nil {
		lastError = err.Error()
		if j.Attempts >= j.MaxAttempts {
			state = StateDead
			r.logger.Error("jobs: dead after its last attempt", "kind", j.Kind, "id", j.ID, "attempts", j.Attempts, "err", err)
		} else {
			state, runAt = StateQueued, now.Add(r.cfg.Backoff(j.Attempts))
			r.logger.Warn("jobs: attempt failed", "kind", j.Kind, "id", j.ID, "attempt", j.Attempts, "retry_at", runAt, "err", err)
		}
	}
	// The outcome is recorded even when ctx has ended (shutdown), so the work is not repeated.
	kept, ferr := r.store.FinishJob(context.WithoutCancel(ctx), j.ID, claim, state, runAt, lastError, now)
	switch {
	case ferr != nil:
		r.logger.Error("jobs: record outcome", "kind", j.Kind, "id", j.ID, "err", ferr)
	case !kept:
		r.logger.Warn("jobs: claim lost before the outcome was recorded (lease ended)", "kind", j.Kind, "id", j.ID)
	}
}

// call runs fn, turning a panic into an error.
func call(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v\n%s", p, debug.Stack())
		}
	}()
	return fn(ctx)
}

// DeadView is a dead job as administrators see it: what failed, how often and why. The payload
// stays out: it may carry a message with a sign-in link.
type DeadView struct {
	ID        string     `json:"id"`
	Kind      string     `json:"kind"`
	Key       string     `json:"key,omitempty" doc:"The idempotency key, when the job has one"`
	Attempts  int        `json:"attempts"`
	LastError string     `json:"last_error"`
	CreatedAt time.Time  `json:"created_at"`
	FailedAt  *time.Time `json:"failed_at" doc:"When the last attempt failed"`
}

// Dead lists the jobs that failed their last attempt, most recently failed first.
func (r *Runner) Dead(ctx context.Context, limit int) ([]DeadView, error) {
	rows, err := r.store.DeadJobs(ctx, limit)
	if err != nil {
		return nil, fmt.Errorf("list dead jobs: %w", err)
	}
	out := make([]DeadView, len(rows))
	for i, j := range rows {
		out[i] = DeadView{ID: j.ID, Kind: j.Kind, Key: j.Key, Attempts: j.Attempts, LastError: j.LastError, CreatedAt: j.CreatedAt, FailedAt: j.FinishedAt}
	}
	return out, nil
}
