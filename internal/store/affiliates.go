package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/affiliates"
	"circle/internal/audit"
)

// AppendAudit writes the audit entry on the change's transaction.
func (db Affiliates) AppendAudit(ctx context.Context, e audit.Record) error {
	return Admin{db.DB}.AppendAudit(ctx, e)
}

type affiliateRow struct {
	bun.BaseModel `bun:"table:affiliates,alias:af"`

	ID          string     `bun:"id,pk"`
	UserID      string     `bun:"user_id,notnull"`
	Code        string     `bun:"code,notnull"`
	Status      string     `bun:"status,notnull"`
	Website     string     `bun:"website,notnull"`
	Audience    string     `bun:"audience,notnull"`
	Promotion   string     `bun:"promotion,notnull"`
	PayoutEmail string     `bun:"payout_email,notnull"`
	Reason      string     `bun:"reason,notnull"`
	CreatedAt   time.Time  `bun:"created_at,notnull"`
	DecidedAt   *time.Time `bun:"decided_at"`
}

func (r affiliateRow) domain(email string) affiliates.Affiliate {
	a := affiliates.Affiliate{ID: r.ID, UserID: r.UserID, Email: email, Code: r.Code, Status: r.Status, Website: r.Website, Audience: r.Audience,
		Promotion: r.Promotion, PayoutEmail: r.PayoutEmail, Reason: r.Reason, CreatedAt: r.CreatedAt.UTC()}
	if r.DecidedAt != nil {
		t := r.DecidedAt.UTC()
		a.DecidedAt = &t
	}
	return a
}

type affiliateClickRow struct {
	bun.BaseModel `bun:"table:affiliate_clicks"`

	ID          string    `bun:"id,pk"`
	AffiliateID string    `bun:"affiliate_id,notnull"`
	URL         string    `bun:"url,notnull"`
	Referrer    string    `bun:"referrer,notnull"`
	UserAgent   string    `bun:"user_agent,notnull"`
	UTMSource   string    `bun:"utm_source,notnull"`
	UTMMedium   string    `bun:"utm_medium,notnull"`
	UTMCampaign string    `bun:"utm_campaign,notnull"`
	UTMContent  string    `bun:"utm_content,notnull"`
	UTMTerm     string    `bun:"utm_term,notnull"`
	IPHash      string    `bun:"ip_hash,notnull"`
	CreatedAt   time.Time `bun:"created_at,notnull"`
}

type affiliateAttributionRow struct {
	bun.BaseModel `bun:"table:affiliate_attributions"`

	UserID      string    `bun:"user_id,pk"`
	AffiliateID string    `bun:"affiliate_id,notnull"`
	ClickID     string    `bun:"click_id,notnull"`
	ClickedAt   time.Time `bun:"clicked_at,notnull"`
	ExpiresAt   time.Time `bun:"expires_at,notnull"`
}

type payoutBatchRow struct {
	bun.BaseModel `bun:"table:affiliate_payout_batches"`

	ID        string    `bun:"id,pk"`
	CreatedBy string    `bun:"created_by,notnull"`
	CreatedAt time.Time `bun:"created_at,notnull"`
}

type affiliateConversionRow struct {
	bun.BaseModel `bun:"table:affiliate_conversions,alias:cv"`

	ID              string     `bun:"id,pk"`
	AffiliateID     string     `bun:"affiliate_id,notnull"`
	ClickID         string     `bun:"click_id,notnull"`
	UserID          string     `bun:"user_id,notnull"`
	ConversionType  string     `bun:"conversion_type,notnull"`
	SourceID        string     `bun:"source_id,notnull"`
	AmountGross     int64      `bun:"amount_gross_cents,notnull"`
	RateBP          int        `bun:"rate_bp,notnull"`
	CommissionCents int64      `bun:"commission_cents,notnull"`
	Status          string     `bun:"status,notnull"`
	PayoutBatchID   *string    `bun:"payout_batch_id"`
	CreatedAt       time.Time  `bun:"created_at,notnull"`
	DecidedAt       *time.Time `bun:"decided_at"`
	PaidAt          *time.Time `bun:"paid_at"`
}

// conversionWithAffiliate is a conversion read with its affiliate's code and e-mail.
type conversionWithAffiliate struct {
	affiliateConversionRow `bun:",extend"`
	AffiliateEmail         string `bun:"affiliate_email"`
	AffiliateCode          string `bun:"affiliate_code"`
}

