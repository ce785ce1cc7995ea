package httpapi

// Issue 16 (consult-more): the consultation preparation course, Invite / Refer Your Vendor and
// the location dialog.

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"circle/internal/account"
	"circle/internal/lang"
	"circle/internal/location"
	"circle/internal/prepcourse"
	"circle/internal/vendorinvite"
)

// EngagementArea is the consultation preparation course, Invite / Refer Your Vendor and the
// location dialog (issue 16).
type EngagementArea struct {
	PrepCourse    *prepcourse.Service
	VendorInvites *vendorinvite.Service
	Location      *location.Service
	Profiles      *account.ProfileService
}

// Summaries too long for their route line.
const (
	sumGetPrepCourse          = "The preparation course of one of the caller's consultations: four modules and the progress"
	sumCompleteModule         = "Mark a course module complete (progress is completed divided by 4)"
	sumGuide                  = "The Consultation Guide as a PDF"
	sumInviteVendor           = "Invite Your Vendor: store the invitation and e-mail the vendor a registration link (invite-vendor)"
	sumReferVendor            = "Refer Your Vendor: store the referral and e-mail the vendor a registration link (refer-vendor)"
	sumAdminVendorInvitations = "Vendor invitations and referrals, newest first, with the inviting agent and whether the vendor joined"
	sumReverseGeocode         = "US city and state of coordinates (the configured geocoder: built-in table or an outside service)"
	sumSaveLocation           = "Save the location dialog's city, state and ZIP to the caller's profile"
)

// Register declares the area's routes.
func (h *EngagementArea) Register(r *Router) {
	const course = "/api/consultation-prep/{consultation_id}"
	pdf := responses(map[string]*huma.Response{
		"200": fileAnswer("The guide", "application/pdf", &huma.Schema{Type: "string", Format: "binary"}),
	})
	get(r, course, "get-prep-course", sumGetPrepCourse, "consultations", user, h.getPrepCourse)
	put(r, course+"/modules/{module_id}", "complete-prep-module", sumCompleteModule, "consultations", user, h.completeModule)
	get(r, course+"/guide", "download-prep-guide", sumGuide, "consultations", user, h.downloadPrepGuide, pdf)
	post(r, "/api/vendor-invites", "invite-vendor", sumInviteVendor, "vendors", user, h.inviteVendor, maxKB(32), created)
	post(r, "/api/vendor-referrals", "refer-vendor", sumReferVendor, "vendors", user, h.referVendor, maxKB(16), created)
	get(r, "/api/admin/vendor-invitations", "admin-vendor-invitations", sumAdminVendorInvitations, "admin", admin, h.adminVendorInvitations)
	get(r, "/api/location/reverse", "reverse-geocode", sumReverseGeocode, "location", user, h.reverseGeocode)
	put(r, "/api/location", "save-location", sumSaveLocation, "location", user, h.saveLocation, maxKB(4))
}

type prepCourseInput struct {
	ConsultationID string `path:"consultation_id" maxLength:"64"`
	Lang           string `query:"lang" enum:"en,es,fr" default:"en"`
}

type prepCourseOutput = bodyOutput[prepcourse.Course]

func (h *EngagementArea) getPrepCourse(ctx context.Context, in *prepCourseInput) (*prepCourseOutput, error) {
	p := principalOf(ctx)
	return answer(h.PrepCourse.Get(ctx, p.User.ID, in.ConsultationID, lang.Base(in.Lang)))
}

type prepModuleInput struct {
	ConsultationID string `path:"consultation_id" maxLength:"64"`
	ModuleID       string `path:"module_id" maxLength:"64"`
	Lang           string `query:"lang" enum:"en,es,fr" default:"en"`
}

func (h *EngagementArea) completeModule(ctx context.Context, in *prepModuleInput) (*prepCourseOutput, error) {
	p := principalOf(ctx)
	return answer(h.PrepCourse.Complete(ctx, p.User.ID, in.ConsultationID, in.ModuleID, lang.Base(in.Lang)))
}

