// Package notices is the in-app notifications of a user (issue 15 item 3; table notifications,
// migration 0021): what the app tells someone, e.g. that a vendor approved, declined or let
// expire their co-pay request. A notice carries message keys and parameters, not text, so the
// web app shows it in the reader's language; it is the reader's alone (another user's notice is
// not found) and is marked read once.
package notices

import (
	"context"
	"encoding/json"
	"time"

	"circle/internal/apperr"
)

// Notification is one notice (notifications).
type Notification struct {
	ID       string `json:"id"`
	UserID   string `json:"-"`
	Kind     string `json:"kind" doc:"What happened: copay_approved, copay_declined, copay_expired"`
	TitleKey string `json:"title_key" doc:"Message key of the title in the web app's catalogues"`
	BodyKey  string `json:"body_key" doc:"Message key of the body"`
	// Params is the JSON object of the message parameters.
	Params    string     `json:"-"`
	Link      string     `json:"link" doc:"The app path the notice leads to"`
	Reference string     `json:"reference" doc:"The row the notice is about (a co-pay request id)"`
	DedupeKey string     `json:"-"`
	ReadAt    *time.Time `json:"read_at"`
	EmailedAt *time.Time `json:"-"`
	CreatedAt time.Time  `json:"created_at"`
}

// View is a notice as the API answers it, with its parameters decoded.
type View struct {
	Notification
	Parameters map[string]any `json:"params" doc:"The message parameters (names, percentages, amounts in cents)"`
}

// ParamsOf encodes message parameters for Notification.Params.
func ParamsOf(p map[string]any) string {
	b, err := json.Marshal(p)
	if err != nil || len(p) == 0 {
		return "{}"
	}
	return string(b)
}

// ListLimit is how many notices the list shows, newest first.
const ListLimit = 50

// Store is what the notices need from the database (internal/store/notifications.go).
type Store interface {
	UserNotifications(ctx context.Context, userID string, limit int) ([]Notification, int, error)
	MarkNotificationRead(ctx context.Context, userID, id string, at time.Time) (Notification, error)
	MarkAllNotificationsRead(ctx context.Context, userID string, at time.Time) (int, error)
}

// Service lists a user's notices and marks them read.
type Service struct {
	Store Store
	Now   func() time.Time
}

// List is the user's newest notices (ListLimit) and how many of all their notices are unread.
func (s *Service) List(ctx context.Context, userID string) ([]View, int, error) {
	rows, unread, err := s.Store.UserNotifications(ctx, userID, ListLimit)
	if err != nil {
		return nil, 0, err
	}
	out := make([]View, 0, len(rows))
	for _, n := range rows {
		v := View{Notification: n, Parameters: map[string]any{}}
		_ = json.Unmarshal([]byte(n.Params), &v.Parameters)
		out = append(out, v)
	}
	return out, unread, nil
}

// MarkRead marks one of the user's notices read (again: no change). Another user's notice, or
// an unknown id, is not found.
func (s *Service) MarkRead(ctx context.Context, userID, id string) (View, error) {
	if id == "" || len(id) > 100 {
		return View{}, apperr.New(apperr.NotFound, "notification not found")
	}
	n, err := s.Store.MarkNotificationRead(ctx, userID, id, s.Now().UTC())
	if err != nil {
		return View{}, err
	}
	v := View{Notification: n, Parameters: map[string]any{}}
	_ = json.Unmarshal([]byte(n.Params), &v.Parameters)
	return v, nil
}

// MarkAllRead marks every unread notice of the user read and says how many changed.
func (s *Service) MarkAllRead(ctx context.Context, userID string) (int, error) {
	return s.Store.MarkAllNotificationsRead(ctx, userID, s.Now().UTC())
}
