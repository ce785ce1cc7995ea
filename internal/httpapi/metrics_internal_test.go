package httpapi

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// newBareServer is the server with no services: enough for the endpoints that need none.
func newBareServer(t *testing.T, token string, trustProxy bool) *Server {
	t.Helper()
	s, err := New(Deps{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), MetricsToken: token, TrustProxy: trustProxy})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestF_APP_10_MetricsAccess: /metrics answers loopback callers and holders of the bearer token
// only; a forwarded header cannot pass a remote caller off as loopback (issue 14, item 8).
func TestF_APP_10_MetricsAccess(t *testing.T) {
	const token = "s3cret-metrics-token"
	cases := []struct {
		name       string
		token      string
		trustProxy bool
		remote     string
		header     map[string]string
		want       int
	}{
		{"loopback v4", "", false, "127.0.0.1:5000", nil, 200},
		{"loopback v6", "", false, "[::1]:5000", nil, 200},
		{"remote, no token configured", "", false, "203.0.113.7:5000", nil, 404},
		{"remote, token configured, none sent", token, false, "203.0.113.7:5000", nil, 401},
		{"remote, wrong token", token, false, "203.0.113.7:5000", map[string]string{"Authorization": "Bearer nope"}, 401},
		{"remote, right token", token, false, "203.0.113.7:5000", map[string]string{"Authorization": "Bearer " + token}, 200},
		{"remote, token as cookie-less basic", token, false, "203.0.113.7:5000", map[string]string{"Authorization": "Basic " + token}, 401},
		{"remote faking loopback, proxy trusted", "", true, "203.0.113.7:5000", map[string]string{"X-Forwarded-For": "127.0.0.1"}, 404},
		{"proxy on loopback forwarding a remote caller", "", true, "127.0.0.1:5000", map[string]string{"X-Forwarded-For": "203.0.113.7"}, 404},
		{"proxy on loopback forwarding a forged loopback", "", true, "127.0.0.1:5000", map[string]string{"X-Forwarded-For": "127.0.0.1, 203.0.113.7"}, 404},
		{"proxy on loopback, Forwarded header", "", false, "127.0.0.1:5000", map[string]string{"Forwarded": "for=203.0.113.7"}, 404},
		{"proxy on loopback with the token", token, true, "127.0.0.1:5000", map[string]string{"X-Forwarded-For": "203.0.113.7", "Authorization": "Bearer " + token}, 200},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newBareServer(t, c.token, c.trustProxy)
			req := httptest.NewRequest(http.MethodGet, "/metrics", nil)
			req.RemoteAddr = c.remote
			for k, v := range c.header {
				req.Header.Set(k, v)
			}
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			if rec.Code != c.want {
				t.Fatalf("status %d, want %d: %.300s", rec.Code, c.want, rec.Body.String())
			}
			if c.want == 200 && !strings.Contains(rec.Body.String(), "circle_http_requests_total") && !strings.Contains(rec.Body.String(), "go_goroutines") {
				t.Fatalf("not the metrics: %.300s", rec.Body.String())
			}
			if c.want == 401 && rec.Header().Get("WWW-Authenticate") == "" {
				t.Fatalf("401 without WWW-Authenticate")
			}
		})
	}
}
