package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v86/webhook"

	"circle/internal/accounting"
	"circle/internal/app"
	"circle/internal/cart"
	"circle/internal/checkout"
	"circle/internal/demo"
	"circle/internal/httpapi"
	"circle/internal/payments/stripemock"
	"circle/internal/racetest"
	"circle/internal/store"
	"circle/internal/testapp"
)

func checkoutOf(t *testing.T, res testapp.Response) httpapi.CheckoutResult {
	t.Helper()
	return okJSON[httpapi.CheckoutResult](t, "checkout answer", res)
}

func orderOf(t *testing.T, a *testapp.App, c *http.Client, id string) httpapi.OrderView {
	t.Helper()
	return okJSON[httpapi.OrderView](t, "order "+id, call(t, a, c, "GET", "/api/orders/"+id, nil))
}

func card(number string) url.Values {
	exp := time.Now().AddDate(2, 0, 0).Format("01 / 06")
	return url.Values{"card_number": {number}, "expiry": {exp}, "cvc": {"123"}, "name": {"Jordan Avery"}}
}

// signed sends a Stripe-format event to the webhook, signed with secret the way Stripe signs
// (stripe-go's webhook.GenerateTestSignedPayload).
func signed(t *testing.T, a *testapp.App, secret, id, typ string, object map[string]any) testapp.Response {
	t.Helper()
	obj, _ := json.Marshal(object)
	payload, _ := json.Marshal(map[string]any{"id": id, "object": "event", "type": typ, "created": time.Now().Unix(),
		"api_version": "2026-06-24.dahlia", "livemode": false, "data": map[string]any{"object": json.RawMessage(obj)}})
	sp := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret, Timestamp: time.Now()})
	return a.DoWith(t, &http.Client{}, http.MethodPost, "/api/webhooks/stripe", payload, http.Header{"Stripe-Signature": {sp.Header}})
}

func sessionObject(sessionID, orderID, status, paymentStatus string) map[string]any {
	return map[string]any{"id": sessionID, "object": "checkout.session", "mode": "payment", "status": status, "payment_status": paymentStatus,
		"client_reference_id": orderID, "payment_intent": "pi_" + strings.ReplaceAll(orderID, "-", ""),
		"metadata": map[string]string{"circle_kind": "order", "circle_ref": orderID}}
}

func webhookDuplicate(t *testing.T, res testapp.Response) bool {
	t.Helper()
	if res.Status != http.StatusOK {
		t.Fatalf("webhook: %d %s", res.Status, res.Body)
	}
	var b struct{ Received, Duplicate bool }
	res.JSON(t, &b)
	if !b.Received {
		t.Fatalf("webhook not received: %s", res.Body)
	}
	return b.Duplicate
}

// agentCheckout fills the agent's cart with 2 x HDR photos at retail and returns a checkout.
func agentCheckout(t *testing.T, a *testapp.App, c *http.Client) httpapi.CheckoutResult {
	t.Helper()
	cartOf(t, call(t, a, c, "POST", "/api/cart/items", map[string]any{"service_id": svcHDR, "price_cents": 225_00, "coverage": "retail", "quantity": 2}))
	return checkoutOf(t, call(t, a, c, "POST", "/api/checkout", nil))
}

