package httpapi

import (
	"context"

	"circle/internal/consultations"
)

// ConsultationsArea is booking consultations and leads, the vendors' availability and the
// administrators' view of failed integrations (issue 16).
type ConsultationsArea struct {
	Consultations *consultations.Service
}

// Summaries too long for their route line.
const (
	sumConsultationCalendar = "Weekday slots (10:00 AM-3:30 PM Central, 24 hours' notice) of a service's vendor, " +
		"and the vendor's time zone"
	sumBookConsultation    = "Book a consultation slot; its integrations run as jobs"
	sumLead                = "Record a lead (lead_captured) for a vendor with an external booking link"
	sumListConsultations   = "The caller's consultations and leads with their integrations"
	sumGetConsultation     = "One of the caller's consultations with its integrations"
	sumCancelConsultation  = "Cancel one's consultation at least 24 hours ahead"
	sumReschedule          = "Move one's consultation (at least 24 hours ahead) to another open slot"
	sumVendorConsultations = "Consultations and leads of the caller's vendors"
	sumVendorAvailability  = "The caller's vendor's time zone, days off and blocked slots"
	sumSetTimeZone         = "Set the caller's vendor's time zone"
	sumWindow              = "Set how many weekdays ahead the caller's vendor takes bookings"
	sumBlockSlot           = "Block a day (no time) or one slot of the caller's vendor"
	sumUnblockSlot         = "Remove one of the caller's vendor's blocks"
	sumFailed              = "Failed booking integrations (CRM, confirmation, notification, tracking), most recent first"
	sumRetry               = "Run a failed booking integration again"
)

// Register declares the area's routes.
func (h *ConsultationsArea) Register(r *Router) {
	booker := user.signInAs(consultations.MsgSignIn)
	get(r, "/api/consultations/calendar", "consultation-calendar", sumConsultationCalendar, "consultations", public, h.consultationCalendar)
	post(r, "/api/consultations", "book-consultation", sumBookConsultation, "consultations", booker, h.bookConsultation, maxKB(16), created)
	post(r, "/api/consultations/leads", "capture-consultation-lead", sumLead, "consultations", booker, h.captureLead, maxKB(16), created)
	get(r, "/api/consultations", "list-consultations", sumListConsultations, "consultations", user, h.listConsultations)
	get(r, "/api/consultations/{id}", "get-consultation", sumGetConsultation, "consultations", user, h.getConsultation)
	post(r, "/api/consultations/{id}/cancel", "cancel-consultation", sumCancelConsultation, "consultations", user, h.cancelConsultation)
	post(r, "/api/consultations/{id}/reschedule", "reschedule-consultation", sumReschedule, "consultations", user, h.reschedule, maxKB(4))
	get(r, "/api/vendor/consultations", "vendor-consultations", sumVendorConsultations, "consultations", vendor, h.vendorConsultations)
	get(r, "/api/vendor/consultations/availability", "vendor-availability", sumVendorAvailability, "consultations", vendor, h.availability)
	put(r, "/api/vendor/consultations/time-zone", "set-vendor-time-zone", sumSetTimeZone, "consultations", vendor, h.setTimeZone, maxKB(4))
	put(r, "/api/vendor/consultations/booking-window", "set-vendor-booking-window", sumWindow, "consultations", vendor, h.setWindow, maxKB(4))
	post(r, "/api/vendor/consultations/blocks", "block-vendor-slot", sumBlockSlot, "consultations", vendor, h.blockSlot, maxKB(4), created)
	del(r, "/api/vendor/consultations/blocks/{id}", "unblock-vendor-slot", sumUnblockSlot, "consultations", vendor, h.unblockSlot, noContent)
	get(r, "/api/admin/consultations/integrations", "admin-consultation-integrations", sumFailed, "admin", admin, h.failedIntegrations)
	post(r, "/api/admin/consultations/integrations/{id}/retry", "admin-retry-consultation-integration", sumRetry, "admin", admin, h.retry)
}

