package httpapi_test

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/oauth2-proxy/mockoidc"

	"circle/internal/app"
	"circle/internal/botcheck"
	"circle/internal/httpapi"
	"circle/internal/oidctest"
	"circle/internal/store"
	"circle/internal/store/storetest"
	"circle/internal/testapp"
)

// googleIdP is mockoidc on loopback. With deny set, its authorize endpoint answers as Google
// does when the person cancels: a redirect back with error=access_denied and the state.
type googleIdP struct {
	*mockoidc.MockOIDC
	deny atomic.Bool
}

func startGoogleIdP(t *testing.T) *googleIdP {
	t.Helper()
	idp := &googleIdP{}
	idp.MockOIDC = oidctest.Start(t, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == mockoidc.AuthorizationEndpoint && idp.deny.Load() {
				back, err := url.Parse(r.URL.Query().Get("redirect_uri"))
				if err != nil {
					http.Error(w, err.Error(), http.StatusBadRequest)
					return
				}
				back.RawQuery = url.Values{"error": {"access_denied"}, "state": {r.URL.Query().Get("state")}}.Encode()
				http.Redirect(w, r, back.String(), http.StatusFound)
				return
			}
			next.ServeHTTP(w, r)
		})
	})
	return idp
}

// googleEngines runs fn on both databases against a server with Google sign-in configured
// to use a fresh mock provider.
func googleEngines(t *testing.T, fn func(t *testing.T, a *testapp.App, idp *googleIdP)) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			idp := startGoogleIdP(t)
			a := testapp.Start(t, kind, testapp.Options{Config: func(c *app.Config) {
				c.GoogleClientID, c.GoogleClientSecret, c.GoogleIssuer = idp.ClientID, idp.ClientSecret, idp.Issuer()
			}})
			fn(t, a, idp)
		})
	}
}

