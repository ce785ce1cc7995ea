package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/admin"
	"circle/internal/apperr"
)

// AdminStore serves admin.Store: the back office's reads with the accounts, points and audit
// writes its changes need.
type AdminStore struct {
	*DB
	Admin
	Accounts
	Points
}

// NewAdminStore builds an AdminStore on db.
func NewAdminStore(db *DB) AdminStore {
	return AdminStore{db, NewAdmin(db), NewAccounts(db), NewPoints(db)}
}

// count runs a SELECT COUNT(*) and answers the number.
func count(ctx context.Context, q Q, query string, args ...any) (int, error) {
	var n int
	if err := q.NewRaw(query, args...).Scan(ctx, &n); err != nil {
		return 0, fmt.Errorf("count: %w", err)
	}
	return n, nil
}

// pageOrder is an admin list's ORDER BY and page: the chosen column, then the row's id in the same
// direction (a stable order among equal values), and LIMIT/OFFSET taking pageArgs.
func pageOrder(col, id string, desc bool) string {
	dir := "ASC"
	if desc {
		dir = "DESC"
	}
	return " ORDER BY " + col + " " + dir + ", " + id + " " + dir + " LIMIT ? OFFSET ?"
}

// pageArgs appends a page's LIMIT and OFFSET to a list query's arguments.
func pageArgs(args []any, page, size int) []any { return append(args, size, (page-1)*size) }

// DashboardSince answers the dashboard's figures since the given moment. Each is one indexed
// count: users_created_idx, orders_created_idx, orders paid_at (a range on paid orders only),
// vendors_listing_idx, jobs_finished_idx / jobs_queued_idx, client_errors_created_at_idx.
func (db Admin) DashboardSince(ctx context.Context, since time.Time) (admin.Dashboard, error) {
	var d admin.Dashboard
	q := db.bun
	figures := []struct {
		dst   *int
		query string
		args  []any
	}{
		{&d.SignUps, "SELECT COUNT(*) FROM users WHERE created_at >= ?", []any{since}},
		{&d.Orders, "SELECT COUNT(*) FROM orders WHERE created_at >= ?", []any{since}},
		{&d.PaidOrders, "SELECT COUNT(*) FROM orders WHERE paid_at >= ?", []any{since}},
		{&d.PendingApprovals, "SELECT COUNT(*) FROM vendors WHERE approval_status = 'pending'", nil},
		{&d.OpenTickets, "SELECT COUNT(*) FROM support_tickets WHERE status = 'open'", nil},
		{&d.RetryingJobs, "SELECT COUNT(*) FROM jobs WHERE state = 'queued' AND last_error <> ''", nil},
		{&d.DeadJobs, "SELECT COUNT(*) FROM jobs WHERE state = 'dead'", nil},
		{&d.ClientErrors, "SELECT COUNT(*) FROM client_errors WHERE created_at >= ?", []any{since}},
		{&d.SecurityEvents, "SELECT COUNT(*) FROM security_events WHERE created_at >= ?", []any{since}},
	}
	for _, f := range figures {
		n, err := count(ctx, q, f.query, f.args...)
		if err != nil {
			return d, fmt.Errorf("dashboard: %w", err)
		}
		*f.dst = n
	}
	if err := q.NewRaw("SELECT COALESCE(SUM(total_usd_cents), 0) FROM orders WHERE paid_at >= ?", since).Scan(ctx, &d.RevenueCents); err != nil {
		return d, fmt.Errorf("dashboard revenue: %w", err)
	}
	return d, nil
}

// likeArg is a LIKE pattern matching s anywhere, with LIKE's wildcards escaped (ESCAPE '\').
func likeArg(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(strings.ToLower(s)) + "%"
}

// Search finds users by e-mail or display name, services by title and orders by id or number.
func (db Admin) Search(ctx context.Context, q string, limit int) (admin.SearchResult, error) {
	res := admin.SearchResult{Users: []admin.UserHit{}, Services: []admin.ServiceHit{}, Orders: []admin.OrderHit{}}
	like := likeArg(q)
	if err := db.bun.NewRaw(`SELECT u.id, u.email, p.display_name FROM users u JOIN profiles p ON p.user_id = u.id
		WHERE u.email LIKE ? ESCAPE '\' OR LOWER(p.display_name) LIKE ? ESCAPE '\' ORDER BY u.email LIMIT ?`, like, like, limit).
		Scan(ctx, &res.Users); err != nil {
		return res, fmt.Errorf("search users: %w", err)
	}
	if err := db.bun.NewRaw(`SELECT s.id, s.title, v.name AS vendor_name FROM services s JOIN vendors v ON v.id = s.vendor_id
		WHERE LOWER(s.title) LIKE ? ESCAPE '\' ORDER BY s.title LIMIT ?`, like, limit).Scan(ctx, &res.Services); err != nil {
		return res, fmt.Errorf("search services: %w", err)
	}
	if err := db.bun.NewRaw(`SELECT o.id, o.number, o.status, o.total_cents, o.currency, u.email, o.created_at
		FROM orders o JOIN users u ON u.id = o.user_id WHERE o.id = ? OR o.number = ? ORDER BY o.created_at DESC LIMIT ?`,
		strings.TrimSpace(q), strings.ToUpper(strings.TrimSpace(q)), limit).Scan(ctx, &res.Orders); err != nil {
		return res, fmt.Errorf("search orders: %w", err)
	}
	return res, nil
}

const userSummaryColumns = `u.id, u.email, p.display_name, u.created_at, u.email_verified_at IS NOT NULL AS email_verified,
	u.disabled_at, p.is_admin, p.is_creator, p.vendor_enabled, p.is_pro, p.is_pro_member`

