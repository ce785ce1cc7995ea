package admin

import (
	"context"
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"circle/internal/apperr"
	"circle/internal/audit"
	"circle/internal/catalog"
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
	Source           string     `json:"source" enum:"agent,vendor_provided,google_external,admin_assigned"`
	SourceURL        string     `json:"source_url" doc:"Where the review was collected (admin-assigned and external reviews)"`
	AdminNotes       string     `json:"admin_notes" doc:"Internal notes of the back office, never shown to members"`
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
	Source   string // one of catalog.ReviewSources or ""
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
	if f.Source != "" && !slices.Contains(catalog.ReviewSources, f.Source) {
		return apperr.Field("source", "admin.review_source", MsgSourceFilter)
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
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	AppendAudit(ctx context.Context, e audit.Record) error
	ModerationReviews(ctx context.Context, f ReviewFilter) ([]ReviewListItem, int, error)
	ModerationReview(ctx context.Context, id string) (ReviewListItem, error)
	// SetReviewHidden hides (at, reason) or restores (nil, "") a review.
	SetReviewHidden(ctx context.Context, id string, at *time.Time, reason string) error
	// SetReviewAdminNotes replaces a review's internal notes.
	SetReviewAdminNotes(ctx context.Context, id, notes string) error
	// ServiceExists reports whether a service (active or not) has this id.
	ServiceExists(ctx context.Context, id string) (bool, error)
	// UserIDByEmail finds a member by e-mail (case-insensitive); "" when there is none.
	UserIDByEmail(ctx context.Context, email string) (string, error)
	// HasPurchaseOrBooking is the verified-purchase rule of every review (detail's).
	HasPurchaseOrBooking(ctx context.Context, userID, serviceID string) (bool, error)
	// CreateReview inserts a review; a second one by the same member is a conflict.
	CreateReview(ctx context.Context, r catalog.Review) (catalog.Review, error)
}

// Reviews is the back office's review moderation.
type Reviews struct {
	Store  ReviewStore
	Market Catalog
	Now    func() time.Time
}

// List answers one page of the reviews list.
func (s *Reviews) List(ctx context.Context, f ReviewFilter) (ReviewPage, error) {
	rs, total, err := listPage(f.validate, func() ([]ReviewListItem, int, error) { return s.Store.ModerationReviews(ctx, f) })
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
	err = s.Store.InTx(ctx, func(ctx context.Context) error {
		before, after, err := s.changeReview(ctx, id, func(before ReviewListItem) error {
			switch {
			case hide && before.Status == ReviewHidden:
				return apperr.New(apperr.Conflict, MsgAlreadyHidden)
			case !hide && before.Status != ReviewHidden:
				return apperr.New(apperr.Conflict, MsgNotHidden)
			}
			if hide {
				return s.Store.SetReviewHidden(ctx, id, &at, reason)
			}
			return s.Store.SetReviewHidden(ctx, id, nil, "")
		})
		if err != nil {
			return err
		}
		out = after
		return s.auditReview(ctx, by, action, id, before, map[string]any{"review": out, "reason": reason}, at)
	})
	return s.announce(ctx, out, err)
}

// changeReview reads review id, lets change write it (given the review as it was) and reads it
// again, in ctx's transaction: the two reads are the audit entry's before and after.
func (s *Reviews) changeReview(ctx context.Context, id string, change func(before ReviewListItem) error) (before, after ReviewListItem, err error) {
	if before, err = s.Store.ModerationReview(ctx, id); err != nil {
		return ReviewListItem{}, ReviewListItem{}, err
	}
	if err := change(before); err != nil {
		return ReviewListItem{}, ReviewListItem{}, err
	}
	if after, err = s.Store.ModerationReview(ctx, id); err != nil {
		return ReviewListItem{}, ReviewListItem{}, err
	}
	return before, after, nil
}

// announce returns the outcome of a committed review change, and on success tells the
// marketplace about the review's service: its ratings and counts show on cards, detail and
// search.
func (s *Reviews) announce(ctx context.Context, out ReviewListItem, err error) (ReviewListItem, error) {
	if err != nil {
		return ReviewListItem{}, err
	}
	if s.Market != nil {
		s.Market.Changed(ctx, out.ServiceID)
	}
	return out, nil
}

// auditReview writes the audit entry of a change to review id in ctx's transaction, stamped at (the change's
// time), so the entry and the change commit together.
func (s *Reviews) auditReview(ctx context.Context, by audit.Actor, action, id string, before, after any, at time.Time) error {
	e, err := audit.New(by, action, audit.KindReview, id, before, after)
	if err != nil {
		return err
	}
	e.At = at
	return s.Store.AppendAudit(ctx, e)
}

// Admin-assigned reviews (02§3, issue 31 item 5): a review an administrator adds on a member's
// behalf (a testimonial collected by phone or e-mail). The reviewer is an existing member found
// by e-mail, so the one-review-per-member rule, the verified-purchase rule and the author line
// of the service page hold as for any review (docs/areas/admin.md).
const (
	MsgSourceFilter    = "Filter by agent, vendor_provided, google_external or admin_assigned."
	MsgAssignService   = "Choose the service the review is for."
	MsgAssignEmail     = "Give the reviewer's e-mail address."
	MsgAssignNoMember  = "No member has this e-mail address."
	MsgAssignDuplicate = "This member has already reviewed this service; edit or hide that review instead."
	MsgSourceURL       = "The source link must be an http or https address of at most 500 characters."
	MsgAdminNotes      = "Admin notes are at most 2000 characters."
	// MaxAdminNotes is the longest internal note of a review, in characters.
	MaxAdminNotes = 2000
	// MaxSourceURL is the longest source link, in characters.
	MaxSourceURL = 500
	// ReviewSourceAdmin is the source of reviews administrators add.
	ReviewSourceAdmin = "admin_assigned"
)

// AssignInput is an administrator's review on a member's behalf. Rating and text follow the
// member review rules (catalog.ValidateRating, catalog.ValidateReviewText).
type AssignInput struct {
	ServiceID     string
	ReviewerEmail string
	Rating        *int
	Review        *string
	SourceURL     string
	AdminNotes    string
}

// assignment is a checked AssignInput.
type assignment struct {
	serviceID, email, sourceURL, notes string
	rating                             int
	text                               *string
}

// checkAssign validates every field of an assignment at once (pure).
func checkAssign(in AssignInput) (assignment, error) {
	var fields []apperr.FieldError
	add := func(err error) {
		if e, ok := apperr.As(err); ok {
			fields = append(fields, e.Fields...)
		}
	}
	a := assignment{serviceID: strings.TrimSpace(in.ServiceID), email: strings.ToLower(strings.TrimSpace(in.ReviewerEmail))}
	if a.serviceID == "" {
		fields = append(fields, apperr.FieldError{Field: "service_id", Key: "admin.review_service", Message: MsgAssignService})
	}
	if a.email == "" || !strings.Contains(a.email, "@") {
		fields = append(fields, apperr.FieldError{Field: "reviewer_email", Key: "admin.review_email", Message: MsgAssignEmail})
	}
	var err error
	if a.rating, err = catalog.ValidateRating(in.Rating); err != nil {
		add(err)
	}
	if a.text, err = catalog.ValidateReviewText(in.Review); err != nil {
		add(err)
	}
	if a.sourceURL, err = CheckSourceURL(in.SourceURL); err != nil {
		add(err)
	}
	if a.notes, err = CheckAdminNotes(in.AdminNotes); err != nil {
		add(err)
	}
	return a, apperr.Fields(fields)
}

// CheckSourceURL trims an optional source link: empty, or an http(s) address with a host.
func CheckSourceURL(raw string) (string, error) {
	s := strings.TrimSpace(raw)
	if s == "" {
		return "", nil
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || utf8.RuneCountInString(s) > MaxSourceURL ||
		strings.ContainsAny(s, " \t\n") {
		return "", apperr.Field("source_url", "admin.review_source_url", MsgSourceURL)
	}
	return s, nil
}

// CheckAdminNotes trims internal notes: at most MaxAdminNotes characters, empty allowed.
func CheckAdminNotes(raw string) (string, error) {
	s := strings.TrimSpace(raw)
	if utf8.RuneCountInString(s) > MaxAdminNotes {
		return "", apperr.Field("admin_notes", "admin.review_notes", MsgAdminNotes)
	}
	return s, nil
}

// Assign adds a review on a member's behalf with source admin_assigned, verified when the
// member bought or booked the service (the rule of every review). The checks, the insert and
// the audit entry are one transaction; bad input stores nothing. The service's rating and count
// change as for any review (the marketplace is told).
func (s *Reviews) Assign(ctx context.Context, by audit.Actor, in AssignInput) (ReviewListItem, error) {
	a, err := checkAssign(in)
	if err != nil {
		return ReviewListItem{}, err
	}
	at := s.Now().UTC()
	var out ReviewListItem
	err = s.Store.InTx(ctx, func(ctx context.Context) error {
		ok, err := s.Store.ServiceExists(ctx, a.serviceID)
		if err != nil {
			return err
		}
		if !ok {
			return apperr.Field("service_id", "admin.review_service", MsgAssignService)
		}
		userID, err := s.Store.UserIDByEmail(ctx, a.email)
		if err != nil {
			return err
		}
		if userID == "" {
			return apperr.Field("reviewer_email", "admin.review_no_member", MsgAssignNoMember)
		}
		verified, err := s.Store.HasPurchaseOrBooking(ctx, userID, a.serviceID)
		if err != nil {
			return err
		}
		created, err := s.Store.CreateReview(ctx, catalog.Review{ServiceID: a.serviceID, UserID: userID, Rating: a.rating, Review: a.text,
			ReviewSource: ReviewSourceAdmin, Verified: verified, SourceURL: a.sourceURL, AdminNotes: a.notes})
		if apperr.CodeOf(err) == apperr.Conflict {
			return &apperr.Error{Code: apperr.Conflict, Message: MsgAssignDuplicate,
				Fields: []apperr.FieldError{{Field: "reviewer_email", Key: "admin.review_duplicate", Message: MsgAssignDuplicate}}}
		}
		if err != nil {
			return err
		}
		if out, err = s.Store.ModerationReview(ctx, created.ID); err != nil {
			return err
		}
		return s.auditReview(ctx, by, audit.ActionReviewAssign, created.ID, nil, out, at)
	})
	return s.announce(ctx, out, err)
}

// SetNotes replaces the internal notes of any review, with its audit entry in the same
// transaction. Notes are never shown to members, so the marketplace is not told.
func (s *Reviews) SetNotes(ctx context.Context, by audit.Actor, id, notes string) (ReviewListItem, error) {
	notes, err := CheckAdminNotes(notes)
	if err != nil {
		return ReviewListItem{}, err
	}
	at := s.Now().UTC()
	var out ReviewListItem
	err = s.Store.InTx(ctx, func(ctx context.Context) error {
		before, after, err := s.changeReview(ctx, id, func(ReviewListItem) error {
			return s.Store.SetReviewAdminNotes(ctx, id, notes)
		})
		if err != nil {
			return err
		}
		out = after
		return s.auditReview(ctx, by, audit.ActionReviewNotes, id, map[string]string{"admin_notes": before.AdminNotes},
			map[string]string{"admin_notes": out.AdminNotes}, at)
	})
	return out, err
}
