package httpapi_test

import (
	"strings"
	"testing"

	"circle/internal/accounting"
	"circle/internal/checkout"
	"circle/internal/demo"
	"circle/internal/store"
)

// TestF_AREA_03_AccountingAPI (issue 31 item 7), on both engines through the real server: a paid
// order's charge is in the ledger and the CSV; an admin refunds it with a reason (twice: once);
// the refund entry is there, the buyer's order is refunded, the reconciliation run by the admin
// balances and is the latest run; totals by month hold both; a refund without a reason is 400,
// of an unknown order 404; an agent is refused everything.
func TestF_AREA_03_AccountingAPI(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		admin := a.SignIn(t, "admin@demo.test", demo.Password)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		orderID := payOrder(t, a, agent)

		var page accounting.EntryPage
		res := call(t, a, admin, "GET", "/api/admin/accounting/entries?q="+orderID, nil)
		res.JSON(t, &page)
		if res.Status != 200 || page.Total != 1 || page.Entries[0].Kind != accounting.KindCharge || page.Entries[0].AmountCents <= 0 {
			t.Fatalf("ledger of the paid order: %d %+v", res.Status, page)
		}
		paid := page.Entries[0].AmountCents

		wantError(t, call(t, a, admin, "POST", "/api/admin/accounting/orders/"+orderID+"/refund", map[string]any{"reason": " "}), 400, "reason",
			accounting.KeyReasonRequired, accounting.MsgReasonRequired)
		if res := call(t, a, admin, "POST", "/api/admin/accounting/orders/no-such-order/refund", map[string]any{"reason": "x"}); res.Status != 404 {
			t.Fatalf("unknown order: %d %s", res.Status, res.Body)
		}
		for i, replayed := range []bool{false, true} {
			var out accounting.RefundOutcome
			res := call(t, a, admin, "POST", "/api/admin/accounting/orders/"+orderID+"/refund", map[string]any{"reason": "duplicate purchase"})
			res.JSON(t, &out)
			if res.Status != 200 || out.Replayed != replayed || out.Status != string(checkout.Refunded) || out.AmountCents != paid {
				t.Fatalf("refund %d: %d %+v", i, res.Status, out)
			}
		}
		if o := orderOf(t, a, agent, orderID); o.Status != checkout.Refunded {
			t.Fatalf("the buyer's order is %s", o.Status)
		}
		res = call(t, a, admin, "GET", "/api/admin/accounting/entries?kind=refund&q="+orderID, nil)
		res.JSON(t, &page)
		if page.Total != 1 || page.Entries[0].AmountCents != -paid {
			t.Fatalf("refund entries: %+v", page)
		}
		csv := call(t, a, admin, "GET", "/api/admin/accounting/entries.csv?q="+orderID, nil)
		if csv.Status != 200 || !strings.HasPrefix(csv.Header.Get("Content-Type"), "text/csv") || strings.Count(string(csv.Body), orderID) < 2 ||
			!strings.Contains(string(csv.Body), accounting.Dollars(-paid)) {
			t.Fatalf("csv: %d %s", csv.Status, csv.Body)
		}

		var run struct{ Run *accounting.Run }
		res = call(t, a, admin, "POST", "/api/admin/accounting/reconciliation", nil)
		res.JSON(t, &run)
		if res.Status != 200 || run.Run == nil || run.Run.MismatchCount != 0 || run.Run.Cause != accounting.CauseManual {
			t.Fatalf("reconcile: %d %s", res.Status, res.Body)
		}
		id := run.Run.ID
		res = call(t, a, admin, "GET", "/api/admin/accounting/reconciliation", nil)
		res.JSON(t, &run)
		if run.Run == nil || run.Run.ID != id {
			t.Fatalf("latest run: %s", res.Body)
		}

		var totals struct{ Totals []accounting.Total }
		res = call(t, a, admin, "GET", "/api/admin/accounting/totals?grain=month", nil)
		res.JSON(t, &totals)
		kinds := map[string]bool{}
		for _, tt := range totals.Totals {
			kinds[tt.Kind] = len(tt.Period) == 7
		}
		if !kinds[accounting.KindCharge] || !kinds[accounting.KindRefund] {
			t.Fatalf("totals by month: %s", res.Body)
		}
		wantError(t, call(t, a, admin, "GET", "/api/admin/accounting/entries?from=2026-03-05&to=2026-03-01", nil), 400, "from", accounting.KeyBadRange, accounting.MsgBadRange)

		for _, p := range []string{"/api/admin/accounting/entries", "/api/admin/accounting/reconciliation", "/api/admin/accounting/orders"} {
			if res := call(t, a, agent, "GET", p, nil); res.Status != 403 {
				t.Fatalf("agent %s: %d", p, res.Status)
			}
		}
	})
}