// TestF_PAY_04_CheckoutThroughTheBuiltInPage is the whole built-in flow over HTTP: checkout
// creates an order from server prices (not the stored or sent ones) and holds back a quote line;
// the hosted page (no script, test mode) lists the order; a declined card leaves the order
// pending; 4242 pays it through the webhook path and lands on /payment-success; the order shows
// in /api/orders with its receipt, its lines leave the cart and count as purchases.
func TestF_PAY_04_CheckoutThroughTheBuiltInPage(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		ctx := context.Background()
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		if res := call(t, a, nil, "POST", "/api/checkout", nil); res.Status != 401 {
			t.Fatalf("visitor checkout: %d", res.Status)
		}
		wantError(t, call(t, a, agent, "POST", "/api/checkout", nil), 400, "cart", "checkout.empty", checkout.MsgEmptyCart)

		v := cartOf(t, call(t, a, agent, "POST", "/api/cart/items", map[string]any{"service_id": svcHDR, "price_cents": 225_00, "quantity": 2}))
		line := v.Items[0].ID
		// Coverage Selection Required before anything is created.
		wantError(t, call(t, a, agent, "POST", "/api/checkout", nil), 400, "items."+line+".coverage", cart.KeyCoverageRequired,
			"Please select how you want to cover each service before checkout.")
		cartOf(t, call(t, a, agent, "PATCH", "/api/cart/items/"+line, map[string]any{"coverage": "retail"}))
		cartOf(t, call(t, a, agent, "POST", "/api/cart/items", map[string]any{"service_id": svcQuote}))
		// The stored price is not what checkout charges: tamper with it in the database.
		if _, err := a.DB.Bun().NewUpdate().Table("cart_items").Set("unit_price_cents = 1").Where("id = ?", line).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		before, _ := store.NewActivity(a.DB).CountTrackingEvents(ctx, svcHDR, "purchase")

		r := checkoutOf(t, call(t, a, agent, "POST", "/api/checkout", nil))
		if r.Provider != "builtin" || !strings.HasPrefix(r.URL, a.URL+"/checkout/cs_builtin_") || r.SessionID == "" || r.Order.Status != checkout.Pending ||
			r.Order.TotalCents != 450_00 || r.Order.Total.Display != "$450" || len(r.Order.Items) != 1 || r.Order.Items[0].UnitPriceCents != 225_00 ||
			r.Order.Currency != "USD" || r.Order.Receipt.TaxNote == "" || !r.Order.Receipt.TestMode {
			t.Fatalf("checkout: %+v", r)
		}
		if len(r.HeldBack) != 1 || r.HeldBack[0].Reason != "consultation_required" || !strings.Contains(r.HeldBack[0].Explanation, "Consultation Required") {
			t.Fatalf("held back: %+v", r.HeldBack)
		}
		orderID := r.Order.ID
		page := pagePath(t, r.URL)

		// The hosted page: server-rendered, no script, test mode, items and total, test cards.
		res := getAs(t, a, agent, page)
		body := string(res.Body)
		wantContains(t, "payment page", body,
			"<title>Circle checkout</title>", "Test mode: no real payment", "HDR Listing Photography", "$450", "4242 4242 4242 4242",
			"4000 0000 0000 0002", `action="/checkout/`+r.SessionID+`/pay?lang=en"`, `formaction="/checkout/`+r.SessionID+`/cancel?lang=en"`, "Cancel")
		if res.Status != 200 || strings.Contains(strings.ToLower(body), "<script") || !strings.Contains(res.Header.Get("Content-Security-Policy"), "script-src 'self'") ||
			!strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
			t.Fatalf("payment page: %d %v", res.Status, res.Header)
		}
		if res := a.Get(t, "/checkout/cs_builtin_nope"); res.Status != 404 {
			t.Fatalf("unknown session: %d", res.Status)
		}

		// A declined card and a malformed form leave the order pending and keep what was typed.
		res = formAs(t, a, agent, page+"/pay", card("4000 0000 0000 0002"))
		if res.Status != http.StatusPaymentRequired || !strings.Contains(string(res.Body), "Your card was declined.") || !strings.Contains(string(res.Body), "Jordan Avery") {
			t.Fatalf("declined: %d %s", res.Status, res.Body)
		}
		bad := card("4242 4242 4242 4242")
		bad.Set("expiry", "13 / 40")
		if res := formAs(t, a, agent, page+"/pay", bad); res.Status != http.StatusUnprocessableEntity || !strings.Contains(string(res.Body), "expiration date is invalid") {
			t.Fatalf("bad expiry: %d %s", res.Status, res.Body)
		}
		if res := formAs(t, a, agent, page+"/pay", card("4111 1111 1111 1111")); res.Status != http.StatusUnprocessableEntity || !strings.Contains(string(res.Body), "Test mode: no real payment. Use one of the test card numbers") {
			t.Fatalf("a card that is not a test card: %d", res.Status)
		}
		if o := orderOf(t, a, agent, orderID); o.Status != checkout.Pending || o.PaidAt != nil {
			t.Fatalf("after a declined card: %+v", o)
		}

		// 4242 pays: redirect to /payment-success, the order is paid once.
		res = formAs(t, a, agent, page+"/pay", card("4242 4242 4242 4242"))
		if res.Status != http.StatusSeeOther || res.Header.Get("Location") != "/payment-success?session_id="+r.SessionID {
			t.Fatalf("pay: %d %v %s", res.Status, res.Header, res.Body)
		}
		o := orderOf(t, a, agent, orderID)
		if o.Status != checkout.Paid || o.PaidAt == nil || o.CardLast4 != "4242" || !strings.Contains(o.Receipt.PaymentMethod, "4242") || o.Receipt.Number == "" {
			t.Fatalf("paid order: %+v", o)
		}
		var list struct{ Orders []httpapi.OrderView }
		call(t, a, agent, "GET", "/api/orders", nil).JSON(t, &list)
		if len(list.Orders) != 1 || list.Orders[0].ID != orderID || list.Orders[0].Status != checkout.Paid || list.Orders[0].Items[0].Title != "HDR Listing Photography" {
			t.Fatalf("orders: %+v", list.Orders)
		}
		var sv httpapi.CheckoutSessionView
		call(t, a, agent, "GET", "/api/checkout/sessions/"+r.SessionID, nil).JSON(t, &sv)
		if sv.Session.Status != checkout.SessionComplete || sv.Order == nil || sv.Order.Status != checkout.Paid {
			t.Fatalf("session view: %+v", sv)
		}
		// The paid line left the cart; the quote line stays.
		if v := cartOf(t, call(t, a, agent, "GET", "/api/cart", nil)); len(v.Items) != 1 || v.Items[0].ServiceID != svcQuote {
			t.Fatalf("cart after payment: %+v", v.Items)
		}
		if after, _ := store.NewActivity(a.DB).CountTrackingEvents(ctx, svcHDR, "purchase"); after != before+1 {
			t.Fatalf("purchase events %d -> %d", before, after)
		}
		// Paying again does nothing; the page says it is complete.
		if res := formAs(t, a, agent, page+"/pay", card("4242 4242 4242 4242")); res.Status != http.StatusConflict || !strings.Contains(string(res.Body), "This payment is complete.") {
			t.Fatalf("second payment: %d", res.Status)
		}
		if after, _ := store.NewActivity(a.DB).CountTrackingEvents(ctx, svcHDR, "purchase"); after != before+1 {
			t.Fatalf("a second payment counted again: %d", after)
		}
		// Orders are private: another member cannot read it; an administrator can.
		pro := a.SignIn(t, "pro@demo.test", demo.Password)
		wantError(t, call(t, a, pro, "GET", "/api/orders/"+orderID, nil), 404, "", "", "")
		wantError(t, call(t, a, pro, "GET", "/api/checkout/sessions/"+r.SessionID, nil), 404, "", "", "")
		admin := a.SignIn(t, "admin@demo.test", demo.Password)
		if o := orderOf(t, a, admin, orderID); o.ID != orderID {
			t.Fatal("admin cannot read the order")
		}

		// Only consultation lines: nothing to pay.
		wantError(t, call(t, a, agent, "POST", "/api/checkout", nil), 400, "cart", "checkout.consultation_only", checkout.MsgOnlyConsultations)

		// Cancel on the page ends the order (expired) and goes to /payment-canceled.
		r2 := agentCheckout(t, a, agent)
		res = formAs(t, a, agent, pagePath(t, r2.URL)+"/cancel", url.Values{})
		if res.Status != http.StatusSeeOther || res.Header.Get("Location") != "/payment-canceled?order_id="+r2.Order.ID {
			t.Fatalf("cancel: %d %v", res.Status, res.Header)
		}
		if o := orderOf(t, a, agent, r2.Order.ID); o.Status != checkout.Expired || o.CanceledAt == nil {
			t.Fatalf("canceled order: %+v", o)
		}
		if v := cartOf(t, call(t, a, agent, "GET", "/api/cart", nil)); len(v.Items) != 2 {
			t.Fatalf("a canceled payment must leave the cart as it was: %+v", v.Items)
		}
	})
}

