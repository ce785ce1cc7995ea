package httpapi_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"circle/internal/consultations"
	"circle/internal/racetest"
	"circle/internal/store"
	"circle/internal/testapp"
)

// The other two demo services of ven-closingbell (the vendor account's vendor), besides
// consultService.
const (
	consultService2 = "svc-closingbell-listing-coordination"
	consultService3 = "svc-closingbell-compliance-audit"
)

func consultBookService(t *testing.T, a *testapp.App, c *http.Client, serviceID, date, slot string) testapp.Response {
	t.Helper()
	return a.PostJSON(t, c, "/api/consultations", map[string]string{"service_id": serviceID, "scheduled_date": date, "scheduled_time": slot,
		"client_name": "Sam Squat", "client_email": "sam.client@example.com"})
}

// consultFreshAgent creates a verified account that has never booked and signs it in.
func consultFreshAgent(t *testing.T, a *testapp.App, email string) *http.Client {
	t.Helper()
	acctCreateUser(t, a, email, "Sam Squat", true)
	c, _, _ := acctBrowser(t, a, email)
	return c
}

// wantConsultError checks a refusal: its status, and one field error with its field and key
// (and, when given, the start of its message).
func wantConsultError(t *testing.T, what string, res testapp.Response, status int, field, key, msgPrefix string) {
	t.Helper()
	e := acctError(t, res)
	if res.Status != status || len(e.Fields) != 1 || e.Fields[0].Field != field || e.Fields[0].Key != key || !strings.HasPrefix(e.Fields[0].Message, msgPrefix) {
		t.Fatalf("%s: want %d %s %s %q..., got %d %s", what, status, field, key, msgPrefix, res.Status, res.Body)
	}
}

// TestIssue27_BookingWindow (issue 27 item 1, part 1): a booking beyond the weekdays the
// calendar offers (20 by default: Monday 8 March 2027 to Friday 2 April) is refused with 400
// naming scheduled_date and saying the window, on both databases, and so is a reschedule there;
// the last offered day is bookable. The window is the vendor's setting (5 to 60 weekdays): the
// calendar and the bound follow it.
func TestIssue27_BookingWindow(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a, _ := consultApp(t, kind, "2027-03-08T15:00:00Z", nil)
		agent := consultFreshAgent(t, a, "window@example.com")
		other := consultFreshAgent(t, a, "window2@example.com")
		vendor, _, _ := acctBrowser(t, a, "vendor@demo.test")

		for _, date := range []string{"2027-04-05", "2031-06-02", "9998-12-31"} {
			wantConsultError(t, "book "+date, consultBook(t, a, agent, date, "10:00 AM"), http.StatusBadRequest, "scheduled_date",
				"consultations.errors.beyondWindow", "Bookings open up to 20 weekdays ahead: please choose a date up to 2027-04-02")
		}
		cal := consultCalendar(t, a, agent)
		if len(cal.Days) != consultations.DefaultWindowWeekdays || cal.WindowWeekdays != 20 || cal.Days[len(cal.Days)-1].Date != "2027-04-02" {
			t.Fatalf("calendar: %d days, window %d, last %s", len(cal.Days), cal.WindowWeekdays, cal.Days[len(cal.Days)-1].Date)
		}
		v := consultBooked(t, a, agent, "2027-04-02", "3:30 PM")
		wantConsultError(t, "reschedule beyond the window", a.PostJSON(t, agent, "/api/consultations/"+v.ID+"/reschedule",
			map[string]string{"scheduled_date": "9998-12-31", "scheduled_time": "10:00 AM"}), http.StatusBadRequest, "scheduled_date",
			"consultations.errors.beyondWindow", "Bookings open up to 20 weekdays ahead")

		// The vendor opens 30 weekdays (to Friday 16 April): the calendar and the bound follow.
		for _, bad := range []int{0, 4, 61} {
			wantConsultError(t, "window out of range", call(t, a, vendor, http.MethodPut, "/api/vendor/consultations/booking-window", map[string]int{"booking_window_weekdays": bad}),
				http.StatusBadRequest, "booking_window_weekdays", "consultations.errors.bookingWindow", "")
		}
		var av consultations.VendorAvailabilityView
		res := call(t, a, vendor, http.MethodPut, "/api/vendor/consultations/booking-window", map[string]int{"booking_window_weekdays": 30})
		res.JSON(t, &av)
		if res.Status != http.StatusOK || av.WindowWeekdays != 30 || av.TimeZone != consultations.Zone {
			t.Fatalf("set the window: %d %s", res.Status, res.Body)
		}
		// Setting the time zone keeps the window, and the window keeps the time zone.
		if res := call(t, a, vendor, http.MethodPut, "/api/vendor/consultations/time-zone", map[string]string{"time_zone": "America/Denver"}); res.Status != http.StatusOK {
			t.Fatalf("time zone: %d %s", res.Status, res.Body)
		}
		cal = consultCalendar(t, a, agent)
		if len(cal.Days) != 30 || cal.WindowWeekdays != 30 || cal.Days[29].Date != "2027-04-16" || cal.VendorTimeZone != "America/Denver" {
			t.Fatalf("calendar after the change: %d days to %s, zone %s", len(cal.Days), cal.Days[len(cal.Days)-1].Date, cal.VendorTimeZone)
		}
		if res := consultBook(t, a, other, "2027-04-16", "10:00 AM"); res.Status != http.StatusCreated {
			t.Fatalf("book the new last day: %d %s", res.Status, res.Body)
		}
		wantConsultError(t, "book past the new window", consultBook(t, a, other, "2027-04-19", "10:00 AM"), http.StatusBadRequest, "scheduled_date",
			"consultations.errors.beyondWindow", "Bookings open up to 30 weekdays ahead")
	})
}

