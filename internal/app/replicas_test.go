package app_test

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"sync"
	"testing"
	"time"

	"circle/internal/app"
	"circle/internal/demo"
	"circle/internal/jobs"
	"circle/internal/store"
	"circle/internal/testapp"
)

// waitUntil polls cond until it holds or the deadline passes; it returns how long it took.
// A replica learns of another's change asynchronously, so the tests wait on the condition (with
// a deadline far below the fallback intervals: 30 s for the snapshot fingerprint check), never
// for a fixed time.
func waitUntil(t *testing.T, within time.Duration, what string, cond func() bool) time.Duration {
	t.Helper()
	start := time.Now()
	for !cond() {
		if time.Since(start) > within {
			t.Fatalf("%s: not seen within %s", what, within)
		}
		time.Sleep(5 * time.Millisecond) // a poll interval, not an assertion after a sleep
	}
	return time.Since(start)
}

type snapshotCard struct {
	ID     string `json:"id"`
	Rating struct {
		TotalReviews int `json:"total_reviews"`
	} `json:"rating"`
}

type snapshotBody struct {
	FirstPage struct {
		Services []snapshotCard `json:"services"`
	} `json:"first_page"`
}

func firstPage(t *testing.T, a *testapp.App) []snapshotCard {
	t.Helper()
	res := a.Get(t, "/api/marketplace/data")
	if res.Status != http.StatusOK {
		t.Fatalf("marketplace data: %d %s", res.Status, res.Body)
	}
	var b snapshotBody
	res.JSON(t, &b)
	return b.FirstPage.Services
}

func reviewsOf(t *testing.T, a *testapp.App, serviceID string) int {
	t.Helper()
	for _, c := range firstPage(t, a) {
		if c.ID == serviceID {
			return c.Rating.TotalReviews
		}
	}
	t.Fatalf("service %s is no longer on the first page", serviceID)
	return 0
}

// searchReviewsOf returns a service's review count on its card in a's search results.
func searchReviewsOf(t *testing.T, a *testapp.App, serviceID string) int {
	t.Helper()
	for page := 1; ; page++ {
		res := a.Get(t, fmt.Sprintf("/api/marketplace/services?page_size=100&page=%d", page))
		if res.Status != http.StatusOK {
			t.Fatalf("search: %d %s", res.Status, res.Body)
		}
		var body struct {
			Services []snapshotCard `json:"services"`
		}
		res.JSON(t, &body)
		if len(body.Services) == 0 {
			t.Fatalf("service %s is not in the search results", serviceID)
		}
		for _, c := range body.Services {
			if c.ID == serviceID {
				return c.Rating.TotalReviews
			}
		}
	}
}

// reviewFirstPageService posts a 5-star review as client c on a through a's API, on the first
// service of the first page the client has not reviewed yet; it returns the service's id.
func reviewFirstPageService(t *testing.T, a *testapp.App, c *http.Client) string {
	t.Helper()
	for _, card := range firstPage(t, a) {
		res := a.PostJSON(t, c, "/api/services/"+card.ID+"/reviews", map[string]any{"rating": 5})
		if res.Status == http.StatusOK || res.Status == http.StatusCreated {
			return card.ID
		}
		if res.Status != http.StatusConflict {
			t.Fatalf("review %s: %d %s", card.ID, res.Status, res.Body)
		}
	}
	t.Fatal("the agent has reviewed every service of the first page")
	return ""
}

// oneMoreReview is the review count a snapshot must show for service id once a new review is
// in: one more than the cards read before it had (-1 when id was not among them, which no
// snapshot shows).
func oneMoreReview(before []snapshotCard, id string) int {
	for _, c := range before {
		if c.ID == id {
			return c.Rating.TotalReviews + 1
		}
	}
	return -1
}

