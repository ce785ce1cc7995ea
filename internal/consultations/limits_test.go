package consultations

import (
	"testing"
	"time"

	"circle/internal/apperr"
)

// issue 27 item 1: the window's last day is the last of the weekdays the calendar lists (today
// included), and the limits count the new booking.
func TestIssue27_WindowAndLimitRules(t *testing.T) {
	now := time.Date(2027, 3, 8, 15, 0, 0, 0, time.UTC) // Monday 9:00 AM Central
	for _, c := range []struct {
		weekdays int
		date     string
		ok       bool
	}{
		{20, "2027-04-02", true}, {20, "2027-04-05", false}, {20, "9998-12-31", false},
		{5, "2027-03-12", true}, {5, "2027-03-15", false}, {30, "2027-04-16", true}, {30, "2027-04-19", false},
	} {
		err := checkWindow(now, c.weekdays, c.date)
		if (err == nil) != c.ok {
			t.Errorf("window %d, %s: %v", c.weekdays, c.date, err)
		}
		if e, isApp := apperr.As(err); err != nil && (!isApp || e.Fields[0].Field != "scheduled_date" || e.Fields[0].Key != KeyBeyondWindow) {
			t.Errorf("window error %+v", err)
		}
	}
	for _, c := range []struct {
		open OpenBookings
		key  string
	}{
		{OpenBookings{Vendor: 1, Service: 1}, ""},
		{OpenBookings{Vendor: 2, Service: 1}, ""},
		{OpenBookings{Vendor: 2, Service: 2}, KeyLimitService},
		{OpenBookings{Vendor: 3, Service: 1}, KeyLimitVendor},
	} {
		err := checkLimits(c.open)
		e, _ := apperr.As(err)
		if (c.key == "") != (err == nil) || err != nil && (e.Code != apperr.Conflict || e.Fields[0].Key != c.key || e.Fields[0].Field != "service_id") {
			t.Errorf("limits %+v: %v", c.open, err)
		}
	}
}
