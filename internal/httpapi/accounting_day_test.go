package httpapi_test

import (
	"net/http"
	"testing"

	"circle/internal/accounting"
	"circle/internal/app"
	"circle/internal/checkout"
	"circle/internal/copay"
	"circle/internal/demo"
	"circle/internal/httpapi"
	"circle/internal/points"
	"circle/internal/store"
	"circle/internal/testapp"
)

// moneyTotalsByKind sums the money record's totals (every month) by kind: cents and points.
func moneyTotalsByKind(t *testing.T, a *testapp.App, admin *http.Client) (cents, pts map[string]int64) {
	t.Helper()
	var out struct{ Totals []accounting.Total }
	res := call(t, a, admin, "GET", "/api/admin/accounting/totals?grain=month", nil)
	res.JSON(t, &out)
	if res.Status != http.StatusOK {
		t.Fatalf("totals: %d %s", res.Status, res.Body)
	}
	cents, pts = map[string]int64{}, map[string]int64{}
	for _, tt := range out.Totals {
		if tt.Currency != "USD" {
			t.Fatalf("a total in %s: %+v", tt.Currency, tt)
		}
		cents[tt.Kind] += tt.AmountCents
		pts[tt.Kind] += tt.Points
	}
	return cents, pts
}

// payPage pays a checkout's built-in payment page with the card that succeeds.
func payPage(t *testing.T, a *testapp.App, c *http.Client, r httpapi.CheckoutResult) {
	t.Helper()
	if res := formAs(t, a, c, pagePath(t, r.URL)+"/pay", card("4242 4242 4242 4242")); res.Status != http.StatusSeeOther {
		t.Fatalf("pay order %s: %d %s", r.Order.ID, res.Status, res.Body)
	}
	if o := orderOf(t, a, c, r.Order.ID); o.Status != checkout.Paid {
		t.Fatalf("order %s not paid: %s", r.Order.ID, o.Status)
	}
}

