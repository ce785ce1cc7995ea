package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/accounting"
	"circle/internal/apperr"
	"circle/internal/checkout"
	"circle/internal/ids"
	"circle/internal/partnerpay"
	"circle/internal/payments"
)

type partnerPaymentRow struct {
	bun.BaseModel `bun:"table:partner_payments,alias:pp"`

	ID                string     `bun:"id,pk"`
	CoPayRequestID    string     `bun:"co_pay_request_id,notnull"`
	AgentID           string     `bun:"agent_id,notnull"`
	VendorID          string     `bun:"vendor_id,notnull"`
	CreatedBy         string     `bun:"created_by,notnull"`
	TokenHash         string     `bun:"token_hash,notnull"`
	AmountCents       int64      `bun:"amount_cents,notnull"`
	Currency          string     `bun:"currency,notnull"`
	Description       string     `bun:"description,notnull"`
	Status            string     `bun:"status,notnull"`
	CheckoutSessionID string     `bun:"checkout_session_id,notnull"`
	CardLast4         string     `bun:"card_last4,notnull"`
	PaymentIntentID   string     `bun:"payment_intent_id,notnull"`
	Provider          string     `bun:"provider,notnull"`
	ExpiresAt         time.Time  `bun:"expires_at,notnull"`
	PaidAt            *time.Time `bun:"paid_at"`
	CreatedAt         time.Time  `bun:"created_at,notnull"`
	UpdatedAt         time.Time  `bun:"updated_at,notnull"`
}

func partnerRowOf(p partnerpay.Payment) partnerPaymentRow {
	return partnerPaymentRow{ID: p.ID, CoPayRequestID: p.CoPayRequestID, AgentID: p.AgentID, VendorID: p.VendorID, CreatedBy: p.CreatedBy,
		TokenHash: p.TokenHash, AmountCents: p.AmountCents, Currency: p.Currency, Description: p.Description, Status: p.Status,
		CheckoutSessionID: p.CheckoutSessionID, CardLast4: p.CardLast4, PaymentIntentID: p.PaymentIntentID, Provider: p.Provider,
		ExpiresAt: p.ExpiresAt, PaidAt: p.PaidAt, CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt}
}

// partnerPaymentRead is a link with the agent's and the partner vendor's names.
type partnerPaymentRead struct {
	partnerPaymentRow `bun:",extend"`
	AgentName         string `bun:"agent_name"`
	VendorName        string `bun:"vendor_name"`
}

func (r partnerPaymentRead) domain() partnerpay.Payment {
	p := r.partnerPaymentRow
	var paid *time.Time
	if p.PaidAt != nil {
		t := p.PaidAt.UTC()
		paid = &t
	}
	return partnerpay.Payment{ID: p.ID, CoPayRequestID: p.CoPayRequestID, AgentID: p.AgentID, VendorID: p.VendorID, CreatedBy: p.CreatedBy,
		TokenHash: p.TokenHash, AmountCents: p.AmountCents, Currency: p.Currency, Description: p.Description, Status: p.Status,
		CheckoutSessionID: p.CheckoutSessionID, CardLast4: p.CardLast4, PaymentIntentID: p.PaymentIntentID, Provider: p.Provider,
		ExpiresAt: p.ExpiresAt.UTC(), PaidAt: paid, CreatedAt: p.CreatedAt.UTC(), UpdatedAt: p.UpdatedAt.UTC(),
		AgentName: r.AgentName, VendorName: r.VendorName}
}

func partnerReadQuery(q bun.IDB) *bun.SelectQuery {
	return q.NewSelect().Model((*partnerPaymentRead)(nil)).
		ColumnExpr("pp.*").
		ColumnExpr("COALESCE(pr.display_name, '') AS agent_name").
		ColumnExpr("COALESCE(v.name, '') AS vendor_name").
		Join("LEFT JOIN profiles AS pr ON pr.user_id = pp.agent_id").
		Join("LEFT JOIN vendors AS v ON v.id = pp.vendor_id")
}