// Consultations (issue 16, spec 03§2-5): the calendar, booking, lead capture, the agent's and
// the vendor's lists, cancel and reschedule, the vendor's availability, and the admins' list
// of failed integrations with its retry.

type calendarInput struct {
	ServiceID        string `query:"service_id" required:"true" maxLength:"64"`
	RepresentativeID string `query:"representative_id" maxLength:"64"`
}

type calendarOutput = bodyOutput[consultations.BookingCalendar]

func (h *ConsultationsArea) consultationCalendar(ctx context.Context, in *calendarInput) (*calendarOutput, error) {
	return answer(h.Consultations.Calendar(ctx, in.ServiceID, in.RepresentativeID))
}

// ConsultationContact are the contact fields of a booking or lead.
type ConsultationContact struct {
	ClientName     string `json:"client_name" maxLength:"200"`
	ClientEmail    string `json:"client_email" maxLength:"300"`
	ClientPhone    string `json:"client_phone,omitempty" maxLength:"40"`
	ProjectDetails string `json:"project_details,omitempty" maxLength:"2000"`
	Source         string `json:"source,omitempty" maxLength:"40" doc:"Where the booking started: funnel, sales_dialog, vendor_modal, quick_actions, purchase, concierge, cart, consultation_demo (else booking_page)"`
}

func (c ConsultationContact) fields() consultations.ContactFields {
	return consultations.ContactFields{Name: c.ClientName, Email: c.ClientEmail, Phone: c.ClientPhone, Details: c.ProjectDetails}
}

type bookInput struct {
	Body struct {
		ServiceID        string `json:"service_id" maxLength:"64"`
		RepresentativeID string `json:"representative_id,omitempty" maxLength:"64"`
		ScheduledDate    string `json:"scheduled_date" maxLength:"10" doc:"YYYY-MM-DD (Central time)"`
		ScheduledTime    string `json:"scheduled_time" maxLength:"8" doc:"One of the 12 slots, 10:00 AM to 3:30 PM"`
		ConsultationContact
	}
}

type consultationOutput = bodyOutput[consultations.ConsultationView]

func (h *ConsultationsArea) bookConsultation(ctx context.Context, in *bookInput) (*consultationOutput, error) {
	p := principalOf(ctx)
	v, err := h.Consultations.Book(ctx, p.User.ID, consultations.BookInput{ServiceID: in.Body.ServiceID, RepresentativeID: in.Body.RepresentativeID,
		Date: in.Body.ScheduledDate, Time: in.Body.ScheduledTime, Contact: in.Body.fields(), Source: in.Body.Source})
	if err != nil {
		return nil, err
	}
	return &consultationOutput{Body: v}, nil
}

type leadInput struct {
	Body struct {
		ServiceID string `json:"service_id" maxLength:"64"`
		ConsultationContact
	}
}

func (h *ConsultationsArea) captureLead(ctx context.Context, in *leadInput) (*consultationOutput, error) {
	p := principalOf(ctx)
	return answer(h.Consultations.CaptureLead(ctx, p.User.ID, consultations.LeadInput{ServiceID: in.Body.ServiceID, Contact: in.Body.fields(), Source: in.Body.Source}))
}

type consultationListOutputBody struct {
	Consultations []consultations.ConsultationView `json:"consultations"`
}

type consultationListOutput = bodyOutput[consultationListOutputBody]

func (h *ConsultationsArea) listConsultations(ctx context.Context, _ *struct{}) (*consultationListOutput, error) {
	rows, err := h.Consultations.Mine(ctx, principalOf(ctx).User.ID)
	return answer(consultationListOutputBody{Consultations: rows}, err)
}

func (h *ConsultationsArea) getConsultation(ctx context.Context, in *idPath) (*consultationOutput, error) {
	return answer(h.Consultations.Get(ctx, principalOf(ctx).User.ID, in.ID))
}

