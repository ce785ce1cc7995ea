package auth_test

import (
	"testing"
	"time"

	"circle/internal/apperr"
	"circle/internal/auth"
)

// lockoutClock is a fake clock for the lockout rules.
type lockoutClock struct{ t time.Time }

func (c *lockoutClock) now() time.Time          { return c.t }
func (c *lockoutClock) advance(d time.Duration) { c.t = c.t.Add(d) }
func newLockoutClock() *lockoutClock {
	return &lockoutClock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
}
func freshAttempts(now time.Time) *auth.LoginAttempts {
	return &auth.LoginAttempts{Identifier: "a@example.com", WindowStartedAt: now}
}

// F-AUTH-04: five failures lock the identifier for 15 minutes; attempts_remaining counts
// down on the way; while locked every failure is refused and counts nothing.
func TestF_AUTH_04_FiveAttemptsLockForFifteenMinutes(t *testing.T) {
	if auth.MaxFailedAttempts != 5 || auth.LockoutWindow != 15*time.Minute || auth.LockoutDuration != 15*time.Minute {
		t.Fatalf("lockout constants differ from docs/decisions.md: %d %v %v", auth.MaxFailedAttempts, auth.LockoutWindow, auth.LockoutDuration)
	}
	clk := newLockoutClock()
	a := freshAttempts(clk.now())
	if st := a.Status(clk.now()); st != (auth.LockStatus{AttemptsRemaining: 5}) {
		t.Fatalf("fresh status %+v", st)
	}
	for i := 1; i <= 4; i++ {
		clk.advance(10 * time.Second)
		st, ok := a.CountFailure(clk.now())
		if !ok || st.IsLocked || st.AttemptsRemaining != 5-i || st.TimeRemainingSeconds != 0 {
			t.Fatalf("failure %d: %+v ok=%v", i, st, ok)
		}
		if got := a.Status(clk.now()); got != st {
			t.Fatalf("status after failure %d = %+v, reserve said %+v", i, got, st)
		}
	}
	clk.advance(10 * time.Second)
	st, ok := a.CountFailure(clk.now())
	if !ok || !st.IsLocked || st.AttemptsRemaining != 0 || st.TimeRemainingSeconds != 900 {
		t.Fatalf("fifth failure: %+v ok=%v (it goes ahead and locks)", st, ok)
	}
	if a.LockedUntil == nil || !a.LockedUntil.Equal(clk.now().Add(15*time.Minute)) {
		t.Fatalf("locked until %v, want %v", a.LockedUntil, clk.now().Add(15*time.Minute))
	}
	lockedAt := clk.now()
	// Refused while locked; the count does not move.
	for _, d := range []time.Duration{0, time.Second, 5 * time.Minute, 14*time.Minute + 59*time.Second} {
		now := lockedAt.Add(d)
		st, ok := a.CountFailure(now)
		if ok || !st.IsLocked || st.AttemptsRemaining != 0 {
			t.Fatalf("failure %v into the lock: %+v ok=%v", d, st, ok)
		}
		if a.FailedCount != 5 {
			t.Fatalf("a refused failure changed the count to %d", a.FailedCount)
		}
	}
	// At the end of the lock a new window starts with a full allowance.
	end := lockedAt.Add(15 * time.Minute)
	if st := a.Status(end); st.IsLocked || st.AttemptsRemaining != 5 {
		t.Fatalf("status at the end of the lock: %+v", st)
	}
	st, ok = a.CountFailure(end)
	if !ok || st.IsLocked || st.AttemptsRemaining != 4 || a.LockedUntil != nil || !a.WindowStartedAt.Equal(end) {
		t.Fatalf("first failure after the lock: %+v ok=%v attempts=%+v", st, ok, a)
	}
}

