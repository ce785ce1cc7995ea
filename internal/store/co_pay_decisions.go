package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/apperr"
	"circle/internal/copay"
	"circle/internal/ids"
	"circle/internal/notices"
)

// The vendor's side of co-pay requests (issue 15 item 3): the partner vendor's list, its
// decisions applied once under concurrency, and the expiry of unanswered requests. The agent's
// side (creating requests, the cart) lives in other files.

// namedRequestsQuery selects from co-pay requests (r) the names that go with each: the agent's
// display name (agent_name), the service's title (service_title) and the partner vendor's name
// (vendor_name), each empty when missing. Callers add the request's own columns.
func namedRequestsQuery(q bun.IDB) *bun.SelectQuery {
	return q.NewSelect().TableExpr("co_pay_requests AS r").
		ColumnExpr("COALESCE(p.display_name, '') AS agent_name").
		ColumnExpr("COALESCE(s.title, '') AS service_title").
		ColumnExpr("COALESCE(v.name, '') AS vendor_name").
		Join("LEFT JOIN profiles AS p ON p.user_id = r.agent_id").
		Join("LEFT JOIN services AS s ON s.id = r.service_id").
		Join("LEFT JOIN vendors AS v ON v.id = r.vendor_id")
}

// incomingQuery selects requests with the agent's display name, the service's title and the
// partner vendor's name.
func incomingQuery(q bun.IDB) *bun.SelectQuery { return namedRequestsQuery(q).ColumnExpr("r.*") }

// IncomingCoPayRequests lists the requests made to the given partner vendors, newest first,
// optionally of one status.
func (db CoPays) IncomingCoPayRequests(ctx context.Context, vendorIDs []string, status string, limit int) ([]copay.Incoming, error) {
	if len(vendorIDs) == 0 {
		return []copay.Incoming{}, nil
	}
	q := incomingQuery(db.bun).Where("r.vendor_id IN (?)", bun.In(vendorIDs))
	q = whereGiven(q, "r.status = ?", status)
	return scanList[copay.Incoming](ctx, q.OrderExpr("r.created_at DESC, r.id DESC").Limit(int64(limit)), "read incoming co-pay requests")
}

// CoPayRequestForVendor reads one request with its names.
func (db CoPays) CoPayRequestForVendor(ctx context.Context, id string) (copay.Incoming, error) {
	return db.CoPayRequestForVendorIn(ctx, id)
}

// CoPayRequestForVendorIn is CoPayRequestForVendor on the caller's transaction (ctx).
func (db CoPays) CoPayRequestForVendorIn(ctx context.Context, id string) (copay.Incoming, error) {
	q := db.q(ctx)
	var out []copay.Incoming
	if err := incomingQuery(q).Where("r.id = ?", id).Limit(1).Scan(ctx, &out); err != nil {
		return copay.Incoming{}, fmt.Errorf("read co-pay request: %w", err)
	}
	if len(out) == 0 {
		return copay.Incoming{}, apperr.New(apperr.NotFound, copay.MsgNotFound)
	}
	return out[0], nil
}

// LockCoPayRequestForDecision reads a request inside ctx's transaction for update: FOR UPDATE on PostgreSQL, so
// two decisions of the same request run one after the other and the second sees the first's
// status; on SQLite the immediate transaction already holds the only write lock.
func (db CoPays) LockCoPayRequestForDecision(ctx context.Context, id string) (copay.Request, error) {
	tx := db.q(ctx)
	var r copay.Request
	q := db.forUpdate(tx.NewSelect().Model(&copayRequestRow{Request: &r}).Where("id = ?", id))
	if err := q.Scan(ctx); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return r, apperr.New(apperr.NotFound, copay.MsgNotFound)
		}
		return r, fmt.Errorf("lock co-pay request: %w", err)
	}
	return r, nil
}

// CloseCoPayRequest writes a request's new status (approved, declined or expired) with its
// decision columns, only while the row is still pending: an approval or a decline also needs
// expires_at after now, an expiry expires_at at or before now. When the row changed it appends
// the event and reports true; false means another decision or the expiry came first (the row
// lock makes that rare on PostgreSQL; the condition makes it impossible to apply twice on any
// engine).
func (db CoPays) CloseCoPayRequest(ctx context.Context, r copay.Request, e copay.Event, now time.Time) (bool, error) {
	q := db.q(ctx)
	upd := q.NewUpdate().Model(&copayRequestRow{Request: &r}).
		Column("status", "approved_split_percentage", "vendor_share_cents", "agent_share_cents", "explanation",
			"decision_note", "decided_by", "decided_at", "updated_at").
		Where("id = ?", r.ID).Where("status = ?", copay.StatusPending)
	if r.Status == copay.StatusExpired {
		upd = upd.Where("expires_at <= ?", now.UTC())
	} else {
		upd = upd.Where("expires_at > ?", now.UTC())
	}
	res, err := upd.Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("close co-pay request: %w", err)
	}
	return appendEventIfChanged(ctx, q, res, e)
}

