// Package consultations books consultations with a service's vendor (spec 03§2-5, 03§7,
// 03§9): the calendar of weekday half-hour slots in Central time with 24 hours' notice, the
// booking and its integrations (CRM sync, client confirmation with a calendar file, internal
// notification, tracking event), each a background job with retries, the external lead
// capture, the agent's and the vendor's lists, cancel and reschedule, and the vendor's own
// availability (days off, blocked slots, time zone).
package consultations

import (
	"fmt"
	"time"

	// The binary carries the time-zone database, so America/Chicago loads on any host.
	_ "time/tzdata"
)

// Zone is the time zone of every slot (the spec's "CST": Central time, daylight saving
// included).
const Zone = "America/Chicago"

// MinNotice is the shortest notice a booking (or a cancel or reschedule) accepts.
const MinNotice = 24 * time.Hour

// DateLayout is the layout of scheduled_date.
const DateLayout = "2006-01-02"

// Slots are the 12 half-hour slots, 10:00 AM to 3:30 PM Central time, as scheduled_time text.
var Slots = []string{
	"10:00 AM", "10:30 AM", "11:00 AM", "11:30 AM", "12:00 PM", "12:30 PM",
	"1:00 PM", "1:30 PM", "2:00 PM", "2:30 PM", "3:00 PM", "3:30 PM",
}

var central = mustZone(Zone)

func mustZone(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(fmt.Sprintf("consultations: load time zone %s: %v", name, err))
	}
	return loc
}

// Central is the slots' time zone.
func Central() *time.Location { return central }

// slotClock returns the hour and minute of a slot, or false when the text is not a slot.
func slotClock(slot string) (h, m int, ok bool) {
	for i, s := range Slots {
		if s == slot {
			return 10 + i/2, (i % 2) * 30, true
		}
	}
	return 0, 0, false
}

// ParseDate reads a YYYY-MM-DD date as a calendar day (no zone).
func ParseDate(date string) (time.Time, bool) {
	d, err := time.Parse(DateLayout, date)
	if err != nil || d.Format(DateLayout) != date {
		return time.Time{}, false
	}
	return d, true
}

// IsWeekday reports whether the day is Monday to Friday.
func IsWeekday(d time.Time) bool { return d.Weekday() != time.Saturday && d.Weekday() != time.Sunday }

// SlotStart is the instant a slot of a day begins in Central time (daylight saving applied by
// the zone's rules), or false when the date or slot is not valid text.
func SlotStart(date, slot string) (time.Time, bool) {
	d, ok := ParseDate(date)
	if !ok {
		return time.Time{}, false
	}
	h, m, ok := slotClock(slot)
	if !ok {
		return time.Time{}, false
	}
	return time.Date(d.Year(), d.Month(), d.Day(), h, m, 0, 0, central), true
}

// Bookable reports whether a slot may be booked at now: a weekday, one of the 12 slots, and at
// least 24 hours ahead.
func Bookable(now time.Time, date, slot string) bool {
	d, ok := ParseDate(date)
	if !ok || !IsWeekday(d) {
		return false
	}
	start, ok := SlotStart(date, slot)
	return ok && !start.Before(now.Add(MinNotice))
}

// Today is the Central-time calendar day of now, as YYYY-MM-DD.
func Today(now time.Time) string { return now.In(central).Format(DateLayout) }

// Weekdays lists the n weekdays from the Central-time day of now onwards (today included).
func Weekdays(now time.Time, n int) []string {
	c := now.In(central)
	d := time.Date(c.Year(), c.Month(), c.Day(), 0, 0, 0, 0, time.UTC)
	out := make([]string, 0, n)
	for len(out) < n {
		if IsWeekday(d) {
			out = append(out, d.Format(DateLayout))
		}
		d = d.AddDate(0, 0, 1)
	}
	return out
}
