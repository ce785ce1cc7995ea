package store

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/account"
	"circle/internal/apperr"
	"circle/internal/ids"
	"circle/internal/roles"
)

// roleGrantRow is a row of role_grants (roles.Grant without bun in the domain package). A NULL
// granted_by or revoked_by is the system.
type roleGrantRow struct {
	bun.BaseModel `bun:"table:role_grants"`

	ID        string     `bun:"id,pk"`
	UserID    string     `bun:"user_id,notnull"`
	Role      string     `bun:"role,notnull"`
	GrantedBy *string    `bun:"granted_by"`
	GrantedAt time.Time  `bun:"granted_at,notnull"`
	Reason    string     `bun:"reason,notnull"`
	RevokedAt *time.Time `bun:"revoked_at"`
	RevokedBy *string    `bun:"revoked_by"`
}

func (r roleGrantRow) grant() roles.Grant {
	g := roles.Grant{ID: r.ID, UserID: r.UserID, Role: roles.Role(r.Role), GrantedAt: r.GrantedAt, Reason: r.Reason, RevokedAt: r.RevokedAt}
	if r.GrantedBy != nil {
		g.GrantedBy = *r.GrantedBy
	}
	if r.RevokedBy != nil {
		g.RevokedBy = *r.RevokedBy
	}
	return g
}

// userRef is a user id, NULL for "" (the system).
func userRef(id string) *string {
	if id == "" {
		return nil
	}
	return &id
}

// roleFlag is the profile column each role projects to. is_pro_member is not here: it follows
// the Pro subscription (SyncProMember).
func roleFlag(r roles.Role) (string, error) {
	switch r {
	case roles.Admin:
		return "is_admin", nil
	case roles.Creator:
		return "is_creator", nil
	case roles.Vendor:
		return "vendor_enabled", nil
	case roles.Pro:
		return "is_pro", nil
	case roles.Support:
		return "is_support", nil
	}
	return "", apperr.Field("role", "roles.unknown", roles.MsgUnknownRole)
}

// GrantRole grants a role in its own transaction (GrantRoleIn).
func (db Accounts) GrantRole(ctx context.Context, g roles.Grant) (roles.Grant, error) {
	var out roles.Grant
	err := db.InTx(ctx, func(ctx context.Context) error {
		var err error
		out, err = db.GrantRoleIn(ctx, g)
		return err
	})
	return out, err
}

