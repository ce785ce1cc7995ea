package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

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
func (db Reviews) VendorRating(ctx context.Context, vendorID string) (marketplace.Rating, error) {
	var row struct {
		Sum int64 `bun:"sum"`
		N   int64 `bun:"n"`
	}
	if err := db.bun.NewSelect().TableExpr("service_reviews AS r").Join("JOIN services AS s ON s.id = r.service_id").
		ColumnExpr("CAST(COALESCE(SUM(r.rating), 0) AS BIGINT) AS sum, COUNT(*) AS n").
		Where("s.vendor_id = ?", vendorID).Where("s.is_active = ?", true).Where("r.hidden_at IS NULL").Scan(ctx, &row); err != nil {
		return marketplace.Rating{}, fmt.Errorf("read vendor rating: %w", err)
	}
	return marketplace.Rating{AverageRating: tenthsAverage(row.Sum, row.N), TotalReviews: int(row.N)}, nil
}

// ServiceRatings returns the average (one decimal) and count of reviews of each service in one
// query (get_service_ratings_bulk). Services without reviews are absent.
func (db Reviews) ServiceRatings(ctx context.Context, ids []string) (map[string]marketplace.Rating, error) {
	out := map[string]marketplace.Rating{}
	if len(ids) == 0 {
		return out, nil
	}
	// From 500 ids on, the sums of every service are read and picked from rather than sent as
	// a long IN list.
	var only []string
	if len(ids) < 500 {
		only = ids
	}
	sums, err := ratingSums(ctx, db.DB, only, "read ratings")
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
		if r, ok := sums[id]; ok && r.N > 0 {
			// Average to one decimal, rounded half up, in integers.
			out[id] = r.Rating(id)
		}
	}
	return out, nil
}

// ServiceRatingSums returns the sum and count of the review ratings of every reviewed service
// in one query (the search index's ratings and its exact min_rating rule).
func (db Reviews) ServiceRatingSums(ctx context.Context) (map[string]marketplace.RatingSum, error) {
	return ratingSums(ctx, db.DB, nil, "read rating sums")
}

// ratingSums reads the sum and count of the visible (not hidden) review ratings of each
// reviewed service: of the services ids only, or of every service when ids is nil. what names
// the read in its error.
func ratingSums(ctx context.Context, db *DB, ids []string, what string) (map[string]marketplace.RatingSum, error) {
	var rows []struct {
		ServiceID string `bun:"service_id"`
		Sum       int64  `bun:"sum"`
		N         int64  `bun:"n"`
	}
	q := db.bun.NewSelect().Table("service_reviews").ColumnExpr("service_id, SUM(rating) AS sum, COUNT(*) AS n").Where("hidden_at IS NULL").GroupExpr("service_id")
	if ids != nil {
		q = q.Where("service_id IN (?)", bun.In(ids))
	}
	if err := q.Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	out := make(map[string]marketplace.RatingSum, len(rows))
	for _, r := range rows {
		out[r.ServiceID] = marketplace.RatingSum{Sum: r.Sum, N: r.N}
	}
	return out, nil
}

// reviewViews attaches authors (from profiles) and service titles to reviews.
func (db Reviews) reviewViews(ctx context.Context, rows []catalog.Review, titles map[string]string) ([]catalog.ReviewView, error) {
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
	var profiles []profileRow
	if err := db.bun.NewSelect().Model(&profiles).Column("user_id", "display_name", "avatar_url", "is_pro_member").
		Where("user_id IN (?)", bun.In(userIDs)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read reviewers: %w", err)
	}
	byID := make(map[string]account.Profile, len(profiles))
	for _, p := range profiles {
		byID[p.UserID] = p.domain()
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
func (db Reviews) ServiceReviews(ctx context.Context, serviceID string, limit int) ([]catalog.ReviewView, error) {
	var rows []reviewRow
	if err := db.bun.NewSelect().Model(&rows).Where("service_id = ?", serviceID).Where("hidden_at IS NULL").
		OrderExpr("created_at DESC, id DESC").Limit(int64(limit)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read reviews: %w", err)
	}
	return db.reviewViews(ctx, domainsOf(rows), nil)
}

// VendorReviews lists the newest reviews across a vendor's active services, with authors and
// service titles.
func (db Reviews) VendorReviews(ctx context.Context, vendorID string, limit int) ([]catalog.ReviewView, error) {
	var services []serviceRow
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
	var rows []reviewRow
	if err := db.bun.NewSelect().Model(&rows).Where("service_id IN (?)", bun.In(serviceIDs)).Where("hidden_at IS NULL").
		OrderExpr("created_at DESC, id DESC").Limit(int64(limit)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read vendor reviews: %w", err)
	}
	return db.reviewViews(ctx, domainsOf(rows), titles)
}

// ReviewByID reads one review.
func (db Reviews) ReviewByID(ctx context.Context, id string) (catalog.Review, error) {
	return oneRow[reviewRow](ctx, db.bun, "review", "id = ?", id)
}

// ReviewView reads one review with its author.
func (db Reviews) ReviewView(ctx context.Context, id string) (catalog.ReviewView, error) {
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
func (db Reviews) UserReviewID(ctx context.Context, serviceID, userID string) (*string, error) {
	var id string
	err := db.bun.NewSelect().Model((*reviewRow)(nil)).Column("id").Where("service_id = ?", serviceID).
		Where("user_id = ?", userID).Scan(ctx, &id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read own review: %w", err)
	}
	return &id, nil
}

// CreateReview inserts a review; a second review of the same service by the same user is a
// conflict (the unique index decides, so concurrent submits cannot both succeed).
func (db Reviews) CreateReview(ctx context.Context, r catalog.Review) (catalog.Review, error) {
	q := db.q(ctx)
	now := db.Now()
	r.ID, r.CreatedAt, r.UpdatedAt = ids.New(), now, now
	row := reviewRowOf(r)
	if _, err := q.NewInsert().Model(&row).Exec(ctx); err != nil {
		if isUniqueViolation(err) {
			return r, apperr.New(apperr.Conflict, catalog.MsgReviewDuplicate)
		}
		return r, fmt.Errorf("insert review: %w", err)
	}
	return r, nil
}

// UpdateReview changes a review's rating, text and verified flag.
func (db Reviews) UpdateReview(ctx context.Context, id string, rating int, text *string, verified bool) error {
	q := db.q(ctx)
	res, err := q.NewUpdate().Model((*reviewRow)(nil)).Set("rating = ?", rating).Set("review = ?", text).
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
func (db Reviews) DeleteReview(ctx context.Context, id string) error {
	res, err := db.bun.NewDelete().Model((*reviewRow)(nil)).Where("id = ?", id).Exec(ctx)
	if err != nil {
		return fmt.Errorf("delete review: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.New(apperr.NotFound, "review not found")
	}
	return nil
}
