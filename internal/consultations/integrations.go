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

// Runner is the part of jobs.Runner the integrations register with.
type Runner interface {
	Handle(kind string, h jobs.Handler)
}

// RegisterJobs registers the integration job.
func (s *Service) RegisterJobs(r Runner) {
	r.Handle(JobKind, s.runStep)
}

// runStep runs the first step of the payload, records its state, and enqueues the next step
// (keyed, so once) whatever the outcome: a failing step retries on its own with backoff.
func (s *Service) runStep(ctx context.Context, j jobs.Job) error {
	var p stepPayload
	if err := j.Decode(&p); err != nil {
		return err
	}
	if len(p.Steps) == 0 {
		return nil
	}
	step := p.Steps[0]
	b, err := s.Store.BookingByID(ctx, p.BookingID)
	if apperr.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if superseded(step, p.Round, b) {
		// A reschedule sends its own confirmation and notification (round r<n>): this older
		// round's would say the same new time a second time. Its other steps still run.
		return s.enqueueSteps(ctx, b.ID, p.Round, p.Steps[1:])
	}
	provider, stepErr := s.doStep(ctx, step, p.Round, b)
	now := s.now().UTC()
	rec := BookingIntegration{BookingID: b.ID, Step: step, Status: IntegrationDone, Attempts: j.Attempts, Provider: provider, UpdatedAt: now}
	if stepErr != nil {
		rec.Status, rec.LastError, rec.Final = IntegrationFailed, truncate(stepErr.Error(), 500), j.Attempts >= j.MaxAttempts
	}
	if provider == "skipped" {
		rec.Status, rec.Provider = IntegrationSkipped, ""
	}
	if err := s.Store.SetIntegration(ctx, rec); err != nil {
		return err
	}
	if err := s.enqueueSteps(ctx, b.ID, p.Round, p.Steps[1:]); err != nil {
		return err
	}
	return stepErr
}

// superseded reports whether step of round is a confirmation or notification that a later
// reschedule of b has sent again.
func superseded(step, round string, b Booking) bool {
	if step != StepConfirmation && step != StepNotification {
		return false
	}
	return round != roundOf(b)
}

// roundOf names the booking's current round of messages: r0 when booked, r<n> after its n-th
// reschedule.
func roundOf(b Booking) string {
	return fmt.Sprintf("r%d", b.Rescheduled)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}

