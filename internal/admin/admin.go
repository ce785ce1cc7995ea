// Package admin is the back office's users and roles, dashboard and global search (issue 31
// items 1 and 2, F-AREA-03; docs/areas/admin.md). Every change an administrator makes here
// writes its audit entry on the change's own transaction (internal/audit).
package admin

import (
	"context"
	"strings"
	"time"

	"circle/internal/account"
	"circle/internal/apperr"
	"circle/internal/audit"
	"circle/internal/auth"
	"circle/internal/jobs"
	"circle/internal/monitor"
	"circle/internal/roles"
)

// Messages of the rules below.
const (
	MsgSelfDisable     = "You cannot disable your own account. Ask another administrator."
	MsgAlreadyDisabled = "The account is already disabled."
	MsgNotDisabled     = "The account is not disabled."
	MsgAlreadyVerified = "The e-mail address is already verified."
	MsgUnknownSort     = "Sort by created_at, email or display_name."
	MsgUnknownRoleF    = "Filter by admin, creator, vendor, pro, pro_member or disabled."
	MsgQueryTooLong    = "The search is at most 100 characters."
	MsgQueryTooShort   = "Type at least 2 characters to search."
	MsgPageSize        = "The page size is from 1 to 200."
	MsgSessionNotFound = "No live session with this id for this user."
)

// Dashboard is today's figures (UTC day) from the database.
type Dashboard struct {
	Day              string `json:"day" doc:"The UTC day the figures cover" example:"2026-11-28"`
	SignUps          int    `json:"sign_ups"`
	Orders           int    `json:"orders" doc:"Orders created today, any status"`
	PaidOrders       int    `json:"paid_orders" doc:"Orders paid today"`
	RevenueCents     int64  `json:"revenue_cents" doc:"Total in US cents of the orders paid today (refunds not deducted)"`
	PendingApprovals int    `json:"pending_approvals" doc:"Vendors waiting for approval"`
	OpenTickets      int    `json:"open_tickets" doc:"Support tickets waiting on support (status open), all days"`
	RetryingJobs     int    `json:"retrying_jobs" doc:"Queued jobs whose last attempt failed"`
	DeadJobs         int    `json:"dead_jobs" doc:"Jobs that failed their last attempt, all time"`
	ClientErrors     int    `json:"client_errors" doc:"Errors reported by browsers today"`
	SecurityEvents   int    `json:"security_events" doc:"Security events recorded today"`
}

// UserHit, ServiceHit and OrderHit are global search results.
type UserHit struct {
	ID          string `json:"id"`
	Email       string `json:"email"`
	DisplayName string `json:"display_name"`
}

// ServiceHit is a service found by title.
type ServiceHit struct {
	ID         string `json:"id"`
	Title      string `json:"title"`
	VendorName string `json:"vendor_name"`
}

// OrderHit is an order found by id or number.
type OrderHit struct {
	ID         string    `json:"id"`
	Number     string    `json:"number"`
	Status     string    `json:"status"`
	TotalCents int64     `json:"total_cents"`
	Currency   string    `json:"currency"`
	Email      string    `json:"email"`
	CreatedAt  time.Time `json:"created_at"`
}

// SearchResult is the global search's answer, at most SearchLimit of each kind.
type SearchResult struct {
	Users    []UserHit    `json:"users"`
	Services []ServiceHit `json:"services"`
	Orders   []OrderHit   `json:"orders"`
}

// SearchLimit bounds each kind of search result.
const SearchLimit = 8

// UserSummary is a row of the users list.
type UserSummary struct {
	ID            string     `json:"id"`
	Email         string     `json:"email"`
	DisplayName   string     `json:"display_name"`
	CreatedAt     time.Time  `json:"created_at"`
	EmailVerified bool       `json:"email_verified"`
	DisabledAt    *time.Time `json:"disabled_at"`
	IsAdmin       bool       `json:"is_admin"`
	IsCreator     bool       `json:"is_creator"`
	VendorEnabled bool       `json:"vendor_enabled"`
	IsPro         bool       `json:"is_pro" doc:"Complimentary Pro granted as a role"`
	IsProMember   bool       `json:"is_pro_member" doc:"Pro through a live subscription"`
}

// UserFilter is a users list query.
type UserFilter struct {
	Q        string // e-mail or name contains
	Role     string // admin, creator, vendor, pro, pro_member, disabled or ""
	Sort     string // created_at (default), email, display_name
	Desc     bool
	Page     int
	PageSize int
}

// Sorts and role filters the users list accepts.
var (
	UserSorts   = []string{"created_at", "email", "display_name"}
	UserFilters = []string{"admin", "creator", "vendor", "pro", "pro_member", "disabled"}
)

