package httpapi_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"circle/internal/app"
	"circle/internal/audit"
	"circle/internal/store"
	"circle/internal/support"
	"circle/internal/testapp"
)

func deskPage(t *testing.T, a *testapp.App, c *http.Client, query string) support.DeskPage {
	t.Helper()
	return okJSON[support.DeskPage](t, "queue ?"+query, call(t, a, c, "GET", "/api/support/desk/tickets?"+query, nil))
}

func deskView(t *testing.T, res testapp.Response, status int) support.DeskView {
	t.Helper()
	return statusJSON[support.DeskView](t, "desk answer", res, status)
}

func deskAudit(t *testing.T, a *testapp.App, adminC *http.Client, query string) []audit.Record {
	t.Helper()
	res := call(t, a, adminC, "GET", "/api/admin/audit?"+query, nil)
	if res.Status != http.StatusOK {
		t.Fatalf("audit ?%s: %d %s", query, res.Status, res.Body)
	}
	var p audit.RecordPage
	res.JSON(t, &p)
	return p.Entries
}

// TestF_AREA_04_SupportDeskAnswersTickets (issue 31 item 9): support staff and administrators
// work the queue (agents and vendors 403); the queue filters by status, assignee and search and
// pages with a total; the SLA timer counts from the customer's last message by the server's
// clock against the first-response target; a reply is stored, e-mailed to the member through
// the outbox, shown on the member's own ticket (another member's stays 404) and assigns the
// ticket to the replier; internal notes never reach the member; status and assignee changes
// are checked (only staff can be assigned); every staff change writes one audit entry with the
// actor from the access check, and a refused change writes none; a member's reply reopens the
// ticket and restarts the timer. Both engines.
func TestF_AREA_04_SupportDeskAnswersTickets(t *testing.T) {
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a, clock := consultApp(t, kind, "2026-12-01T15:00:00Z", func(c *app.Config) { c.SupportEmail = "help-desk@circle.test" })
		var agent, pro, vendor, staffC, adminC *http.Client
		var staffIn, adminIn acctSignInBody
		// Sessions' access tokens last 15 minutes and admin sessions 12 hours: the clock's
		// jumps sign everyone in again.
		signIn := func() {
			agent, _, _ = acctBrowser(t, a, "agent@demo.test")
			pro, _, _ = acctBrowser(t, a, "pro@demo.test")
			vendor, _, _ = acctBrowser(t, a, "vendor@demo.test")
			staffC, staffIn, _ = acctBrowser(t, a, "support@demo.test")
			adminC, adminIn, _ = acctBrowser(t, a, "admin@demo.test")
		}
		advance := func(d time.Duration) { clock.Advance(d); signIn() }
		signIn()
		staffID, adminID := staffIn.Profile.UserID, adminIn.Profile.UserID

		mine := supportTicketOf(t, call(t, a, agent, "POST", "/api/support/tickets", map[string]string{"subject": "Invoice question", "message": "Where is my invoice?", "kind": "help"}), 201)
		advance(time.Hour)
		supportTicketOf(t, call(t, a, pro, "POST", "/api/support/tickets", map[string]string{"subject": "Booking help", "message": "Cannot book", "kind": "help"}), 201)
		supportTicketOf(t, call(t, a, nil, "POST", "/api/support/tickets", map[string]string{"subject": "Visitor question", "message": "Hello", "email": "visitor@example.com"}), 201)

		for name, c := range map[string]*http.Client{"agent": agent, "vendor": vendor} {
			if s := call(t, a, c, "GET", "/api/support/desk/tickets", nil).Status; s != http.StatusForbidden {
				t.Fatalf("%s on the queue: %d, want 403", name, s)
			}
			if s := call(t, a, c, "POST", "/api/support/desk/tickets/"+mine.ID+"/replies", map[string]string{"message": "x"}).Status; s != http.StatusForbidden {
				t.Fatalf("%s replying: %d, want 403", name, s)
			}
		}
		if p := deskPage(t, a, adminC, "status=open"); p.Total != 3 {
			t.Fatalf("admin sees %d open tickets, want 3", p.Total)
		}
		p := deskPage(t, a, staffC, "status=open&assignee=unassigned&page_size=2")
		if p.Total != 3 || len(p.Tickets) != 2 || p.Tickets[0].ID != mine.ID {
			t.Fatalf("open unassigned page 1: total %d, %d rows, first %+v", p.Total, len(p.Tickets), p.Tickets)
		}
		if p2 := deskPage(t, a, staffC, "status=open&assignee=unassigned&page_size=2&page=2"); len(p2.Tickets) != 1 || p2.Tickets[0].ID == p.Tickets[0].ID || p2.Tickets[0].ID == p.Tickets[1].ID {
			t.Fatalf("page 2 overlaps page 1: %+v", p2.Tickets)
		}
		if s := deskPage(t, a, staffC, "q=INVOICE"); s.Total != 1 || s.Tickets[0].ID != mine.ID || s.Tickets[0].RequesterName == "" {
			t.Fatalf("search invoice: %+v", s)
		}
		if s := deskPage(t, a, staffC, "q=visitor%40example"); s.Total != 1 || s.Tickets[0].MemberID != "" {
			t.Fatalf("search by e-mail: %+v", s)
		}
		if s := deskPage(t, a, staffC, "q=100%25"); s.Total != 0 {
			t.Fatalf("a LIKE wildcard matched: %+v", s)
		}
		wantError(t, call(t, a, staffC, "GET", "/api/support/desk/tickets?assignee=someone", nil), 422, "", "", "")

		// The SLA timer: 1 h since the agent wrote, then 21 h (due soon), then 25 h (breached).
		first := deskView(t, call(t, a, staffC, "GET", "/api/support/desk/tickets/"+mine.ID, nil), 200)
		if first.SLA.State != support.SLAOK || first.SLA.AgeSeconds != 3600 || first.SLA.TargetSeconds != int64(support.FirstResponseTarget/time.Second) {
			t.Fatalf("SLA after 1 h: %+v", first.SLA)
		}
		advance(20 * time.Hour)
		if v := deskView(t, call(t, a, staffC, "GET", "/api/support/desk/tickets/"+mine.ID, nil), 200); v.SLA.State != support.SLADueSoonS {
			t.Fatalf("SLA after 21 h: %+v", v.SLA)
		}
		advance(4 * time.Hour)
		if v := deskView(t, call(t, a, staffC, "GET", "/api/support/desk/tickets/"+mine.ID, nil), 200); v.SLA.State != support.SLABreached {
			t.Fatalf("SLA after 25 h: %+v", v.SLA)
		}

		// A refused reply changes nothing and writes no audit entry.
		wantError(t, call(t, a, staffC, "POST", "/api/support/desk/tickets/"+mine.ID+"/replies", map[string]string{"message": "  "}), 400, "message", "support.desk.message_empty", support.MsgReplyEmpty)
		wantError(t, call(t, a, staffC, "POST", "/api/support/desk/tickets/"+mine.ID+"/replies", map[string]string{"message": "x", "status": "closed"}), 422, "", "", "")
		if got := deskAudit(t, a, adminC, "object_kind=support_ticket&object_id="+mine.ID); len(got) != 0 {
			t.Fatalf("refused changes were audited: %+v", got)
		}

		// The reply: stored, assigned to the replier, pending, e-mailed, on the member's ticket.
		answer := "Your invoice is under Billing, then Invoices."
		v := deskView(t, call(t, a, staffC, "POST", "/api/support/desk/tickets/"+mine.ID+"/replies", map[string]string{"message": answer}), 201)
		if v.Status != support.StatusPending || v.AssigneeID != staffID || v.FirstResponseAt == nil || len(v.Replies) != 1 || v.Replies[0].AuthorRole != "staff" || v.SLA.State != support.SLANone {
			t.Fatalf("after the reply: %+v", v)
		}
		mails, err := store.NewOps(a.DB).OutboxEmails(context.Background(), "agent@demo.test", 20)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, m := range mails {
			found = found || (m.Kind == "support_reply" && m.Subject == "Re: Invoice question" && strings.Contains(m.Text, answer) && strings.Contains(m.Text, "/contact/requests/"+mine.ID))
		}
		if !found {
			t.Fatalf("no reply e-mail to the agent in the outbox: %+v", mails)
		}
		// A second between the reply, the note and the update below: the audit lists entries by
		// their instant, and ids within one millisecond order at random.
		clock.Advance(time.Second)
		note := "Checked Stripe: invoice 42 was paid twice"
		deskView(t, call(t, a, staffC, "POST", "/api/support/desk/tickets/"+mine.ID+"/notes", map[string]string{"message": note}), 201)
		res := call(t, a, agent, "GET", "/api/support/tickets/"+mine.ID, nil)
		own := supportTicketOf(t, res, 200)
		if len(own.Replies) != 1 || own.Replies[0].Message != answer || own.Status != support.StatusPending {
			t.Fatalf("the member's ticket: %+v", own)
		}
		if strings.Contains(string(res.Body), note) || strings.Contains(string(res.Body), "assignee") {
			t.Fatalf("the member sees staff-only data: %s", res.Body)
		}
		if s := call(t, a, pro, "GET", "/api/support/tickets/"+mine.ID, nil).Status; s != http.StatusNotFound {
			t.Fatalf("another member reads the ticket: %d", s)
		}
		if s := call(t, a, pro, "POST", "/api/support/tickets/"+mine.ID+"/replies", map[string]string{"message": "mine now"}).Status; s != http.StatusNotFound {
			t.Fatalf("another member replies: %d", s)
		}
		if m := deskPage(t, a, staffC, "assignee=mine"); m.Total != 1 || m.Tickets[0].ID != mine.ID || m.Tickets[0].ReplyCount != 1 {
			t.Fatalf("mine: %+v", m)
		}

		// Assignment and status: staff only; a change writes one entry with before and after.
		wantError(t, call(t, a, staffC, "PATCH", "/api/support/desk/tickets/"+mine.ID, map[string]string{"assignee_id": "usr-demo-agent"}), 400, "assignee_id", "support.desk.not_staff", support.MsgNotStaff)
		wantError(t, call(t, a, staffC, "PATCH", "/api/support/desk/tickets/"+mine.ID, map[string]string{}), 400, "status", "", support.MsgNothingToChange)
		clock.Advance(time.Second)
		v = deskView(t, call(t, a, staffC, "PATCH", "/api/support/desk/tickets/"+mine.ID, map[string]string{"assignee_id": adminID, "status": "solved"}), 200)
		if v.AssigneeID != adminID || v.Status != support.StatusSolved || len(v.Notes) != 1 || v.Notes[0].Message != note {
			t.Fatalf("after the update: %+v", v)
		}
		entries := deskAudit(t, a, adminC, "object_kind=support_ticket&object_id="+mine.ID)
		if len(entries) != 3 {
			t.Fatalf("audit entries %d, want 3 (reply, note, update): %+v", len(entries), entries)
		}
		upd := entries[0]
		if upd.Action != support.ActionTicketUpdate || upd.ActorID != staffID || !strings.Contains(string(upd.Before), `"status":"pending"`) ||
			!strings.Contains(string(upd.After), `"status":"solved"`) || !strings.Contains(string(upd.After), adminID) {
			t.Fatalf("update entry: %+v before %s after %s", upd, upd.Before, upd.After)
		}
		if entries[1].Action != support.ActionTicketNote || entries[2].Action != support.ActionTicketReply {
			t.Fatalf("entries: %s, %s", entries[1].Action, entries[2].Action)
		}

		// The member answers: the ticket waits on support again and the timer starts over.
		advance(2 * time.Hour)
		supportTicketOf(t, call(t, a, agent, "POST", "/api/support/tickets/"+mine.ID+"/replies", map[string]string{"message": "Found it, thanks. One more thing..."}), 201)
		v = deskView(t, call(t, a, staffC, "GET", "/api/support/desk/tickets/"+mine.ID, nil), 200)
		if v.Status != support.StatusOpen || v.SLA.State != support.SLAOK || v.SLA.AgeSeconds != 0 || len(v.Replies) != 2 || v.Replies[1].AuthorRole != "member" {
			t.Fatalf("after the member's reply: %+v", v)
		}
		if n := len(deskAudit(t, a, adminC, "object_kind=support_ticket&object_id="+mine.ID)); n != 3 {
			t.Fatalf("the member's reply was audited as a staff change: %d entries", n)
		}
	})
}

