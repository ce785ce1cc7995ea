package notify_test

import (
	"context"
	"encoding/base64"
	"errors"
	"io"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"circle/internal/notify"
)

// fakeOutbox records what the mailers store, as the outbox_emails table would.
type fakeOutbox struct {
	mu   sync.Mutex
	rows []notify.OutboxEmail
	err  error
}

func (o *fakeOutbox) RecordEmail(_ context.Context, e notify.OutboxEmail) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err != nil {
		return o.err
	}
	o.rows = append(o.rows, e)
	return nil
}

func (o *fakeOutbox) only(t *testing.T) notify.OutboxEmail {
	t.Helper()
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.rows) != 1 {
		t.Fatalf("outbox has %d rows, want 1: %+v", len(o.rows), o.rows)
	}
	return o.rows[0]
}

// received is one message the test SMTP server accepted.
type received struct {
	From string
	To   []string
	Data []byte
	// Auth is "username:password" when the client authenticated with PLAIN.
	Auth string
}

// smtpRelay is an in-process SMTP server (emersion/go-smtp) on a loopback port.
type smtpRelay struct {
	mu       sync.Mutex
	messages []received
	// rejectRcpt refuses these recipients at RCPT TO.
	rejectRcpt map[string]bool
	// users are the accepted PLAIN credentials; empty means AUTH is not required.
	users map[string]string
	port  int
}

func (r *smtpRelay) NewSession(*smtp.Conn) (smtp.Session, error) { return &relaySession{relay: r}, nil }

func (r *smtpRelay) got() []received {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]received(nil), r.messages...)
}

type relaySession struct {
	relay *smtpRelay
	auth  string
	from  string
	to    []string
}

func (s *relaySession) AuthMechanisms() []string { return []string{sasl.Plain} }

func (s *relaySession) Auth(mech string) (sasl.Server, error) {
	if mech != sasl.Plain {
		return nil, smtp.ErrAuthUnknownMechanism
	}
	return sasl.NewPlainServer(func(identity, username, password string) error {
		if want, ok := s.relay.users[username]; !ok || want != password {
			return smtp.ErrAuthFailed
		}
		s.auth = username + ":" + password
		return nil
	}), nil
}

func (s *relaySession) Mail(from string, _ *smtp.MailOptions) error {
	if len(s.relay.users) > 0 && s.auth == "" {
		return smtp.ErrAuthRequired
	}
	s.from = from
	return nil
}

func (s *relaySession) Rcpt(to string, _ *smtp.RcptOptions) error {
	if s.relay.rejectRcpt[to] {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "mailbox unavailable: " + to}
	}
	s.to = append(s.to, to)
	return nil
}

func (s *relaySession) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.relay.mu.Lock()
	s.relay.messages = append(s.relay.messages, received{From: s.from, To: s.to, Data: b, Auth: s.auth})
	s.relay.mu.Unlock()
	return nil
}

func (s *relaySession) Reset()        { s.from, s.to = "", nil }
func (s *relaySession) Logout() error { return nil }

// startRelay runs the relay until the test ends.
func startRelay(t *testing.T, r *smtpRelay) *smtpRelay {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := smtp.NewServer(r)
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	r.port = ln.Addr().(*net.TCPAddr).Port
	done := make(chan struct{})
	go func() { defer close(done); _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close(); <-done })
	return r
}

func fixedNow() time.Time { return time.Date(2025, 3, 4, 5, 6, 7, 0, time.UTC) }

func mailer(r *smtpRelay, ob notify.Outbox, cfg notify.SMTPConfig) notify.SMTPMailer {
	cfg.Host, cfg.Port = "127.0.0.1", r.port
	if cfg.From == "" {
		cfg.From = "Circle <no-reply@circle.example>"
	}
	return notify.SMTPMailer{Config: cfg, Outbox: ob, Now: fixedNow}
}

