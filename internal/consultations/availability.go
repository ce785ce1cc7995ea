package consultations

import (
	"context"
	"strings"
	"time"

	"circle/internal/apperr"
	"circle/internal/ids"
)

// VendorAvailabilityView is a vendor's consultation settings as the vendor page shows them.
type VendorAvailabilityView struct {
	VendorID       string        `json:"vendor_id"`
	TimeZone       string        `json:"time_zone"`
	WindowWeekdays int           `json:"booking_window_weekdays" doc:"How many weekdays, today included, the calendar offers and takes bookings for"`
	Blocked        []BlockedSlot `json:"blocked"`
}

// ownedVendor returns the first vendor the user owns; a user owning none gets not found.
func (s *Service) ownedVendor(ctx context.Context, userID string) (string, error) {
	vs, err := s.ownedVendorIDs(ctx, userID)
	if err != nil {
		return "", err
	}
	if len(vs) == 0 {
		return "", apperr.New(apperr.NotFound, "vendor not found")
	}
	return vs[0], nil
}

// VendorAvailability reads the caller's vendor's time zone, booking window and blocked days and
// slots from today.
func (s *Service) VendorAvailability(ctx context.Context, userID string) (VendorAvailabilityView, error) {
	set, err := s.ownedSettings(ctx, userID)
	if err != nil {
		return VendorAvailabilityView{}, err
	}
	a := VendorAvailabilityView{VendorID: set.VendorID, TimeZone: set.TimeZone, WindowWeekdays: set.WindowWeekdays}
	a.Blocked, err = s.Store.BlockedSlots(ctx, set.VendorID, Today(s.now()))
	if a.Blocked == nil {
		a.Blocked = []BlockedSlot{}
	}
	return a, err
}

// SetTimeZone sets the caller's vendor's time zone (an IANA name such as America/New_York).
func (s *Service) SetTimeZone(ctx context.Context, userID, zone string) (VendorAvailabilityView, error) {
	zone = strings.TrimSpace(zone)
	if _, err := time.LoadLocation(zone); err != nil || zone == "" || zone == "Local" {
		return VendorAvailabilityView{}, apperr.Field("time_zone", "consultations.errors.timeZone", "time_zone must be an IANA time zone such as America/New_York")
	}
	return s.saveSettings(ctx, userID, func(set *VendorSettings) { set.TimeZone = zone })
}

// Block adds a day off (slot empty) or one blocked slot to the caller's vendor's calendar.
func (s *Service) Block(ctx context.Context, userID, date, slot, note string) (BlockedSlot, error) {
	d, ok := ParseDate(date)
	if !ok {
		return BlockedSlot{}, apperr.Field("date", "consultations.errors.blockDate", "date must be a date YYYY-MM-DD")
	}
	if date < Today(s.now()) || !IsWeekday(d) {
		return BlockedSlot{}, apperr.Field("date", "consultations.errors.blockDate", "date must be a weekday from today on")
	}
	if slot != "" {
		if _, _, ok := slotClock(slot); !ok {
			return BlockedSlot{}, apperr.Field("time", "consultations.errors.invalidTime", "time must be one of the 12 half-hour slots from 10:00 AM to 3:30 PM, or empty for the whole day")
		}
	}
	note = Sanitize(note)
	if len([]rune(note)) > 200 {
		return BlockedSlot{}, apperr.Field("note", "consultations.errors.noteMax", "note must be no more than 200 characters")
	}
	vendorID, err := s.ownedVendor(ctx, userID)
	if err != nil {
		return BlockedSlot{}, err
	}
	return s.Store.AddBlockedSlot(ctx, BlockedSlot{ID: ids.New(), VendorID: vendorID, Date: date, Time: slot, Note: note, CreatedAt: s.now().UTC()})
}

// Unblock removes one of the caller's vendor's blocks; another vendor's is not found.
func (s *Service) Unblock(ctx context.Context, userID, id string) error {
	vendorID, err := s.ownedVendor(ctx, userID)
	if err != nil {
		return err
	}
	ok, err := s.Store.DeleteBlockedSlot(ctx, vendorID, id)
	if err != nil {
		return err
	}
	if !ok {
		return apperr.New(apperr.NotFound, "blocked slot not found")
	}
	return nil
}