func (r conversionWithAffiliate) domain() affiliates.Conversion {
	c := affiliates.Conversion{ID: r.ID, AffiliateID: r.AffiliateID, AffiliateEmail: r.AffiliateEmail, AffiliateCode: r.AffiliateCode, ClickID: r.ClickID,
		UserID: r.UserID, ConversionType: r.ConversionType, SourceID: r.SourceID, AmountGross: r.AmountGross, RateBP: r.RateBP,
		CommissionCents: r.CommissionCents, Status: r.Status, CreatedAt: r.CreatedAt.UTC(), DecidedAt: utcPtr(r.DecidedAt), PaidAt: utcPtr(r.PaidAt)}
	if r.PayoutBatchID != nil {
		c.PayoutBatchID = *r.PayoutBatchID
	}
	return c
}

// InsertAffiliate stores an application.
func (db Affiliates) InsertAffiliate(ctx context.Context, a affiliates.Affiliate) error {
	q := db.q(ctx)
	row := affiliateRow{ID: a.ID, UserID: a.UserID, Code: a.Code, Status: a.Status, Website: a.Website, Audience: a.Audience,
		Promotion: a.Promotion, PayoutEmail: a.PayoutEmail, Reason: a.Reason, CreatedAt: a.CreatedAt, DecidedAt: a.DecidedAt}
	return insertModel(ctx, q, &row, "save affiliate application")
}

func (db Affiliates) oneAffiliate(ctx context.Context, q bun.IDB, where string, arg any, lock bool) (*affiliates.Affiliate, error) {
	var row affiliateRow
	sel := q.NewSelect().Model(&row).Where(where, arg)
	if lock && db.kind == Postgres {
		sel = sel.For("UPDATE")
	}
	if ok, err := found(sel.Scan(ctx), "affiliate"); !ok {
		return nil, err
	}
	a := row.domain("")
	return &a, nil
}

// AffiliateByUser is the member's application (nil: none).
func (db Affiliates) AffiliateByUser(ctx context.Context, userID string) (*affiliates.Affiliate, error) {
	q := db.q(ctx)
	return db.oneAffiliate(ctx, q, "af.user_id = ?", userID, false)
}

// AffiliateByCode is the affiliate of a code (nil: none).
func (db Affiliates) AffiliateByCode(ctx context.Context, code string) (*affiliates.Affiliate, error) {
	return db.oneAffiliate(ctx, db.bun, "af.code = ?", code, false)
}

// LockAffiliate reads an affiliate, locking its row when ctx carries a PostgreSQL transaction.
func (db Affiliates) LockAffiliate(ctx context.Context, id string) (*affiliates.Affiliate, error) {
	q := db.q(ctx)
	return db.oneAffiliate(ctx, q, "af.id = ?", id, InsideTx(ctx))
}

// SaveAffiliateDecision writes an application's status, reason and decision time.
func (db Affiliates) SaveAffiliateDecision(ctx context.Context, a affiliates.Affiliate) error {
	q := db.q(ctx)
	if _, err := q.NewUpdate().Model((*affiliateRow)(nil)).Set("status = ?", a.Status).Set("reason = ?", a.Reason).
		Set("decided_at = ?", a.DecidedAt).Where("id = ?", a.ID).Exec(ctx); err != nil {
		return fmt.Errorf("save affiliate decision: %w", err)
	}
	return nil
}

// Applications lists applications with the member's e-mail, pending first then newest.
func (db Affiliates) Applications(ctx context.Context, status string) ([]affiliates.Affiliate, error) {
	var rows []struct {
		affiliateRow `bun:",extend"`
		Email        string `bun:"email"`
	}
	sel := db.bun.NewSelect().Model(&rows).ColumnExpr("af.*").ColumnExpr("u.email AS email").Join("JOIN users AS u ON u.id = af.user_id")
	sel = whereGiven(sel, "af.status = ?", status)
	if err := sel.OrderExpr("CASE af.status WHEN 'pending' THEN 0 ELSE 1 END, af.created_at DESC, af.id").Limit(500).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read affiliate applications: %w", err)
	}
	out := make([]affiliates.Affiliate, len(rows))
	for i, r := range rows {
		out[i] = r.domain(r.Email)
	}
	return out, nil
}

