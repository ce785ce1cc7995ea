package admin

import (
	"context"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/apperr"
	"circle/internal/audit"
)

// Review statuses of the moderation list.
const (
	ReviewVisible = "visible"
	ReviewHidden  = "hidden"
)

// Sorts and status filters of the reviews list.
var (
	ReviewSorts    = []string{"created_at", "rating"}
	ReviewStatuses = []string{ReviewVisible, ReviewHidden}
)

// ReviewListItem is a row of the moderation list.
type ReviewListItem struct {
	ID               string     `json:"id"`
	ServiceID        string     `json:"service_id"`
	ServiceTitle     string     `json:"service_title"`
	UserID           string     `json:"user_id"`
	ReviewerName     string     `json:"reviewer_name"`
	ReviewerEmail    string     `json:"reviewer_email"`
	Rating           int        `json:"rating"`
	Text             string     `json:"text"`
	Source           string     `json:"source"`
	VerifiedPurchase bool       `json:"verified_purchase" doc:"The reviewer bought or booked the service"`
	Status           string     `json:"status" enum:"visible,hidden"`
	HiddenAt         *time.Time `json:"hidden_at"`
	HiddenReason     string     `json:"hidden_reason"`
	CreatedAt        time.Time  `json:"created_at"`
}

// ReviewFilter is a reviews list query.
type ReviewFilter struct {
	Q        string // service title, reviewer e-mail or name, or text contains
	Status   string // visible, hidden or ""
	Rating   int    // 1-5, 0 any
	Verified string // yes, no or ""
	Sort     string // created_at (default), rating
	Desc     bool
	Page     int
	PageSize int
}

func (f *ReviewFilter) validate() error {
	f.Q = strings.TrimSpace(f.Q)
	if len(f.Q) > 100 {
		return apperr.Field("q", "admin.query_too_long", MsgQueryTooLong)
	}
	if f.Sort == "" {
		f.Sort, f.Desc = "created_at", true
	}
	if !contains(ReviewSorts, f.Sort) {
		return apperr.Field("sort", "admin.unknown_sort", MsgUnknownRSort)
	}
	if f.Status != "" && !contains(ReviewStatuses, f.Status) {
		return apperr.Field("status", "admin.unknown_status", MsgUnknownRStatus)
	}
	if f.Rating < 0 || f.Rating > 5 {
		return apperr.Field("rating", "admin.rating", MsgRatingFilter)
	}
	if f.Verified != "" && f.Verified != "yes" && f.Verified != "no" {
		return apperr.Field("verified", "admin.verified", MsgVerifiedFilter)
	}
	return pageDefaults(&f.Page, &f.PageSize)
}

// ReviewPage is one page of the reviews list with the count of every match.
type ReviewPage struct {
	Reviews []ReviewListItem `json:"reviews"`
	Total   int              `json:"total"`
}

// ReviewStore is what review moderation needs from the database (store.AdminStore).
type ReviewStore interface {
	InTx(ctx context.Context, fn func(ctx context.Context, tx bun.Tx) error) error
	AppendAudit(ctx context.Context, q bun.IDB, e audit.Record) error
	ModerationReviews(ctx context.Context, f ReviewFilter) ([]ReviewListItem, int, error)
	ModerationReview(ctx context.Context, q bun.IDB, id string) (ReviewListItem, error)
	// SetReviewHidden hides (at, reason) or restores (nil, "") a review.
	SetReviewHidden(ctx context.Context, q bun.IDB, id string, at *time.Time, reason string) error
}

// Reviews is the back office's review moderation.
type Reviews struct {
	Store  ReviewStore
	Market Catalog
	Now    func() time.Time
}

// List answers one page of the reviews list.
func (s *Reviews) List(ctx context.Context, f ReviewFilter) (ReviewPage, error) {
	if err := f.validate(); err != nil {
		return ReviewPage{}, err
	}
	rs, total, err := s.Store.ModerationReviews(ctx, f)
	if rs == nil {
		rs = []ReviewListItem{}
	}
	return ReviewPage{Reviews: rs, Total: total}, err
}

// Hide takes a review out of the service's page, rating, count and share page, with the
// moderator's reason; the change and its audit entry are one transaction.
func (s *Reviews) Hide(ctx context.Context, by audit.Actor, id, reason string) (ReviewListItem, error) {
	return s.moderate(ctx, by, id, reason, audit.ActionReviewHide, true)
}

// Restore brings a hidden review back.
func (s *Reviews) Restore(ctx context.Context, by audit.Actor, id, reason string) (ReviewListItem, error) {
	return s.moderate(ctx, by, id, reason, audit.ActionReviewRestore, false)
}

func (s *Reviews) moderate(ctx context.Context, by audit.Actor, id, reason, action string, hide bool) (ReviewListItem, error) {
	reason, err := CheckReason(reason)
	if err != nil {
		return ReviewListItem{}, err
	}
	at := s.Now().UTC()
	var out ReviewListItem
	err = s.Store.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		before, err := s.Store.ModerationReview(ctx, tx, id)
		if err != nil {
			return err
		}
		switch {
		case hide && before.Status == ReviewHidden:
			return apperr.New(apperr.Conflict, MsgAlreadyHidden)
		case !hide && before.Status != ReviewHidden:
			return apperr.New(apperr.Conflict, MsgNotHidden)
		}
		if hide {
			err = s.Store.SetReviewHidden(ctx, tx, id, &at, reason)
		} else {
			err = s.Store.SetReviewHidden(ctx, tx, id, nil, "")
		}
		if err != nil {
			return err
		}
		if out, err = s.Store.ModerationReview(ctx, tx, id); err != nil {
			return err
		}
		e, err := audit.New(by, action, audit.KindReview, id, before, map[string]any{"review": out, "reason": reason})
		if err != nil {
			return err
		}
		e.At = at
		return s.Store.AppendAudit(ctx, tx, e)
	})
	if err != nil {
		return ReviewListItem{}, err
	}
	if s.Market != nil {
		s.Market.Changed(ctx, out.ServiceID) // ratings and counts of cards, detail and search
	}
	return out, nil
}
