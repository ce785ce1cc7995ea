package httpapi

import (
	"context"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"circle/internal/apperr"
	"circle/internal/auth"
)

// Cookie names. The access cookie goes with every request; the refresh cookie only to
// /api/auth, so it is sent as rarely as possible. The signed-in cookie holds no secret: script
// may read it, so the web app asks for the session only when there may be one, and a visitor's
// first page makes no request that is bound to fail with 401.
const (
	accessCookie   = "circle_session"
	refreshCookie  = "circle_refresh"
	refreshPath    = "/api/auth"
	signedInCookie = "circle_signed_in"
)

// caller is what the middleware learns about a request before any handler runs.
type caller struct {
	ip        string
	userAgent string
	access    string
	refresh   string
	// sessions reads the session token; nil when the server has no auth service (a test's
	// bare server). The caller carries it so any area reads the viewer (viewer, requireUser)
	// without holding the auth service.
	sessions sessionReader
	// currency is the visitor's USD/CAD choice (circle_currency cookie) and lang the request's
	// language (?lang, else Accept-Language): a visitor's currency (currencyOf).
	currency string
	lang     string

	once      sync.Once
	principal auth.Principal
	err       error
}

type callerKey struct{}

// sessionReader is what the caller needs of the auth service: the session behind a token.
type sessionReader interface {
	Authenticate(ctx context.Context, access string) (auth.Principal, error)
}

// withCaller records the client address, user agent and session tokens (cookie, or an
// Authorization: Bearer token for API clients) for the handlers, and how to read the session.
func withCaller(trustProxy bool, sessions sessionReader, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c := &caller{ip: clientIP(r, trustProxy), userAgent: r.UserAgent(), sessions: sessions}
		if h := r.Header.Get("Authorization"); strings.HasPrefix(h, "Bearer ") {
			c.access = strings.TrimSpace(strings.TrimPrefix(h, "Bearer "))
		} else if ck, err := r.Cookie(accessCookie); err == nil {
			c.access = ck.Value
		}
		if ck, err := r.Cookie(refreshCookie); err == nil {
			c.refresh = ck.Value
		}
		if ck, err := r.Cookie(currencyCookie); err == nil {
			c.currency = ck.Value
		}
		c.lang = requestLanguage(r)
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), callerKey{}, c)))
	})
}

func clientIP(r *http.Request, trustProxy bool) string {
	if trustProxy {
		// The right-most entry is the one our own load balancer appended (the address that
		// connected to it); everything left of it came from the caller, who can write any
		// address there to dodge the rate limit or the lockout. Repeated headers count as one
		// comma-separated list, in order.
		if xff := r.Header.Values("X-Forwarded-For"); len(xff) > 0 {
			all := strings.Split(strings.Join(xff, ","), ",")
			if ip := net.ParseIP(strings.TrimSpace(all[len(all)-1])); ip != nil {
				return ip.String()
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

func callerFrom(ctx context.Context) *caller {
	if c, ok := ctx.Value(callerKey{}).(*caller); ok {
		return c
	}
	return &caller{}
}

// viewer returns the signed-in caller, authenticating at most once per request. ok is false
// for visitors; err is set only when the lookup itself failed.
func viewer(ctx context.Context) (auth.Principal, bool, error) {
	c := callerFrom(ctx)
	if c.access == "" || c.sessions == nil {
		return auth.Principal{}, false, nil
	}
	c.once.Do(func() { c.principal, c.err = c.sessions.Authenticate(ctx, c.access) })
	if c.err != nil {
		if apperr.CodeOf(c.err) == apperr.Unauthenticated {
			return auth.Principal{}, false, nil
		}
		return auth.Principal{}, false, c.err
	}
	return c.principal, true, nil
}

// authenticate returns the signed-in caller or an unauthenticated error. A presented but dead
// session says so, so the web app can start session recovery.
func authenticate(ctx context.Context) (auth.Principal, error) {
	p, ok, err := viewer(ctx)
	if err != nil {
		return p, err
	}
	if !ok {
		if callerFrom(ctx).access != "" {
			return p, apperr.New(apperr.Unauthenticated, auth.MsgSessionExpired)
		}
		return p, apperr.New(apperr.Unauthenticated, "Please sign in to continue.")
	}
	return p, nil
}

// requireUser returns the signed-in caller for the handlers that still ask for it (billing,
// cart and checkout, until they move into their services): the principal the access middleware
// put in the context, else the session's.
func requireUser(ctx context.Context) (auth.Principal, error) {
	if p, ok := ctx.Value(principalKey{}).(auth.Principal); ok {
		return p, nil
	}
	return authenticate(ctx)
}

// sessionCookies sets the cookies of a new or rotated session.
func (h *AuthArea) sessionCookies(t auth.Tokens) []http.Cookie {
	maxAge := int(time.Until(t.SessionExpires).Seconds())
	return []http.Cookie{
		{Name: accessCookie, Value: t.Access, Path: "/", MaxAge: maxAge, HttpOnly: true, Secure: h.TLS, SameSite: http.SameSiteLaxMode},
		{Name: refreshCookie, Value: t.Refresh, Path: refreshPath, MaxAge: maxAge, HttpOnly: true, Secure: h.TLS, SameSite: http.SameSiteStrictMode},
		{Name: signedInCookie, Value: "1", Path: "/", MaxAge: maxAge, Secure: h.TLS, SameSite: http.SameSiteLaxMode},
	}
}

// clearCookies removes the session cookies.
func (h *AuthArea) clearCookies() []http.Cookie {
	return []http.Cookie{
		{Name: accessCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, Secure: h.TLS, SameSite: http.SameSiteLaxMode},
		{Name: refreshCookie, Value: "", Path: refreshPath, MaxAge: -1, HttpOnly: true, Secure: h.TLS, SameSite: http.SameSiteStrictMode},
		{Name: signedInCookie, Value: "", Path: "/", MaxAge: -1, Secure: h.TLS, SameSite: http.SameSiteLaxMode},
	}
}

// limitAuth applies the per-IP limit of the authentication endpoints.
func (h *AuthArea) limitAuth(ctx context.Context) error {
	if h.Limiter == nil {
		return nil
	}
	ok, wait, err := h.Limiter.Allow(ctx, callerFrom(ctx).ip)
	if err != nil {
		// Allowed: the limiter's store is unreachable (the lockout still holds).
		loggerFrom(ctx).Error("auth rate limit", "err", err)
	}
	if ok {
		return nil
	}
	e := apperr.New(apperr.RateLimited, "Too many attempts. Please wait a moment and try again.")
	e.RetryAfterSeconds = max(wait, 1)
	return e
}
