package httpapi

import (
	"context"

	backoffice "circle/internal/admin"
)

// AdminModerationArea is the back office's vendors and review moderation (issue 31 items 3 and
// 5, F-AREA-03). Every route is admin-only; every change writes its audit entry in its own
// transaction, the actor taken from the access check (actorOf).
type AdminModerationArea struct {
	Vendors *backoffice.Vendors
	Reviews *backoffice.Reviews
}

const (
	sumAdminVendors      = "Vendors, paged and sorted on the server, filtered by status and searched by name or contact e-mail"
	sumAdminVendor       = "A vendor's page: services with RESPA terms and split limits, representatives, co-pay decisions, status"
	sumAdminSuspend      = "Suspend a vendor with a reason: the vendor and its active services leave the marketplace (409 when suspended)"
	sumAdminReinstate    = "Reinstate a suspended vendor with a reason: the services the suspension took down come back"
	sumAdminReviews      = "Reviews for moderation, paged and sorted on the server, filtered by status, rating and verified purchase"
	sumAdminHideReview   = "Hide a review with a reason: it leaves the service's page, rating, review count and share page"
	sumAdminRestoreRview = "Restore a hidden review with a reason"
	sumAdminAssignReview = "Add a review on a member's behalf (source admin_assigned, verified when the member bought the service); 422 names the field, 409 when the member already reviewed the service"
	sumAdminReviewNotes  = "Replace a review's internal admin notes (never shown to members)"
)

// Register declares the area's routes.
func (h *AdminModerationArea) Register(r *Router) {
	get(r, "/api/admin/vendors", "admin-list-vendors", sumAdminVendors, "admin", admin, h.vendors)
	get(r, "/api/admin/vendors/{id}", "admin-get-vendor", sumAdminVendor, "admin", admin, h.vendor)
	post(r, "/api/admin/vendors/{id}/suspend", "admin-suspend-vendor", sumAdminSuspend, "admin", admin, h.suspend, maxKB(8))
	post(r, "/api/admin/vendors/{id}/reinstate", "admin-reinstate-vendor", sumAdminReinstate, "admin", admin, h.reinstate, maxKB(8))
	get(r, "/api/admin/reviews", "admin-list-reviews", sumAdminReviews, "admin", admin, h.reviews)
	post(r, "/api/admin/reviews/{id}/hide", "admin-hide-review", sumAdminHideReview, "admin", admin, h.hide, maxKB(8))
	post(r, "/api/admin/reviews/{id}/restore", "admin-restore-review", sumAdminRestoreRview, "admin", admin, h.restore, maxKB(8))
	post(r, "/api/admin/reviews", "admin-assign-review", sumAdminAssignReview, "admin", admin, h.assign, maxKB(32), created)
	put(r, "/api/admin/reviews/{id}/notes", "admin-set-review-notes", sumAdminReviewNotes, "admin", admin, h.notes, maxKB(16))
}

type adminVendorsInput struct {
	Q      string `query:"q" maxLength:"100" doc:"Name or contact e-mail contains"`
	Status string `query:"status" enum:"approved,pending,suspended,inactive" doc:"Only vendors of this status"`
	Sort   string `query:"sort" enum:"name,created_at,services" default:"name"`
	Dir    string `query:"dir" enum:"asc,desc" default:"asc"`
	PageQuery
}

type adminVendorsOutput = bodyOutput[backoffice.VendorPage]

func (h *AdminModerationArea) vendors(ctx context.Context, in *adminVendorsInput) (*adminVendorsOutput, error) {
	return answer(h.Vendors.List(ctx, backoffice.VendorFilter{Q: in.Q, Status: in.Status, Sort: in.Sort, Desc: in.Dir == "desc", Page: in.Page, PageSize: in.PageSize}))
}

type adminVendorOutput = bodyOutput[backoffice.VendorDossier]

func (h *AdminModerationArea) vendor(ctx context.Context, in *idPath) (*adminVendorOutput, error) {
	return answer(h.Vendors.Get(ctx, in.ID))
}

type adminReasonInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		Reason string `json:"reason" maxLength:"2000" doc:"Why (1 to 1000 characters), kept in the audit log"`
	}
}

type adminVendorSummaryOutput = bodyOutput[backoffice.VendorListItem]

