package httpapi_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/argon2"

	"circle/internal/account"
	"circle/internal/app"
	"circle/internal/auth"
	"circle/internal/botcheck"
	"circle/internal/demo"
	"circle/internal/httpapi"
	"circle/internal/ids"
	"circle/internal/monitor"
	"circle/internal/racetest"
	"circle/internal/store"
	"circle/internal/store/storetest"
	"circle/internal/testapp"
)

// ---- helpers shared by the account, session and authorization tests ----

// acctDemoHash is the argon2id hash of the demo password, computed once per test binary.
var acctDemoHash = sync.OnceValues(func() (string, error) { return account.HashPassword(demo.Password) })

// acctApp boots the real server on a fresh database of kind with the demo accounts loaded.
func acctApp(t testing.TB, kind store.Kind, cfg ...func(*app.Config)) *testapp.App {
	t.Helper()
	var o testapp.Options
	if len(cfg) > 0 {
		o.Config = cfg[0]
	}
	return acctAppWith(t, kind, o)
}

// acctAppWith is acctApp with every option (a test clock, say).
func acctAppWith(t testing.TB, kind store.Kind, o testapp.Options) *testapp.App {
	t.Helper()
	a := testapp.Start(t, kind, o)
	h, err := acctDemoHash()
	if err != nil {
		t.Fatal(err)
	}
	loaded, err := demo.Load(context.Background(), a.DB, demo.Build(a.DB.Now()), h)
	if err != nil || !loaded {
		t.Fatalf("load demo: %v (loaded %v)", err, loaded)
	}
	return a
}

// acctCreateUser adds an account with the demo password; verified decides whether its e-mail
// is confirmed. It returns the user id.
func acctCreateUser(t testing.TB, a *testapp.App, email, name string, verified bool) string {
	t.Helper()
	h, err := acctDemoHash()
	if err != nil {
		t.Fatal(err)
	}
	u := account.User{ID: ids.New(), Email: email, PasswordHash: h}
	if err := store.NewAccounts(a.DB).CreateUser(context.Background(), u, account.Profile{DisplayName: name}); err != nil {
		t.Fatal(err)
	}
	if verified {
		if err := store.NewAccounts(a.DB).MarkEmailVerified(context.Background(), u.ID); err != nil {
			t.Fatal(err)
		}
	}
	return u.ID
}

type acctSignInBody struct {
	Profile httpapi.ProfileView `json:"profile"`
	Session httpapi.SessionInfo `json:"session"`
	Warning string              `json:"warning"`
}

// acctSignIn posts a sign-in from browser c (nil: a one-off client without cookies).
func acctSignIn(t testing.TB, a *testapp.App, c *http.Client, email, password string) testapp.Response {
	t.Helper()
	if c == nil {
		c = &http.Client{}
	}
	return a.PostJSON(t, c, "/api/auth/signin", map[string]string{"email": email, "password": password})
}

// acctBrowser signs email in (demo password) in a new browser and returns it with the answer.
func acctBrowser(t testing.TB, a *testapp.App, email string) (*http.Client, acctSignInBody, testapp.Response) {
	t.Helper()
	c := testapp.NewClient()
	res := acctSignIn(t, a, c, email, demo.Password)
	if res.Status != http.StatusOK {
		t.Fatalf("sign in %s: %d %s", email, res.Status, res.Body)
	}
	var body acctSignInBody
	res.JSON(t, &body)
	return c, body, res
}

// acctCookies returns the cookies a response sets, by name.
func acctCookies(res testapp.Response) map[string]*http.Cookie {
	out := map[string]*http.Cookie{}
	for _, c := range (&http.Response{Header: res.Header}).Cookies() {
		out[c.Name] = c
	}
	return out
}

// acctBearer sends a request as an API client: no cookies, the token as Authorization: Bearer.
func acctBearer(t testing.TB, a *testapp.App, token, method, path string, body []byte) testapp.Response {
	t.Helper()
	return a.DoWith(t, &http.Client{}, method, path, body, http.Header{"Authorization": {"Bearer " + token}})
}

func acctError(t testing.TB, res testapp.Response) apiError {
	t.Helper()
	var e apiError
	res.JSON(t, &e)
	if e.Code == "" || e.Message == "" || e.RequestID == "" {
		t.Fatalf("not the API error shape: %d %s", res.Status, res.Body)
	}
	return e
}

// acctExpectError checks status, code and that one field error names field with message.
func acctExpectError(t testing.TB, res testapp.Response, status int, code, field, message string) apiError {
	t.Helper()
	if res.Status != status {
		t.Fatalf("status %d, want %d: %s", res.Status, status, res.Body)
	}
	e := acctError(t, res)
	if e.Code != code {
		t.Fatalf("code %q, want %q: %s", e.Code, code, res.Body)
	}
	if field != "" {
		found := false
		for _, f := range e.Fields {
			if f.Field == field && (message == "" || f.Message == message) {
				found = true
			}
		}
		if !found {
			t.Fatalf("no field error %s %q in %s", field, message, res.Body)
		}
	}
	if message != "" && e.Message != message {
		t.Fatalf("message %q, want %q", e.Message, message)
	}
	return e
}

// acctBotToken fetches a proof-of-work challenge from the server and solves it.
func acctBotToken(t testing.TB, a *testapp.App) string {
	t.Helper()
	var p httpapi.AuthProviders
	res := a.Get(t, "/api/auth/providers")
	res.JSON(t, &p)
	if res.Status != http.StatusOK || p.BotCheck.Kind != "pow" || p.BotCheck.Pow == nil {
		t.Fatalf("providers: %d %s", res.Status, res.Body)
	}
	return botcheck.Solve(*p.BotCheck.Pow).Token()
}

// acctMail returns the e-mails sent to an address, newest first.
func acctMail(t testing.TB, a *testapp.App, to string) []string {
	t.Helper()
	emails, err := store.NewOps(a.DB).OutboxEmails(context.Background(), to, 100)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(emails))
	for i, e := range emails {
		out[i] = e.Kind + "\n" + e.Text
	}
	return out
}

// acctMailToken returns the token of the newest link {BaseURL}/auth?{param}=TOKEN sent to an
// address.
func acctMailToken(t testing.TB, a *testapp.App, to, param string) string {
	t.Helper()
	tokens := acctMailTokens(t, a, to, param)
	if len(tokens) == 0 {
		t.Fatalf("no e-mail to %s with a %s link; outbox: %q", to, param, acctMail(t, a, to))
	}
	return tokens[0]
}

// acctMailTokens returns the tokens of every link {BaseURL}/auth?{param}=TOKEN sent to an
// address, newest first.
func acctMailTokens(t testing.TB, a *testapp.App, to, param string) []string {
	t.Helper()
	re := regexp.MustCompile(regexp.QuoteMeta(a.Config.BaseURL+"/auth?"+param+"=") + `([A-Za-z0-9_-]+)`)
	var out []string
	for _, m := range acctMail(t, a, to) {
		if s := re.FindStringSubmatch(m); s != nil {
			out = append(out, s[1])
		}
	}
	return out
}

func acctLockStatus(t testing.TB, a *testapp.App, email string) auth.LockStatus {
	t.Helper()
	return okJSON[auth.LockStatus](t, "lockout-status "+email, a.PostJSON(t, nil, "/api/auth/lockout-status", map[string]string{"email": email}))
}

func acctSessionControl(t testing.TB, a *testapp.App, c *http.Client, body map[string]any) (testapp.Response, httpapi.SessionControl) {
	t.Helper()
	res := a.PostJSON(t, c, "/api/session-control", body)
	var out httpapi.SessionControl
	if res.Status == http.StatusOK {
		res.JSON(t, &out)
	}
	return res, out
}

// acctStatus sends a bodiless request from browser c (nil: a visitor) and returns the status.
func acctStatus(t testing.TB, a *testapp.App, c *http.Client, method, path string) int {
	t.Helper()
	if c == nil {
		c = &http.Client{}
	}
	return a.DoWith(t, c, method, path, nil, nil).Status
}

const acctStrongPassword = "Str0ng!Passw0rd"

// acctSameJSON reports whether a and b encode to the same JSON.
func acctSameJSON(t testing.TB, a, b any) bool {
	t.Helper()
	ja, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	jb, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	return string(ja) == string(jb)
}

// ---- F-AUTH-01/02: sign-up and sign-in validation, messages and the whole journey ----