var verifyMessage = notify.Message{
	To:      "ana@example.com",
	Subject: "Confirm your Circle account",
	Text:    "Welcome to Circle!\n\nConfirm your e-mail address:\n\nhttp://localhost:8080/auth?verify=abc\n\n— The Circle team",
	Kind:    "verify_email",
}

func TestF_AUTH_06_SMTPDeliversAndRecordsSent(t *testing.T) {
	relay := startRelay(t, &smtpRelay{})
	ob := &fakeOutbox{}
	m := mailer(relay, ob, notify.SMTPConfig{TLS: "none"})

	if err := m.Send(context.Background(), verifyMessage); err != nil {
		t.Fatalf("send: %v", err)
	}

	msgs := relay.got()
	if len(msgs) != 1 {
		t.Fatalf("relay got %d messages, want 1", len(msgs))
	}
	got := msgs[0]
	if got.From != "no-reply@circle.example" || len(got.To) != 1 || got.To[0] != "ana@example.com" {
		t.Fatalf("envelope from %q to %v", got.From, got.To)
	}
	if got.Auth != "" {
		t.Errorf("client authenticated (%q) although no user name is configured", got.Auth)
	}
	parsed, err := mail.ReadMessage(strings.NewReader(string(got.Data)))
	if err != nil {
		t.Fatalf("message is not RFC 5322: %v\n%s", err, got.Data)
	}
	from, err := mail.ParseAddress(parsed.Header.Get("From"))
	if err != nil || from.Address != "no-reply@circle.example" || from.Name != "Circle" {
		t.Errorf("From header %q (%v)", parsed.Header.Get("From"), err)
	}
	to, err := mail.ParseAddress(parsed.Header.Get("To"))
	if err != nil || to.Address != "ana@example.com" {
		t.Errorf("To header %q (%v)", parsed.Header.Get("To"), err)
	}
	if s := parsed.Header.Get("Subject"); s != verifyMessage.Subject {
		t.Errorf("Subject %q, want %q", s, verifyMessage.Subject)
	}
	if ct := parsed.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain") {
		t.Errorf("Content-Type %q, want text/plain", ct)
	}
	body := decodeBody(t, parsed)
	if got := strings.TrimRight(strings.ReplaceAll(body, "\r\n", "\n"), "\n"); got != verifyMessage.Text {
		t.Errorf("body %q, want %q", body, verifyMessage.Text)
	}

	rec := ob.only(t)
	if rec.Status != "sent" || rec.Transport != "smtp" || rec.Error != "" {
		t.Errorf("outbox row status %q transport %q error %q", rec.Status, rec.Transport, rec.Error)
	}
	if rec.To != verifyMessage.To || rec.Subject != verifyMessage.Subject || rec.Text != verifyMessage.Text || rec.Kind != "verify_email" || rec.ID == "" {
		t.Errorf("outbox row %+v", rec)
	}
	if rec.SentAt == nil || !rec.SentAt.Equal(fixedNow()) {
		t.Errorf("outbox sent_at %v, want %v", rec.SentAt, fixedNow())
	}
}

// decodeBody undoes the transfer encoding go-mail chose (quoted-printable for non-ASCII text).
func decodeBody(t *testing.T, m *mail.Message) string {
	t.Helper()
	b, err := io.ReadAll(m.Body)
	if err != nil {
		t.Fatal(err)
	}
	switch strings.ToLower(m.Header.Get("Content-Transfer-Encoding")) {
	case "quoted-printable":
		out, err := io.ReadAll(quotedprintable.NewReader(strings.NewReader(string(b))))
		if err != nil {
			t.Fatalf("quoted-printable body: %v", err)
		}
		return string(out)
	case "base64":
		out, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(string(b)), ""))
		if err != nil {
			t.Fatalf("base64 body: %v", err)
		}
		return string(out)
	}
	return string(b)
}

