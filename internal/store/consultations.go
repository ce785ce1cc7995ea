package store

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/apperr"
	"circle/internal/catalog"
	"circle/internal/consultations"
)

// The consultations area's SQL (internal/consultations, migration 0023).

// OwnedVendorRecords lists the vendors a user owns (vendors.owner_user_id), whole, by name then id:
// the consultations need their booking settings; internal/copay maps them to id, name and type.
func (db Consultations) OwnedVendorRecords(ctx context.Context, userID string) ([]catalog.Vendor, error) {
	return scanDomains[vendorRow](ctx, db.bun.NewSelect().Model((*vendorRow)(nil)).Where("owner_user_id = ?", userID).Order("name", "id"), "read owned vendors")
}

// InsertBooking writes a booking; a second pending booking of one slot owner, date and time
// is a conflict (consultation_bookings_slot_key).
func (db Consultations) InsertBooking(ctx context.Context, b consultations.Booking) error {
	q := db.q(ctx)
	if _, err := q.NewInsert().Model(&consultationsBookingRow{Booking: &b}).Exec(ctx); err != nil {
		if isUniqueViolation(err) {
			return apperr.New(apperr.Conflict, consultations.MsgSlotTaken)
		}
		return fmt.Errorf("insert consultation booking: %w", err)
	}
	return nil
}

// InsertIntegrations writes a booking's integration rows.
func (db Consultations) InsertIntegrations(ctx context.Context, rows []consultations.BookingIntegration) error {
	q := db.q(ctx)
	if len(rows) == 0 {
		return nil
	}
	models := make([]consultationsBookingIntegrationRow, len(rows))
	for i := range rows {
		models[i].BookingIntegration = &rows[i]
	}
	return insertModel(ctx, q, &models, "insert consultation integrations")
}

// BookingByID reads a booking.
func (db Consultations) BookingByID(ctx context.Context, id string) (consultations.Booking, error) {
	var b consultations.Booking
	err := db.bun.NewSelect().Model(&consultationsBookingRow{Booking: &b}).Where("id = ?", id).Scan(ctx)
	if err != nil {
		return b, notFound(err, "consultation")
	}
	return b, nil
}

// UserBookings lists a user's bookings and leads, newest first.
func (db Consultations) UserBookings(ctx context.Context, userID string) ([]consultations.Booking, error) {
	return scanAll[consultations.Booking](ctx, db.bun.NewSelect().Model((*consultationsBookingRow)(nil)).Where("user_id = ?", userID).Order("created_at DESC", "id DESC").Limit(200), "read consultations")
}

// VendorBookings lists the bookings and leads of vendors, by date and slot start.
func (db Consultations) VendorBookings(ctx context.Context, vendorIDs []string) ([]consultations.Booking, error) {
	if len(vendorIDs) == 0 {
		return []consultations.Booking{}, nil
	}
	return scanList[consultations.Booking](ctx, db.bun.NewSelect().Model((*consultationsBookingRow)(nil)).Where("vendor_id IN (?)", bun.In(vendorIDs)).
		Order("scheduled_date DESC", "starts_at DESC", "created_at DESC").Limit(500), "read vendor consultations")
}

// LockOpenBookings takes, for the rest of ctx's transaction, the lock of a member's bookings with one vendor
// (nil: the services without a vendor, counted as one), then counts the member's open future
// bookings (pending, starting at or after now) with the vendor and with the service. On
// PostgreSQL the lock is an advisory lock on (member, vendor), so two bookings of one member
// with one vendor count one after the other and cannot both pass a limit; on SQLite the
// immediate transaction already holds the only write lock.
func (db Consultations) LockOpenBookings(ctx context.Context, userID string, vendorID *string, serviceID string, now time.Time) (consultations.OpenBookings, error) {
	tx := db.q(ctx)
	vendorKey := "platform"
	if vendorID != nil {
		vendorKey = *vendorID
	}
	if err := db.lockDedupeKey(ctx, "consultation_member", userID, vendorKey); err != nil {
		return consultations.OpenBookings{}, err
	}
	var rows []struct {
		ServiceID string `bun:"service_id"`
		N         int    `bun:"n"`
	}
	q := tx.NewSelect().Model((*consultationsBookingRow)(nil)).Column("service_id").ColumnExpr("COUNT(*) AS n").
		Where("user_id = ?", userID).Where("status = ?", consultations.StatusPending).Where("starts_at >= ?", now).Group("service_id")
	if vendorID != nil {
		q = q.Where("vendor_id = ?", *vendorID)
	} else {
		q = q.Where("vendor_id IS NULL")
	}
	if err := q.Scan(ctx, &rows); err != nil {
		return consultations.OpenBookings{}, fmt.Errorf("count open consultations: %w", err)
	}
	var open consultations.OpenBookings
	for _, r := range rows {
		open.Vendor += r.N
		if r.ServiceID == serviceID {
			open.Service += r.N
		}
	}
	return open, nil
}