func TestF_AUTH_01_SignUpValidationMessages(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := acctApp(t, kind)
		const (
			good = "fresh@example.com"
			name = "Fresh Person"
		)
		cases := []struct {
			name                         string
			email, password, displayName string
			bot                          string // "solve" for a solved challenge
			field, message               string
		}{
			{"invalid e-mail", "not-an-email", acctStrongPassword, name, "solve", "email", auth.MsgInvalidEmail},
			{"e-mail without a dot in the domain", "someone@localhost", acctStrongPassword, name, "solve", "email", auth.MsgInvalidEmail},
			{"short password", good, "Ab1!x", name, "solve", "password", auth.MsgPasswordShort},
			{"seven characters", good, "Ab1!xyz", name, "solve", "password", auth.MsgPasswordShort},
			{"medium password", good, "alllowercase1", name, "solve", "password", auth.MsgWeakPassword},
			{"no symbol", good, "NoSymbolHere12", name, "solve", "password", auth.MsgWeakPassword},
			{"no digit", good, "NoDigitsHere!!", name, "solve", "password", auth.MsgWeakPassword},
			{"no uppercase", good, "nouppercase12!", name, "solve", "password", auth.MsgWeakPassword},
			{"common password", good, "Password123!", name, "solve", "password", auth.MsgWeakPassword},
			{"missing full name", good, acctStrongPassword, "   ", "solve", "display_name", auth.MsgNameRequired},
			{"no bot check", good, acctStrongPassword, name, "", "bot_token", botcheck.MsgRequired},
			{"forged bot token", good, acctStrongPassword, name, "eyJub25jZSI6MX0", "bot_token", ""},
			{"e-mail taken", "agent@demo.test", acctStrongPassword, name, "solve", "email", auth.MsgEmailTaken},
			{"e-mail taken in other case", "  Agent@Demo.TEST ", acctStrongPassword, name, "solve", "email", auth.MsgEmailTaken},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				bot := c.bot
				if bot == "solve" {
					bot = acctBotToken(t, a)
				}
				res := a.PostJSON(t, nil, "/api/auth/signup", map[string]string{
					"email": c.email, "password": c.password, "display_name": c.displayName, "bot_token": bot,
				})
				e := acctExpectError(t, res, http.StatusBadRequest, "invalid", c.field, c.message)
				if len(e.Fields) != 1 || e.Fields[0].Field != c.field {
					t.Errorf("want exactly the failing field %s, got %+v", c.field, e.Fields)
				}
				if len(acctCookies(res)) != 0 {
					t.Error("a refused sign-up set cookies")
				}
			})
		}
		// Several failing fields are reported together.
		res := a.PostJSON(t, nil, "/api/auth/signup", map[string]string{"email": "x", "password": "short", "display_name": "", "bot_token": ""})
		e := acctExpectError(t, res, http.StatusBadRequest, "invalid", "", "")
		var got []string
		for _, f := range e.Fields {
			got = append(got, f.Field)
		}
		if !slices.Equal(got, []string{"email", "display_name", "password"}) {
			t.Errorf("fields %v, want email, display_name, password", got)
		}
		// Missing properties are named too (schema validation).
		res = a.Do(t, http.MethodPost, "/api/auth/signup", []byte(`{"email":"a@example.com","display_name":"A B"}`), nil)
		e = acctExpectError(t, res, http.StatusUnprocessableEntity, "invalid", "password", "")
		if !slices.ContainsFunc(e.Fields, func(f struct{ Field, Key, Message string }) bool { return f.Field == "bot_token" }) {
			t.Errorf("missing bot_token not named: %s", res.Body)
		}
		// A refused sign-up changes nothing: no account, no e-mail.
		for _, email := range []string{good, "not-an-email", "someone@localhost"} {
			if _, err := store.NewAccounts(a.DB).UserByEmail(t.Context(), email); err == nil {
				t.Errorf("refused sign-up created %s", email)
			}
		}
		if mail, err := store.NewOps(a.DB).OutboxEmails(t.Context(), "", 100); err != nil || len(mail) != 0 {
			t.Errorf("refused sign-ups sent %d e-mails (%v)", len(mail), err)
		}
		// A used challenge cannot be replayed.
		bot := acctBotToken(t, a)
		ok := a.PostJSON(t, nil, "/api/auth/signup", map[string]string{"email": good, "password": acctStrongPassword, "display_name": name, "bot_token": bot})
		if ok.Status != http.StatusOK {
			t.Fatalf("valid sign-up: %d %s", ok.Status, ok.Body)
		}
		res = a.PostJSON(t, nil, "/api/auth/signup", map[string]string{"email": "other@example.com", "password": acctStrongPassword, "display_name": name, "bot_token": bot})
		acctExpectError(t, res, http.StatusBadRequest, "invalid", "bot_token", "")
		if _, err := store.NewAccounts(a.DB).UserByEmail(t.Context(), "other@example.com"); err == nil {
			t.Error("a replayed bot token created an account")
		}
	})
}

func TestF_AUTH_02_SignUpVerifySignInSignOut(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := acctApp(t, kind)
		const email = "newcomer@example.com"
		res := a.PostJSON(t, nil, "/api/auth/signup", map[string]string{
			"email": "  NewComer@Example.com", "password": acctStrongPassword, "display_name": " Casey Newcomer ", "bot_token": acctBotToken(t, a),
		})
		var msg struct{ Message string }
		res.JSON(t, &msg)
		if res.Status != http.StatusOK || msg.Message != "Please check your email to verify your account before signing in." {
			t.Fatalf("sign-up: %d %s", res.Status, res.Body)
		}
		if mail := acctMail(t, a, email); len(mail) != 1 || !strings.HasPrefix(mail[0], "verify_email\n") {
			t.Fatalf("verification e-mail: %q", mail)
		}
		token := acctMailToken(t, a, email, "verify")

		// Refused until verified, with a clear message and no cookies; the password was right.
		browser := testapp.NewClient()
		res = acctSignIn(t, a, browser, email, acctStrongPassword)
		acctExpectError(t, res, http.StatusBadRequest, "invalid", "email", auth.MsgEmailUnverified)
		if len(acctCookies(res)) != 0 {
			t.Fatal("unverified sign-in set cookies")
		}
		if st := acctLockStatus(t, a, email); st.AttemptsRemaining != auth.MaxFailedAttempts {
			t.Fatalf("the right password left failed attempts counted: %+v", st)
		}

		res = a.PostJSON(t, nil, "/api/auth/verify", map[string]string{"token": token})
		if res.Status != http.StatusOK {
			t.Fatalf("verify: %d %s", res.Status, res.Body)
		}
		res = a.PostJSON(t, nil, "/api/auth/verify", map[string]string{"token": token})
		acctExpectError(t, res, http.StatusBadRequest, "invalid", "token", "")
		res = a.PostJSON(t, nil, "/api/auth/verify", map[string]string{"token": "no-such-token"})
		acctExpectError(t, res, http.StatusBadRequest, "invalid", "token", "")

		res = acctSignIn(t, a, browser, "NEWCOMER@example.com", acctStrongPassword)
		if res.Status != http.StatusOK {
			t.Fatalf("sign-in after verification: %d %s", res.Status, res.Body)
		}
		var in acctSignInBody
		res.JSON(t, &in)
		if in.Profile.Email != email || in.Profile.DisplayName != "Casey Newcomer" || !in.Profile.IsVerified || in.Profile.IsAdminEff ||
			in.Session.ID == "" || in.Session.MaxSessions != 5 || in.Warning != "" {
			t.Fatalf("sign-in body: %s", res.Body)
		}
		cookies := acctCookies(res)
		access, refresh := cookies["circle_session"], cookies["circle_refresh"]
		if access == nil || refresh == nil || access.Value == "" || refresh.Value == "" || access.Value == refresh.Value {
			t.Fatalf("sign-in cookies: %v", res.Header["Set-Cookie"])
		}
		if !access.HttpOnly || access.SameSite != http.SameSiteLaxMode || access.Path != "/" || access.MaxAge <= 0 {
			t.Fatalf("access cookie attributes: %s", access.String())
		}
		if !refresh.HttpOnly || refresh.SameSite != http.SameSiteStrictMode || refresh.Path != "/api/auth" || refresh.MaxAge <= 0 {
			t.Fatalf("refresh cookie attributes: %s", refresh.String())
		}
		// The signed-in hint is readable by script, holds no secret and lives as long as the session.
		if hint := cookies["circle_signed_in"]; hint == nil || hint.HttpOnly || hint.Value != "1" || hint.Path != "/" || hint.MaxAge != access.MaxAge {
			t.Fatalf("signed-in cookie: %v", res.Header["Set-Cookie"])
		}
		// The password is kept as an argon2id hash, never in clear.
		u, err := store.NewAccounts(a.DB).UserByEmail(t.Context(), email)
		if err != nil || !strings.HasPrefix(u.PasswordHash, "$argon2id$") || strings.Contains(u.PasswordHash, acctStrongPassword) {
			t.Fatalf("stored password: %q %v", u.PasswordHash, err)
		}

		res = a.DoWith(t, browser, http.MethodGet, "/api/auth/session", nil, nil)
		var sess struct {
			Profile httpapi.ProfileView `json:"profile"`
			Session httpapi.SessionInfo `json:"session"`
		}
		res.JSON(t, &sess)
		if res.Status != http.StatusOK || sess.Session.ID != in.Session.ID || sess.Profile.Email != email {
			t.Fatalf("session: %d %s", res.Status, res.Body)
		}

		res = a.DoWith(t, browser, http.MethodPost, "/api/auth/signout", nil, nil)
		if res.Status != http.StatusNoContent {
			t.Fatalf("sign-out: %d %s", res.Status, res.Body)
		}
		cleared := acctCookies(res)
		if len(cleared) != 3 || cleared["circle_signed_in"] == nil {
			t.Errorf("sign-out clears circle_session, circle_refresh and circle_signed_in: %v", res.Header["Set-Cookie"])
		}
		for name, c := range cleared {
			if c.MaxAge >= 0 || c.Value != "" {
				t.Errorf("sign-out left cookie %s: %s", name, c.String())
			}
		}
		res = a.DoWith(t, browser, http.MethodGet, "/api/auth/session", nil, nil)
		acctExpectError(t, res, http.StatusUnauthorized, "unauthenticated", "", "")
		// The session ended on the server, not only in the browser.
		res = acctBearer(t, a, access.Value, http.MethodGet, "/api/auth/session", nil)
		acctExpectError(t, res, http.StatusUnauthorized, "unauthenticated", "", auth.MsgSessionExpired)
		// Signing up again with the same address is refused.
		res = a.PostJSON(t, nil, "/api/auth/signup", map[string]string{"email": email, "password": acctStrongPassword, "display_name": "Again", "bot_token": acctBotToken(t, a)})
		acctExpectError(t, res, http.StatusBadRequest, "invalid", "email", auth.MsgEmailTaken)
	})
}

