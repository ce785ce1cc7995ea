package httpapi

import (
	"context"

	"circle/internal/consultations"
)

// Consultations (issue 16, spec 03§2-5): the calendar, booking, lead capture, the agent's and
// the vendor's lists, cancel and reschedule, the vendor's availability, and the admins' list
// of failed integrations with its retry.

type calendarInput struct {
	ServiceID        string `query:"service_id" required:"true" maxLength:"64"`
	RepresentativeID string `query:"representative_id" maxLength:"64"`
}

type calendarOutput struct{ Body consultations.BookingCalendar }

func (s *Server) consultationCalendar(ctx context.Context, in *calendarInput) (*calendarOutput, error) {
	cal, err := s.deps.Consultations.Calendar(ctx, in.ServiceID, in.RepresentativeID)
	if err != nil {
		return nil, err
	}
	return &calendarOutput{Body: cal}, nil
}

// ConsultationContact are the contact fields of a booking or lead.
type ConsultationContact struct {
	ClientName     string `json:"client_name" maxLength:"200"`
	ClientEmail    string `json:"client_email" maxLength:"300"`
	ClientPhone    string `json:"client_phone,omitempty" maxLength:"40"`
	ProjectDetails string `json:"project_details,omitempty" maxLength:"2000"`
	Source         string `json:"source,omitempty" maxLength:"40" doc:"Where the booking started: funnel, sales_dialog, vendor_modal, quick_actions, purchase"`
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

type consultationOutput struct {
	Body consultations.ConsultationView
}

func (s *Server) bookConsultation(ctx context.Context, in *bookInput) (*consultationOutput, error) {
	p := principalOf(ctx)
	v, err := s.deps.Consultations.Book(ctx, p.User.ID, consultations.BookInput{ServiceID: in.Body.ServiceID, RepresentativeID: in.Body.RepresentativeID,
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

func (s *Server) captureLead(ctx context.Context, in *leadInput) (*consultationOutput, error) {
	p := principalOf(ctx)
	v, err := s.deps.Consultations.CaptureLead(ctx, p.User.ID, consultations.LeadInput{ServiceID: in.Body.ServiceID, Contact: in.Body.fields(), Source: in.Body.Source})
	if err != nil {
		return nil, err
	}
	return &consultationOutput{Body: v}, nil
}

type consultationListOutput struct {
	Body struct {
		Consultations []consultations.ConsultationView `json:"consultations"`
	}
}

func (s *Server) listConsultations(ctx context.Context, _ *struct{}) (*consultationListOutput, error) {
	rows, err := s.deps.Consultations.Mine(ctx, principalOf(ctx).User.ID)
	if err != nil {
		return nil, err
	}
	out := &consultationListOutput{}
	out.Body.Consultations = rows
	return out, nil
}

type consultationIDInput struct {
	ID string `path:"id" maxLength:"64"`
}

func (s *Server) getConsultation(ctx context.Context, in *consultationIDInput) (*consultationOutput, error) {
	v, err := s.deps.Consultations.Get(ctx, principalOf(ctx).User.ID, in.ID)
	if err != nil {
		return nil, err
	}
	return &consultationOutput{Body: v}, nil
}

func (s *Server) cancelConsultation(ctx context.Context, in *consultationIDInput) (*consultationOutput, error) {
	v, err := s.deps.Consultations.Cancel(ctx, principalOf(ctx).User.ID, in.ID)
	if err != nil {
		return nil, err
	}
	return &consultationOutput{Body: v}, nil
}

type rescheduleInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		ScheduledDate string `json:"scheduled_date" maxLength:"10"`
		ScheduledTime string `json:"scheduled_time" maxLength:"8"`
	}
}

func (s *Server) rescheduleConsultation(ctx context.Context, in *rescheduleInput) (*consultationOutput, error) {
	v, err := s.deps.Consultations.Reschedule(ctx, principalOf(ctx).User.ID, in.ID, in.Body.ScheduledDate, in.Body.ScheduledTime)
	if err != nil {
		return nil, err
	}
	return &consultationOutput{Body: v}, nil
}

func (s *Server) vendorConsultations(ctx context.Context, _ *struct{}) (*consultationListOutput, error) {
	rows, err := s.deps.Consultations.ForVendor(ctx, principalOf(ctx).User.ID)
	if err != nil {
		return nil, err
	}
	out := &consultationListOutput{}
	out.Body.Consultations = rows
	return out, nil
}

type availabilityOutput struct {
	Body consultations.VendorAvailabilityView
}

func (s *Server) vendorAvailability(ctx context.Context, _ *struct{}) (*availabilityOutput, error) {
	a, err := s.deps.Consultations.VendorAvailability(ctx, principalOf(ctx).User.ID)
	if err != nil {
		return nil, err
	}
	return &availabilityOutput{Body: a}, nil
}

type timeZoneInput struct {
	Body struct {
		TimeZone string `json:"time_zone" maxLength:"64" doc:"IANA time zone, such as America/New_York"`
	}
}

func (s *Server) setVendorTimeZone(ctx context.Context, in *timeZoneInput) (*availabilityOutput, error) {
	a, err := s.deps.Consultations.SetTimeZone(ctx, principalOf(ctx).User.ID, in.Body.TimeZone)
	if err != nil {
		return nil, err
	}
	return &availabilityOutput{Body: a}, nil
}

type blockInput struct {
	Body struct {
		Date string `json:"date" maxLength:"10"`
		Time string `json:"time,omitempty" maxLength:"8" doc:"A slot; empty blocks the whole day"`
		Note string `json:"note,omitempty" maxLength:"400"`
	}
}

type blockOutput struct{ Body consultations.BlockedSlot }

func (s *Server) blockVendorSlot(ctx context.Context, in *blockInput) (*blockOutput, error) {
	b, err := s.deps.Consultations.Block(ctx, principalOf(ctx).User.ID, in.Body.Date, in.Body.Time, in.Body.Note)
	if err != nil {
		return nil, err
	}
	return &blockOutput{Body: b}, nil
}

func (s *Server) unblockVendorSlot(ctx context.Context, in *consultationIDInput) (*struct{}, error) {
	return nil, s.deps.Consultations.Unblock(ctx, principalOf(ctx).User.ID, in.ID)
}

type failedIntegrationsInput struct {
	Limit int `query:"limit" minimum:"1" maximum:"500" default:"100"`
}

type failedIntegrationsOutput struct {
	Body struct {
		Integrations []consultations.FailedIntegration `json:"integrations"`
	}
}

func (s *Server) adminFailedIntegrations(ctx context.Context, in *failedIntegrationsInput) (*failedIntegrationsOutput, error) {
	rows, err := s.deps.Consultations.Failed(ctx, in.Limit)
	if err != nil {
		return nil, err
	}
	out := &failedIntegrationsOutput{}
	out.Body.Integrations = rows
	return out, nil
}

type integrationOutput struct {
	Body consultations.BookingIntegration
}

func (s *Server) adminRetryIntegration(ctx context.Context, in *consultationIDInput) (*integrationOutput, error) {
	row, err := s.deps.Consultations.Retry(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	return &integrationOutput{Body: row}, nil
}
