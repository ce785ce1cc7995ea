package consultations

import (
	"context"
	"fmt"
	"strings"
	"time"

	"circle/internal/apperr"
	"circle/internal/catalog"
	"circle/internal/ids"
	"circle/internal/jobs"
	"circle/internal/notify"
)

// Store is what the consultations service needs from the database (internal/store).
type Store interface {
	ServiceByID(ctx context.Context, id string) (catalog.Service, error)
	VendorByID(ctx context.Context, id string) (catalog.Vendor, error)
	ActiveRepresentatives(ctx context.Context, vendorID string) ([]catalog.Representative, error)
	OwnedVendorRecords(ctx context.Context, userID string) ([]catalog.Vendor, error)
	InTx(ctx context.Context, fn func(ctx context.Context) error) error

	// InsertBooking writes a booking; a pending booking of a slot already taken is a conflict.
	InsertBooking(ctx context.Context, b Booking) error
	InsertIntegrations(ctx context.Context, rows []BookingIntegration) error
	BookingByID(ctx context.Context, id string) (Booking, error)
	UserBookings(ctx context.Context, userID string) ([]Booking, error)
	VendorBookings(ctx context.Context, vendorIDs []string) ([]Booking, error)
	// LockOpenBookings takes, for the rest of ctx's transaction, the lock of a member's bookings with a vendor
	// (nil: the services without one) and counts their open future bookings (pending, starting
	// at or after now) with that vendor and with one service of it.
	LockOpenBookings(ctx context.Context, userID string, vendorID *string, serviceID string, now time.Time) (OpenBookings, error)
	// TakenSlots lists the pending bookings of a slot owner from one date to another (inclusive).
	TakenSlots(ctx context.Context, slotOwner, from, to string) ([]Booking, error)
	CancelBooking(ctx context.Context, id string, now time.Time) (bool, error)
	// RescheduleBooking moves a pending booking; a slot already taken is a conflict.
	RescheduleBooking(ctx context.Context, id, date, slot string, startsAt, now time.Time) error
	Integrations(ctx context.Context, bookingIDs []string) ([]BookingIntegration, error)
	IntegrationByID(ctx context.Context, id string) (BookingIntegration, error)
	SetIntegration(ctx context.Context, in BookingIntegration) error
	FailedIntegrations(ctx context.Context, limit int) ([]BookingIntegration, error)

	VendorSettings(ctx context.Context, vendorID string) (*VendorSettings, error)
	SaveVendorSettings(ctx context.Context, s VendorSettings) error
	BlockedSlots(ctx context.Context, vendorID, from string) ([]BlockedSlot, error)
	AddBlockedSlot(ctx context.Context, b BlockedSlot) (BlockedSlot, error)
	DeleteBlockedSlot(ctx context.Context, vendorID, id string) (bool, error)
}

// Tracker records the booking's tracking event and the vendor's activity (detail.Service).
type Tracker interface {
	RecordEvent(ctx context.Context, userID, serviceID, eventType string, data map[string]any) (bool, error)
	TrackServiceActivity(ctx context.Context, serviceID, agentID, kind string)
}

// Enqueuer writes background jobs (jobs.Runner).
type Enqueuer interface {
	Enqueue(ctx context.Context, j jobs.Job) (jobs.Job, error)
}

// Service books consultations.
type Service struct {
	Store   Store
	Jobs    Enqueuer
	Mailer  notify.Mailer
	CRM     CRM
	Tracker Tracker
	Now     func() time.Time
	// BaseURL is the public address (links in e-mails).
	BaseURL string
	// TeamEmail receives the internal notification when the vendor has no contact address.
	TeamEmail string
}

// DefaultTeamEmail is the consultation team's address when none is configured.
const DefaultTeamEmail = "consultations@circle.example"

// CalendarSlot is one slot of a day.
type CalendarSlot struct {
	Time      string    `json:"time" doc:"Slot text (Central time)"`
	StartsAt  time.Time `json:"starts_at" doc:"The slot's start as an instant (UTC)"`
	Available bool      `json:"available"`
	// Reason says why a slot is not offered.
	Reason string `json:"reason" enum:",too_soon,booked,blocked"`
}

