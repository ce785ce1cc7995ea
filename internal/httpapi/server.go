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

	"circle/internal/auth"
	"circle/internal/platform"
)

// Deps are what the server itself needs: middleware, the access check, health and the web
// app. The areas (New's list) hold their own services.
type Deps struct {
	Logger *slog.Logger
	Now    func() time.Time
	// Web is the built web app; WebBuilt is false when the binary carries none.
	Web      fs.FS
	WebBuilt bool
	// DemoFiles are the demo catalogue's pictures and documents served under /demo/; nil
	// answers 404 there.
	DemoFiles fs.FS
	// TLS reports whether the public URL is https (sets HSTS).
	TLS bool
	// TrustProxy takes the client address from X-Forwarded-For (behind a load balancer).
	TrustProxy bool
	// MetricsToken, when set, lets a caller that sends it as a bearer token read /metrics from
	// anywhere; without it /metrics answers loopback callers only.
	MetricsToken string

	// Auth reads the session of every request (the access check, viewer).
	Auth *auth.Service
	// Owners answers who owns the row an owner-of or owner-only operation acts on.
	Owners Owners
	// Platform answers readiness.
	Platform *platform.Service
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
	cfg.Info.Description = "The JSON API of Circle, the marketplace for real-estate agents. Errors share one shape: code, message, fields and request_id.\n\n" +
		"Signed-in calls carry the session cookie that sign-in sets, or the same token as `Authorization: Bearer`. Browsers' cross-origin writes are refused. Prices are in US cents."
	// No URLs: the document must be the same on every deployment, and OpenAPI wants absolute
	// ones; the description names the app's own pages instead.
	cfg.Info.Contact = &huma.Contact{Name: "Circle support, through the app's Contact Us page (/contact)"}
	cfg.Info.License = &huma.License{Name: "Proprietary: all rights reserved; use is governed by the Terms of Service (/terms)"}
	// Relative: the document is served by the server it describes, whatever its public address.
	cfg.Servers = []*huma.Server{{URL: "/", Description: "The Circle server that serves this document"}}
	cfg.Tags = apiTags
	cfg.Extensions = map[string]any{"x-circle-access-levels": accessLevels()}
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

// New assembles the handler: the operations of the server (health) and of every area, then
// metrics and logging, body limit, compression, security headers, panic recovery and request
// ids, outermost last. A route table with an operation that declares no access does not start.
func New(deps Deps, areas ...Area) (*Server, error) {
	if deps.Now == nil {
		deps.Now = time.Now
	}
	mux := http.NewServeMux()
	s := &Server{deps: deps, api: newAPI(mux), metrics: newMetrics()}
	// The access middleware must be in place before the operations are registered: huma
	// builds each operation's middleware chain when it is registered.
	// The body is read first (a body cut short is the client's 400, not a 500), then invalid
	// text is refused: the access check reads rows by path parameter.
	s.api.UseMiddleware(s.readBody, s.rejectInvalidText, s.enforceAccess)
	spa, err := newSPAHandler(deps.Web, deps.WebBuilt)
	if err != nil {
		return nil, fmt.Errorf("load web app: %w", err)
	}
	if err := register(s.api, mux, spa, s, areas); err != nil {
		return nil, err
	}

	mux.Handle("GET /metrics", withMetricsAccess(deps.MetricsToken, promhttp.HandlerFor(s.metrics.registry, promhttp.HandlerOpts{})))
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, r, http.StatusNotFound, fmt.Sprintf("no API endpoint %s %s", r.Method, r.URL.Path))
	})
	docs, err := newAPIDocsHandler(deps.Web, deps.WebBuilt)
	if err != nil {
		return nil, fmt.Errorf("API reference page: %w", err)
	}
	mux.Handle("GET "+apiDocsPath, docs)
	mux.Handle("GET /demo/", demoFilesHandler{files: deps.DemoFiles})
	mux.Handle("/", spa)

	var h http.Handler = mux
	h = withLogAndMetrics(s.metrics, h)
	var sessions sessionReader
	if deps.Auth != nil {
		sessions = deps.Auth
	}
	h = withCaller(deps.TrustProxy, sessions, h)
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

// register is the one place every operation is declared: the server's own, then each area's
// in the order given; then the steps that read the whole table (the access check, the
// document's nullable objects). New and OpenAPIJSON both go through it, so the document is
// the table the server serves.
func register(api huma.API, mux *http.ServeMux, spa *spaHandler, s *Server, areas []Area) error {
	r := &Router{api: api, mux: mux, spa: spa}
	s.routes(r)
	for _, a := range areas {
		if u, ok := a.(interface{ useMetrics(*metrics) }); ok {
			u.useMetrics(s.metrics)
		}
		a.Register(r)
	}
	if err := checkAccessDeclared(api); err != nil {
		return fmt.Errorf("route table: %w", err)
	}
	markNullableObjects(api)
	documentOperations(api)
	return nil
}

// OpenAPIJSON returns the API document of the areas as indented JSON, exactly as committed in
// api/ (app.OpenAPIJSON passes every area). Registering an area calls none of its handlers, so
// areas without services will do.
func OpenAPIJSON(areas ...Area) ([]byte, error) {
	api := newAPI(http.NewServeMux())
	if err := register(api, http.NewServeMux(), nil, &Server{}, areas); err != nil {
		return nil, err
	}
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