func (db PartnerPayments) readOne(ctx context.Context, q bun.IDB, where string, arg any) (partnerpay.Payment, error) {
	var r partnerPaymentRead
	if err := partnerReadQuery(q).Where(where, arg).Limit(1).Scan(ctx, &r); err != nil {
		return partnerpay.Payment{}, notFound(err, "partner payment")
	}
	return r.domain(), nil
}

// ByTokenHash reads the link whose token hashes to hash.
func (db PartnerPayments) ByTokenHash(ctx context.Context, hash string) (partnerpay.Payment, error) {
	return db.readOne(ctx, db.bun, "pp.token_hash = ?", hash)
}

// BySession reads the link paid (or being paid) on a payment page.
func (db PartnerPayments) BySession(ctx context.Context, sessionID string) (partnerpay.Payment, error) {
	if sessionID == "" {
		return partnerpay.Payment{}, apperr.New(apperr.NotFound, "partner payment not found")
	}
	return db.readOne(ctx, db.bun, "pp.checkout_session_id = ?", sessionID)
}

type shareRow struct {
	RequestID     string `bun:"request_id"`
	AgentID       string `bun:"agent_id"`
	AgentName     string `bun:"agent_name"`
	VendorID      string `bun:"vendor_id"`
	VendorName    string `bun:"vendor_name"`
	VendorOwnerID string `bun:"vendor_owner_id"`
	ServiceTitle  string `bun:"service_title"`
	Status        string `bun:"status"`
	ShareCents    int64  `bun:"share_cents"`
	SplitPct      int    `bun:"split_pct"`
}

func shareQuery(q bun.IDB) *bun.SelectQuery {
	return namedRequestsQuery(q).
		ColumnExpr("r.id AS request_id, r.agent_id, r.vendor_id, r.status, r.vendor_share_cents AS share_cents").
		ColumnExpr("COALESCE(r.approved_split_percentage, r.requested_split_percentage) AS split_pct").
		ColumnExpr("COALESCE(v.owner_user_id, '') AS vendor_owner_id")
}

func (r shareRow) domain() partnerpay.Share {
	return partnerpay.Share{RequestID: r.RequestID, AgentID: r.AgentID, AgentName: r.AgentName, VendorID: r.VendorID, VendorName: r.VendorName,
		VendorOwnerID: r.VendorOwnerID, ServiceTitle: r.ServiceTitle, Status: r.Status, ShareCents: r.ShareCents, SplitPct: r.SplitPct}
}

// Share reads one co-pay request as a partner payment sees it, with its newest link.
func (db PartnerPayments) Share(ctx context.Context, requestID string) (partnerpay.Share, error) {
	var rows []shareRow
	if err := shareQuery(db.bun).Where("r.id = ?", requestID).Limit(1).Scan(ctx, &rows); err != nil {
		return partnerpay.Share{}, fmt.Errorf("read co-pay request: %w", err)
	}
	if len(rows) == 0 {
		return partnerpay.Share{}, apperr.New(apperr.NotFound, "co-pay request not found")
	}
	out := []partnerpay.Share{rows[0].domain()}
	if err := db.attachLinks(ctx, out); err != nil {
		return partnerpay.Share{}, err
	}
	return out[0], nil
}

// Shares lists the approved or used co-pay requests of userID's own, and those to the vendors
// userID owns, newest first, each with its newest link.
func (db PartnerPayments) Shares(ctx context.Context, userID string, limit int) ([]partnerpay.Share, error) {
	var rows []shareRow
	if err := shareQuery(db.bun).Where("r.status IN ('approved', 'used')").
		Where("(r.agent_id = ? OR v.owner_user_id = ?)", userID, userID).
		OrderExpr("r.created_at DESC, r.id DESC").Limit(int64(limit)).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("list partner shares: %w", err)
	}
	out := make([]partnerpay.Share, 0, len(rows))
	for _, r := range rows {
		out = append(out, r.domain())
	}
	return out, db.attachLinks(ctx, out)
}

