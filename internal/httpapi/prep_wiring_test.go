package httpapi_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"circle/internal/consultations"
	"circle/internal/notify"
	"circle/internal/store"
)

// F-ENG-03: the 24-hour reminder finds real bookings. An agent books a meeting; once the clock is
// within 24 hours of it, the reminder scan e-mails the agent (account e-mail) with the course
// link of that booking. (The window's edges are the store test's, TestF_ENG_03_PrepMeetingsFromConsultations;
// once per meeting is the job key's, internal/prepcourse.)
func TestF_ENG_03_PrepReminderFromBooking(t *testing.T) {
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a, clock := consultApp(t, kind, "2027-03-08T15:00:00Z", nil)
		agent, _, _ := acctBrowser(t, a, "agent@demo.test")
		res := consultBook(t, a, agent, "2027-03-10", "11:00 AM") // 17:00 UTC (CST)
		var v consultations.ConsultationView
		res.JSON(t, &v)
		if res.Status != http.StatusCreated {
			t.Fatalf("booking: %d %s", res.Status, res.Body)
		}
		// Read the outbox from the database: the clock moves a day, past the sessions' lifetime.
		reminders := func() []notify.OutboxEmail {
			all, err := store.NewOps(a.DB).OutboxEmails(context.Background(), "agent@demo.test", 100)
			if err != nil {
				t.Fatal(err)
			}
			var out []notify.OutboxEmail
			for _, e := range all {
				if e.Kind == "consultation_prep_reminder" {
					out = append(out, e)
				}
			}
			return out
		}
		// 23.5 hours before the meeting.
		clock.Advance(time.Date(2027, 3, 9, 17, 30, 0, 0, time.UTC).Sub(clock.Now()))
		waitFor(t, "the reminder e-mail", func() bool { return len(reminders()) > 0 })
		got := reminders()
		if len(got) != 1 || !strings.Contains(got[0].Text, "/consultation-prep/"+v.ID) || !strings.Contains(got[0].Text, "Contract-to-Close") {
			t.Fatalf("reminder: %+v", got)
		}
	})
}
