package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/accounting"
	"circle/internal/apperr"
	"circle/internal/audit"
	"circle/internal/billing"
	"circle/internal/checkout"
	"circle/internal/ids"
	"circle/internal/points"
	"circle/internal/pointspay"
)

// moneyRow is one row of money_entries (migration 0057), append-only.
type moneyRow struct {
	bun.BaseModel `bun:"table:money_entries,alias:me"`

	ID          string    `bun:"id,pk"`
	Key         string    `bun:"entry_key,notnull"`
	Kind        string    `bun:"kind,notnull"`
	AmountCents int64     `bun:"amount_cents,notnull"`
	Currency    string    `bun:"currency,notnull"`
	Points      int64     `bun:"points,notnull"`
	UserID      string    `bun:"user_id,notnull"`
	OrderID     string    `bun:"order_id,notnull"`
	Source      string    `bun:"source,notnull"`
	SourceID    string    `bun:"source_id,notnull"`
	Provider    string    `bun:"provider,notnull"`
	ProviderRef string    `bun:"provider_ref,notnull"`
	Day         string    `bun:"day,notnull"`
	OccurredAt  time.Time `bun:"occurred_at,notnull"`
	CreatedAt   time.Time `bun:"created_at,notnull"`
}

func (r moneyRow) domain() accounting.MoneyEntry {
	return accounting.MoneyEntry{ID: r.ID, Key: r.Key, Kind: r.Kind, AmountCents: r.AmountCents, Currency: r.Currency, Points: r.Points,
		UserID: r.UserID, OrderID: r.OrderID, Source: r.Source, SourceID: r.SourceID, Provider: r.Provider, ProviderRef: r.ProviderRef,
		Day: r.Day, OccurredAt: r.OccurredAt, CreatedAt: r.CreatedAt}
}

func moneyRowOf(e accounting.MoneyEntry, now time.Time) moneyRow {
	if e.ID == "" {
		e.ID = ids.New()
	}
	if e.OccurredAt.IsZero() {
		e.OccurredAt = now
	}
	e.OccurredAt = e.OccurredAt.UTC()
	return moneyRow{ID: e.ID, Key: e.Key, Kind: e.Kind, AmountCents: e.AmountCents, Currency: e.Currency, Points: e.Points,
		UserID: e.UserID, OrderID: e.OrderID, Source: e.Source, SourceID: e.SourceID, Provider: e.Provider, ProviderRef: e.ProviderRef,
		Day: accounting.DayOf(e.OccurredAt), OccurredAt: e.OccurredAt, CreatedAt: now.UTC()}
}

// recordMoney writes one entry of the money record on q, the transaction of the fact it
// records. Its key is unique: a retried webhook, job or request writes nothing more.
func recordMoney(ctx context.Context, q Q, now time.Time, entries ...accounting.MoneyEntry) error {
	if len(entries) == 0 {
		return nil
	}
	rows := make([]moneyRow, len(entries))
	for i, e := range entries {
		rows[i] = moneyRowOf(e, now)
	}
	if _, err := q.NewInsert().Model(&rows).On("CONFLICT (entry_key) DO NOTHING").Exec(ctx); err != nil {
		return fmt.Errorf("record money entry %s: %w", entries[0].Key, err)
	}
	return nil
}

// The entries each money fact calls for. The store methods that write a fact write these in
// its transaction, and ExpectedEntries derives them again from the facts to reconcile: one
// definition for both.

func orderChargeEntry(o checkout.Order) accounting.MoneyEntry {
	return accounting.MoneyEntry{Key: "charge:order:" + o.ID, Kind: accounting.KindCharge, AmountCents: o.TotalCents, Currency: o.Currency,
		UserID: o.UserID, OrderID: o.ID, Source: accounting.SourceOrder, SourceID: o.ID, Provider: o.Provider,
		ProviderRef: o.PaymentIntentID, OccurredAt: deref(o.PaidAt, o.UpdatedAt)}
}

