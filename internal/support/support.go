// Package support is Circle's support tickets and help analytics (issue 29 item 6, issue 32
// items 7 and 9; F-HELP-01, F-HELP-02, F-AREA-05): a message from the contact form or the help
// widget becomes a ticket that is stored and e-mailed to the support address; a member opens a
// dispute on one of their own paid orders within 30 days of payment; members follow their own
// tickets; the help widget records guided tours started, completed and skipped. The admin back
// office answers the tickets (support_ticket_replies).
package support

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"circle/internal/apperr"
	"circle/internal/ids"
	"circle/internal/notify"
)

// Ticket kinds.
const (
	KindContact = "contact"
	KindHelp    = "help"
	KindDispute = "dispute"
)

// Ticket statuses: open (new, waiting on support), pending (waiting on the member), solved.
const (
	StatusOpen    = "open"
	StatusPending = "pending"
	StatusSolved  = "solved"
)

// Ticket is one support ticket (support_tickets). UserID and OrderID are "" when not set
// (NULL in the table).
type Ticket struct {
	ID          string    `json:"id"`
	UserID      string    `json:"-"`
	Email       string    `json:"email" doc:"The address support answers at"`
	Subject     string    `json:"subject"`
	Message     string    `json:"message"`
	Kind        string    `json:"kind" enum:"contact,help,dispute"`
	OrderID     string    `json:"order_id" doc:"The disputed order (kind dispute), else empty"`
	Reason      string    `json:"reason" doc:"The dispute's reason (kind dispute), else empty"`
	Evidence    string    `json:"evidence" doc:"The dispute's evidence as text or links, may be empty"`
	CurrentPage string    `json:"current_page" doc:"The app path the message was sent from"`
	Status      string    `json:"status" enum:"open,pending,solved"`
	CreatedAt   time.Time `json:"created_at"`
	UpdatedAt   time.Time `json:"updated_at"`
}

// TicketReply is one message on a ticket (support_ticket_replies): support staff's or the member's.
type TicketReply struct {
	ID         string    `json:"id"`
	TicketID   string    `json:"-"`
	AuthorID   string    `json:"-"`
	AuthorRole string    `json:"author_role" enum:"staff,member"`
	Message    string    `json:"message"`
	CreatedAt  time.Time `json:"created_at"`
}

// TicketView is a ticket with its replies, oldest first.
type TicketView struct {
	Ticket
	OrderNumber string        `json:"order_number" doc:"The disputed order's number (kind dispute), else empty"`
	Replies     []TicketReply `json:"replies"`
}

// PaidOrder is what a dispute needs to know of an order.
type PaidOrder struct {
	ID, Number, UserID, Status string
	PaidAt                     *time.Time
}

// Store keeps tickets, replies and help events (internal/store, support_tickets.go).
type Store interface {
	// CreateTicket stores a ticket; a second dispute in progress on the same order is a
	// conflict naming order_id.
	CreateTicket(ctx context.Context, t Ticket) error
	// DeleteTicket removes a ticket whose e-mail could not be queued.
	DeleteTicket(ctx context.Context, id string) error
	// UserTickets lists a user's tickets newest first (at most limit), with the order numbers
	// of their disputes.
	UserTickets(ctx context.Context, userID string, limit int) ([]TicketView, error)
	// UserTicket returns one of the user's tickets with its replies; another user's, or an
	// unknown id, is not found.
	UserTicket(ctx context.Context, userID, id string) (TicketView, error)
	// AddTicketReply appends a reply to a ticket and touches its updated_at.
	AddTicketReply(ctx context.Context, r TicketReply) error
	// OrderForDispute reads an order's owner, status and payment time; found is false for an
	// unknown id.
	OrderForDispute(ctx context.Context, orderID string) (PaidOrder, bool, error)
	// RecordHelpEvent stores a help analytics event.
	RecordHelpEvent(ctx context.Context, e HelpEvent) error
}

// Limiter limits requests per key (ratelimit.Limiter).
type Limiter interface {
	Allow(ctx context.Context, key string) (bool, int, error)
}

// Requester is who sends a message: a member (UserID and the account's e-mail) or a visitor
// (both empty). Key is what the rate limit counts: the user id, else the client address.
type Requester struct {
	UserID, Email, Key string
}

// Service creates, lists and mails tickets and records help events.
type Service struct {
	Store  Store
	Mailer notify.Mailer
	// Limiter limits new tickets per member or address; Help limits help events.
	Limiter, Help Limiter
	Now           func() time.Time
	// SupportEmail receives every new ticket; BaseURL builds links in the e-mail.
	SupportEmail, BaseURL string
}

