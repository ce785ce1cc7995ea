package store

import (
	"context"
	"fmt"

	"circle/internal/audit"
)

// AppendAudit writes one audit entry in ctx's transaction, the one of the change it records (issue 31
// item 12). At is the store's clock when the entry has none. There is no update or delete:
// the table's triggers refuse both.
func (db Admin) AppendAudit(ctx context.Context, e audit.Record) error {
	q := db.q(ctx)
	if e.At.IsZero() {
		e.At = db.Now()
	}
	row := auditRowOf(e)
	if _, err := q.NewInsert().Model(&row).Exec(ctx); err != nil {
		return fmt.Errorf("append audit entry %s: %w", e.Action, err)
	}
	return nil
}

// AuditEntries answers one page of the entries matching f (validated), newest first, and the
// count of every match. Each filter column leads an index ending in (at, id).
func (db Admin) AuditEntries(ctx context.Context, f audit.Filter) ([]audit.Record, int, error) {
	var rows []auditWithActor
	q := db.bun.NewSelect().Model(&rows).ColumnExpr("audit.*").ColumnExpr("u.email AS actor_email").
		Join("LEFT JOIN users AS u ON u.id = audit.actor_id")
	q = whereGiven(q, "audit.actor_id = ?", f.ActorID)
	q = whereGiven(q, "audit.object_kind = ?", f.ObjectKind)
	q = whereGiven(q, "audit.object_id = ?", f.ObjectID)
	q = whereGiven(q, "audit.action = ?", f.Action)
	if f.From != nil {
		q = q.Where("audit.at >= ?", f.From.UTC())
	}
	if f.To != nil {
		q = q.Where("audit.at < ?", f.To.UTC())
	}
	total, err := q.OrderExpr("audit.at DESC, audit.id DESC").Limit(int64(f.PageSize)).Offset(int64((f.Page - 1) * f.PageSize)).ScanAndCount(ctx)
	if err != nil {
		return nil, 0, fmt.Errorf("read audit log: %w", err)
	}
	return domainsOf(rows), int(total), nil
}
