package store

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/apperr"
	"circle/internal/audit"
	"circle/internal/support"
)

// The support desk's SQL (issue 31 item 9, docs/areas/support.md): the queue, a ticket with its
// replies and internal notes, changes written with their audit entries in one transaction, the
// staff list and the canned answers.

type deskTicketRow struct {
	ticketRow     `bun:",extend"`
	OrderNumber   string `bun:"order_number,scanonly"`
	RequesterName string `bun:"requester_name,scanonly"`
	AssigneeName  string `bun:"assignee_name,scanonly"`
	ReplyCount    int    `bun:"reply_count,scanonly"`
}

func (r deskTicketRow) domain() support.DeskTicket {
	t := support.DeskTicket{Ticket: r.ticketRow.domain(), OrderNumber: r.OrderNumber, MemberID: r.UserID, RequesterName: r.RequesterName,
		AssigneeID: r.AssigneeID, AssigneeName: r.AssigneeName, LastCustomerAt: r.LastCustomerAt.UTC(), ReplyCount: r.ReplyCount}
	if r.FirstResponseAt != nil {
		f := r.FirstResponseAt.UTC()
		t.FirstResponseAt = &f
	}
	return t
}

type ticketNoteRow struct {
	bun.BaseModel `bun:"table:support_ticket_notes,alias:stn"`

	ID        string    `bun:"id,pk"`
	TicketID  string    `bun:"ticket_id,notnull"`
	AuthorID  string    `bun:"author_id,nullzero"`
	Message   string    `bun:"message,notnull"`
	CreatedAt time.Time `bun:"created_at,notnull"`
}

type cannedRow struct {
	bun.BaseModel `bun:"table:support_canned_answers,alias:sca"`

	ID        string    `bun:"id,pk"`
	Title     string    `bun:"title,notnull"`
	Body      string    `bun:"body,notnull"`
	UpdatedBy string    `bun:"updated_by,nullzero"`
	CreatedAt time.Time `bun:"created_at,notnull"`
	UpdatedAt time.Time `bun:"updated_at,notnull"`
}

func (r cannedRow) domain() support.CannedAnswer {
	return support.CannedAnswer{ID: r.ID, Title: r.Title, Body: r.Body, UpdatedBy: r.UpdatedBy, CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC()}
}

func (db Support) deskQuery(q Q, rows any) *bun.SelectQuery {
	return q.NewSelect().Model(rows).ColumnExpr("st.*").
		ColumnExpr("COALESCE(o.number, '') AS order_number").
		ColumnExpr("COALESCE(rp.display_name, '') AS requester_name").
		ColumnExpr("COALESCE(ap.display_name, au.email, '') AS assignee_name").
		ColumnExpr("(SELECT count(*) FROM support_ticket_replies AS r WHERE r.ticket_id = st.id) AS reply_count").
		Join("LEFT JOIN orders AS o ON o.id = st.order_id").
		Join("LEFT JOIN profiles AS rp ON rp.user_id = st.user_id").
		Join("LEFT JOIN profiles AS ap ON ap.user_id = st.assignee_id").
		Join("LEFT JOIN users AS au ON au.id = st.assignee_id")
}

// deskWhere applies the queue's filters.
func deskWhere(q *bun.SelectQuery, f support.DeskFilter) *bun.SelectQuery {
	q = whereGiven(q, "st.status = ?", f.Status)
	switch f.Assignee {
	case support.AssigneeMine:
		q = q.Where("st.assignee_id = ?", f.Viewer)
	case support.AssigneeUnassigned:
		q = q.Where("st.assignee_id IS NULL")
	}
	if f.Q != "" {
		like := likeArg(f.Q)
		q = q.Where(`(st.id = ? OR LOWER(st.subject) LIKE ? ESCAPE '\' OR LOWER(st.email) LIKE ? ESCAPE '\')`, f.Q, like, like)
	}
	return q
}

// DeskTickets answers one page of the queue and the count of every match. Open and pending
// tickets come longest waiting first (the customer's last message, oldest first); every status
// together and solved ones, the latest changed first.
func (db Support) DeskTickets(ctx context.Context, f support.DeskFilter) ([]support.DeskTicket, int, error) {
	var rows []deskTicketRow
	q := deskWhere(db.deskQuery(db.bun, &rows), f)
	if f.Status == support.StatusOpen || f.Status == support.StatusPending {
		q = q.OrderExpr("st.last_customer_at, st.id")
	} else {
		q = q.OrderExpr("st.updated_at DESC, st.id DESC")
	}
	if err := q.Limit(int64(f.PageSize)).Offset(int64((f.Page - 1) * f.PageSize)).Scan(ctx); err != nil {
		return nil, 0, fmt.Errorf("list desk tickets: %w", err)
	}
	total, err := deskWhere(db.bun.NewSelect().Model((*ticketRow)(nil)), f).Count(ctx)
	if err != nil {
		return nil, 0, fmt.Errorf("count desk tickets: %w", err)
	}
	out := make([]support.DeskTicket, 0, len(rows))
	for _, r := range rows {
		out = append(out, r.domain())
	}
	return out, int(total), nil
}