// attachLinks sets each share's newest link (one query).
func (db PartnerPayments) attachLinks(ctx context.Context, shares []partnerpay.Share) error {
	if len(shares) == 0 {
		return nil
	}
	idsOf := keysOf(shares, func(s partnerpay.Share) string { return s.RequestID })
	var links []partnerPaymentRead
	if err := partnerReadQuery(db.bun).Where("pp.co_pay_request_id IN (?)", bun.In(idsOf)).
		OrderExpr("pp.created_at DESC, pp.id DESC").Scan(ctx, &links); err != nil {
		return fmt.Errorf("read partner payment links: %w", err)
	}
	newest := map[string]partnerpay.Payment{}
	for _, l := range links {
		if _, ok := newest[l.CoPayRequestID]; !ok {
			newest[l.CoPayRequestID] = l.domain()
		}
	}
	for i := range shares {
		if l, ok := newest[shares[i].RequestID]; ok {
			shares[i].Link = &l
		}
	}
	return nil
}

// CreateLink revokes the request's open link and inserts p in one transaction. A link being
// paid or paid refuses (409); two creations at once leave one live link (the unique index on
// live links: the loser is told the share is being handled).
func (db PartnerPayments) CreateLink(ctx context.Context, p partnerpay.Payment) error {
	err := db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		var live []partnerPaymentRow
		q := db.forUpdate(tx.NewSelect().Model(&live).Where("co_pay_request_id = ?", p.CoPayRequestID).Where("status IN (?)", bun.In([]string{partnerpay.StatusProcessing, partnerpay.StatusPaid})))
		if err := q.Scan(ctx); err != nil {
			return fmt.Errorf("read live partner payment links: %w", err)
		}
		for _, l := range live {
			if l.Status == partnerpay.StatusPaid {
				return partnerpay.Conflict(partnerpay.FieldCoPayReqest, partnerpay.KeyAlreadyPaid, partnerpay.MsgAlreadyPaid)
			}
			return partnerpay.Conflict(partnerpay.FieldCoPayReqest, partnerpay.KeyBeingPaid, partnerpay.MsgBeingPaid)
		}
		if _, err := tx.NewUpdate().Model((*partnerPaymentRow)(nil)).Set("status = ?", partnerpay.StatusRevoked).Set("updated_at = ?", p.CreatedAt).
			Where("co_pay_request_id = ?", p.CoPayRequestID).Where("status = ?", partnerpay.StatusOpen).Exec(ctx); err != nil {
			return fmt.Errorf("revoke open partner payment link: %w", err)
		}
		row := partnerRowOf(p)
		if _, err := tx.NewInsert().Model(&row).Exec(ctx); err != nil {
			if isUniqueViolation(err) {
				return partnerpay.Conflict(partnerpay.FieldCoPayReqest, partnerpay.KeyBeingPaid, partnerpay.MsgBeingPaid)
			}
			return fmt.Errorf("insert partner payment link: %w", err)
		}
		return nil
	})
	if err != nil && isUniqueViolation(err) {
		return partnerpay.Conflict(partnerpay.FieldCoPayReqest, partnerpay.KeyBeingPaid, partnerpay.MsgBeingPaid)
	}
	return err
}

