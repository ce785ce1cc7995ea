package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"circle/internal/app"
	"circle/internal/consultations"
	"circle/internal/jobs"
	"circle/internal/notify"
	"circle/internal/racetest"
	"circle/internal/store"
	"circle/internal/testapp"
)

// The demo service of the vendor account's vendor (ven-closingbell, owned by vendor@demo.test).
const consultService = "svc-closingbell-tc"

func consultApp(t *testing.T, kind store.Kind, at string, cfg func(*app.Config)) (*testapp.App, *testapp.Clock) {
	t.Helper()
	start, err := time.Parse(time.RFC3339, at)
	if err != nil {
		t.Fatal(err)
	}
	clock := testapp.NewClock(start)
	a := acctAppWith(t, kind, testapp.Options{Clock: clock, Config: cfg})
	return a, clock
}

func consultBook(t *testing.T, a *testapp.App, c *http.Client, date, slot string) testapp.Response {
	t.Helper()
	return a.PostJSON(t, c, "/api/consultations", map[string]string{"service_id": consultService, "scheduled_date": date, "scheduled_time": slot,
		"client_name": "Ana Ruiz", "client_email": "ana.client@example.com", "client_phone": "+1 (555) 010-0100", "project_details": "Two listings closing in April", "source": "funnel"})
}

// consultBooked books the slot as consultBook does and returns the booking, failing the test
// unless it was created.
func consultBooked(t *testing.T, a *testapp.App, c *http.Client, date, slot string) consultations.ConsultationView {
	t.Helper()
	var v consultations.ConsultationView
	res := consultBook(t, a, c, date, slot)
	res.JSON(t, &v)
	if res.Status != http.StatusCreated {
		t.Fatalf("book: %d %s", res.Status, res.Body)
	}
	return v
}

func consultCalendar(t *testing.T, a *testapp.App, c *http.Client) consultations.BookingCalendar {
	t.Helper()
	cal := okJSON[consultations.BookingCalendar](t, "calendar", a.DoWith(t, c, http.MethodGet, "/api/consultations/calendar?service_id="+consultService, nil, nil))
	return cal
}

func slotOf(cal consultations.BookingCalendar, date, slot string) (consultations.CalendarSlot, bool) {
	for _, d := range cal.Days {
		if d.Date != date {
			continue
		}
		for _, s := range d.Slots {
			if s.Time == slot {
				return s, true
			}
		}
	}
	return consultations.CalendarSlot{}, false
}