func TestF_AUTH_02_SignInValidationMessages(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := acctApp(t, kind)
		cases := []struct{ email, password, field, message string }{
			{"not-an-email", demo.Password, "email", auth.MsgInvalidEmail},
			{"", demo.Password, "email", auth.MsgInvalidEmail},
			{"agent@demo.test", "", "password", auth.MsgPasswordShort},
			{"agent@demo.test", "Short1!", "password", auth.MsgPasswordShort},
		}
		for _, c := range cases {
			res := acctSignIn(t, a, nil, c.email, c.password)
			acctExpectError(t, res, http.StatusBadRequest, "invalid", c.field, c.message)
		}
		// Malformed input never counts as an attempt.
		if st := acctLockStatus(t, a, "agent@demo.test"); st.AttemptsRemaining != 5 {
			t.Fatalf("malformed sign-ins counted as attempts: %+v", st)
		}
	})
}

// No answer tells "no such user" from "wrong password": status, code, message and the field
// set are the same, and so is the lock status afterwards.
func TestF_AUTH_02_WrongPasswordAndUnknownEmailLookTheSame(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := acctApp(t, kind)
		type shape struct {
			Status  int
			Code    string
			Message string
			Fields  string
			Cookies int
		}
		answer := func(email string) shape {
			res := acctSignIn(t, a, nil, email, "Wrong-Passw0rd!")
			e := acctError(t, res)
			fields := make([]string, len(e.Fields))
			for i, f := range e.Fields {
				fields[i] = f.Field + "|" + f.Key + "|" + f.Message
			}
			return shape{res.Status, e.Code, e.Message, strings.Join(fields, ";"), len(acctCookies(res))}
		}
		for i := range 3 {
			known, unknown := answer("agent@demo.test"), answer("nobody@demo.test")
			if known != unknown {
				t.Fatalf("attempt %d: wrong password %+v, unknown e-mail %+v", i+1, known, unknown)
			}
			if known.Status != http.StatusBadRequest || known.Message != auth.MsgInvalidCredentials || known.Cookies != 0 ||
				!strings.HasPrefix(known.Fields, "credentials|auth.invalid_credentials|"+auth.MsgInvalidCredentials) {
				t.Fatalf("attempt %d: %+v", i+1, known)
			}
		}
		if k, u := acctLockStatus(t, a, "agent@demo.test"), acctLockStatus(t, a, "nobody@demo.test"); k != u || k.AttemptsRemaining != 2 {
			t.Fatalf("lock status differs: known %+v unknown %+v", k, u)
		}
		// The same holds when both are locked.
		for range 2 {
			answer("agent@demo.test")
			answer("nobody@demo.test")
		}
		if known, unknown := answer("agent@demo.test"), answer("nobody@demo.test"); known != unknown || known.Status != http.StatusLocked {
			t.Fatalf("locked: wrong password %+v, unknown e-mail %+v", known, unknown)
		}
		// Resend and reset answer the same for both as well.
		for _, path := range []string{"/api/auth/resend", "/api/auth/reset-request"} {
			k := a.PostJSON(t, nil, path, map[string]string{"email": "agent@demo.test"})
			u := a.PostJSON(t, nil, path, map[string]string{"email": "nobody@demo.test"})
			if k.Status != http.StatusOK || k.Status != u.Status || string(k.Body) != string(u.Body) {
				t.Fatalf("%s: known %d %s, unknown %d %s", path, k.Status, k.Body, u.Status, u.Body)
			}
		}
	})
}

// An account without a password (made by Google sign-in) must not answer faster than any other:
// the password check runs against a stand-in hash, as for an unknown e-mail, so timing does not
// reveal which addresses have such accounts. The margin is wide: without the stand-in the
// answer takes about a millisecond against tens of milliseconds for an argon2id check.
func TestF_AUTH_02_PasswordlessAccountTakesAsLongAsAnyOther(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := acctApp(t, kind)
		now := time.Now()
		// The fastest of several tries of each kind: a busy machine only ever adds time, so the
		// minimum is the work itself (a skipped password check answers in about a millisecond,
		// a real one takes tens). Each try uses addresses of its own (no lockout on repeats) and
		// the order alternates, so neither kind always runs first: the median of three tries,
		// and then the minimum of four in a fixed order, each failed once on a loaded machine.
		const tries = 8
		var unknown, passwordless time.Duration
		for i := range tries {
			google := fmt.Sprintf("g-only-%d@example.com", i)
			if err := store.NewAccounts(a.DB).CreateUser(t.Context(), account.User{ID: ids.New(), Email: google, EmailVerifiedAt: &now}, account.Profile{DisplayName: "G Only"}); err != nil {
				t.Fatal(err)
			}
			emails := []string{fmt.Sprintf("nobody-%d@example.com", i), google}
			if i%2 == 1 {
				emails[0], emails[1] = emails[1], emails[0]
			}
			for _, email := range emails {
				start := time.Now()
				res := acctSignIn(t, a, nil, email, "Wrong-Passw0rd!")
				d := time.Since(start)
				acctExpectError(t, res, http.StatusBadRequest, "invalid", "credentials", auth.MsgInvalidCredentials)
				fastest := &unknown
				if email == google {
					fastest = &passwordless
				}
				if *fastest == 0 || d < *fastest {
					*fastest = d
				}
			}
		}
		if passwordless*4 < unknown {
			t.Fatalf("a password-less account answers in %v, an unknown e-mail in %v: timing tells them apart", passwordless, unknown)
		}
	})
}

// ---- F-AUTH-06: verification resend and password reset ----

func TestF_AUTH_06_ResendVerificationDoesNotEnumerate(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := acctApp(t, kind)
		acctCreateUser(t, a, "pending@example.com", "Pending Person", false)
		const want = `{"message":"Please check your email (including spam folder) for the verification link."}`
		for _, email := range []string{"ghost@example.com", "pending@example.com", "agent@demo.test", "PENDING@example.com"} {
			res := a.PostJSON(t, nil, "/api/auth/resend", map[string]string{"email": email})
			if res.Status != http.StatusOK || strings.TrimSpace(string(res.Body)) != want {
				t.Fatalf("resend %s: %d %s", email, res.Status, res.Body)
			}
		}
		acctWaitAuthMail(t, a)
		if n := len(acctMail(t, a, "ghost@example.com")); n != 0 {
			t.Errorf("sent %d e-mails to an unknown address", n)
		}
		if n := len(acctMail(t, a, "agent@demo.test")); n != 0 {
			t.Errorf("sent %d verification e-mails to a verified account", n)
		}
		mail := acctMail(t, a, "pending@example.com")
		if len(mail) != 2 || !strings.HasPrefix(mail[0], "verify_email\n") {
			t.Fatalf("unverified account got %q", mail)
		}
		// The resent link verifies the account.
		res := a.PostJSON(t, nil, "/api/auth/verify", map[string]string{"token": acctMailToken(t, a, "pending@example.com", "verify")})
		if res.Status != http.StatusOK {
			t.Fatalf("verify: %d %s", res.Status, res.Body)
		}
		if res := acctSignIn(t, a, nil, "pending@example.com", demo.Password); res.Status != http.StatusOK {
			t.Fatalf("sign-in after the resent link: %d %s", res.Status, res.Body)
		}
		// Once verified, nothing more is sent.
		a.PostJSON(t, nil, "/api/auth/resend", map[string]string{"email": "pending@example.com"})
		acctWaitAuthMail(t, a)
		if n := len(acctMail(t, a, "pending@example.com")); n != 2 {
			t.Errorf("resend to a verified account sent mail (%d in total)", n)
		}
		res = a.PostJSON(t, nil, "/api/auth/resend", map[string]string{"email": "nope"})
		acctExpectError(t, res, http.StatusBadRequest, "invalid", "email", auth.MsgInvalidEmail)
	})
}