// RecordClick inserts the click unless the same visitor (address hash) clicked the same
// affiliate since since; the check and the insert are one transaction, serialised per visitor
// (lockDedupeKey on PostgreSQL; SQLite's immediate transaction).
func (db Affiliates) RecordClick(ctx context.Context, c affiliates.Click, since time.Time) (affiliates.Click, bool, error) {
	fresh := false
	out := c
	err := db.DB.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		if err := db.lockDedupeKey(ctx, "affiliate_click", c.AffiliateID, c.IPHash); err != nil {
			return err
		}
		var prev affiliateClickRow
		err := tx.NewSelect().Model(&prev).Where("affiliate_id = ? AND ip_hash = ? AND created_at > ?", c.AffiliateID, c.IPHash, since).
			Order("created_at DESC").Limit(1).Scan(ctx)
		if err == nil {
			out = clickOf(prev)
			return nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("read earlier click: %w", err)
		}
		row := affiliateClickRow{ID: c.ID, AffiliateID: c.AffiliateID, URL: c.URL, Referrer: c.Referrer, UserAgent: c.UserAgent, UTMSource: c.UTMSource,
			UTMMedium: c.UTMMedium, UTMCampaign: c.UTMCampaign, UTMContent: c.UTMContent, UTMTerm: c.UTMTerm, IPHash: c.IPHash, CreatedAt: c.CreatedAt}
		if _, err := tx.NewInsert().Model(&row).Exec(ctx); err != nil {
			return fmt.Errorf("save affiliate click: %w", err)
		}
		fresh = true
		return nil
	})
	return out, fresh, err
}

func clickOf(r affiliateClickRow) affiliates.Click {
	return affiliates.Click{ID: r.ID, AffiliateID: r.AffiliateID, URL: r.URL, Referrer: r.Referrer, UserAgent: r.UserAgent, UTMSource: r.UTMSource,
		UTMMedium: r.UTMMedium, UTMCampaign: r.UTMCampaign, UTMContent: r.UTMContent, UTMTerm: r.UTMTerm, IPHash: r.IPHash, CreatedAt: r.CreatedAt.UTC()}
}

// ClickByID reads a click (nil: none).
func (db Affiliates) ClickByID(ctx context.Context, id string) (*affiliates.Click, error) {
	var row affiliateClickRow
	if ok, err := found(db.bun.NewSelect().Model(&row).Where("id = ?", id).Scan(ctx), "affiliate click"); !ok {
		return nil, err
	}
	c := clickOf(row)
	return &c, nil
}

// SaveAttribution writes (or replaces: the last click wins) a member's attribution.
func (db Affiliates) SaveAttribution(ctx context.Context, a affiliates.Attribution) error {
	if _, err := db.bun.ExecContext(ctx, `INSERT INTO affiliate_attributions (user_id, affiliate_id, click_id, clicked_at, expires_at)
		VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET affiliate_id = EXCLUDED.affiliate_id, click_id = EXCLUDED.click_id,
			clicked_at = EXCLUDED.clicked_at, expires_at = EXCLUDED.expires_at`,
		a.UserID, a.AffiliateID, a.ClickID, a.ClickedAt, a.ExpiresAt); err != nil {
		return fmt.Errorf("save affiliate attribution: %w", err)
	}
	return nil
}

// AttributionOf is a member's attribution (nil: none).
func (db Affiliates) AttributionOf(ctx context.Context, userID string) (*affiliates.Attribution, error) {
	q := db.q(ctx)
	var row affiliateAttributionRow
	if ok, err := found(q.NewSelect().Model(&row).Where("user_id = ?", userID).Scan(ctx), "affiliate attribution"); !ok {
		return nil, err
	}
	return &affiliates.Attribution{UserID: row.UserID, AffiliateID: row.AffiliateID, ClickID: row.ClickID, ClickedAt: row.ClickedAt.UTC(), ExpiresAt: row.ExpiresAt.UTC()}, nil
}

