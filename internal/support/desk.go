package support

// The support desk (issue 31 item 9, F-AREA-04): support staff and administrators answer the
// tickets at /support. A queue paged on the server (status, assignee, search), a ticket with its
// conversation and internal notes, replies e-mailed to the member and shown on their own ticket,
// assignment, status changes, canned answers and an SLA timer. Every staff change writes its
// audit entry (internal/audit) on the change's transaction: the store runs the rule this file
// passes it inside one transaction (DeskStore.ChangeTicket, ChangeCanned).

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"circle/internal/apperr"
	"circle/internal/audit"
	"circle/internal/ids"
	"circle/internal/notify"
)

// FirstResponseTarget is the desk's first-response target: a ticket waiting on support (status
// open) for longer than this since the customer's last message is breached (docs/decisions.md).
const FirstResponseTarget = 24 * time.Hour

// SLADueSoon is how close to the target a waiting ticket is shown as due soon.
const SLADueSoon = 4 * time.Hour

// SLA states of a ticket's badge.
const (
	SLANone     = "none" // not waiting on support (pending or solved)
	SLAOK       = "ok"
	SLADueSoonS = "due_soon"
	SLABreached = "breached"
)

// Audit actions and object kinds of the desk.
const (
	ActionTicketReply   = "ticket.reply"
	ActionTicketNote    = "ticket.note"
	ActionTicketUpdate  = "ticket.update"
	ActionCannedCreate  = "canned_answer.create"
	ActionCannedUpdate  = "canned_answer.update"
	ActionCannedDelete  = "canned_answer.delete"
	AuditKindTicket     = "support_ticket"
	AuditKindCanned     = "canned_answer"
	MaxReplyLen         = 5000
	MaxCannedTitleLen   = 80
	DefaultDeskPageSize = 25
	MaxDeskPageSize     = 100
)

// Messages of the desk's rules.
const (
	MsgReplyEmpty      = "Write a message."
	MsgReplyTooLong    = "The message is at most 5000 characters."
	MsgUnknownStatus   = "Choose a status: open, pending or solved."
	MsgNotStaff        = "Assign the ticket to a support staff member or an administrator."
	MsgTitleEmpty      = "Give the canned answer a title."
	MsgTitleTooLong    = "The title is at most 80 characters."
	MsgTitleTaken      = "A canned answer with this title already exists."
	MsgNothingToChange = "Give a status or an assignee to change."
	MsgBadAssignee     = "Choose mine, unassigned or all."
	MsgDeskPageSize    = "The page size is from 1 to 100."
)

// SLA is a ticket's timer: the age of the customer's last message while the ticket waits on
// support, against the first-response target, computed with the server's clock.
type SLA struct {
	State         string    `json:"state" enum:"none,ok,due_soon,breached" doc:"none when the ticket is not waiting on support (pending or solved)"`
	WaitingSince  time.Time `json:"waiting_since" doc:"The customer's last message"`
	AgeSeconds    int64     `json:"age_seconds" doc:"Seconds since the customer's last message, by the server's clock"`
	TargetSeconds int64     `json:"target_seconds" doc:"The first-response target (FirstResponseTarget)"`
}

// SLAOf is the timer of a ticket in status, last written to by its customer at last, at now.
func SLAOf(status string, last, now time.Time) SLA {
	age := max(now.Sub(last), 0)
	s := SLA{WaitingSince: last.UTC(), AgeSeconds: int64(age / time.Second), TargetSeconds: int64(FirstResponseTarget / time.Second)}
	switch {
	case status != StatusOpen:
		s.State = SLANone
	case age >= FirstResponseTarget:
		s.State = SLABreached
	case age >= FirstResponseTarget-SLADueSoon:
		s.State = SLADueSoonS
	default:
		s.State = SLAOK
	}
	return s
}

// DeskTicket is a ticket as the desk sees it.
type DeskTicket struct {
	Ticket
	OrderNumber     string     `json:"order_number"`
	MemberID        string     `json:"user_id" doc:"The member's user id; empty for a visitor"`
	RequesterName   string     `json:"requester_name" doc:"The member's display name; empty for a visitor"`
	AssigneeID      string     `json:"assignee_id" doc:"The staff member it is assigned to; empty when unassigned"`
	AssigneeName    string     `json:"assignee_name"`
	LastCustomerAt  time.Time  `json:"last_customer_at"`
	FirstResponseAt *time.Time `json:"first_response_at"`
	ReplyCount      int        `json:"reply_count"`
	SLA             SLA        `json:"sla"`
}

