// Package ministry is the opt-in faith corner (issue 32 item 6, F-AREA-06): prayer requests,
// private or shared (shared ones appear to other members only after staff approval), and
// scriptures by topic from a bundled public-domain translation (verses.go). Nothing here is
// shown to a member who did not come to /ministry (docs/areas/ministry.md).
package ministry

import (
	"context"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"circle/internal/apperr"
	"circle/internal/audit"
)

// Visibility of a prayer request.
const (
	Private = "private"
	Shared  = "shared"
)

// Status of a prayer request: private ones never need moderation; shared ones wait for staff.
const (
	StatusPrivate  = "private"
	StatusPending  = "pending"
	StatusApproved = "approved"
	StatusRejected = "rejected"
)

// Audit actions and kind of the moderation.
const (
	KindPrayer    = "prayer"
	ActionApprove = "prayer.approve"
	ActionReject  = "prayer.reject"
)

// Limits and message keys.
const (
	MaxBody       = 2000
	SharedLimit   = 50
	MineLimit     = 100
	ModerateLimit = 200

	KeyBody       = "ministry.errors.body"
	KeyVisibility = "ministry.errors.visibility"
	KeyTopic      = "ministry.errors.topic"
	KeyDecided    = "ministry.errors.decided"
)

// Prayer is one prayer request.
type Prayer struct {
	ID         string     `json:"id"`
	UserID     string     `json:"-"`
	Body       string     `json:"body"`
	Topic      string     `json:"topic" doc:"One of the scripture tags, or empty."`
	Visibility string     `json:"visibility" enum:"private,shared"`
	Status     string     `json:"status" enum:"private,pending,approved,rejected"`
	CreatedAt  time.Time  `json:"created_at"`
	DecidedAt  *time.Time `json:"decided_at"`
}

// SharedPrayer is an approved shared prayer as other members see it: no name, no member.
type SharedPrayer struct {
	ID        string    `json:"id"`
	Body      string    `json:"body"`
	Topic     string    `json:"topic"`
	CreatedAt time.Time `json:"created_at"`
}

// NewPrayer is what a member sends.
type NewPrayer struct {
	Body       string `json:"body" maxLength:"2000" doc:"The request, 3 to 2000 characters."`
	Topic      string `json:"topic,omitempty" maxLength:"20" doc:"Optional scripture tag it is about."`
	Visibility string `json:"visibility" enum:"private,shared" doc:"private: only the member (and no one else) reads it; shared: other members see it, without a name, after staff approve it."`
}

// Validate checks the request.
func (n NewPrayer) Validate() error {
	var fields []apperr.FieldError
	body := strings.TrimSpace(n.Body)
	if c := utf8.RuneCountInString(body); c < 3 || c > MaxBody {
		fields = append(fields, apperr.FieldError{Field: "body", Key: KeyBody, Message: "Write your request (3 to 2000 characters)."})
	}
	if n.Visibility != Private && n.Visibility != Shared {
		fields = append(fields, apperr.FieldError{Field: "visibility", Key: KeyVisibility, Message: "Choose private or shared."})
	}
	if n.Topic != "" && !slices.Contains(Tags, n.Topic) {
		fields = append(fields, apperr.FieldError{Field: "topic", Key: KeyTopic, Message: "Unknown topic."})
	}
	return apperr.Fields(fields)
}

// Store is what the ministry needs from the database (internal/store/ministry.go).
type Store interface {
	InsertPrayer(ctx context.Context, p Prayer) error
	// PrayersOf lists a member's own prayers, newest first.
	PrayersOf(ctx context.Context, userID string, limit int) ([]Prayer, error)
	// PrayersByStatus lists prayers of one status, oldest first (the moderation queue) or
	// newest first (newest true).
	PrayersByStatus(ctx context.Context, status string, newest bool, limit int) ([]Prayer, error)
	// DecidePrayer locks the prayer, lets decide change it and build the audit entry, and
	// saves both in one transaction. decide sees nil for an unknown prayer.
	DecidePrayer(ctx context.Context, id string, decide func(p *Prayer) (audit.Record, error)) (Prayer, error)
}

// Service keeps the prayer requests.
type Service struct {
	Store Store
	Now   func() time.Time
	NewID func() string
}

// Submit stores a member's prayer request: private ones are the member's alone; shared ones
// wait for moderation.
func (s *Service) Submit(ctx context.Context, userID string, n NewPrayer) (Prayer, error) {
	if err := n.Validate(); err != nil {
		return Prayer{}, err
	}
	p := Prayer{ID: s.NewID(), UserID: userID, Body: strings.TrimSpace(n.Body), Topic: n.Topic, Visibility: n.Visibility,
		Status: StatusPrivate, CreatedAt: s.Now().UTC().Truncate(time.Microsecond)}
	if n.Visibility == Shared {
		p.Status = StatusPending
	}
	if err := s.Store.InsertPrayer(ctx, p); err != nil {
		return Prayer{}, err
	}
	return p, nil
}

// Mine lists the member's own prayers; never nil.
func (s *Service) Mine(ctx context.Context, userID string) ([]Prayer, error) {
	rows, err := s.Store.PrayersOf(ctx, userID, MineLimit)
	if rows == nil && err == nil {
		rows = []Prayer{}
	}
	return rows, err
}

// SharedWall lists approved shared prayers without who wrote them, newest first.
func (s *Service) SharedWall(ctx context.Context) ([]SharedPrayer, error) {
	rows, err := s.Store.PrayersByStatus(ctx, StatusApproved, true, SharedLimit)
	if err != nil {
		return nil, err
	}
	out := make([]SharedPrayer, 0, len(rows))
	for _, p := range rows {
		out = append(out, SharedPrayer{ID: p.ID, Body: p.Body, Topic: p.Topic, CreatedAt: p.CreatedAt})
	}
	return out, nil
}

// Queue lists shared prayers of a status for staff (pending by default, oldest first).
func (s *Service) Queue(ctx context.Context, status string) ([]Prayer, error) {
	if status == "" {
		status = StatusPending
	}
	rows, err := s.Store.PrayersByStatus(ctx, status, status != StatusPending, ModerateLimit)
	if rows == nil && err == nil {
		rows = []Prayer{}
	}
	return rows, err
}

// Decide approves or rejects a pending shared prayer, audited in the same transaction.
func (s *Service) Decide(ctx context.Context, actor audit.Actor, id string, approve bool) (Prayer, error) {
	return s.Store.DecidePrayer(ctx, id, func(p *Prayer) (audit.Record, error) {
		if p == nil || p.Visibility != Shared {
			return audit.Record{}, apperr.New(apperr.NotFound, "No such prayer request.")
		}
		if p.Status != StatusPending {
			e := apperr.Field("status", KeyDecided, "This request is already decided.")
			e.Code = apperr.Conflict
			return audit.Record{}, e
		}
		before := map[string]any{"status": p.Status}
		now := s.Now().UTC().Truncate(time.Microsecond)
		p.Status, p.DecidedAt = StatusRejected, &now
		action := ActionReject
		if approve {
			p.Status, action = StatusApproved, ActionApprove
		}
		return audit.New(actor, action, KindPrayer, p.ID, before, map[string]any{"status": p.Status})
	})
}
