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
	payEach(t, func(t *testing.T, kind store.Kind) {
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