// waitFor polls cond (reading the database through the API) until it holds; the jobs runner
// works in the background on the test's clock.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestF_ENG_01_CalendarAndNoticeAcrossDaylightSaving walks the booking rules with the fake
// clock on both databases: the calendar offers weekdays only; on the Sunday of the March change
// at 10:00 CDT, Monday 10:00 AM (exactly 24 hours later) is offered and a second later it is
// not; the slots' instants follow CST before and CDT after; the same around the November
// change; a weekend date, a missing date or time and a past slot get 03§8's messages.
func TestF_ENG_01_CalendarAndNoticeAcrossDaylightSaving(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a, clock := consultApp(t, kind, "2027-03-14T15:00:00Z", nil)
		agent, _, _ := acctBrowser(t, a, "agent@demo.test")

		cal := consultCalendar(t, a, &http.Client{}) // visitors see the calendar (the sign-in banner asks them to sign in)
		if cal.TimeZone != "America/Chicago" || cal.ServiceTitle == "" || len(cal.Days) != consultations.DefaultWindowWeekdays {
			t.Fatalf("calendar %+v", cal)
		}
		for _, d := range cal.Days {
			day, _ := time.Parse("2006-01-02", d.Date)
			if day.Weekday() == time.Saturday || day.Weekday() == time.Sunday || len(d.Slots) != 12 {
				t.Fatalf("day %s (%s) with %d slots", d.Date, day.Weekday(), len(d.Slots))
			}
		}
		if s, ok := slotOf(cal, "2027-03-15", "10:00 AM"); !ok || !s.Available || !s.StartsAt.Equal(time.Date(2027, 3, 15, 15, 0, 0, 0, time.UTC)) {
			t.Fatalf("Monday 10:00 AM CDT at exactly 24 hours: %+v", s)
		}
		clock.Advance(time.Second)
		cal = consultCalendar(t, a, agent)
		if s, _ := slotOf(cal, "2027-03-15", "10:00 AM"); s.Available || s.Reason != "too_soon" {
			t.Fatalf("Monday 10:00 AM a second too late: %+v", s)
		}
		if s, _ := slotOf(cal, "2027-03-15", "10:30 AM"); !s.Available {
			t.Fatalf("Monday 10:30 AM: %+v", s)
		}
		res := consultBook(t, a, agent, "2027-03-15", "10:00 AM")
		if e := acctError(t, res); res.Status != http.StatusBadRequest && res.Status != http.StatusUnprocessableEntity || len(e.Fields) != 1 ||
			e.Fields[0].Key != "consultations.errors.invalidDate" || e.Fields[0].Message != "Please select a weekday that is at least 24 hours from now" {
			t.Fatalf("too-soon booking: %d %s", res.Status, res.Body)
		}
		for _, c := range []struct{ date, slot, key string }{
			{"2027-03-20", "10:00 AM", "consultations.errors.invalidDate"}, // Saturday
			{"", "10:00 AM", "consultations.errors.missingInformation"},
			{"2027-03-16", "", "consultations.errors.missingInformation"},
			{"2027-03-16", "4:00 PM", "consultations.errors.invalidTime"},
		} {
			res := consultBook(t, a, agent, c.date, c.slot)
			if e := acctError(t, res); res.Status >= 500 || res.Status < 400 || len(e.Fields) == 0 || e.Fields[0].Key != c.key {
				t.Errorf("book %q %q: %d %s", c.date, c.slot, res.Status, res.Body)
			}
		}
		// A signed-out visitor is asked to sign in (03§8 Sign In Required).
		if res := consultBook(t, a, &http.Client{}, "2027-03-16", "10:00 AM"); res.Status != http.StatusUnauthorized || acctError(t, res).Message != "Sign In Required" {
			t.Fatalf("visitor booking: %d %s", res.Status, res.Body)
		}
		var list struct {
			Consultations []consultations.ConsultationView
		}
		a.DoWith(t, agent, http.MethodGet, "/api/consultations", nil, nil).JSON(t, &list)
		if len(list.Consultations) != 0 {
			t.Fatalf("refused bookings wrote rows: %+v", list.Consultations)
		}
		res = consultBook(t, a, agent, "2027-03-15", "10:30 AM")
		var v consultations.ConsultationView
		res.JSON(t, &v)
		if res.Status != http.StatusCreated || v.Status != "pending" || !v.StartsAt.Equal(time.Date(2027, 3, 15, 15, 30, 0, 0, time.UTC)) || len(v.Integrations) != 4 {
			t.Fatalf("booking: %d %s", res.Status, res.Body)
		}

		// November: on Sunday 1 November 2026 at 10:00 CST, Monday 10:00 AM CST (16:00 UTC) is 24 hours away.
		clock.Set(time.Date(2026, 11, 1, 16, 0, 0, 0, time.UTC))
		cal = consultCalendar(t, a, agent)
		if s, _ := slotOf(cal, "2026-11-02", "10:00 AM"); !s.Available || !s.StartsAt.Equal(time.Date(2026, 11, 2, 16, 0, 0, 0, time.UTC)) {
			t.Fatalf("Monday after the November change: %+v", s)
		}
		if cal.Days[0].Date != "2026-11-02" {
			t.Fatalf("the calendar starts on %s, want Monday 2026-11-02 (Sunday is not offered)", cal.Days[0].Date)
		}
		clock.Advance(time.Second)
		if s, _ := slotOf(consultCalendar(t, a, agent), "2026-11-02", "10:00 AM"); s.Available {
			t.Fatalf("a second later: %+v", s)
		}
	})
}

