package httpapi

import (
	"context"

	"circle/internal/account"
	"circle/internal/auth"
)

type profileOutput struct {
	Body ProfileView
}

func (s *Server) getProfile(ctx context.Context, _ *struct{}) (*profileOutput, error) {
	p := principalOf(ctx)
	return s.profileOutput(ctx, p)
}

func (s *Server) ensureProfile(ctx context.Context, _ *struct{}) (*profileOutput, error) {
	p := principalOf(ctx)
	prof, err := s.deps.Profiles.Ensure(ctx, p.User.ID, p.User.Email)
	if err != nil {
		return nil, err
	}
	p.Profile = prof
	return s.profileOutput(ctx, p)
}

type updateProfileInput struct {
	Body account.ProfileUpdate
}

func (s *Server) updateProfile(ctx context.Context, in *updateProfileInput) (*profileOutput, error) {
	p := principalOf(ctx)
	prof, err := s.deps.Profiles.Update(ctx, p.User.ID, p.Profile, in.Body)
	if err != nil {
		return nil, err
	}
	p.Profile = prof
	return s.profileOutput(ctx, p)
}

type adminStatusOutput struct {
	Body struct {
		IsAdmin bool `json:"is_admin"`
	}
}

// adminStatus is get_user_admin_status: the server's decision, never a client list.
func (s *Server) adminStatus(ctx context.Context, _ *struct{}) (*adminStatusOutput, error) {
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
func (s *Server) validateAdminSession(ctx context.Context, _ *struct{}) (*validOutput, error) {
	p := principalOf(ctx)
	out := &validOutput{}
	out.Body.Valid = p.Session.IsAdminSession && p.Session.IdleTimeoutSeconds <= int(auth.AdminIdleTimeout.Seconds())
	return out, nil
}

func (s *Server) profileOutput(ctx context.Context, p auth.Principal) (*profileOutput, error) {
	view, err := s.fullProfileView(ctx, p)
	if err != nil {
		return nil, err
	}
	return &profileOutput{Body: view}, nil
}
