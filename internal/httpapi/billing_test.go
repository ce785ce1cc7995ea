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
	"github.com/uptrace/bun"

	"circle/internal/app"
	"circle/internal/billing"
	"circle/internal/demo"
	"circle/internal/httpapi"
	"circle/internal/payments/stripemock"
	"circle/internal/racetest"
	"circle/internal/store"
	"circle/internal/testapp"
)

func billingOf(t *testing.T, res testapp.Response) httpapi.BillingView {
	t.Helper()
	return okJSON[httpapi.BillingView](t, "billing answer", res)
}

func profilePro(t *testing.T, a *testapp.App, c *http.Client) (member, effective bool) {
	t.Helper()
	var p httpapi.ProfileView
	call(t, a, c, "GET", "/api/profile", nil).JSON(t, &p)
	return p.IsProMember, p.IsProEff
}

// subscribeAndPay starts a membership and pays it on the built-in page.
func subscribeAndPay(t *testing.T, a *testapp.App, c *http.Client, interval string, seats int) httpapi.SubscribeResult {
	t.Helper()
	r := okJSON[httpapi.SubscribeResult](t, "subscribe", call(t, a, c, "POST", "/api/billing/subscribe", map[string]any{"interval": interval, "seats": seats}))
	if pay := formAs(t, a, c, pagePath(t, r.URL)+"/pay", card("4242 4242 4242 4242")); pay.Status != http.StatusSeeOther {
		t.Fatalf("pay the membership: %d %s", pay.Status, pay.Body)
	}
	return r
}