// InsertConversion writes a conversion once: ON CONFLICT on (conversion_type, source_id) makes
// a second or concurrent insert of the same source a no-op on both engines (false).
func (db Affiliates) InsertConversion(ctx context.Context, c affiliates.Conversion) (bool, error) {
	q := db.q(ctx)
	res, err := q.ExecContext(ctx, `INSERT INTO affiliate_conversions (id, affiliate_id, click_id, user_id, conversion_type, source_id,
		amount_gross_cents, rate_bp, commission_cents, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (conversion_type, source_id) DO NOTHING`,
		c.ID, c.AffiliateID, c.ClickID, c.UserID, c.ConversionType, c.SourceID, c.AmountGross, c.RateBP, c.CommissionCents, c.Status, c.CreatedAt)
	if err != nil {
		return false, fmt.Errorf("save affiliate conversion: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (db Affiliates) conversions(q bun.IDB) *bun.SelectQuery {
	return q.NewSelect().TableExpr("affiliate_conversions AS cv").ColumnExpr("cv.*").
		ColumnExpr("u.email AS affiliate_email, af.code AS affiliate_code").
		Join("JOIN affiliates AS af ON af.id = cv.affiliate_id").Join("JOIN users AS u ON u.id = af.user_id")
}

// Commissions answers one page of conversions, newest first, with the totals by status.
func (db Affiliates) Commissions(ctx context.Context, f affiliates.CommissionFilter) (affiliates.CommissionPage, error) {
	var rows []conversionWithAffiliate
	sel := db.conversions(db.bun)
	sel = whereGiven(sel, "cv.status = ?", f.Status)
	total, err := sel.OrderExpr("cv.created_at DESC, cv.id DESC").Limit(int64(f.PageSize)).Offset(int64((f.Page-1)*f.PageSize)).ScanAndCount(ctx, &rows)
	if err != nil {
		return affiliates.CommissionPage{}, fmt.Errorf("read commissions: %w", err)
	}
	p := affiliates.CommissionPage{Total: int(total), Items: make([]affiliates.Conversion, len(rows)), Totals: map[string]int64{}}
	for i, r := range rows {
		p.Items[i] = r.domain()
	}
	var sums []struct {
		Status string `bun:"status"`
		Sum    int64  `bun:"total"`
	}
	if err := db.bun.NewSelect().TableExpr("affiliate_conversions").ColumnExpr("status, COALESCE(SUM(commission_cents), 0) AS total").
		GroupExpr("status").Scan(ctx, &sums); err != nil {
		return affiliates.CommissionPage{}, fmt.Errorf("sum commissions: %w", err)
	}
	for _, st := range []string{affiliates.CommissionPending, affiliates.CommissionApproved, affiliates.CommissionPaid, affiliates.CommissionRejected} {
		p.Totals[st] = 0
	}
	for _, s := range sums {
		p.Totals[s.Status] = s.Sum
	}
	return p, nil
}

// LockCommission reads a conversion under its row lock (PostgreSQL) in ctx's transaction.
func (db Affiliates) LockCommission(ctx context.Context, id string) (*affiliates.Conversion, error) {
	q := db.q(ctx)
	var row conversionWithAffiliate
	sel := db.conversions(q).Where("cv.id = ?", id)
	if db.kind == Postgres {
		sel = sel.For("UPDATE OF cv")
	}
	if ok, err := found(sel.Scan(ctx, &row), "commission"); !ok {
		return nil, err
	}
	c := row.domain()
	return &c, nil
}

// SaveCommissionStatus writes a commission's status and decision time.
func (db Affiliates) SaveCommissionStatus(ctx context.Context, c affiliates.Conversion) error {
	q := db.q(ctx)
	if _, err := q.NewUpdate().Model((*affiliateConversionRow)(nil)).Set("status = ?", c.Status).Set("decided_at = ?", c.DecidedAt).
		Where("id = ?", c.ID).Exec(ctx); err != nil {
		return fmt.Errorf("save commission status: %w", err)
	}
	return nil
}

// InsertPayoutBatch writes a payout batch.
func (db Affiliates) InsertPayoutBatch(ctx context.Context, b affiliates.PayoutBatch) error {
	q := db.q(ctx)
	row := payoutBatchRow{ID: b.ID, CreatedBy: b.CreatedBy, CreatedAt: b.CreatedAt}
	return insertModel(ctx, q, &row, "save payout batch")
}

// PayApproved moves approved commissions (those of ids, or all when ids is empty) to paid in
// batch b with one conditional UPDATE (a commission approved twice over is paid once), and
// returns them.
func (db Affiliates) PayApproved(ctx context.Context, b affiliates.PayoutBatch, ids []string) ([]affiliates.Conversion, error) {
	q := db.q(ctx)
	up := q.NewUpdate().Model((*affiliateConversionRow)(nil)).Set("status = ?", affiliates.CommissionPaid).Set("payout_batch_id = ?", b.ID).
		Set("paid_at = ?", b.CreatedAt).Where("status = ?", affiliates.CommissionApproved)
	if len(ids) > 0 {
		up = up.Where("id IN (?)", bun.In(ids))
	}
	if _, err := up.Exec(ctx); err != nil {
		return nil, fmt.Errorf("pay commissions: %w", err)
	}
	var rows []conversionWithAffiliate
	if err := db.conversions(q).Where("cv.payout_batch_id = ?", b.ID).OrderExpr("cv.created_at, cv.id").Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("read paid commissions: %w", err)
	}
	out := make([]affiliates.Conversion, len(rows))
	for i, r := range rows {
		out[i] = r.domain()
	}
	return out, nil
}

// PayoutBatches lists the batches with their counts and totals, newest first.
func (db Affiliates) PayoutBatches(ctx context.Context) ([]affiliates.PayoutBatch, error) {
	var rows []struct {
		ID        string    `bun:"id"`
		CreatedBy string    `bun:"created_by"`
		CreatedAt time.Time `bun:"created_at"`
		Count     int       `bun:"n"`
		Total     int64     `bun:"total"`
	}
	if err := db.bun.NewSelect().TableExpr("affiliate_payout_batches AS b").ColumnExpr("b.id, b.created_by, b.created_at").
		ColumnExpr("COUNT(cv.id) AS n, COALESCE(SUM(cv.commission_cents), 0) AS total").
		Join("LEFT JOIN affiliate_conversions AS cv ON cv.payout_batch_id = b.id").GroupExpr("b.id, b.created_by, b.created_at").
		OrderExpr("b.created_at DESC, b.id DESC").Limit(200).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("read payout batches: %w", err)
	}
	out := make([]affiliates.PayoutBatch, len(rows))
	for i, r := range rows {
		out[i] = affiliates.PayoutBatch{ID: r.ID, CreatedBy: r.CreatedBy, CreatedAt: r.CreatedAt.UTC(), Count: r.Count, TotalCents: r.Total}
	}
	return out, nil
}

