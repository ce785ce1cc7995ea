package store

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/catalog"
	"circle/internal/lender"
)

type lenderProfileRow struct {
	bun.BaseModel `bun:"table:lender_profiles"`

	VendorID       string    `bun:"vendor_id,pk"`
	AvgCloseDays   int       `bun:"avg_close_days,notnull"`
	MinCreditScore int       `bun:"min_credit_score,notnull"`
	UpdatedAt      time.Time `bun:"updated_at,notnull"`
}

type lenderLoanTypeRow struct {
	bun.BaseModel `bun:"table:lender_loan_types"`

	VendorID string `bun:"vendor_id,pk"`
	LoanType string `bun:"loan_type,pk"`
}

// LenderProfile is a lender's profile as written (the demo loader and tests).
type LenderProfile struct {
	VendorID                     string
	LoanTypes                    []lender.LoanType
	AvgCloseDays, MinCreditScore int
}

// SaveLenderProfile writes a lender's profile and replaces its loan types.
func (db Lenders) SaveLenderProfile(ctx context.Context, p LenderProfile) error {
	q := db.q(ctx)
	row := lenderProfileRow{VendorID: p.VendorID, AvgCloseDays: p.AvgCloseDays, MinCreditScore: p.MinCreditScore, UpdatedAt: db.Now()}
	if _, err := q.NewInsert().Model(&row).On("CONFLICT (vendor_id) DO UPDATE").
		Set("avg_close_days = EXCLUDED.avg_close_days, min_credit_score = EXCLUDED.min_credit_score, updated_at = EXCLUDED.updated_at").Exec(ctx); err != nil {
		return fmt.Errorf("save lender profile: %w", err)
	}
	if _, err := q.NewDelete().Model((*lenderLoanTypeRow)(nil)).Where("vendor_id = ?", p.VendorID).Exec(ctx); err != nil {
		return fmt.Errorf("replace loan types: %w", err)
	}
	if len(p.LoanTypes) == 0 {
		return nil
	}
	rows := make([]lenderLoanTypeRow, 0, len(p.LoanTypes))
	for _, t := range p.LoanTypes {
		rows = append(rows, lenderLoanTypeRow{VendorID: p.VendorID, LoanType: string(t)})
	}
	return insertModel(ctx, q, &rows, "save loan types")
}

// lenderListRow is a listed lender with its profile and its services' review totals.
type lenderListRow struct {
	vendorRow      `bun:",extend"`
	AvgCloseDays   int `bun:"avg_close_days"`
	MinCreditScore int `bun:"min_credit_score"`
	RatingSum      int `bun:"rating_sum"`
	ReviewCount    int `bun:"review_count"`
}

// ratingSums are a vendor's visible reviews over its services (portable correlated subqueries).
const (
	lenderRatingSum   = "(SELECT COALESCE(SUM(r.rating), 0) FROM service_reviews r JOIN services s ON s.id = r.service_id WHERE s.vendor_id = vendor.id AND r.hidden_at IS NULL)"
	lenderReviewCount = "(SELECT COUNT(*) FROM service_reviews r JOIN services s ON s.id = r.service_id WHERE s.vendor_id = vendor.id AND r.hidden_at IS NULL)"
)

func (db Lenders) listQuery(rows *[]lenderListRow) *bun.SelectQuery {
	return db.bun.NewSelect().Model(rows).
		ColumnExpr("vendor.*").
		ColumnExpr("lp.avg_close_days, lp.min_credit_score").
		ColumnExpr(lenderRatingSum+" AS rating_sum").
		ColumnExpr(lenderReviewCount+" AS review_count").
		Join("JOIN lender_profiles AS lp ON lp.vendor_id = vendor.id").
		Where("vendor.is_active = ?", true).
		Where("vendor.approval_status IN (?)", bun.In([]string{catalog.ApprovalApproved, catalog.ApprovalAutoApproved})).
		Where("vendor.vendor_type IN (?)", bun.In(lender.LenderVendorTypes))
}