// TicketNote is an internal note: staff only, never shown to the member.
type TicketNote struct {
	ID         string    `json:"id"`
	TicketID   string    `json:"-"`
	AuthorID   string    `json:"author_id"`
	AuthorName string    `json:"author_name"`
	Message    string    `json:"message"`
	CreatedAt  time.Time `json:"created_at"`
}

// DeskReply is a reply on the desk, with its author's name.
type DeskReply struct {
	TicketReply
	AuthorName string `json:"author_name" doc:"The staff member's or member's display name"`
}

// DeskView is one ticket on the desk: the conversation (the first message is the ticket's own,
// then the replies oldest first) and the internal notes.
type DeskView struct {
	DeskTicket
	Replies []DeskReply  `json:"replies"`
	Notes   []TicketNote `json:"notes"`
}

// StaffMember is someone a ticket can be assigned to: support staff or an administrator.
type StaffMember struct {
	ID          string `json:"id"`
	Email       string `json:"email"`
	DisplayName string `json:"display_name"`
}

// CannedAnswer is a stored reply staff insert and manage.
type CannedAnswer struct {
	ID        string    `json:"id"`
	Title     string    `json:"title"`
	Body      string    `json:"body"`
	UpdatedBy string    `json:"updated_by"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// Assignee filters of the queue.
const (
	AssigneeAll        = "all"
	AssigneeMine       = "mine"
	AssigneeUnassigned = "unassigned"
)

// DeskFilter is one page of the queue. Status "" is every status; Assignee mine is Viewer's.
type DeskFilter struct {
	Status, Assignee, Viewer, Q string
	Page, PageSize              int
}

// DeskPage is one page of the queue and the count of every match.
type DeskPage struct {
	Tickets  []DeskTicket `json:"tickets"`
	Total    int          `json:"total"`
	Page     int          `json:"page"`
	PageSize int          `json:"page_size"`
}

// TicketChange is what a desk action writes, in one transaction: the ticket's new status,
// assignee, first response, last customer message and updated_at; a reply or a note; the audit
// entries.
type TicketChange struct {
	Status          string
	AssigneeID      string
	FirstResponseAt *time.Time
	LastCustomerAt  time.Time
	UpdatedAt       time.Time
	Reply           *TicketReply
	Note            *TicketNote
	Audit           []audit.Record
}

// CannedChange is what a canned-answer action writes: After nil deletes the row.
type CannedChange struct {
	After *CannedAnswer
	Audit audit.Record
}

// DeskStore is what the desk needs from the database (internal/store, support_desk.go).
type DeskStore interface {
	DeskTickets(ctx context.Context, f DeskFilter) ([]DeskTicket, int, error)
	// DeskTicket is one ticket with its replies and notes; an unknown id is not found.
	DeskTicket(ctx context.Context, id string) (DeskView, error)
	// ChangeTicket reads the ticket in a transaction (the row locked), calls fn and writes the
	// change fn returns, all or none; fn's error writes nothing. Unknown id: not found.
	ChangeTicket(ctx context.Context, id string, fn func(t DeskTicket) (TicketChange, error)) error
	// MemberTicketChange is ChangeTicket for the member's own ticket (another's is not found).
	MemberTicketChange(ctx context.Context, userID, id string, fn func(t DeskTicket) (TicketChange, error)) error
	StaffMembers(ctx context.Context) ([]StaffMember, error)
	CannedAnswers(ctx context.Context) ([]CannedAnswer, error)
	// ChangeCanned reads the answer id in a transaction ("" creates: fn gets nil), calls fn and
	// writes its change; a title already used is a conflict naming title.
	ChangeCanned(ctx context.Context, id string, fn func(before *CannedAnswer) (CannedChange, error)) error
}

// Desk is the support desk's service.
type Desk struct {
	Store  DeskStore
	Mailer notify.Mailer
	Now    func() time.Time
	// BaseURL builds the link to the member's request in the reply e-mail.
	BaseURL string
}

// ReplyInput is a staff reply; Status is the ticket's status after it (default pending:
// waiting on the member).
type ReplyInput struct {
	Message string `json:"message" maxLength:"20000"`
	Status  string `json:"status,omitempty" enum:"open,pending,solved" doc:"The status after the reply; pending when not given"`
}

// NoteInput is an internal note.
type NoteInput struct {
	Message string `json:"message" maxLength:"20000"`
}

// TicketUpdate changes a ticket's status or assignee (nil: unchanged; assignee "" unassigns).
type TicketUpdate struct {
	Status     *string `json:"status,omitempty" enum:"open,pending,solved"`
	AssigneeID *string `json:"assignee_id,omitempty" maxLength:"100" doc:"A staff member's user id; empty unassigns"`
}

// CannedInput is a canned answer's title and body.
type CannedInput struct {
	Title string `json:"title" maxLength:"400"`
	Body  string `json:"body" maxLength:"20000"`
}

func checkMessage(field, msg string) (string, error) {
	msg = strings.TrimSpace(msg)
	switch {
	case msg == "":
		return "", apperr.Field(field, "support.desk.message_empty", MsgReplyEmpty)
	case len([]rune(msg)) > MaxReplyLen:
		return "", apperr.Field(field, "support.desk.message_too_long", MsgReplyTooLong)
	}
	return msg, nil
}

func checkStatus(s string) error {
	switch s {
	case StatusOpen, StatusPending, StatusSolved:
		return nil
	}
	return apperr.Field("status", "support.desk.status", MsgUnknownStatus)
}

// CheckFilter validates and completes a queue filter.
func CheckFilter(f DeskFilter) (DeskFilter, error) {
	if f.Status != "" {
		if err := checkStatus(f.Status); err != nil {
			return f, err
		}
	}
	switch f.Assignee {
	case "":
		f.Assignee = AssigneeAll
	case AssigneeAll, AssigneeMine, AssigneeUnassigned:
	default:
		return f, apperr.Field("assignee", "support.desk.assignee", MsgBadAssignee)
	}
	f.Q = strings.TrimSpace(f.Q)
	if f.Page < 1 {
		f.Page = 1
	}
	if f.PageSize == 0 {
		f.PageSize = DefaultDeskPageSize
	}
	if f.PageSize < 1 || f.PageSize > MaxDeskPageSize {
		return f, apperr.Field("page_size", "support.desk.page_size", MsgDeskPageSize)
	}
	return f, nil
}

func (d *Desk) now() time.Time { return d.Now().UTC() }

func (d *Desk) withSLA(t DeskTicket, now time.Time) DeskTicket {
	t.SLA = SLAOf(t.Status, t.LastCustomerAt, now)
	return t
}

// Queue is one page of the queue, waiting longest first within the order the store keeps
// (open tickets by the customer's last message, oldest first).
func (d *Desk) Queue(ctx context.Context, f DeskFilter) (DeskPage, error) {
	f, err := CheckFilter(f)
	if err != nil {
		return DeskPage{}, err
	}
	rows, total, err := d.Store.DeskTickets(ctx, f)
	if err != nil {
		return DeskPage{}, err
	}
	now := d.now()
	out := DeskPage{Tickets: make([]DeskTicket, 0, len(rows)), Total: total, Page: f.Page, PageSize: f.PageSize}
	for _, t := range rows {
		out.Tickets = append(out.Tickets, d.withSLA(t, now))
	}
	return out, nil
}

// Ticket is one ticket with its conversation and notes.
func (d *Desk) Ticket(ctx context.Context, id string) (DeskView, error) {
	v, err := d.Store.DeskTicket(ctx, id)
	if err != nil {
		return v, err
	}
	v.DeskTicket = d.withSLA(v.DeskTicket, d.now())
	return v, nil
}

// auditState is a ticket's state as the audit log records it.
type auditState struct {
	Status     string `json:"status"`
	AssigneeID string `json:"assignee_id"`
}

func stateOf(t DeskTicket) auditState { return auditState{Status: t.Status, AssigneeID: t.AssigneeID} }

func unchanged(t DeskTicket, now time.Time) TicketChange {
	return TicketChange{Status: t.Status, AssigneeID: t.AssigneeID, FirstResponseAt: t.FirstResponseAt, LastCustomerAt: t.LastCustomerAt, UpdatedAt: now}
}

// Reply answers the ticket: the reply is stored with its audit entry (and the ticket assigned
// to the replier when unassigned, and its status set), then e-mailed to the member's address.
// The e-mail goes through the mailer after the commit with the reply's id as its key, as every
// ticket mail does (support.go): a reply that could not be queued answers 500 and is on the
// ticket; sending again is the next reply.
func (d *Desk) Reply(ctx context.Context, by audit.Actor, id string, in ReplyInput) (DeskView, error) {
	msg, err := checkMessage("message", in.Message)
	if err != nil {
		return DeskView{}, err
	}
	status := in.Status
	if status == "" {
		status = StatusPending
	}
	if err := checkStatus(status); err != nil {
		return DeskView{}, err
	}
	now := d.now()
	reply := TicketReply{ID: ids.New(), TicketID: id, AuthorID: by.UserID, AuthorRole: "staff", Message: msg, CreatedAt: now}
	var ticket DeskTicket
	err = d.Store.ChangeTicket(ctx, id, func(t DeskTicket) (TicketChange, error) {
		ticket = t
		c := unchanged(t, now)
		c.Status = status
		if c.AssigneeID == "" {
			c.AssigneeID = by.UserID
		}
		if c.FirstResponseAt == nil {
			c.FirstResponseAt = &now
		}
		c.Reply = &reply
		after := struct {
			auditState
			ReplyID string `json:"reply_id"`
			Message string `json:"message"`
		}{auditState{c.Status, c.AssigneeID}, reply.ID, msg}
		rec, err := audit.New(by, ActionTicketReply, AuditKindTicket, id, stateOf(t), after)
		c.Audit = []audit.Record{rec}
		return c, err
	})
	if err != nil {
		return DeskView{}, err
	}
	if err := d.Mailer.Send(ctx, d.replyMail(ticket, reply)); err != nil {
		return DeskView{}, fmt.Errorf("mail reply %s on ticket %s: %w", reply.ID, id, err)
	}
	return d.Ticket(ctx, id)
}

func (d *Desk) replyMail(t DeskTicket, r TicketReply) notify.Message {
	lines := []string{
		"Circle support answered your request \"" + t.Subject + "\":", "",
		r.Message, "",
	}
	if t.MemberID != "" {
		lines = append(lines, "See the conversation and reply: "+d.BaseURL+"/contact/requests/"+t.ID)
	} else {
		lines = append(lines, "Reply to this e-mail to continue the conversation.")
	}
	lines = append(lines, "", "Request "+t.ID)
	return notify.Message{To: t.Email, Subject: "Re: " + t.Subject, Text: strings.Join(lines, "\n"), Kind: "support_reply", Key: "support-reply:" + r.ID}
}

// Note adds an internal note, never shown to the member.
func (d *Desk) Note(ctx context.Context, by audit.Actor, id string, in NoteInput) (DeskView, error) {
	msg, err := checkMessage("message", in.Message)
	if err != nil {
		return DeskView{}, err
	}
	now := d.now()
	note := TicketNote{ID: ids.New(), TicketID: id, AuthorID: by.UserID, Message: msg, CreatedAt: now}
	err = d.Store.ChangeTicket(ctx, id, func(t DeskTicket) (TicketChange, error) {
		c := unchanged(t, now)
		c.Note = &note
		rec, err := audit.New(by, ActionTicketNote, AuditKindTicket, id, nil, struct {
			NoteID  string `json:"note_id"`
			Message string `json:"message"`
		}{note.ID, msg})
		c.Audit = []audit.Record{rec}
		return c, err
	})
	if err != nil {
		return DeskView{}, err
	}
	return d.Ticket(ctx, id)
}

// Update changes a ticket's status or assignee (a staff member, or "" to unassign). A change
// to what the ticket already is writes nothing.
func (d *Desk) Update(ctx context.Context, by audit.Actor, id string, in TicketUpdate) (DeskView, error) {
	if in.Status == nil && in.AssigneeID == nil {
		return DeskView{}, apperr.Field("status", "support.desk.nothing", MsgNothingToChange)
	}
	if in.Status != nil {
		if err := checkStatus(*in.Status); err != nil {
			return DeskView{}, err
		}
	}
	if in.AssigneeID != nil && *in.AssigneeID != "" {
		staff, err := d.Store.StaffMembers(ctx)
		if err != nil {
			return DeskView{}, err
		}
		found := false
		for _, s := range staff {
			found = found || s.ID == *in.AssigneeID
		}
		if !found {
			return DeskView{}, apperr.Field("assignee_id", "support.desk.not_staff", MsgNotStaff)
		}
	}
	now := d.now()
	err := d.Store.ChangeTicket(ctx, id, func(t DeskTicket) (TicketChange, error) {
		c := unchanged(t, now)
		if in.Status != nil {
			c.Status = *in.Status
		}
		if in.AssigneeID != nil {
			c.AssigneeID = *in.AssigneeID
		}
		if c.Status == t.Status && c.AssigneeID == t.AssigneeID {
			return TicketChange{}, errNoChange
		}
		if c.Status == StatusOpen && t.Status != StatusOpen {
			// Reopened: the timer counts from now, as if the customer had written.
			c.LastCustomerAt = now
		}
		rec, err := audit.New(by, ActionTicketUpdate, AuditKindTicket, id, stateOf(t), auditState{c.Status, c.AssigneeID})
		c.Audit = []audit.Record{rec}
		return c, err
	})
	if err != nil && !errors.Is(err, errNoChange) {
		return DeskView{}, err
	}
	return d.Ticket(ctx, id)
}

// errNoChange ends a change that would write nothing; the store rolls back and returns it.
var errNoChange = apperr.New(apperr.Conflict, "nothing changed")

// MemberReply is the member's reply on their own ticket: the ticket waits on support again
// (open) and the SLA timer counts from this message. Not a staff change: no audit entry.
func (d *Desk) MemberReply(ctx context.Context, userID, id string, in NoteInput) error {
	msg, err := checkMessage("message", in.Message)
	if err != nil {
		return err
	}
	now := d.now()
	reply := TicketReply{ID: ids.New(), TicketID: id, AuthorID: userID, AuthorRole: "member", Message: msg, CreatedAt: now}
	return d.Store.MemberTicketChange(ctx, userID, id, func(t DeskTicket) (TicketChange, error) {
		c := unchanged(t, now)
		c.Status = StatusOpen
		c.LastCustomerAt = now
		c.Reply = &reply
		return c, nil
	})
}

// Staff lists the people a ticket can be assigned to.
func (d *Desk) Staff(ctx context.Context) ([]StaffMember, error) {
	s, err := d.Store.StaffMembers(ctx)
	if s == nil {
		s = []StaffMember{}
	}
	return s, err
}

// Canned lists the canned answers by title.
func (d *Desk) Canned(ctx context.Context) ([]CannedAnswer, error) {
	c, err := d.Store.CannedAnswers(ctx)
	if c == nil {
		c = []CannedAnswer{}
	}
	return c, err
}

func checkCanned(in CannedInput) (CannedInput, error) {
	in.Title = strings.TrimSpace(in.Title)
	switch {
	case in.Title == "":
		return in, apperr.Field("title", "support.desk.title_empty", MsgTitleEmpty)
	case len([]rune(in.Title)) > MaxCannedTitleLen:
		return in, apperr.Field("title", "support.desk.title_too_long", MsgTitleTooLong)
	}
	body, err := checkMessage("body", in.Body)
	in.Body = body
	return in, err
}

// SaveCanned creates (id "") or changes a canned answer.
func (d *Desk) SaveCanned(ctx context.Context, by audit.Actor, id string, in CannedInput) (CannedAnswer, error) {
	in, err := checkCanned(in)
	if err != nil {
		return CannedAnswer{}, err
	}
	now := d.now()
	var out CannedAnswer
	err = d.Store.ChangeCanned(ctx, id, func(before *CannedAnswer) (CannedChange, error) {
		action := ActionCannedUpdate
		out = CannedAnswer{ID: id, Title: in.Title, Body: in.Body, UpdatedBy: by.UserID, CreatedAt: now, UpdatedAt: now}
		if before == nil {
			action, out.ID = ActionCannedCreate, ids.New()
		} else {
			out.CreatedAt = before.CreatedAt
		}
		rec, err := audit.New(by, action, AuditKindCanned, out.ID, before, out)
		return CannedChange{After: &out, Audit: rec}, err
	})
	return out, err
}

// DeleteCanned removes a canned answer.
func (d *Desk) DeleteCanned(ctx context.Context, by audit.Actor, id string) error {
	return d.Store.ChangeCanned(ctx, id, func(before *CannedAnswer) (CannedChange, error) {
		if before == nil {
			return CannedChange{}, apperr.New(apperr.NotFound, "canned answer not found")
		}
		rec, err := audit.New(by, ActionCannedDelete, AuditKindCanned, id, before, nil)
		return CannedChange{Audit: rec}, err
	})
}