// PayoutLines totals a batch per affiliate.
func (db Affiliates) PayoutLines(ctx context.Context, batchID string) ([]affiliates.PayoutLine, error) {
	var rows []struct {
		AffiliateID string `bun:"affiliate_id"`
		Email       string `bun:"email"`
		PayoutEmail string `bun:"payout_email"`
		Code        string `bun:"code"`
		Count       int    `bun:"n"`
		Total       int64  `bun:"total"`
	}
	if err := db.bun.NewSelect().TableExpr("affiliate_conversions AS cv").
		ColumnExpr("cv.affiliate_id, u.email, af.payout_email, af.code, COUNT(*) AS n, SUM(cv.commission_cents) AS total").
		Join("JOIN affiliates AS af ON af.id = cv.affiliate_id").Join("JOIN users AS u ON u.id = af.user_id").
		Where("cv.payout_batch_id = ?", batchID).GroupExpr("cv.affiliate_id, u.email, af.payout_email, af.code").
		OrderExpr("u.email").Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("read payout lines: %w", err)
	}
	out := make([]affiliates.PayoutLine, len(rows))
	for i, r := range rows {
		out[i] = affiliates.PayoutLine{AffiliateID: r.AffiliateID, Email: r.Email, PayoutEmail: r.PayoutEmail, Code: r.Code, Count: r.Count, TotalCents: r.Total}
	}
	return out, nil
}

