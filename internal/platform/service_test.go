package platform_test

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"circle/internal/appconfig"
	"circle/internal/apperr"
	"circle/internal/demo/demotest"
	"circle/internal/platform"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

// fakeStore answers readiness questions as told.
type fakeStore struct {
	pingErr, schemaErr error
	applied, latest    int
	configErr          error
}

func (f fakeStore) Ping(context.Context) error { return f.pingErr }
func (f fakeStore) SchemaVersion(context.Context) (int, int, error) {
	return f.applied, f.latest, f.schemaErr
}
func (f fakeStore) GetConfig(context.Context) (appconfig.Config, error) {
	return appconfig.Config{MaintenanceMode: true}, f.configErr
}
func (f fakeStore) CatalogStats(context.Context) (platform.CatalogStats, error) {
	return platform.CatalogStats{}, f.configErr
}

// TestReady: each way readiness fails, with the status and the checks' errors.
func TestReady(t *testing.T) {
	started := time.Date(2026, 3, 2, 15, 0, 0, 0, time.UTC)
	cases := []struct {
		name          string
		store         fakeStore
		status        string
		dbErr, migErr string
		schema        int
	}{
		{"ready", fakeStore{applied: 7, latest: 7}, platform.StatusOK, "", "", 7},
		{"database down", fakeStore{pingErr: errors.New("refused")}, platform.StatusUnavailable, platform.MsgDatabaseUnavailable, "skipped: database unavailable", 0},
		{"schema behind", fakeStore{applied: 5, latest: 7}, platform.StatusUnavailable, "", "schema is at version 5, the binary needs 7", 5},
		{"schema unreadable", fakeStore{schemaErr: errors.New("no table")}, platform.StatusUnavailable, "", platform.MsgSchemaUnreadable, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			svc := &platform.Service{Store: c.store, Database: "sqlite", Version: "v9", StartedAt: started, Now: func() time.Time { return started.Add(90 * time.Second) }}
			r := svc.Ready(context.Background())
			if r.Status != c.status || r.Version != "v9" || r.Database != "sqlite" || r.UptimeSeconds != 90 || r.SchemaVersion != c.schema {
				t.Fatalf("readiness %+v", r)
			}
			if len(r.Checks) != 2 || r.Checks[0].Name != "database" || r.Checks[0].Error != c.dbErr || r.Checks[1].Name != "migrations" || r.Checks[1].Error != c.migErr {
				t.Fatalf("checks %+v", r.Checks)
			}
			if r.Checks[0].OK != (c.dbErr == "") || r.Checks[1].OK != (c.migErr == "") {
				t.Fatalf("check results %+v", r.Checks)
			}
		})
	}
}

// TestF_APP_10_ReadyHidesDatabaseErrors: /readyz is public, so a failed check names no host,
// role, database or SQLSTATE; the driver's error goes to the log (issue 14, item 8).
func TestF_APP_10_ReadyHidesDatabaseErrors(t *testing.T) {
	secret := errors.New(`failed to connect to host=db.internal user=circle_prod database=circle: FATAL: password authentication failed for user "circle_prod" (SQLSTATE 28P01)`)
	for _, fs := range []fakeStore{{pingErr: secret}, {schemaErr: secret}} {
		var logged strings.Builder
		svc := &platform.Service{Store: fs, Now: time.Now, StartedAt: time.Now(), Logger: slog.New(slog.NewTextHandler(&logged, nil))}
		r := svc.Ready(context.Background())
		body, _ := json.Marshal(r)
		for _, leak := range []string{"db.internal", "circle_prod", "SQLSTATE", "28P01", "password"} {
			if strings.Contains(string(body), leak) {
				t.Fatalf("readiness shows %q: %s", leak, body)
			}
		}
		if r.Status != platform.StatusUnavailable || !strings.Contains(logged.String(), "28P01") {
			t.Fatalf("status %s; log %q", r.Status, logged.String())
		}
	}
}

// TestReadErrorsAreWrapped: a failed read answers the internal error with its message.
func TestReadErrorsAreWrapped(t *testing.T) {
	svc := &platform.Service{Store: fakeStore{configErr: errors.New("disk")}, Now: time.Now}
	if _, err := svc.Config(context.Background()); apperr.CodeOf(err) != apperr.Internal || err.Error() == "" {
		t.Fatalf("config: %v", err)
	}
	if _, err := svc.CatalogStats(context.Background()); apperr.CodeOf(err) != apperr.Internal {
		t.Fatalf("stats: %v", err)
	}
}

// TestOnTheStore: a migrated database is ready, and the configuration and counts read through.
func TestOnTheStore(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := &platform.Service{Store: store.NewOps(db), Database: string(db.Kind()), Version: "test", StartedAt: time.Now(), Now: time.Now}
		if r := svc.Ready(ctx); r.Status != platform.StatusOK || r.Database != string(db.Kind()) || r.SchemaVersion == 0 {
			t.Fatalf("readiness %+v", r)
		}
		if _, err := svc.Config(ctx); err != nil {
			t.Fatalf("config: %v", err)
		}
		if st, err := svc.CatalogStats(ctx); err != nil || st.ActiveServices != 0 {
			t.Fatalf("empty stats %+v %v", st, err)
		}
		demotest.Load(t, db)
		if st, err := svc.CatalogStats(ctx); err != nil || st.ActiveServices == 0 || st.Vendors == 0 || st.Reviews == 0 {
			t.Fatalf("demo stats %+v %v", st, err)
		}
	})
}