// CalendarDay is one weekday of the calendar.
type CalendarDay struct {
	Date      string         `json:"date"`
	Available bool           `json:"available" doc:"At least one slot can be booked"`
	Slots     []CalendarSlot `json:"slots"`
}

// BookingCalendar is what the booking page shows: the service, its vendor, the vendor's time zone and
// the slots of the next weekdays.
type BookingCalendar struct {
	ServiceID      string        `json:"service_id"`
	ServiceTitle   string        `json:"service_title"`
	VendorName     string        `json:"vendor_name"`
	BookingType    string        `json:"booking_type" enum:"internal,external"`
	ExternalURL    string        `json:"external_url"`
	TimeZone       string        `json:"time_zone" doc:"The slots' zone: America/Chicago"`
	VendorTimeZone string        `json:"vendor_time_zone"`
	WindowWeekdays int           `json:"booking_window_weekdays" doc:"How many weekdays, today included, the vendor takes bookings for (the days listed)"`
	Days           []CalendarDay `json:"days"`
}

// target is whose calendar a booking takes a slot from.
type target struct {
	svc    catalog.Service
	vendor *catalog.Vendor
	repID  string
	owner  string
}

func (s *Service) now() time.Time { return s.Now() }

// resolve reads a listed service, its vendor and the representative asked for.
func (s *Service) resolve(ctx context.Context, serviceID, repID string) (target, error) {
	svc, err := s.Store.ServiceByID(ctx, serviceID)
	if !bookableService(serviceID) {
		svc, err = catalog.Listed(svc, err)
	}
	if err != nil {
		return target{}, err
	}
	t := target{svc: svc, owner: "service:" + svc.ID}
	if svc.VendorID != nil {
		v, err := s.Store.VendorByID(ctx, *svc.VendorID)
		if err != nil && !apperr.IsNotFound(err) {
			return target{}, err
		}
		if err == nil {
			t.vendor = &v
			t.owner = "vendor:" + v.ID
		}
	}
	if repID != "" {
		if t.vendor == nil {
			return target{}, apperr.Field("representative_id", "consultations.errors.representative", "representative_id is not a representative of this service's vendor")
		}
		reps, err := s.Store.ActiveRepresentatives(ctx, t.vendor.ID)
		if err != nil {
			return target{}, err
		}
		found := false
		for _, r := range reps {
			found = found || r.ID == repID
		}
		if !found {
			return target{}, apperr.Field("representative_id", "consultations.errors.representative", "representative_id is not a representative of this service's vendor")
		}
		t.repID, t.owner = repID, "rep:"+repID
	}
	return t, nil
}

func vendorName(t target) string {
	if t.vendor == nil {
		return "Circle Platform"
	}
	return t.vendor.Name
}

// Calendar lists the weekdays of the vendor's booking window with every slot and whether it can
// be booked.
func (s *Service) Calendar(ctx context.Context, serviceID, repID string) (BookingCalendar, error) {
	t, err := s.resolve(ctx, serviceID, repID)
	if err != nil {
		return BookingCalendar{}, err
	}
	set, err := s.settingsOf(ctx, t)
	if err != nil {
		return BookingCalendar{}, err
	}
	now := s.now()
	days := Weekdays(now, set.WindowWeekdays)
	cal := BookingCalendar{ServiceID: t.svc.ID, ServiceTitle: t.svc.Title, VendorName: vendorName(t), BookingType: bookingType(t.svc),
		ExternalURL: t.svc.ExternalBookingURL, TimeZone: Zone, VendorTimeZone: set.TimeZone, WindowWeekdays: set.WindowWeekdays}
	taken := map[string]bool{}
	rows, err := s.Store.TakenSlots(ctx, t.owner, days[0], days[len(days)-1])
	if err != nil {
		return BookingCalendar{}, err
	}
	for _, b := range rows {
		taken[b.ScheduledDate+" "+b.ScheduledTime] = true
	}
	blocked := map[string]bool{}
	if t.vendor != nil {
		blocks, err := s.Store.BlockedSlots(ctx, t.vendor.ID, days[0])
		if err != nil {
			return BookingCalendar{}, err
		}
		for _, b := range blocks {
			blocked[b.Date+" "+b.Time] = true
		}
	}
	for _, d := range days {
		day := CalendarDay{Date: d, Slots: make([]CalendarSlot, 0, len(Slots))}
		for _, slot := range Slots {
			start, _ := SlotStart(d, slot)
			sl := CalendarSlot{Time: slot, StartsAt: start.UTC()}
			switch {
			case !Bookable(now, d, slot):
				sl.Reason = "too_soon"
			case blocked[d+" "] || blocked[d+" "+slot]:
				sl.Reason = "blocked"
			case taken[d+" "+slot]:
				sl.Reason = "booked"
			default:
				sl.Available = true
				day.Available = true
			}
			day.Slots = append(day.Slots, sl)
		}
		cal.Days = append(cal.Days, day)
	}
	return cal, nil
}

