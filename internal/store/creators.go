package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/affiliates"
	"circle/internal/apperr"
	"circle/internal/creators"
)

type creatorApplicationRow struct {
	bun.BaseModel `bun:"table:creator_applications,alias:ca"`

	ID           string     `bun:"id,pk"`
	UserID       string     `bun:"user_id,notnull"`
	Status       string     `bun:"status,notnull"`
	DisplayName  string     `bun:"display_name,notnull"`
	Bio          string     `bun:"bio,notnull"`
	Website      string     `bun:"website,notnull"`
	AudienceSize int64      `bun:"audience_size,notnull"`
	Platforms    string     `bun:"platforms,notnull"`
	Niches       string     `bun:"niches,notnull"`
	ContentPlan  string     `bun:"content_plan,notnull"`
	Reason       string     `bun:"reason,notnull"`
	DecidedBy    string     `bun:"decided_by,notnull"`
	CreatedAt    time.Time  `bun:"created_at,notnull"`
	UpdatedAt    time.Time  `bun:"updated_at,notnull"`
	DecidedAt    *time.Time `bun:"decided_at"`
}

// creatorApplicationWithEmail is an application read with its member's e-mail.
type creatorApplicationWithEmail struct {
	creatorApplicationRow `bun:",extend"`
	Email                 string `bun:"email"`
}

func (r creatorApplicationWithEmail) domain() (creators.CreatorApplication, error) {
	a := creators.CreatorApplication{ID: r.ID, UserID: r.UserID, Email: r.Email, Status: r.Status, DisplayName: r.DisplayName, Bio: r.Bio, Website: r.Website,
		AudienceSize: r.AudienceSize, ContentPlan: r.ContentPlan, Reason: r.Reason, CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC(), DecidedAt: utcPtr(r.DecidedAt)}
	if err := json.Unmarshal([]byte(r.Platforms), &a.Platforms); err != nil {
		return a, fmt.Errorf("read creator platforms: %w", err)
	}
	if err := json.Unmarshal([]byte(r.Niches), &a.Niches); err != nil {
		return a, fmt.Errorf("read creator niches: %w", err)
	}
	return a, nil
}

type creatorContentRow struct {
	bun.BaseModel `bun:"table:creator_content,alias:cc"`

	ID          string    `bun:"id,pk"`
	UserID      string    `bun:"user_id,notnull"`
	Title       string    `bun:"title,notnull"`
	URL         string    `bun:"url,notnull"`
	Kind        string    `bun:"kind,notnull"`
	PublishedOn string    `bun:"published_on,notnull"`
	CreatedAt   time.Time `bun:"created_at,notnull"`
}

type creatorPayoutRow struct {
	bun.BaseModel `bun:"table:creator_payout_accounts"`

	UserID           string    `bun:"user_id,pk"`
	Provider         string    `bun:"provider,notnull"`
	AccountID        string    `bun:"account_id,notnull"`
	DetailsSubmitted bool      `bun:"details_submitted,notnull"`
	PayoutsEnabled   bool      `bun:"payouts_enabled,notnull"`
	BankLast4        string    `bun:"bank_last4,notnull"`
	CreatedAt        time.Time `bun:"created_at,notnull"`
	UpdatedAt        time.Time `bun:"updated_at,notnull"`
}

func (db Creators) applications(q bun.IDB) *bun.SelectQuery {
	return q.NewSelect().Model((*creatorApplicationRow)(nil)).ColumnExpr("ca.*").ColumnExpr("u.email AS email").
		Join("JOIN users AS u ON u.id = ca.user_id")
}

func (db Creators) oneApplication(ctx context.Context, q bun.IDB, where string, arg any) (*creators.CreatorApplication, error) {
	var row creatorApplicationWithEmail
	if ok, err := found(db.applications(q).Where(where, arg).Scan(ctx, &row), "creator application"); !ok {
		return nil, err
	}
	a, err := row.domain()
	return &a, err
}

// ApplicationByUser is the member's application (nil: none).
func (db Creators) ApplicationByUser(ctx context.Context, userID string) (*creators.CreatorApplication, error) {
	return db.oneApplication(ctx, db.bun, "ca.user_id = ?", userID)
}

// ApplicationByID is one application (nil: none).
func (db Creators) ApplicationByID(ctx context.Context, id string) (*creators.CreatorApplication, error) {
	return db.oneApplication(ctx, db.bun, "ca.id = ?", id)
}