// TestF_AREA_04_CannedAnswers: staff store, change, list and remove canned answers; a title in
// use is 409 naming title; each change is one audit entry; agents are refused. Both engines.
func TestF_AREA_04_CannedAnswers(t *testing.T) {
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a, _ := consultApp(t, kind, "2026-12-01T15:00:00Z", nil)
		staffC, _, _ := acctBrowser(t, a, "support@demo.test")
		adminC, _, _ := acctBrowser(t, a, "admin@demo.test")
		agent, _, _ := acctBrowser(t, a, "agent@demo.test")

		if s := call(t, a, agent, "POST", "/api/support/desk/canned-answers", map[string]string{"title": "x", "body": "y"}).Status; s != http.StatusForbidden {
			t.Fatalf("agent stores a canned answer: %d", s)
		}
		wantError(t, call(t, a, staffC, "POST", "/api/support/desk/canned-answers", map[string]string{"title": " ", "body": "y"}), 400, "title", "support.desk.title_empty", support.MsgTitleEmpty)
		res := call(t, a, staffC, "POST", "/api/support/desk/canned-answers", map[string]string{"title": "Refund timing", "body": "Refunds take 3-5 business days."})
		if res.Status != http.StatusCreated {
			t.Fatalf("create: %d %s", res.Status, res.Body)
		}
		var c support.CannedAnswer
		res.JSON(t, &c)
		wantError(t, call(t, a, adminC, "POST", "/api/support/desk/canned-answers", map[string]string{"title": "Refund timing", "body": "z"}), 409, "title", "support.desk.title_taken", support.MsgTitleTaken)
		res = call(t, a, adminC, "PUT", "/api/support/desk/canned-answers/"+c.ID, map[string]string{"title": "Refund timing", "body": "Refunds take 3 to 5 business days."})
		if res.Status != http.StatusOK {
			t.Fatalf("update: %d %s", res.Status, res.Body)
		}
		var list struct{ Answers []support.CannedAnswer }
		call(t, a, staffC, "GET", "/api/support/desk/canned-answers", nil).JSON(t, &list)
		if len(list.Answers) != 1 || list.Answers[0].Body != "Refunds take 3 to 5 business days." {
			t.Fatalf("list: %+v", list.Answers)
		}
		if s := call(t, a, staffC, "DELETE", "/api/support/desk/canned-answers/"+c.ID, nil).Status; s != http.StatusNoContent {
			t.Fatalf("delete: %d", s)
		}
		if s := call(t, a, staffC, "DELETE", "/api/support/desk/canned-answers/"+c.ID, nil).Status; s != http.StatusNotFound {
			t.Fatalf("delete again: %d", s)
		}
		// The three entries share the test clock's instant, so their order among themselves is
		// the ids' (random within a millisecond): the set is what this test can check.
		entries := deskAudit(t, a, adminC, "object_kind=canned_answer&object_id="+c.ID)
		var actions []string
		for _, e := range entries {
			actions = append(actions, e.Action)
		}
		slices.Sort(actions)
		want := []string{support.ActionCannedCreate, support.ActionCannedDelete, support.ActionCannedUpdate}
		slices.Sort(want)
		if !slices.Equal(actions, want) {
			t.Fatalf("canned audit: %v, want %v", actions, want)
		}
	})
}
