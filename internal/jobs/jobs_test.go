package jobs_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"circle/internal/clocktest"
	"circle/internal/jobs"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

func newClock() *clocktest.Clock {
	return clocktest.New(time.Date(2026, 3, 4, 12, 0, 30, 0, time.UTC))
}

// noJitter is a deterministic backoff: 10 s, 20 s, 40 s, ...
var noJitter = jobs.Exponential(10*time.Second, time.Hour)

func newRunner(db *store.DB, clock *clocktest.Clock, cfg jobs.Config) *jobs.Runner {
	if cfg.Backoff == nil {
		cfg.Backoff = noJitter
	}
	return jobs.NewRunner(store.NewJobs(db), clock.Now, nil, cfg)
}

// calls counts handler runs per job id, with the clock time of each.
type calls struct {
	mu    sync.Mutex
	times map[string][]time.Time
}

func (c *calls) record(id string, at time.Time) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.times == nil {
		c.times = map[string][]time.Time{}
	}
	c.times[id] = append(c.times[id], at)
	return len(c.times[id])
}

func (c *calls) of(id string) []time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]time.Time(nil), c.times[id]...)
}

func (c *calls) total() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, ts := range c.times {
		n += len(ts)
	}
	return n
}

func runDue(t *testing.T, r *jobs.Runner) {
	t.Helper()
	if _, err := r.RunDue(context.Background()); err != nil {
		t.Fatalf("RunDue: %v", err)
	}
}

func enqueue(t *testing.T, r *jobs.Runner, j jobs.Job) jobs.Job {
	t.Helper()
	saved, err := r.Enqueue(context.Background(), j)
	if err != nil {
		t.Fatalf("Enqueue: %v", err)
	}
	return saved
}

func readJob(t *testing.T, db *store.DB, id string) jobs.Job {
	t.Helper()
	j, err := store.NewJobs(db).Job(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return j
}

func TestRetryWithBackoffFollowsTheClock(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clock := newClock()
		r := newRunner(db, clock, jobs.Config{})
		var c calls
		r.Handle("flaky", func(_ context.Context, j jobs.Job) error {
			if n := c.record(j.ID, clock.Now()); n < 3 {
				return fmt.Errorf("failure %d", n)
			}
			return nil
		})
		t0 := clock.Now()
		j := enqueue(t, r, jobs.Job{Kind: "flaky"})

		runDue(t, r) // attempt 1 fails: next at t0+10s
		if got := readJob(t, db, j.ID); got.State != jobs.StateQueued || got.LastError != "failure 1" || !got.RunAt.Equal(t0.Add(10*time.Second)) {
			t.Fatalf("after attempt 1: state %s, error %q, run_at %v", got.State, got.LastError, got.RunAt)
		}
		clock.Advance(9 * time.Second)
		runDue(t, r) // not yet due
		clock.Advance(time.Second)
		runDue(t, r) // attempt 2 at t0+10s fails: next 20 s later
		clock.Advance(19 * time.Second)
		runDue(t, r)
		clock.Advance(time.Second)
		runDue(t, r) // attempt 3 at t0+30s succeeds

		want := []time.Time{t0, t0.Add(10 * time.Second), t0.Add(30 * time.Second)}
		got := c.of(j.ID)
		if len(got) != len(want) {
			t.Fatalf("attempts at %v, want %v", got, want)
		}
		for i := range want {
			if !got[i].Equal(want[i]) {
				t.Fatalf("attempt %d at %v, want %v (all: %v)", i+1, got[i], want[i], got)
			}
		}
		done := readJob(t, db, j.ID)
		if done.State != jobs.StateDone || done.Attempts != 3 || done.FinishedAt == nil || done.LockedUntil != nil {
			t.Fatalf("finished job: %+v", done)
		}
	})
}