func creatorApplicationRowOf(a creators.CreatorApplication) (creatorApplicationRow, error) {
	p, err := json.Marshal(a.Platforms)
	if err != nil {
		return creatorApplicationRow{}, err
	}
	n, err := json.Marshal(a.Niches)
	if err != nil {
		return creatorApplicationRow{}, err
	}
	return creatorApplicationRow{ID: a.ID, UserID: a.UserID, Status: a.Status, DisplayName: a.DisplayName, Bio: a.Bio, Website: a.Website,
		AudienceSize: a.AudienceSize, Platforms: string(p), Niches: string(n), ContentPlan: a.ContentPlan, Reason: a.Reason,
		CreatedAt: a.CreatedAt, UpdatedAt: a.UpdatedAt, DecidedAt: a.DecidedAt}, nil
}

// SubmitApplication inserts the application, or sends the member's rejected one again with the
// new answers (its id and first date kept). A pending or approved one is a conflict.
func (db Creators) SubmitApplication(ctx context.Context, a creators.CreatorApplication) (creators.CreatorApplication, error) {
	row, err := creatorApplicationRowOf(a)
	if err != nil {
		return a, err
	}
	var out *creators.CreatorApplication
	err = db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		prev, err := db.oneApplication(ctx, tx, "ca.user_id = ?", a.UserID)
		if err != nil {
			return err
		}
		switch {
		case prev == nil:
			if _, err := tx.NewInsert().Model(&row).Exec(ctx); err != nil {
				if isUniqueViolation(err) {
					return alreadyApplied()
				}
				return fmt.Errorf("insert creator application: %w", err)
			}
		case prev.Status == creators.StatusRejected:
			res, err := tx.NewUpdate().Model((*creatorApplicationRow)(nil)).Set("status = ?", creators.StatusPending).Set("display_name = ?", row.DisplayName).
				Set("bio = ?", row.Bio).Set("website = ?", row.Website).Set("audience_size = ?", row.AudienceSize).Set("platforms = ?", row.Platforms).
				Set("niches = ?", row.Niches).Set("content_plan = ?", row.ContentPlan).Set("reason = ''").Set("decided_by = ''").Set("decided_at = NULL").
				Set("updated_at = ?", row.UpdatedAt).Where("id = ? AND status = ?", prev.ID, creators.StatusRejected).Exec(ctx)
			if err := oneChanged(res, err, "resubmit creator application", alreadyApplied()); err != nil {
				return err
			}
		default:
			return alreadyApplied()
		}
		out, err = db.oneApplication(ctx, tx, "ca.user_id = ?", a.UserID)
		return err
	})
	if err != nil {
		return a, err
	}
	return *out, nil
}

func alreadyApplied() error {
	e := apperr.Field("display_name", creators.KeyAlreadyApplied, creators.MsgAlreadyApplied)
	e.Code = apperr.Conflict
	return e
}

// Applications lists applications, pending first then newest (status "" for all).
func (db Creators) Applications(ctx context.Context, status string) ([]creators.CreatorApplication, error) {
	var rows []creatorApplicationWithEmail
	q := db.applications(db.bun)
	q = whereGiven(q, "ca.status = ?", status)
	if err := q.OrderExpr("CASE WHEN ca.status = 'pending' THEN 0 ELSE 1 END, ca.updated_at DESC, ca.id").Limit(500).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("list creator applications: %w", err)
	}
	return domainsOrErr(rows)
}

// Decide writes a decision in one transaction: the application (only while pending), for an
// approval the creator grant (unless the member holds the role: it is granted once) and the
// member's affiliate account (a pending one is approved; an approved one is kept; none: d's
// is opened; a rejected one stays rejected), and the audit entry.
func (db Creators) Decide(ctx context.Context, d creators.Decision) (creators.CreatorApplication, error) {
	var out *creators.CreatorApplication
	err := db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		status := creators.StatusRejected
		if d.Approve {
			status = creators.StatusApproved
		}
		res, err := tx.NewUpdate().Model((*creatorApplicationRow)(nil)).Set("status = ?", status).Set("reason = ?", d.Reason).
			Set("decided_by = ?", d.By).Set("decided_at = ?", d.At).Set("updated_at = ?", d.At).
			Where("id = ? AND status = ?", d.ApplicationID, creators.StatusPending).Exec(ctx)
		if err != nil {
			return fmt.Errorf("decide creator application: %w", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			e := apperr.Field("status", creators.KeyNotPending, creators.MsgNotPending)
			e.Code = apperr.Conflict
			return e
		}
		if d.Approve {
			if err := db.approveIn(ctx, tx, d); err != nil {
				return err
			}
		}
		if d.Notice.ID != "" {
			if err := NewNotices(db.DB).InsertNotification(ctx, d.Notice); err != nil {
				return err
			}
		}
		if err := NewAdmin(db.DB).AppendAudit(ctx, d.Audit); err != nil {
			return err
		}
		out, err = db.oneApplication(ctx, tx, "ca.id = ?", d.ApplicationID)
		return err
	})
	if err != nil {
		return creators.CreatorApplication{}, err
	}
	return *out, nil
}

