package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"circle/internal/copay"
	"circle/internal/demo"
	"circle/internal/notices"
	"circle/internal/store"
	"circle/internal/testapp"
)

// TestF_PAY_05_VendorCardShowsOneCap (issue 28 item 12): the vendor's card shows one cap, the
// lower of the service's limit and RESPA's, and says which; the explanation says the shares
// without a second cap figure. Before, the card showed "Most you may approve 50%" beside an
// explanation "capped at 70%".
func TestF_PAY_05_VendorCardShowsOneCap(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		vendor := a.SignIn(t, "vendor@demo.test", demo.Password)
		var list vendorCoPayList
		call(t, a, vendor, http.MethodGet, "/api/vendor/copay-requests?status=pending", nil).JSON(t, &list)
		if len(list.Requests) != 1 {
			t.Fatalf("pending %+v", list.Requests)
		}
		p := list.Requests[0]
		if p.CapPercent < p.RequestedSplit || (p.CapSource != "service" && p.CapSource != "respa") || strings.Contains(p.Explanation, "capped") ||
			!strings.HasPrefix(p.Explanation, "ClosingBell Transaction Services covers 50%") {
			t.Fatalf("card: cap %d%% (%q), explanation %q", p.CapPercent, p.CapSource, p.Explanation)
		}
	})
}

// TestF_PAY_05_ApprovalUndoWithinTheWindowOnAFakeClock (issue 28 item 12): Approve applies at
// once and answers undo_until; within copay.UndoWindow (the app's fake clock, not the wall clock)
// POST .../undo puts the request back to pending with the shares it was asked with, once (a second
// undo is 409), removes the agent's notice and no e-mail is ever sent; it can be approved again.
// After the window the undo is 409 and the approval stands; its e-mail goes out with the sweep.
func TestF_PAY_05_ApprovalUndoWithinTheWindowOnAFakeClock(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		clock := testapp.NewClock(time.Date(2027, 3, 8, 15, 0, 0, 0, time.UTC))
		a := acctAppWith(t, kind, testapp.Options{Clock: clock, ManualJobs: true})
		vendor := a.SignIn(t, "vendor@demo.test", demo.Password)
		pro := a.SignIn(t, "pro@demo.test", demo.Password)
		other := harborlineOwner(t, a)
		id := demo.CoPayPendingID
		approve, undo := "/api/vendor/copay-requests/"+id+"/approve", "/api/vendor/copay-requests/"+id+"/undo"
		var before vendorCoPayList
		call(t, a, vendor, http.MethodGet, "/api/vendor/copay-requests?status=pending", nil).JSON(t, &before)
		if len(before.Requests) != 1 {
			t.Fatalf("pending %+v", before.Requests)
		}
		asked := before.Requests[0]
		inbox := func() int {
			var in struct{ Notifications []notices.View }
			call(t, a, pro, http.MethodGet, "/api/notifications", nil).JSON(t, &in)
			return len(in.Notifications)
		}
		approvalMails := func() int {
			if _, err := a.Jobs.RunDue(t.Context()); err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, m := range acctMail(t, a, "pro@demo.test") {
				if strings.HasPrefix(m, copay.NoticeApproved+"\n") {
					n++
				}
			}
			return n
		}
		// Nothing to undo while pending.
		acctExpectError(t, call(t, a, vendor, http.MethodPost, undo, nil), http.StatusConflict, "conflict", "", copay.MsgUndoClosed)

		var got copay.IncomingView
		res := call(t, a, vendor, http.MethodPost, approve, map[string]any{"split_percentage": 40})
		res.JSON(t, &got)
		if res.Status != http.StatusOK || got.Status != "approved" || got.UndoUntil == nil || !got.UndoUntil.Equal(clock.Now().Add(copay.UndoWindow)) {
			t.Fatalf("approve %d %s", res.Status, res.Body)
		}
		if inbox() != 1 || approvalMails() != 0 {
			t.Fatal("the approval's notice is in the app at once and its e-mail waits out the window")
		}
		// Another vendor cannot undo it.
		acctExpectError(t, call(t, a, other, http.MethodPost, undo, nil), http.StatusNotFound, "not_found", "", "")

		clock.Advance(copay.UndoWindow - time.Second)
		res = call(t, a, vendor, http.MethodPost, undo, nil)
		res.JSON(t, &got)
		if res.Status != http.StatusOK || got.Status != "pending" || got.ApprovedSplit != nil || got.UndoUntil != nil ||
			got.VendorShareCents != asked.VendorShareCents || got.AgentShareCents != asked.AgentShareCents {
			t.Fatalf("undo %d %s", res.Status, res.Body)
		}
		// Once: a second undo changes nothing.
		acctExpectError(t, call(t, a, vendor, http.MethodPost, undo, nil), http.StatusConflict, "conflict", "", copay.MsgUndoClosed)
		clock.Advance(2 * time.Minute)
		if inbox() != 0 || approvalMails() != 0 {
			t.Fatal("an undone approval leaves no notice and sends no e-mail")
		}

		// Approved again, the window closes: the undo is refused and the approval stands.
		if res := call(t, a, vendor, http.MethodPost, approve, map[string]any{"split_percentage": 35, "note": "Glad to help"}); res.Status != http.StatusOK {
			t.Fatalf("approve again %d %s", res.Status, res.Body)
		}
		clock.Advance(copay.UndoWindow)
		acctExpectError(t, call(t, a, vendor, http.MethodPost, undo, nil), http.StatusConflict, "conflict", "", copay.MsgUndoClosed)
		var after vendorCoPayList
		call(t, a, vendor, http.MethodGet, "/api/vendor/copay-requests?status=approved", nil).JSON(t, &after)
		found := false
		for _, r := range after.Requests {
			if r.ID == id && r.ApprovedSplit != nil && *r.ApprovedSplit == 35 {
				found = true
			}
		}
		clock.Advance(2 * time.Minute)
		if !found || inbox() != 1 || approvalMails() != 1 {
			t.Fatalf("the second approval stands (%v) with one notice and one e-mail", found)
		}
		for _, m := range acctMail(t, a, "pro@demo.test") {
			if strings.HasPrefix(m, copay.NoticeApproved+"\n") && (!strings.Contains(m, "35%") || !strings.Contains(m, "Glad to help")) {
				t.Fatalf("e-mail %q", m)
			}
		}
	})
}