// orderRefundEntry is the refund of what partial refunds (parts, their sum) had not given back.
func orderRefundEntry(o checkout.Order, parts int64) accounting.MoneyEntry {
	return accounting.MoneyEntry{Key: "refund:order:" + o.ID, Kind: accounting.KindRefund, AmountCents: -(o.TotalCents - parts), Currency: o.Currency,
		UserID: o.UserID, OrderID: o.ID, Source: accounting.SourceOrder, SourceID: o.ID, Provider: o.Provider,
		ProviderRef: o.PaymentIntentID, OccurredAt: deref(o.RefundedAt, o.UpdatedAt)}
}

// orderEntries: a paid order is charged; a refunded order that had been paid is charged and
// refunded (less its partial refunds, parts: none when they gave everything back). An order
// refunded without being paid (a late payment) is the late entries' part.
func orderEntries(o checkout.Order, parts int64) []accounting.MoneyEntry {
	if o.PaidAt == nil || (o.Status != checkout.Paid && o.Status != checkout.Refunded) {
		return nil
	}
	out := []accounting.MoneyEntry{orderChargeEntry(o)}
	if o.Status == checkout.Refunded && o.TotalCents > parts {
		out = append(out, orderRefundEntry(o, parts))
	}
	return out
}

// lateEntries: a payment that arrived for an ended page of an order never paid, and its refund
// (order_refunds, one per page).
func lateEntries(r checkout.OrderRefund) []accounting.MoneyEntry {
	base := accounting.MoneyEntry{Currency: r.Currency, UserID: r.UserID, OrderID: r.OrderID, Source: accounting.SourceOrderRefund,
		SourceID: r.ID, Provider: r.Provider, OccurredAt: r.CreatedAt}
	charge, refund := base, base
	charge.Key, charge.Kind, charge.AmountCents, charge.ProviderRef = "charge:page:"+r.CheckoutSessionID, accounting.KindCharge, r.AmountCents, r.PaymentIntentID
	refund.Key, refund.Kind, refund.AmountCents, refund.ProviderRef = "refund:page:"+r.CheckoutSessionID, accounting.KindRefund, -r.AmountCents, r.ProviderRefundID
	return []accounting.MoneyEntry{charge, refund}
}

func invoiceEntry(in billing.Invoice) []accounting.MoneyEntry {
	if in.Status != billing.InvoicePaid {
		return nil
	}
	return []accounting.MoneyEntry{{Key: "invoice:" + in.ID, Kind: accounting.KindSubscription, AmountCents: in.AmountCents, Currency: in.Currency,
		UserID: in.UserID, Source: accounting.SourceInvoice, SourceID: in.ID, Provider: in.Provider, ProviderRef: in.ID, OccurredAt: in.CreatedAt}}
}

func vendorChargeEntries(c pointspay.VendorCharge) []accounting.MoneyEntry {
	if c.Status != pointspay.ChargeCharged && c.Status != pointspay.ChargeRefunded {
		return nil
	}
	base := accounting.MoneyEntry{Currency: c.Currency, UserID: c.AgentID, OrderID: c.OrderID, Source: accounting.SourceVendorCharge,
		SourceID: c.ID, Provider: c.Provider, ProviderRef: c.ProviderChargeID, OccurredAt: c.UpdatedAt}
	charge := base
	charge.Key, charge.Kind, charge.AmountCents = "vendor_charge:"+c.ID, accounting.KindVendorCharge, c.AmountCents
	if c.Status != pointspay.ChargeRefunded {
		return []accounting.MoneyEntry{charge}
	}
	refund := base
	refund.Key, refund.Kind, refund.AmountCents = "vendor_refund:"+c.ID, accounting.KindVendorRefund, -c.AmountCents
	return []accounting.MoneyEntry{charge, refund}
}

// pointsEntry: a spend (delta < 0) or its reversal (delta > 0), valued at points.CentsPerPoint.
func pointsEntry(spendID, userID string, delta int64, at time.Time) accounting.MoneyEntry {
	e := accounting.MoneyEntry{Key: "points_spend:" + spendID, Kind: accounting.KindPointsSpend, AmountCents: delta * points.CentsPerPoint,
		Currency: "USD", Points: delta, UserID: userID, Source: accounting.SourcePointsSpend, SourceID: spendID, OccurredAt: at}
	if delta > 0 {
		e.Key, e.Kind = "points_reversal:"+spendID, accounting.KindPointsReversal
	}
	return e
}