// doStep does one step and names the provider that did it ("skipped" when nothing was to do).
func (s *Service) doStep(ctx context.Context, step, round string, b Booking) (string, error) {
	if b.Status == StatusCanceled && step != StepTracking {
		return "skipped", nil
	}
	svc, err := s.Store.ServiceByID(ctx, b.ServiceID)
	if err != nil {
		return "", err
	}
	var vendor *catalog.Vendor
	if b.VendorID != nil {
		if v, err := s.Store.VendorByID(ctx, *b.VendorID); err == nil {
			vendor = &v
		}
	}
	vname := "Circle Platform"
	if vendor != nil {
		vname = vendor.Name
	}
	switch step {
	case StepCRM:
		if !svc.SyncToGHL {
			return "skipped", nil
		}
		first, last := SplitName(b.ClientName)
		c := Contact{BookingID: b.ID, FirstName: first, LastName: last, Email: b.ClientEmail, Phone: deref(b.ClientPhone), ServiceTitle: svc.Title,
			VendorName: vname, ScheduledDate: b.ScheduledDate, ScheduledTime: b.ScheduledTime, ProjectDetails: deref(b.ProjectDetails), Source: b.Source}
		return s.CRM.Name(), s.CRM.UpsertContact(ctx, c)
	case StepConfirmation:
		return "email", s.Mailer.Send(ctx, s.confirmation(b, svc.Title, vname, round))
	case StepNotification:
		to := s.TeamEmail
		if to == "" {
			to = DefaultTeamEmail
		}
		if vendor != nil && vendor.ContactEmail != "" {
			to = vendor.ContactEmail
		}
		return "email", s.Mailer.Send(ctx, s.notification(b, svc.ID, svc.Title, vname, to, round))
	case StepTracking:
		// Circle's advisors are no vendor: no vendor funnel to record the booking in.
		if s.Tracker == nil || b.ServiceID == AdvisorsServiceID {
			return "skipped", nil
		}
		if _, err := s.Tracker.RecordEvent(ctx, b.UserID, b.ServiceID, "booking", map[string]any{
			"booking_id": b.ID, "booking_type": "internal", "scheduled_date": b.ScheduledDate, "scheduled_time": b.ScheduledTime}); err != nil {
			return "tracking", err
		}
		s.Tracker.TrackServiceActivity(ctx, b.ServiceID, b.UserID, catalog.ActivityConsultationBooking)
		return "tracking", nil
	}
	return "", fmt.Errorf("unknown integration step %q", step)
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// when is the booking's time as e-mails write it: Wednesday, March 11, 2026 at 10:00 AM CDT.
func when(b Booking) string {
	start, ok := SlotStart(b.ScheduledDate, b.ScheduledTime)
	if !ok {
		return b.ScheduledDate + " " + b.ScheduledTime
	}
	return start.Format("Monday, January 2, 2006") + " at " + b.ScheduledTime + " " + start.Format("MST")
}

// details are the booking's lines shared by both e-mails (03§7 send-booking-confirmation).
func details(b Booking, serviceTitle, vendorName string) string {
	lines := []string{
		"Service: " + serviceTitle,
		"Vendor: " + vendorName,
		"When: " + when(b) + " (30 minutes)",
		"Name: " + b.ClientName,
		"Email: " + b.ClientEmail,
	}
	if b.ClientPhone != nil {
		lines = append(lines, "Phone: "+*b.ClientPhone)
	}
	if b.ProjectDetails != nil {
		lines = append(lines, "Project details: "+*b.ProjectDetails)
	}
	lines = append(lines, "Booking reference: "+b.ID)
	return strings.Join(lines, "\n")
}

// confirmation is the client's e-mail with the calendar file.
func (s *Service) confirmation(b Booking, serviceTitle, vendorName, round string) notify.Message {
	start, _ := SlotStart(b.ScheduledDate, b.ScheduledTime)
	summary := "Consultation: " + serviceTitle + " with " + vendorName
	ics := ICS(b.ID+"@circle", start, s.now(), summary, details(b, serviceTitle, vendorName), "")
	text := "Hi " + b.ClientName + ",\n\nYour consultation is booked. The calendar invitation is attached.\n\n" + details(b, serviceTitle, vendorName) +
		"\n\nTo cancel or reschedule (at least 24 hours ahead), open " + strings.TrimRight(s.BaseURL, "/") + "/consultations\n\nCircle"
	return notify.Message{To: b.ClientEmail, Subject: "Consultation booked: " + serviceTitle + " on " + when(b), Text: text, Kind: "consultation_confirmation",
		Attachments: []notify.Attachment{{Filename: "consultation.ics", ContentType: "text/calendar; charset=utf-8; method=REQUEST", Content: ics}},
		Key:         "consult-confirmation:" + b.ID + ":" + round}
}

// notification is the internal e-mail to the vendor (or the consultation team).
func (s *Service) notification(b Booking, serviceID, serviceTitle, vendorName, to, round string) notify.Message {
	text := "A consultation was booked through Circle (internal booking).\n\n" + details(b, serviceTitle, vendorName) +
		"\nService id: " + serviceID + "\n\nSee your consultations at " + strings.TrimRight(s.BaseURL, "/") + "/vendor-dashboard/consultations"
	return notify.Message{To: to, Subject: "New consultation: " + b.ClientName + " on " + when(b), Text: text, Kind: "consultation_notification",
		Key: "consult-notification:" + b.ID + ":" + round}
}

// FailedIntegration is a failed integration step as administrators see it.
type FailedIntegration struct {
	BookingIntegration
	ServiceTitle  string     `json:"service_title"`
	ClientEmail   string     `json:"client_email"`
	ScheduledDate string     `json:"scheduled_date"`
	ScheduledTime string     `json:"scheduled_time"`
	StartsAt      *time.Time `json:"starts_at"`
}

// Failed lists the failed integration steps, most recent first.
func (s *Service) Failed(ctx context.Context, limit int) ([]FailedIntegration, error) {
	rows, err := s.Store.FailedIntegrations(ctx, limit)
	if err != nil {
		return nil, err
	}
	out := make([]FailedIntegration, 0, len(rows))
	for _, in := range rows {
		f := FailedIntegration{BookingIntegration: in}
		if b, err := s.Store.BookingByID(ctx, in.BookingID); err == nil {
			f.ClientEmail, f.ScheduledDate, f.ScheduledTime, f.StartsAt = b.ClientEmail, b.ScheduledDate, b.ScheduledTime, b.StartsAt
			if svc, err := s.Store.ServiceByID(ctx, b.ServiceID); err == nil {
				f.ServiceTitle = svc.Title
			}
		}
		out = append(out, f)
	}
	return out, nil
}

// Retry runs a failed integration step again now (an administrator's retry button); the
// confirmation and notification keep their idempotency keys, so a message already recorded is
// not recorded twice.
func (s *Service) Retry(ctx context.Context, integrationID string) (BookingIntegration, error) {
	in, err := s.Store.IntegrationByID(ctx, integrationID)
	if err != nil {
		return BookingIntegration{}, err
	}
	if in.Status != IntegrationFailed {
		return BookingIntegration{}, apperr.New(apperr.Conflict, "only a failed integration can be retried")
	}
	b, err := s.Store.BookingByID(ctx, in.BookingID)
	if err != nil {
		return BookingIntegration{}, err
	}
	round := roundOf(b)
	in.Status, in.Final, in.UpdatedAt = IntegrationPending, false, s.now().UTC()
	if err := s.Store.SetIntegration(ctx, in); err != nil {
		return BookingIntegration{}, err
	}
	j, err := jobs.New(JobKind, stepPayload{BookingID: b.ID, Round: round, Steps: []string{in.Step}})
	if err != nil {
		return BookingIntegration{}, err
	}
	j.Key = "consult:" + b.ID + ":" + round + ":" + in.Step + ":retry:" + ids.New()
	j.MaxAttempts = JobMaxAttempts
	if _, err := s.Jobs.Enqueue(ctx, j); err != nil {
		return BookingIntegration{}, err
	}
	return in, nil
}