func TestF_AUTH_06_SMTPAuthPlainSendsCredentials(t *testing.T) {
	relay := startRelay(t, &smtpRelay{users: map[string]string{"circle": "s3cret-pass"}})

	ob := &fakeOutbox{}
	m := mailer(relay, ob, notify.SMTPConfig{TLS: "none", Username: "circle", Password: "s3cret-pass"})
	if err := m.Send(context.Background(), verifyMessage); err != nil {
		t.Fatalf("send with credentials: %v", err)
	}
	msgs := relay.got()
	if len(msgs) != 1 || msgs[0].Auth != "circle:s3cret-pass" {
		t.Fatalf("relay got %+v, want one message sent as circle:s3cret-pass", msgs)
	}
	if rec := ob.only(t); rec.Status != "sent" {
		t.Errorf("outbox status %q, want sent", rec.Status)
	}

	// A wrong password is refused by the server: nothing is delivered and the failure is recorded.
	ob = &fakeOutbox{}
	m = mailer(relay, ob, notify.SMTPConfig{TLS: "none", Username: "circle", Password: "wrong"})
	err := m.Send(context.Background(), verifyMessage)
	if err == nil {
		t.Fatal("send with a wrong password succeeded")
	}
	if len(relay.got()) != 1 {
		t.Errorf("a message was delivered without valid credentials")
	}
	if rec := ob.only(t); rec.Status != "failed" || rec.Error == "" || rec.SentAt != nil {
		t.Errorf("outbox row after auth failure: %+v", rec)
	}
}

func TestF_AUTH_06_SMTPRefusedRecipientRecordsFailure(t *testing.T) {
	relay := startRelay(t, &smtpRelay{rejectRcpt: map[string]bool{"gone@example.com": true}})
	ob := &fakeOutbox{}
	m := mailer(relay, ob, notify.SMTPConfig{TLS: "none"})

	msg := verifyMessage
	msg.To = "gone@example.com"
	err := m.Send(context.Background(), msg)
	if err == nil {
		t.Fatal("send to a refused recipient returned no error")
	}
	if !strings.Contains(err.Error(), "gone@example.com") {
		t.Errorf("error %q does not name the recipient", err)
	}
	if n := len(relay.got()); n != 0 {
		t.Errorf("relay stored %d messages for a refused recipient", n)
	}
	rec := ob.only(t)
	if rec.Status != "failed" || rec.Transport != "smtp" || rec.SentAt != nil {
		t.Errorf("outbox row status %q transport %q sent_at %v", rec.Status, rec.Transport, rec.SentAt)
	}
	if rec.Error != err.Error() || !strings.Contains(rec.Error, "550") && !strings.Contains(rec.Error, "mailbox unavailable") {
		t.Errorf("outbox error %q, returned error %q", rec.Error, err)
	}
	if rec.To != "gone@example.com" || rec.Subject != msg.Subject {
		t.Errorf("outbox row %+v", rec)
	}
}

// The default TLS policy is mandatory STARTTLS: a relay that does not offer it gets nothing,
// least of all the password.
func TestF_AUTH_06_SMTPStartTLSRequiredByDefault(t *testing.T) {
	relay := startRelay(t, &smtpRelay{users: map[string]string{"circle": "s3cret-pass"}})
	ob := &fakeOutbox{}
	m := mailer(relay, ob, notify.SMTPConfig{Username: "circle", Password: "s3cret-pass"})
	if err := m.Send(context.Background(), verifyMessage); err == nil {
		t.Fatal("sent over a connection without STARTTLS although TLS is required")
	}
	if n := len(relay.got()); n != 0 {
		t.Errorf("relay received %d messages over plain text", n)
	}
	if rec := ob.only(t); rec.Status != "failed" || rec.Error == "" {
		t.Errorf("outbox row %+v", rec)
	}
}

