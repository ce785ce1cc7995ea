package httpapi

// Issue 16 (consult-more): the consultation preparation course, Invite / Refer Your Vendor and
// the location dialog.

import (
	"context"

	"circle/internal/lang"
	"circle/internal/location"
	"circle/internal/prepcourse"
	"circle/internal/vendorinvite"
)

type prepCourseInput struct {
	ConsultationID string `path:"consultation_id" maxLength:"64"`
	Lang           string `query:"lang" enum:"en,es,fr" default:"en"`
}

type prepCourseOutput struct {
	Body prepcourse.Course
}

func (s *Server) getPrepCourse(ctx context.Context, in *prepCourseInput) (*prepCourseOutput, error) {
	p := principalOf(ctx)
	c, err := s.deps.PrepCourse.Get(ctx, p.User.ID, in.ConsultationID, lang.Base(in.Lang))
	if err != nil {
		return nil, err
	}
	return &prepCourseOutput{Body: c}, nil
}

type prepModuleInput struct {
	ConsultationID string `path:"consultation_id" maxLength:"64"`
	ModuleID       string `path:"module_id" maxLength:"64"`
	Lang           string `query:"lang" enum:"en,es,fr" default:"en"`
}

func (s *Server) completePrepModule(ctx context.Context, in *prepModuleInput) (*prepCourseOutput, error) {
	p := principalOf(ctx)
	c, err := s.deps.PrepCourse.Complete(ctx, p.User.ID, in.ConsultationID, in.ModuleID, lang.Base(in.Lang))
	if err != nil {
		return nil, err
	}
	return &prepCourseOutput{Body: c}, nil
}

type prepGuideOutput struct {
	ContentType        string `header:"Content-Type"`
	ContentDisposition string `header:"Content-Disposition"`
	CacheControl       string `header:"Cache-Control"`
	Body               []byte
}

func (s *Server) downloadPrepGuide(ctx context.Context, in *prepCourseInput) (*prepGuideOutput, error) {
	p := principalOf(ctx)
	pdf, name, err := s.deps.PrepCourse.Guide(ctx, p.User.ID, in.ConsultationID, lang.Base(in.Lang))
	if err != nil {
		return nil, err
	}
	return &prepGuideOutput{ContentType: "application/pdf", ContentDisposition: `attachment; filename="` + name + `"`, CacheControl: "no-store", Body: pdf}, nil
}

func inviterOf(ctx context.Context) vendorinvite.Inviter {
	p := principalOf(ctx)
	return vendorinvite.Inviter{UserID: p.User.ID, Email: p.User.Email, Name: p.Profile.DisplayName}
}

type inviteVendorInput struct {
	Body vendorinvite.InviteInput
}

type invitationOutput struct {
	Body struct {
		ID          string `json:"id"`
		Kind        string `json:"kind"`
		VendorName  string `json:"vendor_name"`
		VendorEmail string `json:"vendor_email"`
		Status      string `json:"status"`
	}
}

func invitationAnswer(inv vendorinvite.Invitation) *invitationOutput {
	out := &invitationOutput{}
	out.Body.ID, out.Body.Kind, out.Body.VendorName, out.Body.VendorEmail, out.Body.Status = inv.ID, inv.Kind, inv.VendorName, inv.VendorEmail, inv.Status
	return out
}

func (s *Server) inviteVendor(ctx context.Context, in *inviteVendorInput) (*invitationOutput, error) {
	inv, err := s.deps.VendorInvites.Invite(ctx, inviterOf(ctx), in.Body)
	if err != nil {
		return nil, err
	}
	return invitationAnswer(inv), nil
}

type referVendorInput struct {
	Body vendorinvite.ReferralInput
}

func (s *Server) referVendor(ctx context.Context, in *referVendorInput) (*invitationOutput, error) {
	inv, err := s.deps.VendorInvites.Refer(ctx, inviterOf(ctx), in.Body)
	if err != nil {
		return nil, err
	}
	return invitationAnswer(inv), nil
}

type adminInvitationsInput struct {
	Kind  string `query:"kind" enum:"invite,referral,"`
	Limit int    `query:"limit" minimum:"0" maximum:"500"`
}

type adminInvitationsOutput struct {
	Body struct {
		Invitations []vendorinvite.Invitation `json:"invitations"`
	}
}

func (s *Server) adminVendorInvitations(ctx context.Context, in *adminInvitationsInput) (*adminInvitationsOutput, error) {
	rows, err := s.deps.VendorInvites.List(ctx, in.Kind, in.Limit)
	if err != nil {
		return nil, err
	}
	out := &adminInvitationsOutput{}
	out.Body.Invitations = rows
	return out, nil
}

type reverseGeocodeInput struct {
	Lat float64 `query:"lat" required:"true"`
	Lng float64 `query:"lng" required:"true"`
}

type placeOutput struct {
	Body location.Place
}

func (s *Server) reverseGeocode(ctx context.Context, in *reverseGeocodeInput) (*placeOutput, error) {
	place, err := s.deps.Location.Reverse(ctx, in.Lat, in.Lng)
	if err != nil {
		return nil, err
	}
	return &placeOutput{Body: place}, nil
}

type saveLocationInput struct {
	Body location.Manual
}

func (s *Server) saveLocation(ctx context.Context, in *saveLocationInput) (*profileOutput, error) {
	p := principalOf(ctx)
	prof, err := s.deps.Location.Save(ctx, p.User.ID, p.Profile, in.Body)
	if err != nil {
		return nil, err
	}
	p.Profile = prof
	return s.profileOutput(ctx, p)
}
