package app

import (
	"bytes"
	"context"
	"errors"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"circle/internal/jobs"
	"circle/internal/notify"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

// With SMTP configured, sending queues a job: the request does not wait for the server, a
// failed delivery is retried, and the outbox gets one failed row after the last attempt.
func TestSMTPMailIsSentByAJobThatRetries(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		closedPort := ln.Addr().(*net.TCPAddr).Port
		_ = ln.Close()

		now := time.Date(2026, 3, 4, 12, 0, 0, 0, time.UTC)
		clock := func() time.Time { return now }
		runner := jobs.NewRunner(store.NewJobs(db), clock, nil, jobs.Config{MaxAttempts: 2, Backoff: jobs.Exponential(time.Minute, time.Hour)})
		mailer := queueSMTP(runner, notify.SMTPMailer{Outbox: store.NewOps(db), Now: clock, Config: notify.SMTPConfig{
			Host: "127.0.0.1", Port: closedPort, From: "no-reply@circle.example", TLS: "none",
		}})
		outbox := func() []notify.OutboxEmail {
			t.Helper()
			rows, err := store.NewOps(db).OutboxEmails(ctx, "", 10)
			if err != nil {
				t.Fatal(err)
			}
			return rows
		}

		if err := mailer.Send(ctx, notify.Message{To: "ana@example.com", Subject: "Hi", Text: "Hello", Kind: "verify_email"}); err != nil {
			t.Fatalf("Send with the SMTP server down: %v (the request must not wait for it)", err)
		}
		if _, err := runner.RunDue(ctx); err != nil {
			t.Fatal(err)
		}
		if rows := outbox(); len(rows) != 0 {
			t.Fatalf("outbox after a failed first attempt: %+v", rows)
		}
		now = now.Add(time.Minute)
		if _, err := runner.RunDue(ctx); err != nil {
			t.Fatal(err)
		}
		rows := outbox()
		if len(rows) != 1 || rows[0].Status != "failed" || rows[0].Transport != "smtp" || rows[0].To != "ana@example.com" || rows[0].Error == "" {
			t.Fatalf("outbox after the last attempt: %+v", rows)
		}
		dead, err := store.NewJobs(db).DeadJobs(ctx, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(dead) != 1 || dead[0].Kind != EmailJobKind || dead[0].LastError != rows[0].Error {
			t.Fatalf("dead jobs: %+v", dead)
		}
	})
}

// circle jobs dead prints the jobs that failed their last attempt, with the last error.
func TestJobsDeadCommandPrintsDeadJobs(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	run := func() string {
		t.Helper()
		var out, errOut bytes.Buffer
		if err := cmdJobs(ctx, []string{"dead", "--data-dir", dir}, &out, &errOut); err != nil {
			t.Fatalf("jobs dead: %v (%s)", err, errOut.String())
		}
		return out.String()
	}
	if out := run(); out != "no dead jobs\n" {
		t.Fatalf("empty database: %q", out)
	}
	db, err := store.Open(ctx, filepath.Join(dir, "circle.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	runner := jobs.NewRunner(store.NewJobs(db), time.Now, nil, jobs.Config{MaxAttempts: 1})
	runner.Handle("crm.sync", func(context.Context, jobs.Job) error { return errors.New("crm answered 502") })
	if _, err := runner.Enqueue(ctx, jobs.Job{Kind: "crm.sync", Key: "contact-7"}); err != nil {
		t.Fatal(err)
	}
	if _, err := runner.RunDue(ctx); err != nil {
		t.Fatal(err)
	}
	out := run()
	for _, want := range []string{"crm.sync", "after 1 attempt(s)", "key: contact-7", "last error: crm answered 502"} {
		if !strings.Contains(out, want) {
			t.Fatalf("jobs dead printed %q, missing %q", out, want)
		}
	}
}
