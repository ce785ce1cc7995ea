// Package store is the one SQL implementation of every domain Store, on SQLite (modernc, pure
// Go) and PostgreSQL (pgx) through bun. The same queries run on both; each PostgreSQL-only
// construct is marked where it is used.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/dialect/sqlitedialect"
	_ "modernc.org/sqlite" // registers the "sqlite" database/sql driver
)

// Kind names the database engine.
type Kind string

// The supported engines.
const (
	SQLite   Kind = "sqlite"
	Postgres Kind = "postgres"
)

// DB is the application's database handle.
type DB struct {
	bun  *bun.DB
	kind Kind
	now  func() time.Time

	// Statements of hot paths, prepared on first use, by name.
	stmtMu   sync.Mutex
	prepared map[string]*sql.Stmt
}

// Option changes how Open builds the DB.
type Option func(*DB)

// WithClock makes the store use now for the timestamps it writes (tests use a fake clock).
func WithClock(now func() time.Time) Option { return func(db *DB) { db.now = now } }

// KindOf tells which engine a database URL selects: postgres:// and postgresql:// select
// PostgreSQL; anything else is a SQLite file path (optionally prefixed with sqlite:// or file:).
func KindOf(url string) Kind {
	if strings.HasPrefix(url, "postgres://") || strings.HasPrefix(url, "postgresql://") {
		return Postgres
	}
	return SQLite
}

// Open connects to the database at url. A SQLite file's directory is created when missing.
func Open(ctx context.Context, url string, opts ...Option) (*DB, error) {
	db := &DB{kind: KindOf(url), now: time.Now}
	for _, o := range opts {
		o(db)
	}
	switch db.kind {
	case Postgres:
		sqldb, err := sql.Open("pgx", url)
		if err != nil {
			return nil, fmt.Errorf("open postgres: %w", err)
		}
		sqldb.SetMaxOpenConns(32)
		sqldb.SetMaxIdleConns(16)
		sqldb.SetConnMaxIdleTime(5 * time.Minute)
		db.bun = bun.NewDB(sqldb, pgdialect.New())
	default:
		path := strings.TrimPrefix(strings.TrimPrefix(url, "sqlite://"), "file:")
		if i := strings.IndexByte(path, '?'); i >= 0 {
			path = path[:i]
		}
		if dir := filepath.Dir(path); dir != "" {
			if err := os.MkdirAll(dir, 0o750); err != nil {
				return nil, fmt.Errorf("open sqlite: create directory %s: %w", dir, err)
			}
		}
		dsn := "file:" + path + "?_pragma=foreign_keys(1)&_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_txlock=immediate"
		sqldb, err := sql.Open("sqlite", dsn)
		if err != nil {
			return nil, fmt.Errorf("open sqlite %s: %w", path, err)
		}
		// WAL lets readers run beside the one writer; busy_timeout queues writers.
		sqldb.SetMaxOpenConns(16)
		sqldb.SetMaxIdleConns(16)
		db.bun = bun.NewDB(sqldb, sqlitedialect.New())
	}
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := db.bun.PingContext(pingCtx); err != nil {
		_ = db.bun.Close()
		return nil, fmt.Errorf("connect to %s database: %w", db.kind, err)
	}
	return db, nil
}

// Kind reports the engine.
func (db *DB) Kind() Kind { return db.kind }

// forUpdate locks the rows q selects until the transaction ends, on PostgreSQL. SQLite has no
// FOR UPDATE and needs none: its transactions begin immediate (_txlock), one writer at a time.
func (db *DB) forUpdate(q *bun.SelectQuery) *bun.SelectQuery {
	if db.kind == Postgres {
		return q.For("UPDATE")
	}
	return q
}

// lockedByID reads row id, locked until the transaction ends, as its domain value: nil for id ""
// (a new one is being made), a not-found error naming what when there is no such row.
func lockedByID[R interface{ domain() D }, D any](ctx context.Context, db *DB, id, what string) (*D, error) {
	if id == "" {
		return nil, nil
	}
	var r R
	if err := db.forUpdate(db.q(ctx).NewSelect().Model(&r).Where("id = ?", id)).Scan(ctx); err != nil {
		return nil, notFound(err, what)
	}
	d := r.domain()
	return &d, nil
}

// Close closes the prepared statements and the connection pool.
func (db *DB) Close() error {
	db.stmtMu.Lock()
	for name, stmt := range db.prepared {
		_ = stmt.Close()
		delete(db.prepared, name)
	}
	db.stmtMu.Unlock()
	return db.bun.Close()
}