func TestF_AUTH_06_SMTPServerDownRecordsFailure(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	_ = ln.Close()
	ob := &fakeOutbox{}
	m := notify.SMTPMailer{Config: notify.SMTPConfig{Host: "127.0.0.1", Port: port, From: "no-reply@circle.example", TLS: "none"}, Outbox: ob, Now: fixedNow}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	err = m.Send(ctx, verifyMessage)
	if err == nil {
		t.Fatal("send to a closed port succeeded")
	}
	if rec := ob.only(t); rec.Status != "failed" || rec.Error != err.Error() {
		t.Errorf("outbox row %+v for error %v", rec, err)
	}
}

// A job's attempt that is not its last leaves no row for a failure (the job retries), and a
// later attempt that delivers leaves one sent row.
func TestF_AUTH_06_SMTPAttemptRecordsFailureOnlyOnTheLast(t *testing.T) {
	relay := startRelay(t, &smtpRelay{rejectRcpt: map[string]bool{"later@example.com": true}})
	ob := &fakeOutbox{}
	m := mailer(relay, ob, notify.SMTPConfig{TLS: "none"})
	msg := verifyMessage
	msg.To = "later@example.com"
	if err := m.Attempt(context.Background(), msg, false); err == nil {
		t.Fatal("attempt to a refused recipient returned no error")
	}
	if len(ob.rows) != 0 {
		t.Fatalf("a failed attempt that is not the last recorded %+v", ob.rows)
	}
	if err := m.Attempt(context.Background(), msg, true); err == nil {
		t.Fatal("last attempt to a refused recipient returned no error")
	}
	if rec := ob.only(t); rec.Status != "failed" || rec.Error == "" {
		t.Fatalf("row after the last attempt: %+v", rec)
	}
	ob = &fakeOutbox{}
	m = mailer(relay, ob, notify.SMTPConfig{TLS: "none"})
	if err := m.Attempt(context.Background(), verifyMessage, false); err != nil {
		t.Fatal(err)
	}
	if rec := ob.only(t); rec.Status != "sent" {
		t.Fatalf("row after a delivery: %+v", rec)
	}
}

// A message that cannot be recorded is reported, even when delivery worked.
func TestF_AUTH_06_SMTPOutboxFailureIsReturned(t *testing.T) {
	relay := startRelay(t, &smtpRelay{})
	ob := &fakeOutbox{err: errors.New("database is gone")}
	m := mailer(relay, ob, notify.SMTPConfig{TLS: "none"})
	err := m.Send(context.Background(), verifyMessage)
	if err == nil || !strings.Contains(err.Error(), "database is gone") {
		t.Fatalf("send with a failing outbox: %v", err)
	}
}

func TestF_AUTH_06_OutboxMailerStoresMessage(t *testing.T) {
	ob := &fakeOutbox{}
	if err := (notify.OutboxMailer{Outbox: ob}).Send(context.Background(), verifyMessage); err != nil {
		t.Fatalf("send: %v", err)
	}
	rec := ob.only(t)
	if rec.Status != "stored" || rec.Transport != "outbox" || rec.Error != "" || rec.SentAt != nil {
		t.Errorf("outbox row status %q transport %q error %q sent_at %v", rec.Status, rec.Transport, rec.Error, rec.SentAt)
	}
	if rec.ID == "" || rec.To != verifyMessage.To || rec.Subject != verifyMessage.Subject || rec.Text != verifyMessage.Text || rec.Kind != verifyMessage.Kind {
		t.Errorf("outbox row %+v, want the message %+v", rec, verifyMessage)
	}

	// Two messages get two ids.
	if err := (notify.OutboxMailer{Outbox: ob}).Send(context.Background(), verifyMessage); err != nil {
		t.Fatal(err)
	}
	if ob.rows[0].ID == ob.rows[1].ID {
		t.Errorf("two messages share the id %s", ob.rows[0].ID)
	}

	failing := &fakeOutbox{err: errors.New("disk full")}
	if err := (notify.OutboxMailer{Outbox: failing}).Send(context.Background(), verifyMessage); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("send with a failing outbox: %v", err)
	}
}