func guaranteeEntry(c pointspay.GuaranteeCredit) []accounting.MoneyEntry {
	if c.Points <= 0 {
		return nil
	}
	return []accounting.MoneyEntry{{Key: "credit:" + c.ID, Kind: accounting.KindCredit, AmountCents: c.Points * points.CentsPerPoint,
		Currency: "USD", Points: c.Points, UserID: c.UserID, Source: accounting.SourceGuarantee, SourceID: c.ID, OccurredAt: c.CreatedAt}}
}

func deref(t *time.Time, or time.Time) time.Time {
	if t != nil {
		return *t
	}
	return or
}

// lateRefundOf reports whether a refund record is of a late payment (its order was never paid).
func lateRefundOf(ctx context.Context, q Q, r checkout.OrderRefund) (bool, error) {
	var paid int
	if err := q.NewRaw("SELECT COUNT(*) FROM orders WHERE id = ? AND paid_at IS NOT NULL", r.OrderID).Scan(ctx, &paid); err != nil {
		return false, fmt.Errorf("read refunded order: %w", err)
	}
	return paid == 0, nil
}

// ExpectedEntries derives every entry the facts call for.
func (db Accounting) ReconciliationInputs(ctx context.Context) (want, got []accounting.MoneyEntry, err error) {
	err = db.ReadSnapshot(ctx, func(ctx context.Context) error {
		q := db.q(ctx)
		if want, err = expectedEntries(ctx, q); err != nil {
			return err
		}
		got, err = moneyEntries(ctx, q)
		return err
	})
	return want, got, err
}

func expectedEntries(ctx context.Context, q Q) ([]accounting.MoneyEntry, error) {
	var out []accounting.MoneyEntry
	var orders []checkout.Order
	if err := q.NewSelect().Model((*checkoutOrderRow)(nil)).Where("paid_at IS NOT NULL").Where("status IN (?, ?)", checkout.Paid, checkout.Refunded).
		Scan(ctx, &orders); err != nil {
		return nil, fmt.Errorf("read paid orders: %w", err)
	}
	parts, err := partsRefunded(ctx, q, "")
	if err != nil {
		return nil, err
	}
	for _, o := range orders {
		out = append(out, orderEntries(o, parts[o.ID])...)
	}
	partEntries, err := succeededParts(ctx, q)
	if err != nil {
		return nil, err
	}
	out = append(out, partEntries...)
	var refunds []checkout.OrderRefund
	if err := q.NewSelect().Model((*checkoutOrderRefundRow)(nil)).Where("order_id IN (SELECT id FROM orders WHERE paid_at IS NULL)").Scan(ctx, &refunds); err != nil {
		return nil, fmt.Errorf("read late refunds: %w", err)
	}
	for _, r := range refunds {
		out = append(out, lateEntries(r)...)
	}
	var invoices []billing.Invoice
	if err := q.NewSelect().Model((*billingInvoiceRow)(nil)).Where("status = ?", billing.InvoicePaid).Scan(ctx, &invoices); err != nil {
		return nil, fmt.Errorf("read invoices: %w", err)
	}
	for _, in := range invoices {
		out = append(out, invoiceEntry(in)...)
	}
	var charges []pointspay.VendorCharge
	if err := q.NewSelect().Model((*pointspayVendorChargeRow)(nil)).Where("status IN (?, ?)", pointspay.ChargeCharged, pointspay.ChargeRefunded).Scan(ctx, &charges); err != nil {
		return nil, fmt.Errorf("read vendor charges: %w", err)
	}
	for _, c := range charges {
		out = append(out, vendorChargeEntries(c)...)
	}
	var spends []struct {
		SpendID string    `bun:"spend_id"`
		UserID  string    `bun:"user_id"`
		Delta   int64     `bun:"delta"`
		At      time.Time `bun:"at"`
	}
	if err := q.NewRaw(`SELECT spend_id, user_id, CAST(SUM(delta_points) AS BIGINT) AS delta, MIN(created_at) AS at FROM points_ledger
		WHERE spend_id IS NOT NULL AND reason IN (?, ?) GROUP BY spend_id, user_id, reason`, points.ReasonSpend, points.ReasonReversal).
		Scan(ctx, &spends); err != nil {
		return nil, fmt.Errorf("read points spends: %w", err)
	}
	for _, s := range spends {
		if s.Delta != 0 {
			out = append(out, pointsEntry(s.SpendID, s.UserID, s.Delta, s.At))
		}
	}
	var credits []pointspay.GuaranteeCredit
	if err := q.NewSelect().Model((*pointspayGuaranteeCreditRow)(nil)).Where("points > 0").Scan(ctx, &credits); err != nil {
		return nil, fmt.Errorf("read guarantee credits: %w", err)
	}
	for _, c := range credits {
		out = append(out, guaranteeEntry(c)...)
	}
	partners, err := partnerPaymentEntries(ctx, q)
	if err != nil {
		return nil, err
	}
	return append(out, partners...), nil
}