// TestF_ENG_01_ConcurrentBookingOneSlot: 20 bookings of one slot at once give one booking; the
// other 19 get 409 with one clear message, and the slot is no longer offered.
func TestF_ENG_01_ConcurrentBookingOneSlot(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a, _ := consultApp(t, kind, "2027-03-08T15:00:00Z", nil)
		clients := []*http.Client{}
		for _, email := range []string{"agent@demo.test", "pro@demo.test"} {
			c, _, _ := acctBrowser(t, a, email)
			clients = append(clients, c)
		}
		created, conflicts, other := 0, 0, 0
		for _, res := range racetest.Run(20, func(i int) testapp.Response {
			return consultBook(t, a, clients[i%2], "2027-03-10", "11:00 AM")
		}) {
			switch res.Status {
			case http.StatusCreated:
				created++
			case http.StatusConflict:
				conflicts++
				var e apiError
				_ = json.Unmarshal(res.Body, &e)
				if e.Message != consultations.MsgSlotTaken {
					t.Errorf("conflict message %q", e.Message)
				}
			default:
				other++
				t.Errorf("booking: %d %s", res.Status, res.Body)
			}
		}
		if created != 1 || conflicts != 19 || other != 0 {
			t.Fatalf("created %d, conflicts %d, other %d", created, conflicts, other)
		}
		if s, _ := slotOf(consultCalendar(t, a, clients[0]), "2027-03-10", "11:00 AM"); s.Available || s.Reason != "booked" {
			t.Fatalf("the booked slot is still offered: %+v", s)
		}
	})
}

