package notify

import (
	"context"
	"fmt"
	"strings"
	"time"

	mail "github.com/wneessen/go-mail"

	"circle/internal/ids"
)

// SMTPConfig configures SMTP delivery.
type SMTPConfig struct {
	Host     string
	Port     int
	Username string
	Password string
	From     string
	// TLS: "starttls" (default, required), "tls" (implicit) or "none" (local relays only).
	TLS string
}

// SMTPMailer delivers by SMTP and records each message, with its outcome, in the outbox.
type SMTPMailer struct {
	Config SMTPConfig
	Outbox Outbox
	Now    func() time.Time
}

// Send delivers the message and records it; a delivery failure is recorded and returned.
func (s SMTPMailer) Send(ctx context.Context, m Message) error { return s.Attempt(ctx, m, true) }

// Attempt delivers the message once and records a delivery in the outbox; a failure is
// returned, and recorded only when last is set, so a message sent by a job that retries ends
// as one row: sent, or failed after the job's last attempt.
func (s SMTPMailer) Attempt(ctx context.Context, m Message, last bool) error {
	rec := OutboxEmail{ID: ids.New(), To: m.To, Subject: m.Subject, Text: m.Text, Kind: m.Kind, Attachments: m.Attachments, Key: m.Key, Transport: "smtp", Status: "sent"}
	sendErr := s.deliver(ctx, m)
	if sendErr != nil && !last {
		return sendErr
	}
	if sendErr != nil {
		rec.Status, rec.Error = "failed", sendErr.Error()
	} else {
		t := s.Now().UTC()
		rec.SentAt = &t
	}
	if err := s.Outbox.RecordEmail(ctx, rec); err != nil {
		return fmt.Errorf("record e-mail: %w", err)
	}
	return sendErr
}

func (s SMTPMailer) deliver(ctx context.Context, m Message) error {
	msg := mail.NewMsg()
	if err := msg.From(s.Config.From); err != nil {
		return fmt.Errorf("smtp from %q: %w", s.Config.From, err)
	}
	if err := msg.To(m.To); err != nil {
		return fmt.Errorf("smtp to %q: %w", m.To, err)
	}
	msg.Subject(m.Subject)
	msg.SetBodyString(mail.TypeTextPlain, m.Text)
	for _, a := range m.Attachments {
		if err := msg.AttachReader(a.Filename, strings.NewReader(a.Content), mail.WithFileContentType(mail.ContentType(a.ContentType))); err != nil {
			return fmt.Errorf("smtp attach %s: %w", a.Filename, err)
		}
	}

	opts := []mail.Option{mail.WithPort(s.Config.Port), mail.WithTimeout(15 * time.Second)}
	switch s.Config.TLS {
	case "none":
		opts = append(opts, mail.WithTLSPolicy(mail.NoTLS))
	case "tls":
		opts = append(opts, mail.WithSSL())
	default:
		opts = append(opts, mail.WithTLSPolicy(mail.TLSMandatory))
	}
	if s.Config.Username != "" {
		opts = append(opts, mail.WithSMTPAuth(mail.SMTPAuthPlain), mail.WithUsername(s.Config.Username), mail.WithPassword(s.Config.Password))
	}
	client, err := mail.NewClient(s.Config.Host, opts...)
	if err != nil {
		return fmt.Errorf("smtp client: %w", err)
	}
	if err := client.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("smtp send to %s: %w", m.To, err)
	}
	return nil
}
