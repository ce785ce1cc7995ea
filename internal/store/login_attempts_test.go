package store_test

import (
	"sync/atomic"
	"testing"

	"circle/internal/account"
	"circle/internal/auth"
	"circle/internal/ids"
	"circle/internal/store"
)

// F-AUTH-04: 50 failures at once on an e-mail never seen (the first insert races the
// others) count exactly five times, and the fifth locks.
func TestF_AUTH_04_ConcurrentFirstFailuresCountEveryAttempt(t *testing.T) {
	each(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		const email = "race@example.com"
		var locked atomic.Int64
		counted := concurrently(t, 50, func() (bool, error) {
			st, ok, err := store.NewAccounts(db).RecordLoginFailure(ctx, email)
			if st.IsLocked {
				locked.Add(1)
			}
			return ok, err
		})
		if counted != auth.MaxFailedAttempts || locked.Load() != 50-auth.MaxFailedAttempts+1 {
			t.Fatalf("%d counted and %d saw the lock, want %d and %d", counted, locked.Load(), auth.MaxFailedAttempts, 50-auth.MaxFailedAttempts+1)
		}
		st, err := store.NewAccounts(db).LockStatus(ctx, email)
		if err != nil || !st.IsLocked || st.AttemptsRemaining != 0 {
			t.Fatalf("status after the race: %+v %v", st, err)
		}
	})
}

// F-AUTH-04: starting a session clears the failed attempts of the e-mail it names, in the same
// transaction, and no other e-mail's.
func TestF_AUTH_04_SessionStartClearsAttempts(t *testing.T) {
	each(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		u := newUser(t, db, "clear@example.com", account.Profile{DisplayName: "Clear"})
		for _, email := range []string{u.Email, u.Email, "other@example.com"} {
			if _, ok, err := store.NewAccounts(db).RecordLoginFailure(ctx, email); err != nil || !ok {
				t.Fatalf("failure %s: ok=%v %v", email, ok, err)
			}
		}
		if st, _ := store.NewAccounts(db).LockStatus(ctx, u.Email); st.AttemptsRemaining != auth.MaxFailedAttempts-2 {
			t.Fatalf("two failures left %+v", st)
		}
		now := db.Now()
		s := account.Session{
			ID: ids.New(), UserID: u.ID, TokenHash: ids.New(), RefreshHash: ids.New(), FamilyID: ids.New(),
			ExpiresAt: now.Add(auth.UserSessionTTL), IdleTimeoutSeconds: 60,
		}
		if _, err := store.NewAccounts(db).CreateSession(ctx, s, auth.MaxActiveSessions, u.Email); err != nil {
			t.Fatal(err)
		}
		if st, _ := store.NewAccounts(db).LockStatus(ctx, u.Email); st.AttemptsRemaining != auth.MaxFailedAttempts {
			t.Errorf("after the session started: %+v, want the full allowance", st)
		}
		if st, _ := store.NewAccounts(db).LockStatus(ctx, "other@example.com"); st.AttemptsRemaining != auth.MaxFailedAttempts-1 {
			t.Errorf("another e-mail's attempts changed: %+v", st)
		}
		// The next failure starts a new count from one.
		if st, ok, err := store.NewAccounts(db).RecordLoginFailure(ctx, u.Email); err != nil || !ok || st.AttemptsRemaining != auth.MaxFailedAttempts-1 {
			t.Errorf("first failure after the session: %+v ok=%v %v", st, ok, err)
		}
	})
}