func (h *EngagementArea) downloadPrepGuide(ctx context.Context, in *prepCourseInput) (*downloadOutput, error) {
	p := principalOf(ctx)
	pdf, name, err := h.PrepCourse.Guide(ctx, p.User.ID, in.ConsultationID, lang.Base(in.Lang))
	if err != nil {
		return nil, err
	}
	return attachment("application/pdf", name, pdf), nil
}

func inviterOf(ctx context.Context) vendorinvite.Inviter {
	p := principalOf(ctx)
	return vendorinvite.Inviter{UserID: p.User.ID, Email: p.User.Email, Name: p.Profile.DisplayName}
}

type inviteVendorInput struct {
	Body vendorinvite.InviteInput
}

type invitationOutput struct {
	Status int
	Body   struct {
		ID          string `json:"id"`
		Kind        string `json:"kind"`
		VendorName  string `json:"vendor_name"`
		VendorEmail string `json:"vendor_email"`
		Status      string `json:"status"`
		Existing    bool   `json:"existing" doc:"true: the caller's open invitation of this kind to this address already existed; it is answered (200) and the vendor is not e-mailed again"`
	}
}

// invitationAnswer is 201 for a new invitation, 200 for the caller's open one answered again.
func invitationAnswer(inv vendorinvite.Invitation, fresh bool) *invitationOutput {
	out := &invitationOutput{Status: http.StatusCreated}
	if !fresh {
		out.Status = http.StatusOK
	}
	out.Body.ID, out.Body.Kind, out.Body.VendorName, out.Body.VendorEmail, out.Body.Status = inv.ID, inv.Kind, inv.VendorName, inv.VendorEmail, inv.Status
	out.Body.Existing = !fresh
	return out
}

func (h *EngagementArea) inviteVendor(ctx context.Context, in *inviteVendorInput) (*invitationOutput, error) {
	inv, fresh, err := h.VendorInvites.Invite(ctx, inviterOf(ctx), in.Body)
	if err != nil {
		return nil, err
	}
	return invitationAnswer(inv, fresh), nil
}

type referVendorInput struct {
	Body vendorinvite.ReferralInput
}

func (h *EngagementArea) referVendor(ctx context.Context, in *referVendorInput) (*invitationOutput, error) {
	inv, fresh, err := h.VendorInvites.Refer(ctx, inviterOf(ctx), in.Body)
	if err != nil {
		return nil, err
	}
	return invitationAnswer(inv, fresh), nil
}

type adminInvitationsInput struct {
	Kind  string `query:"kind" enum:"invite,referral,"`
	Limit int    `query:"limit" minimum:"0" maximum:"500"`
}

type adminInvitationsOutputBody struct {
	Invitations []vendorinvite.Invitation `json:"invitations"`
}

type adminInvitationsOutput = bodyOutput[adminInvitationsOutputBody]

func (h *EngagementArea) adminVendorInvitations(ctx context.Context, in *adminInvitationsInput) (*adminInvitationsOutput, error) {
	rows, err := h.VendorInvites.List(ctx, in.Kind, in.Limit)
	return answer(adminInvitationsOutputBody{Invitations: rows}, err)
}

type reverseGeocodeInput struct {
	Lat float64 `query:"lat" required:"true"`
	Lng float64 `query:"lng" required:"true"`
}

type placeOutput = bodyOutput[location.Place]

func (h *EngagementArea) reverseGeocode(ctx context.Context, in *reverseGeocodeInput) (*placeOutput, error) {
	return answer(h.Location.Reverse(ctx, in.Lat, in.Lng))
}

type saveLocationInput struct {
	Body location.Manual
}

func (h *EngagementArea) saveLocation(ctx context.Context, in *saveLocationInput) (*profileOutput, error) {
	p := principalOf(ctx)
	prof, err := h.Location.Save(ctx, p.User.ID, p.Profile, in.Body)
	if err != nil {
		return nil, err
	}
	p.Profile = prof
	return profileAnswer(ctx, h.Profiles, p)
}
