package store_test

import (
	"context"
	"testing"
	"time"

	"circle/internal/catalog"
	"circle/internal/clocktest"
	"circle/internal/racetest"
	"circle/internal/store"
)

// concurrently runs fn n times at once and counts the calls that report true.
func concurrently(t *testing.T, n int, fn func() (bool, error)) int64 {
	t.Helper()
	return int64(racetest.Count(n, func(int) bool {
		ok, err := fn()
		if err != nil {
			t.Error(err)
		}
		return ok
	}))
}

// F-CAT-13, F-CAT-15: the same view, event or vendor activity sent many times at once (a
// double click, a retried request) is recorded once within its window on both engines; on
// PostgreSQL the check and the insert would otherwise race under read committed.
func TestF_CAT_13_ConcurrentDuplicatesRecordOnce(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, _ *clocktest.Clock) {
		ctx := context.Background()
		const n = 20
		svc := tcID
		activity := catalog.VendorActivity{VendorID: bellID, AgentID: agentID, ServiceID: &svc, ActivityType: catalog.ActivityFunnelView}
		if got := concurrently(t, n, func() (bool, error) { return store.NewActivity(db).RecordVendorActivity(ctx, activity, 15*time.Minute) }); got != 1 {
			t.Errorf("vendor activity recorded %d times, want once", got)
		}
		if got := concurrently(t, n, func() (bool, error) {
			return store.NewActivity(db).RecordView(ctx, keyView(tcID, "viewer-dup"), time.Minute, 0)
		}); got != 1 {
			t.Errorf("view recorded %d times, want once", got)
		}
		event := catalog.TrackingEvent{ServiceID: tcID, ViewerKey: "viewer-dup", EventType: "click", EventData: `{"placement":"grid"}`}
		if got := concurrently(t, n, func() (bool, error) { return store.NewActivity(db).RecordTrackingEvent(ctx, event, time.Minute) }); got != 1 {
			t.Errorf("tracking event recorded %d times, want once", got)
		}
		// An event without data is stored with {} and deduplicated as such.
		bare := catalog.TrackingEvent{ServiceID: tcID, ViewerKey: "viewer-dup", EventType: "share"}
		if got := concurrently(t, n, func() (bool, error) { return store.NewActivity(db).RecordTrackingEvent(ctx, bare, time.Minute) }); got != 1 {
			t.Errorf("event without data recorded %d times, want once", got)
		}
	})
}