// preparedStmt returns the named statement, preparing it on first use. bun writes arguments into
// the SQL text, which makes SQLite parse a query again on every call; hot paths use these
// instead. query builds the SQL once with a single placeholder argument (placeholder).
func (db *DB) preparedStmt(ctx context.Context, name string, query func(placeholder string) string) (*sql.Stmt, error) {
	db.stmtMu.Lock()
	defer db.stmtMu.Unlock()
	if stmt, ok := db.prepared[name]; ok {
		return stmt, nil
	}
	placeholder := "?"
	if db.kind == Postgres {
		placeholder = "$1"
	}
	stmt, err := db.bun.DB.PrepareContext(ctx, query(placeholder))
	if err != nil {
		return nil, fmt.Errorf("prepare %s: %w", name, err)
	}
	if db.prepared == nil {
		db.prepared = map[string]*sql.Stmt{}
	}
	db.prepared[name] = stmt
	return stmt, nil
}

// Ping checks that the database answers.
func (db *DB) Ping(ctx context.Context) error { return db.bun.PingContext(ctx) }

// Bun exposes the bun handle to tests in other packages that need raw access.
func (db *DB) Bun() *bun.DB { return db.bun }

// Now returns the store's clock reading in UTC.
func (db *DB) Now() time.Time { return db.now().UTC() }

// Q is a querier: what store code runs its SQL on. Inside InTx it is the transaction; outside,
// the pool. Store methods get it from their ctx with db.q (docs/adr/0007-services-and-transactions.md).
type Q = bun.IDB

// txKey keys the transaction InTx puts in the context it hands to fn.
type txKey struct{}

// InsideTx reports whether ctx belongs to a transaction opened by InTx. Adapters that call out
// over the network check it (payments.Guard): no outside call may run while a transaction holds
// its locks.
func InsideTx(ctx context.Context) bool {
	_, ok := txOf(ctx)
	return ok
}

func txOf(ctx context.Context) (bun.Tx, bool) {
	tx, ok := ctx.Value(txKey{}).(bun.Tx)
	return tx, ok
}

// q is the querier a store method runs on: the transaction ctx belongs to (InTx), else the pool.
// A method called with the ctx InTx handed out therefore takes part in that transaction; one
// called with an outer ctx does not (and, on SQLite, waits for the write lock the transaction
// holds), which is why fn must use the ctx it is given.
func (db *DB) q(ctx context.Context) Q {
	if tx, ok := txOf(ctx); ok {
		return tx
	}
	return db.bun
}

// ErrNestedTx refuses a transaction opened inside another: it would run on a second connection
// (on SQLite it waits for the write lock the outer one holds). Call the store with the outer
// transaction's ctx instead.
var ErrNestedTx = errors.New("store: InTx called inside a transaction; run on its ctx instead")

// InTx runs fn in one transaction and is the only way to open one; fn's error rolls it back.
// fn gets a ctx that carries the transaction (InsideTx reports it): every store method called
// with that ctx runs in the transaction. On SQLite the transaction takes the write lock at BEGIN
// (_txlock=immediate), so read-then-write sequences cannot interleave; keep fn short and free of
// network calls.
func (db *DB) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	return db.runInTx(ctx, nil, fn)
}

func (db *DB) runInTx(ctx context.Context, opts *sql.TxOptions, fn func(ctx context.Context) error) error {
	if InsideTx(ctx) {
		return ErrNestedTx
	}
	return db.bun.RunInTx(ctx, opts, func(ctx context.Context, tx bun.Tx) error {
		return fn(context.WithValue(ctx, txKey{}, tx))
	})
}

// ReadSnapshot runs fn's reads on one consistent view of the database, for reads that compare
// tables written by other requests and jobs at the same time. On PostgreSQL that is a read-only
// repeatable-read transaction: every statement sees the snapshot of the first. On SQLite it is
// the one transaction InTx opens, which holds the write lock: writers wait until fn returns, so
// keep fn to its reads. Like InTx, the transaction rides in the ctx fn gets.
func (db *DB) ReadSnapshot(ctx context.Context, fn func(ctx context.Context) error) error {
	if db.kind != Postgres {
		return db.InTx(ctx, fn)
	}
	return db.runInTx(ctx, &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true}, fn)
}

// errOutsideTx refuses a lock that only means something inside a transaction.
var errOutsideTx = errors.New("store: lock taken outside a transaction")

// lockDedupeKey makes a check-then-insert inside ctx's transaction atomic for one key (parts
// joined): writers of the same key wait for each other until the transaction ends. On
// PostgreSQL that is a transaction-scoped advisory lock on the key's hash (a collision only
// makes two keys wait for each other); under read committed, two transactions could otherwise
// both find no row and both insert. On SQLite the immediate transaction already holds the only
// write lock. A ctx without a transaction is refused: the lock would end with its statement.
func (db *DB) lockDedupeKey(ctx context.Context, parts ...string) error {
	tx, ok := txOf(ctx)
	if !ok {
		return fmt.Errorf("lock %s: %w", parts[0], errOutsideTx)
	}
	if db.kind != Postgres {
		return nil
	}
	key := strings.Join(parts, "\x1f")
	if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", key); err != nil {
		return fmt.Errorf("lock %s: %w", parts[0], err)
	}
	return nil
}
