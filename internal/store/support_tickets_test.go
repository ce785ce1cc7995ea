package store_test

import (
	"context"
	"testing"
	"time"

	"circle/internal/apperr"
	"circle/internal/clocktest"
	"circle/internal/store"
	"circle/internal/support"
)

// TestF_HELP_01_SupportTicketsStore: tickets are stored with a NULL user for visitors, listed
// to their member only (newest first, with a dispute's order number), read with their replies
// (another member's ticket is not found), and one dispute in progress per order; the order a
// dispute reads has its owner, status and payment time. Both engines.
func TestF_HELP_01_SupportTicketsStore(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		s := store.NewSupport(db)
		now := clk.Now().UTC()
		paid := now.Add(-48 * time.Hour)
		if _, err := db.Bun().NewRaw(`INSERT INTO orders (id, number, user_id, status, total_cents, total_usd_cents, provider, paid_at, created_at, updated_at)
			VALUES ('ord-store-1', 'CS-STORE-1', ?, 'paid', 1000, 1000, 'builtin', ?, ?, ?)`, storeAgent, paid, paid, paid).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		mk := func(id, user, kind, order string, at time.Time) support.Ticket {
			return support.Ticket{ID: id, UserID: user, Email: "a@example.com", Subject: "S " + id, Message: "M", Kind: kind, OrderID: order,
				Status: support.StatusOpen, CreatedAt: at, UpdatedAt: at}
		}
		for _, tk := range []support.Ticket{
			mk("t1", storeAgent, support.KindContact, "", now),
			mk("t2", storeAgent, support.KindDispute, "ord-store-1", now.Add(time.Minute)),
			mk("t3", "", support.KindContact, "", now),
			mk("t4", "usr-demo-pro", support.KindHelp, "", now),
		} {
			if err := s.CreateTicket(ctx, tk); err != nil {
				t.Fatalf("create %s: %v", tk.ID, err)
			}
		}
		var nullUsers int
		if err := db.Bun().NewRaw("SELECT COUNT(*) FROM support_tickets WHERE user_id IS NULL").Scan(ctx, &nullUsers); err != nil || nullUsers != 1 {
			t.Fatalf("visitor tickets with a NULL user: %d %v", nullUsers, err)
		}
		err := s.CreateTicket(ctx, mk("t5", storeAgent, support.KindDispute, "ord-store-1", now))
		if apperr.CodeOf(err) != apperr.Conflict {
			t.Fatalf("second open dispute: %v", err)
		}
		list, err := s.UserTickets(ctx, storeAgent, 10)
		if err != nil || len(list) != 2 || list[0].ID != "t2" || list[0].OrderNumber != "CS-STORE-1" || list[1].ID != "t1" || list[1].OrderID != "" {
			t.Fatalf("agent's tickets: %+v %v", list, err)
		}
		if _, err := s.UserTicket(ctx, "usr-demo-pro", "t1"); apperr.CodeOf(err) != apperr.NotFound {
			t.Fatalf("another member's ticket: %v", err)
		}
		if err := s.AddTicketReply(ctx, support.TicketReply{ID: "r1", TicketID: "t1", AuthorRole: "staff", Message: "We are on it", CreatedAt: now.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		v, err := s.UserTicket(ctx, storeAgent, "t1")
		if err != nil || len(v.Replies) != 1 || v.Replies[0].Message != "We are on it" || !v.UpdatedAt.Equal(now.Add(time.Hour)) {
			t.Fatalf("ticket with reply: %+v %v", v, err)
		}
		if err := s.AddTicketReply(ctx, support.TicketReply{ID: "r2", TicketID: "no-such", AuthorRole: "staff", Message: "x", CreatedAt: now}); apperr.CodeOf(err) != apperr.NotFound {
			t.Fatalf("reply to no ticket: %v", err)
		}
		// A solved dispute lets the member open another on the same order.
		if _, err := db.Bun().NewRaw("UPDATE support_tickets SET status = 'solved' WHERE id = 't2'").Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if err := s.CreateTicket(ctx, mk("t6", storeAgent, support.KindDispute, "ord-store-1", now)); err != nil {
			t.Fatalf("dispute after the first was solved: %v", err)
		}
		o, found, err := s.OrderForDispute(ctx, "ord-store-1")
		if err != nil || !found || o.UserID != storeAgent || o.Status != "paid" || o.PaidAt == nil || !o.PaidAt.Equal(paid) || o.Number != "CS-STORE-1" {
			t.Fatalf("order for dispute: %+v %v %v", o, found, err)
		}
		if _, found, err := s.OrderForDispute(ctx, "no-such-order"); found || err != nil {
			t.Fatalf("unknown order: %v %v", found, err)
		}
		if err := s.RecordHelpEvent(ctx, support.HelpEvent{ID: "h1", EventType: "start", GuideID: "profile-optimization", Route: "/", ContextData: "{}", CreatedAt: now}); err != nil {
			t.Fatal(err)
		}
		if ev, err := s.HelpEvents(ctx, "profile-optimization"); err != nil || len(ev) != 1 || ev[0].UserID != "" || ev[0].EventType != "start" {
			t.Fatalf("help events: %+v %v", ev, err)
		}
	})
}
