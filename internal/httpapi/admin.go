package httpapi

import (
	"context"
	"time"

	backoffice "circle/internal/admin"
	"circle/internal/appconfig"
	"circle/internal/apperr"
	"circle/internal/audit"
)

// AdminArea is the back office (issue 31, F-AREA-03): the dashboard, global search, users and
// their accounts, the audit log and configuration changes. Every route is admin-only; every
// change writes its audit entry, the actor taken from the access check (actorOf).
type AdminArea struct {
	Admin  *backoffice.Service
	Audit  *audit.Service
	Config *appconfig.Service
}

const (
	sumAdminDashboard   = "Today's figures (UTC day): sign-ups, orders, revenue in cents, pending approvals, failing and dead jobs, client errors"
	sumAdminSearch      = "Global search: users by e-mail or name, services by title, orders by id or number"
	sumAdminUsers       = "Users, paged and sorted on the server, filtered by role or status and searched by e-mail or name"
	sumAdminUser        = "A user's page: profile, live sessions, orders, membership, points, security events and role grants"
	sumAdminDisable     = "Disable an account: every session ends at once and sign-in is refused; 409 for oneself"
	sumAdminEnable      = "Enable a disabled account again"
	sumAdminRevokeSess  = "End one live session of a user"
	sumAdminResendVerif = "E-mail the user a new verification link; 409 when already verified"
	sumAdminForceReset  = "End every session of the user and e-mail a password-reset link"
	sumAdminAudit       = "The audit log, newest first, searched by actor, object, action and date, paged"
	sumAdminConfig      = "Change app configuration keys (all or none), recorded in the audit log"
)

// Register declares the area's routes.
// adminUser is one user's address in the back office.
const adminUser = "/api/admin/users/{id}"

func (h *AdminArea) Register(r *Router) {
	get(r, "/api/admin/dashboard", "admin-dashboard", sumAdminDashboard, "admin", admin, h.dashboard)
	get(r, "/api/admin/search", "admin-search", sumAdminSearch, "admin", admin, h.search)
	get(r, "/api/admin/users", "admin-list-users", sumAdminUsers, "admin", admin, h.users)
	get(r, "/api/admin/users/{id}", "admin-get-user", sumAdminUser, "admin", admin, h.user)
	post(r, "/api/admin/users/{id}/disable", "admin-disable-user", sumAdminDisable, "admin", admin, h.disable, maxKB(1))
	post(r, "/api/admin/users/{id}/enable", "admin-enable-user", sumAdminEnable, "admin", admin, h.enable, maxKB(1))
	del(r, adminUser+"/sessions/{session}", "admin-revoke-user-session", sumAdminRevokeSess, "admin", admin, h.revokeSession, noContent)
	post(r, "/api/admin/users/{id}/resend-verification", "admin-resend-verification", sumAdminResendVerif, "admin", admin, h.resend, accepted)
	post(r, adminUser+"/force-password-reset", "admin-force-password-reset", sumAdminForceReset, "admin", admin, h.forceReset, accepted)
	get(r, "/api/admin/audit", "admin-audit-log", sumAdminAudit, "admin", admin, h.audit)
	patch(r, "/api/admin/config", "admin-change-config", sumAdminConfig, "admin", admin, h.changeConfig, maxKB(16))
}

type dashboardOutput = bodyOutput[backoffice.Dashboard]

func (h *AdminArea) dashboard(ctx context.Context, _ *struct{}) (*dashboardOutput, error) {
	return answer(h.Admin.Dashboard(ctx))
}

type adminSearchInput struct {
	Q string `query:"q" maxLength:"100" doc:"At least 2 characters"`
}

type adminSearchOutput = bodyOutput[backoffice.SearchResult]

func (h *AdminArea) search(ctx context.Context, in *adminSearchInput) (*adminSearchOutput, error) {
	return answer(h.Admin.Search(ctx, in.Q))
}