// TestF_ENG_01_CancelRescheduleAndVendorAvailability: the agent reschedules and cancels at least
// 24 hours ahead (not later); another agent gets 404; the vendor sees the booking, blocks a day
// and a slot, sets a time zone the calendar shows; the e-mail goes out again after a reschedule.
func TestF_ENG_01_CancelRescheduleAndVendorAvailability(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a, clock := consultApp(t, kind, "2027-03-08T15:00:00Z", nil)
		agent, _, _ := acctBrowser(t, a, "agent@demo.test")
		pro, _, _ := acctBrowser(t, a, "pro@demo.test")
		vendor, _, _ := acctBrowser(t, a, "vendor@demo.test")
		admin, _, _ := acctBrowser(t, a, "admin@demo.test")

		// The vendor blocks Thursday and Wednesday 2:00 PM, and works on Eastern time.
		if res := a.PostJSON(t, vendor, "/api/vendor/consultations/blocks", map[string]string{"date": "2027-03-11"}); res.Status != http.StatusCreated {
			t.Fatalf("block day: %d %s", res.Status, res.Body)
		}
		var blk consultations.BlockedSlot
		res := a.PostJSON(t, vendor, "/api/vendor/consultations/blocks", map[string]string{"date": "2027-03-10", "time": "2:00 PM", "note": "Closing"})
		res.JSON(t, &blk)
		if res.Status != http.StatusCreated || blk.Time != "2:00 PM" {
			t.Fatalf("block slot: %d %s", res.Status, res.Body)
		}
		if res := a.PostJSON(t, vendor, "/api/vendor/consultations/blocks", map[string]string{"date": "2027-03-13"}); res.Status != http.StatusBadRequest && res.Status != http.StatusUnprocessableEntity {
			t.Fatalf("block a Saturday: %d %s", res.Status, res.Body)
		}
		b, _ := json.Marshal(map[string]string{"time_zone": "America/New_York"})
		if res := a.DoWith(t, vendor, http.MethodPut, "/api/vendor/consultations/time-zone", b, http.Header{"Content-Type": {"application/json"}}); res.Status != http.StatusOK {
			t.Fatalf("time zone: %d %s", res.Status, res.Body)
		}
		b, _ = json.Marshal(map[string]string{"time_zone": "Mars/Olympus"})
		if res := a.DoWith(t, vendor, http.MethodPut, "/api/vendor/consultations/time-zone", b, http.Header{"Content-Type": {"application/json"}}); res.Status < 400 || res.Status >= 500 {
			t.Fatalf("bad time zone: %d %s", res.Status, res.Body)
		}
		cal := consultCalendar(t, a, agent)
		if cal.VendorTimeZone != "America/New_York" {
			t.Fatalf("vendor time zone %q", cal.VendorTimeZone)
		}
		for _, d := range cal.Days {
			if d.Date == "2027-03-11" && d.Available {
				t.Fatalf("the day off is offered: %+v", d)
			}
		}
		if s, _ := slotOf(cal, "2027-03-10", "2:00 PM"); s.Available || s.Reason != "blocked" {
			t.Fatalf("blocked slot %+v", s)
		}
		if res := consultBook(t, a, agent, "2027-03-11", "10:00 AM"); res.Status != http.StatusConflict {
			t.Fatalf("booking a day off: %d %s", res.Status, res.Body)
		}

		var v consultations.ConsultationView
		res = consultBook(t, a, agent, "2027-03-10", "10:00 AM")
		res.JSON(t, &v)
		if res.Status != http.StatusCreated || !v.CanChange {
			t.Fatalf("book: %d %s", res.Status, res.Body)
		}
		for _, c := range []*http.Client{pro, vendor} {
			if res := a.DoWith(t, c, http.MethodGet, "/api/consultations/"+v.ID, nil, nil); res.Status != http.StatusNotFound {
				t.Fatalf("another user reads the booking: %d", res.Status)
			}
			if res := a.PostJSON(t, c, "/api/consultations/"+v.ID+"/cancel", nil); res.Status != http.StatusNotFound {
				t.Fatalf("another user cancels the booking: %d", res.Status)
			}
		}
		// Its confirmation is sent before the reschedule below (one sent after would be the
		// reschedule's own: TestF_ENG_01_RescheduleBeforeTheConfirmationSendsOne).
		waitFor(t, "the booking's confirmation", func() bool {
			return len(consultOutbox(t, a, admin, "ana.client@example.com", "consultation_confirmation")) == 1
		})
		var vl struct {
			Consultations []consultations.ConsultationView
		}
		a.DoWith(t, vendor, http.MethodGet, "/api/vendor/consultations", nil, nil).JSON(t, &vl)
		if len(vl.Consultations) != 1 || vl.Consultations[0].ID != v.ID || vl.Consultations[0].ClientName != "Ana Ruiz" {
			t.Fatalf("vendor list %+v", vl.Consultations)
		}
		var other struct {
			Consultations []consultations.ConsultationView
		}
		a.DoWith(t, pro, http.MethodGet, "/api/consultations", nil, nil).JSON(t, &other)
		if len(other.Consultations) != 0 {
			t.Fatalf("another agent's list shows the booking")
		}

		// Reschedule to a slot another booking holds: conflict; to an open slot: moved.
		if res := consultBook(t, a, pro, "2027-03-12", "1:00 PM"); res.Status != http.StatusCreated {
			t.Fatalf("pro books: %d %s", res.Status, res.Body)
		}
		if res := a.PostJSON(t, agent, "/api/consultations/"+v.ID+"/reschedule", map[string]string{"scheduled_date": "2027-03-12", "scheduled_time": "1:00 PM"}); res.Status != http.StatusConflict {
			t.Fatalf("reschedule onto a taken slot: %d %s", res.Status, res.Body)
		}
		res = a.PostJSON(t, agent, "/api/consultations/"+v.ID+"/reschedule", map[string]string{"scheduled_date": "2027-03-12", "scheduled_time": "1:30 PM"})
		res.JSON(t, &v)
		if res.Status != http.StatusOK || v.ScheduledDate != "2027-03-12" || v.ScheduledTime != "1:30 PM" || v.Rescheduled != 1 {
			t.Fatalf("reschedule: %d %s", res.Status, res.Body)
		}
		if s, _ := slotOf(consultCalendar(t, a, agent), "2027-03-10", "10:00 AM"); !s.Available {
			t.Fatalf("the old slot is not free again: %+v", s)
		}
		// The confirmations of the agent's booking, its reschedule (with the new time) and the
		// Pro agent's booking (same client address) reach the outbox, one each.
		if testing.Verbose() {
			defer func() {
				var rows []jobs.Job
				_ = a.DB.Bun().NewSelect().Model(&rows).ModelTableExpr("jobs AS job").Where("kind = ?", consultations.JobKind).Scan(context.Background())
				for _, j := range rows {
					t.Logf("job %s %s %s attempts %d err %s", j.Key, j.State, j.RunAt, j.Attempts, j.LastError)
				}
			}()
		}
		waitFor(t, "two confirmations", func() bool {
			return len(consultOutbox(t, a, admin, "ana.client@example.com", "consultation_confirmation")) == 3
		})
		moved := 0
		for _, m := range consultOutbox(t, a, admin, "ana.client@example.com", "consultation_confirmation") {
			if strings.Contains(m.Subject, "1:30 PM") && strings.Contains(m.Attachments[0].Content, "DTSTART:20270312T193000Z") {
				moved++
			}
		}
		if moved < 1 {
			t.Fatalf("%d confirmations of the new time", moved)
		}

		// Less than 24 hours ahead nothing changes.
		clock.Set(time.Date(2027, 3, 11, 20, 0, 1, 0, time.UTC)) // Thursday 14:00:01 CST; Friday 1:30 PM is 23h59m59s away
		agent, _, _ = acctBrowser(t, a, "agent@demo.test")
		vendor, _, _ = acctBrowser(t, a, "vendor@demo.test")
		if res := a.PostJSON(t, agent, "/api/consultations/"+v.ID+"/cancel", nil); res.Status != http.StatusBadRequest && res.Status != http.StatusUnprocessableEntity {
			t.Fatalf("late cancel: %d %s", res.Status, res.Body)
		}
		clock.Set(time.Date(2027, 3, 11, 19, 30, 0, 0, time.UTC))
		res = a.PostJSON(t, agent, "/api/consultations/"+v.ID+"/cancel", nil)
		res.JSON(t, &v)
		if res.Status != http.StatusOK || v.Status != "canceled" || v.CanChange {
			t.Fatalf("cancel: %d %s", res.Status, res.Body)
		}
		if res := a.DoWith(t, vendor, http.MethodDelete, "/api/vendor/consultations/blocks/"+blk.ID, nil, nil); res.Status != http.StatusNoContent {
			t.Fatalf("unblock: %d %s", res.Status, res.Body)
		}
		if res := a.DoWith(t, vendor, http.MethodDelete, "/api/vendor/consultations/blocks/"+blk.ID, nil, nil); res.Status != http.StatusNotFound {
			t.Fatalf("unblock twice: %d", res.Status)
		}
	})
}

