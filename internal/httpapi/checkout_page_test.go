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

	"circle/internal/billing"
	"circle/internal/checkout"
	"circle/internal/demo"
	"circle/internal/httpapi"
	"circle/internal/payments"
	"circle/internal/racetest"
	"circle/internal/store"
	"circle/internal/testapp"
)

// formAs posts an HTML form with c's cookies (nil: a visitor), not following redirects.
func formAs(t *testing.T, a *testapp.App, c *http.Client, path string, values url.Values) testapp.Response {
	t.Helper()
	return formLang(t, a, c, path, values, "")
}

// pagePath is the path of a payment page's link (its ?lang= left out, so actions can be appended).
func pagePath(t *testing.T, link string) string {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		t.Fatalf("payment page link %q: %v", link, err)
	}
	return u.Path
}

// getAs reads a page with c's cookies (nil: a visitor).
func getAs(t *testing.T, a *testapp.App, c *http.Client, path string) testapp.Response {
	t.Helper()
	return getLang(t, a, c, path, "")
}

// TestF_PAY_08_PaymentPageOnlyForItsBuyer (issue 14, item 11): the built-in payment page of an
// order or a membership answers only its buyer's session; a visitor and another signed-in member
// holding its address get 404 on view, pay and cancel, and nothing changes. A link with a signed
// page token (the e-mailed link) opens it without the session, for that page only.
func TestF_PAY_08_PaymentPageOnlyForItsBuyer(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		ctx := context.Background()
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		pro := a.SignIn(t, "pro@demo.test", demo.Password)
		r := agentCheckout(t, a, agent)
		page := pagePath(t, r.URL)

		for name, c := range map[string]*http.Client{"visitor": nil, "another member": pro} {
			res := getAs(t, a, c, page)
			if res.Status != 404 || !strings.Contains(string(res.Body), "This payment page does not exist") || strings.Contains(string(res.Body), "HDR") {
				t.Fatalf("%s views the page: %d %s", name, res.Status, res.Body)
			}
			// The same answer as for a page that does not exist: the address reveals nothing.
			if none := getAs(t, a, c, "/checkout/cs_builtin_nope"); none.Status != 404 || string(none.Body) != string(res.Body) {
				t.Fatalf("%s: a page that does not exist answers %d %s", name, none.Status, none.Body)
			}
			if res := formAs(t, a, c, page+"/pay", card("4242 4242 4242 4242")); res.Status != 404 {
				t.Fatalf("%s pays: %d", name, res.Status)
			}
			if res := formAs(t, a, c, page+"/cancel", url.Values{}); res.Status != 404 {
				t.Fatalf("%s cancels: %d", name, res.Status)
			}
			// A token of another page, or a forged one, is no key to this one.
			if res := getAs(t, a, c, page+"?token=forged"); res.Status != 404 {
				t.Fatalf("%s with a forged token: %d", name, res.Status)
			}
		}
		if o := orderOf(t, a, agent, r.Order.ID); o.Status != checkout.Pending {
			t.Fatalf("strangers changed the order: %s", o.Status)
		}

		// The buyer sees the page; its form carries a page token, not the address.
		res := getAs(t, a, agent, page)
		if res.Status != 200 || !strings.Contains(string(res.Body), `<input type="hidden" name="token" value="`) {
			t.Fatalf("buyer: %d %s", res.Status, res.Body)
		}

		// The e-mailed link opens the page on another device, without the session.
		key, err := a.DB.Secret(ctx, "billing_portal_key", func() string { t.Fatal("no portal key yet"); return "" })
		if err != nil {
			t.Fatal(err)
		}
		link := (&payments.BuiltIn{PortalKey: []byte(key)}).PageLink(r.SessionID, time.Now().Add(time.Hour))
		if res := getAs(t, a, nil, link); res.Status != 200 || !strings.Contains(string(res.Body), "HDR Listing Photography") {
			t.Fatalf("e-mailed link: %d", res.Status)
		}
		token := strings.SplitN(link, "token=", 2)[1]
		paid := card("4242 4242 4242 4242")
		paid.Set("token", token)
		if res := formAs(t, a, nil, page+"/pay", paid); res.Status != http.StatusSeeOther {
			t.Fatalf("pay from the e-mailed link: %d %s", res.Status, res.Body)
		}
		if o := orderOf(t, a, agent, r.Order.ID); o.Status != checkout.Paid {
			t.Fatalf("after paying from the link: %s", o.Status)
		}

		// A membership's payment page is the buyer's alone too.
		sub := okJSON[httpapi.SubscribeResult](t, "subscribe", call(t, a, agent, "POST", "/api/billing/subscribe", map[string]any{"interval": "month", "seats": 1}))
		subPage := pagePath(t, sub.URL)
		if res := getAs(t, a, pro, subPage); res.Status != 404 {
			t.Fatalf("another member views a membership page: %d", res.Status)
		}
		if res := formAs(t, a, pro, subPage+"/pay", card("4242 4242 4242 4242")); res.Status != 404 {
			t.Fatalf("another member pays a membership page: %d", res.Status)
		}
		if res := formAs(t, a, agent, subPage+"/pay", card("4242 4242 4242 4242")); res.Status != http.StatusSeeOther {
			t.Fatalf("the buyer pays the membership: %d %s", res.Status, res.Body)
		}
	})
}