func bookingType(svc catalog.Service) string {
	if svc.BookingType == "external" && svc.ExternalBookingURL != "" {
		return "external"
	}
	return "internal"
}

// BookInput is an agent's booking.
type BookInput struct {
	ServiceID        string
	RepresentativeID string
	Date             string
	Time             string
	Contact          ContactFields
	Source           string
}

// checkSlot applies the date and time rules of 03§5 at now.
func checkSlot(now time.Time, date, slot string) error {
	if strings.TrimSpace(date) == "" || strings.TrimSpace(slot) == "" {
		field := "scheduled_date"
		if strings.TrimSpace(date) != "" {
			field = "scheduled_time"
		}
		return apperr.Field(field, "consultations.errors.missingInformation", MsgMissingInformation)
	}
	if _, ok := SlotStart(date, slot); !ok {
		if _, okd := ParseDate(date); okd {
			return apperr.Field("scheduled_time", "consultations.errors.invalidTime", "scheduled_time must be one of the 12 half-hour slots from 10:00 AM to 3:30 PM")
		}
		return apperr.Field("scheduled_date", "consultations.errors.invalidDate", MsgInvalidDate)
	}
	if !Bookable(now, date, slot) {
		return apperr.Field("scheduled_date", "consultations.errors.invalidDate", MsgInvalidDate)
	}
	return nil
}

// checkOpen refuses a date past the vendor's booking window and a slot the vendor blocked.
func (s *Service) checkOpen(ctx context.Context, t target, date, slot string) error {
	set, err := s.settingsOf(ctx, t)
	if err != nil {
		return err
	}
	if err := checkWindow(s.now(), set.WindowWeekdays, date); err != nil {
		return err
	}
	if t.vendor == nil {
		return nil
	}
	blocks, err := s.Store.BlockedSlots(ctx, t.vendor.ID, date)
	if err != nil {
		return err
	}
	for _, b := range blocks {
		if b.Date == date && (b.Time == "" || b.Time == slot) {
			return apperr.New(apperr.Conflict, MsgSlotTaken)
		}
	}
	return nil
}

// JobKind is the job that runs a booking's integration steps, one step per job.
const JobKind = "consultations.integration"

// JobMaxAttempts is how often an integration step is tried.
const JobMaxAttempts = 6

type stepPayload struct {
	BookingID string   `json:"booking_id"`
	Round     string   `json:"round"`
	Steps     []string `json:"steps"`
}

// enqueueSteps writes the job of the first of steps; each job enqueues the next when its first
// attempt ends, so the steps start in order and a failing one never holds up the others.
func (s *Service) enqueueSteps(ctx context.Context, bookingID, round string, steps []string) error {
	if len(steps) == 0 {
		return nil
	}
	j, err := jobs.New(JobKind, stepPayload{BookingID: bookingID, Round: round, Steps: steps})
	if err != nil {
		return err
	}
	j.Key = "consult:" + bookingID + ":" + round + ":" + steps[0]
	j.MaxAttempts = JobMaxAttempts
	_, err = s.Jobs.Enqueue(ctx, j)
	return err
}