// TestF_AREA_03_PartialRefundAPI (issue 31 item 7), on both engines through the real server:
// the admin reads what is left to refund of a paid order, refunds a part of it by amount (the
// same key twice: one part), an amount over the rest is 409 naming amount_cents, the rest by
// its line completes the refund, the money record's refunds sum to the charge, and the
// reconciliation balances; an agent is refused.
func TestF_AREA_03_PartialRefundAPI(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		admin := a.SignIn(t, "admin@demo.test", demo.Password)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		orderID := payOrder(t, a, agent)
		base := "/api/admin/accounting/orders/" + orderID
		type refundable struct {
			TotalCents     int64 `json:"total_cents"`
			RemainingCents int64 `json:"remaining_cents"`
			Lines          []struct {
				ID             string `json:"id"`
				LineTotalCents int64  `json:"line_total_cents"`
				Refunded       bool   `json:"refunded"`
			}
		}
		var r refundable
		res := call(t, a, admin, "GET", base+"/refundable", nil)
		res.JSON(t, &r)
		if res.Status != 200 || r.TotalCents <= 100 || r.RemainingCents != r.TotalCents || len(r.Lines) == 0 {
			t.Fatalf("refundable: %d %s", res.Status, res.Body)
		}
		var lineCash int64
		for _, l := range r.Lines {
			lineCash += l.LineTotalCents
		}
		part := map[string]any{"amount_cents": 100, "reason": "late delivery", "idempotency_key": "api-1"}
		for i, replayed := range []bool{false, true} {
			var out struct {
				Replayed bool `json:"replayed"`
				Part     struct {
					Status string `json:"status"`
				} `json:"part"`
			}
			res := call(t, a, admin, "POST", base+"/partial-refunds", part)
			res.JSON(t, &out)
			if res.Status != 200 || out.Replayed != replayed || out.Part.Status != checkout.PartSucceeded {
				t.Fatalf("part %d: %d %s", i, res.Status, res.Body)
			}
		}
		wantError(t, call(t, a, admin, "POST", base+"/partial-refunds", map[string]any{"amount_cents": r.TotalCents, "reason": "x", "idempotency_key": "api-2"}),
			409, "amount_cents", checkout.KeyPartTooMuch, checkout.MsgPartTooMuch)
		if res := call(t, a, agent, "POST", base+"/partial-refunds", map[string]any{"amount_cents": 1, "reason": "x", "idempotency_key": "api-3"}); res.Status != 403 {
			t.Fatalf("agent: %d", res.Status)
		}
		res = call(t, a, admin, "GET", base+"/refundable", nil)
		res.JSON(t, &r)
		if r.RemainingCents != r.TotalCents-100 {
			t.Fatalf("remaining after a part of 100: %s", res.Body)
		}
		if lineCash == r.TotalCents && len(r.Lines) == 1 {
			// The line's cash is more than what is left: refused; the rest by amount completes it.
			wantError(t, call(t, a, admin, "POST", base+"/partial-refunds", map[string]any{"line_ids": []string{r.Lines[0].ID}, "reason": "x", "idempotency_key": "api-4"}),
				409, "amount_cents", checkout.KeyPartTooMuch, checkout.MsgPartTooMuch)
		}
		var out struct {
			Completed   bool   `json:"completed"`
			OrderStatus string `json:"order_status"`
		}
		res = call(t, a, admin, "POST", base+"/partial-refunds", map[string]any{"amount_cents": r.RemainingCents, "reason": "rest", "idempotency_key": "api-5"})
		res.JSON(t, &out)
		if res.Status != 200 || !out.Completed || out.OrderStatus != string(checkout.Refunded) {
			t.Fatalf("the rest: %d %s", res.Status, res.Body)
		}
		var page accounting.EntryPage
		call(t, a, admin, "GET", "/api/admin/accounting/entries?kind=refund&q="+orderID, nil).JSON(t, &page)
		var sum int64
		for _, e := range page.Entries {
			sum += e.AmountCents
		}
		if page.Total != 2 || sum != -r.TotalCents {
			t.Fatalf("refund entries %+v, want two summing to %d", page.Entries, -r.TotalCents)
		}
		var run struct{ Run *accounting.Run }
		call(t, a, admin, "POST", "/api/admin/accounting/reconciliation", nil).JSON(t, &run)
		if run.Run == nil || run.Run.MismatchCount != 0 {
			t.Fatalf("reconciliation after the parts: %+v", run.Run)
		}
	})
}