// GrantRoleIn inserts a live grant in ctx's transaction, and sets the role's profile flag in it:
// the flags are written here and in RevokeRoleIn only. granted_at is the store's clock. The
// profile row is updated first, so concurrent grants to one user wait for each other on its row
// lock (PostgreSQL); the partial unique index role_grants_live_key refuses a second live grant
// in any case. A second live grant is a conflict; a user without a profile is not found.
func (db Accounts) GrantRoleIn(ctx context.Context, g roles.Grant) (roles.Grant, error) {
	q := db.q(ctx)
	flag, err := roleFlag(g.Role)
	if err != nil {
		return g, err
	}
	now := db.Now()
	res, err := q.NewUpdate().Model((*profileRow)(nil)).Set("? = TRUE", bun.Ident(flag)).Set("updated_at = ?", now).
		Where("user_id = ?", g.UserID).Exec(ctx)
	if err != nil {
		return g, fmt.Errorf("set %s: %w", flag, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return g, apperr.New(apperr.NotFound, "user not found")
	}
	row := roleGrantRow{ID: g.ID, UserID: g.UserID, Role: string(g.Role), GrantedBy: userRef(g.GrantedBy), GrantedAt: now, Reason: g.Reason}
	if _, err := q.NewInsert().Model(&row).Exec(ctx); err != nil {
		if isUniqueViolation(err) {
			return g, apperr.New(apperr.Conflict, roles.MsgAlreadyHeld)
		}
		return g, fmt.Errorf("insert role grant: %w", err)
	}
	return row.grant(), nil
}

// RevokeRole revokes a role in its own transaction (RevokeRoleIn).
func (db Accounts) RevokeRole(ctx context.Context, userID string, role roles.Role, revokedBy string) (roles.Grant, error) {
	var out roles.Grant
	err := db.InTx(ctx, func(ctx context.Context) error {
		var err error
		out, err = db.RevokeRoleIn(ctx, userID, role, revokedBy)
		return err
	})
	return out, err
}

// RevokeRoleIn stamps the user's live grant of the role revoked in ctx's transaction, and clears
// the profile flag in it. One conditional UPDATE picks the live row, so two revocations cannot
// both stamp it. No live grant is not found and changes nothing.
func (db Accounts) RevokeRoleIn(ctx context.Context, userID string, role roles.Role, revokedBy string) (roles.Grant, error) {
	q := db.q(ctx)
	flag, err := roleFlag(role)
	if err != nil {
		return roles.Grant{}, err
	}
	now := db.Now()
	var rows []roleGrantRow
	if err := q.NewUpdate().Model((*roleGrantRow)(nil)).Set("revoked_at = ?", now).Set("revoked_by = ?", userRef(revokedBy)).
		Where("user_id = ?", userID).Where("role = ?", string(role)).Where("revoked_at IS NULL").
		Returning("*").Scan(ctx, &rows); err != nil {
		return roles.Grant{}, fmt.Errorf("revoke role grant: %w", err)
	}
	if len(rows) == 0 {
		return roles.Grant{}, apperr.New(apperr.NotFound, roles.MsgNotHeld)
	}
	if _, err := q.NewUpdate().Model((*profileRow)(nil)).Set("? = FALSE", bun.Ident(flag)).Set("updated_at = ?", now).
		Where("user_id = ?", userID).Exec(ctx); err != nil {
		return roles.Grant{}, fmt.Errorf("clear %s: %w", flag, err)
	}
	return rows[0].grant(), nil
}

// RoleGrants lists a user's grants, live and revoked, newest first.
func (db Accounts) RoleGrants(ctx context.Context, userID string) ([]roles.Grant, error) {
	var rows []roleGrantRow
	if err := db.bun.NewSelect().Model(&rows).Where("user_id = ?", userID).
		OrderExpr("granted_at DESC, id DESC").Scan(ctx); err != nil {
		return nil, fmt.Errorf("read role grants: %w", err)
	}
	out := make([]roles.Grant, len(rows))
	for i, r := range rows {
		out[i] = r.grant()
	}
	return out, nil
}

// CreateUserWithRoles inserts a user, its profile and live grants of the roles in one
// transaction (the command line's user create --admin). The grants' granted_by is the system.
func (db Accounts) CreateUserWithRoles(ctx context.Context, u account.User, p account.Profile, reason string, rs ...roles.Role) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		if err := createUser(ctx, tx, db.Now(), u, p); err != nil {
			return err
		}
		for _, r := range rs {
			if _, err := db.GrantRoleIn(ctx, roles.Grant{ID: ids.New(), UserID: u.ID, Role: r, Reason: reason}); err != nil {
				return err
			}
		}
		return nil
	})
}

// DemoGrantReason is the reason of the demo accounts' grants.
const DemoGrantReason = "demo data"

// RoleFlagMismatches lists "user_id role" for every profile whose flag disagrees with its live
// grants (a flag without a live grant, or a live grant without its flag); empty when the
// projection is whole. Tests and operators check the projection with it.
func (db Accounts) RoleFlagMismatches(ctx context.Context) ([]string, error) {
	var out []string
	for _, r := range roles.All {
		flag, err := roleFlag(r)
		if err != nil {
			return nil, err
		}
		var users []string
		if err := db.bun.NewSelect().Table("profiles").Column("user_id").
			Where("? <> EXISTS (SELECT 1 FROM role_grants g WHERE g.user_id = profiles.user_id AND g.role = ? AND g.revoked_at IS NULL)", bun.Ident(flag), string(r)).
			Order("user_id").Scan(ctx, &users); err != nil {
			return nil, fmt.Errorf("check %s flags: %w", r, err)
		}
		for _, id := range users {
			out = append(out, id+" "+string(r))
		}
	}
	return out, nil
}
