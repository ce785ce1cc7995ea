// Package prepcourse is the consultation preparation course (03§2, 03§4, 03§9, F-ENG-03): four
// modules, an agent's progress per consultation kept on the server, the Consultation Guide as
// a PDF, and a reminder e-mail 24 hours before the meeting (a recurring job reading meetings
// through the narrow MeetingSource interface the booking calendar implements).
package prepcourse

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	// The Central time zone of the meeting times (03§2: all times are CST) on hosts without tzdata.
	_ "time/tzdata"

	"circle/internal/apperr"
	"circle/internal/jobs"
	"circle/internal/notify"
)

// Progress is an agent's progress through one consultation's course.
type Progress struct {
	ConsultationID string    `json:"consultation_id"`
	UserID         string    `json:"-"`
	Completed      []string  `json:"completed_modules"`
	Percentage     int       `json:"percentage"`
	UpdatedAt      time.Time `json:"updated_at"`
}

// Store keeps the progress rows (internal/store).
type Store interface {
	// PrepProgress returns the progress row of a consultation (whoever owns it); found is false
	// when there is none.
	PrepProgress(ctx context.Context, consultationID string) (p Progress, found bool, err error)
	// ClaimPrepProgress creates an empty row for userID unless the consultation has one.
	ClaimPrepProgress(ctx context.Context, consultationID, userID string, now time.Time) error
	// UpdatePrepProgress writes completed and percentage when the row still belongs to
	// p.UserID and still holds prev (compare and swap); it reports whether it wrote.
	UpdatePrepProgress(ctx context.Context, p Progress, prev []string) (bool, error)
}

// Meeting is a booked consultation as the reminder needs it.
type Meeting struct {
	ConsultationID string
	UserID         string
	Email          string
	Name           string
	ServiceTitle   string
	// Language is the agent's language (en, es, fr); "" is English.
	Language string
	StartsAt time.Time
}

// MeetingSource is what the course reads from the booking calendar (internal/consultations
// implements it after the merge). Until it is wired, the course has no meeting times: no
// reminder is sent and the first agent to open a consultation's course owns it.
type MeetingSource interface {
	// Meeting returns a booked consultation; found is false when there is none.
	Meeting(ctx context.Context, consultationID string) (m Meeting, found bool, err error)
	// MeetingsStarting lists the booked (not canceled) consultations starting in [from, to).
	MeetingsStarting(ctx context.Context, from, to time.Time) ([]Meeting, error)
}

// Service runs the course.
type Service struct {
	Store  Store
	Now    func() time.Time
	Mailer notify.Mailer
	Jobs   *jobs.Runner
	// Meetings is nil until the booking calendar is wired.
	Meetings MeetingSource
	Logger   *slog.Logger
	// BaseURL is the app's public address (the course link in the reminder).
	BaseURL string
}

// The job kinds of the course.
const (
	ReminderScanKind = "prepcourse.reminder_scan"
	ReminderKind     = "prepcourse.reminder"
	// ReminderScanEvery is how often the scan looks for meetings starting within 24 hours.
	ReminderScanEvery = 15 * time.Minute
	// ReminderLead is how long before the meeting the reminder goes out (03§2).
	ReminderLead = 24 * time.Hour
)

var errNotFound = apperr.New(apperr.NotFound, "consultation not found")

// central is the consultation time zone (03§2: all times are CST).
var central = func() *time.Location {
	loc, err := time.LoadLocation("America/Chicago")
	if err != nil {
		return time.FixedZone("CST", -6*3600)
	}
	return loc
}()

// MeetingTime writes a meeting's start in Central time, as the booking shows it.
func MeetingTime(t time.Time) string { return t.In(central).Format("2006-01-02 3:04 PM MST") }

// Course is the answer of the course page: the modules in the caller's language, the
// progress and, when the booking calendar knows it, the meeting time.
type Course struct {
	Modules  []Module   `json:"modules"`
	Progress Progress   `json:"progress"`
	MeetAt   *time.Time `json:"meeting_at"`
	Service  string     `json:"service_title"`
}

// ValidConsultationID checks the opaque id: 1 to 64 letters, digits, '-' or '_'.
func ValidConsultationID(id string) error {
	if id == "" || len(id) > 64 {
		return apperr.Field("consultation_id", "validation.consultation_id", "consultation_id must be 1 to 64 letters, digits, - or _")
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return apperr.Field("consultation_id", "validation.consultation_id", "consultation_id must be 1 to 64 letters, digits, - or _")
		}
	}
	return nil
}

