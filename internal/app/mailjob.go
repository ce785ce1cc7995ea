package app

import (
	"context"
	"fmt"

	"circle/internal/jobs"
	"circle/internal/notify"
)

// EmailJobKind is the job that delivers one e-mail by SMTP.
const EmailJobKind = "email.send"

// jobMailer hands each message to the email.send job, so no request waits for the SMTP
// server and a server that is down is retried with backoff. The message is in the job's
// payload until it is delivered; the outbox row is written when it is (sent), or after the
// last attempt (failed). A worker stopping between delivery and the record sends it again.
type jobMailer struct{ runner *jobs.Runner }

func (m jobMailer) Send(ctx context.Context, msg notify.Message) error {
	j, err := jobs.New(EmailJobKind, msg)
	if err != nil {
		return err
	}
	if msg.Key != "" {
		// One delivery job per keyed message, however often it is handed over.
		j.Key = "email:" + msg.Key
	}
	if _, err := m.runner.Enqueue(ctx, j); err != nil {
		return fmt.Errorf("queue e-mail to %s: %w", msg.To, err)
	}
	return nil
}

// queueSMTP registers the e-mail job with smtp and returns the mailer that enqueues it.
func queueSMTP(runner *jobs.Runner, smtp notify.SMTPMailer) notify.Mailer {
	runner.Handle(EmailJobKind, func(ctx context.Context, j jobs.Job) error {
		var msg notify.Message
		if err := j.Decode(&msg); err != nil {
			return err
		}
		return smtp.Attempt(ctx, msg, j.Attempts >= j.MaxAttempts)
	})
	return jobMailer{runner: runner}
}
