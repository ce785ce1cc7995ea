// Package monitor records what the web app reports about itself: client errors (F-APP-05),
// app events such as login_success (F-APP-09) and security events (F-AUTH-12).
package monitor

import (
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"circle/internal/apperr"
)

// Caps on client error text (01§9).
const (
	MaxMessageChars = 1000
	MaxStackChars   = 4000
)

// ErrorTypes the web app reports (01§4).
var ErrorTypes = []string{"runtime", "runtime_error", "unhandled_promise", "network_error", "render_error"}

// ClientError is one error the web app caught (client_errors).
type ClientError struct {
	bun.BaseModel `bun:"table:client_errors"`

	ID        string    `bun:"id,pk" json:"id"`
	UserID    *string   `bun:"user_id" json:"user_id"`
	URL       string    `bun:"url,notnull" json:"url"`
	Component string    `bun:"component,notnull" json:"component"`
	Section   string    `bun:"section,notnull" json:"section"`
	ErrorType string    `bun:"error_type,notnull" json:"error_type"`
	Message   string    `bun:"message,notnull" json:"message"`
	Stack     string    `bun:"stack,notnull" json:"stack"`
	UserAgent string    `bun:"user_agent,notnull" json:"user_agent"`
	Metadata  string    `bun:"metadata,notnull" json:"metadata"`
	CreatedAt time.Time `bun:"created_at,notnull" json:"created_at"`
}

// Normalize applies the defaults and caps: error_type defaults to runtime; message and stack
// are cut to 1000 and 4000 characters; a blank message is refused.
func (e *ClientError) Normalize() error {
	if e.ErrorType == "" {
		e.ErrorType = "runtime"
	}
	known := false
	for _, t := range ErrorTypes {
		known = known || t == e.ErrorType
	}
	if !known {
		return apperr.Field("error_type", "validation.enum", "error_type must be one of runtime, runtime_error, unhandled_promise, network_error, render_error")
	}
	if e.Message == "" {
		return apperr.Field("message", "validation.required", "message is required")
	}
	e.Message = truncateRunes(e.Message, MaxMessageChars)
	e.Stack = truncateRunes(e.Stack, MaxStackChars)
	e.URL = truncateRunes(e.URL, 2000)
	e.Component = truncateRunes(e.Component, 200)
	e.Section = truncateRunes(e.Section, 200)
	e.UserAgent = truncateRunes(e.UserAgent, 500)
	if e.Metadata == "" {
		e.Metadata = "{}"
	}
	return nil
}

func truncateRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n])
}

// App event names the web app records (01§7).
var AppEventNames = []string{"login_success", "signup_success", "logout", "session_restored"}

// AppEvent is one product event (app_events).
type AppEvent struct {
	bun.BaseModel `bun:"table:app_events"`

	ID        string    `bun:"id,pk" json:"id"`
	UserID    *string   `bun:"user_id" json:"user_id"`
	Name      string    `bun:"name,notnull" json:"name"`
	Payload   string    `bun:"payload,notnull" json:"payload"`
	CreatedAt time.Time `bun:"created_at,notnull" json:"created_at"`
}

// SecurityEventDedupe is the bucket within which the same event of the same user is kept once (01§9).
const SecurityEventDedupe = 10 * time.Second

// SecurityEvent is one security-relevant event (security_events).
type SecurityEvent struct {
	bun.BaseModel `bun:"table:security_events"`

	ID        string    `bun:"id,pk" json:"id"`
	EventType string    `bun:"event_type,notnull" json:"event_type"`
	UserID    *string   `bun:"user_id" json:"user_id"`
	EventData string    `bun:"event_data,notnull" json:"event_data"`
	CreatedAt time.Time `bun:"created_at,notnull" json:"created_at"`
}