func TestF_AUTH_06_PasswordResetEndToEnd(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := acctApp(t, kind)
		const email = "agent@demo.test"
		const newPassword = "N3w-Secure!Pass"
		browser, _, _ := acctBrowser(t, a, email)
		other, _, _ := acctBrowser(t, a, email)
		// Lock the account.
		for range 5 {
			acctSignIn(t, a, nil, email, "Wrong-Passw0rd!")
		}
		if st := acctLockStatus(t, a, email); !st.IsLocked {
			t.Fatalf("not locked: %+v", st)
		}

		const want = `{"message":"Check your email for password reset instructions."}`
		for _, e := range []string{"ghost@example.com", email} {
			res := a.PostJSON(t, nil, "/api/auth/reset-request", map[string]string{"email": e})
			if res.Status != http.StatusOK || strings.TrimSpace(string(res.Body)) != want {
				t.Fatalf("reset request %s: %d %s", e, res.Status, res.Body)
			}
		}
		acctWaitAuthMail(t, a)
		if n := len(acctMail(t, a, "ghost@example.com")); n != 0 {
			t.Fatalf("reset mail sent to an unknown address")
		}
		mail := acctMail(t, a, email)
		if len(mail) != 1 || !strings.HasPrefix(mail[0], "reset_password\n") {
			t.Fatalf("reset mail: %q", mail)
		}
		token := acctMailToken(t, a, email, "reset")

		// A weak new password is refused and the token stays usable.
		res := a.PostJSON(t, nil, "/api/auth/reset", map[string]string{"token": token, "password": "weakpassword"})
		acctExpectError(t, res, http.StatusBadRequest, "invalid", "password", auth.MsgWeakPassword)
		res = a.PostJSON(t, nil, "/api/auth/reset", map[string]string{"token": token, "password": "Ab1!"})
		acctExpectError(t, res, http.StatusBadRequest, "invalid", "password", auth.MsgPasswordShort)
		res = a.PostJSON(t, nil, "/api/auth/reset", map[string]string{"token": "forged-token", "password": newPassword})
		acctExpectError(t, res, http.StatusBadRequest, "invalid", "token", "")

		res = a.PostJSON(t, nil, "/api/auth/reset", map[string]string{"token": token, "password": newPassword})
		if res.Status != http.StatusOK {
			t.Fatalf("reset: %d %s", res.Status, res.Body)
		}
		// Every session ended.
		for i, c := range []*http.Client{browser, other} {
			if s := acctStatus(t, a, c, http.MethodGet, "/api/profile"); s != http.StatusUnauthorized {
				t.Errorf("session %d after the reset: %d", i, s)
			}
		}
		// The lockout is cleared.
		if st := acctLockStatus(t, a, email); st.IsLocked || st.AttemptsRemaining != 5 {
			t.Fatalf("lockout after the reset: %+v", st)
		}
		// A second use of the link fails and changes nothing.
		res = a.PostJSON(t, nil, "/api/auth/reset", map[string]string{"token": token, "password": "An0ther!Password"})
		acctExpectError(t, res, http.StatusBadRequest, "invalid", "token", "")
		// The old password no longer works; the new one does.
		acctExpectError(t, acctSignIn(t, a, nil, email, demo.Password), http.StatusBadRequest, "invalid", "credentials", auth.MsgInvalidCredentials)
		if res := acctSignIn(t, a, nil, email, newPassword); res.Status != http.StatusOK {
			t.Fatalf("sign-in with the new password: %d %s", res.Status, res.Body)
		}
		// A reset link cannot verify an e-mail and a verify link cannot reset a password.
		res = a.PostJSON(t, nil, "/api/auth/verify", map[string]string{"token": token})
		acctExpectError(t, res, http.StatusBadRequest, "invalid", "token", "")
	})
}

// ---- F-AUTH-04: lockout and rate limits ----

func TestF_AUTH_04_FiveWrongPasswordsLockTheAccount(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := acctApp(t, kind)
		const email = "pro@demo.test"
		for i := 1; i <= 4; i++ {
			res := acctSignIn(t, a, nil, email, "Wrong-Passw0rd!")
			e := acctExpectError(t, res, http.StatusBadRequest, "invalid", "credentials", auth.MsgInvalidCredentials)
			left := ""
			for _, f := range e.Fields {
				if f.Field == "attempts_remaining" {
					left = f.Message
				}
			}
			if left != strconv.Itoa(5-i) {
				t.Fatalf("attempt %d: attempts_remaining %q", i, left)
			}
			if st := acctLockStatus(t, a, email); st != (auth.LockStatus{AttemptsRemaining: 5 - i}) {
				t.Fatalf("lock status after %d failures: %+v", i, st)
			}
		}
		const locked = "Account is temporarily locked. Try again in 15 minutes."
		res := acctSignIn(t, a, nil, email, "Wrong-Passw0rd!")
		acctExpectError(t, res, http.StatusLocked, "locked", "email", locked)
		if ra, err := strconv.Atoi(res.Header.Get("Retry-After")); err != nil || ra < 890 || ra > 900 {
			t.Fatalf("Retry-After %q", res.Header.Get("Retry-After"))
		}
		// Even the right password is refused while locked, and starts no session.
		for _, e := range []string{email, "  PRO@Demo.test "} {
			res = acctSignIn(t, a, nil, e, demo.Password)
			acctExpectError(t, res, http.StatusLocked, "locked", "", locked)
			if len(acctCookies(res)) != 0 || res.Header.Get("Retry-After") == "" {
				t.Fatalf("locked answer for %q: cookies %v, Retry-After %q", e, res.Header["Set-Cookie"], res.Header.Get("Retry-After"))
			}
		}
		st := acctLockStatus(t, a, email)
		if !st.IsLocked || st.AttemptsRemaining != 0 || st.TimeRemainingSeconds < 880 || st.TimeRemainingSeconds > 900 {
			t.Fatalf("lock status: %+v", st)
		}
		// The lock is per e-mail: other accounts sign in.
		if res := acctSignIn(t, a, nil, "agent@demo.test", demo.Password); res.Status != http.StatusOK {
			t.Fatalf("another account: %d %s", res.Status, res.Body)
		}
		// A successful sign-in clears the counter.
		acctSignIn(t, a, nil, "agent@demo.test", "Wrong-Passw0rd!")
		acctSignIn(t, a, nil, "agent@demo.test", demo.Password)
		if st := acctLockStatus(t, a, "agent@demo.test"); st.AttemptsRemaining != 5 {
			t.Fatalf("success did not clear the counter: %+v", st)
		}
		res = a.PostJSON(t, nil, "/api/auth/lockout-status", map[string]string{"email": "bad"})
		acctExpectError(t, res, http.StatusBadRequest, "invalid", "email", auth.MsgInvalidEmail)
	})
}

// 50 simultaneous wrong passwords: at most five are counted, every answer is 400 or 423 and
// the account ends locked.
func TestF_AUTH_04_LockoutHoldsUnder50ConcurrentAttempts(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := acctApp(t, kind)
		const email = "creator@demo.test"
		statuses := racetest.Run(50, func(i int) testapp.Response {
			return acctSignIn(t, a, &http.Client{}, email, "Wrong-Passw0rd!")
		})
		counts := map[int]int{}
		for _, res := range statuses {
			counts[res.Status]++
		}
		if counts[http.StatusBadRequest]+counts[http.StatusLocked] != 50 {
			t.Fatalf("answers %v: every answer must be 400 or 423", counts)
		}
		// Four failures answer 400; the fifth counted failure locks (423) and nothing after it is
		// counted.
		if counts[http.StatusBadRequest] != auth.MaxFailedAttempts-1 {
			t.Fatalf("answers %v: want exactly %d password failures before the lock", counts, auth.MaxFailedAttempts-1)
		}
		var row auth.LoginAttempts
		if err := a.DB.Bun().NewSelect().Table("login_attempts").Column("failed_count", "locked_until").
			Where("identifier = ?", email).Scan(t.Context(), &row.FailedCount, &row.LockedUntil); err != nil {
			t.Fatal(err)
		}
		if row.FailedCount != auth.MaxFailedAttempts || row.LockedUntil == nil {
			t.Fatalf("counted %d attempts (locked until %v), want %d and locked", row.FailedCount, row.LockedUntil, auth.MaxFailedAttempts)
		}
		if st := acctLockStatus(t, a, email); !st.IsLocked {
			t.Fatalf("not locked after 50 attempts: %+v", st)
		}
		if res := acctSignIn(t, a, nil, email, demo.Password); res.Status != http.StatusLocked {
			t.Fatalf("right password while locked: %d", res.Status)
		}
	})
}

