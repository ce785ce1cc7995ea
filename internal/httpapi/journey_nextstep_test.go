package httpapi_test

import (
	"context"
	"slices"
	"testing"

	"circle/internal/checkout"
	"circle/internal/demo"
	"circle/internal/httpapi"
	"circle/internal/store"
)

// TestF_PAY_08_NextStepAfterPaying (issue 28 item 1): the payment status answer says what to do
// next, decided on the server: none while the order is open; once paid, book the purchased
// service's consultation (a listed service with a vendor); My Consultations once it is booked;
// the receipt when nothing is to book (a service no longer listed).
func TestF_PAY_08_NextStepAfterPaying(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		cartOf(t, call(t, a, agent, "DELETE", "/api/cart", nil))
		c := agentCheckout(t, a, agent)
		session := func(id string) httpapi.CheckoutSessionView {
			t.Helper()
			var v httpapi.CheckoutSessionView
			call(t, a, agent, "GET", "/api/checkout/sessions/"+id, nil).JSON(t, &v)
			return v
		}
		if v := session(c.SessionID); v.NextStep != nil {
			t.Fatalf("an open order has a next step: %+v", v.NextStep)
		}
		if res := formAs(t, a, agent, pagePath(t, c.URL)+"/pay", card("4242 4242 4242 4242")); res.Status != 303 {
			t.Fatalf("pay: %d", res.Status)
		}
		if v := session(c.SessionID); v.NextStep == nil || v.NextStep.Kind != checkout.NextBook || !slices.Equal(v.NextStep.ServiceIDs, []string{svcHDR}) {
			t.Fatalf("after paying: %+v", v.NextStep)
		}
		bookFirstSlot(t, a, agent, svcHDR)
		if v := session(c.SessionID); v.NextStep == nil || v.NextStep.Kind != checkout.NextConsultations || len(v.NextStep.ServiceIDs) != 0 {
			t.Fatalf("after booking: %+v", v.NextStep)
		}

		cartOf(t, call(t, a, agent, "POST", "/api/cart/items", map[string]any{"service_id": svcStaging, "price_cents": 1800_00, "coverage": "retail"}))
		c2 := checkoutOf(t, call(t, a, agent, "POST", "/api/checkout", nil))
		if res := formAs(t, a, agent, pagePath(t, c2.URL)+"/pay", card("4242 4242 4242 4242")); res.Status != 303 {
			t.Fatalf("pay: %d", res.Status)
		}
		if _, err := a.DB.Bun().NewUpdate().Table("services").Set("is_active = ?", false).Where("id = ?", svcStaging).Exec(context.Background()); err != nil {
			t.Fatal(err)
		}
		if v := session(c2.SessionID); v.NextStep == nil || v.NextStep.Kind != checkout.NextReceipt || len(v.NextStep.ServiceIDs) != 0 {
			t.Fatalf("nothing to book: %+v", v.NextStep)
		}
	})
}