func (f *UserFilter) validate() error {
	f.Q = strings.TrimSpace(f.Q)
	if len(f.Q) > 100 {
		return apperr.Field("q", "admin.query_too_long", MsgQueryTooLong)
	}
	if f.Sort == "" {
		f.Sort, f.Desc = "created_at", true
	}
	if !contains(UserSorts, f.Sort) {
		return apperr.Field("sort", "admin.unknown_sort", MsgUnknownSort)
	}
	if f.Role != "" && !contains(UserFilters, f.Role) {
		return apperr.Field("role", "admin.unknown_role", MsgUnknownRoleF)
	}
	return pageDefaults(&f.Page, &f.PageSize)
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// UserPage is one page of the users list with the count of every match.
type UserPage struct {
	Users []UserSummary `json:"users"`
	Total int           `json:"total"`
}

// SessionView is a session as the back office shows it (no token hashes).
type SessionView struct {
	ID             string    `json:"id"`
	UserAgent      string    `json:"user_agent"`
	IPAddress      string    `json:"ip_address"`
	CreatedAt      time.Time `json:"created_at"`
	LastActivity   time.Time `json:"last_activity"`
	ExpiresAt      time.Time `json:"expires_at"`
	IsAdminSession bool      `json:"is_admin_session"`
}

// MembershipView is the user's latest membership.
type MembershipView struct {
	ID                string     `json:"id"`
	Status            string     `json:"status"`
	Interval          string     `json:"interval"`
	Seats             int        `json:"seats"`
	AmountCents       int64      `json:"amount_cents"`
	Currency          string     `json:"currency"`
	CurrentPeriodEnd  *time.Time `json:"current_period_end"`
	CancelAtPeriodEnd bool       `json:"cancel_at_period_end"`
	CreatedAt         time.Time  `json:"created_at"`
}

// UserDetail is everything the user's page shows.
type UserDetail struct {
	User           UserSummary             `json:"user"`
	Profile        account.Profile         `json:"profile"`
	Sessions       []SessionView           `json:"sessions"`
	Orders         []OrderHit              `json:"orders" doc:"The latest 20 orders"`
	Subscription   *MembershipView         `json:"subscription"`
	PointsBalance  int64                   `json:"points_balance"`
	SecurityEvents []monitor.SecurityEvent `json:"security_events" doc:"The latest 20 events"`
	Grants         []roles.Grant           `json:"grants" doc:"Every role grant, live and revoked, newest first"`
}

// Store is what the service needs from the database (store.AdminStore).
type Store interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	AppendAudit(ctx context.Context, e audit.Record) error
	DashboardSince(ctx context.Context, since time.Time) (Dashboard, error)
	Search(ctx context.Context, q string, limit int) (SearchResult, error)
	Users(ctx context.Context, f UserFilter) ([]UserSummary, int, error)
	UserSummary(ctx context.Context, id string) (UserSummary, error)
	UserDetail(ctx context.Context, id string) (UserDetail, error)
	// SetDisabled stamps or clears users.disabled_at; disabling also ends every live session.
	SetDisabled(ctx context.Context, id string, at *time.Time) error
	// RevokeUserSessions ends the user's live sessions (all when ids is empty) and reports how
	// many it ended.
	RevokeUserSessions(ctx context.Context, userID string, ids []string) (int, error)
}

// Queue takes a job in the caller's transaction (jobs.Runner).
type Queue interface {
	Enqueue(ctx context.Context, j jobs.Job) (jobs.Job, error)
}

// Service runs the back office's users screens, dashboard and search.
type Service struct {
	Store Store
	Jobs  Queue
	Now   func() time.Time
}

// Dashboard answers today's figures (since midnight UTC by the service's clock).
func (s *Service) Dashboard(ctx context.Context) (Dashboard, error) {
	now := s.Now().UTC()
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	d, err := s.Store.DashboardSince(ctx, day)
	d.Day = day.Format(time.DateOnly)
	return d, err
}

// Search finds users by e-mail or name, services by title and orders by id or number.
func (s *Service) Search(ctx context.Context, q string) (SearchResult, error) {
	q = strings.TrimSpace(q)
	if len(q) > 100 {
		return SearchResult{}, apperr.Field("q", "admin.query_too_long", MsgQueryTooLong)
	}
	if len([]rune(q)) < 2 {
		return SearchResult{}, apperr.Field("q", "admin.query_too_short", MsgQueryTooShort)
	}
	return s.Store.Search(ctx, q, SearchLimit)
}

// Users answers one page of the users list.
func (s *Service) Users(ctx context.Context, f UserFilter) (UserPage, error) {
	us, total, err := listPage(f.validate, func() ([]UserSummary, int, error) { return s.Store.Users(ctx, f) })
	return UserPage{Users: us, Total: total}, err
}

