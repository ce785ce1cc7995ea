package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/account"
	"circle/internal/apperr"
	"circle/internal/catalog"
	"circle/internal/ids"
	"circle/internal/marketplace"
)

// tenthsAverage is sum/n to one decimal, rounded half up, in integers.
func tenthsAverage(sum, n int64) float64 {
	if n <= 0 {
		return 0
	}
	return float64((sum*10*2/n+1)/2) / 10
}

// VendorRating is the review-weighted average and count of reviews over a vendor's active
// services.
func (db *DB) VendorRating(ctx context.Context, vendorID string) (marketplace.Rating, error) {
	var row struct {
		Sum int64 `bun:"sum"`
		N   int64 `bun:"n"`
	}
	if err := db.bun.NewSelect().TableExpr("service_reviews AS r").Join("JOIN services AS s ON s.id = r.service_id").
		ColumnExpr("CAST(COALESCE(SUM(r.rating), 0) AS BIGINT) AS sum, COUNT(*) AS n").
		Where("s.vendor_id = ?", vendorID).Where("s.is_active = ?", true).Scan(ctx, &row); err != nil {
		return marketplace.Rating{}, fmt.Errorf("read vendor rating: %w", err)
	}
	return marketplace.Rating{AverageRating: tenthsAverage(row.Sum, row.N), TotalReviews: int(row.N)}, nil
}

// ServiceDisclaimer returns the disclaimer a service shows: its own when set and active, else
// the newest active one; nil when there is none.
func (db *DB) ServiceDisclaimer(ctx context.Context, disclaimerID *string) (*catalog.Disclaimer, error) {
	var d catalog.Disclaimer
	if disclaimerID != nil && *disclaimerID != "" {
		err := db.bun.NewSelect().Model(&d).Where("id = ?", *disclaimerID).Where("is_active = ?", true).Scan(ctx)
		if err == nil {
			return &d, nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return nil, fmt.Errorf("read disclaimer: %w", err)
		}
	}
	err := db.bun.NewSelect().Model(&d).Where("is_active = ?", true).OrderExpr("created_at DESC, id DESC").Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read active disclaimer: %w", err)
	}
	return &d, nil
}

// reviewViews attaches authors (from profiles) and service titles to reviews.
func (db *DB) reviewViews(ctx context.Context, rows []catalog.Review, titles map[string]string) ([]catalog.ReviewView, error) {
	out := make([]catalog.ReviewView, 0, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	userIDs := make([]string, 0, len(rows))
	seen := map[string]bool{}
	for _, r := range rows {
		if !seen[r.UserID] {
			seen[r.UserID] = true
			userIDs = append(userIDs, r.UserID)
		}
	}
	var profiles []account.Profile
	if err := db.bun.NewSelect().Model(&profiles).Column("user_id", "display_name", "avatar_url", "is_pro_member").
		Where("user_id IN (?)", bun.In(userIDs)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read reviewers: %w", err)
	}
	byID := make(map[string]account.Profile, len(profiles))
	for _, p := range profiles {
		byID[p.UserID] = p
	}
	for _, r := range rows {
		p, found := byID[r.UserID]
		out = append(out, catalog.ReviewView{
			ID: r.ID, ServiceID: r.ServiceID, ServiceTitle: titles[r.ServiceID], UserID: r.UserID, Rating: r.Rating, Review: r.Review,
			ReviewSource: r.ReviewSource, Verified: r.Verified, SourceURL: r.SourceURL, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt,
			Author: catalog.AuthorOf(p.DisplayName, p.AvatarURL, p.IsProMember, found),
		})
	}
	return out, nil
}

// ServiceReviews lists a service's reviews, newest first, with their authors.
func (db *DB) ServiceReviews(ctx context.Context, serviceID string, limit int) ([]catalog.ReviewView, error) {
	var rows []catalog.Review
	if err := db.bun.NewSelect().Model(&rows).Where("service_id = ?", serviceID).
		OrderExpr("created_at DESC, id DESC").Limit(int64(limit)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read reviews: %w", err)
	}
	return db.reviewViews(ctx, rows, nil)
}

// VendorReviews lists the newest reviews across a vendor's active services, with authors and
// service titles.
func (db *DB) VendorReviews(ctx context.Context, vendorID string, limit int) ([]catalog.ReviewView, error) {
	var services []catalog.Service
	if err := db.bun.NewSelect().Model(&services).Column("id", "title").Where("vendor_id = ?", vendorID).
		Where("is_active = ?", true).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read vendor services: %w", err)
	}
	if len(services) == 0 {
		return []catalog.ReviewView{}, nil
	}
	titles := make(map[string]string, len(services))
	serviceIDs := make([]string, 0, len(services))
	for _, s := range services {
		titles[s.ID] = s.Title
		serviceIDs = append(serviceIDs, s.ID)
	}
	var rows []catalog.Review
	if err := db.bun.NewSelect().Model(&rows).Where("service_id IN (?)", bun.In(serviceIDs)).
		OrderExpr("created_at DESC, id DESC").Limit(int64(limit)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read vendor reviews: %w", err)
	}
	return db.reviewViews(ctx, rows, titles)
}

