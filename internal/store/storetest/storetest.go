// Package storetest opens throwaway databases for tests: a SQLite file in a temp directory and
// a fresh schema on the PostgreSQL server at CIRCLE_TEST_POSTGRES_URL (default
// postgres://postgres@127.0.0.1:5432/test?sslmode=disable). A missing PostgreSQL server fails
// the test with instructions; it is never skipped.
package storetest

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"

	"circle/internal/ids"
	"circle/internal/store"
)

// DefaultPostgresURL is used when CIRCLE_TEST_POSTGRES_URL is not set.
const DefaultPostgresURL = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

// PostgresURL returns the server URL tests use.
func PostgresURL() string {
	if u := os.Getenv("CIRCLE_TEST_POSTGRES_URL"); u != "" {
		return u
	}
	return DefaultPostgresURL
}

// Engines lists the engines every store test runs on.
var Engines = []store.Kind{store.SQLite, store.Postgres}

// URL returns a database URL of a fresh, empty database of the given kind, dropped when the
// test ends.
func URL(t testing.TB, kind store.Kind) string {
	t.Helper()
	if kind == store.SQLite {
		return filepath.Join(t.TempDir(), "circle.db")
	}
	base := PostgresURL()
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("storetest: open postgres %s: %v", base, err)
	}
	defer admin.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	schema := "t_" + strings.ReplaceAll(ids.New(), "-", "")[:20]
	if _, err := admin.ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatalf("storetest: PostgreSQL is required for store tests and did not answer at %s: %v\n"+
			"Start it (make test starts a throwaway server when none answers) or set CIRCLE_TEST_POSTGRES_URL.", base, err)
	}
	t.Cleanup(func() {
		db, err := sql.Open("pgx", base)
		if err != nil {
			return
		}
		defer db.Close()
		_, _ = db.Exec("DROP SCHEMA " + schema + " CASCADE")
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("storetest: parse %s: %v", base, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// Open opens and migrates a fresh database of the given kind.
func Open(t testing.TB, kind store.Kind, opts ...store.Option) *store.DB {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, URL(t, kind), opts...)
	if err != nil {
		t.Fatalf("storetest: open %s: %v", kind, err)
	}
	t.Cleanup(func() { _ = db.Close() })
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatalf("storetest: migrate %s: %v", kind, err)
	}
	return db
}

// Each runs fn as a subtest on a fresh database of every engine.
func Each(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	for _, kind := range Engines {
		t.Run(string(kind), func(t *testing.T) {
			fn(t, Open(t, kind))
		})
	}
}

// Describe names the engines for log lines.
func Describe() string { return fmt.Sprintf("%v", Engines) }
