package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/accounting"
	"circle/internal/checkout"
)

// partialRefundRow is one row of order_partial_refunds.
type partialRefundRow struct {
	bun.BaseModel `bun:"table:order_partial_refunds,alias:opr"`

	ID               string    `bun:"id,pk"`
	OrderID          string    `bun:"order_id,notnull"`
	UserID           string    `bun:"user_id,notnull"`
	Key              string    `bun:"idempotency_key,notnull"`
	Status           string    `bun:"status,notnull"`
	Currency         string    `bun:"currency,notnull"`
	AmountCents      int64     `bun:"amount_cents,notnull"`
	LineIDs          string    `bun:"line_ids,notnull"`
	PointsShare      int64     `bun:"points_share,notnull"`
	VendorShareCents int64     `bun:"vendor_share_cents,notnull"`
	Provider         string    `bun:"provider,notnull"`
	ProviderRefundID string    `bun:"provider_refund_id,notnull"`
	PaymentIntentID  string    `bun:"payment_intent_id,notnull"`
	Reason           string    `bun:"reason,notnull"`
	ActorID          string    `bun:"actor_id,notnull"`
	CreatedAt        time.Time `bun:"created_at,notnull"`
	UpdatedAt        time.Time `bun:"updated_at,notnull"`
}

func (r partialRefundRow) domain() checkout.PartialRefund {
	lines := []string{}
	if r.LineIDs != "" {
		lines = strings.Split(r.LineIDs, ",")
	}
	return checkout.PartialRefund{ID: r.ID, OrderID: r.OrderID, UserID: r.UserID, Key: r.Key, Status: r.Status, Currency: r.Currency,
		AmountCents: r.AmountCents, LineIDs: lines, PointsShare: r.PointsShare, VendorShareCents: r.VendorShareCents, Provider: r.Provider,
		ProviderRefundID: r.ProviderRefundID, PaymentIntentID: r.PaymentIntentID, Reason: r.Reason, ActorID: r.ActorID,
		CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
}

func partialRefundRowOf(p checkout.PartialRefund) partialRefundRow {
	return partialRefundRow{ID: p.ID, OrderID: p.OrderID, UserID: p.UserID, Key: p.Key, Status: p.Status, Currency: p.Currency,
		AmountCents: p.AmountCents, LineIDs: strings.Join(p.LineIDs, ","), PointsShare: p.PointsShare, VendorShareCents: p.VendorShareCents,
		Provider: p.Provider, ProviderRefundID: p.ProviderRefundID, PaymentIntentID: p.PaymentIntentID, Reason: p.Reason, ActorID: p.ActorID,
		CreatedAt: p.CreatedAt.UTC(), UpdatedAt: p.UpdatedAt.UTC()}
}

// partEntry is a succeeded part's refund entry in the money record.
func partEntry(p partialRefundRow) accounting.MoneyEntry {
	return accounting.MoneyEntry{Key: "refund:part:" + p.ID, Kind: accounting.KindRefund, AmountCents: -p.AmountCents, Currency: p.Currency,
		UserID: p.UserID, OrderID: p.OrderID, Source: accounting.SourcePartialRefund, SourceID: p.ID, Provider: p.Provider,
		ProviderRef: p.ProviderRefundID, OccurredAt: p.UpdatedAt}
}

// PartialRefunds lists an order's parts, oldest first.
func (db Refunds) PartialRefunds(ctx context.Context, orderID string) ([]checkout.PartialRefund, error) {
	q := db.q(ctx)
	var rows []partialRefundRow
	if err := q.NewSelect().Model(&rows).Where("order_id = ?", orderID).OrderExpr("created_at, id").Scan(ctx); err != nil {
		return nil, fmt.Errorf("read partial refunds: %w", err)
	}
	out := make([]checkout.PartialRefund, len(rows))
	for i, r := range rows {
		out[i] = r.domain()
	}
	return out, nil
}

// InsertPartialRefund reserves a part (its unique key refuses a second row for one request).
func (db Refunds) InsertPartialRefund(ctx context.Context, p checkout.PartialRefund) error {
	q := db.q(ctx)
	row := partialRefundRowOf(p)
	return insertModel(ctx, q, &row, "insert partial refund")
}

// SavePartialRefund updates a part's status, amounts and provider refund; a succeeded part's
// refund entry is written in the money record.
func (db Refunds) SavePartialRefund(ctx context.Context, p checkout.PartialRefund) error {
	q := db.q(ctx)
	row := partialRefundRowOf(p)
	if _, err := q.NewUpdate().Model(&row).Column("status", "amount_cents", "points_share", "vendor_share_cents", "provider_refund_id",
		"reason", "actor_id", "updated_at").WherePK().Exec(ctx); err != nil {
		return fmt.Errorf("update partial refund: %w", err)
	}
	if p.Status != checkout.PartSucceeded {
		return nil
	}
	return recordMoney(ctx, q, db.Now(), partEntry(row))
}

// partsRefunded sums the succeeded parts by order (all orders when orderID is empty).
func partsRefunded(ctx context.Context, q Q, orderID string) (map[string]int64, error) {
	var rows []struct {
		OrderID string `bun:"order_id"`
		Cents   int64  `bun:"cents"`
	}
	sel := q.NewSelect().TableExpr("order_partial_refunds").ColumnExpr("order_id, CAST(SUM(amount_cents) AS BIGINT) AS cents").
		Where("status = ?", checkout.PartSucceeded).GroupExpr("order_id")
	sel = whereGiven(sel, "order_id = ?", orderID)
	if err := sel.Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("sum partial refunds: %w", err)
	}
	out := make(map[string]int64, len(rows))
	for _, r := range rows {
		out[r.OrderID] = r.Cents
	}
	return out, nil
}

// succeededParts reads every succeeded part (the reconciliation's expected entries).
func succeededParts(ctx context.Context, q Q) ([]accounting.MoneyEntry, error) {
	var rows []partialRefundRow
	if err := q.NewSelect().Model(&rows).Where("status = ?", checkout.PartSucceeded).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read partial refunds: %w", err)
	}
	out := make([]accounting.MoneyEntry, len(rows))
	for i, r := range rows {
		out[i] = partEntry(r)
	}
	return out, nil
}
