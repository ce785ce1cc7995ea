package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"circle/internal/admin"
	"circle/internal/audit"
	"circle/internal/demo"
	"circle/internal/store"
	"circle/internal/testapp"
)

// adminScene is a new demo app with the admin, the agent and the vendor signed in: how the
// back office's API tests start.
type adminScene struct {
	a                  *testapp.App
	ac                 adminCaller
	adm, agent, vendor *http.Client
}

// adminEach runs fn on every engine in parallel subtests, each on its own adminScene.
func adminEach(t *testing.T, fn func(t *testing.T, s adminScene)) {
	demoEach(t, func(t *testing.T, a *testapp.App) {
		fn(t, adminScene{a: a, ac: adminCaller{t, a}, adm: a.SignIn(t, "admin@demo.test", demo.Password),
			agent: a.SignIn(t, "agent@demo.test", demo.Password), vendor: a.SignIn(t, "vendor@demo.test", demo.Password)})
	})
}

// adminAt starts an app of kind whose clock stands at now, with the demo data, and signs the
// demo administrator in: the set-up of the admin reports that count by day, which need the
// clock fixed where adminEach leaves it running.
func adminAt(t *testing.T, kind store.Kind, now time.Time) (*testapp.App, adminCaller, *http.Client) {
	t.Helper()
	app := testapp.Start(t, kind, testapp.Options{Clock: testapp.NewClock(now)})
	app.LoadDemo(t)
	return app, adminCaller{t, app}, app.SignIn(t, "admin@demo.test", demo.Password)
}

type adminCaller struct {
	t   *testing.T
	app *testapp.App
}

func (a adminCaller) call(c *http.Client, method, path, body string) testapp.Response {
	a.t.Helper()
	var b []byte
	if body != "" {
		b = []byte(body)
	}
	return a.app.DoWith(a.t, c, method, path, b, http.Header{"X-Request-Id": {"req-admin-test"}})
}

func (a adminCaller) auditLog(c *http.Client, query string) audit.RecordPage {
	a.t.Helper()
	res := a.call(c, http.MethodGet, "/api/admin/audit?"+query, "")
	if res.Status != http.StatusOK {
		a.t.Fatalf("audit log ?%s: %d %s", query, res.Status, res.Body)
	}
	var p audit.RecordPage
	res.JSON(a.t, &p)
	return p
}