// backdate moves a membership's dates so what falls due at a date has fallen due now.
func backdate(t *testing.T, a *testapp.App, subID, column string, to time.Time) {
	t.Helper()
	if _, err := a.DB.Bun().NewUpdate().Table("subscriptions").Set(column+" = ?", to).Where("id = ?", subID).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func checkSub(t *testing.T, a *testapp.App, c *http.Client) httpapi.SubscriptionStatus {
	t.Helper()
	return okJSON[httpapi.SubscriptionStatus](t, "check-subscription", call(t, a, c, "GET", "/api/billing/check", nil))
}

// TestF_PAY_09_ProMembershipThroughTheBuiltInPage: /pricing's plans ($99 primary seat, $49 extra
// seat, yearly 10x monthly), subscribing through the same hosted page, is_pro_member set on
// activation, /billing with plan, seats, dates, invoices and the portal, Pro prices unlocked.
func TestF_PAY_09_ProMembershipThroughTheBuiltInPage(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		var plans httpapi.PlansView
		res := call(t, a, nil, "GET", "/api/billing/plans", nil)
		res.JSON(t, &plans)
		if res.Status != 200 || len(plans.Plans) != 2 || !plans.TestMode || plans.Currency != "USD" {
			t.Fatalf("plans: %d %+v", res.Status, plans)
		}
		m, y := plans.Plans[0], plans.Plans[1]
		if m.Interval != "month" || m.PrimarySeat.Cents != 99_00 || m.ExtraSeat.Cents != 49_00 || m.PrimarySeat.Display != "$99" ||
			y.Interval != "year" || y.PrimarySeat.Cents != 990_00 || y.ExtraSeat.Cents != 490_00 || y.FreeMonths != 2 || y.SavingsVsMonthly.Cents != 198_00 {
			t.Fatalf("plan prices: %+v %+v", m, y)
		}

		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		v := billingOf(t, call(t, a, agent, "GET", "/api/billing", nil))
		if v.Subscription != nil || v.IsProMember || v.Offers.Reason != "no_subscription" || len(v.Invoices) != 0 {
			t.Fatalf("billing before subscribing: %+v", v)
		}
		if res := call(t, a, nil, "POST", "/api/billing/subscribe", map[string]any{"interval": "month"}); res.Status != 401 {
			t.Fatalf("visitor subscribe: %d", res.Status)
		}
		if res := call(t, a, agent, "POST", "/api/billing/subscribe", map[string]any{"interval": "week"}); res.Status != 422 {
			t.Fatalf("unknown interval: %d", res.Status)
		}
		if res := call(t, a, agent, "POST", "/api/billing/subscribe", map[string]any{"interval": "month", "seats": 0}); res.Status != 422 {
			t.Fatalf("0 seats: %d", res.Status)
		}

		// An earlier attempt is replaced by a newer one: its page can no longer be paid.
		var r0 httpapi.SubscribeResult
		call(t, a, agent, "POST", "/api/billing/subscribe", map[string]any{"interval": "year"}).JSON(t, &r0)
		res = call(t, a, agent, "POST", "/api/billing/subscribe", map[string]any{"interval": "month", "seats": 3})
		if old := formAs(t, a, agent, pagePath(t, r0.URL)+"/pay", card("4242 4242 4242 4242")); old.Status != http.StatusConflict ||
			!strings.Contains(string(old.Body), "This checkout has ended") {
			t.Fatalf("paying a replaced attempt: %d", old.Status)
		}
		var r httpapi.SubscribeResult
		res.JSON(t, &r)
		if res.Status != 200 || r.Provider != "builtin" || r.Subscription.Status != billing.StatusIncomplete || r.Subscription.AmountCents != 197_00 || r.Subscription.Seats != 3 {
			t.Fatalf("subscribe: %d %+v", res.Status, r)
		}
		page := string(getAs(t, a, agent, pagePath(t, r.URL)).Body)
		wantContains(t, "membership page", page,
			"Circle checkout", "Test mode: no real payment", "Circle Pro - primary seat", "Circle Pro - extra seats", "$197", "per month")
		if member, _ := profilePro(t, a, agent); member {
			t.Fatal("Pro before paying")
		}
		// A declined card changes nothing.
		if res := formAs(t, a, agent, pagePath(t, r.URL)+"/pay", card("4000 0000 0000 9995")); res.Status != http.StatusPaymentRequired {
			t.Fatalf("declined: %d", res.Status)
		}
		if member, _ := profilePro(t, a, agent); member {
			t.Fatal("Pro after a declined card")
		}
		if res := formAs(t, a, agent, pagePath(t, r.URL)+"/pay", card("4242 4242 4242 4242")); res.Status != http.StatusSeeOther {
			t.Fatalf("pay: %d %s", res.Status, res.Body)
		}
		if member, eff := profilePro(t, a, agent); !member || !eff {
			t.Fatal("is_pro_member not set on activation")
		}
		v = billingOf(t, call(t, a, agent, "GET", "/api/billing", nil))
		s := v.Subscription
		if s == nil || s.Status != billing.StatusActive || s.Seats != 3 || s.StartedAt == nil || s.CurrentPeriodEnd == nil || !s.GrantsPro ||
			s.CurrentPeriodEnd.Sub(*s.StartedAt) < 27*24*time.Hour || s.NextCharge == nil || s.NextCharge.Cents != 197_00 || !v.IsProMember {
			t.Fatalf("billing after paying: %+v", s)
		}
		if len(v.Invoices) != 1 || v.Invoices[0].AmountCents != 197_00 || v.Invoices[0].Status != "paid" {
			t.Fatalf("invoices: %+v", v.Invoices)
		}
		if !v.Offers.Pause || !v.Offers.Discount || !v.Offers.Downgrade || v.SavingsGuarantee == nil || v.SavingsGuarantee.FeeCents != 197_00 ||
			v.SavingsGuarantee.CreditCents != 197_00 || !v.SavingsGuarantee.InProgress {
			t.Fatalf("offers and guarantee: %+v %+v", v.Offers, v.SavingsGuarantee)
		}
		var sv httpapi.CheckoutSessionView
		call(t, a, agent, "GET", "/api/checkout/sessions/"+r.SessionID, nil).JSON(t, &sv)
		if sv.Subscription == nil || sv.Subscription.Status != billing.StatusActive || sv.Order != nil {
			t.Fatalf("membership session view: %+v", sv)
		}
		// A second membership is refused.
		wantError(t, call(t, a, agent, "POST", "/api/billing/subscribe", map[string]any{"interval": "year"}), 409, "", "", httpapi.MsgAlreadyMember)
		if st := checkSub(t, a, agent); !st.Subscribed || st.Status != "active" || st.Seats != 3 || !st.IsProMember {
			t.Fatalf("check-subscription: %+v", st)
		}

		// Pro prices are open now, and Pro purchases count toward the Savings Guarantee.
		cartOf(t, call(t, a, agent, "POST", "/api/cart/items", map[string]any{"service_id": svcHDR, "price_cents": 189_00, "coverage": "pro"}))
		co := checkoutOf(t, call(t, a, agent, "POST", "/api/checkout", nil))
		if co.Order.TotalCents != 189_00 || co.Order.Savings.Cents != 36_00 {
			t.Fatalf("Pro order: %+v", co.Order)
		}
		formAs(t, a, agent, pagePath(t, co.URL)+"/pay", card("4242 4242 4242 4242"))
		if v := billingOf(t, call(t, a, agent, "GET", "/api/billing", nil)); v.SavingsGuarantee.ValueCents != 36_00 || v.SavingsGuarantee.CreditCents != 161_00 {
			t.Fatalf("guarantee after a Pro purchase: %+v", v.SavingsGuarantee)
		}

		// The built-in customer portal.
		var portal struct{ URL string }
		call(t, a, agent, "POST", "/api/billing/portal", nil).JSON(t, &portal)
		if !strings.HasPrefix(portal.URL, a.URL+"/billing-portal/") {
			t.Fatalf("portal url %q", portal.URL)
		}
		res = a.Get(t, pagePath(t, portal.URL))
		wantContains(t, "portal", string(res.Body),
			"Circle billing portal", "Circle Pro, billed monthly", "Invoices", "$197", "Renews", `href="/billing"`)
		if strings.Contains(strings.ToLower(string(res.Body)), "<script") {
			t.Fatal("the portal page has a script")
		}
		if res := a.Get(t, "/billing-portal/forged.token"); res.Status != 404 {
			t.Fatalf("forged portal token: %d", res.Status)
		}
	})
}

