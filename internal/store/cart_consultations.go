package store

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/cart"
)

type cartConsultationRow struct {
	ID            string     `bun:"id"`
	ServiceID     string     `bun:"service_id"`
	Status        string     `bun:"status"`
	IsExternal    bool       `bun:"is_external"`
	ScheduledDate string     `bun:"scheduled_date"`
	ScheduledTime string     `bun:"scheduled_time"`
	StartsAt      *time.Time `bun:"starts_at"`
}

func (r cartConsultationRow) link() *cart.ConsultationLink {
	l := &cart.ConsultationLink{BookingID: r.ID, ServiceID: r.ServiceID, Status: r.Status, IsExternal: r.IsExternal,
		ScheduledDate: r.ScheduledDate, ScheduledTime: r.ScheduledTime}
	if r.StartsAt != nil {
		t := r.StartsAt.UTC()
		l.StartsAt = &t
	}
	return l
}

func cartConsultationQuery(q Q, userID string) *bun.SelectQuery {
	return q.NewSelect().TableExpr("consultation_bookings AS b").
		ColumnExpr("b.id, b.service_id, b.status, b.is_external, b.scheduled_date, b.scheduled_time, b.starts_at").
		Where("b.user_id = ?", userID)
}

// CartConsultation reads one of the user's bookings as a cart line sees it; nil when the user
// has no booking of that id.
func (db Carts) CartConsultation(ctx context.Context, userID, bookingID string) (*cart.ConsultationLink, error) {
	q := db.q(ctx)
	var rows []cartConsultationRow
	if err := cartConsultationQuery(q, userID).Where("b.id = ?", bookingID).Limit(1).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("read consultation of the cart: %w", err)
	}
	if len(rows) == 0 {
		return nil, nil
	}
	return rows[0].link(), nil
}

// SetCartConsultation links one of the user's cart lines to a booking.
func (db Carts) SetCartConsultation(ctx context.Context, userID, itemID, bookingID string, now time.Time) error {
	q := db.q(ctx)
	if _, err := q.NewUpdate().Model((*cartItemRow)(nil)).Set("consultation_booking_id = ?", bookingID).Set("updated_at = ?", now.UTC()).
		Where("id = ?", itemID).Where("user_id = ?", userID).Exec(ctx); err != nil {
		return fmt.Errorf("link cart line to its consultation: %w", err)
	}
	return nil
}

// attachConsultations reads the bookings the given lines are linked to (one query); a line
// whose booking is gone keeps a nil link.
func (db Carts) attachConsultations(ctx context.Context, q Q, items []cart.Item) error {
	var ids []string
	userID := ""
	for _, it := range items {
		if it.ConsultationBookingID != "" {
			ids, userID = append(ids, it.ConsultationBookingID), it.UserID
		}
	}
	if len(ids) == 0 {
		return nil
	}
	var rows []cartConsultationRow
	if err := cartConsultationQuery(q, userID).Where("b.id IN (?)", bun.In(ids)).Scan(ctx, &rows); err != nil {
		return fmt.Errorf("read consultations of the cart: %w", err)
	}
	byID := map[string]*cart.ConsultationLink{}
	for _, r := range rows {
		byID[r.ID] = r.link()
	}
	for i := range items {
		if id := items[i].ConsultationBookingID; id != "" {
			items[i].Consultation = byID[id]
		}
	}
	return nil
}

// BookedServices names those of serviceIDs the user holds a live booking of (pending, or a
// lead captured for the vendor's own calendar).
func (db Carts) BookedServices(ctx context.Context, userID string, serviceIDs []string) (map[string]bool, error) {
	q := db.q(ctx)
	out := map[string]bool{}
	if len(serviceIDs) == 0 {
		return out, nil
	}
	var rows []cartConsultationRow
	if err := cartConsultationQuery(q, userID).Where("b.service_id IN (?)", bun.In(serviceIDs)).
		Where("b.status IN (?)", bun.In([]string{cart.BookingPending, cart.BookingLeadCaptured})).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("read booked services: %w", err)
	}
	for _, r := range rows {
		out[r.ServiceID] = true
	}
	return out, nil
}
