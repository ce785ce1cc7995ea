package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/apperr"
	"circle/internal/catalog"
	"circle/internal/jobs"
	"circle/internal/ops"
)

// OpsStore serves ops.Store: the operations reads with the audit log's append.
type OpsStore struct {
	*DB
	Operations
	Admin
}

// NewOpsStore builds an OpsStore on db.
func NewOpsStore(db *DB) OpsStore { return OpsStore{db, Operations{db}, NewAdmin(db)} }

// SecurityEvents answers one page of security events matching f (validated), newest first.
// The kind filter uses security_events_kind_idx, the dates security_events_created_at_idx.
func (db Operations) SecurityEvents(ctx context.Context, f ops.SecurityFilter) ([]ops.SecurityEntry, int, error) {
	w := newListFilter()
	if f.Kind != "" {
		w.add("se.event_type = ?", f.Kind)
	}
	if f.User != "" {
		w.add(`(se.user_id = ? OR u.email LIKE ? ESCAPE '\')`, f.User, likeArg(f.User))
	}
	if !f.FromAt.IsZero() {
		w.add("se.created_at >= ?", f.FromAt)
	}
	if !f.ToAt.IsZero() {
		w.add("se.created_at < ?", f.ToAt)
	}
	from := " FROM security_events se LEFT JOIN users u ON u.id = se.user_id WHERE " + w.conds()
	total, err := count(ctx, db.bun, "SELECT COUNT(*)"+from, w.args...)
	if err != nil {
		return nil, 0, err
	}
	out := []ops.SecurityEntry{}
	err = db.bun.NewRaw(`SELECT se.id, se.event_type AS kind, COALESCE(se.user_id, '') AS user_id, COALESCE(u.email, '') AS user_email,
		se.event_data AS data, se.created_at AS at`+from+pageOrder("se.created_at", "se.id", true),
		pageArgs(w.args, f.Page, f.PageSize)...).Scan(ctx, &out)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, 0, fmt.Errorf("security events: %w", err)
	}
	return out, total, nil
}

// SecurityCounts counts the events in each [edges[i], edges[i+1]) in one statement.
func (db Operations) SecurityCounts(ctx context.Context, edges []time.Time) ([]int, error) {
	if len(edges) < 2 {
		return nil, nil
	}
	out, err := db.countInRanges(ctx, "security_events", "created_at", "", "", edges)
	if err != nil {
		return nil, fmt.Errorf("security counts: %w", err)
	}
	return out, nil
}

// ClientErrorGroups answers one page of client errors grouped by message, with the latest
// occurrence's stack and page. The groups come from client_errors_message_idx.
func (db Operations) ClientErrorGroups(ctx context.Context, f ops.ErrorFilter) ([]ops.ClientErrorGroup, int, error) {
	where, args := "1 = 1", []any{}
	if f.Q != "" {
		where = `LOWER(message) LIKE ? ESCAPE '\'`
		args = append(args, likeArg(f.Q))
	}
	total, err := count(ctx, db.bun, "SELECT COUNT(*) FROM (SELECT message FROM client_errors WHERE "+where+" GROUP BY message) g", args...)
	if err != nil {
		return nil, 0, err
	}
	order := "last_seen"
	if f.Sort == "count" {
		order = "count"
	}
	out := []ops.ClientErrorGroup{}
	err = db.bun.NewRaw(`SELECT g.message, g.count, g.first_seen, g.last_seen,
		COALESCE((SELECT c.stack FROM client_errors c WHERE c.message = g.message ORDER BY c.created_at DESC, c.id DESC LIMIT 1), '') AS sample_stack,
		COALESCE((SELECT c.url FROM client_errors c WHERE c.message = g.message ORDER BY c.created_at DESC, c.id DESC LIMIT 1), '') AS sample_url
		FROM (SELECT message, COUNT(*) AS count, MIN(created_at) AS first_seen, MAX(created_at) AS last_seen
			FROM client_errors WHERE `+where+` GROUP BY message) g`+pageOrder("g."+order, "g.message", !f.Asc),
		pageArgs(args, f.Page, f.PageSize)...).Scan(ctx, &out)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, 0, fmt.Errorf("client error groups: %w", err)
	}
	return out, total, nil
}