// TestF_PAY_10_SubscriptionManagement: pause 90 days (with the resume date), 50% for 2 months,
// a 30% downgrade for 12 months and cancellation with a reason, on the built-in provider, with
// the no-stacking rule (also under concurrent requests), bad input naming fields, and the
// clock: renewals at the discounted price, the end of a pause and the end of a cancelled
// period, each clearing or setting is_pro_member.
func TestF_PAY_10_SubscriptionManagement(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		vendor := a.SignIn(t, "vendor@demo.test", demo.Password)
		creator := a.SignIn(t, "creator@demo.test", demo.Password)
		for _, path := range []string{"/api/billing/pause", "/api/billing/discount", "/api/billing/downgrade", "/api/billing/cancel"} {
			if res := call(t, a, nil, "POST", path, map[string]any{}); res.Status != 401 && res.Status != 422 {
				t.Fatalf("visitor %s: %d", path, res.Status)
			}
		}
		wantError(t, call(t, a, agent, "POST", "/api/billing/pause", map[string]any{"pauseDays": 90}), 404, "", "", billing.MsgNoSubscription)

		// Pause: only 90 days; Pro ends while paused; the resume date is returned.
		ra := subscribeAndPay(t, a, agent, "month", 1)
		wantError(t, call(t, a, agent, "POST", "/api/billing/pause", map[string]any{"pauseDays": 30}), 400, "pauseDays", "billing.pause_days", "pauseDays must be 90")
		v := billingOf(t, call(t, a, agent, "POST", "/api/billing/pause", map[string]any{"pauseDays": 90}))
		s := v.Subscription
		if s.Status != billing.StatusPaused || s.ResumesAt == nil || s.ResumesAt.Sub(time.Now()) < 89*24*time.Hour || !strings.Contains(v.Message, "resumes on") {
			t.Fatalf("pause: %+v %q", s, v.Message)
		}
		if member, _ := profilePro(t, a, agent); member || v.IsProMember || v.Offers.Reason != "paused" {
			t.Fatalf("a paused member is Pro: %v %+v", member, v.Offers)
		}
		wantError(t, call(t, a, agent, "POST", "/api/billing/discount", map[string]any{"discountPercent": 50, "durationMonths": 2}), 409, "", "", billing.MsgPaused)
		// The pause ends: active and Pro again; no offer for 12 months after the pause.
		backdate(t, a, ra.Subscription.ID, "resumes_at", time.Now().Add(-time.Minute))
		if st := checkSub(t, a, agent); st.Status != "active" || !st.IsProMember || st.ResumesAt != nil {
			t.Fatalf("after the pause: %+v", st)
		}
		wantError(t, call(t, a, agent, "POST", "/api/billing/downgrade", map[string]any{"discountPercent": 30, "isPermanent": false}), 409, "", "", billing.MsgOfferRecent)

		// 50% for 2 months: exact body; renewals at half price while it lasts; never stacked.
		rv := subscribeAndPay(t, a, vendor, "month", 2) // $99 + $49
		res := call(t, a, vendor, "POST", "/api/billing/discount", map[string]any{"discountPercent": 40, "durationMonths": 3})
		wantError(t, res, 400, "discountPercent", "billing.discount_percent", "discountPercent must be 50")
		wantError(t, res, 400, "durationMonths", "billing.duration_months", "durationMonths must be 2")
		v = billingOf(t, call(t, a, vendor, "POST", "/api/billing/discount", map[string]any{"discountPercent": 50, "durationMonths": 2}))
		s = v.Subscription
		if s.DiscountPercent != 50 || s.DiscountKind != billing.OfferDiscount || !s.DiscountActive || s.NextCharge.Cents != 74_00 || s.DiscountEndsAt == nil ||
			s.DiscountEndsAt.Sub(time.Now()) < 58*24*time.Hour || v.Offers.Discount || v.Offers.Reason != "discount_active" || len(v.OfferHistory) != 1 {
			t.Fatalf("discount: %+v %+v", s, v.Offers)
		}
		wantError(t, call(t, a, vendor, "POST", "/api/billing/discount", map[string]any{"discountPercent": 50, "durationMonths": 2}), 409, "", "", billing.MsgDiscountActive)
		wantError(t, call(t, a, vendor, "POST", "/api/billing/downgrade", map[string]any{"discountPercent": 30, "isPermanent": false}), 409, "", "", billing.MsgDiscountActive)
		wantError(t, call(t, a, vendor, "POST", "/api/billing/pause", map[string]any{"pauseDays": 90}), 409, "", "", billing.MsgDiscountActive)
		// A renewal falls due: charged at 50%, the period moves on, once.
		backdate(t, a, rv.Subscription.ID, "current_period_end", time.Now().Add(-time.Minute))
		checkSub(t, a, vendor)
		checkSub(t, a, vendor)
		v = billingOf(t, call(t, a, vendor, "GET", "/api/billing", nil))
		if len(v.Invoices) != 2 || v.Invoices[0].AmountCents != 74_00 || v.Invoices[0].DiscountPercent != 50 || v.Subscription.CurrentPeriodEnd.Before(time.Now().Add(27*24*time.Hour)) {
			t.Fatalf("discounted renewal: %+v / %+v", v.Invoices, v.Subscription)
		}

		// 30% downgrade: not permanent, 12 months; concurrent requests cannot stack it.
		rc := subscribeAndPay(t, a, creator, "year", 1)
		wantError(t, call(t, a, creator, "POST", "/api/billing/downgrade", map[string]any{"discountPercent": 30, "isPermanent": true}), 400, "isPermanent", "billing.is_permanent", "")
		wantError(t, call(t, a, creator, "POST", "/api/billing/downgrade", map[string]any{"discountPercent": 30}), 422, "isPermanent", "validation.required", "")
		codes := map[int]int{}
		for _, res := range racetest.Run(6, func(i int) testapp.Response {
			if i%2 == 1 {
				return call(t, a, creator, "POST", "/api/billing/discount", map[string]any{"discountPercent": 50, "durationMonths": 2})
			}
			return call(t, a, creator, "POST", "/api/billing/downgrade", map[string]any{"discountPercent": 30, "isPermanent": false})
		}) {
			codes[res.Status]++
		}
		if codes[200] != 1 || codes[409] != 5 {
			t.Fatalf("6 concurrent offers: %v", codes)
		}
		v = billingOf(t, call(t, a, creator, "GET", "/api/billing", nil))
		if len(v.OfferHistory) != 1 {
			t.Fatalf("offers stacked: %+v", v.OfferHistory)
		}

		// Cancel: a reason is required, feedback optional; Pro lasts to the end of the period.
		if res := call(t, a, creator, "POST", "/api/billing/cancel", map[string]any{"feedback": "x"}); res.Status != 422 || !strings.Contains(string(res.Body), `"field":"reason"`) {
			t.Fatalf("cancel without a reason: %d %s", res.Status, res.Body)
		}
		if res := call(t, a, creator, "POST", "/api/billing/cancel", map[string]any{"reason": "because"}); res.Status != 422 {
			t.Fatalf("cancel with an unknown reason: %d", res.Status)
		}
		v = billingOf(t, call(t, a, creator, "POST", "/api/billing/cancel", map[string]any{"reason": "too_expensive", "feedback": "  Budget is tight.  "}))
		s = v.Subscription
		if !s.CancelAtPeriodEnd || s.CancelReason != "too_expensive" || s.CancelFeedback != "Budget is tight." || s.Status != billing.StatusActive ||
			!v.IsProMember || s.NextCharge != nil || !strings.Contains(v.Message, "You keep Circle Pro until") || v.Offers.Reason != "canceling" {
			t.Fatalf("cancel: %+v %q", s, v.Message)
		}
		wantError(t, call(t, a, creator, "POST", "/api/billing/cancel", map[string]any{"reason": "other"}), 409, "", "", billing.MsgCanceling)
		// Changing one's mind keeps the membership; cancelling again is allowed.
		if v := billingOf(t, call(t, a, creator, "POST", "/api/billing/resume", nil)); v.Subscription.CancelAtPeriodEnd {
			t.Fatal("resume did not keep the membership")
		}
		billingOf(t, call(t, a, creator, "POST", "/api/billing/cancel", map[string]any{"reason": "unused"}))
		// The period ends: canceled, not Pro, exactly once.
		backdate(t, a, rc.Subscription.ID, "current_period_end", time.Now().Add(-time.Minute))
		for i := 0; i < 2; i++ {
			if st := checkSub(t, a, creator); st.Subscribed || st.Status != "canceled" || st.IsProMember {
				t.Fatalf("after the period: %+v", st)
			}
		}
		if member, _ := profilePro(t, a, creator); member {
			t.Fatal("is_pro_member not cleared at the end")
		}
		if v := billingOf(t, call(t, a, creator, "GET", "/api/billing", nil)); len(v.Invoices) != 1 || v.Subscription.EndedAt == nil {
			t.Fatalf("an ended membership renewed: %+v", v.Invoices)
		}
		// A former member may subscribe again.
		subscribeAndPay(t, a, creator, "month", 1)
		if member, _ := profilePro(t, a, creator); !member {
			t.Fatal("re-subscribing did not make Pro again")
		}
	})
}

