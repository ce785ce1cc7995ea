package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"circle/internal/demo"
	"circle/internal/httpapi"
	"circle/internal/jobs"
	"circle/internal/marketplace"
	"circle/internal/ops"
	"circle/internal/store"
	"circle/internal/store/storetest"
	"circle/internal/testapp"
)

// TestF_AREA_03_SecurityEventsAndClientErrors (issue 31 item 10): security events filtered by
// kind, user and UTC days, paged without overlap, newest first; the rate indicator counts each of
// the last 24 hours by the app's clock; client errors grouped by message with their count, first
// and last seen and the latest stack, sorted by last seen or count and searched.
func TestF_AREA_03_SecurityEventsAndClientErrors(t *testing.T) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			t.Parallel()
			// Half past the current hour: near the wall clock (the cookie jar reads it), fixed in the hour.
			now := time.Now().UTC().Truncate(time.Hour).Add(30 * time.Minute)
			oldDay := now.AddDate(0, 0, -2).Format(time.DateOnly)
			app, a, adm := adminAt(t, kind, now)
			db := app.DB.Bun()
			ctx := context.Background()
			insert := func(id, typ, user string, at time.Time) {
				var uid any
				if user != "" {
					uid = user
				}
				if _, err := db.NewRaw("INSERT INTO security_events (id, event_type, user_id, event_data, created_at) VALUES (?, ?, ?, '{}', ?)", id, typ, uid, at).Exec(ctx); err != nil {
					t.Fatal(err)
				}
			}
			// 3 this hour, 2 five hours ago, 1 two days ago (outside the indicator).
			for i := 0; i < 3; i++ {
				insert(fmt.Sprintf("se-now-%d", i), "session_validation_failed", "usr-demo-agent", now.Add(-time.Duration(i)*time.Minute))
			}
			insert("se-5h-0", "suspicious_login", "usr-demo-admin", now.Add(-5*time.Hour))
			insert("se-5h-1", "suspicious_login", "", now.Add(-5*time.Hour-time.Minute))
			insert("se-old", "session_validation_failed", "usr-demo-agent", now.AddDate(0, 0, -2))

			var p ops.SecurityEntryPage
			res := a.call(adm, http.MethodGet, "/api/admin/security-events?kind=session_validation_failed&page_size=2", "")
			res.JSON(t, &p)
			if res.Status != 200 || p.Total != 4 || len(p.Events) != 2 || p.Events[0].ID != "se-now-0" || p.Events[0].UserEmail != "agent@demo.test" {
				t.Fatalf("kind filter: %d %+v", res.Status, p)
			}
			var p2 ops.SecurityEntryPage
			a.call(adm, http.MethodGet, "/api/admin/security-events?kind=session_validation_failed&page_size=2&page=2", "").JSON(t, &p2)
			if len(p2.Events) != 2 || p2.Events[0].ID == p.Events[1].ID || p2.Events[1].ID != "se-old" {
				t.Fatalf("page 2 overlaps or is out of order: %+v", p2)
			}
			a.call(adm, http.MethodGet, "/api/admin/security-events?user=admin%40demo", "").JSON(t, &p)
			if p.Total != 1 || p.Events[0].ID != "se-5h-0" {
				t.Fatalf("user filter: %+v", p)
			}
			a.call(adm, http.MethodGet, "/api/admin/security-events?from="+oldDay+"&to="+oldDay, "").JSON(t, &p)
			if p.Total != 1 || p.Events[0].ID != "se-old" {
				t.Fatalf("date filter: %+v", p)
			}
			if res := a.call(adm, http.MethodGet, "/api/admin/security-events?from=2026-11-20&to=2026-11-19", ""); res.Status != 400 || !strings.Contains(string(res.Body), "from") {
				t.Fatalf("reversed range: %d %s", res.Status, res.Body)
			}

			var rate ops.SecurityHourly
			a.call(adm, http.MethodGet, "/api/admin/security-events/hourly", "").JSON(t, &rate)
			if len(rate.Hours) != 24 || rate.Total != 5 || rate.Peak != 3 || rate.Hours[23].Count != 3 || rate.Hours[18].Count != 2 ||
				!rate.Hours[23].Hour.Equal(now.Truncate(time.Hour)) {
				t.Fatalf("hourly: %+v", rate)
			}

			for i, e := range []struct {
				msg, stack string
				at         time.Time
			}{
				{"TypeError: x is undefined", "old stack", now.Add(-3 * time.Hour)},
				{"TypeError: x is undefined", "new stack", now.Add(-time.Hour)},
				{"TypeError: x is undefined", "mid stack", now.Add(-2 * time.Hour)},
				{"ChunkLoadError", "chunk stack", now.Add(-time.Minute)},
			} {
				if _, err := db.NewRaw("INSERT INTO client_errors (id, message, stack, url, created_at) VALUES (?, ?, ?, '/marketplace', ?)",
					fmt.Sprintf("ce-%d", i), e.msg, e.stack, e.at).Exec(ctx); err != nil {
					t.Fatal(err)
				}
			}
			var eg ops.ClientErrorPage
			a.call(adm, http.MethodGet, "/api/admin/client-errors", "").JSON(t, &eg)
			if eg.Total != 2 || eg.Groups[0].Message != "ChunkLoadError" || eg.Groups[1].Count != 3 || eg.Groups[1].SampleStack != "new stack" ||
				!eg.Groups[1].LastSeen.Equal(now.Add(-time.Hour)) || !eg.Groups[1].FirstSeen.Equal(now.Add(-3*time.Hour)) {
				t.Fatalf("groups by last seen: %+v", eg)
			}
			a.call(adm, http.MethodGet, "/api/admin/client-errors?sort=count", "").JSON(t, &eg)
			if eg.Groups[0].Count != 3 {
				t.Fatalf("groups by count: %+v", eg)
			}
			a.call(adm, http.MethodGet, "/api/admin/client-errors?q=chunk", "").JSON(t, &eg)
			if eg.Total != 1 || eg.Groups[0].Message != "ChunkLoadError" {
				t.Fatalf("search: %+v", eg)
			}
		})
	}
}

