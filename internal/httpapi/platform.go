package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"circle/internal/appconfig"
	"circle/internal/platform"
)

// PlatformArea is the public app configuration and the catalogue counts.
type PlatformArea struct {
	Platform *platform.Service
}

// Summaries too long for their route line.
const (
	sumGetCatalogStats = "Counts of active services, listed vendors and reviews"
)

// Register declares the area's routes.
func (h *PlatformArea) Register(r *Router) {
	get(r, "/api/config", "get-config", "Public application configuration", "platform", public, h.getConfig)
	get(r, "/api/catalog/stats", "get-catalog-stats", sumGetCatalogStats, "catalog", public, h.getCatalogStats)
}

const sumReadyz = "Database reachable, migrations applied, search index and marketplace snapshot built"

// routes declares the server's own operations: liveness and readiness.
func (s *Server) routes(r *Router) {
	get(r, "/healthz", "healthz", "Process is up", "platform", public, s.healthz)
	notReady := responses(map[string]*huma.Response{"503": {Description: "Not ready"}})
	get(r, "/readyz", "readyz", sumReadyz, "platform", public, s.readyz, notReady)
}

type healthzOutput struct {
	Body struct {
		Status string `json:"status" example:"ok"`
	}
}

func (s *Server) healthz(ctx context.Context, _ *struct{}) (*healthzOutput, error) {
	out := &healthzOutput{}
	out.Body.Status = "ok"
	return out, nil
}

type readyzOutput struct {
	Status int
	Body   platform.Readiness
}

func (s *Server) readyz(ctx context.Context, _ *struct{}) (*readyzOutput, error) {
	out := &readyzOutput{Status: http.StatusOK, Body: s.deps.Platform.Ready(ctx)}
	if out.Body.Status != platform.StatusOK {
		out.Status = http.StatusServiceUnavailable
	}
	return out, nil
}

type configOutput struct {
	CacheControl string `header:"Cache-Control"`
	Body         appconfig.Config
}

func (h *PlatformArea) getConfig(ctx context.Context, _ *struct{}) (*configOutput, error) {
	c, err := h.Platform.Config(ctx)
	if err != nil {
		return nil, err
	}
	return &configOutput{CacheControl: "no-store", Body: c}, nil
}

type catalogStatsOutput = bodyOutput[platform.CatalogStats]

func (h *PlatformArea) getCatalogStats(ctx context.Context, _ *struct{}) (*catalogStatsOutput, error) {
	return answer(h.Platform.CatalogStats(ctx))
}