// signedAt sends a signed event created at a given time.
func signedAt(t *testing.T, a *testapp.App, id, typ string, created time.Time, object map[string]any) testapp.Response {
	t.Helper()
	obj, _ := json.Marshal(object)
	payload, _ := json.Marshal(map[string]any{"id": id, "object": "event", "type": typ, "created": created.Unix(),
		"api_version": "2026-06-24.dahlia", "data": map[string]any{"object": json.RawMessage(obj)}})
	sp := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: testWhsec, Timestamp: time.Now()})
	return a.DoWith(t, &http.Client{}, http.MethodPost, "/api/webhooks/stripe", payload, http.Header{"Stripe-Signature": {sp.Header}})
}

func stripeSubscription(id, ref, status string, start, end time.Time, cancelAtEnd bool) map[string]any {
	return map[string]any{"id": id, "object": "subscription", "status": status, "customer": "cus_circle", "cancel_at_period_end": cancelAtEnd,
		"metadata": map[string]string{"circle_ref": ref},
		"items":    map[string]any{"object": "list", "data": []map[string]any{{"object": "subscription_item", "current_period_start": start.Unix(), "current_period_end": end.Unix()}}}}
}

// TestF_PAY_09_StripeMembershipAgainstStripeMock: with Stripe, subscribing opens Stripe Checkout
// (stripe-mock), Stripe's signed events drive the membership and is_pro_member (in any order),
// management calls go to Stripe Billing and the portal is Stripe's.
func TestF_PAY_09_StripeMembershipAgainstStripeMock(t *testing.T) {
	t.Parallel()
	mock := stripemock.Start(t)
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind, func(c *app.Config) { c.StripeSecretKey, c.StripeAPIURL = "sk_test_circle", mock })
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		var r httpapi.SubscribeResult
		res := call(t, a, agent, "POST", "/api/billing/subscribe", map[string]any{"interval": "month", "seats": 1})
		res.JSON(t, &r)
		if res.Status != 200 || r.Provider != "stripe" || !strings.HasPrefix(r.URL, "https://checkout.stripe.com/") {
			t.Fatalf("Stripe subscribe: %d %s", res.Status, res.Body)
		}
		wantError(t, call(t, a, agent, "POST", "/api/billing/portal", nil), 409, "", "", "")
		// The invoice arrives before the checkout event: the membership starts either way, once.
		now := time.Now()
		invoice := map[string]any{"id": "in_1", "object": "invoice", "status": "paid", "amount_paid": 99_00, "currency": "usd", "customer": "cus_circle",
			"parent": map[string]any{"subscription_details": map[string]any{"subscription": "sub_circle", "metadata": map[string]string{"circle_ref": r.Subscription.ID}}},
			"lines":  map[string]any{"object": "list", "data": []map[string]any{{"period": map[string]any{"start": now.Unix(), "end": now.AddDate(0, 1, 0).Unix()}}}}}
		webhookDuplicate(t, signedAt(t, a, "evt_inv_1", "invoice.paid", now, invoice))
		session := map[string]any{"id": r.SessionID, "object": "checkout.session", "mode": "subscription", "status": "complete", "payment_status": "paid",
			"customer": "cus_circle", "subscription": "sub_circle", "metadata": map[string]string{"circle_kind": "subscription", "circle_ref": r.Subscription.ID}}
		for i := 0; i < 3; i++ {
			webhookDuplicate(t, signedAt(t, a, "evt_cs_1", "checkout.session.completed", now, session))
		}
		v := billingOf(t, call(t, a, agent, "GET", "/api/billing", nil))
		if v.Subscription.Status != billing.StatusActive || !v.IsProMember || len(v.Invoices) != 1 || v.TestMode {
			t.Fatalf("Stripe membership: %+v %+v", v.Subscription, v.Invoices)
		}
		var portal struct{ URL string }
		call(t, a, agent, "POST", "/api/billing/portal", nil).JSON(t, &portal)
		if !strings.HasPrefix(portal.URL, "https://") {
			t.Fatalf("Stripe portal: %q", portal.URL)
		}
		// Management goes through Stripe Billing (stripe-mock accepts the calls).
		v = billingOf(t, call(t, a, agent, "POST", "/api/billing/discount", map[string]any{"discountPercent": 50, "durationMonths": 2}))
		if v.Subscription.DiscountPercent != 50 {
			t.Fatalf("Stripe discount: %+v", v.Subscription)
		}
		billingOf(t, call(t, a, agent, "POST", "/api/billing/cancel", map[string]any{"reason": "switched_service"}))
		// Stripe ends it; an older "active" update arriving late does not bring it back.
		later := now.Add(10 * time.Second)
		webhookDuplicate(t, signedAt(t, a, "evt_sub_deleted", "customer.subscription.deleted", later,
			stripeSubscription("sub_circle", r.Subscription.ID, "canceled", now, now.AddDate(0, 1, 0), true)))
		webhookDuplicate(t, signedAt(t, a, "evt_sub_old", "customer.subscription.updated", now.Add(-time.Hour),
			stripeSubscription("sub_circle", r.Subscription.ID, "active", now, now.AddDate(0, 1, 0), false)))
		if st := checkSub(t, a, agent); st.Status != "canceled" || st.IsProMember || st.Subscribed {
			t.Fatalf("after Stripe ended the membership: %+v", st)
		}
		// The Stripe checkout page is Stripe's: the built-in page refuses it.
		if res := a.Get(t, "/checkout/"+url.PathEscape(r.SessionID)); res.Status != 404 {
			t.Fatalf("built-in page for a Stripe session: %d", res.Status)
		}
	})
}

