package notify

import (
	"context"
	"fmt"

	"circle/internal/ids"
)

// OutboxMailer is the built-in mailer: it stores each message in the outbox, readable by admins.
type OutboxMailer struct{ Outbox Outbox }

// Send stores the message.
func (o OutboxMailer) Send(ctx context.Context, m Message) error {
	if err := o.Outbox.RecordEmail(ctx, OutboxEmail{
		ID: ids.New(), To: m.To, Subject: m.Subject, Text: m.Text, Kind: m.Kind, Attachments: m.Attachments, Key: m.Key, Transport: "outbox", Status: "stored",
	}); err != nil {
		return fmt.Errorf("store e-mail in outbox: %w", err)
	}
	return nil
}
