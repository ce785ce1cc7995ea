package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	"circle/internal/account"
	"circle/internal/appconfig"
	"circle/internal/apperr"
	"circle/internal/catalog"
	"circle/internal/demo"
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

func TestMain(m *testing.M) {
	code := m.Run()
	fmt.Printf("store contract suite: %d test(s) ran on sqlite, %d on postgres\n", enginesRan[store.SQLite], enginesRan[store.Postgres])
	if code == 0 && (enginesRan[store.SQLite] == 0 || enginesRan[store.Postgres] == 0) && enginesRan[store.SQLite]+enginesRan[store.Postgres] > 0 {
		fmt.Println("store contract suite did not run on both engines")
		code = 1
	}
	os.Exit(code)
}

func TestMigrationsAreIdempotentAndVersioned(t *testing.T) {
	each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		n, err := db.Migrate(ctx)
		if err != nil || n != 0 {
			t.Fatalf("second migrate applied %d, err %v; want 0, nil", n, err)
		}
		applied, latest, err := db.SchemaVersion(ctx)
		if err != nil || applied != latest || latest < 1 {
			t.Fatalf("schema version %d of %d, err %v", applied, latest, err)
		}
	})
}

func TestF_APP_03_AppConfigDefaultsAndSave(t *testing.T) {
	each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		got, err := db.GetConfig(ctx)
		if err != nil {
			t.Fatal(err)
		}
		want := appconfig.Defaults()
		want.UpdatedAt = got.UpdatedAt
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("defaults:\n got %+v\nwant %+v", got, want)
		}
		bust := time.Date(2026, 11, 22, 10, 30, 0, 0, time.UTC)
		got.MaintenanceMode = true
		got.MaintenanceMessage = "Back at noon."
		got.MinBuildVersion = "1.2.0"
		got.ForceCacheBustAfter = &bust
		if err := db.SaveConfig(ctx, got); err != nil {
			t.Fatal(err)
		}
		again, err := db.GetConfig(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !again.MaintenanceMode || again.MaintenanceMessage != "Back at noon." || again.MinBuildVersion != "1.2.0" ||
			again.ForceCacheBustAfter == nil || !again.ForceCacheBustAfter.Equal(bust) {
			t.Fatalf("saved config not read back: %+v", again)
		}
	})
}

func TestUsersHaveUniqueCaseInsensitiveEmails(t *testing.T) {
	each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		u := account.User{ID: ids.New(), Email: "Agent@Example.com", PasswordHash: "x"}
		if err := db.CreateUser(ctx, u, account.Profile{DisplayName: "Agent"}); err != nil {
			t.Fatal(err)
		}
		got, err := db.UserByEmail(ctx, "AGENT@example.COM")
		if err != nil || got.ID != u.ID || got.Email != "agent@example.com" {
			t.Fatalf("lookup: %+v %v", got, err)
		}
		err = db.CreateUser(ctx, account.User{ID: ids.New(), Email: "agent@EXAMPLE.com"}, account.Profile{})
		if e, ok := apperr.As(err); !ok || e.Code != apperr.Invalid || e.Fields[0].Field != "email" {
			t.Fatalf("duplicate e-mail: got %v, want an invalid error on field email", err)
		}
		if _, err := db.UserByEmail(ctx, "nobody@example.com"); !apperr.IsNotFound(err) {
			t.Fatalf("missing user: got %v, want not_found", err)
		}
		p, err := db.ProfileByUserID(ctx, u.ID)
		if err != nil || p.DisplayName != "Agent" || p.Specialties == nil {
			t.Fatalf("profile: %+v %v", p, err)
		}
		if err := db.SetAdmin(ctx, u.ID, true); err != nil {
			t.Fatal(err)
		}
		if p, _ := db.ProfileByUserID(ctx, u.ID); !p.IsAdmin {
			t.Fatal("SetAdmin did not stick")
		}
	})
}