// Two replicas (two full app instances, each with its own connection pool, caches, rate
// limiter and jobs runner) on one PostgreSQL database, the way Circle scales out: what one
// replica changes, the other honours at once.
func TestTwoReplicasOnOnePostgresDatabase(t *testing.T) {
	// One stopped clock for both: the rate limit never refills during the test and the
	// snapshot never expires, so only the replicas telling each other can make B see A's changes.
	clock := testapp.NewClock(time.Now())
	const countKind = "test.count"
	var (
		mu      sync.Mutex
		ranBy   = map[string][]int{} // job id -> replicas that ran it
		perApp  [2]int
		both    = make(chan struct{})
		bothSet bool
	)
	handler := func(replica int) jobs.Handler {
		return func(ctx context.Context, j jobs.Job) error {
			mu.Lock()
			ranBy[j.ID] = append(ranBy[j.ID], replica)
			perApp[replica]++
			if perApp[0] > 0 && perApp[1] > 0 && !bothSet {
				bothSet = true
				close(both)
			}
			mu.Unlock()
			// Hold the worker until the other replica runs a job too, so both runners are
			// claiming from the same queue at the same time.
			select {
			case <-both:
			case <-time.After(10 * time.Second):
			}
			return nil
		}
	}
	apps := testapp.StartReplicas(t, store.Postgres, 2, func(i int) testapp.Options {
		return testapp.Options{
			Clock: clock,
			// A burst of 10 sign-in attempts per address, refilled 20 a minute.
			Config: func(c *app.Config) { c.AuthRateLimit, c.TrustProxy = 20, true },
			Jobs:   func(r *jobs.Runner) { r.Handle(countKind, handler(i)) },
		}
	})
	a, b := apps[0], apps[1]
	a.LoadDemo(t)
	ctx := context.Background()
	// Each replica listens for the others' changes from the start of its jobs runner.
	waitUntil(t, 10*time.Second, "both replicas listening", func() bool {
		var n int
		if err := a.DB.Bun().DB.QueryRow(`SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN "circle_changes%'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n == 2
	})

	// F-APP-10 (operations): a job enqueued on either replica runs exactly once while both
	// runners claim from the one table (FOR UPDATE SKIP LOCKED).
	t.Run("jobs run once", func(t *testing.T) {
		const n = 60
		for i := range n {
			j, err := jobs.New(countKind, map[string]int{"n": i})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := apps[i%2].Jobs.Enqueue(ctx, j); err != nil {
				t.Fatal(err)
			}
		}
		took := waitUntil(t, 30*time.Second, "every job done", func() bool {
			var done int
			if err := a.DB.Bun().NewSelect().Table("jobs").ColumnExpr("COUNT(*)").
				Where("kind = ? AND state = ?", countKind, jobs.StateDone).Scan(ctx, &done); err != nil {
				t.Fatal(err)
			}
			return done == n
		})
		mu.Lock()
		defer mu.Unlock()
		if len(ranBy) != n {
			t.Errorf("%d distinct jobs ran, want %d", len(ranBy), n)
		}
		for id, by := range ranBy {
			if len(by) != 1 {
				t.Errorf("job %s ran %d times (replicas %v), want once", id, len(by), by)
			}
		}
		if perApp[0] == 0 || perApp[1] == 0 {
			t.Errorf("jobs per replica %v: both runners should have claimed jobs", perApp)
		}
		t.Logf("%d jobs done in %s, %d on A and %d on B, each once", n, took, perApp[0], perApp[1])
	})

	// F-AUTH-10: a session ended on A is refused on B on its very next request (every request
	// reads the session row; no replica keeps sessions in memory).
	t.Run("session revocation", func(t *testing.T) {
		browser := a.SignIn(t, "agent@demo.test", demo.Password) // the cookie jar sends A's cookies to B too (same host)
		if res := b.DoWith(t, browser, http.MethodGet, "/api/auth/session", nil, nil); res.Status != http.StatusOK {
			t.Fatalf("session on B after sign-in on A: %d %s", res.Status, res.Body)
		}
		if res := a.DoWith(t, browser, http.MethodPost, "/api/auth/signout", nil, nil); res.Status != http.StatusNoContent {
			t.Fatalf("sign out on A: %d %s", res.Status, res.Body)
		}
		if res := b.DoWith(t, browser, http.MethodGet, "/api/auth/session", nil, nil); res.Status != http.StatusUnauthorized {
			t.Fatalf("session on B after sign-out on A: %d %s, want 401", res.Status, res.Body)
		}

		// Revoking another device's session (the active-sessions dialog) on A ends it on B.
		laptop := a.SignIn(t, "agent@demo.test", demo.Password)
		phone := b.SignIn(t, "agent@demo.test", demo.Password)
		res := a.PostJSON(t, laptop, "/api/session-control", map[string]any{"action": "list"})
		if res.Status != http.StatusOK {
			t.Fatalf("list sessions: %d %s", res.Status, res.Body)
		}
		var list struct {
			Sessions []struct {
				ID      string `json:"id"`
				Current bool   `json:"current"`
			} `json:"sessions"`
		}
		res.JSON(t, &list)
		var others []string
		for _, s := range list.Sessions {
			if !s.Current {
				others = append(others, s.ID)
			}
		}
		if len(others) == 0 {
			t.Fatalf("no other session to revoke in %s", res.Body)
		}
		if res := b.DoWith(t, phone, http.MethodGet, "/api/auth/session", nil, nil); res.Status != http.StatusOK {
			t.Fatalf("phone's session on B: %d %s", res.Status, res.Body)
		}
		if res := a.PostJSON(t, laptop, "/api/session-control", map[string]any{"action": "revoke", "sessionIds": others}); res.Status != http.StatusOK {
			t.Fatalf("revoke on A: %d %s", res.Status, res.Body)
		}
		if res := b.DoWith(t, phone, http.MethodGet, "/api/auth/session", nil, nil); res.Status != http.StatusUnauthorized {
			t.Fatalf("revoked session on B: %d %s, want 401", res.Status, res.Body)
		}
		if res := b.DoWith(t, laptop, http.MethodGet, "/api/auth/session", nil, nil); res.Status != http.StatusOK {
			t.Fatalf("the revoking session on B: %d %s, want 200", res.Status, res.Body)
		}
	})

	// F-CAT-06: a catalogue change made through A (a review changes a card's rating) shows in
	// B's marketplace snapshot at once, not when B's snapshot expires or its fingerprint check
	// comes round; a configuration change shows in B's /api/config at once.
	t.Run("caches", func(t *testing.T) {
		firstPage(t, a)
		firstPage(t, b) // B has built and keeps its snapshot
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		before := firstPage(t, b)
		id := reviewFirstPageService(t, a, agent)
		want := oneMoreReview(before, id)
		took := waitUntil(t, 10*time.Second, "the review in B's snapshot", func() bool { return reviewsOf(t, b, id) == want })
		t.Logf("B's snapshot showed A's review after %s", took)
		// The same notification dropped B's search index first: B's next search waits for a
		// rebuild and answers from the changed catalogue, with no wait in the test.
		if got := searchReviewsOf(t, b, id); got != want {
			t.Fatalf("B's search shows %d reviews of %s, want %d", got, id, want)
		}
		waitUntil(t, 10*time.Second, "the review in A's snapshot", func() bool { return reviewsOf(t, a, id) == want })

		// The configuration (changed with `circle config set` against the database, on any
		// replica) is read from the database on every request: B answers the new value at once.
		cfg, err := a.DB.GetConfig(ctx)
		if err != nil {
			t.Fatal(err)
		}
		cfg.MaintenanceMessage = "Back at noon"
		cfg.USDToCADRateE4 = 14100
		if err := a.DB.SaveConfig(ctx, cfg); err != nil {
			t.Fatal(err)
		}
		res := b.Get(t, "/api/config")
		var got struct {
			MaintenanceMessage string `json:"maintenance_message"`
			Rate               int    `json:"usd_to_cad_rate_e4"`
		}
		res.JSON(t, &got)
		if got.MaintenanceMessage != "Back at noon" || got.Rate != 14100 {
			t.Fatalf("B's config after the change: %s", res.Body)
		}
	})

	// F-AUTH-04: the sign-in rate limit is one budget per client address across the replicas:
	// attempts spent on A leave none on B.
	t.Run("rate limit", func(t *testing.T) {
		// A client address of its own (the replicas trust X-Forwarded-For, as behind a load
		// balancer), so the sign-ins of the other subtests spend nothing of its budget.
		h := http.Header{"X-Forwarded-For": {"198.51.100.7"}}
		signIn := func(r *testapp.App, email, password string) testapp.Response {
			body := fmt.Sprintf(`{"email":%q,"password":%q}`, email, password)
			return r.DoWith(t, testapp.NewClient(), http.MethodPost, "/api/auth/signin", []byte(body), h)
		}
		for i := range 10 {
			if res := signIn(a, fmt.Sprintf("nobody%d@demo.test", i), "wrong password"); res.Status == http.StatusTooManyRequests {
				t.Fatalf("attempt %d of a burst of 10 on A refused", i+1)
			}
		}
		if res := signIn(a, "nobody@demo.test", "wrong password"); res.Status != http.StatusTooManyRequests {
			t.Fatalf("A's 11th attempt: %d, want 429", res.Status)
		}
		res := signIn(b, "agent@demo.test", demo.Password)
		if res.Status != http.StatusTooManyRequests {
			t.Fatalf("B after A's limit was reached: %d %s, want 429", res.Status, res.Body)
		}
		if res.Header.Get("Retry-After") == "" {
			t.Error("B's 429 has no Retry-After")
		}
		// Time refills the one budget for both.
		clock.Advance(time.Minute)
		if res := signIn(b, "agent@demo.test", demo.Password); res.Status != http.StatusOK {
			t.Fatalf("B a minute later: %d %s, want 200", res.Status, res.Body)
		}
	})
}

// On SQLite there is one process: its own catalogue changes reach its marketplace snapshot
// through the in-process notifier, at once rather than at the next fingerprint check.
func TestSingleProcessSnapshotFollowsItsOwnChanges(t *testing.T) {
	clock := testapp.NewClock(time.Now())
	a := testapp.Start(t, store.SQLite, testapp.Options{Clock: clock})
	a.LoadDemo(t)
	before := firstPage(t, a)
	agent := a.SignIn(t, "agent@demo.test", demo.Password)
	id := reviewFirstPageService(t, a, agent)
	want := oneMoreReview(before, id)
	took := waitUntil(t, 10*time.Second, "the review in the snapshot", func() bool { return reviewsOf(t, a, id) == want })
	t.Logf("the snapshot showed the review after %s", took)
}

// With CIRCLE_REDIS_URL the replicas share the rate limit through Redis instead of the
// database. Skipped, saying so, when no Redis answers at 127.0.0.1:6379.
func TestTwoReplicasShareTheRateLimitInRedis(t *testing.T) {
	if c, err := net.DialTimeout("tcp", "127.0.0.1:6379", time.Second); err != nil {
		t.Skipf("no Redis answers at 127.0.0.1:6379 (%v): start redis-server to test CIRCLE_REDIS_URL", err)
	} else {
		_ = c.Close()
	}
	clock := testapp.NewClock(time.Now())
	apps := testapp.StartReplicas(t, store.Postgres, 2, func(int) testapp.Options {
		return testapp.Options{Clock: clock, Config: func(c *app.Config) {
			c.AuthRateLimit, c.RedisURL, c.TrustProxy = 20, "redis://127.0.0.1:6379/0", true
		}}
	})
	// A client address of its own: Redis outlives the test, and other runs use it too.
	ip := fmt.Sprintf("10.%d.%d.%d", time.Now().UnixNano()%250, os.Getpid()%250, time.Now().Nanosecond()%250)
	signIn := func(a *testapp.App) int {
		h := http.Header{"X-Forwarded-For": {ip}}
		return a.DoWith(t, testapp.NewClient(), http.MethodPost, "/api/auth/signin", []byte(`{"email":"nobody@demo.test","password":"wrong password"}`), h).Status
	}
	for i := range 10 {
		if st := signIn(apps[i%2]); st == http.StatusTooManyRequests {
			t.Fatalf("attempt %d of a burst of 10 refused", i+1)
		}
	}
	if st := signIn(apps[0]); st != http.StatusTooManyRequests {
		t.Fatalf("A after 10 attempts on A and B: %d, want 429", st)
	}
	if st := signIn(apps[1]); st != http.StatusTooManyRequests {
		t.Fatalf("B after 10 attempts on A and B: %d, want 429", st)
	}
	var keys []string
	if err := apps[0].DB.Bun().NewSelect().Table("rate_limits").Column("bucket").Scan(context.Background(), &keys); err != nil {
		t.Fatal(err)
	}
	if len(keys) != 0 {
		t.Fatalf("the database holds rate limit rows %v with Redis configured", keys)
	}
}
