package store

import (
	"encoding/json"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/audit"
)

// auditRow is a row of audit_log (audit.Record without bun in the domain package). A NULL
// actor_id is the system.
type auditRow struct {
	bun.BaseModel `bun:"table:audit_log,alias:audit"`

	ID         string    `bun:"id,pk"`
	ActorID    *string   `bun:"actor_id"`
	Action     string    `bun:"action,notnull"`
	ObjectKind string    `bun:"object_kind,notnull"`
	ObjectID   string    `bun:"object_id,notnull"`
	BeforeJSON string    `bun:"before_json,notnull"`
	AfterJSON  string    `bun:"after_json,notnull"`
	RequestID  string    `bun:"request_id,notnull"`
	At         time.Time `bun:"at,notnull"`
}

func auditRowOf(e audit.Record) auditRow {
	before, after := string(e.Before), string(e.After)
	if before == "" {
		before = "null"
	}
	if after == "" {
		after = "null"
	}
	return auditRow{ID: e.ID, ActorID: userRef(e.ActorID), Action: e.Action, ObjectKind: e.ObjectKind, ObjectID: e.ObjectID,
		BeforeJSON: before, AfterJSON: after, RequestID: e.RequestID, At: e.At}
}

// auditWithActor is an entry with its actor's e-mail (NULL when the account is gone or the
// actor is the system).
type auditWithActor struct {
	auditRow   `bun:",extend"`
	ActorEmail *string `bun:"actor_email"`
}

func (r auditWithActor) domain() audit.Record {
	e := audit.Record{ID: r.ID, Action: r.Action, ObjectKind: r.ObjectKind, ObjectID: r.ObjectID,
		Before: json.RawMessage(r.BeforeJSON), After: json.RawMessage(r.AfterJSON), RequestID: r.RequestID, At: r.At}
	if r.ActorID != nil {
		e.ActorID = *r.ActorID
	}
	if r.ActorEmail != nil {
		e.ActorEmail = *r.ActorEmail
	}
	return e
}
