package httpapi_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"circle/internal/demo"
	"circle/internal/roles"
	"circle/internal/store"
	"circle/internal/testapp"
)

// TestF_AUTH_09_AdminRoleGrants: an administrator grants and revokes roles through the API.
// The demo accounts' roles are grants by the system; a grant holds from the user's next
// request and a revoke ends it at once (a revoked vendor gets 403 on a vendor operation); the
// history keeps both with who and when; an unknown role names "role", an unknown user is 404,
// a role held twice and an administrator's own admin role are 409. Flags and grants agree.
func TestF_AUTH_09_AdminRoleGrants(t *testing.T) {
	demoEach(t, func(t *testing.T, app *testapp.App) {
		admin := app.SignIn(t, "admin@demo.test", demo.Password)
		vendor := app.SignIn(t, "vendor@demo.test", demo.Password)
		agent := app.SignIn(t, "agent@demo.test", demo.Password)
		call := func(c *http.Client, method, path, body string) testapp.Response {
			t.Helper()
			var b []byte
			if body != "" {
				b = []byte(body)
			}
			return app.DoWith(t, c, method, path, b, nil)
		}
		type history struct {
			Live    []roles.Grant `json:"live"`
			History []roles.Grant `json:"history"`
		}
		rolesOf := func(userID string) history {
			t.Helper()
			return okJSON[history](t, "list roles of "+userID, call(admin, http.MethodGet, "/api/admin/users/"+userID+"/roles", ""))
		}

		// The demo vendor's role is a grant by the system.
		h := rolesOf("usr-demo-vendor")
		if len(h.Live) != 1 || h.Live[0].Role != roles.Vendor || h.Live[0].GrantedBy != "" || len(h.History) != 1 {
			t.Fatalf("demo vendor's grants: %+v", h)
		}
		if res := call(vendor, http.MethodGet, "/api/vendor/copay-requests", ""); res.Status != http.StatusOK {
			t.Fatalf("vendor before the revoke: %d %s", res.Status, res.Body)
		}

		// Revoked: the vendor's very next vendor request is refused.
		if res := call(admin, http.MethodDelete, "/api/admin/users/usr-demo-vendor/roles/vendor", ""); res.Status != http.StatusNoContent {
			t.Fatalf("revoke vendor: %d %s", res.Status, res.Body)
		}
		if res := call(vendor, http.MethodGet, "/api/vendor/copay-requests", ""); res.Status != http.StatusForbidden {
			t.Fatalf("revoked vendor: %d %s, want 403", res.Status, res.Body)
		}
		h = rolesOf("usr-demo-vendor")
		if len(h.Live) != 0 || len(h.History) != 1 || h.History[0].RevokedAt == nil || h.History[0].RevokedBy != "usr-demo-admin" {
			t.Fatalf("after the revoke: %+v", h)
		}
		if res := call(admin, http.MethodDelete, "/api/admin/users/usr-demo-vendor/roles/vendor", ""); res.Status != http.StatusNotFound {
			t.Fatalf("revoke again: %d %s, want 404", res.Status, res.Body)
		}

		// Granted: the agent's next request holds the role.
		if res := call(agent, http.MethodGet, "/api/vendor/copay-requests", ""); res.Status != http.StatusForbidden {
			t.Fatalf("agent before the grant: %d, want 403", res.Status)
		}
		res := call(admin, http.MethodPost, "/api/admin/users/usr-demo-agent/roles", `{"role":"vendor","reason":"signed the vendor agreement"}`)
		if res.Status != http.StatusCreated {
			t.Fatalf("grant vendor: %d %s", res.Status, res.Body)
		}
		var g roles.Grant
		res.JSON(t, &g)
		if g.Role != roles.Vendor || g.UserID != "usr-demo-agent" || g.GrantedBy != "usr-demo-admin" || g.Reason != "signed the vendor agreement" || g.RevokedAt != nil || g.ID == "" {
			t.Fatalf("grant answer: %+v", g)
		}
		if res := call(agent, http.MethodGet, "/api/vendor/copay-requests", ""); res.Status != http.StatusOK {
			t.Fatalf("agent after the grant: %d %s", res.Status, res.Body)
		}
		if res := call(admin, http.MethodPost, "/api/admin/users/usr-demo-agent/roles", `{"role":"vendor"}`); res.Status != http.StatusConflict {
			t.Fatalf("grant twice: %d %s, want 409", res.Status, res.Body)
		}
		// Re-granted after a revoke, the history keeps both grants, newest first.
		res = call(admin, http.MethodPost, "/api/admin/users/usr-demo-vendor/roles", `{"role":"vendor"}`)
		if res.Status != http.StatusCreated {
			t.Fatalf("grant the vendor again: %d %s", res.Status, res.Body)
		}
		if h := rolesOf("usr-demo-vendor"); len(h.Live) != 1 || len(h.History) != 2 || h.History[0].RevokedAt != nil || h.History[1].RevokedAt == nil {
			t.Fatalf("history after a re-grant: %+v", h)
		}

		// Refusals.
		for _, c := range []struct{ method, path, body string }{
			{http.MethodPost, "/api/admin/users/usr-demo-agent/roles", `{"role":"superuser"}`},
			{http.MethodDelete, "/api/admin/users/usr-demo-agent/roles/superuser", ""},
		} {
			res := call(admin, c.method, c.path, c.body)
			if (res.Status != http.StatusUnprocessableEntity && res.Status != http.StatusBadRequest) || !strings.Contains(string(res.Body), `"field":"role"`) {
				t.Fatalf("%s %s: %d %s, want 4xx naming role", c.method, c.path, res.Status, res.Body)
			}
		}
		for _, c := range []struct{ method, path, body string }{
			{http.MethodGet, "/api/admin/users/no-such-user/roles", ""},
			{http.MethodPost, "/api/admin/users/no-such-user/roles", `{"role":"pro"}`},
			{http.MethodDelete, "/api/admin/users/no-such-user/roles/pro", ""},
		} {
			if res := call(admin, c.method, c.path, c.body); res.Status != http.StatusNotFound {
				t.Fatalf("%s %s: %d %s, want 404", c.method, c.path, res.Status, res.Body)
			}
		}
		res = call(admin, http.MethodDelete, "/api/admin/users/usr-demo-admin/roles/admin", "")
		if res.Status != http.StatusConflict || !strings.Contains(string(res.Body), "your own administrator role") {
			t.Fatalf("self-revoke of admin: %d %s, want 409", res.Status, res.Body)
		}
		if res := call(admin, http.MethodGet, "/api/admin/jobs/dead", ""); res.Status != http.StatusOK {
			t.Fatalf("the administrator lost the back office: %d", res.Status)
		}
		// Only administrators manage roles.
		if res := call(agent, http.MethodPost, "/api/admin/users/usr-demo-agent/roles", `{"role":"admin"}`); res.Status != http.StatusForbidden {
			t.Fatalf("an agent granting itself admin: %d, want 403", res.Status)
		}
		if bad, err := store.NewAccounts(app.DB).RoleFlagMismatches(context.Background()); err != nil || len(bad) != 0 {
			t.Fatalf("profile flags disagree with live grants: %v %v", bad, err)
		}
	})
}
