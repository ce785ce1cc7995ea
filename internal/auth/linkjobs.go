package auth

import (
	"context"
	"errors"
	"fmt"

	"circle/internal/account"
	"circle/internal/apperr"
	"circle/internal/jobs"
	"circle/internal/notify"
)

// Jobs that e-mail a link. A reset or resend request only checks the address and enqueues one
// of these with it, the same single write whether or not the address has an account, so the
// answer takes as long either way (issue 14: a lookup, a token and an e-mail made a known
// address 8 times slower on PostgreSQL). The job looks the account up, makes the link and
// sends it, or does nothing.
const (
	ResetLinkJobKind  = "auth.reset_link"
	VerifyLinkJobKind = "auth.verify_link"
)

// linkJobMaxAttempts bounds the retries of a link e-mail: backoff 10 s doubling, so the last
// attempt is within three minutes of the request; a link later than that is no help to
// someone waiting for it, who can ask again.
const linkJobMaxAttempts = 5

// JobQueue takes background work, each job in a statement of its own: a link request writes
// nothing else, so it never needs the caller's transaction (RegisterJobs adapts jobs.Runner).
type JobQueue interface {
	Enqueue(ctx context.Context, j jobs.Job) (jobs.Job, error)
}

// ownStatement enqueues on a jobs.Runner outside any transaction.
type ownStatement struct{ r *jobs.Runner }

func (q ownStatement) Enqueue(ctx context.Context, j jobs.Job) (jobs.Job, error) {
	return q.r.Enqueue(ctx, j)
}

// linkJob is the payload of the link jobs: the address as typed, lower-cased.
type linkJob struct {
	Email string `json:"email"`
}

// RegisterJobs registers the link jobs with r and makes r the service's queue.
func (s *Service) RegisterJobs(r *jobs.Runner) {
	r.Handle(ResetLinkJobKind, s.SendResetLink)
	r.Handle(VerifyLinkJobKind, s.SendVerificationLink)
	s.Jobs = ownStatement{r}
}

var errNoJobQueue = errors.New("auth: no job queue for link e-mails")

// LinkJob is the job that e-mails a link of the kind (ResetLinkJobKind or VerifyLinkJobKind) to
// the address. The back office enqueues it in the transaction of its audit entry (issue 31).
func LinkJob(kind, email string) (jobs.Job, error) {
	j, err := jobs.New(kind, linkJob{Email: normalizeEmail(email)})
	if err != nil {
		return j, err
	}
	j.MaxAttempts = linkJobMaxAttempts
	return j, nil
}

func (s *Service) enqueueLink(ctx context.Context, kind, email string) error {
	if s.Jobs == nil {
		return errNoJobQueue
	}
	j, err := LinkJob(kind, email)
	if err != nil {
		return err
	}
	if _, err := s.Jobs.Enqueue(ctx, j); err != nil {
		return fmt.Errorf("queue %s: %w", kind, err)
	}
	return nil
}

// linkJobUser reads the job's address and its account; ok is false when it has none.
func (s *Service) linkJobUser(ctx context.Context, j jobs.Job) (account.User, bool, error) {
	var p linkJob
	if err := j.Decode(&p); err != nil {
		return account.User{}, false, err
	}
	u, err := s.Store.UserByEmail(ctx, p.Email)
	if apperr.IsNotFound(err) {
		return u, false, nil
	}
	if err != nil {
		return u, false, err
	}
	return u, true, nil
}

// SendResetLink is the reset-link job: it e-mails a new reset link when the address has an
// account (ending the earlier links, CreateEmailToken) and does nothing otherwise. Run twice
// (a worker stopped before recording it), it sends a second link that ends the first.
func (s *Service) SendResetLink(ctx context.Context, j jobs.Job) error {
	u, ok, err := s.linkJobUser(ctx, j)
	if err != nil || !ok {
		return err
	}
	return s.sendLink(ctx, u, PurposeReset, ResetTokenTTL, notify.Message{Kind: "reset_password", Subject: "Reset your Circle password"},
		"Someone asked to reset the password of your Circle account.\n\nChoose a new password here:\n\n",
		"\n\nThe link works for 1 hour. If it was not you, ignore this message; your password stays the same.\n\n— The Circle team")
}

// SendVerificationLink is the resend job: it e-mails a new verification link when the address
// has an account not yet verified, and does nothing otherwise.
func (s *Service) SendVerificationLink(ctx context.Context, j jobs.Job) error {
	u, ok, err := s.linkJobUser(ctx, j)
	if err != nil || !ok || u.EmailVerifiedAt != nil {
		return err
	}
	return s.sendVerification(ctx, u)
}