// own returns the caller's progress row of a consultation, creating it on first use. Another
// user's consultation is not found.
func (s *Service) own(ctx context.Context, userID, consultationID string) (Progress, *Meeting, error) {
	if err := ValidConsultationID(consultationID); err != nil {
		return Progress{}, nil, err
	}
	var meeting *Meeting
	if s.Meetings != nil {
		m, found, err := s.Meetings.Meeting(ctx, consultationID)
		if err != nil {
			return Progress{}, nil, err
		}
		if !found || m.UserID != userID {
			return Progress{}, nil, errNotFound
		}
		meeting = &m
	}
	p, found, err := s.Store.PrepProgress(ctx, consultationID)
	if err != nil {
		return Progress{}, nil, err
	}
	if !found {
		if err := s.Store.ClaimPrepProgress(ctx, consultationID, userID, s.Now().UTC()); err != nil {
			return Progress{}, nil, err
		}
		if p, found, err = s.Store.PrepProgress(ctx, consultationID); err != nil {
			return Progress{}, nil, err
		} else if !found {
			return Progress{}, nil, fmt.Errorf("course progress of %s vanished", consultationID)
		}
	}
	if p.UserID != userID {
		return Progress{}, nil, errNotFound
	}
	return p, meeting, nil
}

func (s *Service) course(lang string, p Progress, m *Meeting) Course {
	c := Course{Modules: Modules(lang), Progress: p}
	if m != nil {
		at := m.StartsAt.UTC()
		c.MeetAt, c.Service = &at, m.ServiceTitle
	}
	return c
}

// Get returns the course and the caller's progress.
func (s *Service) Get(ctx context.Context, userID, consultationID, lang string) (Course, error) {
	p, m, err := s.own(ctx, userID, consultationID)
	if err != nil {
		return Course{}, err
	}
	return s.course(lang, p, m), nil
}

// Percentage is completed divided by 4, in whole percent (03§4).
func Percentage(completed int) int { return completed * 100 / ModuleCount }

// Complete marks a module complete (again is a no-op) and returns the course.
func (s *Service) Complete(ctx context.Context, userID, consultationID, moduleID, lang string) (Course, error) {
	if !slices.Contains(ModuleIDs, moduleID) {
		return Course{}, apperr.Field("module_id", "validation.module_id", "module_id must be one of "+strings.Join(ModuleIDs, ", "))
	}
	for range 5 {
		p, m, err := s.own(ctx, userID, consultationID)
		if err != nil {
			return Course{}, err
		}
		if slices.Contains(p.Completed, moduleID) {
			return s.course(lang, p, m), nil
		}
		prev := p.Completed
		next := append(slices.Clone(prev), moduleID)
		p.Completed, p.Percentage, p.UpdatedAt = next, Percentage(len(next)), s.Now().UTC()
		ok, err := s.Store.UpdatePrepProgress(ctx, p, prev)
		if err != nil {
			return Course{}, err
		}
		if ok {
			return s.course(lang, p, m), nil
		}
	}
	return Course{}, apperr.New(apperr.Conflict, "The course changed meanwhile. Please try again.")
}

// Guide returns the Consultation Guide PDF and its file name.
func (s *Service) Guide(ctx context.Context, userID, consultationID, lang string) ([]byte, string, error) {
	p, m, err := s.own(ctx, userID, consultationID)
	if err != nil {
		return nil, "", err
	}
	return GuidePDF(lang, p, m), "consultation-guide.pdf", nil
}

// GuidePDF writes the guide: title, progress, meeting, then every module in full.
func GuidePDF(lang string, p Progress, m *Meeting) []byte {
	g := guideFor(lang)
	d := &pdfDoc{}
	d.heading(g.title, 22, 0)
	d.para(g.intro, 8)
	if m != nil {
		d.para(fmt.Sprintf(g.meeting, MeetingTime(m.StartsAt)), 4)
	}
	d.para(fmt.Sprintf(g.progress, p.Percentage), 4)
	d.para(g.reminder, 4)
	for i, mod := range Modules(lang) {
		d.heading(fmt.Sprintf("%d. %s", i+1, mod.Title), 15, 18)
		d.para(mod.Summary, 4)
		for _, b := range mod.Body {
			d.para(b, 6)
		}
		for _, it := range mod.Items {
			d.para(g.checkbox+" "+it, 4)
		}
	}
	return d.render(fmt.Sprintf(g.footer, p.ConsultationID))
}

