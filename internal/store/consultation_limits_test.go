package store_test

import (
	"context"
	"testing"
	"time"

	"circle/internal/clocktest"
	"circle/internal/consultations"
	"circle/internal/store"
)

// TestIssue27_OpenBookingsCountAndWindowSetting (issue 27 item 1): LockOpenBookings counts a
// member's open future bookings with one vendor and one service of it (pending, starting at or
// after now): not past, canceled or lead bookings, other vendors' or other members'; bookings
// without a vendor count together. A vendor's saved settings keep the booking window (20
// weekdays by default, from migration 0028) and the time zone, each saved with the other.
func TestIssue27_OpenBookingsCountAndWindowSetting(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		repo := store.NewConsultations(db)
		now := clk.Now().UTC()
		closingbell, listingloop := "ven-closingbell", "ven-listingloop"
		n := 0
		mk := func(user, service string, vendor *string, status string, startsIn time.Duration) {
			t.Helper()
			n++
			start := now.Add(startsIn)
			b := consultations.Booking{ID: "book-" + string(rune('a'+n)), UserID: user, ServiceID: service, VendorID: vendor, SlotOwner: "test:" + string(rune('a'+n)),
				ScheduledDate: start.Format("2006-01-02"), ScheduledTime: "10:00 AM", StartsAt: &start, ClientName: "C", ClientEmail: "c@example.com",
				Status: status, Source: "test", CreatedAt: now, UpdatedAt: now}
			if err := repo.InsertBooking(ctx, b); err != nil {
				t.Fatal(err)
			}
		}
		mk(agentID, tcID, &closingbell, consultations.StatusPending, 48*time.Hour)
		mk(agentID, "svc-closingbell-listing-coordination", &closingbell, consultations.StatusPending, 72*time.Hour)
		mk(agentID, tcID, &closingbell, consultations.StatusPending, -time.Hour)       // taken place
		mk(agentID, tcID, &closingbell, consultations.StatusCanceled, 96*time.Hour)    // canceled
		mk(agentID, storeHDR, &listingloop, consultations.StatusPending, 48*time.Hour) // another vendor
		mk(proID, tcID, &closingbell, consultations.StatusPending, 120*time.Hour)      // another member
		mk(agentID, storeHDR, nil, consultations.StatusPending, 48*time.Hour)          // no vendor
		mk(agentID, "svc-closingbell-listing-coordination", nil, consultations.StatusPending, 24*time.Hour)

		count := func(vendor *string, service string) consultations.OpenBookings {
			t.Helper()
			var open consultations.OpenBookings
			err := db.InTx(ctx, func(ctx context.Context) error {
				var err error
				open, err = repo.LockOpenBookings(ctx, agentID, vendor, service, now)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			return open
		}
		if got := count(&closingbell, tcID); got != (consultations.OpenBookings{Vendor: 2, Service: 1}) {
			t.Fatalf("closingbell, tc: %+v", got)
		}
		if got := count(&closingbell, "svc-closingbell-compliance-audit"); got != (consultations.OpenBookings{Vendor: 2, Service: 0}) {
			t.Fatalf("closingbell, audit: %+v", got)
		}
		if got := count(&listingloop, storeHDR); got != (consultations.OpenBookings{Vendor: 1, Service: 1}) {
			t.Fatalf("listingloop: %+v", got)
		}
		if got := count(nil, storeHDR); got != (consultations.OpenBookings{Vendor: 2, Service: 1}) {
			t.Fatalf("no vendor: %+v", got)
		}

		// The window: the default until saved, then kept across saves of either field.
		if set, err := repo.VendorSettings(ctx, closingbell); err != nil || set != nil {
			t.Fatalf("settings before any save: %+v %v", set, err)
		}
		save := func(s consultations.VendorSettings) {
			t.Helper()
			s.VendorID, s.UpdatedAt = closingbell, now
			if err := repo.SaveVendorSettings(ctx, s); err != nil {
				t.Fatal(err)
			}
		}
		save(consultations.VendorSettings{TimeZone: "America/Denver", WindowWeekdays: 35})
		save(consultations.VendorSettings{TimeZone: "America/New_York", WindowWeekdays: 35})
		if set, err := repo.VendorSettings(ctx, closingbell); err != nil || set.TimeZone != "America/New_York" || set.WindowWeekdays != 35 {
			t.Fatalf("settings: %+v %v", set, err)
		}
		// A row written without the column (as before migration 0028) reads the default.
		if _, err := db.Bun().NewInsert().TableExpr("vendor_consultation_settings").Model(&map[string]any{
			"vendor_id": listingloop, "time_zone": "America/Chicago", "updated_at": now}).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if set, err := repo.VendorSettings(ctx, listingloop); err != nil || set.WindowWeekdays != consultations.DefaultWindowWeekdays {
			t.Fatalf("default window: %+v %v", set, err)
		}
	})
}