// googleGet fetches an absolute URL with the browser c (no redirects followed).
func googleGet(t *testing.T, c *http.Client, u string) testapp.Response {
	t.Helper()
	res, err := c.Get(u)
	if err != nil {
		t.Fatalf("GET %s: %v", u, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return testapp.Response{Status: res.StatusCode, Header: res.Header, Body: b}
}

// googleStart asks the app to start Google sign-in and returns the provider URL it redirects to.
func googleStart(t *testing.T, a *testapp.App, idp *googleIdP, c *http.Client, redirect string) string {
	t.Helper()
	res := a.DoWith(t, c, http.MethodGet, "/api/auth/google/start?redirect="+url.QueryEscape(redirect), nil, nil)
	if res.Status != http.StatusFound {
		t.Fatalf("start: %d %s", res.Status, res.Body)
	}
	loc := res.Header.Get("Location")
	if !strings.HasPrefix(loc, idp.AuthorizationEndpoint()+"?") {
		t.Fatalf("start redirects to %q, want the provider's %s", loc, idp.AuthorizationEndpoint())
	}
	q, _ := url.Parse(loc)
	if got := q.Query().Get("redirect_uri"); got != a.URL+"/api/auth/google/callback" {
		t.Errorf("redirect_uri %q", got)
	}
	if q.Query().Get("state") == "" || q.Query().Get("nonce") == "" || q.Query().Get("client_id") != idp.ClientID {
		t.Errorf("provider URL query %v", q.Query())
	}
	ck := acctCookies(res)["circle_oauth"]
	if ck == nil || ck.Value == "" || !ck.HttpOnly || ck.Path != "/api/auth/google" || ck.SameSite != http.SameSiteLaxMode || ck.MaxAge <= 0 {
		t.Fatalf("state cookie %+v", ck)
	}
	return loc
}

// googleToCallback sends the browser to the provider and returns the callback URL the
// provider redirects back to.
func googleToCallback(t *testing.T, a *testapp.App, c *http.Client, providerURL string) string {
	t.Helper()
	res := googleGet(t, c, providerURL)
	if res.Status != http.StatusFound {
		t.Fatalf("provider authorize: %d %s", res.Status, res.Body)
	}
	back := res.Header.Get("Location")
	if !strings.HasPrefix(back, a.URL+"/api/auth/google/callback?") {
		t.Fatalf("provider sends the browser to %q", back)
	}
	return back
}

// googleSignIn runs the whole flow in browser c and returns the callback's answer.
func googleSignIn(t *testing.T, a *testapp.App, idp *googleIdP, c *http.Client, redirect string) testapp.Response {
	t.Helper()
	return googleGet(t, c, googleToCallback(t, a, c, googleStart(t, a, idp, c, redirect)))
}

type googleSession struct {
	Profile struct {
		UserID      string `json:"user_id"`
		Email       string `json:"email"`
		DisplayName string `json:"display_name"`
		IsVerified  bool   `json:"is_verified"`
	} `json:"profile"`
}

func sessionOf(t *testing.T, a *testapp.App, c *http.Client) (int, googleSession) {
	t.Helper()
	var s googleSession
	res := a.DoWith(t, c, http.MethodGet, "/api/auth/session", nil, nil)
	if res.Status == http.StatusOK {
		res.JSON(t, &s)
	}
	return res.Status, s
}

// wantSignedIn checks the callback answer: session cookies and a redirect to want.
func wantSignedIn(t *testing.T, res testapp.Response, want string) {
	t.Helper()
	if res.Status != http.StatusFound || res.Header.Get("Location") != want {
		t.Fatalf("callback: %d Location %q, want 302 to %q (%s)", res.Status, res.Header.Get("Location"), want, res.Body)
	}
	ck := acctCookies(res)
	if s := ck["circle_session"]; s == nil || s.Value == "" || !s.HttpOnly {
		t.Errorf("no session cookie: %+v", s)
	}
	if r := ck["circle_refresh"]; r == nil || r.Value == "" || !r.HttpOnly {
		t.Errorf("no refresh cookie: %+v", r)
	}
	if o := ck["circle_oauth"]; o == nil || o.MaxAge >= 0 {
		t.Errorf("state cookie not cleared: %+v", o)
	}
}

const googleFailed = "/auth?reason=error&provider=google"

// wantFailed checks the callback sent the browser to the sign-in screen's error and started
// no session.
func wantFailed(t *testing.T, a *testapp.App, c *http.Client, res testapp.Response) {
	t.Helper()
	if res.Status != http.StatusFound || res.Header.Get("Location") != googleFailed {
		t.Fatalf("callback: %d Location %q, want 302 to %s", res.Status, res.Header.Get("Location"), googleFailed)
	}
	ck := acctCookies(res)
	if s := ck["circle_session"]; s != nil && s.Value != "" {
		t.Errorf("a failed sign-in set a session cookie")
	}
	if s := ck["circle_refresh"]; s != nil && s.Value != "" {
		t.Errorf("a failed sign-in set a refresh cookie")
	}
	if status, _ := sessionOf(t, a, c); status != http.StatusUnauthorized {
		t.Errorf("session after a failed sign-in: %d, want 401", status)
	}
}

func TestF_AUTH_07_GoogleSignInCreatesVerifiedAccount(t *testing.T) {
	googleEngines(t, func(t *testing.T, a *testapp.App, idp *googleIdP) {
		idp.QueueUser(&oidctest.Person{Sub: "g-1001", Email: "Nora.New@Example.com", Name: "Nora Newcomer", EmailVerified: true})
		browser := testapp.NewClient()
		res := googleSignIn(t, a, idp, browser, "/marketplace?category=photo")
		wantSignedIn(t, res, "/marketplace?category=photo")

		status, s := sessionOf(t, a, browser)
		if status != http.StatusOK {
			t.Fatalf("session after Google sign-in: %d", status)
		}
		if s.Profile.Email != "nora.new@example.com" || s.Profile.DisplayName != "Nora Newcomer" || !s.Profile.IsVerified || s.Profile.UserID == "" {
			t.Errorf("profile %+v", s.Profile)
		}
		u, err := store.NewAccounts(a.DB).UserByEmail(context.Background(), "nora.new@example.com")
		if err != nil {
			t.Fatal(err)
		}
		if u.ID != s.Profile.UserID || u.EmailVerifiedAt == nil || u.GoogleSubject == nil || *u.GoogleSubject != "g-1001" {
			t.Errorf("stored user %+v", u)
		}

		// The account has no password: no password signs in to it.
		res2 := a.PostJSON(t, testapp.NewClient(), "/api/auth/signin", map[string]string{"email": "nora.new@example.com", "password": "Anything1!x"})
		if res2.Status == http.StatusOK || acctCookies(res2)["circle_session"] != nil {
			t.Errorf("password sign-in to a Google-only account: %d %s", res2.Status, res2.Body)
		}

		// Signing in again with Google, from another browser and with a changed e-mail at
		// Google, finds the same account by its Google subject.
		idp.QueueUser(&oidctest.Person{Sub: "g-1001", Email: "nora@elsewhere.example", Name: "Nora N.", EmailVerified: true})
		other := testapp.NewClient()
		wantSignedIn(t, googleSignIn(t, a, idp, other, "/"), "/")
		status, s2 := sessionOf(t, a, other)
		if status != http.StatusOK || s2.Profile.UserID != s.Profile.UserID {
			t.Errorf("second Google sign-in: %d user %q, want %q", status, s2.Profile.UserID, s.Profile.UserID)
		}
		if _, err := store.NewAccounts(a.DB).UserByEmail(context.Background(), "nora@elsewhere.example"); err == nil {
			t.Errorf("a second account was created for the same Google subject")
		}
	})
}

// googleSignUp creates a password account through the API, solving the built-in bot check.
func googleSignUp(t *testing.T, a *testapp.App, email, password, name string) {
	t.Helper()
	c := testapp.NewClient()
	var prov httpapi.AuthProviders
	res := a.DoWith(t, c, http.MethodGet, "/api/auth/providers", nil, nil)
	res.JSON(t, &prov)
	if prov.BotCheck.Pow == nil {
		t.Fatalf("providers gave no proof-of-work challenge: %s", res.Body)
	}
	token := botcheck.Solve(*prov.BotCheck.Pow).Token()
	res = a.PostJSON(t, c, "/api/auth/signup", map[string]string{"email": email, "password": password, "display_name": name, "bot_token": token})
	if res.Status/100 != 2 {
		t.Fatalf("sign-up: %d %s", res.Status, res.Body)
	}
}

func passwordSignIn(t *testing.T, a *testapp.App, email, password string) testapp.Response {
	t.Helper()
	return a.PostJSON(t, testapp.NewClient(), "/api/auth/signin", map[string]string{"email": email, "password": password})
}

func TestF_AUTH_07_GoogleLinksExistingPasswordAccount(t *testing.T) {
	const password = "Corr3ct-Horse!Battery"
	googleEngines(t, func(t *testing.T, a *testapp.App, idp *googleIdP) {
		ctx := context.Background()
		googleSignUp(t, a, "paula@example.com", password, "Paula Password")
		before, err := store.NewAccounts(a.DB).UserByEmail(ctx, "paula@example.com")
		if err != nil {
			t.Fatal(err)
		}
		// Verify the address the ordinary way, so the password is the owner's.
		if err := store.NewAccounts(a.DB).MarkEmailVerified(ctx, before.ID); err != nil {
			t.Fatal(err)
		}
		if res := passwordSignIn(t, a, "paula@example.com", password); res.Status != http.StatusOK {
			t.Fatalf("password sign-in before linking: %d %s", res.Status, res.Body)
		}

		idp.QueueUser(&oidctest.Person{Sub: "g-2002", Email: "Paula@Example.com", Name: "Paula from Google", EmailVerified: true})
		browser := testapp.NewClient()
		wantSignedIn(t, googleSignIn(t, a, idp, browser, "/profile"), "/profile")
		status, s := sessionOf(t, a, browser)
		if status != http.StatusOK || s.Profile.UserID != before.ID || s.Profile.Email != "paula@example.com" {
			t.Fatalf("session after linking: %d %+v, want user %s", status, s.Profile, before.ID)
		}
		if s.Profile.DisplayName != "Paula Password" {
			t.Errorf("linking changed the display name to %q", s.Profile.DisplayName)
		}
		after, err := store.NewAccounts(a.DB).UserByEmail(ctx, "paula@example.com")
		if err != nil {
			t.Fatal(err)
		}
		if after.GoogleSubject == nil || *after.GoogleSubject != "g-2002" || after.EmailVerifiedAt == nil {
			t.Errorf("user after linking %+v", after)
		}
		// Both ways in keep working.
		if res := passwordSignIn(t, a, "paula@example.com", password); res.Status != http.StatusOK {
			t.Errorf("password sign-in after linking: %d %s", res.Status, res.Body)
		}
	})
}

// An account signed up but never verified is linked and becomes verified. Whoever chose its
// password never proved they own the address (it may be someone who registered another
// person's e-mail in advance), so that password stops working once the owner signs in with
// Google.
func TestF_AUTH_07_GoogleLinksUnverifiedAccountAndDropsItsPassword(t *testing.T) {
	const password = "Squatt3r!Passw0rd"
	googleEngines(t, func(t *testing.T, a *testapp.App, idp *googleIdP) {
		ctx := context.Background()
		googleSignUp(t, a, "victim@example.com", password, "Pre Registered")
		before, err := store.NewAccounts(a.DB).UserByEmail(ctx, "victim@example.com")
		if err != nil {
			t.Fatal(err)
		}
		if before.EmailVerifiedAt != nil {
			t.Fatal("a new sign-up is already verified")
		}
		res := passwordSignIn(t, a, "victim@example.com", password)
		if res.Status == http.StatusOK {
			t.Fatal("an unverified account signed in with its password")
		}

		idp.QueueUser(&oidctest.Person{Sub: "g-3003", Email: "victim@example.com", Name: "Real Owner", EmailVerified: true})
		browser := testapp.NewClient()
		wantSignedIn(t, googleSignIn(t, a, idp, browser, "/"), "/")
		status, s := sessionOf(t, a, browser)
		if status != http.StatusOK || s.Profile.UserID != before.ID || !s.Profile.IsVerified {
			t.Fatalf("session after linking: %d %+v, want verified user %s", status, s.Profile, before.ID)
		}
		after, err := store.NewAccounts(a.DB).UserByEmail(ctx, "victim@example.com")
		if err != nil {
			t.Fatal(err)
		}
		if after.EmailVerifiedAt == nil || after.GoogleSubject == nil || *after.GoogleSubject != "g-3003" {
			t.Errorf("user after linking %+v", after)
		}
		if res := passwordSignIn(t, a, "victim@example.com", password); res.Status == http.StatusOK || acctCookies(res)["circle_session"] != nil {
			t.Errorf("the password set before the address was proven still signs in: %d %s", res.Status, res.Body)
		}
	})
}

func TestF_AUTH_07_GoogleTamperedStateFails(t *testing.T) {
	googleEngines(t, func(t *testing.T, a *testapp.App, idp *googleIdP) {
		idp.QueueUser(&oidctest.Person{Sub: "g-4004", Email: "tess@example.com", Name: "Tess", EmailVerified: true})
		browser := testapp.NewClient()
		back := googleToCallback(t, a, browser, googleStart(t, a, idp, browser, "/"))
		u, _ := url.Parse(back)
		q := u.Query()
		q.Set("state", q.Get("state")+"x")
		u.RawQuery = q.Encode()
		wantFailed(t, a, browser, googleGet(t, browser, u.String()))
		if _, err := store.NewAccounts(a.DB).UserByEmail(context.Background(), "tess@example.com"); err == nil {
			t.Error("an account was created from a callback with a forged state")
		}

		// The genuine callback, but in another browser (no state cookie): refused too, so
		// nobody can be signed in to someone else's account by a link.
		idp.QueueUser(&oidctest.Person{Sub: "g-4004", Email: "tess@example.com", Name: "Tess", EmailVerified: true})
		back = googleToCallback(t, a, browser, googleStart(t, a, idp, browser, "/"))
		stranger := testapp.NewClient()
		wantFailed(t, a, stranger, googleGet(t, stranger, back))

		// A callback with the state but no code fails as well.
		u, _ = url.Parse(back)
		q = u.Query()
		q.Del("code")
		u.RawQuery = q.Encode()
		wantFailed(t, a, browser, googleGet(t, browser, u.String()))
	})
}

func TestF_AUTH_07_GoogleProviderErrorFails(t *testing.T) {
	googleEngines(t, func(t *testing.T, a *testapp.App, idp *googleIdP) {
		// The person cancels at Google: error=access_denied comes back with the state.
		browser := testapp.NewClient()
		idp.deny.Store(true)
		back := googleToCallback(t, a, browser, googleStart(t, a, idp, browser, "/"))
		idp.deny.Store(false)
		if !strings.Contains(back, "error=access_denied") {
			t.Fatalf("provider callback %q", back)
		}
		wantFailed(t, a, browser, googleGet(t, browser, back))

		// The token endpoint fails when the code is exchanged.
		browser = testapp.NewClient()
		back = googleToCallback(t, a, browser, googleStart(t, a, idp, browser, "/"))
		for range 4 { // the oauth2 client may try both ways of sending the client secret
			idp.QueueError(&mockoidc.ServerError{Code: http.StatusInternalServerError, Error: "server_error", Description: "down for maintenance"})
		}
		wantFailed(t, a, browser, googleGet(t, browser, back))
		for idp.ErrorQueue.Pop() != nil { // drop the errors the client did not use up
		}

		// Google says the e-mail is not verified: no account is made from it.
		idp.QueueUser(&oidctest.Person{Sub: "g-5005", Email: "unverified@example.com", Name: "Uma", EmailVerified: false})
		browser = testapp.NewClient()
		wantFailed(t, a, browser, googleSignIn(t, a, idp, browser, "/"))
		if _, err := store.NewAccounts(a.DB).UserByEmail(context.Background(), "unverified@example.com"); err == nil {
			t.Error("an account was created from an unverified Google e-mail")
		}

		// After all that, a normal sign-in still works.
		idp.QueueUser(&oidctest.Person{Sub: "g-5006", Email: "fine@example.com", Name: "Fine", EmailVerified: true})
		browser = testapp.NewClient()
		wantSignedIn(t, googleSignIn(t, a, idp, browser, "/"), "/")
	})
}

func TestF_AUTH_07_GoogleRedirectStaysOnSite(t *testing.T) {
	googleEngines(t, func(t *testing.T, a *testapp.App, idp *googleIdP) {
		cases := map[string]string{
			"//evil.example":               "/",
			"https://evil.example/phish":   "/",
			"/\\evil.example":              "/",
			"evil.example":                 "/",
			"":                             "/",
			"/api/auth/signout":            "/",
			"/services/42?tab=reviews#top": "/services/42?tab=reviews#top",
		}
		for redirect, want := range cases {
			idp.QueueUser(&oidctest.Person{Sub: "g-6006", Email: "rita@example.com", Name: "Rita", EmailVerified: true})
			browser := testapp.NewClient()
			res := googleSignIn(t, a, idp, browser, redirect)
			if got := res.Header.Get("Location"); res.Status != http.StatusFound || got != want {
				t.Errorf("redirect %q: %d Location %q, want %q", redirect, res.Status, got, want)
			}
		}
	})
}

func TestF_AUTH_07_GoogleProvidersWhenConfigured(t *testing.T) {
	googleEngines(t, func(t *testing.T, a *testapp.App, _ *googleIdP) {
		var prov httpapi.AuthProviders
		res := a.Get(t, "/api/auth/providers")
		res.JSON(t, &prov)
		if res.Status != http.StatusOK || !prov.Google.Enabled || prov.Google.Reason != "" {
			t.Errorf("providers: %d %s", res.Status, res.Body)
		}
	})
}

func TestF_AUTH_07_GoogleNotConfigured(t *testing.T) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			a := testapp.Start(t, kind)
			var prov httpapi.AuthProviders
			res := a.Get(t, "/api/auth/providers")
			res.JSON(t, &prov)
			if res.Status != http.StatusOK || prov.Google.Enabled || prov.Google.Reason != httpapi.MsgGoogleUnavailable {
				t.Errorf("providers without Google: %d %s", res.Status, res.Body)
			}
			if !strings.Contains(prov.Google.Reason, "not set up") {
				t.Errorf("reason %q does not say Google is not set up", prov.Google.Reason)
			}

			res = a.Get(t, "/api/auth/google/start?redirect=/")
			var e apiError
			res.JSON(t, &e)
			if res.Status != http.StatusServiceUnavailable || e.Code != "unavailable" || e.Message != httpapi.MsgGoogleUnavailable {
				t.Errorf("start without Google: %d %s", res.Status, res.Body)
			}
			if ct := res.Header.Get("Content-Type"); !strings.Contains(ct, "json") {
				t.Errorf("start without Google: Content-Type %q", ct)
			}
			if acctCookies(res)["circle_oauth"] != nil {
				t.Error("start without Google set a state cookie")
			}

			// A stray callback goes back to the sign-in screen's error.
			browser := testapp.NewClient()
			res = a.DoWith(t, browser, http.MethodGet, "/api/auth/google/callback?code=abc&state=def", nil, nil)
			wantFailed(t, a, browser, res)
		})
	}
}
