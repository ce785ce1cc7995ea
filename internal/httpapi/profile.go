package httpapi

import (
	"context"

	"circle/internal/account"
	"circle/internal/auth"
)

// ProfileArea is the caller's profile and the administrator checks.
type ProfileArea struct {
	Profiles *account.ProfileService
}

// Summaries too long for their route line.
const (
	sumAdminStatus          = "Whether the caller is an administrator (get_user_admin_status)"
	sumEnsureProfile        = "Create the caller's profile when missing (ensure_profile_exists)"
	sumValidateAdminSession = "Validate the admin session context"
)

// Register declares the area's routes.
func (h *ProfileArea) Register(r *Router) {
	get(r, "/api/auth/admin-status", "admin-status", sumAdminStatus, "auth", user, h.adminStatus)
	get(r, "/api/profile", "get-profile", "The caller's profile with roles", "profile", user, h.getProfile)
	post(r, "/api/profile/ensure", "ensure-profile", sumEnsureProfile, "profile", user, h.ensureProfile)
	patch(r, "/api/profile", "update-profile", "Change the caller's profile", "profile", user, h.updateProfile, maxKB(16))
	post(r, "/api/admin/validate-session", "validate-admin-session", sumValidateAdminSession, "security", admin, h.validateAdminSession)
}

type profileOutput = bodyOutput[ProfileView]

func (h *ProfileArea) getProfile(ctx context.Context, _ *struct{}) (*profileOutput, error) {
	p := principalOf(ctx)
	return profileAnswer(ctx, h.Profiles, p)
}

func (h *ProfileArea) ensureProfile(ctx context.Context, _ *struct{}) (*profileOutput, error) {
	p := principalOf(ctx)
	prof, err := h.Profiles.Ensure(ctx, p.User.ID, p.User.Email)
	if err != nil {
		return nil, err
	}
	p.Profile = prof
	return profileAnswer(ctx, h.Profiles, p)
}

type updateProfileInput struct {
	Body account.ProfileUpdate
}

func (h *ProfileArea) updateProfile(ctx context.Context, in *updateProfileInput) (*profileOutput, error) {
	p := principalOf(ctx)
	prof, err := h.Profiles.Update(ctx, p.User.ID, p.Profile, in.Body)
	if err != nil {
		return nil, err
	}
	p.Profile = prof
	return profileAnswer(ctx, h.Profiles, p)
}

type adminStatusOutput struct {
	Body struct {
		IsAdmin bool `json:"is_admin"`
	}
}

// adminStatus is get_user_admin_status: the server's decision, never a client list.
func (h *ProfileArea) adminStatus(ctx context.Context, _ *struct{}) (*adminStatusOutput, error) {
	p := principalOf(ctx)
	out := &adminStatusOutput{}
	out.Body.IsAdmin = p.IsAdmin
	return out, nil
}

type validOutput struct {
	Body struct {
		Valid bool `json:"valid"`
	}
}

// validateAdminSession is validate_admin_session_context: the caller is an administrator on a
// session that was started as an administrator session (short lifetime) and is live.
func (h *ProfileArea) validateAdminSession(ctx context.Context, _ *struct{}) (*validOutput, error) {
	p := principalOf(ctx)
	out := &validOutput{}
	out.Body.Valid = p.Session.IsAdminSession && p.Session.IdleTimeoutSeconds <= int(auth.AdminIdleTimeout.Seconds())
	return out, nil
}

// profileAnswer is the caller's full profile view as the answer (profiles and the location).
func profileAnswer(ctx context.Context, profiles *account.ProfileService, p auth.Principal) (*profileOutput, error) {
	return answer(fullProfileView(ctx, profiles, p))
}
