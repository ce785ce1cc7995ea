package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"circle/internal/consultations"
	"circle/internal/store"
)

// TestF_AREA_05_CircleAdvisorsConsultation: /consultation-demo and /book-meeting without a
// service book Circle's own advisors (issue 32 item 7) through the consultations booking, on
// both databases: a visitor reads the advisors' calendar (no vendor: "Circle Platform", the
// default window), the service is no marketplace listing (its detail is 404, other inactive
// services stay unbookable), a signed-in agent books it, sees it in their consultations, and
// its integrations end done or skipped (tracking skipped: no vendor funnel) with the
// confirmation to the agent and the notification to Circle's team address.
func TestF_AREA_05_CircleAdvisorsConsultation(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a, _ := consultApp(t, kind, "2027-03-08T15:00:00Z", nil)
		agent, _, _ := acctBrowser(t, a, "agent@demo.test")
		admin, _, _ := acctBrowser(t, a, "admin@demo.test")
		id := consultations.AdvisorsServiceID

		var cal consultations.BookingCalendar
		res := a.DoWith(t, &http.Client{}, http.MethodGet, "/api/consultations/calendar?service_id="+id, nil, nil)
		res.JSON(t, &cal)
		if res.Status != http.StatusOK || cal.ServiceID != id || cal.VendorName != "Circle Platform" || cal.BookingType != "internal" ||
			len(cal.Days) != consultations.DefaultWindowWeekdays {
			t.Fatalf("advisors' calendar: %d %+v", res.Status, cal)
		}
		if res := a.DoWith(t, agent, http.MethodGet, "/api/services/"+id, nil, nil); res.Status != http.StatusNotFound {
			t.Fatalf("the advisors' service is listed: detail %d", res.Status)
		}
		if res := a.DoWith(t, agent, http.MethodGet, "/api/consultations/calendar?service_id=svc-freshstart-move-out-clean", nil, nil); res.Status != http.StatusNotFound {
			t.Fatalf("another inactive service is bookable: %d", res.Status)
		}
		if res := a.PostJSON(t, agent, "/api/consultations", map[string]string{"service_id": id, "scheduled_date": "2027-03-10", "scheduled_time": "11:00 AM",
			"client_name": "Ana Ruiz", "client_email": "ana.client@example.com", "source": "consultation_demo"}); res.Status != http.StatusCreated {
			t.Fatalf("book: %d %s", res.Status, res.Body)
		}
		if res := a.PostJSON(t, &http.Client{}, "/api/consultations", map[string]string{"service_id": id, "scheduled_date": "2027-03-10", "scheduled_time": "10:00 AM",
			"client_name": "Vi Sitor", "client_email": "visitor@example.com"}); res.Status != http.StatusUnauthorized {
			t.Fatalf("a visitor books: %d %s", res.Status, res.Body)
		}

		var mine struct {
			Consultations []consultations.ConsultationView
		}
		a.DoWith(t, agent, http.MethodGet, "/api/consultations", nil, nil).JSON(t, &mine)
		if len(mine.Consultations) != 1 || mine.Consultations[0].ServiceID != id || mine.Consultations[0].Status != "pending" ||
			mine.Consultations[0].ScheduledTime != "11:00 AM" || mine.Consultations[0].Source != "consultation_demo" {
			t.Fatalf("the agent's consultations: %+v", mine.Consultations)
		}
		bookingID := mine.Consultations[0].ID
		cal = consultations.BookingCalendar{}
		a.DoWith(t, agent, http.MethodGet, "/api/consultations/calendar?service_id="+id, nil, nil).JSON(t, &cal)
		if s, _ := slotOf(cal, "2027-03-10", "11:00 AM"); s.Available || s.Reason != "booked" {
			t.Fatalf("the booked slot is still offered: %+v", s)
		}

		waitFor(t, "the advisors booking's integrations", func() bool {
			var v consultations.ConsultationView
			a.DoWith(t, agent, http.MethodGet, "/api/consultations/"+bookingID, nil, nil).JSON(t, &v)
			for _, in := range v.Integrations {
				if in.Status == consultations.IntegrationPending {
					return false
				}
			}
			return len(v.Integrations) == 4
		})
		for _, step := range consultations.Steps {
			in := consultIntegration(t, a, agent, bookingID, step)
			want := consultations.IntegrationDone
			if step == consultations.StepTracking {
				want = consultations.IntegrationSkipped
			}
			if in.Status != want {
				t.Errorf("%s is %s (%s), want %s", step, in.Status, in.LastError, want)
			}
		}
		if sent := consultOutbox(t, a, admin, "ana.client@example.com", "consultation_confirmation"); len(sent) != 1 {
			t.Fatalf("confirmations %d, want 1", len(sent))
		}
		notes := consultOutbox(t, a, admin, consultations.DefaultTeamEmail, "consultation_notification")
		if len(notes) != 1 || !strings.Contains(notes[0].Subject+notes[0].Text, "Ana Ruiz") {
			t.Fatalf("team notifications %+v", notes)
		}
	})
}