// Lenders lists the listed lenders matching f by the vendors' sort order. The state matches the
// JSON list of service_states as text ("TX" with its quotes), the same on both engines; the
// rating compares the card's rounded average in whole numbers.
func (db Lenders) Lenders(ctx context.Context, f lender.Filter) ([]lender.Record, error) {
	var rows []lenderListRow
	q := db.listQuery(&rows)
	if f.State != "" {
		q = q.Where("vendor.service_states LIKE ?", `%"`+f.State+`"%`)
	}
	if f.LoanType != "" {
		q = q.Where("EXISTS (SELECT 1 FROM lender_loan_types lt WHERE lt.vendor_id = vendor.id AND lt.loan_type = ?)", string(f.LoanType))
	}
	if f.CoPay {
		q = q.Where("vendor.is_open_to_partner = ?", true)
	}
	if f.MinRatingTenths > 0 {
		// The average rounded to tenths as the card shows it: (sum x 100 / count + 5) / 10, in
		// whole numbers on both engines; NULLIF leaves lenders without reviews out.
		q = q.Where("("+lenderRatingSum+" * 100 / NULLIF("+lenderReviewCount+", 0) + 5) / 10 >= ?", f.MinRatingTenths)
	}
	if err := q.OrderExpr("vendor.sort_order ASC, vendor.name ASC").Scan(ctx); err != nil {
		return nil, fmt.Errorf("list lenders: %w", err)
	}
	return db.records(ctx, rows)
}

// LendersByID reads the listed lenders among ids.
func (db Lenders) LendersByID(ctx context.Context, ids []string) (map[string]lender.Record, error) {
	out := map[string]lender.Record{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []lenderListRow
	if err := db.listQuery(&rows).Where("vendor.id IN (?)", bun.In(ids)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read lenders: %w", err)
	}
	recs, err := db.records(ctx, rows)
	if err != nil {
		return nil, err
	}
	for _, r := range recs {
		out[r.Vendor.ID] = r
	}
	return out, nil
}

// records adds the loan types and the booking service of each lender (two queries).
func (db Lenders) records(ctx context.Context, rows []lenderListRow) ([]lender.Record, error) {
	out := make([]lender.Record, 0, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	ids := keysOf(rows, func(r lenderListRow) string { return r.ID })
	var types []lenderLoanTypeRow
	if err := db.bun.NewSelect().Model(&types).Where("vendor_id IN (?)", bun.In(ids)).Order("vendor_id", "loan_type").Scan(ctx); err != nil {
		return nil, fmt.Errorf("read loan types: %w", err)
	}
	byVendor := map[string][]lender.LoanType{}
	for _, t := range types {
		byVendor[t.VendorID] = append(byVendor[t.VendorID], lender.LoanType(t.LoanType))
	}
	var svcs []struct {
		ID       string `bun:"id"`
		VendorID string `bun:"vendor_id"`
	}
	if err := db.bun.NewSelect().Table("services").Column("id", "vendor_id").Where("vendor_id IN (?)", bun.In(ids)).
		Where("is_active = ?", true).OrderExpr("sort_order ASC, created_at ASC, id ASC").Scan(ctx, &svcs); err != nil {
		return nil, fmt.Errorf("read lender services: %w", err)
	}
	booking := map[string]string{}
	for _, s := range svcs {
		if _, ok := booking[s.VendorID]; !ok {
			booking[s.VendorID] = s.ID
		}
	}
	for _, r := range rows {
		out = append(out, lender.Record{Vendor: r.domain(), LoanTypes: byVendor[r.ID], AvgCloseDays: r.AvgCloseDays, MinCreditScore: r.MinCreditScore,
			RatingSum: r.RatingSum, ReviewCount: r.ReviewCount, BookingServiceID: booking[r.ID]})
	}
	return out, nil
}

// CoPayServices lists active services that offer co-pay and are not the vendor's own.
func (db Lenders) CoPayServices(ctx context.Context, vendorID string, limit int) ([]lender.ServiceRef, error) {
	var rows []struct {
		ID      string `bun:"id"`
		Title   string `bun:"title"`
		TitleEs string `bun:"title_es"`
		TitleFr string `bun:"title_fr"`
	}
	if err := db.bun.NewSelect().Table("services").Column("id", "title", "title_es", "title_fr").
		Where("is_active = ?", true).Where("copay_allowed = ?", true).Where("respa_split_limit > 0").
		Where("retail_price_cents > 0").Where("(vendor_id IS NULL OR vendor_id <> ?)", vendorID).
		OrderExpr("is_featured DESC, sort_order ASC, id ASC").Limit(int64(limit)).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("list co-pay services: %w", err)
	}
	out := make([]lender.ServiceRef, 0, len(rows))
	for _, r := range rows {
		out = append(out, lender.ServiceRef{ID: r.ID, Title: r.Title, TitleEs: r.TitleEs, TitleFr: r.TitleFr})
	}
	return out, nil
}

// LenderProfiles writes the lenders' profiles and loan types (the demo loader).
func (w *Importer) LenderProfiles(ctx context.Context, profiles []LenderProfile) error {
	repo := NewLenders(w.db)
	for _, p := range profiles {
		if err := repo.SaveLenderProfile(ctx, p); err != nil {
			return fmt.Errorf("demo lender %s: %w", p.VendorID, err)
		}
	}
	return nil
}