// JobQueueCounts counts the jobs queue by state, and the jobs finished in the hour before now.
func (db Operations) JobQueueCounts(ctx context.Context, now time.Time) (ops.JobQueueCounts, error) {
	var c ops.JobQueueCounts
	err := db.bun.NewRaw(`SELECT
		COALESCE(SUM(CASE WHEN state = 'queued' THEN 1 ELSE 0 END), 0) AS queued,
		COALESCE(SUM(CASE WHEN state = 'queued' AND last_error <> '' THEN 1 ELSE 0 END), 0) AS retrying,
		COALESCE(SUM(CASE WHEN state = 'running' THEN 1 ELSE 0 END), 0) AS running,
		COALESCE(SUM(CASE WHEN state = 'dead' THEN 1 ELSE 0 END), 0) AS dead,
		COALESCE(SUM(CASE WHEN state = 'done' AND finished_at >= ? THEN 1 ELSE 0 END), 0) AS done_hour
		FROM jobs`, now.UTC().Add(-time.Hour)).Scan(ctx, &c.Queued, &c.Retrying, &c.Running, &c.Dead, &c.DoneHour)
	if err != nil {
		return c, fmt.Errorf("job counts: %w", err)
	}
	return c, nil
}

// LockJob reads a job for update inside ctx's transaction (FOR UPDATE on PostgreSQL; on SQLite the immediate
// transaction holds the only write lock).
func (db Operations) LockJob(ctx context.Context, id string) (jobs.Job, error) {
	q := db.q(ctx)
	var j jobs.Job
	sel := db.forUpdate(q.NewSelect().Model(&jobsJobRow{Job: &j}).Where("id = ?", id))
	if err := sel.Scan(ctx); err != nil {
		return j, notFound(err, "job")
	}
	return j, nil
}

// RequeueDeadJob puts a dead job back in the queue, due now with a fresh set of attempts; the
// last error stays until the next attempt replaces it.
func (db Operations) RequeueDeadJob(ctx context.Context, id string, now time.Time) (jobs.Job, error) {
	q := db.q(ctx)
	now = now.UTC()
	var out []jobs.Job
	err := q.NewRaw(`UPDATE jobs SET state = ?, attempts = 0, run_at = ?, finished_at = NULL, locked_until = NULL, locked_by = '', updated_at = ?
		WHERE id = ? AND state = ? RETURNING *`, jobs.StateQueued, now, now, id, jobs.StateDead).Scan(ctx, &out)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return jobs.Job{}, fmt.Errorf("requeue job %s: %w", id, err)
	}
	if len(out) != 1 {
		return jobs.Job{}, apperr.New(apperr.Conflict, ops.MsgJobNotDead)
	}
	return out[0], nil
}

// errSelfTestRollback ends the self-test's transaction: InTx rolls back on any error.
var errSelfTestRollback = errors.New("self-test: roll back")

// SelfTestWrite writes an app event, reads it back and rolls the transaction back, then checks
// the row is gone (the command center test's database check: nothing stays).
func (db *DB) SelfTestWrite(ctx context.Context, now time.Time) error {
	id := "selftest-" + strconvTime(now)
	err := db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		if _, err := tx.NewRaw("INSERT INTO app_events (id, name, payload, created_at) VALUES (?, 'self_test', '{}', ?)", id, now.UTC()).Exec(ctx); err != nil {
			return fmt.Errorf("write: %w", err)
		}
		n, err := count(ctx, tx, "SELECT COUNT(*) FROM app_events WHERE id = ?", id)
		if err != nil {
			return fmt.Errorf("read back: %w", err)
		}
		if n != 1 {
			return fmt.Errorf("read back %d rows, want 1", n)
		}
		return errSelfTestRollback
	})
	if !errors.Is(err, errSelfTestRollback) {
		if err == nil {
			err = errors.New("transaction committed")
		}
		return err
	}
	n, err := count(ctx, db.bun, "SELECT COUNT(*) FROM app_events WHERE id = ?", id)
	if err != nil {
		return fmt.Errorf("read after rollback: %w", err)
	}
	if n != 0 {
		return errors.New("the rolled-back row is still there")
	}
	return nil
}

func strconvTime(t time.Time) string { return fmt.Sprintf("%d", t.UnixNano()) }

// sspTypes is the SQL list of settlement-service-provider vendor types (catalog.SSPVendorTypes).
func sspTypes() bun.Safe {
	q := make([]string, len(catalog.SSPVendorTypes))
	for i, t := range catalog.SSPVendorTypes {
		q[i] = "'" + strings.ReplaceAll(t, "'", "''") + "'"
	}
	return bun.Safe("(" + strings.Join(q, ", ") + ")")
}

