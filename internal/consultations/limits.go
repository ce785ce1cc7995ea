package consultations

import (
	"context"
	"fmt"
	"strings"
	"time"

	"circle/internal/apperr"
)

// The booking limits of issue 27 (docs/decisions.md, "Issue 27"): a vendor's calendar takes
// bookings only for the weekdays it offers, and a member holds a bounded number of open future
// bookings with one vendor and one service, so one account cannot fill a vendor's calendar.

// DefaultWindowWeekdays is how many weekdays, today included, a calendar offers when its vendor
// has not chosen (migration 0028's default): four weeks.
const DefaultWindowWeekdays = 20

// The window a vendor may choose: one to twelve weeks of weekdays.
const (
	MinWindowWeekdays = 5
	MaxWindowWeekdays = 60
)

// The open future bookings (pending, not yet started) a member may hold at once. A vendor's
// owner booking their own calendar is not limited.
const (
	MaxOpenPerVendor  = 2
	MaxOpenPerService = 1
)

// settingsOf reads the consultation settings of the target's vendor, with the defaults filled
// in (a service without a vendor, or a vendor that never saved settings, has the defaults).
func (s *Service) settingsOf(ctx context.Context, t target) (VendorSettings, error) {
	set := VendorSettings{TimeZone: Zone, WindowWeekdays: DefaultWindowWeekdays}
	if t.vendor == nil {
		return set, nil
	}
	return s.vendorSettings(ctx, t.vendor.ID)
}

// vendorSettings reads a vendor's consultation settings with the defaults filled in.
func (s *Service) vendorSettings(ctx context.Context, vendorID string) (VendorSettings, error) {
	set := VendorSettings{VendorID: vendorID, TimeZone: Zone, WindowWeekdays: DefaultWindowWeekdays}
	row, err := s.Store.VendorSettings(ctx, vendorID)
	if err != nil {
		return set, err
	}
	if row != nil {
		set.TimeZone, set.UpdatedAt = row.TimeZone, row.UpdatedAt
		if row.WindowWeekdays > 0 {
			set.WindowWeekdays = row.WindowWeekdays
		}
	}
	return set, nil
}

// ownedSettings are the consultation settings of the caller's vendor (vendorSettings).
func (s *Service) ownedSettings(ctx context.Context, userID string) (VendorSettings, error) {
	vendorID, err := s.ownedVendor(ctx, userID)
	if err != nil {
		return VendorSettings{}, err
	}
	return s.vendorSettings(ctx, vendorID)
}

// checkWindow refuses a date after the last of the window's weekdays at now: the calendar does
// not offer it.
func checkWindow(now time.Time, weekdays int, date string) error {
	days := Weekdays(now, weekdays)
	last := days[len(days)-1]
	// Both are YYYY-MM-DD (checkSlot parsed date), so text order is date order.
	if date > last {
		return apperr.Field("scheduled_date", KeyBeyondWindow,
			fmt.Sprintf("Bookings open up to %d weekdays ahead: please choose a date up to %s", weekdays, last))
	}
	return nil
}

// ownsVendor reports whether the user owns the target's vendor: its owner booking their own
// calendar (to hold time, say) is not limited.
func ownsVendor(t target, userID string) bool {
	return t.vendor != nil && t.vendor.OwnerUserID != nil && *t.vendor.OwnerUserID == userID
}

// checkLimits refuses a booking that takes the member past a limit; open counts the new
// booking too.
func checkLimits(open OpenBookings) error {
	switch {
	case open.Service > MaxOpenPerService:
		return limitError(KeyLimitService, fmt.Sprintf("You already have %s for this service: reschedule or cancel it to choose another time.",
			upcoming(MaxOpenPerService)))
	case open.Vendor > MaxOpenPerVendor:
		return limitError(KeyLimitVendor, fmt.Sprintf("You already have %s with this vendor: you can book another once one has taken place or is canceled.",
			upcoming(MaxOpenPerVendor)))
	}
	return nil
}

// limitError is a conflict (the request is well formed; the member's bookings stand in its
// way) naming service_id, so the web app can tell it from a slot just taken.
func limitError(key, msg string) error {
	return &apperr.Error{Code: apperr.Conflict, Message: msg, Fields: []apperr.FieldError{{Field: "service_id", Key: key, Message: msg}}}
}

func upcoming(n int) string {
	if n == 1 {
		return "an upcoming consultation"
	}
	return fmt.Sprintf("%d upcoming consultations", n)
}

// SetBookingWindow sets how many weekdays ahead the caller's vendor's calendar takes bookings.
func (s *Service) SetBookingWindow(ctx context.Context, userID string, weekdays int) (VendorAvailabilityView, error) {
	if weekdays < MinWindowWeekdays || weekdays > MaxWindowWeekdays {
		return VendorAvailabilityView{}, apperr.Field("booking_window_weekdays", KeyBookingWindow,
			fmt.Sprintf("booking_window_weekdays must be from %d to %d", MinWindowWeekdays, MaxWindowWeekdays))
	}
	return s.saveSettings(ctx, userID, func(set *VendorSettings) { set.WindowWeekdays = weekdays })
}

// saveSettings changes the caller's vendor's settings with change and writes them whole.
func (s *Service) saveSettings(ctx context.Context, userID string, change func(*VendorSettings)) (VendorAvailabilityView, error) {
	set, err := s.ownedSettings(ctx, userID)
	if err != nil {
		return VendorAvailabilityView{}, err
	}
	change(&set)
	set.TimeZone = strings.TrimSpace(set.TimeZone)
	set.UpdatedAt = s.now().UTC()
	if err := s.Store.SaveVendorSettings(ctx, set); err != nil {
		return VendorAvailabilityView{}, err
	}
	return s.VendorAvailability(ctx, userID)
}
