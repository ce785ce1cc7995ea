package store

import (
	"time"

	"github.com/uptrace/bun"

	"circle/internal/monitor"
)

// The rows of the monitor area's tables (client_errors, app_events, security_events); the
// domain types in internal/monitor carry no database tags.

type clientErrorRow struct {
	bun.BaseModel `bun:"table:client_errors"`

	ID        string    `bun:"id,pk"`
	UserID    *string   `bun:"user_id"`
	URL       string    `bun:"url,notnull"`
	Component string    `bun:"component,notnull"`
	Section   string    `bun:"section,notnull"`
	ErrorType string    `bun:"error_type,notnull"`
	Message   string    `bun:"message,notnull"`
	Stack     string    `bun:"stack,notnull"`
	UserAgent string    `bun:"user_agent,notnull"`
	Metadata  string    `bun:"metadata,notnull"`
	CreatedAt time.Time `bun:"created_at,notnull"`
}

func clientErrorRowOf(e monitor.ClientError) clientErrorRow {
	return clientErrorRow{ID: e.ID, UserID: e.UserID, URL: e.URL, Component: e.Component, Section: e.Section, ErrorType: e.ErrorType,
		Message: e.Message, Stack: e.Stack, UserAgent: e.UserAgent, Metadata: e.Metadata, CreatedAt: e.CreatedAt}
}

func (r clientErrorRow) domain() monitor.ClientError {
	return monitor.ClientError{ID: r.ID, UserID: r.UserID, URL: r.URL, Component: r.Component, Section: r.Section, ErrorType: r.ErrorType,
		Message: r.Message, Stack: r.Stack, UserAgent: r.UserAgent, Metadata: r.Metadata, CreatedAt: r.CreatedAt}
}

type appEventRow struct {
	bun.BaseModel `bun:"table:app_events"`

	ID        string    `bun:"id,pk"`
	UserID    *string   `bun:"user_id"`
	Name      string    `bun:"name,notnull"`
	Payload   string    `bun:"payload,notnull"`
	CreatedAt time.Time `bun:"created_at,notnull"`
}

func appEventRowOf(e monitor.AppEvent) appEventRow {
	return appEventRow{ID: e.ID, UserID: e.UserID, Name: e.Name, Payload: e.Payload, CreatedAt: e.CreatedAt}
}

func (r appEventRow) domain() monitor.AppEvent {
	return monitor.AppEvent{ID: r.ID, UserID: r.UserID, Name: r.Name, Payload: r.Payload, CreatedAt: r.CreatedAt}
}

type securityEventRow struct {
	bun.BaseModel `bun:"table:security_events"`

	ID        string    `bun:"id,pk"`
	EventType string    `bun:"event_type,notnull"`
	UserID    *string   `bun:"user_id"`
	EventData string    `bun:"event_data,notnull"`
	CreatedAt time.Time `bun:"created_at,notnull"`
}

func securityEventRowOf(e monitor.SecurityEvent) securityEventRow {
	return securityEventRow{ID: e.ID, EventType: e.EventType, UserID: e.UserID, EventData: e.EventData, CreatedAt: e.CreatedAt}
}

func (r securityEventRow) domain() monitor.SecurityEvent {
	return monitor.SecurityEvent{ID: r.ID, EventType: r.EventType, UserID: r.UserID, EventData: r.EventData, CreatedAt: r.CreatedAt}
}

// domainsOf maps rows read from a table to their domain values.
func domainsOf[R interface{ domain() D }, D any](rows []R) []D {
	out := make([]D, 0, len(rows))
	for _, r := range rows {
		out = append(out, r.domain())
	}
	return out
}