// Claim takes an open, unexpired link for one payment with a single conditional update (the
// only write that moves a link out of open: on both engines one of two simultaneous claims
// changes the row, the other changes none and is refused with the link's state).
func (db PartnerPayments) Claim(ctx context.Context, hash string, now time.Time) (partnerpay.Payment, error) {
	var out partnerpay.Payment
	err := db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		res, err := tx.NewUpdate().Model((*partnerPaymentRow)(nil)).Set("status = ?", partnerpay.StatusProcessing).Set("updated_at = ?", now).
			Where("token_hash = ?", hash).Where("status = ?", partnerpay.StatusOpen).Where("expires_at > ?", now).Exec(ctx)
		n, err := rowsChanged(res, err, "claim partner payment link")
		if err != nil {
			return err
		}
		p, err := db.readOne(ctx, tx, "pp.token_hash = ?", hash)
		if err != nil {
			return err
		}
		if n == 0 {
			if refusal := p.Refusal(now); refusal != nil {
				return refusal
			}
			return partnerpay.Conflict(partnerpay.FieldToken, partnerpay.KeyInProgress, partnerpay.MsgInProgress)
		}
		out = p
		return nil
	})
	return out, err
}

// Release gives a claimed link back to open (its page could not be made).
func (db PartnerPayments) Release(ctx context.Context, id string, now time.Time) error {
	if _, err := db.bun.NewUpdate().Model((*partnerPaymentRow)(nil)).Set("status = ?", partnerpay.StatusOpen).Set("checkout_session_id = ''").
		Set("updated_at = ?", now).Where("id = ?", id).Where("status = ?", partnerpay.StatusProcessing).Exec(ctx); err != nil {
		return fmt.Errorf("release partner payment link: %w", err)
	}
	return nil
}

// AttachPage records a claimed link's payment page: the checkout_sessions row (kind
// partner_payment, owned by the agent whose share it is) and the link's session id.
func (db PartnerPayments) AttachPage(ctx context.Context, p partnerpay.Payment, page partnerpay.Page) error {
	now := db.Now().Truncate(time.Microsecond)
	return db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		sess := checkout.PaymentSession{ID: page.SessionID, Provider: page.Provider, Kind: partnerpay.KindPartner, UserID: p.AgentID,
			Status: checkout.SessionOpen, Currency: p.Currency, AmountCents: p.AmountCents, URL: page.URL, ExpiresAt: page.ExpiresAt,
			CreatedAt: now, UpdatedAt: now}
		if _, err := tx.NewInsert().Model(&checkoutPaymentSessionRow{PaymentSession: &sess}).Exec(ctx); err != nil {
			return fmt.Errorf("insert partner payment page: %w", err)
		}
		res, err := tx.NewUpdate().Model((*partnerPaymentRow)(nil)).Set("checkout_session_id = ?", page.SessionID).Set("provider = ?", page.Provider).
			Set("updated_at = ?", now).Where("id = ?", p.ID).Where("status = ?", partnerpay.StatusProcessing).Exec(ctx)
		if err := oneChanged(res, err, "link partner payment page", partnerpay.Conflict(partnerpay.FieldToken, partnerpay.KeyInProgress, partnerpay.MsgInProgress)); err != nil {
			return err
		}
		return nil
	})
}

// PartnerPageLines is the built-in payment page's line for a partner payment page.
func (db PartnerPayments) PartnerPageLines(ctx context.Context, sessionID string) ([]checkout.PageLine, error) {
	p, err := db.BySession(ctx, sessionID)
	if apperr.CodeOf(err) == apperr.NotFound {
		return []checkout.PageLine{}, nil
	}
	if err != nil {
		return nil, err
	}
	return []checkout.PageLine{{Name: partnerpay.LineName(p), Quantity: 1, AmountCents: p.AmountCents}}, nil
}