// TestF_AREA_03_AuditLogWrittenWithTheChange: a role grant, a revoke and a configuration change
// each write one audit entry with the administrator (from the access check, not the body), the
// request id and the object before and after; a refused change (a role already held, an
// invalid configuration value) writes none, because the entry shares the change's
// transaction. The log is searched by action, actor and object, paged, and refuses updates.
func TestF_AREA_03_AuditLogWrittenWithTheChange(t *testing.T) {
	adminEach(t, func(t *testing.T, s adminScene) {
		app, a, adm, agent := s.a, s.ac, s.adm, s.agent

		if res := a.call(adm, http.MethodPost, "/api/admin/users/usr-demo-agent/roles", `{"role":"creator","reason":"audit test"}`); res.Status != http.StatusCreated {
			t.Fatalf("grant: %d %s", res.Status, res.Body)
		}
		// Held already: 409 and no second entry.
		if res := a.call(adm, http.MethodPost, "/api/admin/users/usr-demo-agent/roles", `{"role":"creator"}`); res.Status != http.StatusConflict {
			t.Fatalf("grant again: %d %s", res.Status, res.Body)
		}
		p := a.auditLog(adm, "action=role.grant&object_id=usr-demo-agent")
		if p.Total != 1 || len(p.Entries) != 1 {
			t.Fatalf("grant entries: %+v, want exactly one (the refused grant writes none)", p)
		}
		e := p.Entries[0]
		var after struct {
			Role, Reason string
			GrantedBy    string `json:"granted_by"`
		}
		if err := json.Unmarshal(e.After, &after); err != nil {
			t.Fatal(err)
		}
		if e.ActorID != "usr-demo-admin" || e.ActorEmail != "admin@demo.test" || e.RequestID != "req-admin-test" || e.ObjectKind != "user" ||
			string(e.Before) != "null" || after.Role != "creator" || after.Reason != "audit test" || after.GrantedBy != "usr-demo-admin" {
			t.Fatalf("grant entry: %+v after %+v", e, after)
		}
		if res := a.call(adm, http.MethodDelete, "/api/admin/users/usr-demo-agent/roles/creator", ""); res.Status != http.StatusNoContent {
			t.Fatalf("revoke: %d %s", res.Status, res.Body)
		}

		// Configuration: an invalid value changes nothing and writes nothing; a valid one both.
		if res := a.call(adm, http.MethodPatch, "/api/admin/config", `{"changes":[{"key":"maintenance_mode","value":"true"},{"key":"min_build_version","value":"x"}]}`); res.Status != http.StatusBadRequest || !strings.Contains(string(res.Body), "min_build_version") {
			t.Fatalf("invalid config: %d %s", res.Status, res.Body)
		}
		if n := a.auditLog(adm, "action=config.change").Total; n != 0 {
			t.Fatalf("a refused configuration change wrote %d entries", n)
		}
		if res := a.call(agent, http.MethodPatch, "/api/admin/config", `{"changes":[{"key":"top_deals_enabled","value":"false"}]}`); res.Status != http.StatusForbidden {
			t.Fatalf("agent config change: %d", res.Status)
		}
		if res := a.call(adm, http.MethodPatch, "/api/admin/config", `{"changes":[{"key":"top_deals_enabled","value":"false"}]}`); res.Status != http.StatusOK {
			t.Fatalf("config: %d %s", res.Status, res.Body)
		}
		p = a.auditLog(adm, "action=config.change")
		var before, afterCfg struct {
			TopDeals bool `json:"top_deals_enabled"`
		}
		if p.Total != 1 || json.Unmarshal(p.Entries[0].Before, &before) != nil || json.Unmarshal(p.Entries[0].After, &afterCfg) != nil ||
			!before.TopDeals || afterCfg.TopDeals || p.Entries[0].ActorID != "usr-demo-admin" {
			t.Fatalf("config entry: %+v", p)
		}

		// Search and paging: three entries by the admin, newest first, one a page.
		all := a.auditLog(adm, "actor=usr-demo-admin")
		if all.Total != 3 || all.Entries[0].Action != audit.ActionConfigChange || all.Entries[2].Action != audit.ActionRoleGrant {
			t.Fatalf("by actor: %+v", all)
		}
		second := a.auditLog(adm, "actor=usr-demo-admin&page=2&page_size=1")
		if second.Total != 3 || len(second.Entries) != 1 || second.Entries[0].ID != all.Entries[1].ID {
			t.Fatalf("page 2: %+v", second)
		}
		future := url.QueryEscape(time.Now().Add(time.Hour).UTC().Format(time.RFC3339))
		if n := a.auditLog(adm, "from="+future).Total; n != 0 {
			t.Fatalf("entries from the future: %d", n)
		}
		if res := a.call(adm, http.MethodGet, "/api/admin/audit?from="+future+"&to="+future, ""); res.Status != http.StatusBadRequest {
			t.Fatalf("empty range: %d %s", res.Status, res.Body)
		}
		if res := a.call(agent, http.MethodGet, "/api/admin/audit", ""); res.Status != http.StatusForbidden {
			t.Fatalf("agent reads the audit log: %d", res.Status)
		}

		// Append-only: the database refuses to change or delete an entry.
		ctx := context.Background()
		if _, err := app.DB.Bun().NewRaw("UPDATE audit_log SET action = 'x'").Exec(ctx); err == nil {
			t.Fatal("audit_log accepted an UPDATE")
		}
		if _, err := app.DB.Bun().NewRaw("DELETE FROM audit_log").Exec(ctx); err == nil {
			t.Fatal("audit_log accepted a DELETE")
		}
	})
}