// TestF_PAY_04_CanadianCheckoutChargesCAD: a Canadian member sees and pays C$ at the admin rate;
// the order records the currency and the rate.
func TestF_PAY_04_CanadianCheckoutChargesCAD(t *testing.T) {
	t.Parallel()
	a := payApp(t, store.SQLite)
	if _, err := a.DB.Bun().NewUpdate().Table("profiles").Set("state = 'ON'").Where("user_id = ?", "usr-demo-agent").Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	agent := a.SignIn(t, "agent@demo.test", demo.Password)
	v := cartOf(t, call(t, a, agent, "POST", "/api/cart/items", map[string]any{"service_id": svcHDR, "price_cents": 225_00, "coverage": "retail"}))
	if v.Currency != "CAD" || v.USDToCADRateE4 != 13800 || v.Subtotal.Cents != 310_50 || v.Subtotal.USDCents != 225_00 || v.Subtotal.Display != "C$311" || !v.Subtotal.Approximate {
		t.Fatalf("Canadian cart: %+v", v.Subtotal)
	}
	r := checkoutOf(t, call(t, a, agent, "POST", "/api/checkout", nil))
	if r.Order.Currency != "CAD" || r.Order.USDToCADRateE4 != 13800 || r.Order.TotalCents != 310_50 || r.Order.TotalUSDCents != 225_00 {
		t.Fatalf("Canadian order: %+v", r.Order)
	}
	if body := string(getAs(t, a, agent, pagePath(t, r.URL)).Body); !strings.Contains(body, "C$311") {
		t.Fatalf("payment page in CAD:\n%s", body)
	}
}