// backfillMoney writes the entries of every fact that has none (facts written before the money
// record existed: migration 0057, and the demo or seed import), on q.
func backfillMoney(ctx context.Context, q Q, now time.Time) error {
	want, err := expectedEntries(ctx, q)
	if err != nil {
		return err
	}
	for len(want) > 0 {
		n := min(len(want), 500)
		if err := recordMoney(ctx, q, now, want[:n]...); err != nil {
			return err
		}
		want = want[n:]
	}
	return nil
}

// MoneyEntries reads the whole money record.
func (db Accounting) MoneyEntries(ctx context.Context) ([]accounting.MoneyEntry, error) {
	return moneyEntries(ctx, db.bun)
}

func moneyEntries(ctx context.Context, q Q) ([]accounting.MoneyEntry, error) {
	var rows []moneyRow
	if err := q.NewSelect().Model(&rows).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read money entries: %w", err)
	}
	out := make([]accounting.MoneyEntry, len(rows))
	for i, r := range rows {
		out[i] = r.domain()
	}
	return out, nil
}

func moneyFilter(q *bun.SelectQuery, f accounting.Filter) *bun.SelectQuery {
	q = whereGiven(q, "me.kind = ?", f.Kind)
	q = whereGiven(q, "me.day >= ?", f.From)
	q = whereGiven(q, "me.day <= ?", f.To)
	if f.Query != "" {
		q = q.WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("me.order_id = ?", f.Query).WhereOr("me.user_id = ?", f.Query).WhereOr("me.source_id = ?", f.Query).
				WhereOr("me.provider_ref = ?", f.Query).WhereOr("me.entry_key = ?", f.Query)
		})
	}
	return q
}

func moneyOrder(q *bun.SelectQuery, f accounting.Filter) *bun.SelectQuery {
	dir := " ASC"
	if f.Desc {
		dir = " DESC"
	}
	if f.Sort == "amount" {
		return q.OrderExpr("me.amount_cents" + dir).OrderExpr("me.id" + dir)
	}
	return q.OrderExpr("me.occurred_at" + dir).OrderExpr("me.id" + dir)
}

// ListMoneyEntries answers one page of the filtered record and the count of every match.
func (db Accounting) ListMoneyEntries(ctx context.Context, f accounting.Filter) (accounting.EntryPage, error) {
	var rows []moneyRow
	q := moneyOrder(moneyFilter(db.bun.NewSelect().Model(&rows), f), f).Limit(int64(f.PageSize)).Offset(int64((f.Page - 1) * f.PageSize))
	n, err := q.ScanAndCount(ctx)
	if err != nil {
		return accounting.EntryPage{}, fmt.Errorf("list money entries: %w", err)
	}
	p := accounting.EntryPage{Entries: make([]accounting.MoneyEntry, len(rows)), Total: int(n), Page: f.Page, PageSize: f.PageSize}
	for i, r := range rows {
		p.Entries[i] = r.domain()
	}
	return p, nil
}