// ReviewByID reads one review.
func (db *DB) ReviewByID(ctx context.Context, id string) (catalog.Review, error) {
	var r catalog.Review
	if err := db.bun.NewSelect().Model(&r).Where("id = ?", id).Scan(ctx); err != nil {
		return r, notFound(err, "review")
	}
	return r, nil
}

// ReviewView reads one review with its author.
func (db *DB) ReviewView(ctx context.Context, id string) (catalog.ReviewView, error) {
	r, err := db.ReviewByID(ctx, id)
	if err != nil {
		return catalog.ReviewView{}, err
	}
	views, err := db.reviewViews(ctx, []catalog.Review{r}, nil)
	if err != nil {
		return catalog.ReviewView{}, err
	}
	return views[0], nil
}

// UserReviewID returns the id of a user's review of a service, or nil.
func (db *DB) UserReviewID(ctx context.Context, serviceID, userID string) (*string, error) {
	var id string
	err := db.bun.NewSelect().Model((*catalog.Review)(nil)).Column("id").Where("service_id = ?", serviceID).
		Where("user_id = ?", userID).Scan(ctx, &id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read own review: %w", err)
	}
	return &id, nil
}

// HasPurchaseOrBooking reports whether the server recorded a purchase or a booking of the
// service by the user (what makes a review verified). Events browsers report do not count.
func (db *DB) HasPurchaseOrBooking(ctx context.Context, q Q, userID, serviceID string) (bool, error) {
	n, err := q.NewSelect().Table("service_tracking_events").Where("user_id = ?", userID).Where("service_id = ?", serviceID).
		Where("event_type IN (?)", bun.In([]string{"purchase", "booking"})).Where("source = ?", catalog.EventSourceServer).Count(ctx)
	if err != nil {
		return false, fmt.Errorf("check purchases: %w", err)
	}
	return n > 0, nil
}

// CreateReview inserts a review; a second review of the same service by the same user is a
// conflict (the unique index decides, so concurrent submits cannot both succeed).
func (db *DB) CreateReview(ctx context.Context, q Q, r catalog.Review) (catalog.Review, error) {
	now := db.Now()
	r.ID, r.CreatedAt, r.UpdatedAt = ids.New(), now, now
	if _, err := q.NewInsert().Model(&r).Exec(ctx); err != nil {
		if isUniqueViolation(err) {
			return r, apperr.New(apperr.Conflict, catalog.MsgReviewDuplicate)
		}
		return r, fmt.Errorf("insert review: %w", err)
	}
	return r, nil
}

