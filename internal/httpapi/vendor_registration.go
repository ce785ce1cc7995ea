package httpapi

import (
	"context"

	"circle/internal/catalog"
	"circle/internal/vendorreg"
)

// VendorRegistrationArea is vendor registration (issue 30 item 1, F-AREA-01): the applicant's
// form, the company e-mail verification and the administrators' decisions.
type VendorRegistrationArea struct {
	Registration *vendorreg.Service
}

const (
	sumVendorAppOptions = "The registration form's choices: business types (SSP, licence, NMLS), marketplace categories, states"
	sumSubmitVendorApp  = "Apply to list on Circle; a verification link is e-mailed to the company address (409 with one under review)"
	sumMyVendorApp      = "The caller's latest vendor application, or null"
	sumResendVendorApp  = "E-mail a new verification link for the caller's pending application"
	sumVerifyVendorApp  = "Confirm the company e-mail address with the token of the e-mailed link"
	sumAdminVendorApps  = "Vendor applications, newest first, optionally of one status"
	sumApproveApp       = "Approve a verified application: the vendor is created, the vendor role granted, the applicant told (409 unverified or decided)"
	sumRejectApp        = "Reject a pending application with a reason the applicant is told (409 when decided)"
	sumAppChanges       = "Ask the applicant for changes: the message is e-mailed, the application stays pending until they submit again (409 when decided)"
)

// Register declares the area's routes.
// vendorApplication is one application's address for admins.
const vendorApplication = "/api/admin/vendor-applications/{id}"

// opRequestChanges is the request-changes operation's id (too long for its route line).
const opRequestChanges = "admin-request-vendor-application-changes"

func (h *VendorRegistrationArea) Register(r *Router) {
	get(r, "/api/vendor-applications/options", "vendor-application-options", sumVendorAppOptions, "vendors", public, h.options)
	post(r, "/api/vendor-applications", "submit-vendor-application", sumSubmitVendorApp, "vendors", user, h.submit, created, maxKB(16))
	get(r, "/api/vendor-applications/mine", "get-my-vendor-application", sumMyVendorApp, "vendors", user, h.mine)
	post(r, "/api/vendor-applications/mine/resend", "resend-vendor-application-email", sumResendVendorApp, "vendors", user, h.resend)
	post(r, "/api/vendor-applications/verify", "verify-vendor-application-email", sumVerifyVendorApp, "vendors", public, h.verify, maxKB(4))
	get(r, "/api/admin/vendor-applications", "admin-list-vendor-applications", sumAdminVendorApps, "admin", admin, h.list)
	post(r, "/api/admin/vendor-applications/{id}/approve", "admin-approve-vendor-application", sumApproveApp, "admin", admin, h.approve)
	post(r, "/api/admin/vendor-applications/{id}/reject", "admin-reject-vendor-application", sumRejectApp, "admin", admin, h.reject, maxKB(8))
	post(r, vendorApplication+"/request-changes", opRequestChanges, sumAppChanges, "admin", admin, h.requestChanges, maxKB(8))
}

type vendorAppOptionsOutput struct {
	Body struct {
		BusinessTypes []vendorreg.BusinessType `json:"business_types"`
		Categories    []catalog.CategoryBlock  `json:"categories"`
		States        []string                 `json:"states"`
		MaxCategories int                      `json:"max_categories"`
	}
}

func (h *VendorRegistrationArea) options(_ context.Context, _ *struct{}) (*vendorAppOptionsOutput, error) {
	out := &vendorAppOptionsOutput{}
	out.Body.BusinessTypes, out.Body.Categories = vendorreg.BusinessTypes(), catalog.CategoryBlocks
	out.Body.States, out.Body.MaxCategories = vendorreg.States, vendorreg.MaxCategories
	return out, nil
}

type submitVendorAppInput struct {
	Body vendorreg.Input
}

type vendorAppOutput = bodyOutput[vendorreg.Application]

func (h *VendorRegistrationArea) submit(ctx context.Context, in *submitVendorAppInput) (*vendorAppOutput, error) {
	return answer(h.Registration.Submit(ctx, principalOf(ctx).User.ID, in.Body))
}

type myVendorAppOutput struct {
	Body struct {
		Application *vendorreg.Application `json:"application" doc:"The latest application; null when the caller never applied"`
	}
}

func (h *VendorRegistrationArea) mine(ctx context.Context, _ *struct{}) (*myVendorAppOutput, error) {
	a, found, err := h.Registration.Mine(ctx, principalOf(ctx).User.ID)
	if err != nil {
		return nil, err
	}
	out := &myVendorAppOutput{}
	if found {
		out.Body.Application = &a
	}
	return out, nil
}

func (h *VendorRegistrationArea) resend(ctx context.Context, _ *struct{}) (*vendorAppOutput, error) {
	return answer(h.Registration.ResendVerification(ctx, principalOf(ctx).User.ID))
}

type verifyVendorAppInput struct {
	Body struct {
		Token string `json:"token" maxLength:"200"`
	}
}

type verifyVendorAppOutput struct {
	Body struct {
		CompanyName string `json:"company_name"`
		Verified    bool   `json:"verified"`
	}
}

func (h *VendorRegistrationArea) verify(ctx context.Context, in *verifyVendorAppInput) (*verifyVendorAppOutput, error) {
	a, err := h.Registration.VerifyEmail(ctx, in.Body.Token)
	if err != nil {
		return nil, err
	}
	out := &verifyVendorAppOutput{}
	out.Body.CompanyName, out.Body.Verified = a.CompanyName, a.EmailVerifiedAt != nil
	return out, nil
}

type listVendorAppsInput struct {
	Status string `query:"status" enum:"pending,approved,rejected," doc:"Only applications of this status (empty: all)"`
}

type listVendorAppsOutputBody struct {
	Applications []vendorreg.Application `json:"applications"`
}

type listVendorAppsOutput = bodyOutput[listVendorAppsOutputBody]

func (h *VendorRegistrationArea) list(ctx context.Context, in *listVendorAppsInput) (*listVendorAppsOutput, error) {
	rows, err := h.Registration.List(ctx, in.Status)
	return answer(listVendorAppsOutputBody{Applications: rows}, err)
}

type vendorAppIDInput struct {
	ID string `path:"id" maxLength:"100"`
}

func (h *VendorRegistrationArea) approve(ctx context.Context, in *vendorAppIDInput) (*vendorAppOutput, error) {
	return answer(h.Registration.Approve(ctx, actorOf(ctx), in.ID))
}

type rejectVendorAppInput struct {
	ID   string `path:"id" maxLength:"100"`
	Body struct {
		Reason string `json:"reason" maxLength:"2000" doc:"Why, for the applicant (1 to 1000 characters)"`
	}
}

func (h *VendorRegistrationArea) reject(ctx context.Context, in *rejectVendorAppInput) (*vendorAppOutput, error) {
	return answer(h.Registration.Reject(ctx, actorOf(ctx), in.ID, in.Body.Reason))
}

type requestChangesInput struct {
	ID   string `path:"id" maxLength:"100"`
	Body struct {
		Message string `json:"message" maxLength:"2000" doc:"What to change, for the applicant (1 to 1000 characters)"`
	}
}

func (h *VendorRegistrationArea) requestChanges(ctx context.Context, in *requestChangesInput) (*vendorAppOutput, error) {
	return answer(h.Registration.RequestChanges(ctx, actorOf(ctx), in.ID, in.Body.Message))
}