// The per-address limit of the auth endpoints: a burst of max(limit/2, 10) requests, then
// 429 rate_limited with Retry-After (internal/app/wire.go, internal/ratelimit).
func TestF_AUTH_04_PerIPRateLimitUnder50ConcurrentSignIns(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		const perMinute, burst = 10, 10
		a := acctApp(t, kind, func(c *app.Config) { c.AuthRateLimit = perMinute })
		answers := racetest.Run(50, func(i int) testapp.Response {
			return acctSignIn(t, a, &http.Client{}, fmt.Sprintf("spray%d@example.com", i), "Wrong-Passw0rd!")
		})
		counts := map[int]int{}
		for _, res := range answers {
			counts[res.Status]++
			if res.Status != http.StatusTooManyRequests {
				continue
			}
			e := acctError(t, res)
			ra, err := strconv.Atoi(res.Header.Get("Retry-After"))
			if e.Code != "rate_limited" || err != nil || ra < 1 || ra > 60 {
				t.Fatalf("429 answer: code %s Retry-After %q", e.Code, res.Header.Get("Retry-After"))
			}
		}
		if counts[http.StatusTooManyRequests] != 50-burst || counts[http.StatusBadRequest] != burst {
			t.Fatalf("answers %v, want %d x 400 and %d x 429", counts, burst, 50-burst)
		}
		// The other auth endpoints share the limit.
		for path, body := range map[string]map[string]string{
			"/api/auth/signup":         {"email": "x@example.com", "password": acctStrongPassword, "display_name": "X", "bot_token": "t"},
			"/api/auth/reset-request":  {"email": "x@example.com"},
			"/api/auth/lockout-status": {"email": "x@example.com"},
			"/api/auth/resend":         {"email": "x@example.com"},
			"/api/auth/verify":         {"token": "t"},
			"/api/auth/reset":          {"token": "t", "password": acctStrongPassword},
		} {
			res := a.PostJSON(t, &http.Client{}, path, body)
			if res.Status != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
				t.Errorf("%s after the burst: %d %s", path, res.Status, res.Body)
			}
		}
		// Requests that are not authentication attempts are not limited.
		if s := acctStatus(t, a, nil, http.MethodGet, "/api/config"); s != http.StatusOK {
			t.Errorf("/api/config: %d", s)
		}
	})
}

// ---- F-AUTH-10: sessions ----

func TestF_AUTH_10_RefreshRotatesAndReuseRevokesTheFamily(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := acctApp(t, kind)
		browser, in, res := acctBrowser(t, a, "agent@demo.test")
		first := acctCookies(res)
		access1, refresh1 := first["circle_session"].Value, first["circle_refresh"].Value

		res = a.DoWith(t, browser, http.MethodPost, "/api/auth/refresh", nil, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("refresh: %d %s", res.Status, res.Body)
		}
		var body struct {
			Session httpapi.SessionInfo `json:"session"`
		}
		res.JSON(t, &body)
		second := acctCookies(res)
		if second["circle_session"] == nil || second["circle_refresh"] == nil {
			t.Fatalf("refresh set %v", res.Header["Set-Cookie"])
		}
		access2, refresh2 := second["circle_session"].Value, second["circle_refresh"].Value
		if access2 == access1 || refresh2 == refresh1 || body.Session.ID != in.Session.ID {
			t.Fatalf("tokens not rotated, or another session: %s", res.Body)
		}
		if !second["circle_session"].HttpOnly || second["circle_refresh"].Path != "/api/auth" {
			t.Fatalf("rotated cookie attributes: %v", res.Header["Set-Cookie"])
		}
		// The old access token stops working; the new one works.
		if s := acctBearer(t, a, access1, http.MethodGet, "/api/profile", nil).Status; s != http.StatusUnauthorized {
			t.Fatalf("old access token after rotation: %d", s)
		}
		if s := acctStatus(t, a, browser, http.MethodGet, "/api/profile"); s != http.StatusOK {
			t.Fatalf("new access token: %d", s)
		}
		// Another, unrelated session of the same user.
		elsewhere, _, _ := acctBrowser(t, a, "agent@demo.test")

		// Replaying the old refresh token revokes the whole family.
		res = a.DoWith(t, &http.Client{}, http.MethodPost, "/api/auth/refresh", nil, http.Header{"Cookie": {"circle_refresh=" + refresh1}})
		acctExpectError(t, res, http.StatusUnauthorized, "unauthenticated", "", "")
		if len(acctCookies(res)) != 0 {
			t.Fatalf("a replayed refresh token got cookies")
		}
		if s := acctStatus(t, a, browser, http.MethodGet, "/api/profile"); s != http.StatusUnauthorized {
			t.Fatalf("new access token after reuse: %d", s)
		}
		if s := acctBearer(t, a, access2, http.MethodGet, "/api/profile", nil).Status; s != http.StatusUnauthorized {
			t.Fatalf("new access token (bearer) after reuse: %d", s)
		}
		res = a.DoWith(t, &http.Client{}, http.MethodPost, "/api/auth/refresh", nil, http.Header{"Cookie": {"circle_refresh=" + refresh2}})
		if res.Status != http.StatusUnauthorized {
			t.Fatalf("new refresh token after reuse: %d %s", res.Status, res.Body)
		}
		// Other families are untouched.
		if s := acctStatus(t, a, elsewhere, http.MethodGet, "/api/profile"); s != http.StatusOK {
			t.Fatalf("unrelated session after reuse: %d", s)
		}
		// No or unknown refresh token.
		if s := a.DoWith(t, &http.Client{}, http.MethodPost, "/api/auth/refresh", nil, nil).Status; s != http.StatusUnauthorized {
			t.Fatalf("refresh without a token: %d", s)
		}
		if s := a.DoWith(t, &http.Client{}, http.MethodPost, "/api/auth/refresh", nil, http.Header{"Cookie": {"circle_refresh=forged"}}).Status; s != http.StatusUnauthorized {
			t.Fatalf("refresh with a forged token: %d", s)
		}
	})
}

func TestF_AUTH_10_RevocationIsImmediate(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := acctApp(t, kind)
		browserA, inA, _ := acctBrowser(t, a, "vendor@demo.test")
		browserB, inB, _ := acctBrowser(t, a, "vendor@demo.test")
		admin, inAdmin, _ := acctBrowser(t, a, "admin@demo.test")

		res, list := acctSessionControl(t, a, browserA, map[string]any{"action": "list"})
		if res.Status != http.StatusOK || list.ActiveSessions != 2 || list.MaxSessions != 5 || len(list.Sessions) != 2 {
			t.Fatalf("list: %d %s", res.Status, res.Body)
		}
		ids := map[string]bool{}
		for _, s := range list.Sessions {
			ids[s.ID] = s.Current
			if s.UserAgent == "" || s.IPAddress == "" {
				t.Errorf("session row without user agent or address: %+v", s)
			}
		}
		if current, ok := ids[inA.Session.ID]; !ok || !current {
			t.Fatalf("A's own session not listed as current: %s", res.Body)
		}
		if current, ok := ids[inB.Session.ID]; !ok || current {
			t.Fatalf("B's session not listed (or marked current): %s", res.Body)
		}
		if _, ok := ids[inAdmin.Session.ID]; ok {
			t.Fatal("another user's session is listed")
		}
		// At least one session must be selected.
		for _, body := range []map[string]any{{"action": "revoke"}, {"action": "revoke", "sessionIds": []string{}}} {
			res, _ = acctSessionControl(t, a, browserA, body)
			acctExpectError(t, res, http.StatusBadRequest, "invalid", "sessionIds", "")
		}
		if s := acctStatus(t, a, browserB, http.MethodGet, "/api/profile"); s != http.StatusOK {
			t.Fatalf("B before the revoke: %d", s)
		}
		res, out := acctSessionControl(t, a, browserA, map[string]any{"action": "revoke", "sessionIds": []string{inB.Session.ID}})
		if res.Status != http.StatusOK || out.Revoked != 1 || out.Message != "Revoked 1 session(s)" || out.ActiveSessions != 1 {
			t.Fatalf("revoke: %d %s", res.Status, res.Body)
		}
		// B is signed out at its very next request.
		res = a.DoWith(t, browserB, http.MethodGet, "/api/profile", nil, nil)
		acctExpectError(t, res, http.StatusUnauthorized, "unauthenticated", "", auth.MsgSessionExpired)
		if s := acctStatus(t, a, browserA, http.MethodGet, "/api/profile"); s != http.StatusOK {
			t.Fatalf("A after revoking B: %d", s)
		}
		// Another user's session id is not revoked.
		res, out = acctSessionControl(t, a, browserA, map[string]any{"action": "revoke", "sessionIds": []string{inAdmin.Session.ID, "no-such-session"}})
		if res.Status != http.StatusOK || out.Revoked != 0 || out.Message != "Revoked 0 session(s)" {
			t.Fatalf("revoking a foreign session: %d %s", res.Status, res.Body)
		}
		if s := acctStatus(t, a, admin, http.MethodGet, "/api/profile"); s != http.StatusOK {
			t.Fatalf("admin after a foreign revoke: %d", s)
		}
		// end signs the caller out.
		if res, _ := acctSessionControl(t, a, browserA, map[string]any{"action": "end"}); res.Status != http.StatusOK {
			t.Fatalf("end: %d %s", res.Status, res.Body)
		}
		if s := acctStatus(t, a, browserA, http.MethodGet, "/api/profile"); s != http.StatusUnauthorized {
			t.Fatalf("A after end: %d", s)
		}
		// Unknown actions are refused.
		res, _ = acctSessionControl(t, a, admin, map[string]any{"action": "explode"})
		if res.Status != http.StatusUnprocessableEntity || acctError(t, res).Fields[0].Field != "action" {
			t.Fatalf("unknown action: %d %s", res.Status, res.Body)
		}
	})
}