// User answers a user's page.
func (s *Service) User(ctx context.Context, id string) (UserDetail, error) {
	return s.Store.UserDetail(ctx, id)
}

// change runs fn on a transaction with the user's summary read first, and appends the audit
// entry of the summary before and after (re-read in the transaction).
func (s *Service) change(ctx context.Context, by audit.Actor, action, userID string, fn func(ctx context.Context, before UserSummary) (any, error)) (UserSummary, error) {
	var out UserSummary
	err := s.Store.InTx(ctx, func(ctx context.Context) error {
		before, err := s.Store.UserSummary(ctx, userID)
		if err != nil {
			return err
		}
		extra, err := fn(ctx, before)
		if err != nil {
			return err
		}
		after, err := s.Store.UserSummary(ctx, userID)
		if err != nil {
			return err
		}
		var a any = after
		if extra != nil {
			a = map[string]any{"user": after, "detail": extra}
		}
		out = after
		return audit.Append(ctx, s.Store, by, action, audit.KindUser, userID, before, a)
	})
	return out, err
}

// Disable disables the account: every session ends at once and it cannot sign in. An
// administrator cannot disable themself.
func (s *Service) Disable(ctx context.Context, by audit.Actor, userID string) (UserSummary, error) {
	if by.UserID != "" && by.UserID == userID {
		return UserSummary{}, apperr.New(apperr.Conflict, MsgSelfDisable)
	}
	return s.change(ctx, by, audit.ActionUserDisable, userID, func(ctx context.Context, before UserSummary) (any, error) {
		if before.DisabledAt != nil {
			return nil, apperr.New(apperr.Conflict, MsgAlreadyDisabled)
		}
		now := s.Now().UTC()
		if err := s.Store.SetDisabled(ctx, userID, &now); err != nil {
			return nil, err
		}
		n, err := s.Store.RevokeUserSessions(ctx, userID, nil)
		return map[string]int{"sessions_ended": n}, err
	})
}

// Enable lets a disabled account sign in again.
func (s *Service) Enable(ctx context.Context, by audit.Actor, userID string) (UserSummary, error) {
	return s.change(ctx, by, audit.ActionUserEnable, userID, func(ctx context.Context, before UserSummary) (any, error) {
		if before.DisabledAt == nil {
			return nil, apperr.New(apperr.Conflict, MsgNotDisabled)
		}
		return nil, s.Store.SetDisabled(ctx, userID, nil)
	})
}

// RevokeSession ends one live session of the user.
func (s *Service) RevokeSession(ctx context.Context, by audit.Actor, userID, sessionID string) error {
	_, err := s.change(ctx, by, audit.ActionSessionRevoke, userID, func(ctx context.Context, _ UserSummary) (any, error) {
		n, err := s.Store.RevokeUserSessions(ctx, userID, []string{sessionID})
		if err != nil {
			return nil, err
		}
		if n == 0 {
			return nil, apperr.New(apperr.NotFound, MsgSessionNotFound)
		}
		return map[string]string{"session_id": sessionID}, nil
	})
	return err
}

// ResendVerification e-mails the user a new verification link (auth's verify-link job, queued
// with the audit entry). A verified address is a conflict.
func (s *Service) ResendVerification(ctx context.Context, by audit.Actor, userID string) error {
	_, err := s.change(ctx, by, audit.ActionResendVerify, userID, func(ctx context.Context, before UserSummary) (any, error) {
		if before.EmailVerified {
			return nil, apperr.New(apperr.Conflict, MsgAlreadyVerified)
		}
		return nil, s.enqueueLink(ctx, auth.VerifyLinkJobKind, before.Email)
	})
	return err
}

// ForceReset ends every session of the user and e-mails a password-reset link (auth's reset
// flow: the link's job, its one-hour token, and ResetPassword). The old password keeps working
// for a new sign-in until the reset is used: forcing means the user must sign in again now.
func (s *Service) ForceReset(ctx context.Context, by audit.Actor, userID string) error {
	_, err := s.change(ctx, by, audit.ActionForceReset, userID, func(ctx context.Context, before UserSummary) (any, error) {
		n, err := s.Store.RevokeUserSessions(ctx, userID, nil)
		if err != nil {
			return nil, err
		}
		return map[string]int{"sessions_ended": n}, s.enqueueLink(ctx, auth.ResetLinkJobKind, before.Email)
	})
	return err
}

func (s *Service) enqueueLink(ctx context.Context, kind, email string) error {
	j, err := auth.LinkJob(kind, email)
	if err != nil {
		return err
	}
	_, err = s.Jobs.Enqueue(ctx, j)
	return err
}