// A reschedule made before the booking's own confirmation went out sends one confirmation and
// one notification, with the new time, not one per round (both used to say the new time).
func TestF_ENG_01_RescheduleBeforeTheConfirmationSendsOne(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		start, _ := time.Parse(time.RFC3339, "2027-03-08T15:00:00Z")
		a := acctAppWith(t, kind, testapp.Options{Clock: testapp.NewClock(start), ManualJobs: true})
		agent, _, _ := acctBrowser(t, a, "agent@demo.test")
		admin, _, _ := acctBrowser(t, a, "admin@demo.test")
		v := consultBooked(t, a, agent, "2027-03-10", "10:00 AM")
		res := a.PostJSON(t, agent, "/api/consultations/"+v.ID+"/reschedule", map[string]string{"scheduled_date": "2027-03-12", "scheduled_time": "1:30 PM"})
		if res.Status != http.StatusOK {
			t.Fatalf("reschedule: %d %s", res.Status, res.Body)
		}
		if _, err := a.Jobs.RunDue(t.Context()); err != nil {
			t.Fatal(err)
		}
		sent := consultOutbox(t, a, admin, "ana.client@example.com", "consultation_confirmation")
		if len(sent) != 1 || !strings.Contains(sent[0].Subject, "1:30 PM") {
			t.Fatalf("confirmations %d, want 1 with the new time: %+v", len(sent), sent)
		}
		var out struct{ Emails []notify.OutboxEmail }
		a.DoWith(t, admin, http.MethodGet, "/api/admin/outbox", nil, nil).JSON(t, &out)
		notices := 0
		for _, e := range out.Emails {
			if e.Kind == "consultation_notification" {
				notices++
				if !strings.Contains(e.Subject, "Mar 12") && !strings.Contains(e.Subject, "1:30 PM") {
					t.Errorf("notification without the new time: %q", e.Subject)
				}
			}
		}
		if notices != 1 {
			t.Fatalf("notifications %d, want 1", notices)
		}
		// Every step is recorded done or skipped: none left pending by the skipped round.
		var view consultations.ConsultationView
		a.DoWith(t, agent, http.MethodGet, "/api/consultations/"+v.ID, nil, nil).JSON(t, &view)
		for _, in := range view.Integrations {
			if in.Status != consultations.IntegrationDone && in.Status != consultations.IntegrationSkipped {
				t.Errorf("integration %s is %s", in.Step, in.Status)
			}
		}
	})
}

func consultOutbox(t *testing.T, a *testapp.App, admin *http.Client, to, kind string) []notify.OutboxEmail {
	t.Helper()
	out := okJSON[struct{ Emails []notify.OutboxEmail }](t, "outbox", a.DoWith(t, admin, http.MethodGet, "/api/admin/outbox?to="+to, nil, nil))
	var kept []notify.OutboxEmail
	for _, e := range out.Emails {
		if e.Kind == kind {
			kept = append(kept, e)
		}
	}
	return kept
}