// RiskMatrix counts the active services by stored risk level and their vendor's RESPA kind.
func (db Operations) RiskMatrix(ctx context.Context) ([]ops.RiskCell, error) {
	out := []ops.RiskCell{}
	err := db.bun.NewRaw(`SELECT s.respa_risk_level AS risk,
		CASE WHEN LOWER(v.vendor_type) IN ? THEN 'ssp' ELSE 'non_ssp' END AS kind, COUNT(*) AS services
		FROM services s JOIN vendors v ON v.id = s.vendor_id WHERE s.is_active
		GROUP BY s.respa_risk_level, CASE WHEN LOWER(v.vendor_type) IN ? THEN 'ssp' ELSE 'non_ssp' END
		ORDER BY risk, kind`, sspTypes(), sspTypes()).Scan(ctx, &out)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("risk matrix: %w", err)
	}
	return out, nil
}

// ComplianceServices answers one page of services with their RESPA columns, riskiest first.
func (db Operations) ComplianceServices(ctx context.Context, f ops.ComplianceFilter) ([]ops.ComplianceService, int, error) {
	w := newListFilter()
	switch f.Risk {
	case "":
	case "unset":
		w.add("s.respa_risk_level = ''")
	default:
		w.add("s.respa_risk_level = ?", f.Risk)
	}
	switch f.Kind {
	case "ssp":
		w.add("LOWER(v.vendor_type) IN ?", sspTypes())
	case "non_ssp":
		w.add("LOWER(v.vendor_type) NOT IN ?", sspTypes())
	}
	from := " FROM services s JOIN vendors v ON v.id = s.vendor_id WHERE " + w.conds()
	total, err := count(ctx, db.bun, "SELECT COUNT(*)"+from, w.args...)
	if err != nil {
		return nil, 0, err
	}
	out := []ops.ComplianceService{}
	err = db.bun.NewRaw(`SELECT s.id, s.title, s.is_active, v.id AS vendor_id, v.name AS vendor_name, v.vendor_type,
		s.is_respa_regulated AS respa_regulated, s.respa_risk_level AS risk_level, s.copay_allowed, s.ssp_allowed, s.respa_split_limit,
		s.max_split_percentage_ssp AS max_split_ssp, s.max_split_percentage_non_ssp AS max_split_non_ssp,
		s.max_vendor_split_percentage AS max_vendor_split, s.co_pay_price_cents AS co_pay_cents, s.retail_price_cents AS retail_cents,
		s.pro_price_cents AS pro_cents`+from+`
		ORDER BY CASE s.respa_risk_level WHEN 'high' THEN 0 WHEN 'medium' THEN 1 WHEN 'low' THEN 2 ELSE 3 END, v.name, s.title, s.id LIMIT ? OFFSET ?`,
		pageArgs(w.args, f.Page, f.PageSize)...).Scan(ctx, &out)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, 0, fmt.Errorf("compliance services: %w", err)
	}
	return out, total, nil
}

// CoPayDecisions answers one page of decided co-pay requests (every status but pending), the
// latest change first; status narrows them to one.
func (db Operations) CoPayDecisions(ctx context.Context, status string, page, size int) ([]ops.CoPayDecision, int, error) {
	where, args := "r.status <> 'pending'", []any{}
	if status != "" {
		where, args = "r.status = ?", append(args, status)
	}
	from := ` FROM co_pay_requests r JOIN vendors v ON v.id = r.vendor_id JOIN users u ON u.id = r.agent_id
		JOIN services s ON s.id = r.service_id WHERE ` + where
	total, err := count(ctx, db.bun, "SELECT COUNT(*)"+from, args...)
	if err != nil {
		return nil, 0, err
	}
	out := []ops.CoPayDecision{}
	err = db.bun.NewRaw(`SELECT r.id, r.status, r.vendor_id, v.name AS vendor_name, r.vendor_kind, r.agent_id, u.email AS agent_email,
		r.service_id, s.title AS service_title, r.requested_split_percentage AS requested, r.approved_split_percentage AS approved,
		r.base_price_cents AS base_cents, r.vendor_share_cents AS vendor_cents, r.decision_note, r.decided_at, r.updated_at`+from+
		pageOrder("r.updated_at", "r.id", true), pageArgs(args, page, size)...).Scan(ctx, &out)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, 0, fmt.Errorf("co-pay decisions: %w", err)
	}
	return out, total, nil
}

