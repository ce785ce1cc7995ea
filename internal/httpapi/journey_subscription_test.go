package httpapi_test

import (
	"testing"

	"circle/internal/cart"
	"circle/internal/demo"
	"circle/internal/store"
)

// TestF_PAY_03_SubscriptionAlreadyInCart (issue 28 item 13): a monthly subscription (NestFlow
// CRM, $129/mo) is in the cart once: adding it again answers 409 "already in your cart" naming
// service_id and leaves the line at 1; it has no quantity stepper (quantity_editable false) and a
// quantity change is refused; a one-time service (HDR photos) still adds up.
func TestF_PAY_03_SubscriptionAlreadyInCart(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		cartOf(t, call(t, a, agent, "DELETE", "/api/cart", nil))
		crm := map[string]any{"service_id": "svc-nestflow-crm", "price_cents": 129_00, "coverage": "retail"}
		v := cartOf(t, call(t, a, agent, "POST", "/api/cart/items", crm))
		if len(v.Items) != 1 || !v.Items[0].Subscription || v.Items[0].QuantityEditable || v.Items[0].Quantity != 1 {
			t.Fatalf("subscription line: %+v", v.Items)
		}
		id := v.Items[0].ID
		wantError(t, call(t, a, agent, "POST", "/api/cart/items", crm), 409, "service_id", cart.KeyAlreadyInCart, cart.MsgAlreadyInCart)
		wantError(t, call(t, a, agent, "PATCH", "/api/cart/items/"+id, map[string]any{"quantity": 2}), 400, "quantity", cart.KeySubscriptionQuantity, "")
		two := map[string]any{"service_id": "svc-nestflow-crm", "price_cents": 129_00, "coverage": "retail", "quantity": 2}
		wantError(t, call(t, a, agent, "POST", "/api/cart/items", two), 400, "quantity", cart.KeySubscriptionQuantity, "")
		if v := cartOf(t, call(t, a, agent, "GET", "/api/cart", nil)); len(v.Items) != 1 || v.Items[0].Quantity != 1 {
			t.Fatalf("after the refused adds: %+v", v.Items)
		}
		// A one-time service adds up as before.
		hdr := map[string]any{"service_id": svcHDR, "price_cents": 225_00, "coverage": "retail"}
		cartOf(t, call(t, a, agent, "POST", "/api/cart/items", hdr))
		v = cartOf(t, call(t, a, agent, "POST", "/api/cart/items", hdr))
		for _, l := range v.Items {
			if l.ServiceID == svcHDR && (l.Quantity != 2 || l.Subscription || !l.QuantityEditable) {
				t.Fatalf("one-time line: %+v", l)
			}
		}
	})
}