// DeskTicket is one ticket with its replies (and their authors' names) and notes, oldest first.
func (db Support) DeskTicket(ctx context.Context, id string) (support.DeskView, error) {
	var r deskTicketRow
	if err := db.deskQuery(db.bun, &r).Where("st.id = ?", id).Scan(ctx); err != nil {
		return support.DeskView{}, notFound(err, "ticket")
	}
	v := support.DeskView{DeskTicket: r.domain(), Replies: []support.DeskReply{}, Notes: []support.TicketNote{}}
	var replies []struct {
		ticketReplyRow `bun:",extend"`
		AuthorName     string `bun:"author_name,scanonly"`
	}
	if err := db.bun.NewSelect().Model(&replies).ColumnExpr("str.*").ColumnExpr("COALESCE(p.display_name, '') AS author_name").
		Join("LEFT JOIN profiles AS p ON p.user_id = str.author_id").
		Where("str.ticket_id = ?", id).OrderExpr("str.created_at, str.id").Scan(ctx); err != nil {
		return v, fmt.Errorf("read desk replies: %w", err)
	}
	for _, x := range replies {
		v.Replies = append(v.Replies, support.DeskReply{TicketReply: x.ticketReplyRow.domain(), AuthorName: x.AuthorName})
	}
	var notes []struct {
		ticketNoteRow `bun:",extend"`
		AuthorName    string `bun:"author_name,scanonly"`
	}
	if err := db.bun.NewSelect().Model(&notes).ColumnExpr("stn.*").ColumnExpr("COALESCE(p.display_name, '') AS author_name").
		Join("LEFT JOIN profiles AS p ON p.user_id = stn.author_id").
		Where("stn.ticket_id = ?", id).OrderExpr("stn.created_at, stn.id").Scan(ctx); err != nil {
		return v, fmt.Errorf("read desk notes: %w", err)
	}
	for _, n := range notes {
		v.Notes = append(v.Notes, support.TicketNote{ID: n.ID, TicketID: n.TicketID, AuthorID: n.AuthorID, AuthorName: n.AuthorName,
			Message: n.Message, CreatedAt: n.CreatedAt.UTC()})
	}
	return v, nil
}

// ChangeTicket reads the ticket with its row locked (PostgreSQL; SQLite's immediate transaction
// holds the only write lock), calls fn, and writes its change and audit entries, all or none.
func (db Support) ChangeTicket(ctx context.Context, id string, fn func(t support.DeskTicket) (support.TicketChange, error)) error {
	return db.changeTicket(ctx, "", id, fn)
}

// MemberTicketChange is ChangeTicket on one of the member's own tickets.
func (db Support) MemberTicketChange(ctx context.Context, userID, id string, fn func(t support.DeskTicket) (support.TicketChange, error)) error {
	return db.changeTicket(ctx, userID, id, fn)
}

func (db Support) changeTicket(ctx context.Context, userID, id string, fn func(t support.DeskTicket) (support.TicketChange, error)) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		var r ticketRow
		sel := tx.NewSelect().Model(&r).Where("st.id = ?", id)
		sel = whereGiven(sel, "st.user_id = ?", userID)
		sel = db.forUpdate(sel)
		if err := sel.Scan(ctx); err != nil {
			return notFound(err, "ticket")
		}
		c, err := fn(deskTicketRow{ticketRow: r}.domain())
		if err != nil {
			return err
		}
		r.Status, r.AssigneeID, r.FirstResponseAt, r.LastCustomerAt, r.UpdatedAt = c.Status, c.AssigneeID, c.FirstResponseAt, c.LastCustomerAt.UTC(), c.UpdatedAt.UTC()
		if r.FirstResponseAt != nil {
			f := r.FirstResponseAt.UTC()
			r.FirstResponseAt = &f
		}
		if _, err := tx.NewUpdate().Model(&r).Column("status", "assignee_id", "first_response_at", "last_customer_at", "updated_at").WherePK().Exec(ctx); err != nil {
			if isUniqueViolation(err) {
				// Reopening a dispute while another on the same order is in progress.
				return apperr.Field("status", "support.dispute.open", support.MsgDisputeOpen)
			}
			return fmt.Errorf("update ticket: %w", err)
		}
		if c.Reply != nil {
			row := ticketReplyRowOf(*c.Reply)
			if _, err := tx.NewInsert().Model(&row).Exec(ctx); err != nil {
				return fmt.Errorf("store ticket reply: %w", err)
			}
		}
		if c.Note != nil {
			n := ticketNoteRow{ID: c.Note.ID, TicketID: c.Note.TicketID, AuthorID: c.Note.AuthorID, Message: c.Note.Message, CreatedAt: c.Note.CreatedAt.UTC()}
			if _, err := tx.NewInsert().Model(&n).Exec(ctx); err != nil {
				return fmt.Errorf("store ticket note: %w", err)
			}
		}
		return db.appendAudit(ctx, tx, c.Audit...)
	})
}