func (h *AdminModerationArea) suspend(ctx context.Context, in *adminReasonInput) (*adminVendorSummaryOutput, error) {
	return answer(h.Vendors.Suspend(ctx, actorOf(ctx), in.ID, in.Body.Reason))
}

func (h *AdminModerationArea) reinstate(ctx context.Context, in *adminReasonInput) (*adminVendorSummaryOutput, error) {
	return answer(h.Vendors.Reinstate(ctx, actorOf(ctx), in.ID, in.Body.Reason))
}

type adminReviewsInput struct {
	Q        string `query:"q" maxLength:"100" doc:"Service title, reviewer e-mail or name, or review text contains"`
	Status   string `query:"status" enum:"visible,hidden"`
	Rating   int    `query:"rating" minimum:"0" maximum:"5" doc:"Only reviews of this rating (0: any)"`
	Verified string `query:"verified" enum:"yes,no" doc:"Only verified purchases (yes) or the others (no)"`
	Source   string `query:"source" enum:"agent,vendor_provided,google_external,admin_assigned" doc:"Only reviews of this source"`
	Sort     string `query:"sort" enum:"created_at,rating" default:"created_at"`
	Dir      string `query:"dir" enum:"asc,desc" default:"desc"`
	PageQuery
}

type adminReviewsOutput struct{ Body backoffice.ReviewPage }

func (h *AdminModerationArea) reviews(ctx context.Context, in *adminReviewsInput) (*adminReviewsOutput, error) {
	page, err := h.Reviews.List(ctx, backoffice.ReviewFilter{Q: in.Q, Status: in.Status, Rating: in.Rating, Verified: in.Verified, Source: in.Source, Sort: in.Sort,
		Desc: in.Dir == "desc", Page: in.Page, PageSize: in.PageSize})
	if err != nil {
		return nil, err
	}
	return &adminReviewsOutput{Body: page}, nil
}

type adminReviewOutput = bodyOutput[backoffice.ReviewListItem]

func (h *AdminModerationArea) hide(ctx context.Context, in *adminReasonInput) (*adminReviewOutput, error) {
	return answer(h.Reviews.Hide(ctx, actorOf(ctx), in.ID, in.Body.Reason))
}

func (h *AdminModerationArea) restore(ctx context.Context, in *adminReasonInput) (*adminReviewOutput, error) {
	return answer(h.Reviews.Restore(ctx, actorOf(ctx), in.ID, in.Body.Reason))
}

type adminAssignReviewInput struct {
	Body struct {
		ServiceID     string  `json:"service_id,omitempty" maxLength:"64" doc:"The service the review is for (active or not); required"`
		ReviewerEmail string  `json:"reviewer_email,omitempty" maxLength:"320" doc:"The reviewing member's e-mail address (an existing account); required"`
		Rating        *int    `json:"rating,omitempty" doc:"Stars, 1 to 5; required"`
		Review        *string `json:"review,omitempty" maxLength:"8000" doc:"The text (trimmed, at most 2000 characters; empty is none)"`
		SourceURL     string  `json:"source_url,omitempty" maxLength:"2000" doc:"Where it was collected: an http or https address (optional)"`
		AdminNotes    string  `json:"admin_notes,omitempty" maxLength:"8000" doc:"Internal notes, at most 2000 characters, never shown to members"`
	}
}

func (h *AdminModerationArea) assign(ctx context.Context, in *adminAssignReviewInput) (*adminReviewOutput, error) {
	b := in.Body
	r, err := h.Reviews.Assign(ctx, actorOf(ctx), backoffice.AssignInput{ServiceID: b.ServiceID, ReviewerEmail: b.ReviewerEmail, Rating: b.Rating,
		Review: b.Review, SourceURL: b.SourceURL, AdminNotes: b.AdminNotes})
	if err != nil {
		return nil, err
	}
	return &adminReviewOutput{Body: r}, nil
}

type adminReviewNotesInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		AdminNotes string `json:"admin_notes" maxLength:"8000" doc:"The new notes (at most 2000 characters; empty clears them)"`
	}
}

func (h *AdminModerationArea) notes(ctx context.Context, in *adminReviewNotesInput) (*adminReviewOutput, error) {
	return answer(h.Reviews.SetNotes(ctx, actorOf(ctx), in.ID, in.Body.AdminNotes))
}