// TestF_AREA_04_CommandCenterRetriesADeadJob (issue 31 item 11, its acceptance "retry a dead job
// from the command center"): the command center shows the database ping, the queue's counts with
// the dead job, the marketplace cache and the server's own request metrics; the retry puts the
// job back in the queue with a fresh set of attempts and writes job.retry in the audit log; a
// second retry is 409 and writes nothing, an unknown job 404.
func TestF_AREA_04_CommandCenterRetriesADeadJob(t *testing.T) {
	demoEach(t, func(t *testing.T, app *testapp.App) {
		a := adminCaller{t, app}
		adm := app.SignIn(t, "admin@demo.test", demo.Password)
		failed := time.Date(2026, 11, 20, 9, 30, 0, 0, time.UTC)
		// A kind no handler claims, so the retried job stays queued for the test to see.
		dead := jobs.Job{ID: "job-dead-cc", Kind: "test.unclaimed", Payload: `{}`, State: jobs.StateDead, Attempts: 8, MaxAttempts: 8,
			RunAt: failed, LastError: "smtp: connection refused", CreatedAt: failed.Add(-time.Hour), UpdatedAt: failed, FinishedAt: &failed}
		if _, err := app.DB.Bun().NewInsert().Model(&dead).ModelTableExpr("jobs").Exec(context.Background()); err != nil {
			t.Fatal(err)
		}
		var cc httpapi.CommandCenter
		res := a.call(adm, http.MethodGet, "/api/admin/command-center", "")
		res.JSON(t, &cc)
		if res.Status != 200 || !cc.Database.OK || cc.Database.Engine != string(app.DB.Kind()) || cc.Jobs.Dead != 1 || len(cc.Jobs.DeadJobs) != 1 ||
			cc.Jobs.DeadJobs[0].ID != dead.ID || cc.Requests.Total == 0 || len(cc.Requests.Routes) == 0 || len(cc.Caches) != 1 {
			t.Fatalf("command center: %d %s", res.Status, res.Body)
		}

		res = a.call(adm, http.MethodPost, "/api/admin/jobs/job-dead-cc/retry", "")
		if res.Status != 200 {
			t.Fatalf("retry: %d %s", res.Status, res.Body)
		}
		a.call(adm, http.MethodGet, "/api/admin/command-center", "").JSON(t, &cc)
		if cc.Jobs.Dead != 0 || cc.Jobs.Queued != 1 || len(cc.Jobs.DeadJobs) != 0 {
			t.Fatalf("after retry: %+v", cc.Jobs)
		}
		j := jobs.Job{}
		if err := app.DB.Bun().NewSelect().Model(&j).ModelTableExpr("jobs AS job").Where("id = ?", dead.ID).Scan(context.Background()); err != nil {
			t.Fatal(err)
		}
		if j.State != jobs.StateQueued || j.Attempts != 0 || j.FinishedAt != nil {
			t.Fatalf("job after retry: %+v", j)
		}
		log := a.auditLog(adm, "action=job.retry&object_id=job-dead-cc")
		if log.Total != 1 || log.Entries[0].ActorID != "usr-demo-admin" || log.Entries[0].RequestID != "req-admin-test" || log.Entries[0].ObjectKind != "job" {
			t.Fatalf("audit: %+v", log)
		}
		var before struct{ Job struct{ State string } }
		if err := json.Unmarshal(log.Entries[0].Before, &before); err != nil || before.Job.State != "dead" {
			t.Fatalf("audit before: %s", log.Entries[0].Before)
		}
		if res := a.call(adm, http.MethodPost, "/api/admin/jobs/job-dead-cc/retry", ""); res.Status != http.StatusConflict {
			t.Fatalf("second retry: %d %s", res.Status, res.Body)
		}
		if res := a.call(adm, http.MethodPost, "/api/admin/jobs/no-such-job/retry", ""); res.Status != http.StatusNotFound {
			t.Fatalf("unknown job: %d %s", res.Status, res.Body)
		}
		if log := a.auditLog(adm, "action=job.retry"); log.Total != 1 {
			t.Fatalf("refused retries wrote entries: %+v", log)
		}
	})
}