// ApplyPartnerOutcome applies a payment page's outcome to its link, in the event's
// transaction (ctx): a paid page pays the link once (a conditional update), records its money entry (key
// partner_payment:{link}, so a retried event cannot write it twice) and tells the agent; a
// page that ended unpaid gives the link back. Pages of other links change nothing.
func (db PartnerPayments) ApplyPartnerOutcome(ctx context.Context, sessionID string, f payments.Fact) error {
	q := db.q(ctx)
	var row partnerPaymentRow
	sel := db.forUpdate(q.NewSelect().Model(&row).Where("checkout_session_id = ?", sessionID))
	if err := sel.Limit(1).Scan(ctx); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		return fmt.Errorf("lock partner payment link: %w", err)
	}
	next, changed := partnerpay.AfterOutcome(row.Status, f.Outcome)
	if !changed {
		return nil
	}
	now := db.Now().Truncate(time.Microsecond)
	up := q.NewUpdate().Model((*partnerPaymentRow)(nil)).Set("status = ?", next).Set("updated_at = ?", now).
		Where("id = ?", row.ID).Where("status = ?", row.Status)
	if next == partnerpay.StatusPaid {
		up = up.Set("paid_at = ?", now).Set("card_last4 = ?", f.CardLast4).Set("payment_intent_id = ?", f.PaymentIntentID)
	}
	// A page that ended unpaid stays the link's last page, so its canceled page can still say
	// what was not paid; the next claim binds a new one.
	res, err := up.Exec(ctx)
	if err != nil {
		return fmt.Errorf("move partner payment link: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 || next != partnerpay.StatusPaid {
		return nil
	}
	row.Status, row.PaidAt, row.CardLast4, row.PaymentIntentID = next, &now, f.CardLast4, f.PaymentIntentID
	if err := recordMoney(ctx, q, now, partnerPaymentEntry(row)); err != nil {
		return err
	}
	n := struct {
		bun.BaseModel `bun:"table:notifications"`
		ID            string    `bun:"id,pk"`
		UserID        string    `bun:"user_id"`
		Kind          string    `bun:"kind"`
		TitleKey      string    `bun:"title_key"`
		BodyKey       string    `bun:"body_key"`
		Params        string    `bun:"params"`
		Link          string    `bun:"link"`
		Reference     string    `bun:"reference"`
		DedupeKey     string    `bun:"dedupe_key"`
		EmailedAt     time.Time `bun:"emailed_at"`
		CreatedAt     time.Time `bun:"created_at"`
	}{ID: ids.New(), UserID: row.AgentID, Kind: "partner_paid", TitleKey: "notifications.partnerPaid.title", BodyKey: "notifications.partnerPaid.body",
		Params: fmt.Sprintf(`{"service":%q,"amount_cents":%d}`, row.Description, row.AmountCents), Link: "/partner-payments",
		Reference: row.CoPayRequestID, DedupeKey: "partner_paid:" + row.ID, EmailedAt: now, CreatedAt: now}
	if _, err := q.NewInsert().Model(&n).On("CONFLICT DO NOTHING").Exec(ctx); err != nil {
		return fmt.Errorf("tell the agent of the partner payment: %w", err)
	}
	return nil
}

// partnerPaymentEntry is the money record of a paid link: money in from the partner, for the
// agent's co-pay request.
func partnerPaymentEntry(r partnerPaymentRow) accounting.MoneyEntry {
	return accounting.MoneyEntry{Key: "partner_payment:" + r.ID, Kind: accounting.KindCharge, AmountCents: r.AmountCents, Currency: r.Currency,
		UserID: r.AgentID, Source: accounting.SourcePartnerPayment, SourceID: r.ID, Provider: r.Provider, ProviderRef: r.PaymentIntentID,
		OccurredAt: deref(r.PaidAt, r.UpdatedAt)}
}

// partnerPaymentEntries are the entries the paid links call for (reconciliation).
func partnerPaymentEntries(ctx context.Context, q bun.IDB) ([]accounting.MoneyEntry, error) {
	var rows []partnerPaymentRow
	if err := q.NewSelect().Model(&rows).Where("status = ?", partnerpay.StatusPaid).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read paid partner payments: %w", err)
	}
	out := make([]accounting.MoneyEntry, 0, len(rows))
	for _, r := range rows {
		out = append(out, partnerPaymentEntry(r))
	}
	return out, nil
}
