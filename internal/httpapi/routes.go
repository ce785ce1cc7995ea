package httpapi

import (
	"net/http"

	"github.com/danielgtaylor/huma/v2"
)

// registerRoutes is the one table of every API operation.
func registerRoutes(api huma.API, s *Server) {
	// Platform
	huma.Register(api, huma.Operation{OperationID: "healthz", Method: http.MethodGet, Path: "/healthz",
		Summary: "Process is up", Tags: []string{"platform"}}, s.healthz)
	huma.Register(api, huma.Operation{OperationID: "readyz", Method: http.MethodGet, Path: "/readyz",
		Summary: "Database reachable and migrations applied", Tags: []string{"platform"},
		Responses: map[string]*huma.Response{"503": {Description: "Not ready"}}}, s.readyz)
	huma.Register(api, huma.Operation{OperationID: "get-config", Method: http.MethodGet, Path: "/api/config",
		Summary: "Public application configuration", Tags: []string{"platform"}}, s.getConfig)
	huma.Register(api, huma.Operation{OperationID: "report-client-error", Method: http.MethodPost, Path: "/api/client-errors",
		Summary: "Record an error the web app caught", Tags: []string{"platform"},
		DefaultStatus: http.StatusAccepted, MaxBodyBytes: 64 << 10}, s.reportClientError)

	// Catalogue
	huma.Register(api, huma.Operation{OperationID: "get-catalog-stats", Method: http.MethodGet, Path: "/api/catalog/stats",
		Summary: "Counts of active services, listed vendors and reviews", Tags: []string{"catalog"}}, s.getCatalogStats)
}