// ExportMoneyEntries reads the filtered record, oldest first, up to limit rows.
func (db Accounting) ExportMoneyEntries(ctx context.Context, f accounting.Filter, limit int) ([]accounting.MoneyEntry, error) {
	var rows []moneyRow
	if err := moneyFilter(db.bun.NewSelect().Model(&rows), f).OrderExpr("me.occurred_at, me.id").Limit(int64(limit)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("export money entries: %w", err)
	}
	out := make([]accounting.MoneyEntry, len(rows))
	for i, r := range rows {
		out[i] = r.domain()
	}
	return out, nil
}

// MoneyTotals sums the filtered record by day (day) or month (its first 7 characters), kind and
// currency, newest period first.
func (db Accounting) MoneyTotals(ctx context.Context, grain string, f accounting.Filter) ([]accounting.Total, error) {
	period := "me.day"
	if grain == accounting.GrainMonth {
		period = "SUBSTR(me.day, 1, 7)"
	}
	var out []accounting.Total
	q := moneyFilter(db.bun.NewSelect().TableExpr("money_entries AS me"), f).
		ColumnExpr(period + " AS period").ColumnExpr("me.kind AS kind").ColumnExpr("me.currency AS currency").
		ColumnExpr("COUNT(*) AS count").ColumnExpr("CAST(SUM(me.amount_cents) AS BIGINT) AS amount_cents").
		ColumnExpr("CAST(SUM(me.points) AS BIGINT) AS points").
		GroupExpr(period + ", me.kind, me.currency").OrderExpr(period + " DESC, me.kind, me.currency")
	if err := q.Scan(ctx, &out); err != nil {
		return nil, fmt.Errorf("sum money entries: %w", err)
	}
	return out, nil
}

type reconciliationRow struct {
	bun.BaseModel `bun:"table:money_reconciliations,alias:mr"`

	ID            string    `bun:"id,pk"`
	Cause         string    `bun:"cause,notnull"`
	ActorID       string    `bun:"actor_id,notnull"`
	CheckedCount  int       `bun:"checked_count,notnull"`
	MismatchCount int       `bun:"mismatch_count,notnull"`
	Mismatches    string    `bun:"mismatches,notnull"`
	StartedAt     time.Time `bun:"started_at,notnull"`
	FinishedAt    time.Time `bun:"finished_at,notnull"`
}

// SaveReconciliation records a run and, for a run an admin started, its audit entry, in one
// transaction.
func (db Accounting) SaveReconciliation(ctx context.Context, r accounting.Run, rec *audit.Record) error {
	mm, err := json.Marshal(r.Mismatches)
	if err != nil {
		return fmt.Errorf("encode mismatches: %w", err)
	}
	row := reconciliationRow{ID: r.ID, Cause: r.Cause, ActorID: r.ActorID, CheckedCount: r.Checked, MismatchCount: r.MismatchCount,
		Mismatches: string(mm), StartedAt: r.StartedAt.UTC(), FinishedAt: r.FinishedAt.UTC()}
	return db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		if _, err := tx.NewInsert().Model(&row).Exec(ctx); err != nil {
			return fmt.Errorf("record reconciliation: %w", err)
		}
		if rec != nil {
			return Admin{db.DB}.AppendAudit(ctx, *rec)
		}
		return nil
	})
}

// LatestReconciliation reads the newest run.
func (db Accounting) LatestReconciliation(ctx context.Context) (accounting.Run, error) {
	var row reconciliationRow
	err := db.bun.NewSelect().Model(&row).OrderExpr("mr.started_at DESC, mr.id DESC").Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return accounting.Run{}, apperr.New(apperr.NotFound, "no reconciliation has run yet")
	}
	if err != nil {
		return accounting.Run{}, fmt.Errorf("read reconciliation: %w", err)
	}
	r := accounting.Run{ID: row.ID, Cause: row.Cause, ActorID: row.ActorID, Checked: row.CheckedCount, MismatchCount: row.MismatchCount,
		StartedAt: row.StartedAt, FinishedAt: row.FinishedAt}
	if err := json.Unmarshal([]byte(row.Mismatches), &r.Mismatches); err != nil {
		return accounting.Run{}, fmt.Errorf("decode mismatches: %w", err)
	}
	if r.Mismatches == nil {
		r.Mismatches = []accounting.Mismatch{}
	}
	return r, nil
}