// TakenSlots lists the pending bookings of a slot owner between two dates (inclusive).
func (db Consultations) TakenSlots(ctx context.Context, slotOwner, from, to string) ([]consultations.Booking, error) {
	return scanAll[consultations.Booking](ctx, db.bun.NewSelect().Model((*consultationsBookingRow)(nil)).Column("scheduled_date", "scheduled_time").
		Where("slot_owner = ?", slotOwner).Where("status = ?", consultations.StatusPending).
		Where("scheduled_date >= ?", from).Where("scheduled_date <= ?", to), "read taken slots")
}

// CancelBooking cancels a pending booking; false when it was not pending.
func (db Consultations) CancelBooking(ctx context.Context, id string, now time.Time) (bool, error) {
	res, err := db.bun.NewUpdate().Model((*consultationsBookingRow)(nil)).
		Set("status = ?", consultations.StatusCanceled).Set("canceled_at = ?", now).Set("updated_at = ?", now).
		Where("id = ?", id).Where("status = ?", consultations.StatusPending).Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("cancel consultation: %w", err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// RescheduleBooking moves a pending booking to another slot; a slot already taken is a conflict.
func (db Consultations) RescheduleBooking(ctx context.Context, id, date, slot string, startsAt, now time.Time) error {
	q := db.q(ctx)
	res, err := q.NewUpdate().Model((*consultationsBookingRow)(nil)).
		Set("scheduled_date = ?", date).Set("scheduled_time = ?", slot).Set("starts_at = ?", startsAt).
		Set("rescheduled = rescheduled + 1").Set("updated_at = ?", now).
		Where("id = ?", id).Where("status = ?", consultations.StatusPending).Exec(ctx)
	if err != nil {
		if isUniqueViolation(err) {
			return apperr.New(apperr.Conflict, consultations.MsgSlotTaken)
		}
		return fmt.Errorf("reschedule consultation: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return apperr.New(apperr.Conflict, consultations.MsgTooLate)
	}
	return nil
}

// Integrations lists the integration rows of bookings, in step order.
func (db Consultations) Integrations(ctx context.Context, bookingIDs []string) ([]consultations.BookingIntegration, error) {
	if len(bookingIDs) == 0 {
		return []consultations.BookingIntegration{}, nil
	}
	return scanList[consultations.BookingIntegration](ctx, db.bun.NewSelect().Model((*consultationsBookingIntegrationRow)(nil)).Where("booking_id IN (?)", bun.In(bookingIDs)).Order("booking_id", "position"), "read consultation integrations")
}

// IntegrationByID reads one integration row.
func (db Consultations) IntegrationByID(ctx context.Context, id string) (consultations.BookingIntegration, error) {
	var in consultations.BookingIntegration
	if err := db.bun.NewSelect().Model(&consultationsBookingIntegrationRow{BookingIntegration: &in}).Where("id = ?", id).Scan(ctx); err != nil {
		return in, notFound(err, "integration")
	}
	return in, nil
}

// SetIntegration records the state of a booking's step (by booking and step).
func (db Consultations) SetIntegration(ctx context.Context, in consultations.BookingIntegration) error {
	q := db.q(ctx)
	if _, err := q.NewUpdate().Model((*consultationsBookingIntegrationRow)(nil)).
		Set("status = ?", in.Status).Set("attempts = ?", in.Attempts).Set("final = ?", in.Final).
		Set("last_error = ?", in.LastError).Set("provider = ?", in.Provider).Set("updated_at = ?", in.UpdatedAt).
		Where("booking_id = ?", in.BookingID).Where("step = ?", in.Step).Exec(ctx); err != nil {
		return fmt.Errorf("record consultation integration: %w", err)
	}
	return nil
}

// FailedIntegrations lists failed integration steps, most recent first.
func (db Consultations) FailedIntegrations(ctx context.Context, limit int) ([]consultations.BookingIntegration, error) {
	return scanList[consultations.BookingIntegration](ctx, db.bun.NewSelect().Model((*consultationsBookingIntegrationRow)(nil)).Where("status = ?", consultations.IntegrationFailed).
		Order("updated_at DESC", "id DESC").Limit(int64(limit)), "read failed integrations")
}

// RecordCRMContact records the built-in CRM's contact once per booking.
func (db Consultations) RecordCRMContact(ctx context.Context, c consultations.CRMContact) error {
	c.CreatedAt = db.Now()
	if _, err := db.bun.NewInsert().Model(&consultationsCRMContactRow{CRMContact: &c}).On("CONFLICT (booking_id) DO NOTHING").Exec(ctx); err != nil {
		return fmt.Errorf("record CRM contact: %w", err)
	}
	return nil
}

// CRMContacts lists the built-in CRM's contacts of a booking.
func (db Consultations) CRMContacts(ctx context.Context, bookingID string) ([]consultations.CRMContact, error) {
	return scanAll[consultations.CRMContact](ctx, db.bun.NewSelect().Model((*consultationsCRMContactRow)(nil)).Where("booking_id = ?", bookingID), "read CRM contacts")
}

// VendorSettings reads a vendor's consultation settings, nil when it has none.
func (db Consultations) VendorSettings(ctx context.Context, vendorID string) (*consultations.VendorSettings, error) {
	var s consultations.VendorSettings
	err := db.bun.NewSelect().Model(&consultationsVendorSettingsRow{VendorSettings: &s}).Where("vendor_id = ?", vendorID).Scan(ctx)
	return oneOrNil(err, &s, "vendor consultation settings")
}

// SaveVendorSettings writes a vendor's consultation settings, every field.
func (db Consultations) SaveVendorSettings(ctx context.Context, s consultations.VendorSettings) error {
	if _, err := db.bun.NewInsert().Model(&consultationsVendorSettingsRow{VendorSettings: &s}).On("CONFLICT (vendor_id) DO UPDATE").
		Set("time_zone = EXCLUDED.time_zone").Set("booking_window_weekdays = EXCLUDED.booking_window_weekdays").
		Set("updated_at = EXCLUDED.updated_at").Exec(ctx); err != nil {
		return fmt.Errorf("save vendor consultation settings: %w", err)
	}
	return nil
}

// BlockedSlots lists a vendor's days off and blocked slots from a date on.
func (db Consultations) BlockedSlots(ctx context.Context, vendorID, from string) ([]consultations.BlockedSlot, error) {
	return scanList[consultations.BlockedSlot](ctx, db.bun.NewSelect().Model((*consultationsBlockedSlotRow)(nil)).Where("vendor_id = ?", vendorID).Where("blocked_date >= ?", from).
		Order("blocked_date", "blocked_time").Limit(500), "read blocked slots")
}

// AddBlockedSlot adds a block; the same day or slot twice returns the first.
func (db Consultations) AddBlockedSlot(ctx context.Context, b consultations.BlockedSlot) (consultations.BlockedSlot, error) {
	if _, err := db.bun.NewInsert().Model(&consultationsBlockedSlotRow{BlockedSlot: &b}).On("CONFLICT (vendor_id, blocked_date, blocked_time) DO NOTHING").Exec(ctx); err != nil {
		return b, fmt.Errorf("block slot: %w", err)
	}
	var out consultations.BlockedSlot
	if err := db.bun.NewSelect().Model(&consultationsBlockedSlotRow{BlockedSlot: &out}).Where("vendor_id = ?", b.VendorID).Where("blocked_date = ?", b.Date).
		Where("blocked_time = ?", b.Time).Scan(ctx); err != nil {
		return out, fmt.Errorf("read blocked slot: %w", err)
	}
	return out, nil
}

// DeleteBlockedSlot removes a vendor's block; false when the vendor has no such block.
func (db Consultations) DeleteBlockedSlot(ctx context.Context, vendorID, id string) (bool, error) {
	res, err := db.bun.NewDelete().Model((*consultationsBlockedSlotRow)(nil)).Where("id = ?", id).Where("vendor_id = ?", vendorID).Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("unblock slot: %w", err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}
