package store_test

import (
	"context"
	"testing"
	"time"

	"circle/internal/billing"
	"circle/internal/demo/demotest"
	"circle/internal/ids"
	"circle/internal/payments"
	"circle/internal/store"
)

func liveSub(userID, status string, created time.Time) billing.Subscription {
	start, end := created, created.AddDate(0, 1, 0)
	return billing.Subscription{ID: ids.New(), UserID: userID, Plan: billing.PlanID, Interval: billing.IntervalMonth, Seats: 1, Status: status,
		Currency: "USD", AmountCents: 99_00, AmountUSDCents: 99_00, Provider: payments.NameBuiltIn, StartedAt: &start,
		CurrentPeriodStart: &start, CurrentPeriodEnd: &end, CreatedAt: created, UpdatedAt: created}
}

// TestF_PAY_09_OneLiveMembershipMigration (issue 14, item 1): migration 0010 applies to a
// database that already holds several live memberships of one member (what concurrent
// subscribes left on PostgreSQL): it keeps the active one before a past-due or paused one, the
// newest first, closes the others as duplicates, and from then on the database refuses a second
// live membership.
func TestF_PAY_09_OneLiveMembershipMigration(t *testing.T) {
	each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		demotest.Load(t, db)
		// The database as it was before 0010.
		if _, err := db.Bun().ExecContext(ctx, "DROP INDEX subscriptions_one_live_key"); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Bun().ExecContext(ctx, "DELETE FROM schema_migrations WHERE version = 10"); err != nil {
			t.Fatal(err)
		}
		t0 := time.Date(2026, 10, 1, 12, 0, 0, 0, time.UTC)
		agentActive := liveSub("usr-demo-agent", billing.StatusActive, t0)
		agentPaused := liveSub("usr-demo-agent", billing.StatusPaused, t0.Add(time.Hour))
		agentActiveNewer := liveSub("usr-demo-agent", billing.StatusActive, t0.Add(time.Minute))
		agentEnded := liveSub("usr-demo-agent", billing.StatusCanceled, t0.Add(2*time.Hour))
		vendorOld := liveSub("usr-demo-vendor", billing.StatusPaused, t0)
		vendorNew := liveSub("usr-demo-vendor", billing.StatusPastDue, t0.Add(-time.Hour))
		for _, s := range []billing.Subscription{agentActive, agentPaused, agentActiveNewer, agentEnded, vendorOld, vendorNew} {
			if err := store.NewSubscriptions(db).InsertSubscription(ctx, s); err != nil {
				t.Fatal(err)
			}
		}
		if n, err := db.Migrate(ctx); err != nil || n != 1 {
			t.Fatalf("migrate over duplicates: applied %d, %v", n, err)
		}
		want := map[string]string{agentActiveNewer.ID: billing.StatusActive, agentActive.ID: billing.StatusCanceled, agentPaused.ID: billing.StatusCanceled,
			agentEnded.ID: billing.StatusCanceled, vendorNew.ID: billing.StatusPastDue, vendorOld.ID: billing.StatusCanceled}
		for id, status := range want {
			s, err := store.NewSubscriptions(db).SubscriptionByID(ctx, id)
			if err != nil || s.Status != status {
				t.Fatalf("%s: %s, want %s (%v)", id, s.Status, status, err)
			}
			closed := id == agentActive.ID || id == agentPaused.ID || id == vendorOld.ID
			if closed != (s.CancelReason == billing.CancelDuplicate) || closed && (s.EndedAt == nil || s.PausedAt != nil || s.EndedAt.Before(t0)) {
				t.Fatalf("%s after the migration: %+v", id, s)
			}
		}
		// The database itself now refuses a second live membership, and allows ended ones.
		if err := store.NewSubscriptions(db).InsertSubscription(ctx, liveSub("usr-demo-agent", billing.StatusPaused, t0)); err == nil {
			t.Fatal("a second live membership was stored")
		}
		if err := store.NewSubscriptions(db).InsertSubscription(ctx, liveSub("usr-demo-agent", billing.StatusExpired, t0)); err != nil {
			t.Fatalf("an ended membership: %v", err)
		}
	})
}
