package httpapi_test

import (
	"net/http"
	"testing"

	"circle/internal/cart"
	"circle/internal/checkout"
	"circle/internal/copay"
	"circle/internal/demo"
	"circle/internal/store"
)

// TestF_PAY_05_PendingCoPayDoesNotFreezeCheckout (issue 28 item 2): with a line waiting for the
// vendor's co-pay answer, the cart says which lines checkout takes (the waiting one is held,
// with what paying it now would cost); checkout creates an order for the ready lines only and
// names the waiting line as held back; once paid, the waiting line is still in the cart with its
// pending request. If the agent prefers, checkout pays the waiting line now at the Pro price and
// withdraws the request, in one transaction; a line that is not waiting is refused, changing
// nothing.
func TestF_PAY_05_PendingCoPayDoesNotFreezeCheckout(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		pro := a.SignIn(t, "pro@demo.test", demo.Password)
		cartOf(t, call(t, a, pro, "DELETE", "/api/cart", nil))
		r := copayView(t, call(t, a, pro, "POST", "/api/copay/requests", copayBody(40, "journey-1")), 201)
		cartOf(t, call(t, a, pro, "POST", "/api/cart/items", map[string]any{"service_id": svcStaging, "price_cents": 1800_00, "coverage": "retail"}))

		v := cartOf(t, call(t, a, pro, "GET", "/api/cart", nil))
		var waiting, ready cart.CartItemView
		for _, l := range v.Items {
			if l.ServiceID == svcHDR {
				waiting = l
			} else {
				ready = l
			}
		}
		if waiting.Checkout != cart.CheckoutHoldCoPay || ready.Checkout != cart.CheckoutPay || v.PendingApprovalCount != 1 || v.PayableCount != 1 ||
			!v.ReadyForCheckout || v.Subtotal.USDCents != 1800_00 {
			t.Fatalf("cart: waiting %q ready %q pending %d payable %d ready %v subtotal %d", waiting.Checkout, ready.Checkout, v.PendingApprovalCount,
				v.PayableCount, v.ReadyForCheckout, v.Subtotal.USDCents)
		}
		if waiting.CoPay == nil || waiting.CoPay.PayNow == nil || waiting.CoPay.PayNow.Coverage != cart.CoveragePro || waiting.CoPay.PayNow.UnitPrice.USDCents != 189_00 {
			t.Fatalf("pay-now offer: %+v", waiting.CoPay)
		}

		// Checkout pays the ready line only and names the waiting one.
		c := checkoutOf(t, call(t, a, pro, "POST", "/api/checkout", nil))
		if len(c.Order.Items) != 1 || c.Order.Items[0].ServiceID != svcStaging || c.Order.TotalCents != 1800_00 {
			t.Fatalf("order: %+v", c.Order)
		}
		if len(c.HeldBack) != 1 || c.HeldBack[0].ItemID != waiting.ID || c.HeldBack[0].Reason != checkout.HeldBackCoPay {
			t.Fatalf("held back: %+v", c.HeldBack)
		}
		webhookDuplicate(t, signed(t, a, testWhsec, "evt_journey_paid", "checkout.session.completed", sessionObject(c.SessionID, c.Order.ID, "complete", "paid")))
		if o := orderOf(t, a, pro, c.Order.ID); o.Status != checkout.Paid {
			t.Fatalf("order status %s", o.Status)
		}
		v = cartOf(t, call(t, a, pro, "GET", "/api/cart", nil))
		if len(v.Items) != 1 || v.Items[0].ID != waiting.ID || v.Items[0].Checkout != cart.CheckoutHoldCoPay || v.Items[0].CoPay.Status != copay.StatusPending {
			t.Fatalf("cart after paying the ready line: %+v", v.Items)
		}
		// Only the waiting line left: nothing is ready, checkout says why.
		wantError(t, call(t, a, pro, "POST", "/api/checkout", nil), 400, "items."+waiting.ID+".coverage", cart.KeyCoPayPending, cart.MsgCoPayPending)

		// A line that is not waiting (or not the agent's) is refused and nothing changes.
		for _, id := range []string{"nope", c.Order.Items[0].ID} {
			wantError(t, call(t, a, pro, "POST", "/api/checkout", map[string]any{"withdraw_copay": []string{id}}), 400, "withdraw_copay", cart.KeyWithdrawNotPending, "")
		}
		if n := copayEvents(t, a, r.ID, copay.StatusCanceled); n != 0 {
			t.Fatalf("a refused checkout canceled the request: %d", n)
		}

		// The agent pays the waiting line now: Pro price, request withdrawn.
		c2 := checkoutOf(t, call(t, a, pro, "POST", "/api/checkout", map[string]any{"withdraw_copay": []string{waiting.ID}}))
		if len(c2.Order.Items) != 1 || c2.Order.Items[0].ServiceID != svcHDR || c2.Order.Items[0].Coverage != "pro" || c2.Order.Items[0].UnitPriceCents != 189_00 ||
			c2.Order.Items[0].CoPayRequestID != "" || len(c2.HeldBack) != 0 {
			t.Fatalf("pay-now order: %+v held %+v", c2.Order, c2.HeldBack)
		}
		if n := copayEvents(t, a, r.ID, copay.StatusCanceled); n != 1 {
			t.Fatalf("withdrawn request: %d canceled events", n)
		}
		v = cartOf(t, call(t, a, pro, "GET", "/api/cart", nil))
		if len(v.Items) != 1 || v.Items[0].Coverage != cart.CoveragePro || v.Items[0].CoPay != nil || v.Items[0].Checkout != cart.CheckoutPay {
			t.Fatalf("cart after withdrawing: %+v", v.Items)
		}
		if res := call(t, a, pro, "POST", "/api/checkout", map[string]any{"withdraw_copay": "x"}); res.Status < 400 || res.Status >= 500 || res.Status == http.StatusOK {
			t.Fatalf("bad body: %d", res.Status)
		}
	})
}