func TestF_AUTH_10_SixthSignInEndsTheOldestSession(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := acctApp(t, kind)
		const email = "creator@demo.test"
		var browsers []*http.Client
		var last acctSignInBody
		for i := range 6 {
			c, in, _ := acctBrowser(t, a, email)
			browsers = append(browsers, c)
			if i < 5 && (in.Warning != "" || in.Session.EndedSessions != 0) {
				t.Fatalf("sign-in %d warned: %+v", i+1, in)
			}
			last = in
		}
		if last.Warning != "Too many active sessions. Please log out from other devices." || last.Session.EndedSessions != 1 {
			t.Fatalf("sixth sign-in: warning %q ended %d", last.Warning, last.Session.EndedSessions)
		}
		if s := acctStatus(t, a, browsers[0], http.MethodGet, "/api/profile"); s != http.StatusUnauthorized {
			t.Fatalf("oldest session after the sixth sign-in: %d", s)
		}
		for i, c := range browsers[1:] {
			if s := acctStatus(t, a, c, http.MethodGet, "/api/profile"); s != http.StatusOK {
				t.Fatalf("session %d: %d", i+2, s)
			}
		}
		res, start := acctSessionControl(t, a, browsers[5], map[string]any{"action": "start", "deviceFingerprint": "fp-6"})
		if res.Status != http.StatusOK || start.ActiveSessions != 5 || start.MaxSessions != 5 ||
			start.Warning != "Too many active sessions. Please log out from other devices." || !slices.Contains(start.Alerts, "multiple_sessions") {
			t.Fatalf("start: %d %s", res.Status, res.Body)
		}
		res, hb := acctSessionControl(t, a, browsers[5], map[string]any{"action": "heartbeat"})
		if res.Status != http.StatusOK || hb.ActiveSessions != 5 {
			t.Fatalf("heartbeat: %d %s", res.Status, res.Body)
		}
	})
}

func TestF_AUTH_10_BearerTokenForAPIClients(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := acctApp(t, kind)
		_, in, signIn := acctBrowser(t, a, "pro@demo.test")
		token := acctCookies(signIn)["circle_session"].Value
		res := acctBearer(t, a, token, http.MethodGet, "/api/profile", nil)
		var p httpapi.ProfileView
		res.JSON(t, &p)
		if res.Status != http.StatusOK || p.Email != "pro@demo.test" || p.UserID != in.Profile.UserID || !p.IsProEff {
			t.Fatalf("bearer profile: %d %s", res.Status, res.Body)
		}
		res = acctBearer(t, a, token, http.MethodPost, "/api/session-control", []byte(`{"action":"list"}`))
		if res.Status != http.StatusOK {
			t.Fatalf("bearer session-control: %d %s", res.Status, res.Body)
		}
		for _, bad := range []string{"forged", token + "x", ""} {
			if s := acctBearer(t, a, bad, http.MethodGet, "/api/profile", nil).Status; s != http.StatusUnauthorized {
				t.Errorf("bearer %q: %d", bad, s)
			}
		}
		// The refresh token is not an access token.
		if s := acctBearer(t, a, acctCookies(signIn)["circle_refresh"].Value, http.MethodGet, "/api/profile", nil).Status; s != http.StatusUnauthorized {
			t.Errorf("refresh token as bearer: %d", s)
		}
	})
}

func TestF_AUTH_10_CrossSiteRequestsAreRefused(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := acctApp(t, kind)
		browser, _, _ := acctBrowser(t, a, "agent@demo.test")
		evil := http.Header{"Origin": {"https://evil.example"}, "Sec-Fetch-Site": {"cross-site"}}
		for _, c := range []struct {
			method, path, body string
		}{
			{http.MethodPost, "/api/auth/signin", `{"email":"agent@demo.test","password":"CircleDemo1!"}`},
			{http.MethodPost, "/api/session-control", `{"action":"end"}`},
			{http.MethodPatch, "/api/profile", `{"display_name":"Hacked"}`},
			{http.MethodPost, "/api/auth/signout", ``},
		} {
			res := a.DoWith(t, browser, c.method, c.path, []byte(c.body), evil)
			if res.Status != http.StatusForbidden || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
				t.Fatalf("cross-site %s %s: %d %s", c.method, c.path, res.Status, res.Body)
			}
			if e := acctError(t, res); e.Code != "forbidden" {
				t.Fatalf("cross-site %s: %+v", c.path, e)
			}
		}
		// Nothing happened: the session lives and the name is unchanged.
		res := a.DoWith(t, browser, http.MethodGet, "/api/profile", nil, nil)
		var p httpapi.ProfileView
		res.JSON(t, &p)
		if res.Status != http.StatusOK || p.DisplayName != "Jordan Avery" {
			t.Fatalf("after cross-site requests: %d %s", res.Status, res.Body)
		}
		// Same-origin requests from the browser pass.
		same := http.Header{"Origin": {a.URL}, "Sec-Fetch-Site": {"same-origin"}}
		res = a.DoWith(t, browser, http.MethodPatch, "/api/profile", []byte(`{"display_name":"Jordan B. Avery"}`), same)
		if res.Status != http.StatusOK {
			t.Fatalf("same-origin PATCH: %d %s", res.Status, res.Body)
		}
	})
}

// ---- F-AUTH-08: profiles ----

func TestF_AUTH_08_ProfileReadUpdateAndEnsure(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := acctApp(t, kind)
		res := a.Get(t, "/api/profile")
		acctExpectError(t, res, http.StatusUnauthorized, "unauthenticated", "", "Please sign in to continue.")
		res = a.Do(t, http.MethodPatch, "/api/profile", []byte(`{"display_name":"Visitor"}`), nil)
		acctExpectError(t, res, http.StatusUnauthorized, "unauthenticated", "", "")

		browser, in, _ := acctBrowser(t, a, "agent@demo.test")
		get := func() httpapi.ProfileView {
			t.Helper()
			return okJSON[httpapi.ProfileView](t, "get profile", a.DoWith(t, browser, http.MethodGet, "/api/profile", nil, nil))
		}
		p := get()
		if p.UserID != in.Profile.UserID || p.Email != "agent@demo.test" || p.DisplayName != "Jordan Avery" || p.IsAdminEff || p.IsProEff || p.IsStaff {
			t.Fatalf("agent profile: %+v", p)
		}
		// circle_points is the sum of the points ledger.
		startPoints := p.CirclePoints
		for _, d := range []int64{1200, -200} {
			if _, err := store.NewPoints(a.DB).AddPoints(context.Background(), p.UserID, d, "test", ""); err != nil {
				t.Fatal(err)
			}
		}
		if p = get(); p.CirclePoints != startPoints+1000 {
			t.Fatalf("circle_points: %d, want %d", p.CirclePoints, startPoints+1000)
		}

		patch := func(body string) testapp.Response {
			return a.DoWith(t, browser, http.MethodPatch, "/api/profile", []byte(body), nil)
		}
		res = patch(`{"display_name":"  Jordan Q. Avery ","city":"Round Rock","state":"tx","zip_code":"78664","phone":"(512) 555-0100","specialties":["Luxury","luxury","Relocation"]}`)
		if res.Status != http.StatusOK {
			t.Fatalf("valid PATCH: %d %s", res.Status, res.Body)
		}
		p = get()
		if p.DisplayName != "Jordan Q. Avery" || p.City != "Round Rock" || p.State != "TX" || p.Location != "Round Rock, TX" ||
			p.ZipCode != "78664" || p.Phone != "(512) 555-0100" || !slices.Equal(p.Specialties, []string{"Luxury", "Relocation"}) ||
			p.BusinessName != "Lakeside Realty Partners" {
			t.Fatalf("after PATCH: %+v", p)
		}
		before := p

		refused := []struct {
			name, body string
			status     int
			fields     []string
		}{
			{"bad zip and phone", `{"display_name":"Changed Name","zip_code":"ABCDE","phone":"call me"}`, 400, []string{"phone", "zip_code"}},
			{"display name too short", `{"display_name":"J","city":"Dallas"}`, 400, []string{"display_name"}},
			{"display name too long", `{"display_name":"` + strings.Repeat("n", 101) + `"}`, 400, []string{"display_name"}},
			{"unknown state", `{"state":"ZZ","city":"Dallas"}`, 400, []string{"state"}},
			{"script URL", `{"avatar_url":"javascript:alert(1)"}`, 400, []string{"avatar_url"}},
			{"wrong type", `{"display_name":5}`, 422, []string{"display_name"}},
			{"role flag", `{"is_admin":true,"display_name":"Admin Now"}`, 422, nil},
			{"points", `{"circle_points":1000000}`, 422, nil},
			{"malformed JSON", `{"display_name":`, 400, nil},
		}
		for _, c := range refused {
			res := patch(c.body)
			if res.Status != c.status {
				t.Fatalf("%s: %d %s", c.name, res.Status, res.Body)
			}
			e := acctError(t, res)
			var got []string
			for _, f := range e.Fields {
				got = append(got, f.Field)
			}
			slices.Sort(got)
			if c.fields != nil && !slices.Equal(got, c.fields) {
				t.Fatalf("%s: fields %v, want %v (%s)", c.name, got, c.fields, res.Body)
			}
			if after := get(); !acctSameJSON(t, before, after) {
				t.Fatalf("%s changed the profile: %+v -> %+v", c.name, before, after)
			}
		}
		if p := get(); p.IsAdmin || p.IsAdminEff || p.DisplayName != "Jordan Q. Avery" {
			t.Fatalf("a refused PATCH granted something: %+v", p)
		}

		// ensure_profile_exists returns the stored profile and never overwrites it.
		res = a.DoWith(t, browser, http.MethodPost, "/api/profile/ensure", nil, nil)
		var ensured httpapi.ProfileView
		res.JSON(t, &ensured)
		if res.Status != http.StatusOK || ensured.DisplayName != "Jordan Q. Avery" || ensured.UserID != in.Profile.UserID {
			t.Fatalf("ensure: %d %s", res.Status, res.Body)
		}
		if s := acctStatus(t, a, nil, http.MethodPost, "/api/profile/ensure"); s != http.StatusUnauthorized {
			t.Fatalf("visitor ensure: %d", s)
		}

		// Roles come from the server: pro by is_pro_member.
		_, pro, _ := acctBrowser(t, a, "pro@demo.test")
		if !pro.Profile.IsProEff || pro.Profile.IsAdminEff {
			t.Fatalf("pro roles: %+v", pro.Profile)
		}
	})
}