// TestIssue27_OpenBookingLimits (issue 27 item 1, part 2): a member holds at most one open
// future booking per service and two per vendor; a canceled booking and one that has taken place
// no longer count; the vendor's owner booking their own calendar is not limited.
func TestIssue27_OpenBookingLimits(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a, clock := consultApp(t, kind, "2027-03-08T15:00:00Z", nil)
		agent := consultFreshAgent(t, a, "squatter@example.com")
		vendor, _, _ := acctBrowser(t, a, "vendor@demo.test")

		first := consultBookService(t, a, agent, consultService, "2027-03-10", "10:00 AM")
		if first.Status != http.StatusCreated {
			t.Fatalf("first booking: %d %s", first.Status, first.Body)
		}
		wantConsultError(t, "second booking of the service", consultBookService(t, a, agent, consultService, "2027-03-10", "10:30 AM"),
			http.StatusConflict, "service_id", "consultations.errors.limitService", "You already have an upcoming consultation for this service")
		if res := consultBookService(t, a, agent, consultService2, "2027-03-10", "11:00 AM"); res.Status != http.StatusCreated {
			t.Fatalf("second service of the vendor: %d %s", res.Status, res.Body)
		}
		wantConsultError(t, "third booking with the vendor", consultBookService(t, a, agent, consultService3, "2027-03-10", "11:30 AM"),
			http.StatusConflict, "service_id", "consultations.errors.limitVendor", "You already have 2 upcoming consultations with this vendor")
		// A slot someone holds is still "taken" first, whatever the limits.
		if res := consultBookService(t, a, agent, consultService3, "2027-03-10", "10:00 AM"); res.Status != http.StatusConflict || acctError(t, res).Message != consultations.MsgSlotTaken {
			t.Fatalf("taken slot: %d %s", res.Status, res.Body)
		}

		// Canceling one frees a place.
		var v consultations.ConsultationView
		first.JSON(t, &v)
		if res := a.PostJSON(t, agent, "/api/consultations/"+v.ID+"/cancel", nil); res.Status != http.StatusOK {
			t.Fatalf("cancel: %d %s", res.Status, res.Body)
		}
		if res := consultBookService(t, a, agent, consultService3, "2027-03-11", "10:00 AM"); res.Status != http.StatusCreated {
			t.Fatalf("after a cancel: %d %s", res.Status, res.Body)
		}
		// Once the meetings have taken place they no longer count.
		clock.Set(time.Date(2027, 3, 12, 15, 0, 0, 0, time.UTC))
		agent, _, _ = acctBrowser(t, a, "squatter@example.com") // the sessions have ended meanwhile
		vendor, _, _ = acctBrowser(t, a, "vendor@demo.test")
		for i, svc := range []string{consultService, consultService2} {
			if res := consultBookService(t, a, agent, svc, "2027-03-16", consultations.Slots[i]); res.Status != http.StatusCreated {
				t.Fatalf("after the meetings (%s): %d %s", svc, res.Status, res.Body)
			}
		}

		// The vendor's owner books their own calendar as often as they like.
		for _, slot := range []string{"10:00 AM", "10:30 AM", "11:00 AM", "11:30 AM"} {
			if res := consultBookService(t, a, vendor, consultService, "2027-03-17", slot); res.Status != http.StatusCreated {
				t.Fatalf("the vendor's own block %s: %d %s", slot, res.Status, res.Body)
			}
		}
	})
}