// MsgSendFailed is the contact form's failure message (03§8, Contact).
const MsgSendFailed = "Failed to send message. Please try again."

// Rate limits: new tickets per member or client address (TicketBurst at once, then
// TicketsPerMinute), and help events per member or address.
const (
	TicketsPerMinute    = 2
	TicketBurst         = 5
	HelpEventsPerMinute = 30
)

// ListLimit is how many of a member's tickets the list shows.
const ListLimit = 100

func (s *Service) limit(ctx context.Context, l Limiter, key string) error {
	if l == nil {
		return nil
	}
	ok, wait, err := l.Allow(ctx, key)
	if err != nil || ok {
		// A limiter whose store is unreachable lets the request through (ratelimit.Limiter).
		return nil
	}
	e := apperr.New(apperr.RateLimited, "Too many messages. Please wait a moment and try again.")
	e.RetryAfterSeconds = max(wait, 1)
	return e
}

// Contact checks and stores a message from the contact form or the help widget and e-mails it
// to the support address. A member's e-mail falls back to the account's; a visitor must give one.
func (s *Service) Contact(ctx context.Context, who Requester, in ContactInput) (Ticket, error) {
	d, err := CheckContact(in, who)
	if err != nil {
		return Ticket{}, err
	}
	if err := s.limit(ctx, s.Limiter, who.Key); err != nil {
		return Ticket{}, err
	}
	now := s.Now().UTC()
	t := Ticket{ID: ids.New(), UserID: who.UserID, Email: d.Email, Subject: d.Subject, Message: d.Message, Kind: d.Kind,
		CurrentPage: d.CurrentPage, Status: StatusOpen, CreatedAt: now, UpdatedAt: now}
	return t, s.storeAndMail(ctx, t, "")
}

// storeAndMail stores t and e-mails it to the support address (kind support_request, 03§7
// send-notification); when the e-mail cannot be queued the ticket is removed and the caller
// gets the contact form's failure message, so a retry sends it.
func (s *Service) storeAndMail(ctx context.Context, t Ticket, orderNumber string) error {
	if err := s.Store.CreateTicket(ctx, t); err != nil {
		return err
	}
	if err := s.Mailer.Send(ctx, s.supportMail(t, orderNumber)); err != nil {
		if derr := s.Store.DeleteTicket(ctx, t.ID); derr != nil {
			err = errors.Join(err, derr)
		}
		return apperr.Wrap(fmt.Errorf("mail ticket %s: %w", t.ID, err), MsgSendFailed)
	}
	return nil
}

func (s *Service) supportMail(t Ticket, orderNumber string) notify.Message {
	from := "a visitor"
	if t.UserID != "" {
		from = "member " + t.UserID
	}
	lines := []string{
		fmt.Sprintf("New %s ticket %s from %s <%s>.", t.Kind, t.ID, from, t.Email), "",
		"Subject: " + t.Subject,
	}
	if t.Kind == KindDispute {
		lines = append(lines, "Order: "+orderNumber+" ("+t.OrderID+")", "Reason: "+ReasonLabels[t.Reason])
	}
	if t.CurrentPage != "" {
		lines = append(lines, "Page: "+s.BaseURL+t.CurrentPage)
	}
	lines = append(lines, "Sent: "+t.CreatedAt.Format(time.RFC3339), "", t.Message)
	if t.Evidence != "" {
		lines = append(lines, "", "Evidence:", t.Evidence)
	}
	lines = append(lines, "", "Reply to the member at "+t.Email+".")
	subject := "[Support] " + t.Subject
	if t.Kind == KindDispute {
		subject = "[Dispute] " + t.Subject
	}
	return notify.Message{To: s.SupportEmail, Subject: subject, Text: strings.Join(lines, "\n"), Kind: "support_request"}
}

// List is the member's own tickets, newest first.
func (s *Service) List(ctx context.Context, userID string) ([]TicketView, error) {
	rows, err := s.Store.UserTickets(ctx, userID, ListLimit)
	if rows == nil {
		rows = []TicketView{}
	}
	return rows, err
}

// Get is one of the member's own tickets with its replies; another member's is not found.
func (s *Service) Get(ctx context.Context, userID, id string) (TicketView, error) {
	id = strings.TrimSpace(id)
	if id == "" || len(id) > 100 {
		return TicketView{}, apperr.New(apperr.NotFound, "ticket not found")
	}
	return s.Store.UserTicket(ctx, userID, id)
}
