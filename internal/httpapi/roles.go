package httpapi

import (
	"context"

	"circle/internal/roles"
)

// RolesArea: administrators grant and revoke roles (issue 26 item 5, F-AUTH-09). A grant or
// revoke holds from the user's next request: the access check reads the profile flags the
// grant writes in its transaction.
type RolesArea struct {
	Roles *roles.Service
}

const (
	sumListUserRoles  = "A user's live role grants and every grant, newest first, with who granted and revoked each"
	sumGrantUserRole  = "Grant a user a role (admin, creator, vendor or pro); 409 when already held"
	sumRevokeUserRole = "Revoke a user's role; administrators cannot revoke their own admin role (409)"
)

// Register declares the area's routes.
func (h *RolesArea) Register(r *Router) {
	get(r, "/api/admin/users/{id}/roles", "admin-list-user-roles", sumListUserRoles, "admin", admin, h.listUserRoles)
	post(r, "/api/admin/users/{id}/roles", "admin-grant-user-role", sumGrantUserRole, "admin", admin, h.grantUserRole, created, maxKB(8))
	del(r, "/api/admin/users/{id}/roles/{role}", "admin-revoke-user-role", sumRevokeUserRole, "admin", admin, h.revokeUserRole, noContent)
}

type userRolesOutputBody struct {
	Live    []roles.Grant `json:"live" doc:"Grants in force, newest first"`
	History []roles.Grant `json:"history" doc:"Every grant, live and revoked, newest first"`
}

type userRolesOutput = bodyOutput[userRolesOutputBody]

func (h *RolesArea) listUserRoles(ctx context.Context, in *idPath) (*userRolesOutput, error) {
	live, all, err := h.Roles.History(ctx, in.ID)
	return answer(userRolesOutputBody{Live: live, History: all}, err)
}

type grantRoleInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		Role   string `json:"role" enum:"admin,creator,vendor,pro,support"`
		Reason string `json:"reason,omitempty" maxLength:"500" doc:"Why the role is granted; kept in its history"`
	}
}

type grantRoleOutput = bodyOutput[roles.Grant]

func (h *RolesArea) grantUserRole(ctx context.Context, in *grantRoleInput) (*grantRoleOutput, error) {
	return answer(h.Roles.Grant(ctx, actorOf(ctx), in.ID, in.Body.Role, in.Body.Reason))
}

type revokeRoleInput struct {
	ID   string `path:"id" maxLength:"64"`
	Role string `path:"role" enum:"admin,creator,vendor,pro,support"`
}

func (h *RolesArea) revokeUserRole(ctx context.Context, in *revokeRoleInput) (*struct{}, error) {
	if _, err := h.Roles.Revoke(ctx, actorOf(ctx), in.ID, in.Role); err != nil {
		return nil, err
	}
	return nil, nil
}