func (db Creators) approveIn(ctx context.Context, tx Q, d creators.Decision) error {
	var held int
	if err := tx.NewSelect().Table("role_grants").ColumnExpr("COUNT(*)").Where("user_id = ? AND role = 'creator' AND revoked_at IS NULL", d.Grant.UserID).
		Scan(ctx, &held); err != nil {
		return fmt.Errorf("read creator grant: %w", err)
	}
	if held == 0 {
		if _, err := NewAccounts(db.DB).GrantRoleIn(ctx, d.Grant); err != nil {
			return err
		}
	}
	aff := NewAffiliates(db.DB)
	prev, err := aff.AffiliateByUser(ctx, d.Grant.UserID)
	if err != nil {
		return err
	}
	switch {
	case prev == nil:
		return aff.InsertAffiliate(ctx, d.Affiliate)
	case prev.Status == affiliates.AppPending:
		prev.Status, prev.DecidedAt = affiliates.AppApproved, d.Affiliate.DecidedAt
		return aff.SaveAffiliateDecision(ctx, *prev)
	}
	return nil
}

// InsertContent lists a piece unless the creator already lists max pieces.
func (db Creators) InsertContent(ctx context.Context, c creators.CreatorContent, max int) (bool, error) {
	ok := false
	err := db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		n, err := tx.NewSelect().Model((*creatorContentRow)(nil)).Where("user_id = ?", c.UserID).Count(ctx)
		if err != nil {
			return fmt.Errorf("count creator content: %w", err)
		}
		if n >= int64(max) {
			return nil
		}
		row := creatorContentRow{ID: c.ID, UserID: c.UserID, Title: c.Title, URL: c.URL, Kind: c.Kind, PublishedOn: c.PublishedOn, CreatedAt: c.CreatedAt}
		if _, err := tx.NewInsert().Model(&row).Exec(ctx); err != nil {
			return fmt.Errorf("insert creator content: %w", err)
		}
		ok = true
		return nil
	})
	return ok, err
}

