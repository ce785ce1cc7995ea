package botcheck_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"
	"time"

	"circle/internal/apperr"
	"circle/internal/botcheck"
)

// siteverify answers as Cloudflare documents
// (https://developers.cloudflare.com/turnstile/get-started/server-side-validation/): a POST
// with the form fields secret, response and remoteip, answered with JSON
// {"success": bool, "error-codes": [...]}.
type siteverify struct {
	mu       sync.Mutex
	requests []url.Values
	methods  []string
	types    []string
	// answers maps a response token to the error codes to answer with; a token that is
	// not in the map succeeds.
	answers map[string][]string
	// solvedOn maps a response token to the hostname and action of its success answer;
	// other tokens were solved on circle.example by the sign-up widget.
	solvedOn map[string][2]string
	delay    time.Duration
}

const testSecret = "0x4AAAAAAAtest-secret"

func (s *siteverify) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if s.delay > 0 {
		// The body is read, so the server notices when the client gives up.
		select {
		case <-time.After(s.delay):
		case <-r.Context().Done():
			return
		}
	}
	s.mu.Lock()
	s.requests = append(s.requests, r.PostForm)
	s.methods = append(s.methods, r.Method)
	s.types = append(s.types, r.Header.Get("Content-Type"))
	s.mu.Unlock()

	w.Header().Set("Content-Type", "application/json")
	answer := map[string]any{"success": false, "error-codes": []string{}}
	switch {
	case r.Method != http.MethodPost:
		answer["error-codes"] = []string{"bad-request"}
	case r.PostForm.Get("secret") == "":
		answer["error-codes"] = []string{"missing-input-secret"}
	case r.PostForm.Get("secret") != testSecret:
		answer["error-codes"] = []string{"invalid-input-secret"}
	case r.PostForm.Get("response") == "":
		answer["error-codes"] = []string{"missing-input-response"}
	default:
		if codes, ok := s.answers[r.PostForm.Get("response")]; ok {
			answer["error-codes"] = codes
		} else {
			where, ok := s.solvedOn[r.PostForm.Get("response")]
			if !ok {
				where = [2]string{"circle.example", "signup"}
			}
			answer = map[string]any{"success": true, "challenge_ts": time.Now().UTC().Format(time.RFC3339),
				"hostname": where[0], "error-codes": []string{}, "action": where[1], "cdata": ""}
		}
	}
	_ = json.NewEncoder(w).Encode(answer)
}

func (s *siteverify) seen() []url.Values {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]url.Values(nil), s.requests...)
}

func startSiteverify(t *testing.T, sv *siteverify) (*siteverify, string) {
	t.Helper()
	ts := httptest.NewServer(sv)
	t.Cleanup(ts.Close)
	return sv, ts.URL + "/turnstile/v0/siteverify"
}

// wantFieldError checks err is an invalid error on bot_token with the message.
func wantFieldError(t *testing.T, err error, msg string) {
	t.Helper()
	e, ok := apperr.As(err)
	if !ok {
		t.Fatalf("error %v is not an application error", err)
	}
	if e.Code != apperr.Invalid || len(e.Fields) != 1 || e.Fields[0].Field != "bot_token" || e.Fields[0].Message != msg || e.Message != msg {
		t.Fatalf("error %+v, want invalid on bot_token with %q", e, msg)
	}
}

func TestF_AUTH_05_TurnstileSuccess(t *testing.T) {
	sv, u := startSiteverify(t, &siteverify{})
	ts := &botcheck.Turnstile{SiteKeyValue: "0x4AAAAAAAsite", Secret: testSecret, VerifyURL: u, Hostname: "circle.example"}
	if ts.Kind() != "turnstile" || ts.SiteKey() != "0x4AAAAAAAsite" {
		t.Errorf("kind %q site key %q", ts.Kind(), ts.SiteKey())
	}
	if err := ts.Verify(context.Background(), "XXXX.DUMMY.TOKEN.XXXX", "203.0.113.7"); err != nil {
		t.Fatalf("verify a good token: %v", err)
	}
	reqs := sv.seen()
	if len(reqs) != 1 {
		t.Fatalf("siteverify got %d requests, want 1", len(reqs))
	}
	f := reqs[0]
	if f.Get("secret") != testSecret || f.Get("response") != "XXXX.DUMMY.TOKEN.XXXX" || f.Get("remoteip") != "203.0.113.7" {
		t.Errorf("siteverify form %v", f)
	}
	if sv.methods[0] != http.MethodPost || sv.types[0] != "application/x-www-form-urlencoded" {
		t.Errorf("siteverify request %s %q", sv.methods[0], sv.types[0])
	}

	// Without a client address the remoteip field is left out.
	if err := ts.Verify(context.Background(), "another-token", ""); err != nil {
		t.Fatalf("verify without remote ip: %v", err)
	}
	if f := sv.seen()[1]; f.Has("remoteip") || f.Get("response") != "another-token" {
		t.Errorf("siteverify form without remote ip: %v", f)
	}
}

