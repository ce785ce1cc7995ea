package httpapi_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"circle/internal/affiliates"
	"circle/internal/audit"
	"circle/internal/checkout"
	"circle/internal/demo"
	"circle/internal/store"
	"circle/internal/testapp"
)

var browserHeader = http.Header{"User-Agent": {"Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Safari/605.1.15"}}

func affCall(t *testing.T, a *testapp.App, c *http.Client, method, path string, body any, h http.Header) testapp.Response {
	t.Helper()
	return sendJSON(t, a, c, method, path, body, h)
}

func commissionsFor(t *testing.T, a *testapp.App, admin *http.Client, sourceID string) []affiliates.Conversion {
	t.Helper()
	p := okJSON[affiliates.CommissionPage](t, "commissions", call(t, a, admin, "GET", "/api/admin/commissions?page_size=200", nil))
	var out []affiliates.Conversion
	for _, c := range p.Items {
		if c.SourceID == sourceID {
			out = append(out, c)
		}
	}
	return out
}

// TestF_ENG_09_AffiliateLinkToPaidOrder: an aff link's click sets the 30-day first-party cookie
// (a bot's sets none); the buyer's checkout carries it and the paid order is credited to the
// demo affiliate once, whatever the number of webhook deliveries; the affiliate buying through
// their own link earns nothing; the admin approves, pays in a batch and exports the CSV; on
// both engines through the real server.
func TestF_ENG_09_AffiliateLinkToPaidOrder(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		admin := a.SignIn(t, "admin@demo.test", demo.Password)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)

		bot := affCall(t, a, nil, "POST", "/api/affiliates/clicks", map[string]any{"affiliate_code": demo.DemoAffiliateCode}, http.Header{"User-Agent": {"Twitterbot/1.0"}})
		if bot.Status != 200 || strings.Contains(bot.Header.Get("Set-Cookie"), affiliates.CookieName) || !strings.Contains(string(bot.Body), `"recorded":false`) {
			t.Fatalf("bot click: %d %v %s", bot.Status, bot.Header, bot.Body)
		}
		if res := affCall(t, a, nil, "POST", "/api/affiliates/clicks", map[string]any{"affiliate_code": "nobody"}, browserHeader); res.Status != 404 {
			t.Fatalf("unknown code: %d", res.Status)
		}
		res := affCall(t, a, agent, "POST", "/api/affiliates/clicks", map[string]any{"affiliate_code": demo.DemoAffiliateCode,
			"url": a.URL + "/marketplace?aff=" + demo.DemoAffiliateCode + "&utm_source=youtube", "utm_source": "youtube"}, browserHeader)
		ck := res.Header.Get("Set-Cookie")
		if res.Status != 200 || !strings.Contains(ck, affiliates.CookieName+"=") || !strings.Contains(ck, "Max-Age=2592000") || !strings.Contains(ck, "HttpOnly") {
			t.Fatalf("click: %d %q %s", res.Status, ck, res.Body)
		}

		r := agentCheckout(t, a, agent)
		obj := sessionObject(r.SessionID, r.Order.ID, "complete", "paid")
		for i := 0; i < 5; i++ {
			webhookDuplicate(t, signed(t, a, testWhsec, "evt_aff_paid", "checkout.session.completed", obj))
		}
		if o := orderOf(t, a, agent, r.Order.ID); o.Status != checkout.Paid {
			t.Fatalf("order: %s", o.Status)
		}
		got := commissionsFor(t, a, admin, r.Order.ID)
		if len(got) != 1 || got[0].AffiliateID != demo.DemoAffiliateID || got[0].AmountGross != 450_00 || got[0].CommissionCents != 45_00 ||
			got[0].Status != affiliates.CommissionPending || got[0].ConversionType != affiliates.ConversionOrder {
			t.Fatalf("credited: %+v", got)
		}
		// A second event id for the same payment (a replay by another route) credits nothing more.
		webhookDuplicate(t, signed(t, a, testWhsec, "evt_aff_paid_again", "checkout.session.completed", obj))
		if got := commissionsFor(t, a, admin, r.Order.ID); len(got) != 1 {
			t.Fatalf("credited %d times", len(got))
		}

		// Self-referral: the affiliate buys through their own link.
		creator := a.SignIn(t, "creator@demo.test", demo.Password)
		affCall(t, a, creator, "POST", "/api/affiliates/clicks", map[string]any{"affiliate_code": demo.DemoAffiliateCode}, http.Header{
			"User-Agent": {"Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0"}, "X-Test": {"self"}})
		rs := agentCheckout(t, a, creator)
		webhookDuplicate(t, signed(t, a, testWhsec, "evt_aff_self", "checkout.session.completed", sessionObject(rs.SessionID, rs.Order.ID, "complete", "paid")))
		if got := commissionsFor(t, a, admin, rs.Order.ID); len(got) != 0 {
			t.Fatalf("self-referral credited: %+v", got)
		}

		// The affiliate's dashboard counts it; another member has none (404).
		var d affiliates.AffiliateDashboard
		dres := call(t, a, creator, "GET", "/api/affiliates/dashboard", nil)
		dres.JSON(t, &d)
		if dres.Status != 200 || d.Affiliate.Code != demo.DemoAffiliateCode || d.Conversions != 4 || len(d.Days) != 30 {
			t.Fatalf("dashboard: %d %+v", dres.Status, d)
		}
		if res := call(t, a, agent, "GET", "/api/affiliates/dashboard", nil); res.Status != 404 {
			t.Fatalf("non-affiliate dashboard: %d", res.Status)
		}

		// The back office: approve, pay, export; each change in the audit log.
		id := got[0].ID
		if res := call(t, a, admin, "POST", "/api/admin/commissions/"+id+"/approve", nil); res.Status != 200 {
			t.Fatalf("approve: %d %s", res.Status, res.Body)
		}
		wantError(t, call(t, a, admin, "POST", "/api/admin/commissions/"+id+"/reject", map[string]any{}), 400, "reason", affiliates.KeyReason, affiliates.MsgReason)
		pay := call(t, a, admin, "POST", "/api/admin/commissions/payouts", map[string]any{"ids": []string{id}})
		var b affiliates.PayoutBatch
		pay.JSON(t, &b)
		if pay.Status != 201 || b.Count != 1 || b.TotalCents != 45_00 {
			t.Fatalf("payout: %d %s", pay.Status, pay.Body)
		}
		csv := call(t, a, admin, "GET", "/api/admin/commissions/payouts/"+b.ID+"/csv", nil)
		if csv.Status != 200 || !strings.HasPrefix(csv.Header.Get("Content-Type"), "text/csv") || !strings.Contains(string(csv.Body), "payouts@brennan-media.example,1,4500,45.00") {
			t.Fatalf("csv: %d %s", csv.Status, csv.Body)
		}
		if res := call(t, a, agent, "GET", "/api/admin/commissions", nil); res.Status != 403 {
			t.Fatalf("agent on the admin list: %d", res.Status)
		}
		audit := call(t, a, admin, "GET", "/api/admin/audit?object_id="+id, nil)
		if !strings.Contains(string(audit.Body), affiliates.ActionCommissionApprove) {
			t.Fatalf("audit: %s", audit.Body)
		}

		// The same buyer joins Circle Pro within the 30 days: its first invoice converts at 20%,
		// in billing's transaction, once.
		subscribeAndPay(t, a, agent, "month", 1)
		res = call(t, a, admin, "GET", "/api/admin/commissions?page_size=200", nil)
		var p affiliates.CommissionPage
		res.JSON(t, &p)
		var subs []affiliates.Conversion
		for _, c := range p.Items {
			if c.ConversionType == affiliates.ConversionSubscription {
				subs = append(subs, c)
			}
		}
		if len(subs) != 1 || subs[0].AffiliateID != demo.DemoAffiliateID || subs[0].AmountGross != 99_00 || subs[0].CommissionCents != 19_80 {
			t.Fatalf("membership conversion: %+v", subs)
		}
	})
}