// TestF_AREA_03_DisabledAccountRefusedAtOnce: disabling an account ends its sessions in the
// same request (the agent's next call is 401) and refuses its sign-in; an administrator cannot
// disable themself; enabling lets the account sign in again. Each is in the audit log.
func TestF_AREA_03_DisabledAccountRefusedAtOnce(t *testing.T) {
	adminEach(t, func(t *testing.T, s adminScene) {
		app, a, adm, agent := s.a, s.ac, s.adm, s.agent
		if res := a.call(agent, http.MethodGet, "/api/profile", ""); res.Status != http.StatusOK {
			t.Fatalf("agent before: %d", res.Status)
		}
		if res := a.call(adm, http.MethodPost, "/api/admin/users/usr-demo-admin/disable", ""); res.Status != http.StatusConflict {
			t.Fatalf("self-disable: %d %s", res.Status, res.Body)
		}
		u := okJSON[admin.UserSummary](t, "disable", a.call(adm, http.MethodPost, "/api/admin/users/usr-demo-agent/disable", ""))
		if u.DisabledAt == nil {
			t.Fatalf("disabled user: %+v", u)
		}
		if res := a.call(agent, http.MethodGet, "/api/profile", ""); res.Status != http.StatusUnauthorized {
			t.Fatalf("disabled agent's session: %d %s, want 401", res.Status, res.Body)
		}
		signIn := app.PostJSON(t, testapp.NewClient(), "/api/auth/signin", map[string]string{"email": "agent@demo.test", "password": demo.Password})
		if signIn.Status != http.StatusBadRequest || !strings.Contains(string(signIn.Body), "auth.account_disabled") {
			t.Fatalf("disabled sign-in: %d %s", signIn.Status, signIn.Body)
		}
		if res := a.call(adm, http.MethodPost, "/api/admin/users/usr-demo-agent/disable", ""); res.Status != http.StatusConflict {
			t.Fatalf("disable twice: %d", res.Status)
		}
		list := a.call(adm, http.MethodGet, "/api/admin/users?role=disabled", "")
		var page admin.UserPage
		if list.JSON(t, &page); page.Total != 1 || page.Users[0].ID != "usr-demo-agent" {
			t.Fatalf("disabled filter: %+v", page)
		}
		if res := a.call(adm, http.MethodPost, "/api/admin/users/usr-demo-agent/enable", ""); res.Status != http.StatusOK {
			t.Fatalf("enable: %d %s", res.Status, res.Body)
		}
		app.SignIn(t, "agent@demo.test", demo.Password)
		p := a.auditLog(adm, "object_kind=user&object_id=usr-demo-agent")
		if p.Total != 2 || p.Entries[0].Action != audit.ActionUserEnable || p.Entries[1].Action != audit.ActionUserDisable ||
			!strings.Contains(string(p.Entries[1].After), `"sessions_ended":1`) {
			t.Fatalf("disable/enable entries: %+v", p)
		}
	})
}

