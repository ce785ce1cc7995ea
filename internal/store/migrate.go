package store

import (
	"bytes"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"text/template"
	"time"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// Migration is one embedded schema change. Files are named NNNN_name.sql; the number is the
// version. Each file is a text/template rendered with the engine's type names.
type Migration struct {
	Version int
	Name    string
	SQL     string
}

// dialectTypes are the template's engine-specific words: TS the timestamp type; Unlogged
// "UNLOGGED" on PostgreSQL (a table without write-ahead log, emptied after a crash: for data
// that is fine to lose, such as rate-limit buckets) and nothing on SQLite.
type dialectTypes struct{ TS, Unlogged string }

// afterMigration are Go steps run in a migration's transaction, after its SQL: the money
// record's entries for the money facts written before it existed (issue 31 item 7; created by
// 0057). The step runs after 0067 (partial refunds), the last migration whose table it reads.
var afterMigration = map[int]func(ctx context.Context, q Q, now time.Time) error{
	67: func(ctx context.Context, q Q, now time.Time) error {
		// Only a database with facts needs it (a new one has none). The step reads the facts
		// through today's row structs: a later migration that adds a column to orders,
		// order_refunds, order_partial_refunds, billing_invoices, vendor_point_charges or
		// pro_guarantee_credits must move this step after it. A database that ran it at 0057
		// before it moved has its entries already (they are keyed: nothing is written twice).
		var n int
		if err := q.NewRaw(`SELECT (SELECT COUNT(*) FROM orders) + (SELECT COUNT(*) FROM billing_invoices) +
			(SELECT COUNT(*) FROM points_ledger) + (SELECT COUNT(*) FROM vendor_point_charges)`).Scan(ctx, &n); err != nil {
			return fmt.Errorf("count money facts: %w", err)
		}
		if n == 0 {
			return nil
		}
		return backfillMoney(ctx, q, now)
	},
}

// Migrations returns the embedded migrations for this engine, ordered by version.
func (db *DB) Migrations() ([]Migration, error) {
	types := dialectTypes{TS: "TIMESTAMP"}
	if db.kind == Postgres {
		types.TS, types.Unlogged = "TIMESTAMPTZ", "UNLOGGED"
	}
	entries, err := fs.ReadDir(migrationFiles, "migrations")
	if err != nil {
		return nil, fmt.Errorf("read migrations: %w", err)
	}
	var out []Migration
	for _, e := range entries {
		name := e.Name()
		num, _, ok := strings.Cut(name, "_")
		version, err := strconv.Atoi(num)
		if !ok || err != nil {
			return nil, fmt.Errorf("migration %s: name must start with a number and _", name)
		}
		raw, err := migrationFiles.ReadFile("migrations/" + name)
		if err != nil {
			return nil, fmt.Errorf("read migration %s: %w", name, err)
		}
		tmpl, err := template.New(name).Parse(string(raw))
		if err != nil {
			return nil, fmt.Errorf("parse migration %s: %w", name, err)
		}
		var buf bytes.Buffer
		if err := tmpl.Execute(&buf, types); err != nil {
			return nil, fmt.Errorf("render migration %s: %w", name, err)
		}
		out = append(out, Migration{Version: version, Name: strings.TrimSuffix(name, ".sql"), SQL: buf.String()})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	return out, nil
}

// Migrate applies every migration not yet applied, each in its own transaction, and returns
// how many it applied. Several replicas starting at once are safe: on PostgreSQL a transaction
// advisory lock (PostgreSQL-only) serialises them; on SQLite the immediate transaction does.
func (db *DB) Migrate(ctx context.Context) (int, error) {
	migrations, err := db.Migrations()
	if err != nil {
		return 0, err
	}
	// A database with every migration applied (every start of a replica after the first, and
	// every test database cloned from the migrated template) needs no transaction per
	// migration, nor the lock they take in turn.
	if db.allApplied(ctx, migrations) {
		return 0, nil
	}
	applied := 0
	for _, m := range migrations {
		did := false
		err := db.InTx(ctx, func(ctx context.Context) error {
			tx := db.q(ctx)
			if db.kind == Postgres {
				if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(7234001)"); err != nil {
					return fmt.Errorf("take migration lock: %w", err)
				}
			}
			if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
				version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`); err != nil {
				return fmt.Errorf("create schema_migrations: %w", err)
			}
			var n int
			if err := tx.NewSelect().Table("schema_migrations").ColumnExpr("count(*)").Where("version = ?", m.Version).Scan(ctx, &n); err != nil {
				return fmt.Errorf("read schema_migrations: %w", err)
			}
			if n > 0 {
				return nil
			}
			if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
				return fmt.Errorf("apply migration %s: %w", m.Name, err)
			}
			if step := afterMigration[m.Version]; step != nil {
				if err := step(ctx, tx, db.Now()); err != nil {
					return fmt.Errorf("migration %s: %w", m.Name, err)
				}
			}
			if _, err := tx.ExecContext(ctx, "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
				m.Version, m.Name, db.Now().Format("2006-01-02T15:04:05Z")); err != nil {
				return fmt.Errorf("record migration %s: %w", m.Name, err)
			}
			did = true
			return nil
		})
		if err != nil {
			return applied, err
		}
		if did {
			applied++
		}
	}
	return applied, nil
}

// allApplied reports whether schema_migrations lists every one of migrations; false when it
// cannot tell (no table yet), so that Migrate takes the careful path.
func (db *DB) allApplied(ctx context.Context, migrations []Migration) bool {
	var versions []int
	if err := db.bun.NewSelect().Table("schema_migrations").Column("version").Scan(ctx, &versions); err != nil {
		return false
	}
	have := make(map[int]bool, len(versions))
	for _, v := range versions {
		have[v] = true
	}
	for _, m := range migrations {
		if !have[m.Version] {
			return false
		}
	}
	return true
}

// MigrationsFingerprint names the embedded migrations (their names and text): two builds with
// the same fingerprint create the same schema. Tests key their migrated template on it.
func MigrationsFingerprint() (string, error) {
	h := sha256.New()
	err := fs.WalkDir(migrationFiles, "migrations", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		raw, err := migrationFiles.ReadFile(path)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", path, len(raw))
		h.Write(raw)
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("fingerprint migrations: %w", err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// SchemaVersion returns the highest applied migration version and the highest embedded one.
func (db *DB) SchemaVersion(ctx context.Context) (applied, latest int, err error) {
	migrations, err := db.Migrations()
	if err != nil {
		return 0, 0, err
	}
	if len(migrations) > 0 {
		latest = migrations[len(migrations)-1].Version
	}
	var v *int
	if err := db.bun.NewSelect().Table("schema_migrations").ColumnExpr("max(version)").Scan(ctx, &v); err != nil {
		return 0, latest, fmt.Errorf("read schema version: %w", err)
	}
	if v != nil {
		applied = *v
	}
	return applied, latest, nil
}