// TestF_AREA_03_ScriptedDayReconciles (issue 31 acceptance "after a scripted day of purchases,
// refunds, co-pay and points, every total agrees to the cent"), on both engines through the
// real server: an agent's retail purchase, a Pro purchase paid partly with points, a Pro
// purchase whose vendor approved a co-pay, an automatic co-pay from the Pro's points, a full
// refund of the retail order and of the points order, a partial refund of the co-pay order.
// Then the reconciliation lists nothing, and the day's change of the money record's totals is,
// kind by kind, what the buyers were charged, what the admin gave back, what the Pro's wallet
// moved and what the vendors were charged for those points.
func TestF_AREA_03_ScriptedDayReconciles(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		// The jobs (vendor point charges and their refunds) run when the test says, so the totals
		// below are read after every fact of the day has landed.
		a := testapp.Start(t, kind, testapp.Options{ManualJobs: true, Config: func(c *app.Config) { c.StripeWebhookSecret = testWhsec }})
		a.LoadDemo(t)
		runJobs := func() {
			t.Helper()
			if _, err := a.Jobs.RunDue(t.Context()); err != nil {
				t.Fatal(err)
			}
		}
		admin := a.SignIn(t, "admin@demo.test", demo.Password)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		pro := a.SignIn(t, "pro@demo.test", demo.Password)
		cartOf(t, call(t, a, pro, "DELETE", "/api/cart", nil))
		cartOf(t, call(t, a, agent, "DELETE", "/api/cart", nil))

		wallet := func() int64 {
			t.Helper()
			var sum points.Summary
			call(t, a, pro, http.MethodGet, "/api/points/summary", nil).JSON(t, &sum)
			return sum.TotalAvailablePoints
		}
		runJobs()
		centsBefore, pointsBefore := moneyTotalsByKind(t, a, admin)
		walletBefore := wallet()
		var charged, refunded int64

		// 1. The agent buys two HDR shoots at retail.
		retail := agentCheckout(t, a, agent)
		payPage(t, a, agent, retail)
		charged += retail.Order.TotalCents

		// 2. The Pro buys HDR at the Pro price with 95 points toward it.
		cartOf(t, call(t, a, pro, "POST", "/api/cart/items", map[string]any{"service_id": svcHDR, "price_cents": 189_00, "coverage": "points"}))
		withPoints := checkoutOf(t, call(t, a, pro, "POST", "/api/checkout", nil))
		if withPoints.Order.TotalCents != 94_00 {
			t.Fatalf("points order total %d, want 9400", withPoints.Order.TotalCents)
		}
		payPage(t, a, pro, withPoints)
		charged += withPoints.Order.TotalCents
		runJobs() // the vendors are charged for the points

		// 3. The Pro asks a partner for a 40% co-pay; approved, the Pro pays the agent share.
		r := copayView(t, call(t, a, pro, "POST", "/api/copay/requests", copayBody(40, "day-1")), 201)
		setCoPayStatus(t, a, r.ID, copay.StatusApproved, "Glad to help")
		coPaid := checkoutOf(t, call(t, a, pro, "POST", "/api/checkout", nil))
		if coPaid.Order.TotalCents != r.AgentShare.USDCents {
			t.Fatalf("co-pay order total %d, want the agent share %d", coPaid.Order.TotalCents, r.AgentShare.USDCents)
		}
		payPage(t, a, pro, coPaid)
		charged += coPaid.Order.TotalCents

		// 4. An automatic co-pay: Harborline's share paid with the Pro's points.
		res := call(t, a, pro, http.MethodPost, "/api/points/copay", map[string]any{"service_id": svcHDR, "vendor_id": "ven-harborline", "idempotency_key": "day-auto"})
		if res.Status != http.StatusOK {
			t.Fatalf("automatic co-pay: %d %s", res.Status, res.Body)
		}

		// 5. The admin refunds the retail order and the points order in full, and $10 of the co-pay order.
		for _, id := range []string{retail.Order.ID, withPoints.Order.ID} {
			var out accounting.RefundOutcome
			res := call(t, a, admin, "POST", "/api/admin/accounting/orders/"+id+"/refund", map[string]any{"reason": "scripted day"})
			res.JSON(t, &out)
			if res.Status != http.StatusOK || out.Status != string(checkout.Refunded) {
				t.Fatalf("refund %s: %d %s", id, res.Status, res.Body)
			}
			refunded += out.AmountCents
		}
		res = call(t, a, admin, "POST", "/api/admin/accounting/orders/"+coPaid.Order.ID+"/partial-refunds",
			map[string]any{"amount_cents": 10_00, "reason": "late delivery", "idempotency_key": "day-part"})
		if res.Status != http.StatusOK {
			t.Fatalf("partial refund: %d %s", res.Status, res.Body)
		}
		refunded += 10_00
		runJobs()

		// The reconciliation finds nothing to report.
		var run struct{ Run *accounting.Run }
		res = call(t, a, admin, "POST", "/api/admin/accounting/reconciliation", nil)
		res.JSON(t, &run)
		if res.Status != http.StatusOK || run.Run == nil || run.Run.MismatchCount != 0 {
			t.Fatalf("reconciliation after the day: %d %s", res.Status, res.Body)
		}

		// The day's change of the totals, kind by kind, to the cent.
		centsAfter, pointsAfter := moneyTotalsByKind(t, a, admin)
		delta := func(kind string) (int64, int64) {
			return centsAfter[kind] - centsBefore[kind], pointsAfter[kind] - pointsBefore[kind]
		}
		if got, _ := delta(accounting.KindCharge); got != charged {
			t.Errorf("charges moved by %d, the buyers paid %d", got, charged)
		}
		if got, _ := delta(accounting.KindRefund); got != -refunded {
			t.Errorf("refunds moved by %d, the admin gave back %d", got, refunded)
		}
		walletMoved := wallet() - walletBefore
		var ledgerPoints, ledgerCents int64
		for _, k := range []string{accounting.KindPointsSpend, accounting.KindPointsReversal, accounting.KindCredit} {
			c, p := delta(k)
			ledgerCents += c
			ledgerPoints += p
		}
		// Spent: 95 on the order and 45 on the automatic co-pay; given back: the 95 of the refunded order.
		if walletMoved != -45 || ledgerPoints != walletMoved || ledgerCents != walletMoved*points.CentsPerPoint {
			t.Errorf("the Pro's wallet moved %d points; the record's points kinds %d points, %d cents", walletMoved, ledgerPoints, ledgerCents)
		}
		// The vendors are charged for the points their Pro spent on them, and given back the
		// points of the refunded order.
		charges, _ := delta(accounting.KindVendorCharge)
		givenBack, _ := delta(accounting.KindVendorRefund)
		if charges+givenBack != -ledgerCents || givenBack != -95*points.CentsPerPoint {
			t.Errorf("vendor charges moved by %d and their refunds by %d; the points spent were worth %d", charges, givenBack, -ledgerCents)
		}
		if c, p := delta(accounting.KindSubscription); c != 0 || p != 0 {
			t.Errorf("subscriptions moved by %d cents, %d points in a day without any", c, p)
		}
	})
}