// TestF_AREA_03_UsersListPagesAndSorts: the users list pages on the server without overlap,
// sorts by e-mail both ways, filters by role and searches; the detail carries the sessions and
// grants, and force reset ends the sessions and queues the reset e-mail.
func TestF_AREA_03_UsersListPagesAndSorts(t *testing.T) {
	adminEach(t, func(t *testing.T, s adminScene) {
		app, a, adm, agent := s.a, s.ac, s.adm, s.agent
		users := func(query string) admin.UserPage {
			t.Helper()
			return okJSON[admin.UserPage](t, "users ?"+query, a.call(adm, http.MethodGet, "/api/admin/users?"+query, ""))
		}
		all := users("sort=email&dir=asc&page_size=200")
		if all.Total < 4 || len(all.Users) != all.Total {
			t.Fatalf("all users: %+v", all)
		}
		for i := 1; i < len(all.Users); i++ {
			if all.Users[i-1].Email > all.Users[i].Email {
				t.Fatalf("not sorted by e-mail: %s before %s", all.Users[i-1].Email, all.Users[i].Email)
			}
		}
		var paged []string
		for page := 1; len(paged) < all.Total; page++ {
			p := users("sort=email&dir=asc&page_size=2&page=" + strconv.Itoa(page))
			if p.Total != all.Total || len(p.Users) == 0 {
				t.Fatalf("page %d: %+v", page, p)
			}
			for _, u := range p.Users {
				paged = append(paged, u.Email)
			}
		}
		for i, u := range all.Users {
			if paged[i] != u.Email {
				t.Fatalf("paging differs at %d: %s vs %s", i, paged[i], u.Email)
			}
		}
		desc := users("sort=email&dir=desc&page_size=1")
		if desc.Users[0].Email != all.Users[len(all.Users)-1].Email {
			t.Fatalf("descending first: %s", desc.Users[0].Email)
		}
		if p := users("role=admin"); p.Total < 1 || !p.Users[0].IsAdmin {
			t.Fatalf("admin filter: %+v", p)
		}
		if p := users("q=AGENT@demo"); p.Total != 1 || p.Users[0].ID != "usr-demo-agent" {
			t.Fatalf("search: %+v", p)
		}
		if res := a.call(adm, http.MethodGet, "/api/admin/users?sort=password", ""); res.Status != http.StatusUnprocessableEntity {
			t.Fatalf("unknown sort: %d", res.Status)
		}

		d := okJSON[admin.UserDetail](t, "detail", a.call(adm, http.MethodGet, "/api/admin/users/usr-demo-agent", ""))
		if d.User.Email != "agent@demo.test" || len(d.Sessions) != 1 || d.Grants == nil {
			t.Fatalf("detail: %+v", d)
		}
		if res := a.call(adm, http.MethodGet, "/api/admin/users/nobody", ""); res.Status != http.StatusNotFound {
			t.Fatalf("unknown user: %d", res.Status)
		}
		if res := a.call(adm, http.MethodPost, "/api/admin/users/usr-demo-agent/force-password-reset", ""); res.Status != http.StatusAccepted {
			t.Fatalf("force reset: %d %s", res.Status, res.Body)
		}
		if res := a.call(agent, http.MethodGet, "/api/profile", ""); res.Status != http.StatusUnauthorized {
			t.Fatalf("agent after force reset: %d", res.Status)
		}
		var jobs int
		if err := app.DB.Bun().NewRaw("SELECT COUNT(*) FROM jobs WHERE kind = 'auth.reset_link'").Scan(context.Background(), &jobs); err != nil || jobs != 1 {
			t.Fatalf("reset link jobs: %d %v", jobs, err)
		}
		if res := a.call(adm, http.MethodPost, "/api/admin/users/usr-demo-agent/resend-verification", ""); res.Status != http.StatusConflict {
			t.Fatalf("resend to a verified address: %d", res.Status)
		}

		// Dashboard and search answer from the database.
		db := okJSON[admin.Dashboard](t, "dashboard", a.call(adm, http.MethodGet, "/api/admin/dashboard", ""))
		if db.Day == "" || db.SignUps < 4 {
			t.Fatalf("dashboard: %+v", db)
		}
		// Open support tickets (issue 31 item 1): a new contact request is one more.
		pro := app.SignIn(t, "pro@demo.test", demo.Password)
		if res := a.call(pro, http.MethodPost, "/api/support/tickets", `{"subject":"Invoice question","message":"Where is my invoice?","kind":"help"}`); res.Status != http.StatusCreated {
			t.Fatalf("ticket: %d %s", res.Status, res.Body)
		}
		var after admin.Dashboard
		if a.call(adm, http.MethodGet, "/api/admin/dashboard", "").JSON(t, &after); after.OpenTickets != db.OpenTickets+1 {
			t.Fatalf("open tickets %d after one more, %d before", after.OpenTickets, db.OpenTickets)
		}
		sr := a.call(adm, http.MethodGet, "/api/admin/search?q=agent", "")
		var found admin.SearchResult
		if sr.JSON(t, &found); len(found.Users) == 0 {
			t.Fatalf("search: %s", sr.Body)
		}
		if res := a.call(adm, http.MethodGet, "/api/admin/search?q=a", ""); res.Status != http.StatusBadRequest {
			t.Fatalf("one-letter search: %d", res.Status)
		}
	})
}