// TestIssue27_ConcurrentBookingsOneMember (issue 27 item 1, part 2): twelve bookings of twelve
// free slots of one service sent at once by one member give one booking on both databases
// (the limit is checked in the booking's transaction under a lock per member and vendor); the
// others are 409 with the limit's key.
func TestIssue27_ConcurrentBookingsOneMember(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a, _ := consultApp(t, kind, "2027-03-08T15:00:00Z", nil)
		agent := consultFreshAgent(t, a, "racer@example.com")
		created, limited := 0, 0
		for i, res := range racetest.Run(len(consultations.Slots), func(i int) testapp.Response {
			return consultBookService(t, a, agent, consultService, "2027-03-10", consultations.Slots[i])
		}) {
			var e apiError
			_ = json.Unmarshal(res.Body, &e)
			switch {
			case res.Status == http.StatusCreated:
				created++
			case res.Status == http.StatusConflict && len(e.Fields) == 1 && e.Fields[0].Key == "consultations.errors.limitService":
				limited++
			default:
				t.Errorf("booking %s: %d %s", consultations.Slots[i], res.Status, res.Body)
			}
		}
		if created != 1 || limited != len(consultations.Slots)-1 {
			t.Fatalf("created %d, limited %d", created, limited)
		}
	})
}

// TestIssue27_RefusedBookingsEnqueueNothing (issue 27 item 1, part 3): bookings refused for
// the window or the limits write no booking, no integration row, no job and no e-mail.
func TestIssue27_RefusedBookingsEnqueueNothing(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a, _ := consultApp(t, kind, "2027-03-08T15:00:00Z", nil)
		agent := consultFreshAgent(t, a, "quiet@example.com")
		count := func(table, where string, args ...any) int {
			t.Helper()
			return countWhere(t, a, table, where, args...)
		}
		counts := func() [5]int {
			return [5]int{
				count("consultation_bookings", "1 = 1"),
				count("consultation_integrations", "1 = 1"),
				count("jobs", "kind = ?", consultations.JobKind),
				count("outbox_emails", "1 = 1"),
				count("crm_contacts", "1 = 1"),
			}
		}
		for _, svc := range []string{consultService, consultService2} {
			if res := consultBookService(t, a, agent, svc, "2027-03-10", map[string]string{consultService: "10:00 AM", consultService2: "10:30 AM"}[svc]); res.Status != http.StatusCreated {
				t.Fatalf("booking %s: %d %s", svc, res.Status, res.Body)
			}
		}
		// Let the two bookings' jobs run to their end, so the outbox is still.
		waitFor(t, "the bookings' integrations", func() bool {
			return count("consultation_integrations", "status = ?", consultations.IntegrationPending) == 0
		})
		before := counts()
		refusals := []testapp.Response{
			consultBookService(t, a, agent, consultService, "2027-03-11", "10:00 AM"),  // one per service
			consultBookService(t, a, agent, consultService3, "2027-03-11", "10:00 AM"), // two per vendor
			consultBookService(t, a, agent, consultService3, "9998-12-31", "10:00 AM"), // beyond the window
		}
		for i, res := range refusals {
			if res.Status < 400 || res.Status >= 500 {
				t.Fatalf("refusal %d: %d %s", i, res.Status, res.Body)
			}
		}
		if after := counts(); after != before {
			t.Fatalf("refused bookings wrote rows (bookings, integrations, jobs, e-mails, CRM): before %v, after %v", before, after)
		}
	})
}
