package store_test

import (
	"context"
	"testing"
	"time"

	"circle/internal/catalog"
	"circle/internal/clocktest"
	"circle/internal/store"
)

func TestF_CAT_13_VendorActivitySkipsMissingProfilesAndDedupes(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		start := clk.Now()
		svc := tcID
		act := catalog.VendorActivity{VendorID: bellID, AgentID: agentID, ServiceID: &svc, ActivityType: catalog.ActivityFunnelView}
		rec := func(a catalog.VendorActivity, window time.Duration) bool {
			t.Helper()
			ok, err := store.NewActivity(db).RecordVendorActivity(ctx, a, window)
			if err != nil {
				t.Fatalf("record %+v: %v", a, err)
			}
			return ok
		}
		if !rec(act, 15*time.Minute) {
			t.Fatal("first funnel view not recorded")
		}
		clk.Advance(14*time.Minute + 59*time.Second)
		if rec(act, 15*time.Minute) {
			t.Fatal("funnel view recorded again within 15 minutes")
		}
		other := act
		list := listID
		other.ServiceID = &list
		if !rec(other, 15*time.Minute) {
			t.Fatal("a view of another service of the vendor is not a duplicate")
		}
		clk.Advance(2 * time.Second)
		if !rec(act, 15*time.Minute) {
			t.Fatal("funnel view not recorded after 15 minutes")
		}
		contact := act
		contact.ActivityType = catalog.ActivityContactRequest
		if !rec(contact, 0) || !rec(contact, 0) {
			t.Fatal("activities without a window are always recorded")
		}
		// No profile: skipped without an error (the 23502 rule).
		if _, err := db.Bun().ExecContext(ctx, "DELETE FROM profiles WHERE user_id = ?", proID); err != nil {
			t.Fatal(err)
		}
		ghost := act
		ghost.AgentID = proID
		if rec(ghost, 0) {
			t.Fatal("activity of an agent without a profile was recorded")
		}
		ghost.AgentID = "usr-nobody"
		if rec(ghost, 0) {
			t.Fatal("activity of an unknown agent was recorded")
		}
		rows, err := store.NewActivity(db).VendorActivities(ctx, bellID, 50)
		if err != nil {
			t.Fatal(err)
		}
		count := map[string]int{}
		mine := 0
		for _, r := range rows {
			if r.CreatedAt.Before(start) {
				continue // the demo's purchase history (vendor analytics), all of it older
			}
			mine++
			count[r.ActivityType]++
			if r.AgentID != agentID || r.ActivityData != "{}" {
				t.Errorf("row %+v", r)
			}
		}
		if count[catalog.ActivityFunnelView] != 3 || count[catalog.ActivityContactRequest] != 2 || mine != 5 {
			t.Fatalf("activity rows: %v", count)
		}
		// Unknown activity types are refused by the database.
		bad := act
		bad.ActivityType = "page_view"
		if _, err := store.NewActivity(db).RecordVendorActivity(ctx, bad, 0); err == nil {
			t.Fatal("unknown activity type stored")
		}
	})
}
