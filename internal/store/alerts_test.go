package store_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"circle/internal/clocktest"
	"circle/internal/ids"
	"circle/internal/monitor"
	"circle/internal/notify"
	"circle/internal/ops"
	"circle/internal/store"
)

// TestF_AREA_03_ThresholdAlertsOncePerWindow (issue 31 item 10), on both engines with a fake
// clock: 14 client errors in a 15-minute window send nothing; the 15th makes the window's run
// e-mail the operations address once, with the most frequent messages first, however often
// the window is checked; 19 security events in the next window send nothing, 20 send the
// security alert (and no errors alert for a window without errors).
func TestF_AREA_03_ThresholdAlertsOncePerWindow(t *testing.T) {
	eachWithClock(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		const to = "ops@circle.test"
		alerts := &ops.Alerts{Store: store.NewOpsStore(db), Mailer: notify.OutboxMailer{Outbox: store.NewOps(db)}, Now: clk.Now, To: to, BaseURL: "https://circle.test"}
		clientError := func(msg string) {
			t.Helper()
			if err := store.NewOps(db).InsertClientError(ctx, monitor.ClientError{ID: ids.New(), URL: "/marketplace", ErrorType: "runtime", Message: msg, Metadata: "{}"}); err != nil {
				t.Fatal(err)
			}
		}
		securityEvent := func(kind string) {
			t.Helper()
			clk.Advance(11 * time.Second) // past the 10-second dedupe bucket
			if ok, err := store.NewAccounts(db).InsertSecurityEvent(ctx, monitor.SecurityEvent{ID: ids.New(), EventType: kind, EventData: "{}"}); err != nil || !ok {
				t.Fatalf("security event: %v %v", ok, err)
			}
		}
		mail := func() []notify.OutboxEmail {
			t.Helper()
			out, err := store.NewOps(db).OutboxEmails(ctx, to, 10)
			if err != nil {
				t.Fatal(err)
			}
			return out
		}
		check := func() {
			t.Helper()
			if _, err := alerts.Check(ctx); err != nil {
				t.Fatal(err)
			}
		}

		start := clk.Now() // 09:00, a window's start
		for i := range 14 {
			if i < 10 {
				clientError("TypeError: price is undefined")
			} else {
				clientError("Failed to fetch")
			}
			clk.Advance(time.Minute)
		}
		clk.Set(start.Add(15*time.Minute + time.Second))
		check()
		if got := mail(); len(got) != 0 {
			t.Fatalf("14 errors sent %d alerts", len(got))
		}

		clk.Set(start.Add(14 * time.Minute))
		clientError("Failed to fetch")
		clk.Set(start.Add(15*time.Minute + 30*time.Second))
		check()
		check() // another replica, or a retry: the same window
		got := mail()
		if len(got) != 1 || got[0].Kind != ops.AlertClientErrors || got[0].Subject != "Circle alert: 15 client errors in 15 minutes" ||
			!strings.Contains(got[0].Text, "- 10 × TypeError: price is undefined\n- 5 × Failed to fetch\n") ||
			!strings.Contains(got[0].Text, "from 2026-11-28 09:00 to 09:15 UTC") || !strings.Contains(got[0].Text, "https://circle.test/admin/security") {
			t.Fatalf("the errors alert: %+v", got)
		}

		// 09:15-09:30: 19 security events, under the threshold.
		clk.Set(start.Add(15 * time.Minute))
		for i := range 19 {
			securityEvent([]string{"session_validation_failed", "admin_auth_change"}[i%2])
		}
		clk.Set(start.Add(30*time.Minute + time.Second))
		check()
		if got := mail(); len(got) != 1 {
			t.Fatalf("19 security events: %d messages", len(got))
		}
		// 09:30-09:45: 20 of them, and no client error.
		for i := range 20 {
			securityEvent([]string{"session_validation_failed", "admin_auth_change"}[i%3/2])
		}
		clk.Set(start.Add(45*time.Minute + time.Second))
		check()
		got = mail()
		if len(got) != 2 || got[0].Kind != ops.AlertSecurityEvents || got[0].Subject != "Circle alert: 20 security events in 15 minutes" ||
			!strings.Contains(got[0].Text, "- 14 × session_validation_failed\n- 6 × admin_auth_change\n") {
			t.Fatalf("the security alert (newest first): %+v", got)
		}
	})
}