// UpdateReview changes a review's rating, text and verified flag.
func (db *DB) UpdateReview(ctx context.Context, q Q, id string, rating int, text *string, verified bool) error {
	res, err := q.NewUpdate().Model((*catalog.Review)(nil)).Set("rating = ?", rating).Set("review = ?", text).
		Set("verified = ?", verified).Set("updated_at = ?", db.Now()).Where("id = ?", id).Exec(ctx)
	if err != nil {
		return fmt.Errorf("update review: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.New(apperr.NotFound, "review not found")
	}
	return nil
}

// DeleteReview removes a review.
func (db *DB) DeleteReview(ctx context.Context, id string) error {
	res, err := db.bun.NewDelete().Model((*catalog.Review)(nil)).Where("id = ?", id).Exec(ctx)
	if err != nil {
		return fmt.Errorf("delete review: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.New(apperr.NotFound, "review not found")
	}
	return nil
}

// ActiveRepresentatives lists a vendor's active representatives: primary first, then by sort
// order and name.
func (db *DB) ActiveRepresentatives(ctx context.Context, vendorID string) ([]catalog.Representative, error) {
	out := []catalog.Representative{}
	if err := db.bun.NewSelect().Model(&out).Where("vendor_id = ?", vendorID).Where("is_active = ?", true).
		OrderExpr("is_primary DESC, sort_order ASC, name ASC, id ASC").Scan(ctx); err != nil {
		return nil, fmt.Errorf("read representatives: %w", err)
	}
	return out, nil
}

// VendorQuestions lists a vendor's evaluation questions by number.
func (db *DB) VendorQuestions(ctx context.Context, vendorID string) ([]catalog.VendorQuestion, error) {
	out := []catalog.VendorQuestion{}
	if err := db.bun.NewSelect().Model(&out).Where("vendor_id = ?", vendorID).Order("question_number").Scan(ctx); err != nil {
		return nil, fmt.Errorf("read vendor questions: %w", err)
	}
	return out, nil
}

// SeedVendorQuestions gives a vendor without questions the default ones (seed_vendor_questions)
// and reports whether it did. Run it in a transaction (InTx) so the count and the inserts are
// one step; concurrent seeds insert each question once either way (ON CONFLICT DO NOTHING).
func (db *DB) SeedVendorQuestions(ctx context.Context, q Q, vendorID string, texts []string) (bool, error) {
	n, err := q.NewSelect().Model((*catalog.VendorQuestion)(nil)).Where("vendor_id = ?", vendorID).Count(ctx)
	if err != nil {
		return false, fmt.Errorf("count vendor questions: %w", err)
	}
	if n > 0 {
		return false, nil
	}
	seeded := false
	now := db.Now()
	for i, t := range texts {
		res, err := q.ExecContext(ctx, `INSERT INTO vendor_questions (vendor_id, question_number, question_text, answer_text, updated_at)
			VALUES (?, ?, ?, '', ?) ON CONFLICT (vendor_id, question_number) DO NOTHING`, vendorID, i+1, t, now)
		if err != nil {
			return false, fmt.Errorf("seed vendor question: %w", err)
		}
		if k, _ := res.RowsAffected(); k > 0 {
			seeded = true
		}
	}
	return seeded, nil
}

// UpdateVendorQuestion changes a question's text and, when answer is set, its answer.
func (db *DB) UpdateVendorQuestion(ctx context.Context, q Q, vendorID string, number int, text string, answer *string) (catalog.VendorQuestion, error) {
	upd := q.NewUpdate().Model((*catalog.VendorQuestion)(nil)).Set("question_text = ?", text).Set("updated_at = ?", db.Now())
	if answer != nil {
		upd = upd.Set("answer_text = ?", *answer)
	}
	res, err := upd.Where("vendor_id = ?", vendorID).Where("question_number = ?", number).Exec(ctx)
	if err != nil {
		return catalog.VendorQuestion{}, fmt.Errorf("update vendor question: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return catalog.VendorQuestion{}, apperr.New(apperr.NotFound, "question not found")
	}
	var out catalog.VendorQuestion
	if err := q.NewSelect().Model(&out).Where("vendor_id = ?", vendorID).Where("question_number = ?", number).Scan(ctx); err != nil {
		return out, notFound(err, "question")
	}
	return out, nil
}

// VendorContentTiles lists a vendor's active content by display order.
func (db *DB) VendorContentTiles(ctx context.Context, vendorID string, limit int) ([]catalog.VendorContent, error) {
	out := []catalog.VendorContent{}
	if err := db.bun.NewSelect().Model(&out).Where("vendor_id = ?", vendorID).Where("is_active = ?", true).
		OrderExpr("display_order ASC, id ASC").Limit(int64(limit)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read vendor content: %w", err)
	}
	return out, nil
}

// VendorCalendarLink returns a vendor's booking calendar link, or nil when it has none.
func (db *DB) VendorCalendarLink(ctx context.Context, vendorID string) (*string, error) {
	var a catalog.VendorAvailability
	err := db.bun.NewSelect().Model(&a).Where("vendor_id = ?", vendorID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read vendor availability: %w", err)
	}
	if a.CalendarLink == "" {
		return nil, nil
	}
	return &a.CalendarLink, nil
}

// RecordVendorActivity records what an agent did for the vendor to see (track_vendor_activity).
// An agent without a profile is skipped without an error (the spec's 23502 rule); with a dedupe
// window, the same agent's same activity on the same service within it is not recorded again.
func (db *DB) RecordVendorActivity(ctx context.Context, a catalog.VendorActivity, dedupe time.Duration) (bool, error) {
	recorded := false
	err := db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		n, err := tx.NewSelect().Table("profiles").Where("user_id = ?", a.AgentID).Count(ctx)
		if err != nil {
			return fmt.Errorf("check agent profile: %w", err)
		}
		if n == 0 {
			return nil
		}
		now := db.Now()
		if dedupe > 0 {
			service := ""
			if a.ServiceID != nil {
				service = *a.ServiceID
			}
			if err := db.lockDedupeKey(ctx, tx, "vendor_activity", a.AgentID, a.VendorID, a.ActivityType, service); err != nil {
				return err
			}
			q := tx.NewSelect().Table("vendor_activity").Where("agent_id = ?", a.AgentID).Where("vendor_id = ?", a.VendorID).
				Where("activity_type = ?", a.ActivityType).Where("created_at > ?", now.Add(-dedupe))
			if a.ServiceID != nil {
				q = q.Where("service_id = ?", *a.ServiceID)
			} else {
				q = q.Where("service_id IS NULL")
			}
			k, err := q.Count(ctx)
			if err != nil {
				return fmt.Errorf("check activity dedupe: %w", err)
			}
			if k > 0 {
				return nil
			}
		}
		if a.ActivityData == "" {
			a.ActivityData = "{}"
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO vendor_activity (id, vendor_id, agent_id, service_id, activity_type, activity_data, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, ids.New(), a.VendorID, a.AgentID, a.ServiceID, a.ActivityType, a.ActivityData, now); err != nil {
			return fmt.Errorf("insert vendor activity: %w", err)
		}
		recorded = true
		return nil
	})
	return recorded, err
}

// VendorActivities lists a vendor's newest activity.
func (db *DB) VendorActivities(ctx context.Context, vendorID string, limit int) ([]catalog.VendorActivity, error) {
	var rows []struct {
		ID           string    `bun:"id"`
		VendorID     string    `bun:"vendor_id"`
		AgentID      string    `bun:"agent_id"`
		ServiceID    *string   `bun:"service_id"`
		ActivityType string    `bun:"activity_type"`
		ActivityData string    `bun:"activity_data"`
		CreatedAt    time.Time `bun:"created_at"`
	}
	if err := db.bun.NewSelect().Table("vendor_activity").Column("id", "vendor_id", "agent_id", "service_id", "activity_type", "activity_data", "created_at").
		Where("vendor_id = ?", vendorID).OrderExpr("created_at DESC, id DESC").Limit(int64(limit)).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("read vendor activity: %w", err)
	}
	out := make([]catalog.VendorActivity, 0, len(rows))
	for _, r := range rows {
		out = append(out, catalog.VendorActivity{ID: r.ID, VendorID: r.VendorID, AgentID: r.AgentID, ServiceID: r.ServiceID,
			ActivityType: r.ActivityType, ActivityData: r.ActivityData, CreatedAt: r.CreatedAt})
	}
	return out, nil
}

// ServiceMetrics counts a service's views, clicks, bookings, purchases and attributed revenue
// since a time (get_service_tracking_metrics).
func (db *DB) ServiceMetrics(ctx context.Context, serviceID string, since time.Time) (catalog.TrackingMetrics, error) {
	m := catalog.TrackingMetrics{ServiceID: serviceID, LastUpdated: db.Now()}
	views, err := db.bun.NewSelect().Table("service_views").Where("service_id = ?", serviceID).Where("created_at >= ?", since).Count(ctx)
	if err != nil {
		return m, fmt.Errorf("count views: %w", err)
	}
	m.TotalViews = int64(views)
	var rows []struct {
		EventType string `bun:"event_type"`
		N         int64  `bun:"n"`
		Revenue   int64  `bun:"revenue"`
	}
	if err := db.bun.NewSelect().Table("service_tracking_events").
		ColumnExpr("event_type, COUNT(*) AS n, CAST(COALESCE(SUM(revenue_attributed_cents), 0) AS BIGINT) AS revenue").
		Where("service_id = ?", serviceID).Where("created_at >= ?", since).GroupExpr("event_type").Scan(ctx, &rows); err != nil {
		return m, fmt.Errorf("count tracking events: %w", err)
	}
	for _, r := range rows {
		switch r.EventType {
		case "click", "outbound_click":
			m.TotalClicks += r.N
		case "booking":
			m.TotalBookings += r.N
		case "purchase":
			m.TotalPurchases += r.N
		}
		m.RevenueAttributedCents += r.Revenue
	}
	m.ConversionRate = catalog.ConversionRate(m.TotalPurchases, m.TotalViews)
	return m, nil
}

// AlsoViewed returns the active services most often viewed by the same viewers (browser
// session keys) that viewed serviceID since a time, most co-viewers first.
func (db *DB) AlsoViewed(ctx context.Context, serviceID string, since time.Time, limit int) ([]string, error) {
	var rows []struct {
		ServiceID string `bun:"service_id"`
		N         int64  `bun:"n"`
	}
	if err := db.bun.NewSelect().TableExpr("service_views AS v1").
		Join("JOIN service_views AS v2 ON v2.viewer_key = v1.viewer_key AND v2.service_id <> v1.service_id").
		Join("JOIN services AS s ON s.id = v2.service_id").
		ColumnExpr("v2.service_id AS service_id, COUNT(DISTINCT v2.viewer_key) AS n").
		Where("v1.service_id = ?", serviceID).Where("v1.viewer_key <> ''").Where("v1.created_at >= ?", since).
		Where("v2.created_at >= ?", since).Where("s.is_active = ?", true).
		GroupExpr("v2.service_id").OrderExpr("n DESC, v2.service_id ASC").Limit(int64(limit)).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("read also viewed: %w", err)
	}
	out := make([]string, 0, len(rows))
	for _, r := range rows {
		out = append(out, r.ServiceID)
	}
	return out, nil
}