// TestF_PAY_04_WebhookExactlyOnce: a signed event replayed 10 times (and 10 times at once)
// marks the order paid once; bad signatures change nothing; events that arrive out of order end
// in the right state.
func TestF_PAY_04_WebhookExactlyOnce(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		ctx := context.Background()
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		r := agentCheckout(t, a, agent)
		before, _ := store.NewActivity(a.DB).CountTrackingEvents(ctx, svcHDR, "purchase")
		obj := sessionObject(r.SessionID, r.Order.ID, "complete", "paid")

		// Bad signatures are refused and change nothing.
		wantError(t, signed(t, a, "whsec_wrong", "evt_paid_1", "checkout.session.completed", obj), 400, "Stripe-Signature", "webhook.signature", httpapi.MsgBadSignature)
		if res := a.DoWith(t, &http.Client{}, "POST", "/api/webhooks/stripe", []byte(`{"id":"evt_paid_1"}`), nil); res.Status != 400 {
			t.Fatalf("unsigned: %d", res.Status)
		}
		if o := orderOf(t, a, agent, r.Order.ID); o.Status != checkout.Pending {
			t.Fatalf("a refused webhook changed the order: %s", o.Status)
		}

		// The same event 10 times: applied once.
		var paidAt *time.Time
		for i := 0; i < 10; i++ {
			dup := webhookDuplicate(t, signed(t, a, testWhsec, "evt_paid_1", "checkout.session.completed", obj))
			if dup != (i > 0) {
				t.Fatalf("delivery %d: duplicate=%v", i, dup)
			}
			o := orderOf(t, a, agent, r.Order.ID)
			if o.Status != checkout.Paid || (paidAt != nil && !o.PaidAt.Equal(*paidAt)) {
				t.Fatalf("delivery %d: %+v", i, o)
			}
			paidAt = o.PaidAt
		}
		if after, _ := store.NewActivity(a.DB).CountTrackingEvents(ctx, svcHDR, "purchase"); after != before+1 {
			t.Fatalf("10 deliveries recorded %d purchases", after-before)
		}
		// A late expiry after completion does not un-pay.
		webhookDuplicate(t, signed(t, a, testWhsec, "evt_late_expired", "checkout.session.expired", sessionObject(r.SessionID, r.Order.ID, "expired", "unpaid")))
		if o := orderOf(t, a, agent, r.Order.ID); o.Status != checkout.Paid {
			t.Fatalf("late expiry un-paid the order: %s", o.Status)
		}
		// A refund moves it to refunded; a late completion does not un-refund.
		webhookDuplicate(t, signed(t, a, testWhsec, "evt_refund_1", "charge.refunded", map[string]any{"id": "ch_1", "object": "charge", "refunded": true,
			"payment_intent": obj["payment_intent"]}))
		webhookDuplicate(t, signed(t, a, testWhsec, "evt_paid_again", "checkout.session.completed", obj))
		if o := orderOf(t, a, agent, r.Order.ID); o.Status != checkout.Refunded || o.RefundedAt == nil || o.Receipt.RefundNote == "" {
			t.Fatalf("refund: %+v", o)
		}

		// Expiry first, completion after (F-PAY-08: a late payment): the order is not paid; the
		// payment is recorded and its refund job queued in the same transaction (the job itself
		// is proven in internal/checkout's TestF_PAY_08_OneCartOnePayment).
		r2 := agentCheckout(t, a, agent)
		webhookDuplicate(t, signed(t, a, testWhsec, "evt_exp_2", "checkout.session.expired", sessionObject(r2.SessionID, r2.Order.ID, "expired", "unpaid")))
		if o := orderOf(t, a, agent, r2.Order.ID); o.Status != checkout.Expired {
			t.Fatalf("expired order: %s", o.Status)
		}
		webhookDuplicate(t, signed(t, a, testWhsec, "evt_paid_2", "checkout.session.completed", sessionObject(r2.SessionID, r2.Order.ID, "complete", "paid")))
		if o := orderOf(t, a, agent, r2.Order.ID); o.Status != checkout.Expired && o.Status != checkout.Refunded {
			t.Fatalf("completion after expiry: %s, want expired (refund queued) or refunded", o.Status)
		}
		if n, err := a.DB.Bun().NewSelect().Table("jobs").Where("kind = ?", checkout.RefundKind).Where("idempotency_key = ?", checkout.RefundKind+":"+r2.SessionID).
			Count(ctx); err != nil || n != 1 {
			t.Fatalf("refund jobs of the late payment: %d %v", n, err)
		}

		// The same event delivered 10 times at once: applied once.
		r3 := agentCheckout(t, a, agent)
		obj3 := sessionObject(r3.SessionID, r3.Order.ID, "complete", "paid")
		before3, _ := store.NewActivity(a.DB).CountTrackingEvents(ctx, svcHDR, "purchase")
		fresh := racetest.Count(10, func(int) bool {
			res := signed(t, a, testWhsec, "evt_paid_3", "checkout.session.completed", obj3)
			var b struct{ Duplicate bool }
			_ = json.Unmarshal(res.Body, &b)
			if res.Status != 200 {
				t.Errorf("concurrent delivery: %d %s", res.Status, res.Body)
			}
			return res.Status == 200 && !b.Duplicate
		})
		after3, _ := store.NewActivity(a.DB).CountTrackingEvents(ctx, svcHDR, "purchase")
		if fresh != 1 || after3 != before3+1 {
			t.Fatalf("10 concurrent deliveries: applied %d times, %d purchases", fresh, after3-before3)
		}
		// An event about a session this database does not have is acknowledged and ignored.
		if webhookDuplicate(t, signed(t, a, testWhsec, "evt_other", "checkout.session.completed", sessionObject("cs_unknown", "ord-unknown", "complete", "paid"))) {
			t.Fatal("a first delivery is not a duplicate")
		}
	})
}