func (db Support) appendAudit(ctx context.Context, q Q, recs ...audit.Record) error {
	for _, rec := range recs {
		if err := (Admin{db.DB}).AppendAudit(ctx, rec); err != nil {
			return err
		}
	}
	return nil
}

// StaffMembers lists support staff and administrators (profile flags), by name.
func (db Support) StaffMembers(ctx context.Context) ([]support.StaffMember, error) {
	var out []support.StaffMember
	err := db.bun.NewSelect().TableExpr("users AS u").Join("JOIN profiles AS p ON p.user_id = u.id").
		ColumnExpr("u.id, u.email, p.display_name").
		Where("(p.is_support OR p.is_admin) AND u.disabled_at IS NULL").OrderExpr("p.display_name, u.email").Scan(ctx, &out)
	if err != nil {
		return nil, fmt.Errorf("list support staff: %w", err)
	}
	return out, nil
}

// CannedAnswers lists the canned answers by title.
func (db Support) CannedAnswers(ctx context.Context) ([]support.CannedAnswer, error) {
	return scanDomains[cannedRow](ctx, db.bun.NewSelect().Model((*cannedRow)(nil)).OrderExpr("title, id"), "list canned answers")
}

// ChangeCanned creates (id ""), updates or deletes (After nil) a canned answer with its audit
// entry in one transaction. A title in use is a conflict naming title.
func (db Support) ChangeCanned(ctx context.Context, id string, fn func(before *support.CannedAnswer) (support.CannedChange, error)) error {
	decide := func(before *support.CannedAnswer) (*support.CannedAnswer, audit.Record, error) {
		c, err := fn(before)
		return c.After, c.Audit, err
	}
	save := func(ctx context.Context, tx Q, isNew bool, a support.CannedAnswer) error {
		r := cannedRow{ID: a.ID, Title: a.Title, Body: a.Body, UpdatedBy: a.UpdatedBy, CreatedAt: a.CreatedAt.UTC(), UpdatedAt: a.UpdatedAt.UTC()}
		var err error
		if isNew {
			_, err = tx.NewInsert().Model(&r).Exec(ctx)
		} else {
			_, err = tx.NewUpdate().Model(&r).Column("title", "body", "updated_by", "updated_at").WherePK().Exec(ctx)
		}
		if err != nil {
			if isUniqueViolation(err) {
				return &apperr.Error{Code: apperr.Conflict, Message: support.MsgTitleTaken,
					Fields: []apperr.FieldError{{Field: "title", Key: "support.desk.title_taken", Message: support.MsgTitleTaken}}}
			}
			return fmt.Errorf("save canned answer: %w", err)
		}
		return nil
	}
	return changeRow[cannedRow](ctx, db, id, "canned answer", "canned answer", decide, save)
}

// changeRow is the transaction of the desk's and the FAQ's Change methods: it locks row id (none
// for id "": a new row; a not-found error naming what when it is missing), lets decide compute
// the row's new state from the old, deletes the row when there is none, else has save insert
// (isNew) or update it, and writes the audit entry. table names the rows in error messages.
func changeRow[R interface{ domain() D }, D any](ctx context.Context, db Support, id, what, table string,
	decide func(before *D) (*D, audit.Record, error), save func(ctx context.Context, tx Q, isNew bool, after D) error) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		before, err := lockedByID[R](ctx, db.DB, id, what)
		if err != nil {
			return err
		}
		after, rec, err := decide(before)
		if err != nil {
			return err
		}
		if after == nil {
			if _, err := tx.NewDelete().Model((*R)(nil)).Where("id = ?", id).Exec(ctx); err != nil {
				return fmt.Errorf("delete %s: %w", table, err)
			}
		} else if err := save(ctx, tx, before == nil, *after); err != nil {
			return err
		}
		return db.appendAudit(ctx, tx, rec)
	})
}