// ServicesByID reads services in the order of ids (unknown ids are skipped).
func (db *DB) ServicesByID(ctx context.Context, serviceIDs []string) ([]catalog.Service, error) {
	if len(serviceIDs) == 0 {
		return []catalog.Service{}, nil
	}
	var rows []catalog.Service
	if err := db.bun.NewSelect().Model(&rows).Where("id IN (?)", bun.In(serviceIDs)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read services: %w", err)
	}
	byID := make(map[string]catalog.Service, len(rows))
	for _, r := range rows {
		byID[r.ID] = r
	}
	out := make([]catalog.Service, 0, len(rows))
	for _, id := range serviceIDs {
		if r, ok := byID[id]; ok {
			out = append(out, r)
		}
	}
	return out, nil
}

// SavedService returns a user's saved row of a service, or nil.
func (db *DB) SavedService(ctx context.Context, userID, serviceID string) (*catalog.SavedService, error) {
	var s catalog.SavedService
	err := db.bun.NewSelect().Model(&s).Where("user_id = ?", userID).Where("service_id = ?", serviceID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read saved service: %w", err)
	}
	return &s, nil
}

type referralRow struct {
	bun.BaseModel `bun:"table:referral_tokens"`

	Token     string    `bun:"token,pk"`
	UserID    string    `bun:"user_id,notnull"`
	VendorID  *string   `bun:"vendor_id"`
	ServiceID string    `bun:"service_id,notnull"`
	CreatedAt time.Time `bun:"created_at,notnull"`
}