type adminUsersInput struct {
	Q    string `query:"q" maxLength:"100" doc:"E-mail or name contains"`
	Role string `query:"role" enum:"admin,creator,vendor,pro,pro_member,disabled" doc:"Only users holding the role, or disabled ones"`
	Sort string `query:"sort" enum:"created_at,email,display_name" default:"created_at"`
	Dir  string `query:"dir" enum:"asc,desc" default:"desc"`
	PageQuery
}

type adminUsersOutput = bodyOutput[backoffice.UserPage]

func (h *AdminArea) users(ctx context.Context, in *adminUsersInput) (*adminUsersOutput, error) {
	return answer(h.Admin.Users(ctx, backoffice.UserFilter{Q: in.Q, Role: in.Role, Sort: in.Sort, Desc: in.Dir == "desc", Page: in.Page, PageSize: in.PageSize}))
}

type adminUserOutput = bodyOutput[backoffice.UserDetail]

func (h *AdminArea) user(ctx context.Context, in *idPath) (*adminUserOutput, error) {
	return answer(h.Admin.User(ctx, in.ID))
}

type adminUserSummaryOutput = bodyOutput[backoffice.UserSummary]

func (h *AdminArea) disable(ctx context.Context, in *idPath) (*adminUserSummaryOutput, error) {
	return answer(h.Admin.Disable(ctx, actorOf(ctx), in.ID))
}

func (h *AdminArea) enable(ctx context.Context, in *idPath) (*adminUserSummaryOutput, error) {
	return answer(h.Admin.Enable(ctx, actorOf(ctx), in.ID))
}

type adminSessionInput struct {
	ID      string `path:"id" maxLength:"64"`
	Session string `path:"session" maxLength:"64"`
}

func (h *AdminArea) revokeSession(ctx context.Context, in *adminSessionInput) (*struct{}, error) {
	return nil, h.Admin.RevokeSession(ctx, actorOf(ctx), in.ID, in.Session)
}

func (h *AdminArea) resend(ctx context.Context, in *idPath) (*struct{}, error) {
	return nil, h.Admin.ResendVerification(ctx, actorOf(ctx), in.ID)
}

func (h *AdminArea) forceReset(ctx context.Context, in *idPath) (*struct{}, error) {
	return nil, h.Admin.ForceReset(ctx, actorOf(ctx), in.ID)
}

type adminAuditInput struct {
	Actor      string    `query:"actor" maxLength:"100" doc:"Actor user id"`
	ObjectKind string    `query:"object_kind" maxLength:"100" example:"user"`
	ObjectID   string    `query:"object_id" maxLength:"100"`
	Action     string    `query:"action" maxLength:"100" example:"role.grant"`
	From       time.Time `query:"from" doc:"Entries at or after this time (RFC 3339)"`
	To         time.Time `query:"to" doc:"Entries before this time (RFC 3339)"`
	PageQuery
}

type adminAuditOutput = bodyOutput[audit.RecordPage]

func (h *AdminArea) audit(ctx context.Context, in *adminAuditInput) (*adminAuditOutput, error) {
	f := audit.Filter{ActorID: in.Actor, ObjectKind: in.ObjectKind, ObjectID: in.ObjectID, Action: in.Action, Page: in.Page, PageSize: in.PageSize}
	if !in.From.IsZero() {
		f.From = &in.From
	}
	if !in.To.IsZero() {
		f.To = &in.To
	}
	return answer(h.Audit.Search(ctx, f))
}

type adminConfigInput struct {
	Body struct {
		Changes []appconfig.Change `json:"changes" minItems:"1" maxItems:"20"`
	}
}

type adminConfigOutput = bodyOutput[appconfig.Config]

func (h *AdminArea) changeConfig(ctx context.Context, in *adminConfigInput) (*adminConfigOutput, error) {
	if len(in.Body.Changes) == 0 {
		return nil, apperr.Field("changes", "validation.required", "changes must name at least one key")
	}
	return answer(h.Config.Change(ctx, actorOf(ctx), in.Body.Changes))
}
