package httpapi_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"circle/internal/app"
	"circle/internal/checkout"
	"circle/internal/store"
	"circle/internal/support"
	"circle/internal/testapp"
)

type supportTicket struct {
	support.TicketView
}

func supportTicketOf(t *testing.T, res testapp.Response, status int) supportTicket {
	t.Helper()
	return statusJSON[supportTicket](t, "ticket answer", res, status)
}

func supportTickets(t *testing.T, a *testapp.App, c *http.Client) []support.TicketView {
	t.Helper()
	out := okJSON[struct{ Tickets []support.TicketView }](t, "list tickets", call(t, a, c, "GET", "/api/support/tickets", nil))
	return out.Tickets
}

func supportMails(t *testing.T, a *testapp.App) []string {
	t.Helper()
	mails, err := store.NewOps(a.DB).OutboxEmails(context.Background(), "help-desk@circle.test", 100)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range mails {
		if m.Kind != "support_request" {
			t.Fatalf("support mail of kind %q", m.Kind)
		}
		out = append(out, m.Subject+"\n"+m.Text)
	}
	return out
}

// TestF_HELP_01_ContactCreatesTicket (issue 29 item 6, issue 32 item 7): the contact form's
// message becomes an open ticket e-mailed to the support address through the outbox. Subject
// and message are required and a visitor must give an e-mail (400 naming each field, nothing
// stored or sent); a member's e-mail falls back to the account's. A member lists and reads only
// their own tickets: another member's is 404, a visitor cannot list. New tickets are rate
// limited per member or address. Both engines.
func TestF_HELP_01_ContactCreatesTicket(t *testing.T) {
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a, _ := consultApp(t, kind, "2026-12-01T15:00:00Z", func(c *app.Config) { c.SupportEmail = "help-desk@circle.test" })
		agent, _, _ := acctBrowser(t, a, "agent@demo.test")
		pro, _, _ := acctBrowser(t, a, "pro@demo.test")

		wantError(t, call(t, a, nil, "POST", "/api/support/tickets", map[string]string{"subject": " ", "message": "Hello", "email": "v@example.com"}),
			400, "subject", "support.subjectRequired", support.MsgSubjectRequired)
		wantError(t, call(t, a, nil, "POST", "/api/support/tickets", map[string]string{"subject": "Hi", "message": "", "email": "v@example.com"}),
			400, "message", "support.messageRequired", support.MsgMessageRequired)
		wantError(t, call(t, a, nil, "POST", "/api/support/tickets", map[string]string{"subject": "Hi", "message": "Hello"}),
			400, "email", "support.emailRequired", support.MsgEmailRequired)
		wantError(t, call(t, a, agent, "POST", "/api/support/tickets", map[string]string{"subject": "Hi", "message": "Hello", "email": "nope"}),
			400, "email", "support.email", support.MsgEmail)
		if got := supportMails(t, a); len(got) != 0 {
			t.Fatalf("refused messages were mailed: %v", got)
		}

		visitor := supportTicketOf(t, call(t, a, nil, "POST", "/api/support/tickets",
			map[string]string{"subject": "Vendor question", "message": "Do you list Texas lenders?", "email": "Visitor@Example.com", "current_page": "/lender"}), 201)
		if visitor.Status != support.StatusOpen || visitor.Kind != support.KindContact || visitor.Email != "visitor@example.com" || visitor.CurrentPage != "/lender" {
			t.Fatalf("visitor ticket: %+v", visitor)
		}
		mine := supportTicketOf(t, call(t, a, agent, "POST", "/api/support/tickets",
			map[string]string{"subject": "Invoice copy", "message": "Please send my March invoice.", "kind": "help"}), 201)
		if mine.Email != "agent@demo.test" || mine.Kind != support.KindHelp || !mine.CreatedAt.Equal(a.Clock.Now()) {
			t.Fatalf("member ticket: %+v", mine)
		}
		mails := supportMails(t, a)
		if len(mails) != 2 || !strings.Contains(strings.Join(mails, "\n"), "Please send my March invoice.") ||
			!strings.Contains(strings.Join(mails, "\n"), "[Support] Vendor question") || !strings.Contains(strings.Join(mails, "\n"), "visitor@example.com") {
			t.Fatalf("support mails: %q", mails)
		}

		if list := supportTickets(t, a, agent); len(list) != 1 || list[0].ID != mine.ID || list[0].Status != support.StatusOpen {
			t.Fatalf("agent's tickets: %+v", list)
		}
		if list := supportTickets(t, a, pro); len(list) != 0 {
			t.Fatalf("pro sees tickets: %+v", list)
		}
		if res := call(t, a, nil, "GET", "/api/support/tickets", nil); res.Status != http.StatusUnauthorized {
			t.Fatalf("visitor list: %d", res.Status)
		}
		got := supportTicketOf(t, call(t, a, agent, "GET", "/api/support/tickets/"+mine.ID, nil), 200)
		if got.Subject != "Invoice copy" || got.Replies == nil {
			t.Fatalf("own ticket: %+v", got)
		}
		for _, id := range []string{mine.ID, visitor.ID} {
			if res := call(t, a, pro, "GET", "/api/support/tickets/"+id, nil); res.Status != http.StatusNotFound {
				t.Fatalf("another's ticket %s: %d %s", id, res.Status, res.Body)
			}
		}

		// Rate limit: the agent sent 1; 4 more pass at once, the next waits.
		for i := range support.TicketBurst - 1 {
			supportTicketOf(t, call(t, a, agent, "POST", "/api/support/tickets", map[string]string{"subject": "More", "message": "n " + string(rune('a'+i))}), 201)
		}
		if res := call(t, a, agent, "POST", "/api/support/tickets", map[string]string{"subject": "More", "message": "too many"}); res.Status != http.StatusTooManyRequests ||
			res.Header.Get("Retry-After") == "" {
			t.Fatalf("over the limit: %d %v", res.Status, res.Header)
		}
		a.Clock.Advance(time.Minute)
		agent, _, _ = acctBrowser(t, a, "agent@demo.test")
		supportTicketOf(t, call(t, a, agent, "POST", "/api/support/tickets", map[string]string{"subject": "Later", "message": "after a minute"}), 201)
	})
}

