package httpapi

import (
	"context"
	"net/http"
	"net/url"
	"strings"

	"circle/internal/auth"
	"circle/internal/ids"
)

// GoogleSignIn is the configured Google provider (nil when off).
type GoogleSignIn = auth.GoogleProvider

const oauthCookie = "circle_oauth"

type googleStartInput struct {
	Redirect string `query:"redirect" maxLength:"500" doc:"Local path to return to after signing in"`
}

type redirectOutput struct {
	Status    int
	Location  string        `header:"Location"`
	SetCookie []http.Cookie `header:"Set-Cookie"`
}

// safeRedirect keeps only local paths, so the sign-in cannot send anyone to another site.
func safeRedirect(p string) string {
	if p == "" || !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") || strings.HasPrefix(p, "/\\") || strings.HasPrefix(p, "/api/") {
		return "/"
	}
	return p
}

func (h *AuthArea) googleStart(ctx context.Context, in *googleStartInput) (*redirectOutput, error) {
	if h.Google == nil {
		return nil, errUnavailable(MsgGoogleUnavailable)
	}
	state, nonce := ids.Token(24), ids.Token(24)
	value := url.Values{"s": {state}, "n": {nonce}, "r": {safeRedirect(in.Redirect)}}.Encode()
	return &redirectOutput{
		Status:   http.StatusFound,
		Location: h.Google.AuthURL(state, nonce),
		SetCookie: []http.Cookie{{Name: oauthCookie, Value: url.QueryEscape(value), Path: "/api/auth/google", MaxAge: 600,
			HttpOnly: true, Secure: h.TLS, SameSite: http.SameSiteLaxMode}},
	}, nil
}

type googleCallbackInput struct {
	Code   string `query:"code" maxLength:"2000"`
	State  string `query:"state" maxLength:"200"`
	Error  string `query:"error" maxLength:"200"`
	Cookie string `cookie:"circle_oauth"`
}

func (h *AuthArea) googleCallback(ctx context.Context, in *googleCallbackInput) (*redirectOutput, error) {
	fail := &redirectOutput{Status: http.StatusFound, Location: "/auth?reason=error&provider=google",
		SetCookie: []http.Cookie{{Name: oauthCookie, Value: "", Path: "/api/auth/google", MaxAge: -1, HttpOnly: true, Secure: h.TLS}}}
	if h.Google == nil {
		return fail, nil
	}
	raw, err := url.QueryUnescape(in.Cookie)
	if err != nil {
		return fail, nil
	}
	saved, err := url.ParseQuery(raw)
	if err != nil || in.Error != "" || in.Code == "" || saved.Get("s") == "" || saved.Get("s") != in.State {
		return fail, nil
	}
	id, err := h.Google.Exchange(ctx, in.Code, saved.Get("n"))
	if err != nil {
		loggerFrom(ctx).Warn("google sign-in failed", "err", err)
		return fail, nil
	}
	c := callerFrom(ctx)
	res, err := h.Auth.SignInGoogle(ctx, id, auth.Client{IP: c.ip, UserAgent: c.userAgent})
	if err != nil {
		loggerFrom(ctx).Warn("google sign-in refused", "err", err)
		return fail, nil
	}
	out := &redirectOutput{Status: http.StatusFound, Location: safeRedirect(saved.Get("r")), SetCookie: h.sessionCookies(res.Tokens)}
	out.SetCookie = append(out.SetCookie, fail.SetCookie...)
	return out, nil
}