func TestF_AUTH_05_TurnstileRejections(t *testing.T) {
	sv, u := startSiteverify(t, &siteverify{answers: map[string][]string{
		"bad-token":     {"invalid-input-response"},
		"used-token":    {"timeout-or-duplicate"},
		"odd-token":     {"internal-error"},
		"several-codes": {"invalid-input-response", "timeout-or-duplicate"},
	}})
	ts := &botcheck.Turnstile{Secret: testSecret, VerifyURL: u, Hostname: "circle.example"}
	ctx := context.Background()

	wantFieldError(t, ts.Verify(ctx, "bad-token", "198.51.100.1"), "Verification failed. Please try again.")
	wantFieldError(t, ts.Verify(ctx, "used-token", "198.51.100.1"), botcheck.MsgExpired)
	wantFieldError(t, ts.Verify(ctx, "odd-token", "198.51.100.1"), "Verification failed. Please try again.")
	wantFieldError(t, ts.Verify(ctx, "several-codes", ""), botcheck.MsgExpired)
	if n := len(sv.seen()); n != 4 {
		t.Errorf("siteverify got %d requests, want 4", n)
	}

	// A wrong secret is refused by siteverify.
	wrong := &botcheck.Turnstile{Secret: "not-the-secret", VerifyURL: u}
	wantFieldError(t, wrong.Verify(ctx, "fine-token", ""), "Verification failed. Please try again.")
}

// A good token solved on another site sharing the site key, or by a widget with another
// action, proves nothing about this sign-up; Cloudflare's test keys need AnyHostname.
func TestF_AUTH_05_TurnstileChecksHostnameAndAction(t *testing.T) {
	_, u := startSiteverify(t, &siteverify{solvedOn: map[string][2]string{
		"other-site":   {"evil.example", "signup"},
		"other-widget": {"circle.example", "login"},
		"no-action":    {"circle.example", ""},
		"upper-case":   {"Circle.Example", "signup"},
		"test-key":     {"example.com", ""},
	}})
	ts := &botcheck.Turnstile{Secret: testSecret, VerifyURL: u, Hostname: "circle.example"}
	ctx := context.Background()
	for _, token := range []string{"other-site", "other-widget", "no-action", "test-key"} {
		wantFieldError(t, ts.Verify(ctx, token, ""), "Verification failed. Please try again.")
	}
	for _, token := range []string{"upper-case", "good-token"} {
		if err := ts.Verify(ctx, token, ""); err != nil {
			t.Errorf("%s: %v", token, err)
		}
	}
	anySite := &botcheck.Turnstile{Secret: testSecret, VerifyURL: u, Hostname: botcheck.AnyHostname}
	for _, token := range []string{"other-site", "test-key", "good-token"} {
		if err := anySite.Verify(ctx, token, ""); err != nil {
			t.Errorf("%s with any hostname: %v", token, err)
		}
	}
}

func TestF_AUTH_05_TurnstileEmptyTokenNeedsNoCall(t *testing.T) {
	sv, u := startSiteverify(t, &siteverify{})
	ts := &botcheck.Turnstile{Secret: testSecret, VerifyURL: u}
	err := ts.Verify(context.Background(), "", "203.0.113.7")
	wantFieldError(t, err, "Security Verification Required: Please complete the security verification to continue.")
	if n := len(sv.seen()); n != 0 {
		t.Errorf("an empty token was sent to siteverify (%d requests)", n)
	}
}

func TestF_AUTH_05_TurnstileServerDownTimesOut(t *testing.T) {
	down := httptest.NewServer(http.NotFoundHandler())
	u := down.URL + "/turnstile/v0/siteverify"
	down.Close()
	ts := &botcheck.Turnstile{Secret: testSecret, VerifyURL: u}
	wantFieldError(t, ts.Verify(context.Background(), "some-token", ""), botcheck.MsgTimeout)
	if botcheck.MsgTimeout != "Verification timed out" {
		t.Errorf("timeout message %q", botcheck.MsgTimeout)
	}

	// A server slower than the client's timeout is a time-out too.
	_, slow := startSiteverify(t, &siteverify{delay: 2 * time.Second})
	ts = &botcheck.Turnstile{Secret: testSecret, VerifyURL: slow, Client: &http.Client{Timeout: 100 * time.Millisecond}}
	start := time.Now()
	wantFieldError(t, ts.Verify(context.Background(), "some-token", ""), botcheck.MsgTimeout)
	if d := time.Since(start); d > 1500*time.Millisecond {
		t.Errorf("verify waited %v for a slow server", d)
	}
}

func TestF_AUTH_05_TurnstileGarbageAnswerFails(t *testing.T) {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusBadGateway)
		_, _ = w.Write([]byte("<html>502 Bad Gateway</html>"))
	}))
	defer ts.Close()
	tv := &botcheck.Turnstile{Secret: testSecret, VerifyURL: ts.URL}
	wantFieldError(t, tv.Verify(context.Background(), "some-token", ""), "Verification failed. Please try again.")
}
