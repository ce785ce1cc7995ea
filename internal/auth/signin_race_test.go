package auth_test

import (
	"context"
	"testing"
	"time"

	"circle/internal/account"
	"circle/internal/apperr"
	"circle/internal/auth"
)

// lockedMeanwhile is a store where the e-mail is unlocked when the sign-in starts and locked by
// concurrent failures by the time the right password has been checked.
type lockedMeanwhile struct {
	auth.Store
	user     account.User
	reads    int
	sessions int
}

func (f *lockedMeanwhile) LockStatus(context.Context, string) (auth.LockStatus, error) {
	f.reads++
	if f.reads == 1 {
		return auth.LockStatus{AttemptsRemaining: 1}, nil
	}
	return auth.LockStatus{IsLocked: true, TimeRemainingSeconds: 900}, nil
}

func (f *lockedMeanwhile) UserByEmail(context.Context, string) (account.User, error) {
	return f.user, nil
}

func (f *lockedMeanwhile) ClearLoginAttempts(context.Context, string) error {
	return nil
}

func (f *lockedMeanwhile) CreateSession(context.Context, account.Session, int, string) (int, error) {
	f.sessions++
	return 0, nil
}

// F-AUTH-04 (issue 14 item 10): a right password that finds the e-mail locked by failures
// counted while it was being checked is refused and starts no session, so a right guess sent
// inside a burst of wrong ones gets in only if it came before the lock.
func TestF_AUTH_04_RightPasswordAfterTheLockIsRefused(t *testing.T) {
	hash, err := account.HashPassword("Right-Passw0rd!")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	st := &lockedMeanwhile{user: account.User{ID: "u1", Email: "a@example.com", PasswordHash: hash, EmailVerifiedAt: &now}}
	svc := &auth.Service{Store: st, Now: time.Now}
	_, err = svc.SignIn(t.Context(), "a@example.com", "Right-Passw0rd!", auth.Client{})
	e, ok := apperr.As(err)
	if !ok || e.Code != apperr.Locked || st.sessions != 0 {
		t.Fatalf("sign-in: %v (sessions started %d), want the locked error and no session", err, st.sessions)
	}
}
