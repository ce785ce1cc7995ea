package cart

import (
	"context"
	"time"

	"circle/internal/apperr"
)

// The cart consultation flow (03§2, 03§4): a line that needs a consultation (a quote) is held
// back from checkout until its consultation is booked. The flow books it with the booking
// service and then links the line to the booking (cart_items.consultation_booking_id); the
// booking's state is read with the line every time (ConsultationLink), so the server alone
// decides whether checkout releases the line, and a canceled booking holds it back again.

// BadgeConsultationBooked replaces Consultation Required once the line's consultation is booked.
const BadgeConsultationBooked = "consultation_booked"

// Booking statuses as the cart reads them (consultations owns the booking).
const (
	BookingPending      = "pending"
	BookingLeadCaptured = "lead_captured"
)

// Messages of linking a line to its booking.
const (
	KeyConsultationNotNeeded = "cart.consultation_not_needed"
	MsgConsultationNotNeeded = "This service does not need a consultation before checkout."
	KeyConsultationOther     = "cart.consultation_other_service"
	MsgConsultationOther     = "This consultation is for another service."
	KeyConsultationEnded     = "cart.consultation_not_live"
	MsgConsultationEnded     = "This consultation was canceled. Book a new one to continue."
)

// ConsultationLink is the booking a line is linked to, read with the line.
type ConsultationLink struct {
	BookingID     string
	ServiceID     string
	Status        string
	IsExternal    bool
	ScheduledDate string
	ScheduledTime string
	StartsAt      *time.Time
}

// Live reports a booking that releases its line: pending, or a lead the vendor's own calendar
// takes over.
func (l *ConsultationLink) Live() bool {
	return l != nil && (l.Status == BookingPending || l.Status == BookingLeadCaptured)
}

// CartConsultationView is what a consultation line shows about its booking.
type CartConsultationView struct {
	BookingID     string     `json:"booking_id"`
	Status        string     `json:"status" enum:"pending,lead_captured,canceled,missing" doc:"The booking's status; missing when the booking is gone"`
	IsExternal    bool       `json:"is_external" doc:"A lead captured for a vendor that books on its own calendar (no preparation course)"`
	ScheduledDate string     `json:"scheduled_date"`
	ScheduledTime string     `json:"scheduled_time"`
	StartsAt      *time.Time `json:"starts_at,omitempty"`
	Live          bool       `json:"live" doc:"Pending or lead_captured: the line is released for checkout"`
}

// consultationItem sets a consultation line's status and badge from its booking.
func consultationItem(iv *CartItemView, it Item) {
	iv.CoverageStatus = StatusPendingSelection
	if it.ConsultationBookingID != "" {
		l := it.Consultation
		if l == nil {
			l = &ConsultationLink{BookingID: it.ConsultationBookingID, Status: "missing"}
		}
		iv.Consultation = &CartConsultationView{BookingID: l.BookingID, Status: l.Status, IsExternal: l.IsExternal,
			ScheduledDate: l.ScheduledDate, ScheduledTime: l.ScheduledTime, StartsAt: l.StartsAt, Live: l.Live()}
		if iv.Available && l.Live() {
			iv.ConsultationBooked = true
			iv.CoverageStatus = StatusApproved
			iv.Badges = append([]string{BadgeConsultationBooked}, iv.Badges...)
			return
		}
	}
	iv.Badges = append([]string{BadgeConsultation}, iv.Badges...)
}

// LinkConsultation links one of the shopper's consultation lines to the booking the cart
// consultation flow made for it: the booking must be the shopper's, for the line's service, and
// live. Linking again replaces the link (a rebooking after a cancel).
func (s *Service) LinkConsultation(ctx context.Context, sh Shopper, itemID, bookingID string) (CartView, error) {
	err := s.Store.InTx(ctx, func(ctx context.Context) error {
		it, err := s.lockLine(ctx, sh.UserID, itemID)
		if err != nil {
			return err
		}
		needs := it.PriceKind == "quote"
		if !needs {
			lines, err := s.Store.CartLines(ctx, []string{it.ServiceID})
			if err != nil {
				return err
			}
			if l, ok := lines[it.ServiceID]; ok {
				if offer, err := ResolveOffer(l.Service, l.Packages, it.PackageID); err == nil {
					needs = NeedsConsultation(offer)
				}
			}
		}
		if !needs {
			return apperr.Field("item_id", KeyConsultationNotNeeded, MsgConsultationNotNeeded)
		}
		b, err := s.Store.CartConsultation(ctx, sh.UserID, bookingID)
		if err != nil {
			return err
		}
		if b == nil {
			return &apperr.Error{Code: apperr.NotFound, Message: "consultation not found",
				Fields: []apperr.FieldError{{Field: "booking_id", Key: "consultations.errors.notFound", Message: "consultation not found"}}}
		}
		if b.ServiceID != it.ServiceID {
			return apperr.Field("booking_id", KeyConsultationOther, MsgConsultationOther)
		}
		if !b.Live() {
			return apperr.Field("booking_id", KeyConsultationEnded, MsgConsultationEnded)
		}
		return s.Store.SetCartConsultation(ctx, sh.UserID, itemID, bookingID, s.Now())
	})
	if err != nil {
		return CartView{}, err
	}
	return s.View(ctx, sh, EventUpdated)
}