func TestF_CAT_01_DemoLoadsOnceIntoAnEmptyDatabase(t *testing.T) {
	each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		empty, err := db.IsEmpty(ctx)
		if err != nil || !empty {
			t.Fatalf("fresh database empty=%v err=%v", empty, err)
		}
		data := demo.Build(time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC))
		loaded, err := db.LoadDemo(ctx, data, "hash")
		if err != nil || !loaded {
			t.Fatalf("load: %v %v", loaded, err)
		}
		st, err := db.CatalogStats(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if st.ActiveServices < 60 || st.Vendors < 20 || st.Reviews == 0 {
			t.Fatalf("demo stats too small: %+v", st)
		}
		again, err := db.LoadDemo(ctx, data, "hash")
		if err != nil || again {
			t.Fatalf("second load: loaded=%v err=%v; want false, nil", again, err)
		}
		// A service with funnel content, tags and packages reads back exactly as written.
		var want catalog.ServiceWithParts
		for _, s := range data.Services {
			if s.Service.FunnelContent != nil && len(s.Packages) > 0 && len(s.Tags) > 0 {
				want = s
				break
			}
		}
		got, err := db.ServiceByID(ctx, want.Service.ID)
		if err != nil {
			t.Fatal(err)
		}
		wj, _ := json.Marshal(want.Service.FunnelContent)
		gj, _ := json.Marshal(got.FunnelContent)
		if string(wj) != string(gj) {
			t.Fatalf("funnel content changed on the way through the database:\n got %s\nwant %s", gj, wj)
		}
		if fmt.Sprint(got.RetailPriceCents) != fmt.Sprint(want.Service.RetailPriceCents) && (got.RetailPriceCents == nil) != (want.Service.RetailPriceCents == nil) {
			t.Fatalf("retail price: got %v want %v", got.RetailPriceCents, want.Service.RetailPriceCents)
		}
		tags, err := db.ServiceTags(ctx, want.Service.ID)
		if err != nil || len(tags) != len(want.Tags) {
			t.Fatalf("tags: %v %v, want %v", tags, err, want.Tags)
		}
		pkgs, err := db.ServicePackages(ctx, want.Service.ID)
		if err != nil || len(pkgs) != len(want.Packages) || len(pkgs[0].Features) != len(want.Packages[0].Features) {
			t.Fatalf("packages: %+v %v", pkgs, err)
		}
		// The demo vendor account owns its vendor.
		for _, a := range data.Accounts {
			if a.OwnsVendorID == "" {
				continue
			}
			v, err := db.VendorByID(ctx, a.OwnsVendorID)
			if err != nil || v.OwnerUserID == nil || *v.OwnerUserID != a.ID {
				t.Fatalf("vendor %s owner: %+v %v", a.OwnsVendorID, v.OwnerUserID, err)
			}
		}
	})
}

func TestConstraintsHoldOnBothEngines(t *testing.T) {
	each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		bdb := db.Bun()
		now := db.Now()
		// Foreign keys are enforced (SQLite needs the foreign_keys pragma).
		_, err := bdb.NewInsert().Model(&catalog.ServiceTag{ServiceID: "missing", Tag: "cat:crms"}).Exec(ctx)
		if err == nil {
			t.Fatal("a tag of a missing service was accepted")
		}
		u := account.User{ID: ids.New(), Email: "r@example.com"}
		if err := db.CreateUser(ctx, u, account.Profile{}); err != nil {
			t.Fatal(err)
		}
		svc := catalog.Service{ID: ids.New(), Title: "CRM", IsActive: true, CreatedAt: now, UpdatedAt: now}
		if _, err := bdb.NewInsert().Model(&svc).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		r := catalog.Review{ID: ids.New(), ServiceID: svc.ID, UserID: u.ID, Rating: 5, ReviewSource: "agent", CreatedAt: now, UpdatedAt: now}
		if _, err := bdb.NewInsert().Model(&r).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		r2 := r
		r2.ID = ids.New()
		if _, err := bdb.NewInsert().Model(&r2).Exec(ctx); err == nil {
			t.Fatal("a second review by the same user of the same service was accepted")
		}
		r3 := r
		r3.ID, r3.Rating = ids.New(), 6
		r3.UserID = "other"
		if _, err := bdb.NewInsert().Model(&r3).Exec(ctx); err == nil {
			t.Fatal("a rating of 6 was accepted")
		}
		neg := int64(-1)
		bad := catalog.Service{ID: ids.New(), Title: "Bad", RetailPriceCents: &neg, CreatedAt: now, UpdatedAt: now}
		if _, err := bdb.NewInsert().Model(&bad).Exec(ctx); err == nil {
			t.Fatal("a negative price was accepted")
		}
	})
}

func TestPointsBalanceIsTheSumOfTheLedger(t *testing.T) {
	each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		u := account.User{ID: ids.New(), Email: "points@example.com", PasswordHash: "x"}
		if err := db.CreateUser(ctx, u, account.Profile{DisplayName: "Points"}); err != nil {
			t.Fatal(err)
		}
		if b, err := db.PointsBalance(ctx, u.ID); err != nil || b != 0 {
			t.Fatalf("empty ledger: %d %v", b, err)
		}
		for _, e := range []struct {
			delta     int64
			reason    string
			reference string
			added     bool
		}{
			{500, "award", "order-1", true},
			{500, "award", "order-1", false}, // a retried award counts once
			{250, "award", "order-2", true},
			{-100, "redeem", "", true},
			{-100, "redeem", "", true}, // entries without a reference are all kept
		} {
			added, err := db.AddPoints(ctx, u.ID, e.delta, e.reason, e.reference)
			if err != nil || added != e.added {
				t.Fatalf("add %+v: added=%v err=%v", e, added, err)
			}
		}
		if b, err := db.PointsBalance(ctx, u.ID); err != nil || b != 550 {
			t.Fatalf("balance: %d %v, want 550", b, err)
		}
		if _, err := db.AddPoints(ctx, u.ID, 0, "award", "x"); err == nil {
			t.Fatal("a zero entry was accepted")
		}
	})
}
