package roles_test

import (
	"context"
	"testing"

	"circle/internal/account"
	"circle/internal/apperr"
	"circle/internal/audit"
	"circle/internal/roles"
)

// fakeStore knows one user and records what reaches it.
type fakeStore struct {
	granted []roles.Grant
	revoked []roles.Role
	audited []audit.Record
}

func (f *fakeStore) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	return fn(ctx)
}

func (f *fakeStore) AppendAudit(_ context.Context, e audit.Record) error {
	f.audited = append(f.audited, e)
	return nil
}

func (f *fakeStore) UserByID(_ context.Context, id string) (account.User, error) {
	if id != "usr-1" && id != "usr-admin" {
		return account.User{}, apperr.New(apperr.NotFound, "user not found")
	}
	return account.User{ID: id}, nil
}

func (f *fakeStore) GrantRoleIn(_ context.Context, g roles.Grant) (roles.Grant, error) {
	f.granted = append(f.granted, g)
	return g, nil
}

func (f *fakeStore) RevokeRoleIn(_ context.Context, _ string, r roles.Role, _ string) (roles.Grant, error) {
	f.revoked = append(f.revoked, r)
	return roles.Grant{Role: r}, nil
}

func (f *fakeStore) RoleGrants(context.Context, string) ([]roles.Grant, error) { return nil, nil }

// TestF_AUTH_09_RoleRules: an unknown role is a field error on "role" and reaches no store; an
// administrator cannot revoke their own admin role (another's, or their own other roles, yes);
// an unknown user is not found; the reason is trimmed and bounded.
func TestF_AUTH_09_RoleRules(t *testing.T) {
	ctx := context.Background()
	st := &fakeStore{}
	svc := &roles.Service{Store: st, NewID: func() string { return "grant-1" }}
	admin := audit.Actor{UserID: "usr-admin", RequestID: "req-1"}

	for _, call := range []func() error{
		func() error { _, err := svc.Grant(ctx, admin, "usr-1", "superuser", ""); return err },
		func() error { _, err := svc.Revoke(ctx, admin, "usr-1", ""); return err },
	} {
		e, ok := apperr.As(call())
		if !ok || e.Code != apperr.Invalid || len(e.Fields) != 1 || e.Fields[0].Field != "role" {
			t.Fatalf("unknown role: %v, want a field error on role", e)
		}
	}
	if _, err := svc.Revoke(ctx, admin, "usr-admin", "admin"); apperr.CodeOf(err) != apperr.Conflict {
		t.Fatalf("self-revoke of admin: %v, want conflict", err)
	}
	if _, err := svc.Revoke(ctx, admin, "usr-admin", "vendor"); err != nil {
		t.Fatalf("revoking one's own vendor role: %v", err)
	}
	if _, err := svc.Revoke(ctx, audit.System, "usr-admin", "admin"); err != nil {
		t.Fatalf("the system revoking an admin: %v", err)
	}
	if _, err := svc.Grant(ctx, admin, "nobody", "pro", ""); !apperr.IsNotFound(err) {
		t.Fatalf("unknown user: %v", err)
	}
	long := make([]byte, roles.MaxReason+1)
	for i := range long {
		long[i] = 'x'
	}
	if e, ok := apperr.As(func() error { _, err := svc.Grant(ctx, admin, "usr-1", "pro", string(long)); return err }()); !ok || e.Fields[0].Field != "reason" {
		t.Fatalf("long reason: %v", e)
	}
	g, err := svc.Grant(ctx, admin, "usr-1", " Vendor ", "  agreement signed ")
	if err != nil || g.Role != roles.Vendor || g.Reason != "agreement signed" || g.GrantedBy != "usr-admin" || g.ID != "grant-1" {
		t.Fatalf("grant: %+v %v", g, err)
	}
	if len(st.granted) != 1 || len(st.revoked) != 2 {
		t.Fatalf("store saw %d grants and %v revokes; refused calls must not reach it", len(st.granted), st.revoked)
	}
	// F-AREA-03: each change that reached the store has its audit entry, with the actor.
	if len(st.audited) != 3 || st.audited[2].Action != audit.ActionRoleGrant || st.audited[2].ActorID != "usr-admin" ||
		st.audited[2].RequestID != "req-1" || st.audited[2].ObjectID != "usr-1" || st.audited[1].ActorID != "" {
		t.Fatalf("audit entries: %+v", st.audited)
	}
}