// TestF_AREA_04_SelfTest (issue 31 item 11, /command-center-test): the self-test runs every
// subsystem's check on the server, each with pass or fail and its time, and leaves nothing
// behind (the database check's row was rolled back). A marketplace cache that expired while
// nobody asked for it (a quiet server) passes: the check rebuilds it.
func TestF_AREA_04_SelfTest(t *testing.T) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			t.Parallel()
			// Stopped at the real time: the session cookie's expiry (from the app's clock) must
			// lie ahead of the cookie jar's (real) clock.
			clock := testapp.NewClock(time.Now())
			app := testapp.Start(t, kind, testapp.Options{WarmAfterLoad: true, Clock: clock})
			app.LoadDemo(t)
			app.Warm(t)
			a := adminCaller{t, app}
			adm := app.SignIn(t, "admin@demo.test", demo.Password)
			run := func() (checks []ops.CheckResult) {
				var out struct {
					OK     bool
					Checks []ops.CheckResult
				}
				res := a.call(adm, http.MethodPost, "/api/admin/command-center/self-test", "")
				res.JSON(t, &out)
				if res.Status != 200 || len(out.Checks) != 5 {
					t.Fatalf("self-test: %d %s", res.Status, res.Body)
				}
				names := []string{"database", "mailer", "payments", "storage", "cache"}
				for i, c := range out.Checks {
					if c.Name != names[i] || !c.OK || c.MS < 0 || c.Detail == "" {
						t.Errorf("check %d: %+v", i, c)
					}
				}
				if !out.OK {
					t.Errorf("ok is false: %s", res.Body)
				}
				return out.Checks
			}
			if cache := run()[4]; strings.Contains(cache.Detail, "rebuilt") {
				t.Errorf("a fresh cache was rebuilt: %+v", cache)
			}
			clock.Advance(marketplace.SnapshotTTL + time.Minute)
			if cache := run()[4]; !strings.Contains(cache.Detail, "rebuilt (it had expired)") {
				t.Errorf("an expired cache: %+v, want it rebuilt", cache)
			}
			if cache := run()[4]; strings.Contains(cache.Detail, "rebuilt") {
				t.Errorf("the rebuilt cache expired again at once: %+v", cache)
			}
			var n int
			if err := app.DB.Bun().NewRaw("SELECT COUNT(*) FROM app_events WHERE name = 'self_test'").Scan(context.Background(), &n); err != nil || n != 0 {
				t.Fatalf("self-test rows left: %d %v", n, err)
			}
		})
	}
}