func (r referralRow) token() catalog.ReferralToken {
	return catalog.ReferralToken{Token: r.Token, UserID: r.UserID, VendorID: r.VendorID, ServiceID: r.ServiceID, CreatedAt: r.CreatedAt}
}

// MintReferralToken returns the user's referral token for a service, creating it on first use
// (mint_referral_token); one token per user and service.
func (db *DB) MintReferralToken(ctx context.Context, userID string, vendorID *string, serviceID string) (catalog.ReferralToken, error) {
	if _, err := db.bun.ExecContext(ctx, `INSERT INTO referral_tokens (token, user_id, vendor_id, service_id, created_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (user_id, service_id) DO NOTHING`, ids.Token(16), userID, vendorID, serviceID, db.Now()); err != nil {
		return catalog.ReferralToken{}, fmt.Errorf("mint referral token: %w", err)
	}
	var r referralRow
	if err := db.bun.NewSelect().Model(&r).Where("user_id = ?", userID).Where("service_id = ?", serviceID).Scan(ctx); err != nil {
		return catalog.ReferralToken{}, notFound(err, "referral token")
	}
	return r.token(), nil
}

// ReferralTokenByToken resolves a referral token.
func (db *DB) ReferralTokenByToken(ctx context.Context, token string) (catalog.ReferralToken, error) {
	var r referralRow
	if err := db.bun.NewSelect().Model(&r).Where("token = ?", token).Scan(ctx); err != nil {
		return catalog.ReferralToken{}, notFound(err, "referral token")
	}
	return r.token(), nil
}