// TestF_PAY_09_DemoProMemberHasALiveMembership (issue 15 item 8): after the demo loads,
// pro@demo.test is Pro because of a real membership: exactly one live subscription row (active,
// built-in, monthly, renewing after now) with paid invoices, so /api/billing shows it and its
// management offers instead of "no membership" beside a PRO header.
func TestF_PAY_09_DemoProMemberHasALiveMembership(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		ctx := context.Background()
		live, err := a.DB.Bun().NewSelect().Table("subscriptions").Where("user_id = ?", "usr-demo-pro").
			Where("status IN (?)", bun.In(billing.LiveStatuses)).Count(ctx)
		if err != nil || live != 1 {
			t.Fatalf("live subscriptions of the demo Pro member: %d %v", live, err)
		}
		pro := a.SignIn(t, "pro@demo.test", demo.Password)
		v := billingOf(t, call(t, a, pro, "GET", "/api/billing", nil))
		s := v.Subscription
		if s == nil || s.Status != billing.StatusActive || s.Provider != "builtin" || s.Interval != billing.IntervalMonth || s.Seats != 1 ||
			!s.GrantsPro || s.CurrentPeriodEnd == nil || !s.CurrentPeriodEnd.After(time.Now()) || s.NextCharge == nil || s.NextCharge.Cents != 99_00 {
			t.Fatalf("demo Pro membership: %+v", s)
		}
		if !v.IsProMember || !v.Offers.Pause || !v.Offers.Discount {
			t.Fatalf("demo Pro member's billing: pro %v offers %+v", v.IsProMember, v.Offers)
		}
		if len(v.Invoices) != 2 {
			t.Fatalf("demo Pro invoices: %+v", v.Invoices)
		}
		for _, in := range v.Invoices {
			if in.Status != billing.InvoicePaid || in.AmountCents != 99_00 || in.SubscriptionID != s.ID || in.PeriodStart.After(time.Now()) {
				t.Fatalf("demo Pro invoice: %+v", in)
			}
		}
		if member, eff := profilePro(t, a, pro); !member || !eff {
			t.Fatalf("demo Pro profile: member %v effective %v", member, eff)
		}
	})
}
