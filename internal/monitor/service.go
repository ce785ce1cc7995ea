package monitor

import (
	"context"
	"encoding/json"
	"strings"

	"circle/internal/apperr"
	"circle/internal/ids"
	"circle/internal/notify"
)

// Store is what the monitor service needs from the database (internal/store). The store stamps
// each row with its own clock (the app's), and keeps one
// security event per user, type and SecurityEventDedupe bucket.
type Store interface {
	InsertClientError(ctx context.Context, e ClientError) error
	InsertAppEvent(ctx context.Context, e AppEvent) error
	InsertSecurityEvent(ctx context.Context, e SecurityEvent) (bool, error)
	OutboxEmails(ctx context.Context, to string, limit int) ([]notify.OutboxEmail, error)
}

// Service records what the web app reports about itself and lists the e-mail outbox for
// administrators.
type Service struct {
	Store Store
}

// Size caps of the JSON a report may carry (01§9).
const (
	MaxClientErrorMetadataBytes = 8000
	MaxAppEventPayloadBytes     = 4000
	MaxSecurityEventDataBytes   = 4000
)

// ClientErrorReport is one error the web app caught, as reported.
type ClientErrorReport struct {
	// UserID is the signed-in reporter; nil for a visitor.
	UserID                                             *string
	URL, Component, Section, ErrorType, Message, Stack string
	UserAgent                                          string
	Metadata                                           map[string]any
}

// ReportClientError checks, normalises and records a client error and returns its id.
func (s *Service) ReportClientError(ctx context.Context, r ClientErrorReport) (string, error) {
	e := ClientError{
		ID: ids.New(), UserID: r.UserID, URL: r.URL, Component: r.Component, Section: r.Section,
		ErrorType: r.ErrorType, Message: r.Message, Stack: r.Stack, UserAgent: r.UserAgent,
	}
	if r.Metadata != nil {
		meta, err := json.Marshal(r.Metadata)
		if err != nil || len(meta) > MaxClientErrorMetadataBytes {
			return "", apperr.Field("metadata", "validation.too_large", "metadata must be a JSON object of at most 8000 bytes")
		}
		e.Metadata = string(meta)
	}
	if err := e.Normalize(); err != nil {
		return "", err
	}
	if err := s.Store.InsertClientError(ctx, e); err != nil {
		return "", apperr.Wrap(err, "record client error")
	}
	return e.ID, nil
}

// RecordAppEvent records a product event (login_success...) of userID (nil for a visitor) and
// returns its id.
func (s *Service) RecordAppEvent(ctx context.Context, userID *string, name string, payload map[string]any) (string, error) {
	e := AppEvent{ID: ids.New(), Name: name, UserID: userID}
	if payload != nil {
		b, err := json.Marshal(payload)
		if err != nil || len(b) > MaxAppEventPayloadBytes {
			return "", apperr.Field("payload", "validation.too_large", "payload must be a JSON object of at most 4000 bytes")
		}
		e.Payload = string(b)
	}
	if err := s.Store.InsertAppEvent(ctx, e); err != nil {
		return "", apperr.Wrap(err, "record app event")
	}
	return e.ID, nil
}

// SecurityEventReport is a security event a signed-in user's browser reported, with the
// address and browser the request came from.
type SecurityEventReport struct {
	UserID    string
	EventType string
	EventData map[string]any
	UserAgent string
	IPAddress string
}

// RecordSecurityEvent records the event with the caller's browser and address in its data; it
// reports false when the same user already recorded the same event type in this
// SecurityEventDedupe bucket.
func (s *Service) RecordSecurityEvent(ctx context.Context, r SecurityEventReport) (bool, error) {
	data := r.EventData
	if data == nil {
		data = map[string]any{}
	}
	data["user_agent"] = r.UserAgent
	data["ip_address"] = r.IPAddress
	b, err := json.Marshal(data)
	if err != nil || len(b) > MaxSecurityEventDataBytes {
		return false, apperr.Field("event_data", "validation.too_large", "event_data must be a JSON object of at most 4000 bytes")
	}
	userID := r.UserID
	recorded, err := s.Store.InsertSecurityEvent(ctx, SecurityEvent{ID: ids.New(), EventType: r.EventType, UserID: &userID, EventData: string(b)})
	if err != nil {
		return false, apperr.Wrap(err, "record security event")
	}
	return recorded, nil
}

// Outbox lists the newest outbox e-mails, at most limit, to one address when to is not blank
// (compared without case); never nil.
func (s *Service) Outbox(ctx context.Context, to string, limit int) ([]notify.OutboxEmail, error) {
	emails, err := s.Store.OutboxEmails(ctx, strings.ToLower(strings.TrimSpace(to)), limit)
	if err != nil {
		return nil, err
	}
	if emails == nil {
		emails = []notify.OutboxEmail{}
	}
	return emails, nil
}
