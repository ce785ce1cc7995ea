package httpapi

import (
	"context"
	"net/http"

	"circle/internal/account"
	"circle/internal/apperr"
	"circle/internal/auth"
	"circle/internal/botcheck"
	"circle/internal/ratelimit"
)

// AuthArea is accounts and sessions: sign-up, sign-in with a password or Google, the e-mailed
// links, refresh, sign-out and the session list.
type AuthArea struct {
	Auth     *auth.Service
	Profiles *account.ProfileService
	// Limiter is the per-address limit of the authentication endpoints (nil: none).
	Limiter *ratelimit.Limiter
	// Google is nil when Google sign-in is not configured.
	Google GoogleSignIn
	// TLS reports whether the public URL is https (Secure cookies).
	TLS bool
}

// Summaries too long for their route line.
const (
	sumLockoutStatus    = "Lock status of an e-mail (check_and_update_lockout)"
	sumPasswordStrength = "Score a password (validate_password_strength)"
	sumSessionControl   = "Session actions: start, heartbeat, end, list, revoke"
)

// Register declares the area's routes.
func (h *AuthArea) Register(r *Router) {
	get(r, "/api/auth/providers", "auth-providers", "Sign-in options: Google availability and the bot check", "auth", public, h.authProviders)
	post(r, "/api/auth/signup", "sign-up", "Create an account and e-mail the verification link", "auth", public, h.signUp, maxKB(16))
	post(r, "/api/auth/signin", "sign-in", "Sign in with e-mail and password", "auth", public, h.signIn, maxKB(16))
	post(r, "/api/auth/verify", "verify-email", "Confirm an e-mail address from the link's token", "auth", public, h.verifyEmail, maxKB(4))
	post(r, "/api/auth/resend", "resend-verification", "Send the verification link again", "auth", public, h.resendVerification, maxKB(4))
	post(r, "/api/auth/reset-request", "request-password-reset", "E-mail a password-reset link", "auth", public, h.requestReset, maxKB(4))
	post(r, "/api/auth/reset", "reset-password", "Set a new password from a reset link", "auth", public, h.resetPassword, maxKB(8))
	post(r, "/api/auth/lockout-status", "lockout-status", sumLockoutStatus, "auth", public, h.lockStatus, maxKB(4))
	post(r, "/api/auth/password-strength", "password-strength", sumPasswordStrength, "auth", public, h.passwordStrength, maxKB(8))
	post(r, "/api/auth/signout", "sign-out", "End the current session", "auth", public, h.signOut, noContent)
	post(r, "/api/auth/refresh", "refresh-session", "Rotate the session tokens with the refresh cookie", "auth", public, h.refresh)
	get(r, "/api/auth/session", "get-session", "The current session and profile", "auth", user, h.getSession)
	get(r, "/api/auth/google/start", "google-start", "Start Google sign-in (redirect)", "auth", public, h.googleStart)
	get(r, "/api/auth/google/callback", "google-callback", "Google sign-in callback (redirect)", "auth", public, h.googleCallback)
	post(r, "/api/session-control", "session-control", sumSessionControl, "auth", user, h.sessionControl, maxKB(8))
}

// ProfileView is a profile with the roles the server decided (01§6).
type ProfileView struct {
	account.Profile
	Email      string `json:"email"`
	IsStaff    bool   `json:"is_staff" doc:"On the configured staff list"`
	IsAdminEff bool   `json:"is_admin_effective" doc:"Administrator: staff list, then the profile flag"`
	IsProEff   bool   `json:"is_pro_effective" doc:"Pro: is_pro or is_pro_member"`
	// CirclePoints is the balance of the points ledger (the header's wallet link).
	CirclePoints int64 `json:"circle_points" doc:"Points balance: the sum of the user's points ledger"`
}

// profileView is the roles the server decided, without the points balance.
func profileView(p auth.Principal) ProfileView {
	return ProfileView{Profile: p.Profile, Email: p.User.Email, IsStaff: p.IsStaff, IsAdminEff: p.IsAdmin, IsProEff: p.IsPro()}
}

// fullProfileView is the profile view with the points balance read from the ledger.
func fullProfileView(ctx context.Context, profiles *account.ProfileService, p auth.Principal) (ProfileView, error) {
	v := profileView(p)
	points, err := profiles.PointsBalance(ctx, p.User.ID)
	if err != nil {
		return ProfileView{}, err
	}
	v.CirclePoints = points
	return v, nil
}

// SessionInfo describes the current session.
type SessionInfo struct {
	ID             string `json:"id"`
	ExpiresAt      string `json:"expires_at"`
	AccessExpires  string `json:"access_expires_at"`
	EndedSessions  int    `json:"ended_sessions" doc:"Older sessions ended to stay within the limit"`
	MaxSessions    int    `json:"max_sessions"`
	IdleTimeoutSec int    `json:"idle_timeout_seconds"`
}

