package monitor_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"circle/internal/account"
	"circle/internal/apperr"
	"circle/internal/clocktest"
	"circle/internal/monitor"
	"circle/internal/notify"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

// eachWithClock runs fn on every engine, the store reading clk (15:04:05, 5 s into a
// 10-second security event bucket), with two users.
func eachWithClock(t *testing.T, fn func(t *testing.T, svc *monitor.Service, db *store.DB, clk *clocktest.Clock)) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			clk := clocktest.New(time.Date(2026, 3, 2, 15, 4, 5, 0, time.UTC))
			db := storetest.Open(t, kind, store.WithClock(clk.Now))
			for _, id := range []string{"usr-a", "usr-b"} {
				if err := store.NewAccounts(db).CreateUser(context.Background(), account.User{ID: id, Email: id + "@example.com"}, account.Profile{UserID: id, DisplayName: id}); err != nil {
					t.Fatal(err)
				}
			}
			fn(t, &monitor.Service{Store: store.NewMonitorStore(db)}, db, clk)
		})
	}
}

func strp(s string) *string { return &s }

func TestReportClientError(t *testing.T) {
	eachWithClock(t, func(t *testing.T, svc *monitor.Service, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		cases := []struct {
			name    string
			report  monitor.ClientErrorReport
			code    apperr.Code
			field   string
			errType string
		}{
			{"defaults to runtime", monitor.ClientErrorReport{UserID: strp("usr-a"), Message: "boom", Metadata: map[string]any{"k": 1}}, "", "", "runtime"},
			{"a visitor's network error", monitor.ClientErrorReport{Message: "offline", ErrorType: "network_error"}, "", "", "network_error"},
			{"metadata too large", monitor.ClientErrorReport{Message: "boom", Metadata: map[string]any{"k": strings.Repeat("x", 8000)}}, apperr.Invalid, "metadata", ""},
			{"blank message", monitor.ClientErrorReport{}, apperr.Invalid, "message", ""},
			{"unknown type", monitor.ClientErrorReport{Message: "boom", ErrorType: "odd"}, apperr.Invalid, "error_type", ""},
		}
		for _, c := range cases {
			// Each report a second later, so the newest row is this case's (rows stored in the
			// same instant have no order).
			clk.Advance(time.Second)
			id, err := svc.ReportClientError(ctx, c.report)
			if c.code != "" {
				if apperr.CodeOf(err) != c.code || !hasField(err, c.field) {
					t.Fatalf("%s: %v", c.name, err)
				}
				continue
			}
			if err != nil || id == "" {
				t.Fatalf("%s: %q %v", c.name, id, err)
			}
			rows, err := store.NewOps(db).RecentClientErrors(ctx, 1)
			if err != nil || len(rows) != 1 || rows[0].ID != id || rows[0].ErrorType != c.errType {
				t.Fatalf("%s: stored %+v %v", c.name, rows, err)
			}
		}
	})
}

func TestRecordAppEvent(t *testing.T) {
	eachWithClock(t, func(t *testing.T, svc *monitor.Service, db *store.DB, _ *clocktest.Clock) {
		ctx := context.Background()
		if _, err := svc.RecordAppEvent(ctx, nil, "logout", map[string]any{"k": strings.Repeat("x", 4000)}); apperr.CodeOf(err) != apperr.Invalid || !hasField(err, "payload") {
			t.Fatalf("large payload: %v", err)
		}
		id, err := svc.RecordAppEvent(ctx, strp("usr-a"), "login_success", map[string]any{"method": "password"})
		if err != nil {
			t.Fatal(err)
		}
		rows, err := store.NewOps(db).AppEvents(ctx, "login_success", 5)
		if err != nil || len(rows) != 1 || rows[0].ID != id || rows[0].Payload != `{"method":"password"}` || *rows[0].UserID != "usr-a" {
			t.Fatalf("stored %+v %v", rows, err)
		}
	})
}

// TestSecurityEventBuckets: one event per user and type per 10-second bucket, shown by moving
// the clock across the bucket's edge.
func TestSecurityEventBuckets(t *testing.T) {
	eachWithClock(t, func(t *testing.T, svc *monitor.Service, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		report := func(user, kind string) monitor.SecurityEventReport {
			return monitor.SecurityEventReport{UserID: user, EventType: kind, EventData: map[string]any{"k": "v"}, UserAgent: "ua", IPAddress: "203.0.113.9"}
		}
		steps := []struct {
			name     string
			advance  time.Duration
			report   monitor.SecurityEventReport
			recorded bool
		}{
			{"first", 0, report("usr-a", "password_change"), true},
			{"again in the bucket", 4 * time.Second, report("usr-a", "password_change"), false},
			{"another user", 0, report("usr-b", "password_change"), true},
			{"another type", 0, report("usr-a", "mfa_reset"), true},
			{"next bucket", time.Second, report("usr-a", "password_change"), true},
			{"again in the next bucket", 9 * time.Second, report("usr-a", "password_change"), false},
		}
		for _, st := range steps {
			clk.Advance(st.advance)
			got, err := svc.RecordSecurityEvent(ctx, st.report)
			if err != nil || got != st.recorded {
				t.Fatalf("%s at %s: recorded %v, want %v (%v)", st.name, clk.Now().Format(time.TimeOnly), got, st.recorded, err)
			}
		}
		rows, err := store.NewAccounts(db).SecurityEvents(ctx, 1)
		if err != nil || len(rows) != 1 || rows[0].EventData != `{"ip_address":"203.0.113.9","k":"v","user_agent":"ua"}` {
			t.Fatalf("event data %+v %v", rows, err)
		}
		big := report("usr-a", "other")
		big.EventData = map[string]any{"k": strings.Repeat("x", 4000)}
		if _, err := svc.RecordSecurityEvent(ctx, big); apperr.CodeOf(err) != apperr.Invalid || !hasField(err, "event_data") {
			t.Fatalf("large data: %v", err)
		}
	})
}

func TestOutbox(t *testing.T) {
	eachWithClock(t, func(t *testing.T, svc *monitor.Service, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		if got, err := svc.Outbox(ctx, "", 10); err != nil || got == nil || len(got) != 0 {
			t.Fatalf("empty outbox: %#v %v", got, err)
		}
		mailer := notify.OutboxMailer{Outbox: store.NewOps(db)}
		for _, to := range []string{"ann@example.com", "bob@example.com", "ann@example.com"} {
			clk.Advance(time.Second)
			if err := mailer.Send(ctx, notify.Message{To: to, Subject: "hi", Kind: "test"}); err != nil {
				t.Fatal(err)
			}
		}
		cases := []struct {
			to    string
			limit int
			want  int
		}{{"", 10, 3}, {"", 2, 2}, {"  ANN@example.com ", 10, 2}, {"carol@example.com", 10, 0}}
		for _, c := range cases {
			got, err := svc.Outbox(ctx, c.to, c.limit)
			if err != nil || len(got) != c.want {
				t.Fatalf("outbox %q limit %d: %d e-mails, want %d (%v)", c.to, c.limit, len(got), c.want, err)
			}
		}
	})
}

func hasField(err error, field string) bool {
	e, ok := apperr.As(err)
	if !ok {
		return false
	}
	for _, f := range e.Fields {
		if f.Field == field {
			return true
		}
	}
	return false
}