func TestDeadAfterMaxAttemptsKeepsTheLastError(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clock := newClock()
		r := newRunner(db, clock, jobs.Config{MaxAttempts: 3})
		var c calls
		r.Handle("broken", func(_ context.Context, j jobs.Job) error {
			return fmt.Errorf("boom %d", c.record(j.ID, clock.Now()))
		})
		r.Handle("fine", func(context.Context, jobs.Job) error { return nil })
		j := enqueue(t, r, jobs.Job{Kind: "broken"})
		enqueue(t, r, jobs.Job{Kind: "fine"})
		for range 5 {
			runDue(t, r)
			clock.Advance(time.Hour)
		}
		if n := len(c.of(j.ID)); n != 3 {
			t.Fatalf("handler ran %d times, want 3", n)
		}
		dead := readJob(t, db, j.ID)
		if dead.State != jobs.StateDead || dead.Attempts != 3 || dead.LastError != "boom 3" || dead.FinishedAt == nil {
			t.Fatalf("dead job: %+v", dead)
		}
		list, err := store.NewJobs(db).DeadJobs(context.Background(), 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 1 || list[0].ID != j.ID || list[0].LastError != "boom 3" {
			t.Fatalf("DeadJobs = %+v, want only %s", list, j.ID)
		}
	})
}

func TestPanicFailsTheAttempt(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clock := newClock()
		r := newRunner(db, clock, jobs.Config{MaxAttempts: 1})
		r.Handle("panics", func(context.Context, jobs.Job) error { panic("handler bug") })
		j := enqueue(t, r, jobs.Job{Kind: "panics"})
		runDue(t, r)
		got := readJob(t, db, j.ID)
		if got.State != jobs.StateDead || len(got.LastError) < 18 || got.LastError[:18] != "panic: handler bug" {
			t.Fatalf("job after a panic: state %s, error %.40q", got.State, got.LastError)
		}
	})
}

func TestScheduledJobRunsOnlyOnceTheClockPassesRunAt(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clock := newClock()
		r := newRunner(db, clock, jobs.Config{})
		var c calls
		r.Handle("reminder", func(_ context.Context, j jobs.Job) error { c.record(j.ID, clock.Now()); return nil })
		at := clock.Now().Add(time.Hour)
		j := enqueue(t, r, jobs.Job{Kind: "reminder", RunAt: at})

		runDue(t, r)
		clock.Advance(time.Hour - time.Second)
		runDue(t, r)
		if n := len(c.of(j.ID)); n != 0 {
			t.Fatalf("ran %d times before run_at", n)
		}
		clock.Advance(time.Second)
		runDue(t, r)
		runDue(t, r)
		if got := c.of(j.ID); len(got) != 1 || !got[0].Equal(at) {
			t.Fatalf("ran at %v, want once at %v", got, at)
		}
	})
}

func TestIdempotencyKeyAndTransaction(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := newClock()
		r := newRunner(db, clock, jobs.Config{})
		var c calls
		r.Handle("mail", func(_ context.Context, j jobs.Job) error { c.record(j.ID, clock.Now()); return nil })
		first, err := jobs.New("mail", map[string]string{"to": "a@example.com"})
		if err != nil {
			t.Fatal(err)
		}
		first.Key = "welcome:user-1"
		a := enqueue(t, r, first)
		second, _ := jobs.New("mail", map[string]string{"to": "b@example.com"})
		second.Key = "welcome:user-1"
		b := enqueue(t, r, second)
		if a.ID == "" || b.ID != a.ID || b.Payload != a.Payload {
			t.Fatalf("second enqueue with the same key returned %+v, want the first job %+v", b, a)
		}

		// A job enqueued in a transaction that rolls back does not exist; one that commits does.
		rollback := errors.New("roll back")
		var lost jobs.Job
		err = db.InTx(ctx, func(ctx context.Context) error {
			var err error
			if lost, err = r.Enqueue(ctx, jobs.Job{Kind: "mail", Key: "rolled-back"}); err != nil {
				return err
			}
			return rollback
		})
		if !errors.Is(err, rollback) {
			t.Fatalf("InTx = %v", err)
		}
		var kept jobs.Job
		if err := db.InTx(ctx, func(ctx context.Context) error {
			var err error
			kept, err = r.Enqueue(ctx, jobs.Job{Kind: "mail", Key: "committed"})
			return err
		}); err != nil {
			t.Fatal(err)
		}
		runDue(t, r)
		if len(c.of(a.ID)) != 1 || len(c.of(kept.ID)) != 1 || c.total() != 2 {
			t.Fatalf("runs: %v", c.times)
		}
		if got := readJob(t, db, a.ID); got.Payload != `{"to":"a@example.com"}` {
			t.Fatalf("keyed job payload %s, want the first enqueue's", got.Payload)
		}
		if _, err := store.NewJobs(db).Job(ctx, lost.ID); err == nil {
			t.Fatal("a job enqueued in a rolled-back transaction exists")
		}
	})
}