// Users answers one page of the users list (filter validated). Sorting is on indexed columns
// (users_created_idx, users_email_key); the order ends with the id so pages never overlap.
func (db Admin) Users(ctx context.Context, f admin.UserFilter) ([]admin.UserSummary, int, error) {
	w := newListFilter()
	w.search(f.Q, `(u.email LIKE ? ESCAPE '\' OR LOWER(p.display_name) LIKE ? ESCAPE '\')`)
	w.choose(f.Role, map[string]string{"admin": "p.is_admin", "creator": "p.is_creator", "vendor": "p.vendor_enabled",
		"pro": "p.is_pro", "pro_member": "p.is_pro_member", "disabled": "u.disabled_at IS NOT NULL"})
	from := " FROM users u JOIN profiles p ON p.user_id = u.id WHERE " + w.conds()
	// Every user has its profile (created together), so without a filter the count is the
	// users table's: the join over every row costs more than the page at 100,000 users.
	countQuery := "SELECT COUNT(*)" + from
	if !w.narrowed() {
		countQuery = "SELECT COUNT(*) FROM users"
	}
	total, err := count(ctx, db.bun, countQuery, w.args...)
	if err != nil {
		return nil, 0, err
	}
	col := map[string]string{"created_at": "u.created_at", "email": "u.email", "display_name": "p.display_name"}[f.Sort]
	var out []admin.UserSummary
	query := "SELECT " + userSummaryColumns + from + pageOrder(col, "u.id", f.Desc)
	if err := db.bun.NewRaw(query, pageArgs(w.args, f.Page, f.PageSize)...).Scan(ctx, &out); err != nil {
		return nil, 0, fmt.Errorf("list users: %w", err)
	}
	return out, total, nil
}

// UserSummary reads one user's list row.
func (db Admin) UserSummary(ctx context.Context, id string) (admin.UserSummary, error) {
	return listRow[admin.UserSummary](ctx, db.q(ctx), "user", "SELECT "+userSummaryColumns+" FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.id = ?", id)
}

// SetDisabled stamps (at) or clears (nil) the user's disabled_at.
func (db Admin) SetDisabled(ctx context.Context, id string, at *time.Time) error {
	q := db.q(ctx)
	res, err := q.NewUpdate().Model((*userRow)(nil)).Set("disabled_at = ?", at).Set("updated_at = ?", db.Now()).Where("id = ?", id).Exec(ctx)
	if err != nil {
		return fmt.Errorf("set disabled: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.New(apperr.NotFound, "user not found")
	}
	return nil
}

// RevokeUserSessions ends the user's live sessions (only those in ids when given).
func (db Admin) RevokeUserSessions(ctx context.Context, userID string, ids []string) (int, error) {
	q := db.q(ctx)
	up := q.NewUpdate().Model((*sessionRow)(nil)).Set("revoked_at = ?", db.Now()).Where("user_id = ?", userID).Where("revoked_at IS NULL")
	if len(ids) > 0 {
		up = up.Where("id IN (?)", bun.In(ids))
	}
	res, err := up.Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("revoke sessions: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// UserDetail reads the user's page: profile, live sessions, latest orders, latest membership,
// points balance, latest security events and role grants.
func (db AdminStore) UserDetail(ctx context.Context, id string) (admin.UserDetail, error) {
	var d admin.UserDetail
	var err error
	if d.User, err = db.Admin.UserSummary(ctx, id); err != nil {
		return d, err
	}
	if d.Profile, err = db.ProfileByUserID(ctx, id); err != nil {
		return d, err
	}
	sessions, err := db.ListSessions(ctx, id)
	if err != nil {
		return d, err
	}
	d.Sessions = make([]admin.SessionView, 0, len(sessions))
	for _, s := range sessions {
		d.Sessions = append(d.Sessions, admin.SessionView{ID: s.ID, UserAgent: s.UserAgent, IPAddress: s.IPAddress, CreatedAt: s.CreatedAt,
			LastActivity: s.LastActivity, ExpiresAt: s.ExpiresAt, IsAdminSession: s.IsAdminSession})
	}
	d.Orders = []admin.OrderHit{}
	if err := db.bun.NewRaw(`SELECT o.id, o.number, o.status, o.total_cents, o.currency, u.email, o.created_at
		FROM orders o JOIN users u ON u.id = o.user_id WHERE o.user_id = ? ORDER BY o.created_at DESC, o.id DESC LIMIT 20`, id).
		Scan(ctx, &d.Orders); err != nil {
		return d, fmt.Errorf("user orders: %w", err)
	}
	var subs []admin.MembershipView
	if err := db.bun.NewRaw(`SELECT id, status, billing_interval AS interval, seats, amount_cents, currency, current_period_end,
		cancel_at_period_end, created_at FROM subscriptions WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT 1`, id).
		Scan(ctx, &subs); err != nil {
		return d, fmt.Errorf("user subscription: %w", err)
	}
	if len(subs) == 1 {
		d.Subscription = &subs[0]
	}
	if d.PointsBalance, err = db.PointsBalance(ctx, id); err != nil {
		return d, err
	}
	var events []securityEventRow
	if err := db.bun.NewSelect().Model(&events).Where("user_id = ?", id).OrderExpr("created_at DESC, id DESC").Limit(20).Scan(ctx); err != nil {
		return d, fmt.Errorf("user security events: %w", err)
	}
	d.SecurityEvents = domainsOf(events)
	if d.Grants, err = db.RoleGrants(ctx, id); err != nil {
		return d, err
	}
	return d, nil
}