// TestF_AREA_04_ComplianceView (issue 31 item 11, /compliance): the risk matrix counts the
// active services by risk level and vendor kind; the services page filters by both and carries
// the split limits of respa.SplitLimit; the decided co-pay requests list a canceled request with
// its audit pack's address, which an administrator can open.
func TestF_AREA_04_ComplianceView(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		adm := a.SignIn(t, "admin@demo.test", demo.Password)
		var p ops.CompliancePage
		res := call(t, a, adm, "GET", "/api/admin/compliance?page_size=200", nil)
		res.JSON(t, &p)
		if res.Status != 200 || len(p.Matrix) == 0 || p.Total == 0 || len(p.Services) == 0 {
			t.Fatalf("compliance: %d %s", res.Status, res.Body)
		}
		active := 0
		for _, c := range p.Matrix {
			active += c.Services
		}
		var hdr *ops.ComplianceService
		for i, s := range p.Services {
			if s.IsActive {
				active--
			}
			if s.ID == svcHDR {
				hdr = &p.Services[i]
			}
		}
		if p.Total <= 200 && active != 0 {
			t.Errorf("the matrix does not count the active services: off by %d", active)
		}
		// HDR Listing Photography: split limit 50, max vendor split 40, SSP cap 20 (copay_test.go).
		if hdr == nil || hdr.SSPCap != 20 || hdr.NonSSPCap != 40 {
			t.Fatalf("HDR terms: %+v", hdr)
		}
		for _, k := range []string{"ssp", "non_ssp"} {
			var f ops.CompliancePage
			call(t, a, adm, "GET", "/api/admin/compliance?kind="+k, nil).JSON(t, &f)
			for _, s := range f.Services {
				if s.RespaKind != k {
					t.Fatalf("kind=%s lists %+v", k, s)
				}
			}
		}
		var high ops.CompliancePage
		call(t, a, adm, "GET", "/api/admin/compliance?risk=high", nil).JSON(t, &high)
		for _, s := range high.Services {
			if s.RiskLevel != "high" {
				t.Fatalf("risk=high lists %+v", s)
			}
		}

		pro := a.SignIn(t, "pro@demo.test", demo.Password)
		cartOf(t, call(t, a, pro, "DELETE", "/api/cart", nil))
		r := copayView(t, call(t, a, pro, "POST", "/api/copay/requests", copayBody(40, "cmp-1")), 201)
		copayView(t, call(t, a, pro, "POST", "/api/copay/requests/"+r.ID+"/cancel", nil), 200)
		var d ops.CoPayDecisionPage
		call(t, a, adm, "GET", "/api/admin/compliance/co-pay-decisions", nil).JSON(t, &d)
		// The demo's approved request is there too, older.
		if d.Total != 2 || d.Decisions[0].ID != r.ID || d.Decisions[0].Status != "canceled" || d.Decisions[0].AgentEmail != "pro@demo.test" ||
			d.Decisions[0].AuditPackPath != "/api/vendors/"+partnerNonSSP+"/copay-audit/"+d.Decisions[0].AgentID {
			t.Fatalf("decisions: %+v", d)
		}
		if res := call(t, a, adm, "GET", d.Decisions[0].AuditPackPath, nil); res.Status != 200 {
			t.Fatalf("audit pack: %d %s", res.Status, res.Body)
		}
		call(t, a, adm, "GET", "/api/admin/compliance/co-pay-decisions?status=approved", nil).JSON(t, &d)
		if d.Total != 1 || d.Decisions[0].ID != "cpr-demo-approved" || d.Decisions[0].Approved == nil || *d.Decisions[0].Approved != 35 {
			t.Fatalf("approved: %+v", d)
		}
	})
}