func TestRecurringJobRunsOncePerPeriodAcrossReplicas(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clock := newClock() // 12:00:30
		var c calls
		replicas := make([]*jobs.Runner, 3)
		for i := range replicas {
			replicas[i] = newRunner(db, clock, jobs.Config{ID: fmt.Sprintf("replica-%d", i)})
			replicas[i].Every("tick", time.Minute, func(_ context.Context, j jobs.Job) error {
				c.record("tick", clock.Now())
				return nil
			})
		}
		runAll := func() {
			for _, r := range replicas {
				runDue(t, r)
			}
		}
		runAll()
		runAll()
		if n := len(c.of("tick")); n != 1 {
			t.Fatalf("first minute: %d runs, want 1", n)
		}
		clock.Advance(29 * time.Second) // 12:00:59
		runAll()
		if n := len(c.of("tick")); n != 1 {
			t.Fatalf("same minute: %d runs, want 1", n)
		}
		clock.Advance(time.Second) // 12:01:00
		runAll()
		if n := len(c.of("tick")); n != 2 {
			t.Fatalf("second minute: %d runs, want 2", n)
		}
		clock.Advance(10 * time.Minute) // periods nobody was up for are skipped
		runAll()
		runAll()
		if n := len(c.of("tick")); n != 3 {
			t.Fatalf("after a gap: %d runs, want 3", n)
		}
	})
}

func TestLocalWorkRunsInEveryProcessOnItsInterval(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clock := newClock()
		var c calls
		a, b := newRunner(db, clock, jobs.Config{}), newRunner(db, clock, jobs.Config{})
		a.Local("watch", 30*time.Second, func(context.Context) error { c.record("a", clock.Now()); return nil })
		b.Local("watch", 30*time.Second, func(context.Context) error { c.record("b", clock.Now()); return errors.New("logged only") })
		for range 2 {
			runDue(t, a)
			runDue(t, b)
		}
		clock.Advance(29 * time.Second)
		runDue(t, a)
		runDue(t, b)
		if len(c.of("a")) != 1 || len(c.of("b")) != 1 {
			t.Fatalf("within the first interval: %v", c.times)
		}
		clock.Advance(time.Second)
		runDue(t, a)
		runDue(t, b)
		if len(c.of("a")) != 2 || len(c.of("b")) != 2 {
			t.Fatalf("after the interval: %v", c.times)
		}
	})
}

func TestExpiredLeaseLetsAnotherWorkerClaim(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := newClock()
		r := newRunner(db, clock, jobs.Config{Lease: time.Minute})
		var c calls
		r.Handle("work", func(_ context.Context, j jobs.Job) error { c.record(j.ID, clock.Now()); return nil })
		j := enqueue(t, r, jobs.Job{Kind: "work"})

		// A worker that claims the job and then stops (its process died).
		claimed, err := store.NewJobs(db).ClaimJobs(ctx, clock.Now(), time.Minute, "dead-worker", []string{"work"}, 10)
		if err != nil || len(claimed) != 1 || claimed[0].ID != j.ID || claimed[0].Attempts != 1 {
			t.Fatalf("claim = %+v, %v", claimed, err)
		}
		clock.Advance(59 * time.Second)
		runDue(t, r)
		if n := len(c.of(j.ID)); n != 0 {
			t.Fatalf("claimed during another worker's lease: %d runs", n)
		}
		clock.Advance(time.Second)
		runDue(t, r)
		if n := len(c.of(j.ID)); n != 1 {
			t.Fatalf("after the lease: %d runs, want 1", n)
		}
		got := readJob(t, db, j.ID)
		if got.State != jobs.StateDone || got.Attempts != 2 {
			t.Fatalf("job: %+v", got)
		}
		// The stopped worker's late outcome no longer counts.
		kept, err := store.NewJobs(db).FinishJob(ctx, j.ID, jobs.Claim{By: "dead-worker", Attempts: 1}, jobs.StateDead, clock.Now(), "late", clock.Now())
		if err != nil || kept {
			t.Fatalf("late FinishJob = %v, %v; want false", kept, err)
		}
	})
}

