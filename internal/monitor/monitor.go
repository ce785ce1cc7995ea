// Package monitor records what the web app reports about itself: client errors (F-APP-05),
// app events such as login_success (F-APP-09) and security events (F-AUTH-12).
package monitor

import (
	"time"
	"unicode/utf8"

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
	ID        string    `json:"id"`
	UserID    *string   `json:"user_id"`
	URL       string    `json:"url"`
	Component string    `json:"component"`
	Section   string    `json:"section"`
	ErrorType string    `json:"error_type"`
	Message   string    `json:"message"`
	Stack     string    `json:"stack"`
	UserAgent string    `json:"user_agent"`
	Metadata  string    `json:"metadata"`
	CreatedAt time.Time `json:"created_at"`
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
	ID        string    `json:"id"`
	UserID    *string   `json:"user_id"`
	Name      string    `json:"name"`
	Payload   string    `json:"payload"`
	CreatedAt time.Time `json:"created_at"`
}

// SecurityEventDedupe is the bucket within which the same event of the same user is kept once (01§9).
const SecurityEventDedupe = 10 * time.Second

// SecurityEvent is one security-relevant event (security_events).
type SecurityEvent struct {
	ID        string    `json:"id"`
	EventType string    `json:"event_type"`
	UserID    *string   `json:"user_id"`
	EventData string    `json:"event_data"`
	CreatedAt time.Time `json:"created_at"`
}