// ---- F-AUTH-12: security events and admin validation ----

func TestF_AUTH_12_SecurityEventsDedupeWithinTenSeconds(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		// The app runs on a test clock 1 s into a 10-second dedupe bucket: the requests below all
		// land in it, and moving the clock to the next bucket records the same event again.
		bucket := time.Now().Truncate(monitor.SecurityEventDedupe).Add(monitor.SecurityEventDedupe)
		clock := testapp.NewClock(bucket.Add(time.Second))
		a := acctAppWith(t, kind, testapp.Options{Clock: clock})
		res := a.PostJSON(t, nil, "/api/security-events", map[string]any{"event_type": "auth_state_change"})
		acctExpectError(t, res, http.StatusUnauthorized, "unauthenticated", "", "")

		admin, inAdmin, _ := acctBrowser(t, a, "admin@demo.test")
		agent, inAgent, _ := acctBrowser(t, a, "agent@demo.test")
		record := func(c *http.Client, eventType string) bool {
			t.Helper()
			res := a.PostJSON(t, c, "/api/security-events", map[string]any{"event_type": eventType, "event_data": map[string]any{"url": "/admin", "timestamp": "2026-03-01T12:00:00Z"}})
			if res.Status != http.StatusOK {
				t.Fatalf("record %s: %d %s", eventType, res.Status, res.Body)
			}
			var out struct {
				Recorded *bool `json:"recorded"`
			}
			res.JSON(t, &out)
			if out.Recorded == nil {
				t.Fatalf("no recorded flag: %s", res.Body)
			}
			return *out.Recorded
		}
		got := []bool{
			record(admin, "auth_state_change"),
			record(admin, "auth_state_change"),
			record(admin, "auth_state_change"),
			record(admin, "session_validated"),
			record(agent, "auth_state_change"),
		}
		clock.Advance(8 * time.Second) // 9.0 s into the bucket: still deduplicated
		got = append(got, record(admin, "auth_state_change"))
		clock.Advance(time.Second) // the next bucket
		got = append(got, record(admin, "auth_state_change"))
		if !slices.Equal(got, []bool{true, false, false, true, true, false, true}) {
			t.Fatalf("recorded %v, want identical events deduplicated within their 10-second bucket only", got)
		}
		events, err := store.NewAccounts(a.DB).SecurityEvents(t.Context(), 100)
		if err != nil {
			t.Fatal(err)
		}
		if len(events) != 4 {
			t.Fatalf("%d events stored, want 4", len(events))
		}
		perUser := map[string]int{}
		for _, e := range events {
			if e.UserID == nil {
				t.Fatalf("event without a user: %+v", e)
			}
			perUser[*e.UserID]++
			var data map[string]any
			if err := json.Unmarshal([]byte(e.EventData), &data); err != nil || data["url"] != "/admin" || data["user_agent"] == nil {
				t.Fatalf("event data %q", e.EventData)
			}
		}
		if perUser[inAdmin.Profile.UserID] != 3 || perUser[inAgent.Profile.UserID] != 1 {
			t.Fatalf("events per user %v", perUser)
		}
		// Bad input is refused by name.
		res = a.PostJSON(t, admin, "/api/security-events", map[string]any{"event_type": "Not Allowed!"})
		if res.Status != http.StatusUnprocessableEntity || acctError(t, res).Fields[0].Field != "event_type" {
			t.Fatalf("bad event type: %d %s", res.Status, res.Body)
		}
	})
}

// The 10-second buckets, on a fake clock: the same event is kept once per bucket and per user,
// and recorded again in the next bucket.
func TestF_AUTH_12_SecurityEventBuckets(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
		var mu sync.Mutex
		clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
		set := func(d time.Duration) {
			mu.Lock()
			defer mu.Unlock()
			now = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC).Add(d)
		}
		db := storetest.Open(t, kind, store.WithClock(clock))
		userA, userB := "user-a", "user-b"
		for _, u := range []string{userA, userB} {
			if err := store.NewAccounts(db).CreateUser(t.Context(), account.User{ID: u, Email: u + "@example.com"}, account.Profile{DisplayName: u}); err != nil {
				t.Fatal(err)
			}
		}
		insert := func(user *string, eventType string) bool {
			t.Helper()
			ok, err := store.NewAccounts(db).InsertSecurityEvent(t.Context(), monitor.SecurityEvent{ID: ids.New(), EventType: eventType, UserID: user})
			if err != nil {
				t.Fatal(err)
			}
			return ok
		}
		steps := []struct {
			at    time.Duration
			user  *string
			event string
			want  bool
		}{
			{0, &userA, "auth_state_change", true},
			{time.Second, &userA, "auth_state_change", false},
			{9*time.Second + 999*time.Millisecond, &userA, "auth_state_change", false},
			{9 * time.Second, &userB, "auth_state_change", true},
			{9 * time.Second, &userA, "admin_check", true},
			{9 * time.Second, nil, "auth_state_change", true},
			{9 * time.Second, nil, "auth_state_change", false},
			{10 * time.Second, &userA, "auth_state_change", true},
			{19 * time.Second, &userA, "auth_state_change", false},
			{20 * time.Second, &userA, "auth_state_change", true},
		}
		for i, s := range steps {
			set(s.at)
			if got := insert(s.user, s.event); got != s.want {
				t.Fatalf("step %d (%v, %s): recorded %v, want %v", i, s.at, s.event, got, s.want)
			}
		}
		// Concurrent duplicates land once.
		set(time.Minute)
		var wg sync.WaitGroup
		var mu2 sync.Mutex
		recorded := 0
		for range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ok, err := store.NewAccounts(db).InsertSecurityEvent(context.Background(), monitor.SecurityEvent{ID: ids.New(), EventType: "burst", UserID: &userA})
				if err != nil {
					t.Error(err)
				}
				if ok {
					mu2.Lock()
					recorded++
					mu2.Unlock()
				}
			}()
		}
		wg.Wait()
		if recorded != 1 {
			t.Fatalf("20 concurrent identical events recorded %d times", recorded)
		}
	})
}

