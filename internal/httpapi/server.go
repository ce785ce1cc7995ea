// Package httpapi is the HTTP face of Circle: the JSON API (huma on net/http, described by
// the committed OpenAPI document), health and metrics endpoints, and the embedded web app.
package httpapi

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"
	"github.com/klauspost/compress/gzhttp"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"circle/internal/account"
	"circle/internal/auth"
	"circle/internal/billing"
	"circle/internal/cart"
	"circle/internal/checkout"
	"circle/internal/consultations"
	"circle/internal/copay"
	"circle/internal/detail"
	"circle/internal/jobs"
	"circle/internal/marketplace"
	"circle/internal/monitor"
	"circle/internal/notices"
	"circle/internal/payments"
	"circle/internal/platform"
	"circle/internal/points"
	"circle/internal/ratelimit"
	"circle/internal/saved"

	"circle/internal/location"
	"circle/internal/prepcourse"
	"circle/internal/vendorinvite"
)

// Deps are the server's collaborators.
type Deps struct {
	Logger *slog.Logger
	Now    func() time.Time
	// Web is the built web app; WebBuilt is false when the binary carries none.
	Web      fs.FS
	WebBuilt bool
	// DemoFiles are the demo catalogue's pictures and documents served under /demo/; nil
	// answers 404 there.
	DemoFiles fs.FS
	// TLS reports whether the public URL is https (sets HSTS and Secure cookies).
	TLS bool
	// TrustProxy takes the client address from X-Forwarded-For (behind a load balancer).
	TrustProxy bool
	// MetricsToken, when set, lets a caller that sends it as a bearer token read /metrics from
	// anywhere; without it /metrics answers loopback callers only.
	MetricsToken string

	Auth        *auth.Service
	Profiles    *account.ProfileService
	AuthLimiter *ratelimit.Limiter
	// Google is nil when Google sign-in is not configured.
	Google GoogleSignIn

	Market    *marketplace.Service
	Snapshots *marketplace.Snapshots

	// BaseURL is the public address of the app (share links), without a trailing slash.
	BaseURL string

	// Payments is the payment provider: the built-in checkout page or Stripe (the built-in
	// portal page checks its links with it).
	Payments payments.Provider

	Saved *saved.Service
	// Points is the points wallet (issue 15).
	Points  *points.Service
	Monitor *monitor.Service
	// Platform answers readiness, the public app configuration and the catalogue counts.
	Platform *platform.Service

	// Jobs is the background jobs runner (administrators list its dead jobs).
	Jobs *jobs.Runner

	Cart     *cart.Service
	Checkout *checkout.Service
	Detail   *detail.Service
	Billing  *billing.Service

	// Issue 16 (consult-more): the preparation course, vendor invitations and referrals, and
	// the location dialog's geocoding and manual form.
	PrepCourse    *prepcourse.Service
	VendorInvites *vendorinvite.Service
	Location      *location.Service
	// CoPayVendor is the vendor's side of co-pay and Notices the in-app notifications (issue 15).
	CoPayVendor *copay.VendorService
	Notices     *notices.Service
	// CoPay is the agent's side of co-pay requests (issue 15).
	CoPay *copay.AgentService
	// PointsPay is paying with points: the automatic co-pay and the guarantee (issue 15).
	PointsPay PointsPay
	// Consultations books consultations (issue 16).
	Consultations *consultations.Service
}

// Server is the assembled HTTP handler.
type Server struct {
	deps    Deps
	api     huma.API
	metrics *metrics
	handler http.Handler
}

// APIVersion is the version of the API document.
const APIVersion = "1.0.0"

func newAPI(mux *http.ServeMux) huma.API {
	cfg := huma.DefaultConfig("Circle API", APIVersion)
	cfg.Info.Description = "The JSON API of Circle, the marketplace for real-estate agents. Errors share one shape: code, message, fields and request_id."
	cfg.OpenAPIPath = "/api/openapi"
	cfg.DocsPath = ""
	cfg.SchemasPath = ""
	cfg.Components.Schemas = huma.NewMapRegistry("#/components/schemas/", schemaName)
	// No $schema links in responses: the web app reads plain JSON.
	cfg.CreateHooks = nil
	cfg.Components.SecuritySchemes = map[string]*huma.SecurityScheme{
		"session": {Type: "apiKey", In: "cookie", Name: accessCookie,
			Description: "The HttpOnly session cookie set by sign-in; API clients may send the same token as Authorization: Bearer."},
	}
	return humago.New(mux, cfg)
}

// New assembles the handler: routes, then metrics and logging, body limit, compression,
// security headers, panic recovery and request ids, outermost last.
func New(deps Deps) (*Server, error) {
	return newServer(deps, registerRoutes)
}

// newServer is New with the route table as a parameter, so a test can prove that a table with
// an operation that declares no access does not start.
func newServer(deps Deps, routes func(huma.API, *Server)) (*Server, error) {
	if deps.Now == nil {
		deps.Now = time.Now
	}
	mux := http.NewServeMux()
	s := &Server{deps: deps, api: newAPI(mux), metrics: newMetrics()}
	// The access middleware must be in place before the operations are registered: huma
	// builds each operation's middleware chain when it is registered.
	// Invalid text is refused first: the access check reads rows by path parameter.
	s.api.UseMiddleware(s.rejectInvalidText, s.enforceAccess)
	routes(s.api, s)
	if err := checkAccessDeclared(s.api); err != nil {
		return nil, fmt.Errorf("route table: %w", err)
	}
	markNullableObjects(s.api)
	s.registerPaymentPages(mux)

	mux.Handle("GET /metrics", withMetricsAccess(deps.MetricsToken, promhttp.HandlerFor(s.metrics.registry, promhttp.HandlerOpts{})))
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, r, http.StatusNotFound, fmt.Sprintf("no API endpoint %s %s", r.Method, r.URL.Path))
	})
	spa, err := newSPAHandler(deps.Web, deps.WebBuilt)
	if err != nil {
		return nil, fmt.Errorf("load web app: %w", err)
	}
	mux.Handle("GET /demo/", demoFilesHandler{files: deps.DemoFiles})
	mux.Handle("/", spa)

	var h http.Handler = mux
	h = withLogAndMetrics(s.metrics, h)
	h = withCaller(deps.TrustProxy, h)
	h = withBodyLimit(h)
	gz, err := gzhttp.NewWrapper(gzhttp.MinSize(1024))
	if err != nil {
		return nil, fmt.Errorf("compression: %w", err)
	}
	h = gz(h)
	csrf := http.NewCrossOriginProtection()
	csrf.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, r, http.StatusForbidden, "Cross-origin request refused.")
	}))
	h = csrf.Handler(h)
	h = withSecurityHeaders(deps.TLS, h)
	h = withRecover(h)
	h = withRequestID(deps.Logger, h)
	s.handler = h
	return s, nil
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }

// OpenAPIJSON returns the API document as indented JSON, exactly as committed in api/.
func OpenAPIJSON() ([]byte, error) {
	api := newAPI(http.NewServeMux())
	registerRoutes(api, &Server{})
	markNullableObjects(api)
	raw, err := json.Marshal(api.OpenAPI())
	if err != nil {
		return nil, fmt.Errorf("marshal openapi: %w", err)
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, err
	}
	out, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}
