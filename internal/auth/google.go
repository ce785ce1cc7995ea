package auth

import (
	"context"

	"circle/internal/account"
	"circle/internal/apperr"
	"circle/internal/ids"
)

// GoogleIdentity is what Google's ID token says about the person.
type GoogleIdentity struct {
	Subject       string
	Email         string
	EmailVerified bool
	Name          string
}

// GoogleProvider runs the OpenID Connect code flow with Google.
type GoogleProvider interface {
	// AuthURL is where the browser goes to sign in; state and nonce come back to the callback.
	AuthURL(state, nonce string) string
	// Exchange swaps the callback's code for a verified identity.
	Exchange(ctx context.Context, code, nonce string) (GoogleIdentity, error)
}

// MsgGoogleFailed is the toast text when Google sign-in fails (01§8).
const MsgGoogleFailed = "Failed to sign in with Google"

// SignInGoogle signs in the account linked to the Google subject; otherwise links the account
// with the same verified e-mail, or creates a verified account. Google sign-in counts as a
// verified e-mail (docs/decisions.md).
func (s *Service) SignInGoogle(ctx context.Context, id GoogleIdentity, c Client) (SignInResult, error) {
	if id.Subject == "" || id.Email == "" || !id.EmailVerified {
		return SignInResult{}, apperr.New(apperr.Unauthenticated, MsgGoogleFailed)
	}
	u, err := s.Store.UserByGoogleSubject(ctx, id.Subject)
	if err == nil {
		return s.startSession(ctx, u, c)
	}
	if !apperr.IsNotFound(err) {
		return SignInResult{}, err
	}
	u, err = s.Store.UserByEmail(ctx, id.Email)
	switch {
	case err == nil:
		// Whoever set the password of a never-verified account did not prove they own the
		// address (it may have been registered in advance by someone else), so that password
		// must not survive the owner's Google sign-in; the owner can set one by reset.
		if u.EmailVerifiedAt == nil && u.PasswordHash != "" {
			if err := s.Store.SetPassword(ctx, u.ID, ""); err != nil {
				return SignInResult{}, err
			}
		}
		if err := s.Store.LinkGoogle(ctx, u.ID, id.Subject, true); err != nil {
			return SignInResult{}, err
		}
		if err := s.Store.MarkEmailVerified(ctx, u.ID); err != nil {
			return SignInResult{}, err
		}
	case apperr.IsNotFound(err):
		now := s.Now()
		subject := id.Subject
		u = account.User{ID: ids.New(), Email: normalizeEmail(id.Email), EmailVerifiedAt: &now, GoogleSubject: &subject}
		p := account.Profile{DisplayName: account.ProvisionalDisplayName(id.Name, "", id.Email), IsVerified: true}
		if err := s.Store.CreateUser(ctx, u, p); err != nil {
			return SignInResult{}, err
		}
	default:
		return SignInResult{}, err
	}
	u, err = s.Store.UserByID(ctx, u.ID)
	if err != nil {
		return SignInResult{}, err
	}
	return s.startSession(ctx, u, c)
}