// appendEventIfChanged appends e when the conditional update res changed the request's row, and
// reports whether it did: false is a decision (or the expiry) that came first.
func appendEventIfChanged(ctx context.Context, q Q, res sql.Result, e copay.Event) (bool, error) {
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return false, err
	}
	if e.ID == "" {
		e.ID = ids.New()
	}
	if _, err := q.NewInsert().Model(&copayEventRow{Event: &e}).Exec(ctx); err != nil {
		return false, fmt.Errorf("insert co-pay request event: %w", err)
	}
	return true, nil
}

// DueCoPayRequests lists the ids of pending requests past their expires_at, oldest first.
func (db CoPays) DueCoPayRequests(ctx context.Context, now time.Time, limit int) ([]string, error) {
	var out []string
	err := db.bun.NewSelect().TableExpr("co_pay_requests").Column("id").
		Where("status = ? AND expires_at <= ?", copay.StatusPending, now.UTC()).
		OrderExpr("expires_at ASC, id ASC").Limit(int64(limit)).Scan(ctx, &out)
	if err != nil {
		return nil, fmt.Errorf("read due co-pay requests: %w", err)
	}
	return out, nil
}

// CoPayAgentContact is the agent's e-mail address, display name and language.
func (db CoPays) CoPayAgentContact(ctx context.Context, userID string) (copay.Contact, error) {
	var c struct {
		Email string `bun:"email"`
		Name  string `bun:"name"`
		Lang  string `bun:"lang"`
	}
	err := db.bun.NewSelect().TableExpr("users AS u").ColumnExpr("u.email AS email").
		ColumnExpr("COALESCE(p.display_name, '') AS name").ColumnExpr("COALESCE(p.preferred_language, '') AS lang").
		Join("LEFT JOIN profiles AS p ON p.user_id = u.id").Where("u.id = ?", userID).Scan(ctx, &c)
	if err != nil {
		return copay.Contact{}, notFound(err, "user")
	}
	return copay.Contact{Email: c.Email, Name: c.Name, Lang: c.Lang}, nil
}

// coPayNoticeKinds are the notices the co-pay side e-mails.
var coPayNoticeKinds = []string{copay.NoticeApproved, copay.NoticeDeclined, copay.NoticeExpired}

// UnsentCoPayNotifications lists co-pay notices not e-mailed yet and created at or before
// createdBefore (an approval waits out its undo window), oldest first.
func (db CoPays) UnsentCoPayNotifications(ctx context.Context, createdBefore time.Time, limit int) ([]notices.Notification, error) {
	return scanDomains[notificationRow](ctx, db.bun.NewSelect().Model((*notificationRow)(nil)).Where("emailed_at IS NULL").Where("kind IN (?)", bun.In(coPayNoticeKinds)).
		Where("created_at <= ?", createdBefore.UTC()).
		OrderExpr("created_at ASC, id ASC").Limit(int64(limit)), "read unsent co-pay notices")
}

// LastCoPayEventIn is the request's latest event of a status (an undo reads the shares the
// request had while pending); not found when it has none.
func (db CoPays) LastCoPayEventIn(ctx context.Context, requestID, status string) (copay.Event, error) {
	q := db.q(ctx)
	var e copay.Event
	err := q.NewSelect().Model(&copayEventRow{Event: &e}).Where("request_id = ? AND status = ?", requestID, status).
		OrderExpr("created_at DESC, id DESC").Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return e, apperr.New(apperr.NotFound, copay.MsgNotFound)
	}
	if err != nil {
		return e, fmt.Errorf("read co-pay request event: %w", err)
	}
	return e, nil
}

// ReopenCoPayRequest undoes an approval (issue 28 item 12): the row goes back to pending with the
// split, shares and explanation r carries, only while it is still approved and was decided after
// decidedAfter (the undo window; a conditional update, so an undo applies once and never after
// the line was used or the window closed); it appends e and reports true; false otherwise.
func (db CoPays) ReopenCoPayRequest(ctx context.Context, r copay.Request, e copay.Event, decidedAfter time.Time) (bool, error) {
	q := db.q(ctx)
	res, err := q.NewUpdate().Model(&copayRequestRow{Request: &r}).
		Column("status", "approved_split_percentage", "vendor_share_cents", "agent_share_cents", "explanation",
			"decision_note", "decided_by", "decided_at", "updated_at").
		Where("id = ?", r.ID).Where("status = ?", copay.StatusApproved).Where("decided_at > ?", decidedAfter.UTC()).Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("reopen co-pay request: %w", err)
	}
	return appendEventIfChanged(ctx, q, res, e)
}

// DeleteUnsentNotification removes a user's notice by its dedupe key while its e-mail was not
// sent (an undone approval's notice); it reports whether one was removed.
func (db CoPays) DeleteUnsentNotification(ctx context.Context, userID, dedupeKey string) (bool, error) {
	q := db.q(ctx)
	res, err := q.NewDelete().TableExpr("notifications").Where("user_id = ? AND dedupe_key = ? AND emailed_at IS NULL", userID, dedupeKey).Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("delete notice: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