// TestTwoReplicasRunEachJobOnce runs 1,000 jobs with two runners on two connection pools to
// one database (two replicas) at once and counts the runs of every job.
func TestTwoReplicasRunEachJobOnce(t *testing.T) {
	const total = 1000
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			ctx := context.Background()
			url := storetest.URL(t, kind)
			open := func() *store.DB {
				db, err := store.Open(ctx, url)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { _ = db.Close() })
				return db
			}
			dbA, dbB := open(), open()
			if _, err := dbA.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			clock := newClock()
			var c calls
			var perReplica [2]int
			var mu sync.Mutex
			runners := make([]*jobs.Runner, 2)
			for i, db := range []*store.DB{dbA, dbB} {
				runners[i] = newRunner(db, clock, jobs.Config{ID: fmt.Sprintf("replica-%d", i), Workers: 8})
				runners[i].Handle("count", func(_ context.Context, j jobs.Job) error {
					c.record(j.ID, clock.Now())
					mu.Lock()
					perReplica[i]++
					mu.Unlock()
					return nil
				})
			}
			ids := make([]string, 0, total)
			if err := dbA.InTx(ctx, func(ctx context.Context) error {
				for range total {
					j, err := runners[0].Enqueue(ctx, jobs.Job{Kind: "count"})
					if err != nil {
						return err
					}
					ids = append(ids, j.ID)
				}
				return nil
			}); err != nil {
				t.Fatal(err)
			}

			var wg sync.WaitGroup
			errs := make([]error, 2)
			for i, r := range runners {
				wg.Go(func() { _, errs[i] = r.RunDue(ctx) })
			}
			wg.Wait()
			for _, err := range errs {
				if err != nil {
					t.Fatal(err)
				}
			}
			for _, id := range ids {
				if n := len(c.of(id)); n != 1 {
					t.Fatalf("job %s ran %d times", id, n)
				}
			}
			// Beside the 1,000 jobs each replica ran the daily purge's period at most once
			// between them; it is not a "count" job, so the total is exact.
			if n := c.total(); n != total {
				t.Fatalf("%d runs, want %d", n, total)
			}
			var done int
			if err := dbA.Bun().NewSelect().Table("jobs").ColumnExpr("count(*)").Where("kind = 'count' AND state = 'done'").Scan(ctx, &done); err != nil {
				t.Fatal(err)
			}
			if done != total {
				t.Fatalf("%d jobs done, want %d", done, total)
			}
			t.Logf("%s: replica runs %v", kind, perReplica)
		})
	}
}

// TestRunStopsOnCancelAfterRunningHandlersFinish runs the production loop on the wall clock:
// an enqueue wakes it, and cancelling its context lets the running handler finish (with a
// live context) and record its outcome before Run returns.
func TestRunStopsOnCancelAfterRunningHandlersFinish(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		r := jobs.NewRunner(store.NewJobs(db), time.Now, nil, jobs.Config{PollEvery: time.Hour})
		started, release := make(chan struct{}), make(chan struct{})
		var handlerCtxErr error
		finished := false
		r.Handle("slow", func(ctx context.Context, _ jobs.Job) error {
			close(started)
			<-release
			handlerCtxErr = ctx.Err()
			finished = true
			return nil
		})
		ctx, cancel := context.WithCancel(context.Background())
		runDone := make(chan struct{})
		go func() { defer close(runDone); r.Run(ctx) }()
		// With a poll of an hour, the job is found by the first pass or by the enqueue's wake.
		j := enqueue(t, r, jobs.Job{Kind: "slow"})
		<-started
		cancel()
		close(release)
		<-runDone
		if !finished || handlerCtxErr != nil {
			t.Fatalf("Run returned with the handler finished=%v (its context error %v)", finished, handlerCtxErr)
		}
		if got := readJob(t, db, j.ID); got.State != jobs.StateDone {
			t.Fatalf("job state %s after shutdown, want done", got.State)
		}
	})
}