// TestF_PAY_08_WebhookFromTheFutureIsRefused (issue 14, item 11): an event signed with a
// timestamp more than 5 minutes ahead is refused like a stale one and changes nothing.
func TestF_PAY_08_WebhookFromTheFutureIsRefused(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		r := agentCheckout(t, a, agent)
		obj, _ := json.Marshal(sessionObject(r.SessionID, r.Order.ID, "complete", "paid"))
		payload, _ := json.Marshal(map[string]any{"id": "evt_future", "object": "event", "type": "checkout.session.completed", "created": time.Now().Unix(),
			"api_version": "2026-06-24.dahlia", "livemode": false, "data": map[string]any{"object": json.RawMessage(obj)}})
		for _, at := range []time.Time{time.Now().Add(10 * time.Minute), time.Now().Add(-10 * time.Minute)} {
			sp := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: testWhsec, Timestamp: at})
			res := a.DoWith(t, &http.Client{}, http.MethodPost, "/api/webhooks/stripe", payload, http.Header{"Stripe-Signature": {sp.Header}})
			wantError(t, res, 400, "Stripe-Signature", "webhook.signature", httpapi.MsgBadSignature)
		}
		if o := orderOf(t, a, agent, r.Order.ID); o.Status != checkout.Pending {
			t.Fatalf("a refused webhook changed the order: %s", o.Status)
		}
	})
}

// TestF_PAY_09_ConcurrentSubscribesOverHTTP (issue 14, item 1): 20 simultaneous
// POST /api/billing/subscribe from one member answer the same payment page or a 409 with a
// message; paying it makes one membership with one invoice, and a later subscribe is a 409.
func TestF_PAY_09_ConcurrentSubscribesOverHTTP(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		res := racetest.Run(20, func(int) testapp.Response {
			return call(t, a, agent, "POST", "/api/billing/subscribe", map[string]any{"interval": "month", "seats": 1})
		})
		urls := map[string]bool{}
		for _, r := range res {
			switch r.Status {
			case http.StatusOK:
				var s httpapi.SubscribeResult
				r.JSON(t, &s)
				urls[s.URL] = true
			case http.StatusConflict:
				var e apiError
				r.JSON(t, &e)
				if e.Message != billing.MsgCheckoutOpening && e.Message != billing.MsgAlreadyMember {
					t.Fatalf("409 without a clear message: %s", r.Body)
				}
			default:
				t.Fatalf("subscribe: %d %s", r.Status, r.Body)
			}
		}
		if len(urls) != 1 {
			t.Fatalf("%d payment pages handed out: %v", len(urls), urls)
		}
		for u := range urls {
			if pay := formAs(t, a, agent, pagePath(t, u)+"/pay", card("4242 4242 4242 4242")); pay.Status != http.StatusSeeOther {
				t.Fatalf("pay: %d %s", pay.Status, pay.Body)
			}
		}
		v := billingOf(t, call(t, a, agent, "GET", "/api/billing", nil))
		if v.Subscription == nil || v.Subscription.Status != billing.StatusActive || len(v.Invoices) != 1 {
			t.Fatalf("after paying: %+v, %d invoices", v.Subscription, len(v.Invoices))
		}
		wantError(t, call(t, a, agent, "POST", "/api/billing/subscribe", map[string]any{"interval": "month", "seats": 1}), 409, "", "", httpapi.MsgAlreadyMember)
	})
}

// TestF_PAY_08_BuyerWhoseAccessLapsedCanStillPay (issue 14, item 11): the page's form carries
// its page token, so a buyer whose 15-minute access token lapsed while typing still pays; a
// reload then says the session has ended.
func TestF_PAY_08_BuyerWhoseAccessLapsedCanStillPay(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		r := agentCheckout(t, a, agent)
		page := pagePath(t, r.URL)
		body := string(getAs(t, a, agent, page).Body)
		_, rest, ok := strings.Cut(body, `name="token" value="`)
		token, _, _ := strings.Cut(rest, `"`)
		if !ok || token == "" {
			t.Fatalf("no page token in the form:\n%s", body)
		}
		if _, err := a.DB.Bun().NewUpdate().Table("sessions").Set("access_expires_at = ?", time.Now().Add(-time.Minute)).
			Where("user_id = ?", "usr-demo-agent").Exec(context.Background()); err != nil {
			t.Fatal(err)
		}
		if res := getAs(t, a, agent, page); res.Status != 404 || !strings.Contains(string(res.Body), httpapi.MsgPageSessionEnded) {
			t.Fatalf("reload with a lapsed session: %d %s", res.Status, res.Body)
		}
		values := card("4242 4242 4242 4242")
		values.Set("token", token)
		if res := formAs(t, a, agent, page+"/pay", values); res.Status != http.StatusSeeOther {
			t.Fatalf("pay with a lapsed session: %d %s", res.Status, res.Body)
		}
		if o, err := store.NewCheckout(a.DB).OrderByID(context.Background(), r.Order.ID); err != nil || o.Status != checkout.Paid {
			t.Fatalf("order after paying: %s %v", o.Status, err)
		}
	})
}
