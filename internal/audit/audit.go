// Package audit is the back office's append-only audit log (issue 31 item 12, F-AREA-03): every
// change made by staff and every role grant, with who made it, when, what, and the object's
// state before and after. An entry is written by the service that makes the change, on the same
// transaction (store.Audit.AppendAudit takes the transaction's querier), so a change that fails
// leaves no entry and an entry never describes a change that did not happen. The actor comes
// from the request's access check (httpapi's actorOf), never from the request body.
package audit

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"circle/internal/apperr"
	"circle/internal/ids"
)

// Actor is who makes a change: the signed-in administrator's user id ("" is the system: the
// command line, a migration) and the id of the request that carried it.
type Actor struct {
	UserID    string
	RequestID string
}

// System is the actor of changes made outside a request (the command line).
var System = Actor{}

// Actions recorded in the log. The object kind names what the object id is.
const (
	ActionRoleGrant        = "role.grant"
	ActionRoleRevoke       = "role.revoke"
	ActionConfigChange     = "config.change"
	ActionUserDisable      = "user.disable"
	ActionUserEnable       = "user.enable"
	ActionSessionRevoke    = "session.revoke"
	ActionResendVerify     = "user.resend_verification"
	ActionForceReset       = "user.force_password_reset"
	ActionVendorAppApprove = "vendor_application.approve"
	ActionVendorAppReject  = "vendor_application.reject"
	ActionVendorAppChanges = "vendor_application.request_changes"
	ActionVendorSuspend    = "vendor.suspend"
	ActionVendorReinstate  = "vendor.reinstate"
	ActionReviewHide       = "review.hide"
	ActionReviewRestore    = "review.restore"
	ActionReviewAssign     = "review.assign"
	ActionReviewNotes      = "review.admin_notes"
	ActionServiceUpdate    = "service.update"
	ActionCategoryUpdate   = "category.update"
	KindService            = "service"
	KindCategory           = "category"
	KindVendor             = "vendor"
	KindVendorApplication  = "vendor_application"
	KindReview             = "review"
	KindUser               = "user"
	KindAppConfig          = "app_config"
	KindSession            = "session"
	DefaultPageSize        = 50
	MaxPageSize            = 200
	maxFilterLen           = 100
	MsgBadDateRange        = "The start date must be before the end date."
	MsgFilterTooLong       = "A filter is at most 100 characters."
	MsgPageSizeOutOfLine   = "The page size is from 1 to 200."
)

// Record is one entry of the log.
type Record struct {
	ID         string          `json:"id"`
	ActorID    string          `json:"actor_id" doc:"User id of the administrator; empty for the system (command line)"`
	ActorEmail string          `json:"actor_email" doc:"The actor's e-mail when the account still exists"`
	Action     string          `json:"action" example:"role.grant"`
	ObjectKind string          `json:"object_kind" example:"user"`
	ObjectID   string          `json:"object_id"`
	Before     json.RawMessage `json:"before" doc:"The object's state before the change (null when none)"`
	After      json.RawMessage `json:"after" doc:"The object's state after the change (null when none)"`
	At         time.Time       `json:"at"`
	RequestID  string          `json:"request_id"`
}

// New builds an entry of the actor's change; before and after are marshalled to JSON (nil is
// null). At is set by the store's clock when it is zero.
func New(a Actor, action, kind, objectID string, before, after any) (Record, error) {
	b, err := json.Marshal(before)
	if err != nil {
		return Record{}, fmt.Errorf("audit before: %w", err)
	}
	f, err := json.Marshal(after)
	if err != nil {
		return Record{}, fmt.Errorf("audit after: %w", err)
	}
	return Record{ID: ids.New(), ActorID: a.UserID, RequestID: a.RequestID, Action: action, ObjectKind: kind, ObjectID: objectID, Before: b, After: f}, nil
}

// Appender writes entries; a store's AppendAudit writes on the transaction ctx carries.
type Appender interface {
	AppendAudit(ctx context.Context, e Record) error
}

// Append writes the entry of the actor's change through st, on ctx's transaction, so the entry
// and the change commit together (see New for before, after and At).
func Append(ctx context.Context, st Appender, a Actor, action, kind, objectID string, before, after any) error {
	e, err := New(a, action, kind, objectID, before, after)
	if err != nil {
		return err
	}
	return st.AppendAudit(ctx, e)
}

// Filter is a search of the log. Empty fields match everything; From is inclusive, To exclusive.
type Filter struct {
	ActorID    string
	ObjectKind string
	ObjectID   string
	Action     string
	From, To   *time.Time
	Page       int // 1-based
	PageSize   int
}

// Validate checks the filter and fills the paging defaults.
func (f *Filter) Validate() error {
	for name, v := range map[string]string{"actor": f.ActorID, "object_kind": f.ObjectKind, "object_id": f.ObjectID, "action": f.Action} {
		if len(v) > maxFilterLen {
			return apperr.Field(name, "admin.filter_too_long", MsgFilterTooLong)
		}
	}
	f.ActorID, f.ObjectKind, f.ObjectID, f.Action = strings.TrimSpace(f.ActorID), strings.TrimSpace(f.ObjectKind), strings.TrimSpace(f.ObjectID), strings.TrimSpace(f.Action)
	if f.From != nil && f.To != nil && !f.From.Before(*f.To) {
		return apperr.Field("from", "admin.bad_date_range", MsgBadDateRange)
	}
	if f.Page < 1 {
		f.Page = 1
	}
	if f.PageSize == 0 {
		f.PageSize = DefaultPageSize
	}
	if f.PageSize < 1 || f.PageSize > MaxPageSize {
		return apperr.Field("page_size", "admin.page_size", MsgPageSizeOutOfLine)
	}
	return nil
}

// Page is one page of entries, newest first, with the count of every match.
type RecordPage struct {
	Entries []Record `json:"entries"`
	Total   int      `json:"total"`
}

// Store reads the log (writes go through the changing service's transaction).
type Store interface {
	AuditEntries(ctx context.Context, f Filter) ([]Record, int, error)
}

// Service searches the log.
type Service struct {
	Store Store
}

// Search answers one page of the entries matching f, newest first.
func (s *Service) Search(ctx context.Context, f Filter) (RecordPage, error) {
	if err := f.Validate(); err != nil {
		return RecordPage{}, err
	}
	es, total, err := s.Store.AuditEntries(ctx, f)
	if err != nil {
		return RecordPage{}, err
	}
	if es == nil {
		es = []Record{}
	}
	return RecordPage{Entries: es, Total: total}, nil
}
