package httpapi

import (
	"context"
	"net/http"

	"circle/internal/appconfig"
	"circle/internal/platform"
	"circle/internal/store"
)

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

func (s *Server) getConfig(ctx context.Context, _ *struct{}) (*configOutput, error) {
	c, err := s.deps.Platform.Config(ctx)
	if err != nil {
		return nil, err
	}
	return &configOutput{CacheControl: "no-store", Body: c}, nil
}

type catalogStatsOutput struct {
	Body store.CatalogStats
}

func (s *Server) getCatalogStats(ctx context.Context, _ *struct{}) (*catalogStatsOutput, error) {
	st, err := s.deps.Platform.CatalogStats(ctx)
	if err != nil {
		return nil, err
	}
	return &catalogStatsOutput{Body: st}, nil
}