// TestF_AREA_04_Funnel (issue 31 item 11, /analytics): the funnel counts each UTC day's
// visitors (distinct viewer keys), views, cart adds, order checkouts and paid orders from the
// existing tables; a reversed range is 400.
func TestF_AREA_04_Funnel(t *testing.T) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			t.Parallel()
			now := time.Now().UTC().Truncate(24 * time.Hour).Add(12 * time.Hour)
			app, a, adm := adminAt(t, kind, now)
			db := app.DB.Bun()
			ctx := context.Background()
			yesterday := now.AddDate(0, 0, -1)
			// Only the test's rows on these two days: the demo's own are cleared first.
			for _, tbl := range []string{"service_views", "cart_items", "checkout_sessions"} {
				if _, err := db.NewRaw("DELETE FROM "+tbl+" WHERE created_at >= ?", yesterday.Truncate(24*time.Hour)).Exec(ctx); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := db.NewRaw("UPDATE orders SET paid_at = NULL WHERE paid_at >= ?", yesterday.Truncate(24*time.Hour)).Exec(ctx); err != nil {
				t.Fatal(err)
			}
			svc := "svc-listingloop-hdr-photos"
			for i, v := range []struct {
				key string
				at  time.Time
			}{{"k1", yesterday}, {"k1", yesterday.Add(time.Minute)}, {"k2", yesterday}, {"k3", now}} {
				if _, err := db.NewRaw("INSERT INTO service_views (id, service_id, viewer_key, created_at) VALUES (?, ?, ?, ?)", fmt.Sprintf("sv-f-%d", i), svc, v.key, v.at).Exec(ctx); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := db.NewRaw("INSERT INTO cart_items (id, user_id, service_id, created_at, updated_at) VALUES ('ci-f-1', 'usr-demo-agent', ?, ?, ?)", svc, yesterday, yesterday).Exec(ctx); err != nil {
				t.Fatal(err)
			}
			day := yesterday.Format(time.DateOnly)
			var f ops.Funnel
			res := a.call(adm, http.MethodGet, "/api/admin/analytics/funnel?from="+day+"&to="+now.Format(time.DateOnly), "")
			res.JSON(t, &f)
			if res.Status != 200 || len(f.Days) != 2 {
				t.Fatalf("funnel: %d %s", res.Status, res.Body)
			}
			y, td := f.Days[0], f.Days[1]
			if y.Day != day || y.Visitors != 2 || y.Views != 3 || y.CartAdds != 1 || td.Visitors != 1 || td.Views != 1 || f.Total.Views != 4 {
				t.Fatalf("funnel days: %+v", f)
			}
			a.call(adm, http.MethodGet, "/api/admin/analytics/funnel", "").JSON(t, &f)
			if len(f.Days) != 14 || f.To != now.Format(time.DateOnly) {
				t.Fatalf("default range: %s..%s, %d days", f.From, f.To, len(f.Days))
			}
			if res := a.call(adm, http.MethodGet, "/api/admin/analytics/funnel?from="+now.Format(time.DateOnly)+"&to="+day, ""); res.Status != 400 {
				t.Fatalf("reversed: %d %s", res.Status, res.Body)
			}
		})
	}
}
