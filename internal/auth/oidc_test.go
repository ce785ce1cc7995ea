package auth_test

import (
	"cmp"
	"context"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/oauth2-proxy/mockoidc"

	"circle/internal/auth"
	"circle/internal/oidctest"
)

// oidcProvider is a mock OpenID provider on loopback. With forgeKeys set, its JWKS endpoint
// publishes a key other than the one that signs the ID tokens.
type oidcProvider struct {
	*mockoidc.MockOIDC
	forgeKeys atomic.Bool
}

func startOIDCProvider(t *testing.T) *oidcProvider {
	t.Helper()
	other, err := mockoidc.RandomKeypair(2048)
	if err != nil {
		t.Fatal(err)
	}
	otherJWKS, err := other.JWKS()
	if err != nil {
		t.Fatal(err)
	}
	p := &oidcProvider{}
	p.MockOIDC = oidctest.Start(t, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == mockoidc.JWKSEndpoint && p.forgeKeys.Load() {
				w.Header().Set("Content-Type", "application/json")
				_, _ = w.Write(otherJWKS)
				return
			}
			next.ServeHTTP(w, r)
		})
	})
	return p
}

const oidcRedirect = "http://127.0.0.1:8080/api/auth/google/callback"

// oidcAuthorize follows the AuthURL to the provider, as the browser would, and returns the
// query the provider sends back to the callback.
func oidcAuthorize(t *testing.T, authURL string) url.Values {
	t.Helper()
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }, Timeout: 10 * time.Second}
	res, err := c.Get(authURL)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusFound {
		t.Fatalf("authorize answered %d", res.StatusCode)
	}
	loc, err := url.Parse(res.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	if got := loc.Scheme + "://" + loc.Host + loc.Path; got != oidcRedirect {
		t.Fatalf("provider sent the browser to %s, want %s", got, oidcRedirect)
	}
	return loc.Query()
}

func newGoogle(t *testing.T, p *oidcProvider, clientID, secret string) *auth.OIDCGoogle {
	t.Helper()
	g, err := auth.NewOIDCGoogle(context.Background(), p.Issuer(), clientID, secret, oidcRedirect)
	if err != nil {
		t.Fatalf("discovery: %v", err)
	}
	return g
}

func TestF_AUTH_07_OIDCAuthURLAndExchange(t *testing.T) {
	p := startOIDCProvider(t)
	g := newGoogle(t, p, p.ClientID, p.ClientSecret)

	authURL := g.AuthURL("state-123", "nonce-456")
	u, err := url.Parse(authURL)
	if err != nil {
		t.Fatal(err)
	}
	if got := u.Scheme + "://" + u.Host + u.Path; got != p.AuthorizationEndpoint() {
		t.Errorf("auth URL goes to %s, want the discovered %s", got, p.AuthorizationEndpoint())
	}
	q := u.Query()
	if q.Get("client_id") != p.ClientID || q.Get("redirect_uri") != oidcRedirect || q.Get("response_type") != "code" ||
		q.Get("state") != "state-123" || q.Get("nonce") != "nonce-456" {
		t.Errorf("auth URL query %v", q)
	}
	if scopes := strings.Fields(q.Get("scope")); len(scopes) != 3 || scopes[0] != "openid" || !strings.Contains(q.Get("scope"), "email") || !strings.Contains(q.Get("scope"), "profile") {
		t.Errorf("scope %q, want openid email profile", q.Get("scope"))
	}

	p.QueueUser(&oidctest.Person{Sub: "google-sub-1", Email: "Ana@Example.com", Name: "Ana Agent", EmailVerified: true})
	back := oidcAuthorize(t, authURL)
	if back.Get("state") != "state-123" || back.Get("code") == "" {
		t.Fatalf("callback query %v", back)
	}
	id, err := g.Exchange(context.Background(), back.Get("code"), "nonce-456")
	if err != nil {
		t.Fatalf("exchange: %v", err)
	}
	want := auth.GoogleIdentity{Subject: "google-sub-1", Email: "Ana@Example.com", EmailVerified: true, Name: "Ana Agent"}
	if id != want {
		t.Errorf("identity %+v, want %+v", id, want)
	}

	// A code works once.
	if _, err := g.Exchange(context.Background(), back.Get("code"), "nonce-456"); err == nil {
		t.Error("the same code was exchanged twice")
	}
	// A made-up code is refused.
	if _, err := g.Exchange(context.Background(), "made-up-code", "nonce-456"); err == nil {
		t.Error("a made-up code was exchanged")
	}
}