// time_remaining_seconds counts down to zero (rounded up to whole seconds) and the lock ends.
func TestF_AUTH_04_TimeRemainingCountsDown(t *testing.T) {
	clk := newLockoutClock()
	a := freshAttempts(clk.now())
	for range 5 {
		a.CountFailure(clk.now())
	}
	cases := []struct {
		after time.Duration
		want  int
	}{
		{0, 900},
		{time.Millisecond, 900},
		{time.Second, 899},
		{90 * time.Second, 810},
		{14*time.Minute + 59*time.Second, 1},
		{14*time.Minute + 59*time.Second + 500*time.Millisecond, 1},
	}
	prev := 901
	for _, c := range cases {
		st := a.Status(clk.now().Add(c.after))
		if !st.IsLocked || st.TimeRemainingSeconds != c.want || st.AttemptsRemaining != 0 {
			t.Fatalf("after %v: %+v, want locked with %d s", c.after, st, c.want)
		}
		if st.TimeRemainingSeconds > prev {
			t.Fatalf("time remaining went up: %d after %d", st.TimeRemainingSeconds, prev)
		}
		prev = st.TimeRemainingSeconds
	}
	if st := a.Status(clk.now().Add(15 * time.Minute)); st.IsLocked || st.TimeRemainingSeconds != 0 {
		t.Fatalf("at 15 minutes: %+v, want unlocked", st)
	}
}

// Failures spread over more than the 15-minute window never lock: the window resets.
func TestF_AUTH_04_WindowResetsAfterFifteenMinutes(t *testing.T) {
	clk := newLockoutClock()
	a := freshAttempts(clk.now())
	for i := range 4 {
		st, ok := a.CountFailure(clk.now())
		if !ok || st.AttemptsRemaining != 4-i {
			t.Fatalf("failure %d: %+v", i+1, st)
		}
	}
	// Still inside the window at exactly 15 minutes: the fifth locks.
	inside := *a
	if st, _ := inside.CountFailure(clk.now().Add(15 * time.Minute)); !st.IsLocked {
		t.Fatalf("fifth failure at exactly 15 minutes did not lock: %+v", st)
	}
	// Past the window the status shows a full allowance and the next failure starts over.
	clk.advance(15*time.Minute + time.Second)
	if st := a.Status(clk.now()); st.AttemptsRemaining != 5 || st.IsLocked {
		t.Fatalf("status after the window: %+v", st)
	}
	st, ok := a.CountFailure(clk.now())
	if !ok || st.IsLocked || st.AttemptsRemaining != 4 || a.FailedCount != 1 || !a.WindowStartedAt.Equal(clk.now()) {
		t.Fatalf("first failure of a new window: %+v attempts=%+v", st, a)
	}
	// Four more inside the new window lock it.
	for range 3 {
		clk.advance(time.Minute)
		if st, _ := a.CountFailure(clk.now()); st.IsLocked {
			t.Fatalf("locked too early: %+v", st)
		}
	}
	clk.advance(time.Minute)
	if st, ok := a.CountFailure(clk.now()); !ok || !st.IsLocked || st.TimeRemainingSeconds != 900 {
		t.Fatalf("fifth failure of the new window: %+v ok=%v", st, ok)
	}
}

// A zero-value row (an identifier never seen, as the store builds it) behaves as fresh.
func TestF_AUTH_04_ZeroAttemptsRow(t *testing.T) {
	now := newLockoutClock().now()
	var a auth.LoginAttempts
	if st := a.Status(now); st.IsLocked || st.AttemptsRemaining != 5 {
		t.Fatalf("zero row status %+v", st)
	}
	st, ok := a.CountFailure(now)
	if !ok || st.AttemptsRemaining != 4 || a.FailedCount != 1 || !a.UpdatedAt.Equal(now) {
		t.Fatalf("zero row failure %+v %+v", st, a)
	}
}

// The "Account Locked" error rounds the seconds up to whole minutes (01§8) and carries
// Retry-After.
func TestF_AUTH_04_LockedErrorMinutes(t *testing.T) {
	cases := []struct {
		secs int
		msg  string
	}{
		{900, "Account is temporarily locked. Try again in 15 minutes."},
		{841, "Account is temporarily locked. Try again in 15 minutes."},
		{840, "Account is temporarily locked. Try again in 14 minutes."},
		{61, "Account is temporarily locked. Try again in 2 minutes."},
		{1, "Account is temporarily locked. Try again in 1 minutes."},
	}
	for _, c := range cases {
		ae, ok := apperr.As(auth.LockedError(auth.LockStatus{IsLocked: true, TimeRemainingSeconds: c.secs}))
		if !ok {
			t.Fatal("LockedError is not an *apperr.Error")
		}
		if ae.Message != c.msg || ae.RetryAfterSeconds != c.secs || ae.Code != apperr.Locked {
			t.Errorf("%d s: %q retry %d code %s", c.secs, ae.Message, ae.RetryAfterSeconds, ae.Code)
		}
	}
}