// reminderPayload is the reminder job's payload.
type reminderPayload struct {
	ConsultationID string    `json:"consultation_id"`
	UserID         string    `json:"user_id"`
	Email          string    `json:"email"`
	Name           string    `json:"name"`
	ServiceTitle   string    `json:"service_title"`
	Language       string    `json:"language"`
	StartsAt       time.Time `json:"starts_at"`
}

// RegisterJobs registers the reminder scan (every 15 minutes) and the reminder e-mail.
func RegisterJobs(r *jobs.Runner, s *Service) {
	r.Handle(ReminderKind, s.sendReminder)
	r.Every(ReminderScanKind, ReminderScanEvery, func(ctx context.Context, _ jobs.Job) error { return s.ScanReminders(ctx) })
}

// ScanReminders enqueues one reminder for every meeting starting within the next 24 hours
// (the job key makes it once per consultation, however many scans see it).
func (s *Service) ScanReminders(ctx context.Context) error {
	if s.Meetings == nil {
		return nil
	}
	now := s.Now().UTC()
	meetings, err := s.Meetings.MeetingsStarting(ctx, now, now.Add(ReminderLead))
	if err != nil {
		return err
	}
	var errs []error
	for _, m := range meetings {
		j, err := jobs.New(ReminderKind, reminderPayload{ConsultationID: m.ConsultationID, UserID: m.UserID, Email: m.Email, Name: m.Name,
			ServiceTitle: m.ServiceTitle, Language: m.Language, StartsAt: m.StartsAt.UTC()})
		if err != nil {
			return err
		}
		j.Key = ReminderKind + ":" + m.ConsultationID
		if _, err := s.Jobs.Enqueue(ctx, j); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

var reminderText = map[string]struct{ subject, greeting, body, progress, link string }{
	"en": {"Reminder: your consultation is in 24 hours", "Hi %s,",
		"Your consultation%s starts at %s. Finish the preparation course and download your Consultation Guide before the call.",
		"Course progress: %d%% complete.", "Open the course: %s"},
	"es": {"Recordatorio: su consulta es en 24 horas", "Hola %s:",
		"Su consulta%s comienza el %s. Termine el curso de preparación y descargue su Guía de la consulta antes de la llamada.",
		"Progreso del curso: %d%% completado.", "Abrir el curso: %s"},
	"fr": {"Rappel : votre consultation a lieu dans 24 heures", "Bonjour %s,",
		"Votre consultation%s commence le %s. Terminez le cours de préparation et téléchargez votre Guide de la consultation avant l'appel.",
		"Progression du cours : %d %% terminé.", "Ouvrir le cours : %s"},
}

// sendReminder e-mails the reminder with the course progress and link. A meeting that has
// already started gets none.
func (s *Service) sendReminder(ctx context.Context, j jobs.Job) error {
	var p reminderPayload
	if err := j.Decode(&p); err != nil {
		return err
	}
	if !s.Now().Before(p.StartsAt) {
		return nil
	}
	t, ok := reminderText[p.Language]
	if !ok {
		t = reminderText["en"]
	}
	pct := 0
	if row, found, err := s.Store.PrepProgress(ctx, p.ConsultationID); err != nil {
		return err
	} else if found && row.UserID == p.UserID {
		pct = row.Percentage
	}
	name := p.Name
	if name == "" {
		name = p.Email
	}
	service := ""
	if p.ServiceTitle != "" {
		service = " (" + p.ServiceTitle + ")"
	}
	link := s.BaseURL + "/consultation-prep/" + p.ConsultationID
	text := strings.Join([]string{
		fmt.Sprintf(t.greeting, name), "",
		fmt.Sprintf(t.body, service, MeetingTime(p.StartsAt)), "",
		fmt.Sprintf(t.progress, pct), fmt.Sprintf(t.link, link),
	}, "\n")
	return s.Mailer.Send(ctx, notify.Message{To: p.Email, Subject: t.subject, Text: text, Kind: "consultation_prep_reminder"})
}