func TestF_AUTH_12_AdminOnlyEndpoints(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := acctApp(t, kind, func(c *app.Config) { c.StaffEmails = " Boss@Example.com , other@example.com" })
		acctCreateUser(t, a, "boss@example.com", "The Boss", true)
		agent, _, _ := acctBrowser(t, a, "agent@demo.test")
		admin, _, _ := acctBrowser(t, a, "admin@demo.test")
		boss, inBoss, _ := acctBrowser(t, a, "boss@example.com")
		if !inBoss.Profile.IsStaff || !inBoss.Profile.IsAdminEff || inBoss.Profile.IsAdmin {
			t.Fatalf("staff profile: %+v", inBoss.Profile)
		}
		a.PostJSON(t, nil, "/api/auth/reset-request", map[string]string{"email": "pro@demo.test"})
		acctWaitAuthMail(t, a)

		endpoints := []struct{ method, path string }{
			{http.MethodGet, "/api/admin/outbox"},
			{http.MethodGet, "/api/admin/outbox?to=pro@demo.test&limit=5"},
			{http.MethodPost, "/api/admin/validate-session"},
			{http.MethodGet, "/api/admin/security-rate"},
		}
		for _, e := range endpoints {
			res := a.DoWith(t, &http.Client{}, e.method, e.path, nil, nil)
			acctExpectError(t, res, http.StatusUnauthorized, "unauthenticated", "", "")
			res = a.DoWith(t, agent, e.method, e.path, nil, nil)
			acctExpectError(t, res, http.StatusForbidden, "forbidden", "", "")
			for name, c := range map[string]*http.Client{"admin@demo.test": admin, "staff boss@example.com": boss} {
				res := a.DoWith(t, c, e.method, e.path, nil, nil)
				if res.Status != http.StatusOK {
					t.Fatalf("%s %s as %s: %d %s", e.method, e.path, name, res.Status, res.Body)
				}
			}
		}
		var outbox struct {
			Emails []struct{ To, Kind, Text string } `json:"emails"`
		}
		res := a.DoWith(t, boss, http.MethodGet, "/api/admin/outbox?to=PRO@demo.test", nil, nil)
		res.JSON(t, &outbox)
		if len(outbox.Emails) != 1 || outbox.Emails[0].To != "pro@demo.test" || outbox.Emails[0].Kind != "reset_password" ||
			!strings.Contains(outbox.Emails[0].Text, "/auth?reset=") {
			t.Fatalf("outbox: %s", res.Body)
		}
		for name, c := range map[string]*http.Client{"admin": admin, "staff": boss} {
			var v struct{ Valid bool }
			res := a.DoWith(t, c, http.MethodPost, "/api/admin/validate-session", nil, nil)
			res.JSON(t, &v)
			if !v.Valid {
				t.Fatalf("%s admin session not valid: %s", name, res.Body)
			}
			var rate struct {
				Limited   bool
				Remaining int
			}
			res = a.DoWith(t, c, http.MethodGet, "/api/admin/security-rate", nil, nil)
			res.JSON(t, &rate)
			if rate.Limited || rate.Remaining != 100 {
				t.Fatalf("%s security rate: %s", name, res.Body)
			}
		}
		// get_user_admin_status is the server's decision.
		for _, c := range []struct {
			client *http.Client
			want   bool
		}{{agent, false}, {admin, true}, {boss, true}} {
			var st struct {
				IsAdmin bool `json:"is_admin"`
			}
			res := a.DoWith(t, c.client, http.MethodGet, "/api/auth/admin-status", nil, nil)
			res.JSON(t, &st)
			if res.Status != http.StatusOK || st.IsAdmin != c.want {
				t.Fatalf("admin-status: %d %s, want %v", res.Status, res.Body, c.want)
			}
		}
		// The staff list is never sent to browsers.
		for _, path := range []string{"/api/config", "/api/auth/providers"} {
			if body := string(a.Get(t, path).Body); strings.Contains(strings.ToLower(body), "boss@example.com") {
				t.Fatalf("%s reveals the staff list: %s", path, body)
			}
		}
	})
}

// Admin sessions are short (12 h absolute, 30 min idle); others 30 days / 7 days.
func TestF_AUTH_12_AdminSessionsAreShort(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := acctApp(t, kind)
		_, admin, _ := acctBrowser(t, a, "admin@demo.test")
		_, agent, _ := acctBrowser(t, a, "agent@demo.test")
		if admin.Session.IdleTimeoutSec != 30*60 || agent.Session.IdleTimeoutSec != 7*24*3600 {
			t.Fatalf("idle timeouts: admin %d agent %d", admin.Session.IdleTimeoutSec, agent.Session.IdleTimeoutSec)
		}
		adminExp, err1 := time.Parse(time.RFC3339, admin.Session.ExpiresAt)
		agentExp, err2 := time.Parse(time.RFC3339, agent.Session.ExpiresAt)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if d := time.Until(adminExp); d < 11*time.Hour || d > 12*time.Hour {
			t.Fatalf("admin session lasts %v", d)
		}
		if d := time.Until(agentExp); d < 29*24*time.Hour || d > 30*24*time.Hour {
			t.Fatalf("agent session lasts %v", d)
		}
	})
}

// ---- F-APP-09: app events ----

func TestF_APP_09_AppEventsStoreTheUser(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := acctApp(t, kind)
		browser, in, _ := acctBrowser(t, a, "agent@demo.test")
		res := a.PostJSON(t, browser, "/api/app-events", map[string]any{"name": "login_success", "payload": map[string]any{"email": "agent@demo.test"}})
		if res.Status != http.StatusAccepted {
			t.Fatalf("login_success: %d %s", res.Status, res.Body)
		}
		res = a.PostJSON(t, nil, "/api/app-events", map[string]any{"name": "signup_success", "payload": map[string]any{"email": "new@example.com"}})
		if res.Status != http.StatusAccepted {
			t.Fatalf("signup_success: %d %s", res.Status, res.Body)
		}
		logins, err := store.NewOps(a.DB).AppEvents(t.Context(), "login_success", 10)
		if err != nil || len(logins) != 1 {
			t.Fatalf("login events %d (%v)", len(logins), err)
		}
		if logins[0].UserID == nil || *logins[0].UserID != in.Profile.UserID || !strings.Contains(logins[0].Payload, `"email":"agent@demo.test"`) {
			t.Fatalf("login event: %+v", logins[0])
		}
		signups, err := store.NewOps(a.DB).AppEvents(t.Context(), "signup_success", 10)
		if err != nil || len(signups) != 1 || signups[0].UserID != nil {
			t.Fatalf("signup event: %+v (%v)", signups, err)
		}
		// A dead session records without a user rather than failing.
		a.DoWith(t, browser, http.MethodPost, "/api/auth/signout", nil, nil)
		res = a.DoWith(t, &http.Client{}, http.MethodPost, "/api/app-events", []byte(`{"name":"logout"}`), http.Header{"Cookie": {"circle_session=dead"}})
		if res.Status != http.StatusAccepted {
			t.Fatalf("event with a dead session: %d %s", res.Status, res.Body)
		}
		for _, bad := range []string{`{"name":"purchase"}`, `{"payload":{}}`, `{"name":"login_success","payload":"x"}`} {
			res := a.Do(t, http.MethodPost, "/api/app-events", []byte(bad), nil)
			if res.Status != http.StatusUnprocessableEntity {
				t.Fatalf("%s: %d %s", bad, res.Status, res.Body)
			}
		}
		big := `{"name":"login_success","payload":{"x":"` + strings.Repeat("a", 5000) + `"}}`
		if res := a.Do(t, http.MethodPost, "/api/app-events", []byte(big), nil); res.Status != http.StatusBadRequest {
			t.Fatalf("oversize payload: %d %s", res.Status, res.Body)
		}
		if n, _ := store.NewOps(a.DB).AppEvents(t.Context(), "login_success", 10); len(n) != 1 {
			t.Fatalf("refused events were stored: %d", len(n))
		}
	})
}

// ---- F-AUTH-03: the strength endpoint (validate_password_strength) ----

func TestF_AUTH_03_PasswordStrengthEndpoint(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) { acctStrengthEndpoint(t, testapp.Start(t, kind)) })
}

func acctStrengthEndpoint(t *testing.T, a *testapp.App) {
	for _, c := range []struct {
		password, level string
		score           int
	}{{"abc", "weak", 1}, {"abcDEF12", "medium", 4}, {"Password1!", "weak", 2}, {"CircleDemo1!", "strong", 6}} {
		res := a.PostJSON(t, nil, "/api/auth/password-strength", map[string]string{"password": c.password})
		var out struct {
			auth.Strength
			FeedbackText []string `json:"feedback_text"`
		}
		res.JSON(t, &out)
		if res.Status != http.StatusOK || out.Level != c.level || out.Score != c.score || out.MaxScore != 6 ||
			len(out.FeedbackText) != len(out.Feedback) || out.IsStrong != (c.level == "strong") {
			t.Fatalf("%q: %d %s", c.password, res.Status, res.Body)
		}
		for i, k := range out.Feedback {
			if out.FeedbackText[i] != auth.FeedbackText(k) || out.FeedbackText[i] == "" {
				t.Fatalf("%q: feedback text %q for %s", c.password, out.FeedbackText[i], k)
			}
		}
	}
}

// F-AUTH-02: a password hashed with earlier argon2id parameters signs in, and is stored again
// with the current ones.
func TestF_AUTH_02_SignInRehashesEarlierParameters(t *testing.T) {
	a := testapp.Start(t, store.SQLite)
	id := acctCreateUser(t, a, "early@example.com", "Early Adopter", true)
	salt := []byte("0123456789abcdef")
	old := "$argon2id$v=19$m=19456,t=2,p=1$" + base64.RawStdEncoding.EncodeToString(salt) + "$" +
		base64.RawStdEncoding.EncodeToString(argon2.IDKey([]byte(demo.Password), salt, 2, 19456, 1, 32))
	if err := store.NewAccounts(a.DB).SetPassword(t.Context(), id, old); err != nil {
		t.Fatal(err)
	}
	if res := acctSignIn(t, a, nil, "early@example.com", demo.Password); res.Status != http.StatusOK {
		t.Fatalf("sign-in with the earlier hash: %d %s", res.Status, res.Body)
	}
	u, err := store.NewAccounts(a.DB).UserByID(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	if u.PasswordHash == old || account.NeedsRehash(u.PasswordHash) {
		t.Fatalf("hash after sign-in: %q", u.PasswordHash)
	}
	if ok, _ := account.CheckPassword(u.PasswordHash, demo.Password); !ok {
		t.Fatal("the new hash does not match the password")
	}
	if res := acctSignIn(t, a, nil, "early@example.com", demo.Password); res.Status != http.StatusOK {
		t.Fatalf("sign-in with the new hash: %d", res.Status)
	}
}