func TestF_AUTH_07_OIDCEmailVerifiedClaim(t *testing.T) {
	p := startOIDCProvider(t)
	g := newGoogle(t, p, p.ClientID, p.ClientSecret)
	cases := []struct {
		claim any
		want  bool
	}{{true, true}, {"true", true}, {false, false}, {"false", false}, {nil, false}}
	for _, c := range cases {
		p.QueueUser(&oidctest.Person{Sub: "sub-v", Email: "v@example.com", EmailVerified: c.claim})
		back := oidcAuthorize(t, g.AuthURL("s", "n"))
		id, err := g.Exchange(context.Background(), back.Get("code"), "n")
		if err != nil {
			t.Fatalf("exchange with email_verified %v: %v", c.claim, err)
		}
		if id.EmailVerified != c.want {
			t.Errorf("email_verified %#v read as %v, want %v", c.claim, id.EmailVerified, c.want)
		}
	}
}

func TestF_AUTH_07_OIDCRejectsBadTokens(t *testing.T) {
	ctx := context.Background()

	// Each case signs in at a fresh provider with one thing wrong; the exchange must fail, with
	// want in its error when want is set.
	for _, c := range []struct {
		name       string
		secret     string                // the client secret Circle holds ("": the provider's)
		nonce      string                // the nonce of the authorization ("": the cookie's)
		setup      func(p *oidcProvider) // before Circle discovers the provider
		afterLogin func(p *oidcProvider) // between the authorization and the exchange
		want       string
	}{
		{name: "nonce mismatch", nonce: "nonce-from-the-provider", want: "nonce"},
		{name: "wrong client secret", secret: "not-the-secret"},
		{name: "signature by an unpublished key", setup: func(p *oidcProvider) { p.forgeKeys.Store(true) }, want: "verify id token"},
		{name: "expired id token", afterLogin: func(p *oidcProvider) {
			p.FastForward(-2 * time.Hour) // the provider issues a token that ended long ago
		}, want: "verify id token"},
		{name: "token endpoint error", afterLogin: func(p *oidcProvider) {
			for range 4 { // the oauth2 client may try both ways of sending the client secret
				p.QueueError(&mockoidc.ServerError{Code: http.StatusInternalServerError, Error: "server_error", Description: "down"})
			}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			const cookieNonce = "n"
			p := startOIDCProvider(t)
			if c.setup != nil {
				c.setup(p)
			}
			secret, nonce := cmp.Or(c.secret, p.ClientSecret), cmp.Or(c.nonce, cookieNonce)
			g := newGoogle(t, p, p.ClientID, secret)
			back := oidcAuthorize(t, g.AuthURL("s", nonce))
			if c.afterLogin != nil {
				c.afterLogin(p)
			}
			if _, err := g.Exchange(ctx, back.Get("code"), cookieNonce); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("exchange: %v, want an error naming %q", err, c.want)
			}
		})
	}

	t.Run("discovery fails", func(t *testing.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := ln.Addr().String()
		ln.Close()
		if _, err := auth.NewOIDCGoogle(ctx, "http://"+addr+"/oidc", "id", "secret", oidcRedirect); err == nil {
			t.Error("discovery against a closed port succeeded")
		}
	})
}
