package store

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/apperr"
	"circle/internal/support"
)

// CreateTicket stores a ticket. A second dispute in progress on the same order breaks the
// partial unique index support_tickets_open_dispute_key and is a conflict naming order_id.
func (db Support) CreateTicket(ctx context.Context, t support.Ticket) error {
	r := ticketRowOf(t)
	if _, err := db.bun.NewInsert().Model(&r).Exec(ctx); err != nil {
		if isUniqueViolation(err) {
			return &apperr.Error{Code: apperr.Conflict, Message: support.MsgDisputeOpen,
				Fields: []apperr.FieldError{{Field: "order_id", Key: "support.dispute.open", Message: support.MsgDisputeOpen}}}
		}
		return fmt.Errorf("store support ticket: %w", err)
	}
	return nil
}

// DeleteTicket removes a ticket (one whose e-mail could not be queued).
func (db Support) DeleteTicket(ctx context.Context, id string) error {
	if _, err := db.bun.NewDelete().Model((*ticketRow)(nil)).Where("id = ?", id).Exec(ctx); err != nil {
		return fmt.Errorf("delete support ticket %s: %w", id, err)
	}
	return nil
}

// ticketWithOrder is a ticket row with its disputed order's number.
type ticketWithOrder struct {
	ticketRow   `bun:",extend"`
	OrderNumber string `bun:"order_number,scanonly"`
}

func (db Support) ticketQuery(rows any) *bun.SelectQuery {
	return db.bun.NewSelect().Model(rows).ColumnExpr("st.*").ColumnExpr("COALESCE(o.number, '') AS order_number").
		Join("LEFT JOIN orders AS o ON o.id = st.order_id")
}

// UserTickets lists a user's tickets newest first, without replies.
func (db Support) UserTickets(ctx context.Context, userID string, limit int) ([]support.TicketView, error) {
	var rows []ticketWithOrder
	if err := db.ticketQuery(&rows).Where("st.user_id = ?", userID).OrderExpr("st.created_at DESC, st.id DESC").Limit(int64(limit)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("list support tickets: %w", err)
	}
	out := make([]support.TicketView, 0, len(rows))
	for _, r := range rows {
		out = append(out, support.TicketView{Ticket: r.domain(), OrderNumber: r.OrderNumber, Replies: []support.TicketReply{}})
	}
	return out, nil
}

// UserTicket returns one of the user's tickets with its replies, oldest first; another user's
// ticket, or an unknown id, is not found.
func (db Support) UserTicket(ctx context.Context, userID, id string) (support.TicketView, error) {
	var r ticketWithOrder
	if err := db.ticketQuery(&r).Where("st.id = ? AND st.user_id = ?", id, userID).Scan(ctx); err != nil {
		return support.TicketView{}, notFound(err, "ticket")
	}
	var replies []ticketReplyRow
	if err := db.bun.NewSelect().Model(&replies).Where("ticket_id = ?", id).OrderExpr("created_at, id").Scan(ctx); err != nil {
		return support.TicketView{}, fmt.Errorf("read ticket replies: %w", err)
	}
	return support.TicketView{Ticket: r.domain(), OrderNumber: r.OrderNumber, Replies: domainsOf(replies)}, nil
}

// AddTicketReply appends a reply and touches the ticket's updated_at, in one transaction.
func (db Support) AddTicketReply(ctx context.Context, reply support.TicketReply) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		res, err := tx.NewUpdate().Model((*ticketRow)(nil)).Set("updated_at = ?", reply.CreatedAt.UTC()).Where("id = ?", reply.TicketID).Exec(ctx)
		if err := oneChanged(res, err, "touch ticket", apperr.New(apperr.NotFound, "ticket not found")); err != nil {
			return err
		}
		r := ticketReplyRowOf(reply)
		return insertModel(ctx, tx, &r, "store ticket reply")
	})
}

// OrderForDispute reads an order's owner, status and payment time.
func (db Support) OrderForDispute(ctx context.Context, orderID string) (support.PaidOrder, bool, error) {
	var r struct {
		ID     string     `bun:"id"`
		Number string     `bun:"number"`
		UserID string     `bun:"user_id"`
		Status string     `bun:"status"`
		PaidAt *time.Time `bun:"paid_at"`
	}
	if ok, err := found(db.bun.NewSelect().Table("orders").Column("id", "number", "user_id", "status", "paid_at").Where("id = ?", orderID).Scan(ctx, &r), "order for dispute"); !ok {
		return support.PaidOrder{}, false, err
	}
	o := support.PaidOrder{ID: r.ID, Number: r.Number, UserID: r.UserID, Status: r.Status, PaidAt: r.PaidAt}
	if o.PaidAt != nil {
		t := o.PaidAt.UTC()
		o.PaidAt = &t
	}
	return o, true, nil
}

// RecordHelpEvent stores a help analytics event.
func (db Support) RecordHelpEvent(ctx context.Context, e support.HelpEvent) error {
	r := helpEventRowOf(e)
	return insertModel(ctx, db.bun, &r, "store help event")
}

// HelpEvents lists the help analytics events of a guide, oldest first (tests, reports).
func (db Support) HelpEvents(ctx context.Context, guideID string) ([]support.HelpEvent, error) {
	return scanDomains[helpEventRow](ctx, db.bun.NewSelect().Model((*helpEventRow)(nil)).Where("guide_id = ?", guideID).OrderExpr("created_at, id"), "list help events")
}