type signInBody struct {
	Profile ProfileView `json:"profile"`
	Session SessionInfo `json:"session"`
	Warning string      `json:"warning,omitempty" doc:"Too many active sessions warning"`
}

type signInOutput struct {
	SetCookie []http.Cookie `header:"Set-Cookie"`
	Body      signInBody
}

type signInInput struct {
	Body struct {
		Email             string `json:"email" maxLength:"255"`
		Password          string `json:"password" maxLength:"1024"`
		DeviceFingerprint string `json:"device_fingerprint,omitempty" maxLength:"200"`
	}
}

// MsgTooManySessions is the concurrent-session warning (01§8).
const MsgTooManySessions = "Too many active sessions. Please log out from other devices."

func (h *AuthArea) signIn(ctx context.Context, in *signInInput) (*signInOutput, error) {
	if err := h.limitAuth(ctx); err != nil {
		return nil, err
	}
	c := callerFrom(ctx)
	res, err := h.Auth.SignIn(ctx, in.Body.Email, in.Body.Password, auth.Client{IP: c.ip, UserAgent: c.userAgent, DeviceFingerprint: in.Body.DeviceFingerprint})
	if err != nil {
		return nil, err
	}
	return h.signedIn(ctx, res)
}

func (h *AuthArea) signedIn(ctx context.Context, res auth.SignInResult) (*signInOutput, error) {
	p := h.Auth.PrincipalOf(res)
	view, err := fullProfileView(ctx, h.Profiles, p)
	if err != nil {
		return nil, err
	}
	out := &signInOutput{SetCookie: h.sessionCookies(res.Tokens)}
	out.Body.Profile = view
	out.Body.Session = sessionInfo(res.Session, res.Tokens, res.EndedSessions)
	if res.EndedSessions > 0 {
		out.Body.Warning = MsgTooManySessions
	}
	return out, nil
}

func sessionInfo(sess account.Session, t auth.Tokens, ended int) SessionInfo {
	return SessionInfo{
		ID: sess.ID, ExpiresAt: t.SessionExpires.UTC().Format(timeFormat), AccessExpires: t.AccessExpires.UTC().Format(timeFormat),
		EndedSessions: ended, MaxSessions: auth.MaxActiveSessions, IdleTimeoutSec: sess.IdleTimeoutSeconds,
	}
}

const timeFormat = "2006-01-02T15:04:05Z07:00"

type signUpInput struct {
	Body struct {
		Email       string `json:"email" maxLength:"255"`
		Password    string `json:"password" maxLength:"1024"`
		DisplayName string `json:"display_name" maxLength:"200" doc:"Full Name"`
		BotToken    string `json:"bot_token" maxLength:"4000" doc:"Token from the bot-check widget"`
	}
}

type messageOutput struct {
	Body struct {
		Message string `json:"message"`
	}
}

func message(m string) *messageOutput {
	out := &messageOutput{}
	out.Body.Message = m
	return out
}

// limitedStep runs a step of an account's e-mail flow (sign-up, verification, password reset)
// under the authentication rate limit and answers done once the step has succeeded.
func (h *AuthArea) limitedStep(ctx context.Context, step func() error, done string) (*messageOutput, error) {
	if err := h.limitAuth(ctx); err != nil {
		return nil, err
	}
	if err := step(); err != nil {
		return nil, err
	}
	return message(done), nil
}

func (h *AuthArea) signUp(ctx context.Context, in *signUpInput) (*messageOutput, error) {
	return h.limitedStep(ctx, func() error {
		return h.Auth.SignUp(ctx, auth.SignUpInput{
			Email: in.Body.Email, Password: in.Body.Password, DisplayName: in.Body.DisplayName, BotToken: in.Body.BotToken, IP: callerFrom(ctx).ip,
		})
	}, "Please check your email to verify your account before signing in.")
}

type tokenInput struct {
	Body struct {
		Token string `json:"token" minLength:"1" maxLength:"200"`
	}
}

func (h *AuthArea) verifyEmail(ctx context.Context, in *tokenInput) (*messageOutput, error) {
	return h.limitedStep(ctx, func() error { return h.Auth.Verify(ctx, in.Body.Token) },
		"Your email is verified. You can sign in now.")
}

type emailInput struct {
	Body struct {
		Email string `json:"email" maxLength:"255"`
	}
}

func (h *AuthArea) resendVerification(ctx context.Context, in *emailInput) (*messageOutput, error) {
	return h.limitedStep(ctx, func() error { return h.Auth.ResendVerification(ctx, in.Body.Email) },
		"Please check your email (including spam folder) for the verification link.")
}

func (h *AuthArea) requestReset(ctx context.Context, in *emailInput) (*messageOutput, error) {
	return h.limitedStep(ctx, func() error { return h.Auth.RequestReset(ctx, in.Body.Email) },
		"Check your email for password reset instructions.")
}

type resetInput struct {
	Body struct {
		Token    string `json:"token" minLength:"1" maxLength:"200"`
		Password string `json:"password" maxLength:"1024"`
	}
}

