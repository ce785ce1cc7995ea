package auth

import (
	"context"
	"time"

	"circle/internal/account"
)

// Lockout rules (docs/decisions.md): 5 failed attempts within 15 minutes lock the e-mail for
// 15 minutes; a successful sign-in or a password reset clears the counter.
const (
	MaxFailedAttempts = 5
	LockoutWindow     = 15 * time.Minute
	LockoutDuration   = 15 * time.Minute
)

// Session lifetimes (docs/decisions.md).
const (
	AccessTokenTTL = 15 * time.Minute
	UserSessionTTL = 30 * 24 * time.Hour
	// EndedRecordRetention is how long ended sessions, used refresh tokens, expired e-mail
	// links and bot-check challenges are kept. It is at least UserSessionTTL: a used refresh
	// token may be forgotten only once no session of its family can still be live.
	EndedRecordRetention = UserSessionTTL
	UserIdleTimeout      = 7 * 24 * time.Hour
	AdminSessionTTL      = 12 * time.Hour
	AdminIdleTimeout     = 30 * time.Minute
	MaxActiveSessions    = 5
	VerifyTokenTTL       = 48 * time.Hour
	ResetTokenTTL        = time.Hour
	activityWriteEvery   = time.Minute
)

// LockStatus is the answer of check_and_update_lockout.
type LockStatus struct {
	IsLocked             bool `json:"is_locked"`
	AttemptsRemaining    int  `json:"attempts_remaining"`
	TimeRemainingSeconds int  `json:"time_remaining_seconds"`
}

// LoginAttempts is the lockout counter of one identifier (a lower-cased e-mail).
type LoginAttempts struct {
	Identifier      string
	FailedCount     int
	WindowStartedAt time.Time
	LockedUntil     *time.Time
	UpdatedAt       time.Time
}

// Status reads the lock status at now.
func (a LoginAttempts) Status(now time.Time) LockStatus {
	if a.LockedUntil != nil && a.LockedUntil.After(now) {
		secs := int(a.LockedUntil.Sub(now).Seconds() + 0.999)
		return LockStatus{IsLocked: true, AttemptsRemaining: 0, TimeRemainingSeconds: secs}
	}
	if now.Sub(a.WindowStartedAt) > LockoutWindow || a.LockedUntil != nil {
		return LockStatus{AttemptsRemaining: MaxFailedAttempts}
	}
	return LockStatus{AttemptsRemaining: max(0, MaxFailedAttempts-a.FailedCount)}
}

// CountFailure counts one more failed attempt at now and reports whether it counted (false
// while locked: a failure then changes nothing). The failure that reaches the limit locks.
func (a *LoginAttempts) CountFailure(now time.Time) (LockStatus, bool) {
	if a.LockedUntil != nil && a.LockedUntil.After(now) {
		return a.Status(now), false
	}
	if a.LockedUntil != nil || now.Sub(a.WindowStartedAt) > LockoutWindow {
		a.FailedCount, a.WindowStartedAt, a.LockedUntil = 0, now, nil
	}
	a.FailedCount++
	if a.FailedCount >= MaxFailedAttempts {
		until := now.Add(LockoutDuration)
		a.LockedUntil = &until
	}
	a.UpdatedAt = now
	st := LockStatus{AttemptsRemaining: max(0, MaxFailedAttempts-a.FailedCount)}
	if a.LockedUntil != nil {
		st.IsLocked, st.TimeRemainingSeconds = true, int(LockoutDuration.Seconds())
	}
	return st, true
}

// EmailToken is a single-use link token (stored hashed) for verification or reset.
type EmailToken struct {
	TokenHash string
	UserID    string
	Purpose   string
	ExpiresAt time.Time
	UsedAt    *time.Time
	CreatedAt time.Time
}

// Token purposes.
const (
	PurposeVerify = "verify"
	PurposeReset  = "reset"
)

// Store is what the auth service needs from the database.
type Store interface {
	CreateUser(ctx context.Context, u account.User, p account.Profile) error
	UserByEmail(ctx context.Context, email string) (account.User, error)
	UserByID(ctx context.Context, id string) (account.User, error)
	UserByGoogleSubject(ctx context.Context, subject string) (account.User, error)
	LinkGoogle(ctx context.Context, userID, subject string, verify bool) error
	ProfileByUserID(ctx context.Context, userID string) (account.Profile, error)

	LockStatus(ctx context.Context, identifier string) (LockStatus, error)
	// RecordLoginFailure counts a wrong password atomically and returns the status after it;
	// false when the identifier was already locked (nothing counted).
	RecordLoginFailure(ctx context.Context, identifier string) (LockStatus, bool, error)
	ClearLoginAttempts(ctx context.Context, identifier string) error

	CreateEmailToken(ctx context.Context, t EmailToken) error
	UseEmailToken(ctx context.Context, hash, purpose string) (EmailToken, error)
	MarkEmailVerified(ctx context.Context, userID string) error
	SetPassword(ctx context.Context, userID, hash string) error

	// CreateSession also clears the failed sign-in attempts of loginIdentifier.
	CreateSession(ctx context.Context, s account.Session, max int, loginIdentifier string) (ended int, err error)
	SessionOwnerByTokenHash(ctx context.Context, hash string) (account.Session, account.User, account.Profile, error)
	TouchSession(ctx context.Context, id string) error
	RotateRefresh(ctx context.Context, oldRefreshHash, newTokenHash, newRefreshHash string, accessExpires time.Time) (account.Session, error)
	ListSessions(ctx context.Context, userID string) ([]account.Session, error)
	RevokeSessions(ctx context.Context, userID string, ids []string) (int, error)
	RevokeOtherSessions(ctx context.Context, userID, keepID string) error

	UseBotChallenge(ctx context.Context, id string, expires time.Time) error
	PurgeEndedAuthRecords(ctx context.Context, before time.Time) (sessions int64, err error)
}