func consultIntegration(t *testing.T, a *testapp.App, c *http.Client, id, step string) consultations.BookingIntegration {
	t.Helper()
	var v consultations.ConsultationView
	a.DoWith(t, c, http.MethodGet, "/api/consultations/"+id, nil, nil).JSON(t, &v)
	for _, in := range v.Integrations {
		if in.Step == step {
			return in
		}
	}
	t.Fatalf("no %s integration in %+v", step, v.Integrations)
	return consultations.BookingIntegration{}
}

// TestF_ENG_03_IntegrationsRetryAndOutbox: the booking's integrations run as jobs in 03§4's
// order; a failing HighLevel call is listed to the agent and to admins, retried after a backoff
// (not before the clock reaches it) and then succeeds with the documented request; the
// confirmation e-mail with its .ics lands in the outbox exactly once even when its job runs again.
func TestF_ENG_03_IntegrationsRetryAndOutbox(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		var calls, failures atomic.Int32
		failures.Store(1)
		ghl := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			calls.Add(1)
			var body map[string]any
			_ = json.NewDecoder(r.Body).Decode(&body)
			if r.URL.Path != "/contacts/upsert" || r.Header.Get("Authorization") != "Bearer test-key" || r.Header.Get("Version") != consultations.GHLAPIVersion ||
				body["locationId"] != "loc-9" || body["email"] != "ana.client@example.com" || body["firstName"] != "Ana" || body["lastName"] != "Ruiz" {
				t.Errorf("GHL request %s %v %v", r.URL.Path, r.Header, body)
			}
			if failures.Load() > 0 {
				failures.Add(-1)
				http.Error(w, `{"message":"unavailable"}`, http.StatusServiceUnavailable)
				return
			}
			_, _ = w.Write([]byte(`{"new":true,"contact":{"id":"ghl-1"}}`))
		}))
		defer ghl.Close()
		a, clock := consultApp(t, kind, "2027-03-08T15:00:00Z", func(c *app.Config) {
			c.GHLAPIKey, c.GHLLocationID, c.GHLBaseURL = "test-key", "loc-9", ghl.URL
		})
		if _, err := a.DB.Bun().ExecContext(context.Background(), "UPDATE services SET sync_to_ghl = ? WHERE id = ?", true, consultService); err != nil {
			t.Fatal(err)
		}
		agent, _, _ := acctBrowser(t, a, "agent@demo.test")
		admin, _, _ := acctBrowser(t, a, "admin@demo.test")
		v := consultBooked(t, a, agent, "2027-03-10", "10:00 AM")
		if steps := []string{v.Integrations[0].Step, v.Integrations[1].Step, v.Integrations[2].Step, v.Integrations[3].Step}; strings.Join(steps, ",") != "crm,confirmation_email,notification,tracking" {
			t.Fatalf("steps %v", steps)
		}
		// The CRM fails; the other steps still run.
		waitFor(t, "the first CRM attempt and the other steps", func() bool {
			return consultIntegration(t, a, agent, v.ID, "crm").Status == "failed" && consultIntegration(t, a, agent, v.ID, "tracking").Status == "done" &&
				consultIntegration(t, a, agent, v.ID, "notification").Status == "done"
		})
		crm := consultIntegration(t, a, agent, v.ID, "crm")
		if crm.Attempts != 1 || crm.Final || crm.Provider != "ghl" || !strings.Contains(crm.LastError, "HTTP 503") {
			t.Fatalf("crm after one attempt %+v", crm)
		}
		var failed struct {
			Integrations []consultations.FailedIntegration
		}
		a.DoWith(t, admin, http.MethodGet, "/api/admin/consultations/integrations", nil, nil).JSON(t, &failed)
		if len(failed.Integrations) != 1 || failed.Integrations[0].Step != "crm" || failed.Integrations[0].ClientEmail != "ana.client@example.com" {
			t.Fatalf("admin list %+v", failed.Integrations)
		}
		// The retry waits for its backoff (10 s, jittered by at most 20%) on the clock.
		var crmJob jobs.Job
		waitFor(t, "the CRM job queued for its retry", func() bool {
			_ = a.DB.Bun().NewSelect().Model(&crmJob).ModelTableExpr("jobs AS job").Where("idempotency_key = ?", "consult:"+v.ID+":r0:crm").Scan(context.Background())
			return crmJob.State == jobs.StateQueued && crmJob.Attempts == 1
		})
		if wait := crmJob.RunAt.Sub(clock.Now()); wait < 8*time.Second || wait > 12*time.Second || calls.Load() != 1 {
			t.Fatalf("retry in %s after %d calls", wait, calls.Load())
		}
		clock.Advance(15 * time.Second)
		waitFor(t, "the CRM retry", func() bool { return consultIntegration(t, a, agent, v.ID, "crm").Status == "done" })
		if crm := consultIntegration(t, a, agent, v.ID, "crm"); crm.Attempts != 2 || calls.Load() != 2 {
			t.Fatalf("after the retry %+v, %d calls", crm, calls.Load())
		}
		a.DoWith(t, admin, http.MethodGet, "/api/admin/consultations/integrations", nil, nil).JSON(t, &failed)
		if len(failed.Integrations) != 0 {
			t.Fatalf("admin list after the retry %+v", failed.Integrations)
		}

		// The confirmation: one e-mail with the calendar file; its job run again records nothing new.
		mails := consultOutbox(t, a, admin, "ana.client@example.com", "consultation_confirmation")
		if len(mails) != 1 || len(mails[0].Attachments) != 1 || mails[0].Attachments[0].Filename != "consultation.ics" ||
			!strings.Contains(mails[0].Attachments[0].Content, "DTSTART:20270310T160000Z") || !strings.Contains(mails[0].Text, "10:00 AM CST") {
			t.Fatalf("confirmation %+v", mails)
		}
		j, _ := jobs.New(consultations.JobKind, map[string]any{"booking_id": v.ID, "round": "r0", "steps": []string{"confirmation_email"}})
		j.Key = "test-again"
		if _, err := a.Jobs.Enqueue(context.Background(), j); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "the repeated confirmation job", func() bool {
			n, _ := a.DB.Bun().NewSelect().Table("jobs").Where("idempotency_key = ?", "test-again").Where("state = ?", "done").Count(context.Background())
			return n == 1
		})
		if mails := consultOutbox(t, a, admin, "ana.client@example.com", "consultation_confirmation"); len(mails) != 1 {
			t.Fatalf("%d confirmations after the job ran twice", len(mails))
		}
		if n := len(consultOutbox(t, a, admin, "", "consultation_notification")); n != 1 {
			t.Fatalf("%d internal notifications", n)
		}
	})
}