// TestF_ENG_09_ApplyAndApprove: a member applies once (400 naming the field, 409 on a second),
// the admin approves with an audit entry, and their code then records clicks.
func TestF_ENG_09_ApplyAndApprove(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		admin := a.SignIn(t, "admin@demo.test", demo.Password)
		pro := a.SignIn(t, "pro@demo.test", demo.Password)
		if res := call(t, a, nil, "POST", "/api/affiliates/applications", map[string]any{"promotion": "x", "payout_email": "a@b.co"}); res.Status != 401 {
			t.Fatalf("visitor: %d", res.Status)
		}
		wantError(t, call(t, a, pro, "POST", "/api/affiliates/applications", map[string]any{"promotion": "short", "payout_email": "a@b.co"}), 400,
			"promotion", affiliates.KeyPromotion, affiliates.MsgPromotionLength)
		wantError(t, call(t, a, pro, "POST", "/api/affiliates/applications", map[string]any{"promotion": "My team newsletter", "payout_email": "nope"}), 400,
			"payout_email", affiliates.KeyPayoutEmail, affiliates.MsgPayoutEmail)
		res := call(t, a, pro, "POST", "/api/affiliates/applications", map[string]any{"promotion": "My team newsletter", "payout_email": "pay@reyes.example", "website": "https://reyes.example"})
		var app affiliates.Affiliate
		res.JSON(t, &app)
		if res.Status != 201 || app.Status != affiliates.AppPending || app.Code == "" {
			t.Fatalf("apply: %d %s", res.Status, res.Body)
		}
		if res := call(t, a, pro, "POST", "/api/affiliates/applications", map[string]any{"promotion": "My team newsletter", "payout_email": "pay@reyes.example"}); res.Status != 409 {
			t.Fatalf("second application: %d %s", res.Status, res.Body)
		}
		if res := affCall(t, a, nil, "POST", "/api/affiliates/clicks", map[string]any{"affiliate_code": app.Code}, browserHeader); res.Status != 404 {
			t.Fatalf("pending code clicked: %d", res.Status)
		}
		if res := call(t, a, admin, "POST", "/api/admin/affiliates/applications/"+app.ID+"/approve", nil); res.Status != 200 {
			t.Fatalf("approve: %d %s", res.Status, res.Body)
		}
		if res := affCall(t, a, nil, "POST", "/api/affiliates/clicks", map[string]any{"affiliate_code": app.Code}, browserHeader); res.Status != 200 {
			t.Fatalf("approved code clicked: %d", res.Status)
		}
		me := call(t, a, pro, "GET", "/api/affiliates/me", nil)
		if !strings.Contains(string(me.Body), `"status":"approved"`) {
			t.Fatalf("me: %s", me.Body)
		}
		entries, _, err := store.NewAdmin(a.DB).AuditEntries(context.Background(), auditFilter(app.ID))
		if err != nil || len(entries) != 1 || entries[0].Action != affiliates.ActionAppApprove {
			t.Fatalf("audit: %+v %v", entries, err)
		}
	})
}

func auditFilter(objectID string) audit.Filter {
	return audit.Filter{ObjectID: objectID, Page: 1, PageSize: 50}
}

// TestF_ENG_09_ClickRateLimit: one address records at most 30 clicks a minute; the 31st answers
// 429 with Retry-After and sets no cookie.
func TestF_ENG_09_ClickRateLimit(t *testing.T) {
	t.Parallel()
	a := payApp(t, store.SQLite)
	for i := 0; i < affiliates.ClickBurst; i++ {
		if res := affCall(t, a, nil, "POST", "/api/affiliates/clicks", map[string]any{"affiliate_code": demo.DemoAffiliateCode}, browserHeader); res.Status != 200 {
			t.Fatalf("click %d: %d %s", i, res.Status, res.Body)
		}
	}
	res := affCall(t, a, nil, "POST", "/api/affiliates/clicks", map[string]any{"affiliate_code": demo.DemoAffiliateCode}, browserHeader)
	if res.Status != 429 || res.Header.Get("Retry-After") == "" || res.Header.Get("Set-Cookie") != "" {
		t.Fatalf("31st click: %d %v", res.Status, res.Header)
	}
}
