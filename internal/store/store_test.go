package store_test

import (
	"context"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	"circle/internal/account"
	"circle/internal/catalog"
	"circle/internal/clocktest"
	"circle/internal/demo/demotest"
	"circle/internal/ids"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

var (
	enginesMu  sync.Mutex
	enginesRan = map[store.Kind]int{}
)

// each runs fn on every engine and counts the runs for the summary TestMain prints.
func each(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		enginesMu.Lock()
		enginesRan[db.Kind()]++
		enginesMu.Unlock()
		fn(t, db)
	})
}

// eachOnClock runs fn on every engine, counting the runs like each, on a database whose fake
// clock starts at start.
func eachOnClock(t *testing.T, start time.Time, fn func(t *testing.T, db *store.DB, clk *clocktest.Clock)) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			t.Parallel()
			enginesMu.Lock()
			enginesRan[kind]++
			enginesMu.Unlock()
			clk := clocktest.New(start)
			fn(t, storetest.Open(t, kind, store.WithClock(clk.Now)), clk)
		})
	}
}

// eachWithDemo runs fn on every engine with a fake clock and the demo data loaded.
func eachWithDemo(t *testing.T, fn func(t *testing.T, db *store.DB, clk *clocktest.Clock)) {
	eachOnClock(t, time.Date(2026, 3, 2, 15, 4, 5, 0, time.UTC), func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		demotest.Load(t, db)
		fn(t, db, clk)
	})
}

// newUser creates an account with the e-mail (password hash "x") and profile p, and answers the
// user as created.
func newUser(t *testing.T, db *store.DB, email string, p account.Profile) account.User {
	t.Helper()
	u := account.User{ID: ids.New(), Email: email, PasswordHash: "x"}
	if err := store.NewAccounts(db).CreateUser(t.Context(), u, p); err != nil {
		t.Fatal(err)
	}
	return u
}

// scanOne answers the single value a raw query selects (a count, a sum).
func scanOne[T any](t *testing.T, db *store.DB, query string, args ...any) T {
	t.Helper()
	var v T
	if err := db.Bun().NewRaw(query, args...).Scan(context.Background(), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

const (
	storeAgent = "usr-demo-agent"
	storeHDR   = "svc-listingloop-hdr-photos"
)

const (
	agentID  = "usr-demo-agent"
	proID    = "usr-demo-pro"
	tcID     = "svc-closingbell-tc"
	listID   = "svc-closingbell-listing-coordination"
	bellID   = "ven-closingbell"
	photosID = "svc-listingloop-hdr-photos"
)

func TestMain(m *testing.M) {
	code := m.Run()
	fmt.Printf("store contract suite: %d test(s) ran on sqlite, %d on postgres\n", enginesRan[store.SQLite], enginesRan[store.Postgres])
	if code == 0 && (enginesRan[store.SQLite] == 0 || enginesRan[store.Postgres] == 0) && enginesRan[store.SQLite]+enginesRan[store.Postgres] > 0 {
		fmt.Println("store contract suite did not run on both engines")
		code = 1
	}
	os.Exit(code)
}

func TestConstraintsHoldOnBothEngines(t *testing.T) {
	each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		bdb := db.Bun()
		now := db.Now()
		// Foreign keys are enforced (SQLite needs the foreign_keys pragma).
		_, err := bdb.ExecContext(ctx, "INSERT INTO service_tags (service_id, tag) VALUES (?, ?)", "missing", "cat:crms")
		if err == nil {
			t.Fatal("a tag of a missing service was accepted")
		}
		u := account.User{ID: ids.New(), Email: "r@example.com"}
		if err := store.NewAccounts(db).CreateUser(ctx, u, account.Profile{}); err != nil {
			t.Fatal(err)
		}
		svc := catalog.Service{ID: ids.New(), Title: "CRM", IsActive: true, CreatedAt: now, UpdatedAt: now}
		if _, err := bdb.NewInsert().Model(&svc).ModelTableExpr("services").Exec(ctx); err != nil {
			t.Fatal(err)
		}
		r := catalog.Review{ID: ids.New(), ServiceID: svc.ID, UserID: u.ID, Rating: 5, ReviewSource: "agent", CreatedAt: now, UpdatedAt: now}
		if _, err := bdb.NewInsert().Model(&r).ModelTableExpr("service_reviews").Exec(ctx); err != nil {
			t.Fatal(err)
		}
		r2 := r
		r2.ID = ids.New()
		if _, err := bdb.NewInsert().Model(&r2).ModelTableExpr("service_reviews").Exec(ctx); err == nil {
			t.Fatal("a second review by the same user of the same service was accepted")
		}
		r3 := r
		r3.ID, r3.Rating = ids.New(), 6
		r3.UserID = "other"
		if _, err := bdb.NewInsert().Model(&r3).ModelTableExpr("service_reviews").Exec(ctx); err == nil {
			t.Fatal("a rating of 6 was accepted")
		}
		neg := int64(-1)
		bad := catalog.Service{ID: ids.New(), Title: "Bad", RetailPriceCents: &neg, CreatedAt: now, UpdatedAt: now}
		if _, err := bdb.NewInsert().Model(&bad).ModelTableExpr("services").Exec(ctx); err == nil {
			t.Fatal("a negative price was accepted")
		}
	})
}