// TestF_ENG_03_AdminRetryAndBuiltInCRM: without HighLevel settings the built-in CRM records the
// contact; a failed step is retried by an administrator's button.
func TestF_ENG_03_AdminRetryAndBuiltInCRM(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		var down atomic.Bool
		down.Store(true)
		ghl := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if down.Load() {
				http.Error(w, "down", http.StatusBadGateway)
				return
			}
			_, _ = w.Write([]byte(`{}`))
		}))
		defer ghl.Close()
		a, clock := consultApp(t, kind, "2027-03-08T15:00:00Z", func(c *app.Config) {
			c.GHLAPIKey, c.GHLLocationID, c.GHLBaseURL = "k", "l", ghl.URL
		})
		if _, err := a.DB.Bun().ExecContext(context.Background(), "UPDATE services SET sync_to_ghl = ?", true); err != nil {
			t.Fatal(err)
		}
		agent, _, _ := acctBrowser(t, a, "agent@demo.test")
		admin, _, _ := acctBrowser(t, a, "admin@demo.test")
		var v consultations.ConsultationView
		consultBook(t, a, agent, "2027-03-10", "10:00 AM").JSON(t, &v)
		crmJob := func() jobs.Job {
			var j jobs.Job
			_ = a.DB.Bun().NewSelect().Model(&j).ModelTableExpr("jobs AS job").Where("idempotency_key = ?", "consult:"+v.ID+":r0:crm").Scan(context.Background())
			return j
		}
		for i := 1; i <= consultations.JobMaxAttempts; i++ {
			// The attempt has ended (queued for the next one, or dead) before the clock moves on.
			waitFor(t, "a CRM attempt", func() bool {
				j := crmJob()
				return j.Attempts == i && (j.State == jobs.StateQueued || j.State == jobs.StateDead)
			})
			clock.Advance(2 * time.Hour)
		}
		agent, _, _ = acctBrowser(t, a, "agent@demo.test")
		admin, _, _ = acctBrowser(t, a, "admin@demo.test")
		crm := consultIntegration(t, a, agent, v.ID, "crm")
		if !crm.Final || crm.Status != "failed" {
			t.Fatalf("after the last attempt %+v", crm)
		}
		if res := a.PostJSON(t, agent, "/api/admin/consultations/integrations/"+crm.ID+"/retry", nil); res.Status != http.StatusForbidden {
			t.Fatalf("an agent retries: %d", res.Status)
		}
		down.Store(false)
		if res := a.PostJSON(t, admin, "/api/admin/consultations/integrations/"+crm.ID+"/retry", nil); res.Status != http.StatusOK {
			t.Fatalf("retry: %d %s", res.Status, res.Body)
		}
		waitFor(t, "the retried CRM step", func() bool { return consultIntegration(t, a, agent, v.ID, "crm").Status == "done" })
		if res := a.PostJSON(t, admin, "/api/admin/consultations/integrations/"+crm.ID+"/retry", nil); res.Status != http.StatusConflict {
			t.Fatalf("retry of a done step: %d", res.Status)
		}

		// The built-in CRM (no HighLevel settings) records the contact once.
		b, _ := consultApp(t, kind, "2027-03-08T15:00:00Z", nil)
		if _, err := b.DB.Bun().ExecContext(context.Background(), "UPDATE services SET sync_to_ghl = ?", true); err != nil {
			t.Fatal(err)
		}
		agentB, _, _ := acctBrowser(t, b, "agent@demo.test")
		var w consultations.ConsultationView
		consultBook(t, b, agentB, "2027-03-10", "10:00 AM").JSON(t, &w)
		waitFor(t, "the built-in CRM", func() bool { return consultIntegration(t, b, agentB, w.ID, "crm").Status == "done" })
		contacts, err := store.NewConsultations(b.DB).CRMContacts(context.Background(), w.ID)
		if err != nil || len(contacts) != 1 || contacts[0].Email != "ana.client@example.com" || consultIntegration(t, b, agentB, w.ID, "crm").Provider != "builtin" {
			t.Fatalf("built-in CRM contacts %+v %v", contacts, err)
		}
	})
}

