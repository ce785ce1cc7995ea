package httpapi

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"circle/internal/ids"
	"circle/internal/media"
)

type requestIDKey struct{}
type loggerKey struct{}

func requestIDFrom(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

func itoa(n int) string { return strconv.Itoa(n) }

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// withRequestID gives every request an id (a caller's sane X-Request-Id is kept), echoes it
// in the response and puts it and a logger carrying it in the context.
func withRequestID(logger *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Request-Id")
		if !saneRequestID(id) {
			id = ids.New()
		}
		w.Header().Set("X-Request-Id", id)
		ctx := context.WithValue(r.Context(), requestIDKey{}, id)
		ctx = context.WithValue(ctx, loggerKey{}, logger.With("request_id", id))
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

func saneRequestID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}

// statusRecorder remembers the status and size written.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += n
	return n, err
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// withRecover turns a panic into a logged 500 JSON error.
func withRecover(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				loggerFrom(r.Context()).Error("panic", "value", fmt.Sprint(v), "stack", string(debug.Stack()))
				writeError(w, r, http.StatusInternalServerError, internalMessage)
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// metrics are the server's Prometheus collectors, registered on its own registry.
type metrics struct {
	registry *prometheus.Registry
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
}

func newMetrics() *metrics {
	m := &metrics{
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "circle_http_requests_total", Help: "HTTP requests by method, route pattern and status.",
		}, []string{"method", "route", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "circle_http_request_duration_seconds", Help: "HTTP request latency by route pattern.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5},
		}, []string{"route"}),
	}
	m.registry.MustRegister(m.requests, m.duration,
		prometheus.NewGoCollector(), prometheus.NewProcessCollector(prometheus.ProcessCollectorOpts{}))
	return m
}

// withLogAndMetrics logs each request and counts it by the mux pattern that served it. It
// must wrap the mux directly: the mux records the pattern on the request it is given.
func withLogAndMetrics(m *metrics, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		elapsed := time.Since(start)
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		route := r.Pattern
		if route == "" {
			route = "unmatched"
		}
		m.requests.WithLabelValues(methodLabel(r.Method), route, strconv.Itoa(rec.status)).Inc()
		m.duration.WithLabelValues(route).Observe(elapsed.Seconds())
		level := slog.LevelInfo
		if rec.status >= 500 {
			level = slog.LevelError
		}
		loggerFrom(r.Context()).Log(r.Context(), level, "request",
			"method", r.Method, "path", r.URL.Path, "route", route, "status", rec.status,
			"bytes", rec.bytes, "duration_ms", float64(elapsed.Microseconds())/1000)
	})
}

// methodLabel is the method as a metrics label: any method outside the standard set is "OTHER",
// so a caller cannot add a series per made-up method name. The route label is already bounded:
// it is the mux pattern that served the request, or "unmatched", never the raw path.
func methodLabel(method string) string {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete, http.MethodOptions:
		return method
	}
	return "OTHER"
}

// withMetricsAccess serves /metrics to callers on the loopback interface and, when a token is
// configured, to callers sending it as a bearer token; others get 404 (no token configured:
// the endpoint does not exist for them) or 401 (a scraper with a missing or wrong token).
func withMetricsAccess(token string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if token != "" {
			if got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok &&
				subtle.ConstantTimeCompare([]byte(strings.TrimSpace(got)), []byte(token)) == 1 {
				next.ServeHTTP(w, r)
				return
			}
		}
		if directLoopback(r) {
			next.ServeHTTP(w, r)
			return
		}
		if token == "" {
			writeError(w, r, http.StatusNotFound, "Not found.")
			return
		}
		w.Header().Set("WWW-Authenticate", `Bearer realm="metrics"`)
		writeError(w, r, http.StatusUnauthorized, "A valid metrics bearer token is required.")
	})
}

// directLoopback reports whether the request comes straight from this machine: the TCP peer is
// a loopback address and no proxy forwarded it. It reads the connection, never X-Forwarded-For
// (even with --trust-proxy): a proxy on the same host makes every caller's peer loopback, and
// the forwarding headers it adds are what tell them apart.
func directLoopback(r *http.Request) bool {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip := net.ParseIP(host)
	if ip == nil || !ip.IsLoopback() {
		return false
	}
	for _, h := range []string{"X-Forwarded-For", "Forwarded", "X-Real-Ip", "X-Forwarded-Host"} {
		if _, ok := r.Header[h]; ok {
			return false
		}
	}
	return true
}

// contentSecurityPolicy allows only the app's own origin, plus the YouTube privacy-enhanced
// embed and thumbnails and Cloudflare Turnstile (used when configured). Inline styles are
// allowed for React style attributes; inline scripts are not.
const contentSecurityPolicy = "default-src 'self'; " +
	"script-src 'self' https://challenges.cloudflare.com; " +
	"style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob: https://i.ytimg.com; " +
	"media-src 'self' blob:; " +
	"font-src 'self' data:; " +
	"connect-src 'self'; " +
	"frame-src https://www.youtube-nocookie.com https://challenges.cloudflare.com; " +
	"object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// withSecurityHeaders sets the usual security headers on every response.
func withSecurityHeaders(tls bool, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(self), geolocation=(self), payment=()")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		if tls {
			h.Set("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
		}
		next.ServeHTTP(w, r)
	})
}

// maxBodyBytes limits every request body; huma answers 413 for its operations and plain
// handlers see a read error.
const maxBodyBytes = 1 << 20

func withBodyLimit(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		limit := int64(maxBodyBytes)
		upload := r.Method == http.MethodPost && r.URL.Path == uploadPath
		if upload {
			// The media upload (media.go) takes one file of up to the largest kind's limit.
			limit = uploadBodyBytes
		}
		if r.ContentLength > limit {
			if upload {
				writeError(w, r, http.StatusRequestEntityTooLarge, "", media.TooLarge(r.ContentLength))
				return
			}
			writeError(w, r, http.StatusRequestEntityTooLarge, fmt.Sprintf("request body is larger than %d bytes", limit))
			return
		}
		if r.Body != nil {
			r.Body = http.MaxBytesReader(w, r.Body, limit)
		}
		next.ServeHTTP(w, r)
	})
}
