package store

import (
	"time"

	"github.com/uptrace/bun"

	"circle/internal/support"
)

// The rows of the support area's tables (support_tickets, support_ticket_replies,
// help_analytics). They list their columns: user_id, order_id and author_id are NULL, not
// empty, when not set (nullzero), which bun cannot add to an embedded field.

type ticketRow struct {
	bun.BaseModel `bun:"table:support_tickets,alias:st"`

	ID          string    `bun:"id,pk"`
	UserID      string    `bun:"user_id,nullzero"`
	Email       string    `bun:"email,notnull"`
	Subject     string    `bun:"subject,notnull"`
	Message     string    `bun:"message,notnull"`
	Kind        string    `bun:"kind,notnull"`
	OrderID     string    `bun:"order_id,nullzero"`
	Reason      string    `bun:"reason,notnull"`
	Evidence    string    `bun:"evidence,notnull"`
	CurrentPage string    `bun:"current_page,notnull"`
	Status      string    `bun:"status,notnull"`
	CreatedAt   time.Time `bun:"created_at,notnull"`
	UpdatedAt   time.Time `bun:"updated_at,notnull"`
	// The desk's columns (migration 0044).
	AssigneeID      string     `bun:"assignee_id,nullzero"`
	LastCustomerAt  time.Time  `bun:"last_customer_at,notnull"`
	FirstResponseAt *time.Time `bun:"first_response_at"`
}

func ticketRowOf(t support.Ticket) ticketRow {
	return ticketRow{ID: t.ID, UserID: t.UserID, Email: t.Email, Subject: t.Subject, Message: t.Message, Kind: t.Kind, OrderID: t.OrderID,
		Reason: t.Reason, Evidence: t.Evidence, CurrentPage: t.CurrentPage, Status: t.Status, CreatedAt: t.CreatedAt, UpdatedAt: t.UpdatedAt,
		LastCustomerAt: t.CreatedAt}
}

func (r ticketRow) domain() support.Ticket {
	return support.Ticket{ID: r.ID, UserID: r.UserID, Email: r.Email, Subject: r.Subject, Message: r.Message, Kind: r.Kind, OrderID: r.OrderID,
		Reason: r.Reason, Evidence: r.Evidence, CurrentPage: r.CurrentPage, Status: r.Status, CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC()}
}

type ticketReplyRow struct {
	bun.BaseModel `bun:"table:support_ticket_replies,alias:str"`

	ID         string    `bun:"id,pk"`
	TicketID   string    `bun:"ticket_id,notnull"`
	AuthorID   string    `bun:"author_id,nullzero"`
	AuthorRole string    `bun:"author_role,notnull"`
	Message    string    `bun:"message,notnull"`
	CreatedAt  time.Time `bun:"created_at,notnull"`
}

func ticketReplyRowOf(r support.TicketReply) ticketReplyRow {
	return ticketReplyRow{ID: r.ID, TicketID: r.TicketID, AuthorID: r.AuthorID, AuthorRole: r.AuthorRole, Message: r.Message, CreatedAt: r.CreatedAt}
}

func (r ticketReplyRow) domain() support.TicketReply {
	return support.TicketReply{ID: r.ID, TicketID: r.TicketID, AuthorID: r.AuthorID, AuthorRole: r.AuthorRole, Message: r.Message, CreatedAt: r.CreatedAt.UTC()}
}

type helpEventRow struct {
	bun.BaseModel `bun:"table:help_analytics"`

	ID          string    `bun:"id,pk"`
	UserID      string    `bun:"user_id,nullzero"`
	EventType   string    `bun:"event_type,notnull"`
	GuideID     string    `bun:"guide_id,notnull"`
	Route       string    `bun:"route,notnull"`
	ContextData string    `bun:"context_data,notnull"`
	CreatedAt   time.Time `bun:"created_at,notnull"`
}

func helpEventRowOf(e support.HelpEvent) helpEventRow {
	return helpEventRow{ID: e.ID, UserID: e.UserID, EventType: e.EventType, GuideID: e.GuideID, Route: e.Route, ContextData: e.ContextData, CreatedAt: e.CreatedAt}
}

func (r helpEventRow) domain() support.HelpEvent {
	return support.HelpEvent{ID: r.ID, UserID: r.UserID, EventType: r.EventType, GuideID: r.GuideID, Route: r.Route, ContextData: r.ContextData,
		CreatedAt: r.CreatedAt.UTC()}
}
