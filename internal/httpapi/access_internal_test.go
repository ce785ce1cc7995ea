package httpapi

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"circle/internal/account"
	"circle/internal/apperr"
	"circle/internal/auth"
)

// TestF_AUTH_09_RouteWithoutAccessFailsAtStartUp: a route table with an operation that declares
// no access, or one the middleware cannot apply, does not start, and the error names it.
func TestF_AUTH_09_RouteWithoutAccessFailsAtStartUp(t *testing.T) {
	t.Parallel()
	handler := func(context.Context, *struct{}) (*struct{}, error) { return nil, nil }
	cases := []struct {
		name, want string
		routes     areaFunc
	}{
		{"no access", "operation matrix-undeclared (GET /api/undeclared) declares no access", func(r *Router) {
			huma.Register(r.api, huma.Operation{OperationID: "matrix-undeclared", Method: http.MethodGet, Path: "/api/undeclared"}, handler)
		}},
		{"unknown level", `operation matrix-unknown (GET /api/unknown): unknown access "staff"`, func(r *Router) {
			o := huma.Operation{OperationID: "matrix-unknown", Method: http.MethodGet, Path: "/api/unknown"}
			declareAccess(&o, access{level: "staff"})
			huma.Register(r.api, o, handler)
		}},
		{"owner-of without a policy", "operation matrix-owner (GET /api/owner/{id}): access owner-of needs an ownership policy", func(r *Router) {
			o := huma.Operation{OperationID: "matrix-owner", Method: http.MethodGet, Path: "/api/owner/{id}"}
			declareAccess(&o, access{level: levelOwnerOf})
			huma.Register(r.api, o, func(context.Context, *struct {
				ID string `path:"id"`
			}) (*struct{}, error) {
				return nil, nil
			})
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// A well-declared area before it: the bad operation alone stops the start.
			s, err := New(Deps{}, areaFunc(func(r *Router) {
				get(r, "/api/fine", "matrix-fine", "A declared operation", "matrix", user, handler)
			}), c.routes)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("New = %v, %v; want an error containing %q", s, err, c.want)
			}
		})
	}
	// The real table starts: OpenAPIJSON goes through the same check (app.OpenAPIJSON with
	// every area; TestOpenAPIDocumentIsCommitted), and so does every server the tests start.
	if _, err := OpenAPIJSON(areaFunc(func(r *Router) {
		get(r, "/api/fine", "matrix-fine", "A declared operation", "matrix", user, handler)
	})); err != nil {
		t.Fatalf("a declared table: %v", err)
	}
}

// areaFunc is an area made of one function (tests).
type areaFunc func(*Router)

func (f areaFunc) Register(r *Router) { f(r) }

// TestF_AUTH_09_AccessRule is the rule behind every level for every role of 01§6, including
// the levels no route uses yet (verified, pro, creator, vendor).
func TestF_AUTH_09_AccessRule(t *testing.T) {
	t.Parallel()
	now := time.Now()
	user := func(id string, prof account.Profile) auth.Principal {
		return auth.Principal{User: account.User{ID: id, EmailVerifiedAt: &now}, Profile: prof}
	}
	agent := user("u-agent", account.Profile{})
	unverified := agent
	unverified.User.EmailVerifiedAt = nil
	pro := user("u-pro", account.Profile{IsProMember: true})
	vendor := user("u-vendor", account.Profile{VendorEnabled: true})
	creator := user("u-creator", account.Profile{IsCreator: true})
	admin := user("u-admin", account.Profile{IsAdmin: true})
	admin.IsAdmin = true
	staff := user("u-staff", account.Profile{})
	staff.IsAdmin, staff.IsStaff = true, true

	denied := apperr.New(apperr.Forbidden, "not yours")
	hidden := apperr.New(apperr.NotFound, "not found")
	policy := ownerPolicy{resource: "thing", param: "id", owner: func(context.Context, ownerStore, string) (string, error) { return "", nil }}
	levels := map[string]access{
		"user":              {level: levelUser},
		"verified":          {level: levelVerified},
		"pro":               {level: levelPro},
		"creator":           {level: levelCreator},
		"vendor":            {level: levelVendor},
		"admin":             {level: levelAdmin},
		"owner-of":          ownerOf(policy, denied),
		"owner-of (hidden)": ownerOf(policy, hidden),
		"owner-only":        ownerOnly(policy, denied),
	}
	// want: "" passes, else the error code; the row is owned by the agent.
	cases := []struct {
		name string
		p    auth.Principal
		want map[string]apperr.Code
	}{
		{"agent (owns the row)", agent, map[string]apperr.Code{"pro": apperr.Forbidden, "creator": apperr.Forbidden, "vendor": apperr.Forbidden, "admin": apperr.Forbidden}},
		{"unverified agent", unverified, map[string]apperr.Code{"verified": apperr.Forbidden, "pro": apperr.Forbidden, "creator": apperr.Forbidden, "vendor": apperr.Forbidden, "admin": apperr.Forbidden}},
		{"Pro agent", pro, map[string]apperr.Code{"creator": apperr.Forbidden, "vendor": apperr.Forbidden, "admin": apperr.Forbidden,
			"owner-of": apperr.Forbidden, "owner-of (hidden)": apperr.NotFound, "owner-only": apperr.Forbidden}},
		{"vendor", vendor, map[string]apperr.Code{"pro": apperr.Forbidden, "creator": apperr.Forbidden, "admin": apperr.Forbidden,
			"owner-of": apperr.Forbidden, "owner-of (hidden)": apperr.NotFound, "owner-only": apperr.Forbidden}},
		{"creator", creator, map[string]apperr.Code{"pro": apperr.Forbidden, "vendor": apperr.Forbidden, "admin": apperr.Forbidden,
			"owner-of": apperr.Forbidden, "owner-of (hidden)": apperr.NotFound, "owner-only": apperr.Forbidden}},
		{"admin", admin, map[string]apperr.Code{"owner-only": apperr.Forbidden}},
		{"staff", staff, map[string]apperr.Code{"owner-only": apperr.Forbidden}},
	}
	for _, c := range cases {
		for name, a := range levels {
			owner := "u-agent"
			err := decide(c.p, a, owner)
			want, denies := c.want[name]
			switch {
			case !denies && err != nil:
				t.Errorf("%s on %s: %v, want let through", c.name, name, err)
			case denies && apperr.CodeOf(err) != want:
				t.Errorf("%s on %s: %v, want %s", c.name, name, err, want)
			}
		}
	}
	// A row nobody owns (a service whose vendor has no owner) is for administrators only.
	if err := decide(agent, levels["owner-of"], ""); apperr.CodeOf(err) != apperr.Forbidden {
		t.Errorf("agent on an unowned row: %v", err)
	}
	if err := decide(admin, levels["owner-of"], ""); err != nil {
		t.Errorf("admin on an unowned row: %v", err)
	}
	// Staff are Pro and creators (01§6) whatever their profile says.
	if !staff.Has(auth.RolePro) || !staff.Has(auth.RoleCreator) || staff.Has(auth.RoleVendor) {
		t.Errorf("staff roles: pro %v creator %v vendor %v", staff.Has(auth.RolePro), staff.Has(auth.RoleCreator), staff.Has(auth.RoleVendor))
	}
}