// payOrder places and pays an order for the agent through the built-in payment page.
func payOrder(t *testing.T, a *testapp.App, c *http.Client) string {
	t.Helper()
	r := agentCheckout(t, a, c)
	if res := formAs(t, a, c, pagePath(t, r.URL)+"/pay", card("4242 4242 4242 4242")); res.Status != http.StatusSeeOther {
		t.Fatalf("pay: %d %s", res.Status, res.Body)
	}
	if o := orderOf(t, a, c, r.Order.ID); o.Status != checkout.Paid {
		t.Fatalf("order not paid: %+v", o)
	}
	return r.Order.ID
}

// TestF_AREA_05_DisputeRules (issue 32 item 9): a member opens a dispute on their own paid
// order within 30 days of payment (the injected clock): a ticket of kind dispute, open, with
// the order's number, e-mailed to support and listed to the member. Another member's order, an
// unpaid one, one paid more than 30 days ago and a second dispute in progress are refused
// naming order_id, storing and sending nothing. Both engines.
func TestF_AREA_05_DisputeRules(t *testing.T) {
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a, clock := consultApp(t, kind, "2026-12-01T15:00:00Z", func(c *app.Config) {
			c.SupportEmail = "help-desk@circle.test"
			c.StripeWebhookSecret = testWhsec
		})
		agent, _, _ := acctBrowser(t, a, "agent@demo.test")
		pro, _, _ := acctBrowser(t, a, "pro@demo.test")
		first := payOrder(t, a, agent)
		// Access tokens are short-lived: sign in again after each move of the clock.
		clock.Advance(24 * time.Hour)
		agent, _, _ = acctBrowser(t, a, "agent@demo.test")
		pro, _, _ = acctBrowser(t, a, "pro@demo.test")
		second := payOrder(t, a, agent)
		pending := agentCheckout(t, a, agent).Order.ID
		body := func(order string) map[string]string {
			return map[string]string{"order_id": order, "reason": "not_delivered", "details": "The photos never arrived.", "evidence": "https://example.com/thread"}
		}

		if res := call(t, a, nil, "POST", "/api/support/disputes", body(first)); res.Status != http.StatusUnauthorized {
			t.Fatalf("visitor dispute: %d", res.Status)
		}
		wantError(t, call(t, a, pro, "POST", "/api/support/disputes", body(first)), 400, "order_id", "support.dispute.notYours", support.MsgOrderNotYours)
		wantError(t, call(t, a, agent, "POST", "/api/support/disputes", body("no-such-order")), 400, "order_id", "support.dispute.notYours", "")
		wantError(t, call(t, a, agent, "POST", "/api/support/disputes", body(pending)), 400, "order_id", "support.dispute.notPaid", support.MsgOrderNotPaid)
		wantError(t, call(t, a, agent, "POST", "/api/support/disputes", map[string]string{"order_id": first, "reason": "bored", "details": "x"}),
			400, "reason", "validation.enum", "")
		wantError(t, call(t, a, agent, "POST", "/api/support/disputes", map[string]string{"order_id": first, "reason": "other", "details": " "}),
			400, "details", "support.dispute.detailsRequired", "")
		if n := len(supportMails(t, a)); n != 0 {
			t.Fatalf("refused disputes mailed %d", n)
		}

		// 30 days after the first payment: still within the window.
		clock.Advance(29 * 24 * time.Hour)
		agent, _, _ = acctBrowser(t, a, "agent@demo.test")
		d := supportTicketOf(t, call(t, a, agent, "POST", "/api/support/disputes", body(first)), 201)
		if d.Kind != support.KindDispute || d.Status != support.StatusOpen || d.OrderID != first || d.OrderNumber == "" || d.Reason != "not_delivered" ||
			d.Evidence != "https://example.com/thread" || d.Email != "agent@demo.test" {
			t.Fatalf("dispute: %+v", d)
		}
		wantError(t, call(t, a, agent, "POST", "/api/support/disputes", body(first)), 409, "order_id", "support.dispute.open", support.MsgDisputeOpen)
		mails := supportMails(t, a)
		if len(mails) != 1 || !strings.Contains(mails[0], "[Dispute]") || !strings.Contains(mails[0], d.OrderNumber) || !strings.Contains(mails[0], "Service not delivered") {
			t.Fatalf("dispute mail: %q", mails)
		}
		if list := supportTickets(t, a, agent); len(list) != 1 || list[0].ID != d.ID || list[0].OrderNumber != d.OrderNumber {
			t.Fatalf("agent's tickets: %+v", list)
		}

		// The second order was paid a day later: past 30 days it is refused.
		clock.Advance(24*time.Hour + time.Minute)
		agent, _, _ = acctBrowser(t, a, "agent@demo.test")
		wantError(t, call(t, a, agent, "POST", "/api/support/disputes", body(second)), 400, "order_id", "support.dispute.window", support.MsgWindowPassed)
		if n := len(supportMails(t, a)); n != 1 {
			t.Fatalf("a refused dispute was mailed (%d mails)", n)
		}
	})
}