// DeleteContent removes the creator's own piece (false: they have no piece of that id).
func (db Creators) DeleteContent(ctx context.Context, userID, id string) (bool, error) {
	res, err := db.bun.NewDelete().Model((*creatorContentRow)(nil)).Where("id = ? AND user_id = ?", id, userID).Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("delete creator content: %w", err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// ContentOf lists the creator's content, newest publication first.
func (db Creators) ContentOf(ctx context.Context, userID string) ([]creators.CreatorContent, error) {
	var rows []creatorContentRow
	if err := db.bun.NewSelect().Model(&rows).Where("user_id = ?", userID).Order("published_on DESC", "created_at DESC", "id").Scan(ctx); err != nil {
		return nil, fmt.Errorf("read creator content: %w", err)
	}
	out := make([]creators.CreatorContent, 0, len(rows))
	for _, r := range rows {
		out = append(out, creators.CreatorContent{ID: r.ID, UserID: r.UserID, Title: r.Title, URL: r.URL, Kind: r.Kind, PublishedOn: r.PublishedOn, CreatedAt: r.CreatedAt.UTC()})
	}
	return out, nil
}

// ContentStats counts the clicks of the creator's affiliate account by utm_content (only ids
// of the creator's own content), and the non-rejected conversions those clicks led to.
func (db Creators) ContentStats(ctx context.Context, userID string) (map[string]creators.CreatorContentStats, error) {
	out := map[string]creators.CreatorContentStats{}
	var clicks []struct {
		ContentID string `bun:"content_id"`
		N         int    `bun:"n"`
	}
	if err := db.bun.NewSelect().TableExpr("affiliate_clicks AS c").Join("JOIN affiliates AS af ON af.id = c.affiliate_id").
		Join("JOIN creator_content AS cc ON cc.id = c.utm_content AND cc.user_id = af.user_id").
		ColumnExpr("c.utm_content AS content_id, COUNT(*) AS n").Where("af.user_id = ?", userID).GroupExpr("c.utm_content").Scan(ctx, &clicks); err != nil {
		return nil, fmt.Errorf("count content clicks: %w", err)
	}
	for _, c := range clicks {
		s := out[c.ContentID]
		s.Clicks = c.N
		out[c.ContentID] = s
	}
	var convs []struct {
		ContentID string `bun:"content_id"`
		N         int    `bun:"n"`
		Cents     int64  `bun:"cents"`
	}
	if err := db.bun.NewSelect().TableExpr("affiliate_conversions AS cv").Join("JOIN affiliate_clicks AS c ON c.id = cv.click_id").
		Join("JOIN affiliates AS af ON af.id = cv.affiliate_id").Join("JOIN creator_content AS cc ON cc.id = c.utm_content AND cc.user_id = af.user_id").
		ColumnExpr("c.utm_content AS content_id, COUNT(*) AS n, COALESCE(SUM(cv.commission_cents), 0) AS cents").
		Where("af.user_id = ? AND cv.status <> ?", userID, affiliates.CommissionRejected).GroupExpr("c.utm_content").Scan(ctx, &convs); err != nil {
		return nil, fmt.Errorf("sum content conversions: %w", err)
	}
	for _, c := range convs {
		s := out[c.ContentID]
		s.Conversions, s.EarnedCents = c.N, c.Cents
		out[c.ContentID] = s
	}
	return out, nil
}

// PayoutAccountOf is the creator's payout account (nil: none).
func (db Creators) PayoutAccountOf(ctx context.Context, userID string) (*creators.CreatorPayoutAccount, error) {
	var r creatorPayoutRow
	if ok, err := found(db.bun.NewSelect().Model(&r).Where("user_id = ?", userID).Scan(ctx), "payout account"); !ok {
		return nil, err
	}
	return &creators.CreatorPayoutAccount{UserID: r.UserID, Provider: r.Provider, AccountID: r.AccountID, DetailsSubmitted: r.DetailsSubmitted,
		PayoutsEnabled: r.PayoutsEnabled, BankLast4: r.BankLast4, CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC()}, nil
}

// SavePayoutAccount inserts or replaces the creator's payout account.
func (db Creators) SavePayoutAccount(ctx context.Context, a creators.CreatorPayoutAccount) error {
	row := creatorPayoutRow{UserID: a.UserID, Provider: a.Provider, AccountID: a.AccountID, DetailsSubmitted: a.DetailsSubmitted, PayoutsEnabled: a.PayoutsEnabled,
		BankLast4: a.BankLast4, CreatedAt: a.CreatedAt, UpdatedAt: a.UpdatedAt}
	if _, err := db.bun.NewInsert().Model(&row).On("CONFLICT (user_id) DO UPDATE").Set("provider = EXCLUDED.provider").Set("account_id = EXCLUDED.account_id").
		Set("details_submitted = EXCLUDED.details_submitted").Set("payouts_enabled = EXCLUDED.payouts_enabled").Set("bank_last4 = EXCLUDED.bank_last4").
		Set("updated_at = EXCLUDED.updated_at").Exec(ctx); err != nil {
		return fmt.Errorf("save payout account: %w", err)
	}
	return nil
}

// CreatorProgramme writes the demo creator's application, content and payout account (the
// demo loader; the creator role and the affiliate account come from the demo accounts and the
// affiliate programme's rows).
func (w *Importer) CreatorProgramme(ctx context.Context, a creators.CreatorApplication, content []creators.CreatorContent, payout *creators.CreatorPayoutAccount) error {
	row, err := creatorApplicationRowOf(a)
	if err != nil {
		return err
	}
	if _, err := w.tx.NewInsert().Model(&row).Exec(ctx); err != nil {
		return fmt.Errorf("demo creator application: %w", err)
	}
	for _, c := range content {
		r := creatorContentRow{ID: c.ID, UserID: c.UserID, Title: c.Title, URL: c.URL, Kind: c.Kind, PublishedOn: c.PublishedOn, CreatedAt: c.CreatedAt}
		if _, err := w.tx.NewInsert().Model(&r).Exec(ctx); err != nil {
			return fmt.Errorf("demo creator content: %w", err)
		}
	}
	if payout != nil {
		r := creatorPayoutRow{UserID: payout.UserID, Provider: payout.Provider, AccountID: payout.AccountID, DetailsSubmitted: payout.DetailsSubmitted,
			PayoutsEnabled: payout.PayoutsEnabled, BankLast4: payout.BankLast4, CreatedAt: payout.CreatedAt, UpdatedAt: payout.UpdatedAt}
		if _, err := w.tx.NewInsert().Model(&r).Exec(ctx); err != nil {
			return fmt.Errorf("demo payout account: %w", err)
		}
	}
	return nil
}
