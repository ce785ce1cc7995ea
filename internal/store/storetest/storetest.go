// Package storetest opens throwaway databases for tests: a SQLite file in a temp directory and
// a fresh database (a clone of a migrated template) on the PostgreSQL server at
// CIRCLE_TEST_POSTGRES_URL (default
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
	"sync"
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

// URL returns a database URL of a fresh database of the given kind, dropped when the test
// ends. A SQLite database is a new file, a copy of a template the migrations were applied to
// once (see sqliteTemplateBytes); a PostgreSQL one is a new database cloned from a
// template the migrations were applied to once (see postgresTemplate), so it opens migrated.
func URL(t testing.TB, kind store.Kind) string {
	t.Helper()
	if kind == store.SQLite {
		path := filepath.Join(t.TempDir(), "circle.db")
		tpl, err := sqliteTemplateBytes()
		if err != nil {
			t.Fatalf("storetest: the migrated SQLite template could not be made: %v", err)
		}
		if err := os.WriteFile(path, tpl, 0o600); err != nil {
			t.Fatalf("storetest: write %s: %v", path, err)
		}
		return path
	}
	base := PostgresURL()
	tpl, err := postgresTemplate(base)
	if err != nil {
		t.Fatalf("storetest: PostgreSQL is required for store tests and the migrated template could not be made at %s: %v\n"+
			"Start it (make test starts a throwaway server when none answers) or set CIRCLE_TEST_POSTGRES_URL.", base, err)
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("storetest: open postgres %s: %v", base, err)
	}
	defer admin.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	name := "t_" + strings.ReplaceAll(ids.New(), "-", "")[:20]
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name+" TEMPLATE "+tpl); err != nil {
		t.Fatalf("storetest: create database %s from %s: %v", name, tpl, err)
	}
	t.Cleanup(func() {
		db, err := sql.Open("pgx", base)
		if err != nil {
			return
		}
		defer db.Close()
		_, _ = db.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
	})
	u, err := withDatabase(base, name)
	if err != nil {
		t.Fatalf("storetest: %v", err)
	}
	return u
}

// withDatabase is base with another database name.
func withDatabase(base, name string) (string, error) {
	u, err := url.Parse(base)
	if err != nil {
		return "", fmt.Errorf("parse %s: %w", base, err)
	}
	u.Path = "/" + name
	return u.String(), nil
}

// The migrated template, made once per test binary (and once per set of migrations on the
// server: every package's binary finds the one the first made).
var template struct {
	once sync.Once
	name string
	err  error
}

// postgresTemplate returns the name of a database with every migration applied, made on the
// server at base if it is not there. Applying the 70-odd migrations took each test 1.5 to 3
// seconds (their lock is one per database, so every test's migrations queued behind the
// others'); cloning the template takes a fraction of that. The name carries the migrations'
// fingerprint, so a changed migration makes a new template; old ones stay on the test server
// (another checkout's tests may be cloning them).
func postgresTemplate(base string) (string, error) {
	template.once.Do(func() { template.name, template.err = makeTemplate(base) })
	return template.name, template.err
}

func makeTemplate(base string) (string, error) {
	fp, err := store.MigrationsFingerprint()
	if err != nil {
		return "", err
	}
	name := "circle_tpl_" + fp[:16]
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", err
	}
	defer admin.Close()
	// The session's advisory lock: the test binaries of one run start together, one makes it.
	conn, err := admin.Conn(ctx)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock(7234002)"); err != nil {
		return "", fmt.Errorf("lock: %w", err)
	}
	defer func() { _, _ = conn.ExecContext(context.Background(), "SELECT pg_advisory_unlock(7234002)") }()
	var exists bool
	if err := conn.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return "", fmt.Errorf("look for %s: %w", name, err)
	}
	if exists {
		return name, nil
	}
	// Built under another name and renamed when complete: a run stopped half-way leaves no
	// template that looks finished.
	building := name + "_building"
	if _, err := conn.ExecContext(ctx, "DROP DATABASE IF EXISTS "+building+" WITH (FORCE)"); err != nil {
		return "", fmt.Errorf("drop %s: %w", building, err)
	}
	if _, err := conn.ExecContext(ctx, "CREATE DATABASE "+building); err != nil {
		return "", fmt.Errorf("create %s: %w", building, err)
	}
	u, err := withDatabase(base, building)
	if err != nil {
		return "", err
	}
	db, err := store.Open(ctx, u)
	if err != nil {
		return "", fmt.Errorf("open %s: %w", building, err)
	}
	_, err = db.Migrate(ctx)
	db.Close()
	if err != nil {
		return "", fmt.Errorf("migrate %s: %w", building, err)
	}
	if _, err := conn.ExecContext(ctx, "ALTER DATABASE "+building+" RENAME TO "+name); err != nil {
		return "", fmt.Errorf("publish %s: %w", name, err)
	}
	return name, nil
}

// The migrated SQLite template, made once per test binary and kept as the file's bytes.
var sqliteTemplate struct {
	once  sync.Once
	bytes []byte
	err   error
}

// sqliteTemplateBytes returns a SQLite database file with every migration applied. Applying
// the 80-odd migrations in every SQLite test was an eighth of the API tests' CPU (15 of 127 s in
// a profile, most of it SQLite parsing the migrations' SQL); writing the file's bytes is a copy.
// A database opened from it is migrated, as a PostgreSQL one cloned from its template is.
func sqliteTemplateBytes() ([]byte, error) {
	sqliteTemplate.once.Do(func() { sqliteTemplate.bytes, sqliteTemplate.err = makeSQLiteTemplate() })
	return sqliteTemplate.bytes, sqliteTemplate.err
}

func makeSQLiteTemplate() ([]byte, error) {
	dir, err := os.MkdirTemp("", "circle-sqlite-template-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "template.db")
	ctx := context.Background()
	db, err := store.Open(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	if _, err := db.Migrate(ctx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("migrate %s: %w", path, err)
	}
	// Closing the last connection checkpoints the write-ahead log into the file and removes it,
	// so the file alone is the whole database.
	if err := db.Close(); err != nil {
		return nil, fmt.Errorf("close %s: %w", path, err)
	}
	if _, err := os.Stat(path + "-wal"); err == nil {
		return nil, fmt.Errorf("%s-wal is still there after close", path)
	}
	return os.ReadFile(path)
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
