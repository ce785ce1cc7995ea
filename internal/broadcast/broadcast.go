// Package broadcast tells every replica of one database that something it keeps in memory has
// changed, so each drops its copy at once instead of at its next periodic check. On PostgreSQL
// a change is a NOTIFY on one channel every replica LISTENs on; on SQLite (one process) it is a
// call to this process's subscribers. A change is published after its transaction commits; one
// lost in a crash between the two is still caught by the periodic checks (the catalogue
// fingerprint), which stay as the fallback.
package broadcast

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"

	"circle/internal/ids"
)

// Topic names one kind of change.
type Topic string

// Catalog: services, vendors, tags, reviews or their order changed (the search index, the
// trending lists and the marketplace snapshot).
const Catalog Topic = "catalog"

// publishTimeout bounds one NOTIFY.
const publishTimeout = 5 * time.Second

// Bus delivers changes to this process's subscribers and, on PostgreSQL, to every other
// replica's.
type Bus struct {
	logger *slog.Logger
	origin string // this process, so it skips its own notifications (already delivered)

	mu   sync.RWMutex
	subs map[Topic][]func(ids []string)

	// db and channel are set on PostgreSQL.
	db      *sql.DB
	channel string
}

// NewLocal returns a bus for one process (SQLite).
func NewLocal(logger *slog.Logger) *Bus {
	return &Bus{logger: logger, origin: ids.New(), subs: map[Topic][]func(ids []string){}}
}

// NewPostgres returns a bus over PostgreSQL's LISTEN/NOTIFY on db (a pgx pool). The channel is
// named after the schema, so deployments (or tests) sharing one database in separate schemas
// do not wake each other.
func NewPostgres(ctx context.Context, db *sql.DB, logger *slog.Logger) (*Bus, error) {
	var schema string
	if err := db.QueryRowContext(ctx, "SELECT current_schema()").Scan(&schema); err != nil {
		return nil, fmt.Errorf("broadcast: read schema: %w", err)
	}
	b := NewLocal(logger)
	b.db, b.channel = db, "circle_changes"
	if schema != "public" {
		b.channel += "_" + strings.ToLower(schema)
	}
	return b, nil
}

// Subscribe calls fn on every change of topic, made here or on another replica. fn runs on the
// publisher's or the listener's goroutine: it must return quickly (start work, do not do it).
func (b *Bus) Subscribe(t Topic, fn func()) {
	b.SubscribeIDs(t, func([]string) { fn() })
}

// SubscribeIDs is Subscribe for a subscriber that can use what changed: fn gets the ids the
// publisher named (PublishIDs), or nil when anything of the topic may have changed (Publish,
// or changes missed while the listener was reconnecting).
func (b *Bus) SubscribeIDs(t Topic, fn func(ids []string)) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.subs[t] = append(b.subs[t], fn)
}

func (b *Bus) deliver(t Topic, ids []string) {
	b.mu.RLock()
	subs := b.subs[t]
	b.mu.RUnlock()
	for _, fn := range subs {
		fn(ids)
	}
}

func (b *Bus) deliverAll() {
	b.mu.RLock()
	topics := make([]Topic, 0, len(b.subs))
	for t := range b.subs {
		topics = append(topics, t)
	}
	b.mu.RUnlock()
	for _, t := range topics {
		b.deliver(t, nil)
	}
}

// Publish tells this process's subscribers, then the other replicas, that t changed. Call it
// after the change is committed. It runs on a context of its own: a client that went away
// after its write must not keep the other replicas from hearing of it. A failed NOTIFY is
// logged; the other replicas then see the change at their next periodic check.
func (b *Bus) Publish(t Topic) {
	b.PublishIDs(t, nil)
}

// maxPayloadIDs bounds the ids one notification carries (PostgreSQL's payload limit is 8,000
// bytes): a longer list goes out as "anything changed".
const maxPayloadIDs = 150

// PublishIDs is Publish naming what changed (ids without spaces or commas); nil or an empty
// list means anything of the topic may have changed.
func (b *Bus) PublishIDs(t Topic, ids []string) {
	b.deliver(t, ids)
	if b.db == nil {
		return
	}
	payload := b.origin + " " + string(t)
	if len(ids) > 0 && len(ids) <= maxPayloadIDs {
		payload += " " + strings.Join(ids, ",")
	}
	ctx, cancel := context.WithTimeout(context.Background(), publishTimeout)
	defer cancel()
	if _, err := b.db.ExecContext(ctx, "SELECT pg_notify($1, $2)", b.channel, payload); err != nil {
		b.logger.Error("broadcast: notify the other replicas", "topic", t, "err", err)
	}
}

// parsePayload splits a notification into its origin, topic and ids (nil: anything).
func parsePayload(p string) (origin string, t Topic, ids []string) {
	origin, rest, _ := strings.Cut(p, " ")
	topic, list, _ := strings.Cut(rest, " ")
	if list != "" {
		ids = strings.Split(list, ",")
	}
	return origin, Topic(topic), ids
}

// Listen receives the other replicas' changes until ctx ends (on SQLite it returns at once).
// It holds one connection of the pool; when the connection fails it connects again with a
// growing pause and then delivers every topic, since changes may have been missed meanwhile.
func (b *Bus) Listen(ctx context.Context) {
	if b.db == nil {
		return
	}
	pause := time.Second
	for first := true; ; first = false {
		err := b.listenOnce(ctx, !first)
		if ctx.Err() != nil {
			return
		}
		b.logger.Error("broadcast: listening stopped; connecting again", "in", pause, "err", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(pause):
		}
		pause = min(2*pause, 30*time.Second)
	}
}

// listenOnce listens on one connection until it fails or ctx ends.
func (b *Bus) listenOnce(ctx context.Context, reconnected bool) error {
	conn, err := b.db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("take a connection: %w", err)
	}
	defer conn.Close()
	return conn.Raw(func(dc any) error {
		sc, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("broadcast: the pool's connections are %T, not pgx", dc)
		}
		pc := sc.Conn()
		// The connection is LISTENing: it never goes back to the pool (ErrBadConn discards it).
		defer pc.Close(context.Background())
		if _, err := pc.Exec(ctx, "LISTEN "+pgx.Identifier{b.channel}.Sanitize()); err != nil {
			return errors.Join(fmt.Errorf("listen: %w", err), driver.ErrBadConn)
		}
		if reconnected {
			b.deliverAll()
		}
		for {
			n, err := pc.WaitForNotification(ctx)
			if err != nil {
				return errors.Join(fmt.Errorf("wait for notifications: %w", err), driver.ErrBadConn)
			}
			origin, topic, ids := parsePayload(n.Payload)
			if origin != b.origin {
				b.deliver(topic, ids)
			}
		}
	})
}
