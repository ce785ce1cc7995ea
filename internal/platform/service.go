// Package platform answers questions about the running app itself: readiness (database and
// migrations), the public app configuration the web app reads at start, and the catalogue
// counts. It is a package of its own rather than part of internal/appconfig because readiness
// needs the database's schema version, and the store imports appconfig: appconfig stays the
// configuration row and its rules. Like every domain package it does not import the store: the
// store implements Store and returns CatalogStats.
package platform

import (
	"context"
	"log/slog"
	"strconv"
	"time"

	"circle/internal/appconfig"
	"circle/internal/apperr"
)

// Store is what the platform service needs from the database (internal/store).
type Store interface {
	Ping(ctx context.Context) error
	SchemaVersion(ctx context.Context) (applied, latest int, err error)
	GetConfig(ctx context.Context) (appconfig.Config, error)
	CatalogStats(ctx context.Context) (CatalogStats, error)
}

// CatalogStats counts what the marketplace shows.
type CatalogStats struct {
	ActiveServices int64 `json:"active_services"`
	Vendors        int64 `json:"vendors"`
	Reviews        int64 `json:"reviews"`
}

// Service reports on the running app.
type Service struct {
	Store Store
	// Database names the engine readiness reports ("sqlite" or "postgres").
	Database string
	// Version is the binary's version; StartedAt is when it started (uptime).
	Version   string
	StartedAt time.Time
	Now       func() time.Time
	// Logger receives the database's own errors, which readiness does not show (nil: discarded).
	Logger *slog.Logger
	// Warmed, when set, reports whether the in-memory copies the app serves from (the search
	// index and the marketplace snapshot) are built: readiness fails until they are.
	Warmed func() bool
}

// PingTimeout bounds the readiness checks' database calls.
const PingTimeout = 2 * time.Second

// The readiness checks' public errors.
const (
	MsgDatabaseUnavailable = "database unavailable"
	MsgSchemaUnreadable    = "schema version unreadable"
	MsgWarming             = "building the search index and the marketplace snapshot"
)

func (s *Service) logger() *slog.Logger {
	if s.Logger == nil {
		return slog.New(slog.DiscardHandler)
	}
	return s.Logger
}

// Readiness statuses.
const (
	StatusOK          = "ok"
	StatusUnavailable = "unavailable"
)

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

// Ready checks that the database answers (within PingTimeout), that its schema is at the
// binary's latest migration and, with Warmed set, that the search index and the marketplace
// snapshot are built; Status is StatusUnavailable when a check fails.
func (s *Service) Ready(ctx context.Context) Readiness {
	r := Readiness{Version: s.Version, Database: s.Database, UptimeSeconds: int64(s.Now().Sub(s.StartedAt).Seconds())}

	pingCtx, cancel := context.WithTimeout(ctx, PingTimeout)
	defer cancel()
	// The latency is real elapsed time, so it reads the wall clock, not Now (a test's clock).
	start := time.Now()
	dbCheck := ReadyCheck{Name: "database", OK: true}
	if err := s.Store.Ping(pingCtx); err != nil {
		// The answer is public: the driver's error (host, role, database, SQLSTATE) goes to
		// the log only.
		dbCheck.OK, dbCheck.Error = false, MsgDatabaseUnavailable
		s.logger().ErrorContext(ctx, "readiness: database did not answer", "err", err)
	}
	dbCheck.LatencyMS = float64(time.Since(start).Microseconds()) / 1000
	r.Checks = append(r.Checks, dbCheck)

	migCheck := ReadyCheck{Name: "migrations", OK: false}
	if dbCheck.OK {
		applied, latest, err := s.Store.SchemaVersion(pingCtx)
		switch {
		case err != nil:
			migCheck.Error = MsgSchemaUnreadable
			s.logger().ErrorContext(ctx, "readiness: schema version unreadable", "err", err)
		case applied < latest:
			migCheck.Error = "schema is at version " + strconv.Itoa(applied) + ", the binary needs " + strconv.Itoa(latest)
		default:
			migCheck.OK = true
		}
		r.SchemaVersion = applied
	} else {
		migCheck.Error = "skipped: database unavailable"
	}
	r.Checks = append(r.Checks, migCheck)

	if s.Warmed != nil {
		warm := ReadyCheck{Name: "marketplace", OK: s.Warmed()}
		if !warm.OK {
			warm.Error = MsgWarming
		}
		r.Checks = append(r.Checks, warm)
	}

	r.Status = StatusOK
	for _, c := range r.Checks {
		if !c.OK {
			r.Status = StatusUnavailable
		}
	}
	return r
}

// Config returns the public app configuration.
func (s *Service) Config(ctx context.Context) (appconfig.Config, error) {
	c, err := s.Store.GetConfig(ctx)
	if err != nil {
		return c, apperr.Wrap(err, "read app config")
	}
	return c, nil
}

// CatalogStats counts active services, listed vendors and reviews.
func (s *Service) CatalogStats(ctx context.Context) (CatalogStats, error) {
	st, err := s.Store.CatalogStats(ctx)
	if err != nil {
		return st, apperr.Wrap(err, "count catalogue")
	}
	return st, nil
}
