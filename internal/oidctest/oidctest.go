// Package oidctest runs a mock OpenID Connect provider (mockoidc) on loopback for tests, and
// gives it users whose ID tokens carry the claims Google sends.
package oidctest

import (
	"net"
	"net/http"
	"testing"

	"github.com/golang-jwt/jwt/v5"
	"github.com/oauth2-proxy/mockoidc"
)

// Person is a user of the mock provider whose ID token carries Google's claims, name included
// (mockoidc's own MockUser has no name claim). EmailVerified is sent as given: a bool, or the
// string form some providers use.
type Person struct {
	Sub, Email, Name string
	EmailVerified    any
}

func (u *Person) ID() string                        { return u.Sub }
func (u *Person) Userinfo([]string) ([]byte, error) { return []byte(`{}`), nil }
func (u *Person) Claims(_ []string, base *mockoidc.IDTokenClaims) (jwt.Claims, error) {
	return &struct {
		*mockoidc.IDTokenClaims
		Email         string `json:"email,omitempty"`
		EmailVerified any    `json:"email_verified,omitempty"`
		Name          string `json:"name,omitempty"`
	}{base, u.Email, u.EmailVerified, u.Name}, nil
}

// Start runs a mock provider on a loopback port until the test ends. middleware, when not nil,
// sees every request first: tests use it to make the provider misbehave on demand.
func Start(t testing.TB, middleware func(http.Handler) http.Handler) *mockoidc.MockOIDC {
	t.Helper()
	m, err := mockoidc.NewServer(nil)
	if err != nil {
		t.Fatal(err)
	}
	if middleware != nil {
		if err := m.AddMiddleware(middleware); err != nil {
			t.Fatal(err)
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Start(ln, nil); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = m.Shutdown() })
	return m
}
