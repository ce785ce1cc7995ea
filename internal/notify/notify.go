// Package notify sends e-mail. The built-in default keeps every message in the outbox table,
// where admins read it in the app and operators with `circle mail list`; when SMTP is
// configured, messages are delivered by SMTP and still recorded in the outbox with their status.
package notify

import (
	"context"
	"time"

	"github.com/uptrace/bun"
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
	bun.BaseModel `bun:"table:outbox_emails"`

	ID      string `bun:"id,pk" json:"id"`
	To      string `bun:"to_address,notnull" json:"to"`
	Subject string `bun:"subject,notnull" json:"subject"`
	Text    string `bun:"body_text,notnull" json:"text"`
	Kind    string `bun:"kind,notnull" json:"kind"`
	// Attachments are the message's files (JSON text in the table).
	Attachments []Attachment `bun:"attachments,type:text,notnull" json:"attachments"`
	// Key is the message's idempotency key (unique when set).
	Key       string     `bun:"dedupe_key,nullzero" json:"-"`
	Transport string     `bun:"transport,notnull" json:"transport" enum:"outbox,smtp"`
	Status    string     `bun:"status,notnull" json:"status" enum:"stored,sent,failed"`
	Error     string     `bun:"error,notnull" json:"error"`
	CreatedAt time.Time  `bun:"created_at,notnull" json:"created_at"`
	SentAt    *time.Time `bun:"sent_at" json:"sent_at"`
}

// Outbox records messages.
type Outbox interface {
	RecordEmail(ctx context.Context, e OutboxEmail) error
}
