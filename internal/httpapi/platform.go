package httpapi

import (
	"context"
	"net/http"
	"time"

	"circle/internal/appconfig"
	"circle/internal/apperr"
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

// ReadyCheck is one readiness check.
type ReadyCheck struct {
	Name      string  `json:"name"`
	OK        bool    `json:"ok"`
	LatencyMS float64 `json:"latency_ms,omitempty"`
	Error     string  `json:"error,omitempty"`
}

// Readiness is the /readyz answer.
type Readiness struct {
	Status        string       `json:"status" enum:"ok,unavailable"`
	Version       string       `json:"version"`
	Database      string       `json:"database" enum:"sqlite,postgres"`
	SchemaVersion int          `json:"schema_version"`
	UptimeSeconds int64        `json:"uptime_seconds"`
	Checks        []ReadyCheck `json:"checks"`
}

type readyzOutput struct {
	Status int
	Body   Readiness
}

func (s *Server) readyz(ctx context.Context, _ *struct{}) (*readyzOutput, error) {
	out := &readyzOutput{Status: http.StatusOK}
	r := &out.Body
	r.Version = s.deps.Version
	r.Database = string(s.deps.DB.Kind())
	r.UptimeSeconds = int64(s.deps.Now().Sub(s.deps.StartedAt).Seconds())

	pingCtx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	start := time.Now()
	dbCheck := ReadyCheck{Name: "database", OK: true}
	if err := s.deps.DB.Ping(pingCtx); err != nil {
		dbCheck.OK, dbCheck.Error = false, "database did not answer: "+err.Error()
	}
	dbCheck.LatencyMS = float64(time.Since(start).Microseconds()) / 1000
	r.Checks = append(r.Checks, dbCheck)

	migCheck := ReadyCheck{Name: "migrations", OK: false}
	if dbCheck.OK {
		applied, latest, err := s.deps.DB.SchemaVersion(pingCtx)
		switch {
		case err != nil:
			migCheck.Error = err.Error()
		case applied < latest:
			migCheck.Error = "schema is at version " + itoa(applied) + ", the binary needs " + itoa(latest)
		default:
			migCheck.OK = true
		}
		r.SchemaVersion = applied
	} else {
		migCheck.Error = "skipped: database unavailable"
	}
	r.Checks = append(r.Checks, migCheck)

	r.Status = "ok"
	for _, c := range r.Checks {
		if !c.OK {
			r.Status = "unavailable"
			out.Status = http.StatusServiceUnavailable
		}
	}
	return out, nil
}

type configOutput struct {
	CacheControl string `header:"Cache-Control"`
	Body         appconfig.Config
}

func (s *Server) getConfig(ctx context.Context, _ *struct{}) (*configOutput, error) {
	c, err := s.deps.DB.GetConfig(ctx)
	if err != nil {
		return nil, apperr.Wrap(err, "read app config")
	}
	return &configOutput{CacheControl: "no-store", Body: c}, nil
}

type catalogStatsOutput struct {
	Body store.CatalogStats
}

func (s *Server) getCatalogStats(ctx context.Context, _ *struct{}) (*catalogStatsOutput, error) {
	st, err := s.deps.DB.CatalogStats(ctx)
	if err != nil {
		return nil, apperr.Wrap(err, "count catalogue")
	}
	return &catalogStatsOutput{Body: st}, nil
}