// Book books a slot: the booking (pending) and its integration rows and first job commit
// together; a slot taken meanwhile, or a booking past the member's limits (counted under the
// member's lock in the same transaction, so concurrent requests cannot pass them), is a conflict
// and writes nothing: no row, no job, no e-mail.
func (s *Service) Book(ctx context.Context, userID string, in BookInput) (ConsultationView, error) {
	c, errs := in.Contact.validate()
	if err := checkSlot(s.now(), in.Date, in.Time); err != nil {
		return ConsultationView{}, err
	}
	if err := apperr.Fields(errs); err != nil {
		return ConsultationView{}, err
	}
	t, err := s.resolve(ctx, in.ServiceID, in.RepresentativeID)
	if err != nil {
		return ConsultationView{}, err
	}
	if bookingType(t.svc) == "external" {
		return ConsultationView{}, apperr.Field("service_id", "consultations.errors.notBookable", MsgNotBookable)
	}
	if err := s.checkOpen(ctx, t, in.Date, in.Time); err != nil {
		return ConsultationView{}, err
	}
	now := s.now().UTC()
	start, _ := SlotStart(in.Date, in.Time)
	startUTC := start.UTC()
	b := Booking{ID: ids.New(), UserID: userID, ServiceID: t.svc.ID, VendorID: t.svc.VendorID, RepresentativeID: t.repID, SlotOwner: t.owner,
		ScheduledDate: in.Date, ScheduledTime: in.Time, StartsAt: &startUTC, ClientName: c.Name, ClientEmail: c.Email,
		ClientPhone: optional(c.Phone), ProjectDetails: optional(c.Details), Status: StatusPending, Source: sourceOf(in.Source), CreatedAt: now, UpdatedAt: now}
	if t.vendor == nil {
		b.VendorID = nil
	}
	rows := make([]BookingIntegration, len(Steps))
	for i, step := range Steps {
		rows[i] = BookingIntegration{ID: ids.New(), BookingID: b.ID, Step: step, Position: i + 1, Status: IntegrationPending, CreatedAt: now, UpdatedAt: now}
		if step == StepCRM && !t.svc.SyncToGHL {
			rows[i].Status = IntegrationSkipped
		}
	}
	limited := !ownsVendor(t, userID)
	err = s.Store.InTx(ctx, func(ctx context.Context) error {
		var open OpenBookings
		if limited {
			// The lock and the count come first, so two bookings of one member with one vendor
			// count one after the other; the limits are compared after the insert, so a slot
			// taken meanwhile is still answered as taken.
			var err error
			if open, err = s.Store.LockOpenBookings(ctx, userID, b.VendorID, b.ServiceID, now); err != nil {
				return err
			}
		}
		if err := s.Store.InsertBooking(ctx, b); err != nil {
			return err
		}
		if limited {
			open.Vendor++
			open.Service++
			if err := checkLimits(open); err != nil {
				return err
			}
		}
		if err := s.Store.InsertIntegrations(ctx, rows); err != nil {
			return err
		}
		return s.enqueueSteps(ctx, b.ID, "r0", Steps)
	})
	if err != nil {
		return ConsultationView{}, err
	}
	return ConsultationView{Booking: b, ServiceTitle: t.svc.Title, VendorName: vendorName(t), Integrations: rows, CanChange: canChange(now, b)}, nil
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func sourceOf(s string) string {
	s = strings.TrimSpace(s)
	switch s {
	case "funnel", "sales_dialog", "vendor_modal", "quick_actions", "purchase", "concierge", "cart", "consultation_demo":
		return s
	}
	return "booking_page"
}

// LeadInput is an external lead capture.
type LeadInput struct {
	ServiceID string
	Contact   ContactFields
	Source    string
}

// CaptureLead records a lead_captured booking for a vendor that books on its own calendar and
// returns it with the link the web app opens in a new tab.
func (s *Service) CaptureLead(ctx context.Context, userID string, in LeadInput) (ConsultationView, error) {
	if strings.TrimSpace(in.Contact.Name) == "" || strings.TrimSpace(in.Contact.Email) == "" {
		field := "client_name"
		if strings.TrimSpace(in.Contact.Name) != "" {
			field = "client_email"
		}
		return ConsultationView{}, apperr.Field(field, "consultations.errors.leadRequired", MsgLeadRequired)
	}
	c, errs := in.Contact.validate()
	if err := apperr.Fields(errs); err != nil {
		return ConsultationView{}, err
	}
	t, err := s.resolve(ctx, in.ServiceID, "")
	if err != nil {
		return ConsultationView{}, err
	}
	if t.svc.ExternalBookingURL == "" {
		return ConsultationView{}, apperr.Field("service_id", "consultations.errors.noExternalLink", MsgNoExternalLink)
	}
	now := s.now().UTC()
	b := Booking{ID: ids.New(), UserID: userID, ServiceID: t.svc.ID, VendorID: t.svc.VendorID, ClientName: c.Name, ClientEmail: c.Email,
		ClientPhone: optional(c.Phone), ProjectDetails: optional(c.Details), Status: StatusLeadCaptured, IsExternal: true,
		ExternalLink: t.svc.ExternalBookingURL, Source: sourceOf(in.Source), CreatedAt: now, UpdatedAt: now}
	if t.vendor == nil {
		b.VendorID = nil
	}
	if err := s.Store.InsertBooking(ctx, b); err != nil {
		return ConsultationView{}, err
	}
	return ConsultationView{Booking: b, ServiceTitle: t.svc.Title, VendorName: vendorName(t), Integrations: []BookingIntegration{}}, nil
}

// ConsultationView is a booking with what the lists show.
type ConsultationView struct {
	Booking
	ServiceTitle string               `json:"service_title"`
	VendorName   string               `json:"vendor_name"`
	Integrations []BookingIntegration `json:"integrations"`
	// CanChange: pending and at least 24 hours ahead (cancel and reschedule).
	CanChange bool `json:"can_change"`
}

// views adds titles, vendor names and integrations to bookings.
func (s *Service) views(ctx context.Context, rows []Booking) ([]ConsultationView, error) {
	out := make([]ConsultationView, 0, len(rows))
	idsList := make([]string, 0, len(rows))
	for _, b := range rows {
		idsList = append(idsList, b.ID)
	}
	ints, err := s.Store.Integrations(ctx, idsList)
	if err != nil {
		return nil, err
	}
	byBooking := map[string][]BookingIntegration{}
	for _, in := range ints {
		byBooking[in.BookingID] = append(byBooking[in.BookingID], in)
	}
	titles := map[string]string{}
	vendors := map[string]string{}
	now := s.now()
	for _, b := range rows {
		if _, ok := titles[b.ServiceID]; !ok {
			svc, err := s.Store.ServiceByID(ctx, b.ServiceID)
			if err != nil && !apperr.IsNotFound(err) {
				return nil, err
			}
			titles[b.ServiceID] = svc.Title
		}
		vn := "Circle Platform"
		if b.VendorID != nil {
			if _, ok := vendors[*b.VendorID]; !ok {
				v, err := s.Store.VendorByID(ctx, *b.VendorID)
				if err != nil && !apperr.IsNotFound(err) {
					return nil, err
				}
				vendors[*b.VendorID] = v.Name
			}
			vn = vendors[*b.VendorID]
		}
		in := byBooking[b.ID]
		if in == nil {
			in = []BookingIntegration{}
		}
		out = append(out, ConsultationView{Booking: b, ServiceTitle: titles[b.ServiceID], VendorName: vn, Integrations: in, CanChange: canChange(now, b)})
	}
	return out, nil
}

func canChange(now time.Time, b Booking) bool {
	return b.Status == StatusPending && b.StartsAt != nil && !b.StartsAt.Before(now.Add(MinNotice))
}

// Mine lists the agent's bookings and leads, newest first.
func (s *Service) Mine(ctx context.Context, userID string) ([]ConsultationView, error) {
	rows, err := s.Store.UserBookings(ctx, userID)
	if err != nil {
		return nil, err
	}
	return s.views(ctx, rows)
}

// Get returns one of the agent's bookings; another user's is not found.
func (s *Service) Get(ctx context.Context, userID, id string) (ConsultationView, error) {
	b, err := s.owned(ctx, userID, id)
	if err != nil {
		return ConsultationView{}, err
	}
	v, err := s.views(ctx, []Booking{b})
	if err != nil {
		return ConsultationView{}, err
	}
	return v[0], nil
}

func (s *Service) owned(ctx context.Context, userID, id string) (Booking, error) {
	b, err := s.Store.BookingByID(ctx, id)
	if err != nil {
		return Booking{}, err
	}
	if b.UserID != userID {
		return Booking{}, apperr.New(apperr.NotFound, "consultation not found")
	}
	return b, nil
}

// Cancel cancels a pending booking at least 24 hours ahead; the slot is free again.
func (s *Service) Cancel(ctx context.Context, userID, id string) (ConsultationView, error) {
	b, err := s.owned(ctx, userID, id)
	if err != nil {
		return ConsultationView{}, err
	}
	if !canChange(s.now(), b) {
		return ConsultationView{}, apperr.New(apperr.Invalid, MsgTooLate)
	}
	ok, err := s.Store.CancelBooking(ctx, id, s.now().UTC())
	if err != nil {
		return ConsultationView{}, err
	}
	if !ok {
		return ConsultationView{}, apperr.New(apperr.Conflict, MsgTooLate)
	}
	return s.Get(ctx, userID, id)
}

// Reschedule moves a pending booking (at least 24 hours ahead) to another open slot and sends
// the confirmation and the notification again with the new time.
func (s *Service) Reschedule(ctx context.Context, userID, id, date, slot string) (ConsultationView, error) {
	b, err := s.owned(ctx, userID, id)
	if err != nil {
		return ConsultationView{}, err
	}
	if !canChange(s.now(), b) {
		return ConsultationView{}, apperr.New(apperr.Invalid, MsgTooLate)
	}
	if err := checkSlot(s.now(), date, slot); err != nil {
		return ConsultationView{}, err
	}
	t, err := s.resolve(ctx, b.ServiceID, b.RepresentativeID)
	if err != nil {
		return ConsultationView{}, err
	}
	if err := s.checkOpen(ctx, t, date, slot); err != nil {
		return ConsultationView{}, err
	}
	start, _ := SlotStart(date, slot)
	now := s.now().UTC()
	round := fmt.Sprintf("r%d", b.Rescheduled+1)
	err = s.Store.InTx(ctx, func(ctx context.Context) error {
		if err := s.Store.RescheduleBooking(ctx, id, date, slot, start.UTC(), now); err != nil {
			return err
		}
		for _, step := range []string{StepConfirmation, StepNotification} {
			if err := s.Store.SetIntegration(ctx, BookingIntegration{BookingID: id, Step: step, Status: IntegrationPending, UpdatedAt: now}); err != nil {
				return err
			}
		}
		return s.enqueueSteps(ctx, id, round, []string{StepConfirmation, StepNotification})
	})
	if err != nil {
		return ConsultationView{}, err
	}
	return s.Get(ctx, userID, id)
}

// ForVendor lists the bookings and leads of the vendors the user owns, soonest first.
func (s *Service) ForVendor(ctx context.Context, userID string) ([]ConsultationView, error) {
	vendorIDs, err := s.ownedVendorIDs(ctx, userID)
	if err != nil {
		return nil, err
	}
	rows, err := s.Store.VendorBookings(ctx, vendorIDs)
	if err != nil {
		return nil, err
	}
	return s.views(ctx, rows)
}

func (s *Service) ownedVendorIDs(ctx context.Context, userID string) ([]string, error) {
	vs, err := s.Store.OwnedVendorRecords(ctx, userID)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(vs))
	for _, v := range vs {
		out = append(out, v.ID)
	}
	return out, nil
}