// RefundableOrders lists paid and refunded orders, newest first, with the buyer's e-mail and
// what the money record holds as refunded.
func (db Accounting) RefundableOrders(ctx context.Context, f accounting.OrderFilter) (accounting.OrderPage, error) {
	var rows []accounting.OrderSummary
	q := db.bun.NewSelect().TableExpr("orders AS o").Join("JOIN users AS u ON u.id = o.user_id").
		ColumnExpr("o.id, o.number, o.user_id, u.email, o.status, o.currency, o.total_cents, o.points_used, o.provider, o.paid_at, o.refunded_at, o.created_at").
		Where("o.paid_at IS NOT NULL")
	// Without a status, every order with paid_at (only paid and refunded orders have one): the
	// list then reads orders_paid_at_idx in order and stops at the page, where a status list
	// would sort every paid order first (seconds at 100,000 orders on SQLite). The count joins
	// the buyers only when the search needs their e-mail.
	counted := db.bun.NewSelect().TableExpr("orders AS o").Where("o.paid_at IS NOT NULL")
	if f.Query != "" {
		counted = counted.Join("JOIN users AS u ON u.id = o.user_id")
	}
	for _, sq := range []*bun.SelectQuery{q, counted} {
		switch f.Status {
		case string(checkout.Paid), string(checkout.Refunded):
			sq.Where("o.status = ?", f.Status)
		}
		if f.Query != "" {
			sq.WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
				return q.Where("o.id = ?", f.Query).WhereOr("o.number = ?", f.Query).WhereOr("u.email = ?", strings.ToLower(f.Query))
			})
		}
	}
	if err := q.OrderExpr("o.paid_at DESC, o.id DESC").Limit(int64(f.PageSize)).Offset(int64((f.Page-1)*f.PageSize)).Scan(ctx, &rows); err != nil {
		return accounting.OrderPage{}, fmt.Errorf("list refundable orders: %w", err)
	}
	n, err := counted.Count(ctx)
	if err != nil {
		return accounting.OrderPage{}, fmt.Errorf("count refundable orders: %w", err)
	}
	if rows == nil {
		rows = []accounting.OrderSummary{}
	}
	if err := db.addRefunded(ctx, rows); err != nil {
		return accounting.OrderPage{}, err
	}
	return accounting.OrderPage{Orders: rows, Total: int(n), Page: f.Page, PageSize: f.PageSize}, nil
}

// addRefunded fills in what the money record holds as refunded for one page of orders. It is a
// second query over the page's ids rather than a column of the list's: a correlated column is
// computed for every matching order before the sort, which made the first page of 100,000
// orders slow (issue 31's 100 ms).
func (db Accounting) addRefunded(ctx context.Context, rows []accounting.OrderSummary) error {
	if len(rows) == 0 {
		return nil
	}
	ids := keysOf(rows, func(r accounting.OrderSummary) string { return r.ID })
	var sums []struct {
		OrderID string `bun:"order_id"`
		Cents   int64  `bun:"cents"`
	}
	err := db.bun.NewSelect().TableExpr("money_entries").ColumnExpr("order_id, CAST(SUM(amount_cents) AS BIGINT) AS cents").
		Where("kind = ?", accounting.KindRefund).Where("order_id IN (?)", bun.In(ids)).Group("order_id").Scan(ctx, &sums)
	if err != nil {
		return fmt.Errorf("sum refunds of orders: %w", err)
	}
	byOrder := make(map[string]int64, len(sums))
	for _, s := range sums {
		byOrder[s.OrderID] = s.Cents
	}
	for i := range rows {
		rows[i].RefundCents = byOrder[rows[i].ID]
	}
	return nil
}