// DashboardOf reads an affiliate's counts, commission by status, activity by day since from,
// and latest conversions.
func (db Affiliates) DashboardOf(ctx context.Context, affiliateID string, from time.Time) (affiliates.AffiliateDashboard, error) {
	d := affiliates.AffiliateDashboard{Commission: map[string]int64{}}
	n, err := db.bun.NewSelect().TableExpr("affiliate_clicks").Where("affiliate_id = ?", affiliateID).Count(ctx)
	if err != nil {
		return d, fmt.Errorf("count clicks: %w", err)
	}
	d.Clicks = int(n)
	var sums []struct {
		Status string `bun:"status"`
		N      int    `bun:"n"`
		Sum    int64  `bun:"total"`
	}
	if err := db.bun.NewSelect().TableExpr("affiliate_conversions").ColumnExpr("status, COUNT(*) AS n, COALESCE(SUM(commission_cents), 0) AS total").
		Where("affiliate_id = ?", affiliateID).GroupExpr("status").Scan(ctx, &sums); err != nil {
		return d, fmt.Errorf("sum conversions: %w", err)
	}
	for _, s := range sums {
		d.Conversions += s.N
		d.Commission[s.Status] = s.Sum
	}
	// Per day: read the timestamps since from and bucket them here (portable across engines).
	var clickTimes []time.Time
	if err := db.bun.NewSelect().TableExpr("affiliate_clicks").Column("created_at").Where("affiliate_id = ? AND created_at >= ?", affiliateID, from).
		Scan(ctx, &clickTimes); err != nil {
		return d, fmt.Errorf("read click days: %w", err)
	}
	var convs []struct {
		CreatedAt  time.Time `bun:"created_at"`
		Commission int64     `bun:"commission_cents"`
		Status     string    `bun:"status"`
	}
	if err := db.bun.NewSelect().TableExpr("affiliate_conversions").Column("created_at", "commission_cents", "status").
		Where("affiliate_id = ? AND created_at >= ?", affiliateID, from).Scan(ctx, &convs); err != nil {
		return d, fmt.Errorf("read conversion days: %w", err)
	}
	byDay := map[string]*affiliates.AffiliateDay{}
	day := func(t time.Time) *affiliates.AffiliateDay {
		k := t.UTC().Format("2006-01-02")
		if byDay[k] == nil {
			byDay[k] = &affiliates.AffiliateDay{Day: k}
		}
		return byDay[k]
	}
	for _, t := range clickTimes {
		day(t).Clicks++
	}
	for _, c := range convs {
		x := day(c.CreatedAt)
		x.Conversions++
		if c.Status != affiliates.CommissionRejected {
			x.CommissionCents += c.Commission
		}
	}
	for _, x := range byDay {
		d.Days = append(d.Days, *x)
	}
	var rows []conversionWithAffiliate
	if err := db.conversions(db.bun).Where("cv.affiliate_id = ?", affiliateID).OrderExpr("cv.created_at DESC, cv.id DESC").Limit(20).Scan(ctx, &rows); err != nil {
		return d, fmt.Errorf("read recent conversions: %w", err)
	}
	for _, r := range rows {
		d.Recent = append(d.Recent, r.domain())
	}
	return d, nil
}

// AffiliateProgramme writes the demo affiliate programme (internal/demo) in the import's
// transaction.
func (w *Importer) AffiliateProgramme(ctx context.Context, a affiliates.Affiliate, clicks []affiliates.Click, attributions []affiliates.Attribution,
	batches []affiliates.PayoutBatch, conversions []affiliates.Conversion) error {
	repo := Affiliates{w.db}
	if err := repo.InsertAffiliate(ctx, a); err != nil {
		return err
	}
	for _, c := range clicks {
		row := affiliateClickRow{ID: c.ID, AffiliateID: c.AffiliateID, URL: c.URL, Referrer: c.Referrer, UserAgent: c.UserAgent, UTMSource: c.UTMSource,
			UTMMedium: c.UTMMedium, UTMCampaign: c.UTMCampaign, UTMContent: c.UTMContent, UTMTerm: c.UTMTerm, IPHash: c.IPHash, CreatedAt: c.CreatedAt}
		if _, err := w.tx.NewInsert().Model(&row).Exec(ctx); err != nil {
			return fmt.Errorf("demo affiliate click: %w", err)
		}
	}
	for _, at := range attributions {
		row := affiliateAttributionRow{UserID: at.UserID, AffiliateID: at.AffiliateID, ClickID: at.ClickID, ClickedAt: at.ClickedAt, ExpiresAt: at.ExpiresAt}
		if _, err := w.tx.NewInsert().Model(&row).Exec(ctx); err != nil {
			return fmt.Errorf("demo affiliate attribution: %w", err)
		}
	}
	for _, b := range batches {
		if err := repo.InsertPayoutBatch(ctx, b); err != nil {
			return err
		}
	}
	for _, c := range conversions {
		row := affiliateConversionRow{ID: c.ID, AffiliateID: c.AffiliateID, ClickID: c.ClickID, UserID: c.UserID, ConversionType: c.ConversionType,
			SourceID: c.SourceID, AmountGross: c.AmountGross, RateBP: c.RateBP, CommissionCents: c.CommissionCents, Status: c.Status,
			CreatedAt: c.CreatedAt, DecidedAt: c.DecidedAt, PaidAt: c.PaidAt}
		if c.PayoutBatchID != "" {
			id := c.PayoutBatchID
			row.PayoutBatchID = &id
		}
		if _, err := w.tx.NewInsert().Model(&row).Exec(ctx); err != nil {
			return fmt.Errorf("demo affiliate conversion: %w", err)
		}
	}
	return nil
}