// TestF_HELP_02_HelpAnalytics: the help widget records a tour's start, completion and skip for
// visitors and members; unknown event types and tours are refused naming the field.
func TestF_HELP_02_HelpAnalytics(t *testing.T) {
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a, _ := consultApp(t, kind, "2026-12-01T15:00:00Z", nil)
		agent, _, _ := acctBrowser(t, a, "agent@demo.test")
		ev := map[string]any{"event_type": "start", "guide_id": "profile-optimization", "route": "/profile-settings",
			"context_data": map[string]any{"timeOnPage": 4200, "errorCount": 1, "step": 0}}
		if res := call(t, a, nil, "POST", "/api/help/analytics", ev); res.Status != http.StatusNoContent {
			t.Fatalf("visitor start: %d %s", res.Status, res.Body)
		}
		ev["event_type"] = "complete"
		if res := call(t, a, agent, "POST", "/api/help/analytics", ev); res.Status != http.StatusNoContent {
			t.Fatalf("member complete: %d %s", res.Status, res.Body)
		}
		wantError(t, call(t, a, agent, "POST", "/api/help/analytics", map[string]any{"event_type": "start", "guide_id": "no-such-tour", "route": "/"}),
			400, "guide_id", "validation.enum", "")
		got, err := store.NewSupport(a.DB).HelpEvents(context.Background(), "profile-optimization")
		if err != nil || len(got) != 2 || got[0].UserID != "" || got[1].UserID == "" || got[1].EventType != "complete" ||
			!strings.Contains(got[0].ContextData, `"timeOnPage":4200`) || got[0].Route != "/profile-settings" {
			t.Fatalf("help events: %+v %v", got, err)
		}
	})
}