// TestF_ENG_02_ExternalLeadCapture: a vendor with an external booking link gets a lead_captured
// record and the answer carries the link; name and email are required.
func TestF_ENG_02_ExternalLeadCapture(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a, _ := consultApp(t, kind, "2027-03-08T15:00:00Z", nil)
		var svcID, link string
		if err := a.DB.Bun().QueryRowContext(context.Background(), "SELECT id, external_booking_url FROM services WHERE booking_type = 'external' AND is_active ORDER BY id LIMIT 1").Scan(&svcID, &link); err != nil {
			t.Fatal(err)
		}
		agent, _, _ := acctBrowser(t, a, "agent@demo.test")
		res := a.PostJSON(t, agent, "/api/consultations/leads", map[string]string{"service_id": svcID, "client_name": "Ana Ruiz", "client_email": ""})
		if e := acctError(t, res); res.Status >= 500 || res.Status < 400 || e.Fields[0].Message != "Please provide your name and email address." {
			t.Fatalf("lead without email: %d %s", res.Status, res.Body)
		}
		var v consultations.ConsultationView
		res = a.PostJSON(t, agent, "/api/consultations/leads", map[string]string{"service_id": svcID, "client_name": "Ana Ruiz", "client_email": "ana@example.com"})
		res.JSON(t, &v)
		if res.Status != http.StatusCreated || v.Status != "lead_captured" || !v.IsExternal || v.ExternalLink != link || link == "" {
			t.Fatalf("lead: %d %s", res.Status, res.Body)
		}
		if res := consultBook(t, a, agent, "2027-03-10", "10:00 AM"); res.Status != http.StatusCreated {
			t.Fatalf("internal booking: %d", res.Status)
		}
		res = a.PostJSON(t, agent, "/api/consultations", map[string]string{"service_id": svcID, "scheduled_date": "2027-03-10", "scheduled_time": "10:00 AM", "client_name": "Ana", "client_email": "ana@example.com"})
		if res.Status < 400 || res.Status >= 500 {
			t.Fatalf("internal booking of an external service: %d %s", res.Status, res.Body)
		}
	})
}