// TestF_PAY_08_StripeCheckoutAgainstStripeMock: with a Stripe key the checkout goes to Stripe
// Checkout (stripe-mock here) and a signed webhook pays the order through the same path.
func TestF_PAY_08_StripeCheckoutAgainstStripeMock(t *testing.T) {
	t.Parallel()
	mock := stripemock.Start(t)
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind, func(c *app.Config) {
			c.StripeSecretKey, c.StripeAPIURL = "sk_test_circle", mock
		})
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		r := agentCheckout(t, a, agent)
		if r.Provider != "stripe" || !strings.HasPrefix(r.URL, "https://checkout.stripe.com/") || !strings.HasPrefix(r.SessionID, "cs_") || r.Order.Provider != "stripe" {
			t.Fatalf("Stripe checkout: %+v", r)
		}
		if res := a.Get(t, "/checkout/"+r.SessionID); res.Status != 404 {
			t.Fatalf("the built-in page must not serve Stripe sessions: %d", res.Status)
		}
		webhookDuplicate(t, signed(t, a, testWhsec, "evt_stripe_1", "checkout.session.completed", sessionObject(r.SessionID, r.Order.ID, "complete", "paid")))
		if o := orderOf(t, a, agent, r.Order.ID); o.Status != checkout.Paid || o.Receipt.TestMode {
			t.Fatalf("Stripe order: %+v", o)
		}
		// The reconciliation reads the payment back from Stripe (issue 31 item 7). stripe-mock is
		// no ledger (its payment intent received nothing), so the paid order is listed as
		// differing from the provider: the check asked Stripe about this payment.
		admin := a.SignIn(t, "admin@demo.test", demo.Password)
		var run struct{ Run *accounting.Run }
		call(t, a, admin, "POST", "/api/admin/accounting/reconciliation", nil).JSON(t, &run)
		pi := sessionObject(r.SessionID, r.Order.ID, "", "")["payment_intent"].(string)
		listed := false
		for _, m := range run.Run.Mismatches {
			listed = listed || (m.Key == "provider:"+pi && m.Problem == accounting.ProblemProviderDiffer && m.GotCents == r.Order.TotalCents && m.WantCents == 0)
		}
		if run.Run == nil || !listed {
			t.Fatalf("the reconciliation did not compare %s with Stripe: %+v", pi, run.Run)
		}
	})
}