// perDay counts, in one statement over table, the rows whose col falls in each day
// [edges[i], edges[i+1]) (see countInRanges).
func (db Operations) perDay(ctx context.Context, table, col, distinct, where string, edges []time.Time) ([]int, error) {
	out, err := db.countInRanges(ctx, table, col, distinct, where, edges)
	if err != nil {
		return nil, fmt.Errorf("count %s per day: %w", table, err)
	}
	return out, nil
}

// countInRanges counts, in one statement over table, the rows whose col falls in each
// [edges[i], edges[i+1]): all of them, or the distinct values of the column distinct names;
// where (when set) narrows the rows. The error is the statement's, for the caller to wrap.
func (db Operations) countInRanges(ctx context.Context, table, col, distinct, where string, edges []time.Time) ([]int, error) {
	cols, args := make([]string, 0, len(edges)-1), make([]any, 0, 2*len(edges)+2)
	for i := 0; i+1 < len(edges); i++ {
		if distinct != "" {
			cols = append(cols, fmt.Sprintf("COUNT(DISTINCT CASE WHEN %[1]s >= ? AND %[1]s < ? THEN %[2]s END) AS d%[3]d", col, distinct, i))
		} else {
			cols = append(cols, fmt.Sprintf("COALESCE(SUM(CASE WHEN %[1]s >= ? AND %[1]s < ? THEN 1 ELSE 0 END), 0) AS d%[2]d", col, i))
		}
		args = append(args, edges[i].UTC(), edges[i+1].UTC())
	}
	args = append(args, edges[0].UTC(), edges[len(edges)-1].UTC())
	out := make([]int, len(edges)-1)
	dst := make([]any, len(out))
	for i := range out {
		dst[i] = &out[i]
	}
	q := "SELECT " + strings.Join(cols, ", ") + " FROM " + table + " WHERE " + col + " >= ? AND " + col + " < ?"
	if where != "" {
		q += " AND " + where
	}
	if err := db.bun.NewRaw(q, args...).Scan(ctx, dst...); err != nil {
		return nil, err
	}
	return out, nil
}

// FunnelCounts counts the marketplace funnel's steps per day: distinct viewers and views
// (service_views_created_idx), cart lines created, order payment pages opened and orders paid.
func (db Operations) FunnelCounts(ctx context.Context, edges []time.Time) (visitors, views, cartAdds, checkouts, paid []int, err error) {
	if visitors, err = db.perDay(ctx, "service_views", "created_at", "viewer_key", "", edges); err != nil {
		return
	}
	if views, err = db.perDay(ctx, "service_views", "created_at", "", "", edges); err != nil {
		return
	}
	if cartAdds, err = db.perDay(ctx, "cart_items", "created_at", "", "", edges); err != nil {
		return
	}
	if checkouts, err = db.perDay(ctx, "checkout_sessions", "created_at", "", "kind = 'order'", edges); err != nil {
		return
	}
	paid, err = db.perDay(ctx, "orders", "paid_at", "", "", edges)
	return
}

// WindowCounts counts the client errors and security events in [from, to), with the top
// messages and kinds (client_errors and security_events are indexed on created_at).
func (db Operations) WindowCounts(ctx context.Context, from, to time.Time, top int) (ops.WindowCounts, error) {
	var c ops.WindowCounts
	var err error
	if c.ClientErrors, c.TopErrors, err = db.windowTop(ctx, "client_errors", "message", from, to, top); err != nil {
		return c, err
	}
	c.SecurityEvents, c.TopSecurity, err = db.windowTop(ctx, "security_events", "event_type", from, to, top)
	return c, err
}

// windowTop counts table's rows in [from, to) and its most frequent values of column (both
// names are the caller's constants, never input).
func (db Operations) windowTop(ctx context.Context, table, column string, from, to time.Time, top int) (int, []ops.CountedText, error) {
	total, err := count(ctx, db.bun, "SELECT COUNT(*) FROM "+table+" WHERE created_at >= ? AND created_at < ?", from.UTC(), to.UTC())
	if err != nil || total == 0 {
		return total, []ops.CountedText{}, err
	}
	out := []ops.CountedText{}
	err = db.bun.NewRaw("SELECT "+column+" AS text, COUNT(*) AS count FROM "+table+" WHERE created_at >= ? AND created_at < ? GROUP BY "+column+
		" ORDER BY count DESC, text LIMIT ?", from.UTC(), to.UTC(), top).Scan(ctx, &out)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, nil, fmt.Errorf("%s in a window: %w", table, err)
	}
	return total, out, nil
}