func (h *AuthArea) resetPassword(ctx context.Context, in *resetInput) (*messageOutput, error) {
	return h.limitedStep(ctx, func() error { return h.Auth.ResetPassword(ctx, in.Body.Token, in.Body.Password) },
		"Your password has been changed. Please sign in with your new password.")
}

type lockStatusOutput = bodyOutput[auth.LockStatus]

func (h *AuthArea) lockStatus(ctx context.Context, in *emailInput) (*lockStatusOutput, error) {
	if err := h.limitAuth(ctx); err != nil {
		return nil, err
	}
	if err := account.ValidateEmail(in.Body.Email); err != nil {
		return nil, err
	}
	return answer(h.Auth.LockStatus(ctx, in.Body.Email))
}

type passwordInput struct {
	Body struct {
		Password string `json:"password" maxLength:"1024"`
	}
}

type strengthOutput struct {
	Body struct {
		auth.Strength
		FeedbackText []string `json:"feedback_text" doc:"English text of each feedback key"`
	}
}

func (h *AuthArea) passwordStrength(ctx context.Context, in *passwordInput) (*strengthOutput, error) {
	st := auth.CheckStrength(in.Body.Password)
	out := &strengthOutput{}
	out.Body.Strength = st
	out.Body.FeedbackText = make([]string, len(st.Feedback))
	for i, k := range st.Feedback {
		out.Body.FeedbackText[i] = auth.FeedbackText(k)
	}
	return out, nil
}

type emptyCookieOutput struct {
	SetCookie []http.Cookie `header:"Set-Cookie"`
}

func (h *AuthArea) signOut(ctx context.Context, _ *struct{}) (*emptyCookieOutput, error) {
	if p, ok, err := viewer(ctx); err == nil && ok {
		if err := h.Auth.SignOut(ctx, p.User.ID, p.Session.ID); err != nil {
			return nil, err
		}
	}
	return &emptyCookieOutput{SetCookie: h.clearCookies()}, nil
}

type refreshOutput struct {
	SetCookie []http.Cookie `header:"Set-Cookie"`
	Body      struct {
		Session SessionInfo `json:"session"`
	}
}

func (h *AuthArea) refresh(ctx context.Context, _ *struct{}) (*refreshOutput, error) {
	sess, t, err := h.Auth.Refresh(ctx, callerFrom(ctx).refresh)
	if err != nil {
		return nil, err
	}
	out := &refreshOutput{SetCookie: h.sessionCookies(t)}
	out.Body.Session = sessionInfo(sess, t, 0)
	return out, nil
}

type sessionOutput struct {
	Body struct {
		Profile ProfileView `json:"profile"`
		Session SessionInfo `json:"session"`
	}
}

func (h *AuthArea) getSession(ctx context.Context, _ *struct{}) (*sessionOutput, error) {
	p := principalOf(ctx)
	view, err := fullProfileView(ctx, h.Profiles, p)
	if err != nil {
		return nil, err
	}
	out := &sessionOutput{}
	out.Body.Profile = view
	t := auth.Tokens{SessionExpires: p.Session.ExpiresAt}
	if p.Session.AccessExpiresAt != nil {
		t.AccessExpires = *p.Session.AccessExpiresAt
	}
	out.Body.Session = sessionInfo(p.Session, t, 0)
	return out, nil
}

// AuthProviders tells the sign-in screen what is available.
type AuthProviders struct {
	Google struct {
		Enabled bool   `json:"enabled"`
		Reason  string `json:"reason,omitempty" doc:"Why Google sign-in is unavailable"`
	} `json:"google"`
	BotCheck struct {
		Kind    string              `json:"kind" enum:"pow,turnstile"`
		SiteKey string              `json:"site_key,omitempty"`
		Pow     *botcheck.Challenge `json:"pow,omitempty" doc:"A fresh proof-of-work challenge (kind pow)"`
	} `json:"bot_check"`
}

type providersOutput struct {
	CacheControl string `header:"Cache-Control"`
	Body         AuthProviders
}

// MsgGoogleUnavailable explains a disabled Google button.
const MsgGoogleUnavailable = "Google sign-in is not set up on this server. Sign in with your email and password."

func (h *AuthArea) authProviders(ctx context.Context, _ *struct{}) (*providersOutput, error) {
	out := &providersOutput{CacheControl: "no-store"}
	out.Body.Google.Enabled = h.Google != nil
	if !out.Body.Google.Enabled {
		out.Body.Google.Reason = MsgGoogleUnavailable
	}
	out.Body.BotCheck.Kind = h.Auth.Bot.Kind()
	out.Body.BotCheck.SiteKey = h.Auth.Bot.SiteKey()
	if pow, ok := h.Auth.Bot.(*botcheck.PoW); ok {
		c := pow.NewChallenge()
		out.Body.BotCheck.Pow = &c
	}
	return out, nil
}

// errUnavailable is returned by features whose adapter is not configured.
func errUnavailable(msg string) error { return apperr.New(apperr.Unavailable, msg) }
