// Package roles keeps the roles an account is granted as data: each grant records who granted
// it, when and why, and its revocation (issue 26 item 5, F-AUTH-09, docs/adr/0009-role-grants.md).
// The grants are the record; the profile flags the access check reads (auth.Principal) are their
// projection, written by the store in the grant's transaction. The configured staff list and the
// Pro subscription are not grants: they stay configuration and billing.
package roles

import (
	"context"
	"strings"
	"time"

	"circle/internal/account"
	"circle/internal/apperr"
	"circle/internal/audit"
)

// Role is a role an administrator (or the command line) can grant.
type Role string

// The grantable roles. Each has one profile flag: admin is_admin, creator is_creator, vendor
// vendor_enabled, pro is_pro (a complimentary Pro; is_pro_member follows the subscription).
const (
	Admin   Role = "admin"
	Creator Role = "creator"
	Vendor  Role = "vendor"
	Pro     Role = "pro"
	// Support is support staff: the support desk (/support, issue 31 item 9), flag is_support.
	Support Role = "support"
)

// All lists the grantable roles in the order the API document shows them.
var All = []Role{Admin, Creator, Vendor, Pro, Support}

// Messages of the rules below.
const (
	MsgUnknownRole   = "Unknown role: choose admin, creator, vendor, pro or support."
	MsgAlreadyHeld   = "The user already holds this role."
	MsgNotHeld       = "The user does not hold this role."
	MsgSelfRevoke    = "You cannot revoke your own administrator role: the back office could be left without an administrator. Ask another administrator."
	MsgReasonTooLong = "The reason is at most 500 characters."
)

// MaxReason is the longest reason a grant keeps.
const MaxReason = 500

// Parse reads a role name; an unknown one is a field error on "role".
func Parse(s string) (Role, error) {
	r := Role(strings.ToLower(strings.TrimSpace(s)))
	for _, known := range All {
		if r == known {
			return r, nil
		}
	}
	return "", apperr.Field("role", "roles.unknown", MsgUnknownRole)
}

// Grant is one grant of a role to a user, live until revoked.
type Grant struct {
	ID     string `json:"id"`
	UserID string `json:"user_id"`
	Role   Role   `json:"role" enum:"admin,creator,vendor,pro,support"`
	// GrantedBy is the granting administrator's user id; "" is the system (the migration from
	// the profile flags, the demo data, the command line).
	GrantedBy string    `json:"granted_by" doc:"User id of the administrator who granted it; empty for the system (migration, demo data, command line)"`
	GrantedAt time.Time `json:"granted_at"`
	Reason    string    `json:"reason"`
	// RevokedAt and RevokedBy are set once the grant is revoked (RevokedBy "" again the system).
	RevokedAt *time.Time `json:"revoked_at,omitempty"`
	RevokedBy string     `json:"revoked_by,omitempty"`
}

// Live reports whether the grant still holds.
func (g Grant) Live() bool { return g.RevokedAt == nil }

// Store is what the service needs from the database (internal/store). GrantRoleIn and
// RevokeRoleIn write the grant row and the profile flag on the transaction InTx hands out;
// AppendAudit writes the audit entry on the same one (issue 31 item 12).
type Store interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	UserByID(ctx context.Context, id string) (account.User, error)
	// GrantRoleIn inserts a live grant (ID, UserID, Role, GrantedBy, Reason set; GrantedAt from
	// the store's clock) and sets the role's flag. A live grant of the role already there is a
	// conflict and changes nothing.
	GrantRoleIn(ctx context.Context, g Grant) (Grant, error)
	// RevokeRoleIn stamps the live grant revoked by revokedBy ("" the system) and clears the
	// flag. No live grant is not found.
	RevokeRoleIn(ctx context.Context, userID string, role Role, revokedBy string) (Grant, error)
	// RoleGrants lists a user's grants, live and revoked, newest first.
	RoleGrants(ctx context.Context, userID string) ([]Grant, error)
	AppendAudit(ctx context.Context, e audit.Record) error
}

// Service grants and revokes roles.
type Service struct {
	Store Store
	// NewID makes a grant's id (ids.New).
	NewID func() string
}

// Grant gives userID the role; by is the granting administrator (audit.System the command
// line). The reason is trimmed. An unknown user is not found; a role already held is a
// conflict. The grant and its audit entry commit together: a refused grant writes neither.
func (s *Service) Grant(ctx context.Context, by audit.Actor, userID, role, reason string) (Grant, error) {
	r, err := Parse(role)
	if err != nil {
		return Grant{}, err
	}
	reason = strings.TrimSpace(reason)
	if len([]rune(reason)) > MaxReason {
		return Grant{}, apperr.Field("reason", "roles.reason_too_long", MsgReasonTooLong)
	}
	if _, err := s.Store.UserByID(ctx, userID); err != nil {
		return Grant{}, err
	}
	return s.audited(ctx, by, audit.ActionRoleGrant, userID, func(ctx context.Context) (any, Grant, error) {
		g, err := s.Store.GrantRoleIn(ctx, Grant{ID: s.NewID(), UserID: userID, Role: r, GrantedBy: by.UserID, Reason: reason})
		return nil, g, err
	})
}

// Revoke ends userID's live grant of the role; by is the revoking administrator (audit.System
// the command line). The revocation and its audit entry (the grant before and after) commit
// together.
// An administrator cannot revoke their own admin role: with nobody else holding it the back
// office would be locked out, and another administrator can always do it.
func (s *Service) Revoke(ctx context.Context, by audit.Actor, userID, role string) (Grant, error) {
	r, err := Parse(role)
	if err != nil {
		return Grant{}, err
	}
	if r == Admin && by.UserID != "" && by.UserID == userID {
		return Grant{}, apperr.New(apperr.Conflict, MsgSelfRevoke)
	}
	if _, err := s.Store.UserByID(ctx, userID); err != nil {
		return Grant{}, err
	}
	return s.audited(ctx, by, audit.ActionRoleRevoke, userID, func(ctx context.Context) (any, Grant, error) {
		g, err := s.Store.RevokeRoleIn(ctx, userID, r, by.UserID)
		before := g
		before.RevokedAt, before.RevokedBy = nil, ""
		return before, g, err
	})
}

// audited runs change, which writes a grant of userID and answers the grant before (nil: none)
// and after, and appends its audit entry, in one transaction: a refused change writes neither.
func (s *Service) audited(ctx context.Context, by audit.Actor, action, userID string, change func(ctx context.Context) (before any, after Grant, err error)) (Grant, error) {
	var out Grant
	err := s.Store.InTx(ctx, func(ctx context.Context) error {
		before, g, err := change(ctx)
		if err != nil {
			return err
		}
		out = g
		return audit.Append(ctx, s.Store, by, action, audit.KindUser, userID, before, g)
	})
	return out, err
}

// History is a user's grants: the live ones, and every grant (live and revoked), newest first.
// Neither is nil.
func (s *Service) History(ctx context.Context, userID string) (live, all []Grant, err error) {
	if _, err := s.Store.UserByID(ctx, userID); err != nil {
		return nil, nil, err
	}
	all, err = s.Store.RoleGrants(ctx, userID)
	if err != nil {
		return nil, nil, err
	}
	live = []Grant{}
	for _, g := range all {
		if g.Live() {
			live = append(live, g)
		}
	}
	if all == nil {
		all = []Grant{}
	}
	return live, all, nil
}