func (h *ConsultationsArea) cancelConsultation(ctx context.Context, in *idPath) (*consultationOutput, error) {
	return answer(h.Consultations.Cancel(ctx, principalOf(ctx).User.ID, in.ID))
}

type rescheduleInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		ScheduledDate string `json:"scheduled_date" maxLength:"10"`
		ScheduledTime string `json:"scheduled_time" maxLength:"8"`
	}
}

func (h *ConsultationsArea) reschedule(ctx context.Context, in *rescheduleInput) (*consultationOutput, error) {
	return answer(h.Consultations.Reschedule(ctx, principalOf(ctx).User.ID, in.ID, in.Body.ScheduledDate, in.Body.ScheduledTime))
}

func (h *ConsultationsArea) vendorConsultations(ctx context.Context, _ *struct{}) (*consultationListOutput, error) {
	rows, err := h.Consultations.ForVendor(ctx, principalOf(ctx).User.ID)
	return answer(consultationListOutputBody{Consultations: rows}, err)
}

type availabilityOutput = bodyOutput[consultations.VendorAvailabilityView]

func (h *ConsultationsArea) availability(ctx context.Context, _ *struct{}) (*availabilityOutput, error) {
	return answer(h.Consultations.VendorAvailability(ctx, principalOf(ctx).User.ID))
}

type timeZoneInput struct {
	Body struct {
		TimeZone string `json:"time_zone" maxLength:"64" doc:"IANA time zone, such as America/New_York"`
	}
}

func (h *ConsultationsArea) setTimeZone(ctx context.Context, in *timeZoneInput) (*availabilityOutput, error) {
	return answer(h.Consultations.SetTimeZone(ctx, principalOf(ctx).User.ID, in.Body.TimeZone))
}

type bookingWindowInput struct {
	Body struct {
		WindowWeekdays int `json:"booking_window_weekdays" doc:"Weekdays, today included, from 5 to 60"`
	}
}

func (h *ConsultationsArea) setWindow(ctx context.Context, in *bookingWindowInput) (*availabilityOutput, error) {
	return answer(h.Consultations.SetBookingWindow(ctx, principalOf(ctx).User.ID, in.Body.WindowWeekdays))
}

type blockInput struct {
	Body struct {
		Date string `json:"date" maxLength:"10"`
		Time string `json:"time,omitempty" maxLength:"8" doc:"A slot; empty blocks the whole day"`
		Note string `json:"note,omitempty" maxLength:"400"`
	}
}

type blockOutput = bodyOutput[consultations.BlockedSlot]

func (h *ConsultationsArea) blockSlot(ctx context.Context, in *blockInput) (*blockOutput, error) {
	return answer(h.Consultations.Block(ctx, principalOf(ctx).User.ID, in.Body.Date, in.Body.Time, in.Body.Note))
}

func (h *ConsultationsArea) unblockSlot(ctx context.Context, in *idPath) (*struct{}, error) {
	return nil, h.Consultations.Unblock(ctx, principalOf(ctx).User.ID, in.ID)
}

type failedIntegrationsInput struct {
	Limit int `query:"limit" minimum:"1" maximum:"500" default:"100"`
}

type failedIntegrationsOutputBody struct {
	Integrations []consultations.FailedIntegration `json:"integrations"`
}

type failedIntegrationsOutput = bodyOutput[failedIntegrationsOutputBody]

func (h *ConsultationsArea) failedIntegrations(ctx context.Context, in *failedIntegrationsInput) (*failedIntegrationsOutput, error) {
	rows, err := h.Consultations.Failed(ctx, in.Limit)
	return answer(failedIntegrationsOutputBody{Integrations: rows}, err)
}

type integrationOutput = bodyOutput[consultations.BookingIntegration]

func (h *ConsultationsArea) retry(ctx context.Context, in *idPath) (*integrationOutput, error) {
	return answer(h.Consultations.Retry(ctx, in.ID))
}
