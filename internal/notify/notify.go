// Package notify sends e-mail. The built-in default keeps every message in the outbox table,
// where admins read it in the app and operators with `circle mail list`; when SMTP is
// configured, messages are delivered by SMTP and still recorded in the outbox with their status.
package notify

import (
	"context"
	"time"
)

// Message is one e-mail.
type Message struct {
	To      string
	Subject string
	Text    string
	// Kind names the message for admins and tests: verify_email, reset_password, ...
	Kind string
	// Attachments are files sent with the message (a calendar invitation).
	Attachments []Attachment `json:",omitempty"`
	// Key, when set, makes the message idempotent: a second message with the same key is not
	// recorded or sent again (a job that sends it may run twice).
	Key string `json:",omitempty"`
}

// Attachment is one file of a message; text files only (the content is kept as text in the
// outbox).
type Attachment struct {
	Filename    string `json:"filename"`
	ContentType string `json:"content_type"`
	Content     string `json:"content"`
}

// Mailer sends messages.
type Mailer interface {
	Send(ctx context.Context, m Message) error
}

// OutboxEmail is a recorded message (outbox_emails).
type OutboxEmail struct {
	ID      string `json:"id"`
	To      string `json:"to"`
	Subject string `json:"subject"`
	Text    string `json:"text"`
	Kind    string `json:"kind"`
	// Attachments are the message's files (JSON text in the outbox).
	Attachments []Attachment `json:"attachments"`
	// Key is the message's idempotency key (unique when set).
	Key       string     `json:"-"`
	Transport string     `json:"transport" enum:"outbox,smtp"`
	Status    string     `json:"status" enum:"stored,sent,failed"`
	Error     string     `json:"error"`
	CreatedAt time.Time  `json:"created_at"`
	SentAt    *time.Time `json:"sent_at"`
}

// Outbox records messages.
type Outbox interface {
	RecordEmail(ctx context.Context, e OutboxEmail) error
}
