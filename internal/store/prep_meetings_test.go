package store_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"circle/internal/clocktest"
	"circle/internal/consultations"
	"circle/internal/demo"
	"circle/internal/store"
)

// F-ENG-03: the course's meetings are the pending internal bookings: Meeting finds one by id
// with its agent, service and start; a canceled booking and a lead capture have none;
// MeetingsStarting lists those starting in [from, to).
func TestF_ENG_03_PrepMeetingsFromConsultations(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		svc := demo.Build(clk.Now()).Services[0].Service
		now := clk.Now()
		mk := func(id, status string, startsAt *time.Time, owner string) {
			date, slot := "", ""
			if startsAt != nil {
				date, slot = startsAt.Format("2006-01-02"), startsAt.Format("3:04 PM")
			}
			if err := store.NewConsultations(db).InsertBooking(ctx, consultations.Booking{ID: id, UserID: agentID, ServiceID: svc.ID, RepresentativeID: "rep-1",
				SlotOwner: owner, ScheduledDate: date, ScheduledTime: slot, StartsAt: startsAt, ClientName: "Client " + id,
				ClientEmail: id + "@example.com", Status: status, Source: "test", CreatedAt: now, UpdatedAt: now}); err != nil {
				t.Fatal(err)
			}
		}
		at := func(d time.Duration) *time.Time { v := now.Add(d).UTC(); return &v }
		mk("book-soon", consultations.StatusPending, at(20*time.Hour), "rep:a")
		mk("book-later", consultations.StatusPending, at(30*time.Hour), "rep:b")
		mk("book-canceled", consultations.StatusCanceled, at(21*time.Hour), "rep:c")
		mk("lead-1", consultations.StatusLeadCaptured, nil, "rep:d")

		m, found, err := store.NewPrep(db).Meeting(ctx, "book-soon")
		if err != nil || !found || m.ConsultationID != "book-soon" || m.UserID != agentID || m.Email != "agent@demo.test" ||
			m.Name == "" || m.ServiceTitle != svc.Title || !m.StartsAt.Equal(*at(20 * time.Hour)) || m.Language == "" {
			t.Fatalf("meeting: %+v %v %v", m, found, err)
		}
		for _, id := range []string{"book-canceled", "lead-1", "nope"} {
			if _, found, err := store.NewPrep(db).Meeting(ctx, id); found || err != nil {
				t.Fatalf("%s: found %v err %v", id, found, err)
			}
		}
		got, err := store.NewPrep(db).MeetingsStarting(ctx, now, now.Add(24*time.Hour))
		if err != nil || len(got) != 1 || got[0].ConsultationID != "book-soon" {
			t.Fatalf("starting within 24h: %+v %v", got, err)
		}
		got, err = store.NewPrep(db).MeetingsStarting(ctx, now, now.Add(48*time.Hour))
		if err != nil || len(got) != 2 || got[0].ConsultationID != "book-soon" || got[1].ConsultationID != "book-later" {
			t.Fatalf("starting within 48h: %+v %v", got, err)
		}
		// [from, to): a meeting starting exactly at to is left for the next window.
		if got, err = store.NewPrep(db).MeetingsStarting(ctx, now, now.Add(20*time.Hour)); err != nil || len(got) != 0 {
			t.Fatalf("half-open window: %+v %v", got, err)
		}
	})
}

// F-ENG-03 (migration 0025): the reminder scan, run every 15 minutes, reads the bookings by
// starts_at through consultation_bookings_starts_idx on both databases.
func TestF_ENG_03_ReminderScanUsesTheStartsAtIndex(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		plan, err := store.NewPrep(db).MeetingsStartingPlan(context.Background(), clk.Now().Add(23*time.Hour), clk.Now().Add(24*time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(plan, "consultation_bookings_starts_idx") {
			t.Fatalf("the reminder scan does not use consultation_bookings_starts_idx:\n%s", plan)
		}
	})
}
