package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"circle/internal/cart"
	"circle/internal/checkout"
	"circle/internal/copay"
	"circle/internal/demo"
	"circle/internal/racetest"
	"circle/internal/store"
	"circle/internal/testapp"
)

// The agent's side of co-pay (issue 15 item 2 and the co-pay half of item 5). The service is
// HDR Listing Photography (retail $225, split limit 50, max vendor split 40); BrightPath, a
// marketing company, is a non-SSP partner (cap 40: the service's max vendor split); Harborline,
// a mortgage lender, is an SSP partner (cap 20).
const (
	partnerNonSSP = "ven-brightpath"
	partnerSSP    = "ven-harborline"
	ownVendor     = "ven-listingloop"
)

func copayBody(split int, key string) map[string]any {
	return map[string]any{"service_id": svcHDR, "vendor_id": partnerNonSSP, "requested_split_percentage": split, "idempotency_key": key}
}

func copayView(t *testing.T, res testapp.Response, status int) copay.AgentView {
	t.Helper()
	return statusJSON[copay.AgentView](t, "co-pay answer", res, status)
}

// setCoPayStatus is the test's stand-in for the vendor's decision or the expiry job: it moves a
// request to a status directly in the database.
func setCoPayStatus(t *testing.T, a *testapp.App, id, status, note string) {
	t.Helper()
	q := a.DB.Bun().NewUpdate().Table("co_pay_requests").Set("status = ?", status).Set("decision_note = ?", note).Where("id = ?", id)
	if status == copay.StatusApproved || status == copay.StatusDeclined {
		q = q.Set("decided_at = ?", time.Now().UTC())
	}
	if _, err := q.Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func copayEvents(t *testing.T, a *testapp.App, id, status string) int {
	t.Helper()
	return countWhere(t, a, "co_pay_request_events", "request_id = ? AND status = ?", id, status)
}

// TestF_PAY_05_CoPayRequestValidationAndRoles: visitors get the spec's sign-in message, members
// without Pro are refused, and every bad field is named with nothing recorded.
func TestF_PAY_05_CoPayRequestValidationAndRoles(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		wantError(t, call(t, a, nil, "POST", "/api/copay/requests", copayBody(40, "v1")), 401, "", "", copay.MsgSignIn)
		wantError(t, call(t, a, nil, "GET", "/api/copay/partners?service_id="+svcHDR, nil), 401, "", "", copay.MsgSignIn)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		if res := call(t, a, agent, "POST", "/api/copay/requests", copayBody(40, "a1")); res.Status != 403 {
			t.Fatalf("agent without Pro: %d %s", res.Status, res.Body)
		}
		pro := a.SignIn(t, "pro@demo.test", demo.Password)
		with := func(k string, v any) map[string]any {
			b := copayBody(40, "")
			b[k] = v
			return b
		}
		cases := []struct {
			name   string
			body   map[string]any
			status int
			field  string
			key    string
		}{
			{"below the minimum", copayBody(5, ""), 400, "requested_split_percentage", copay.KeySplitRange},
			{"off the step", copayBody(42, ""), 400, "requested_split_percentage", copay.KeySplitRange},
			{"above the slider max", copayBody(55, ""), 400, "requested_split_percentage", copay.KeySplitCap},
			{"above the SSP cap", with("vendor_id", partnerSSP), 400, "requested_split_percentage", copay.KeySplitCap},
			{"the service's own vendor", with("vendor_id", ownVendor), 400, "vendor_id", copay.KeyOwnVendor},
			{"an unknown vendor", with("vendor_id", "ven-nope"), 400, "vendor_id", copay.KeyUnknownPartner},
			{"a rejected vendor", with("vendor_id", "ven-freshstart"), 400, "vendor_id", copay.KeyUnknownPartner},
			{"an unknown service", with("service_id", "svc-nope"), 404, "service_id", cart.KeyServiceInactive},
			{"a service without co-pay", with("service_id", svcQuote), 400, "service_id", copay.KeyNotOffered},
			{"an unknown package", with("package_id", "pkg-nope"), 400, "package_id", cart.KeyUnknownPackage},
			{"another vendor's representative", with("representative_id", "rep-nope"), 400, "representative_id", copay.KeyUnknownRep},
			{"notes too long", with("agent_notes", strings.Repeat("n", 1001)), 400, "agent_notes", ""},
		}
		for _, c := range cases {
			res := call(t, a, pro, "POST", "/api/copay/requests", c.body)
			if c.field == "agent_notes" {
				if res.Status != 400 || !strings.Contains(string(res.Body), "notes") {
					t.Fatalf("%s: %d %s", c.name, res.Status, res.Body)
				}
				continue
			}
			wantError(t, res, c.status, c.field, c.key, "")
		}
		for _, raw := range []string{`{`, `{"service_id":1}`, `{"service_id":"` + svcHDR + `","vendor_id":"` + partnerNonSSP + `","requested_split_percentage":"40"}`} {
			if res := a.DoWith(t, pro, "POST", "/api/copay/requests", []byte(raw), nil); res.Status < 400 || res.Status > 499 {
				t.Fatalf("%s: %d", raw, res.Status)
			}
		}
		var list struct{ Requests []copay.AgentView }
		call(t, a, pro, "GET", "/api/copay/requests", nil).JSON(t, &list)
		for _, r := range list.Requests {
			if r.ServiceID == svcHDR {
				t.Fatalf("a refused request was recorded: %+v", r)
			}
		}
		if v := cartOf(t, call(t, a, pro, "GET", "/api/cart", nil)); v.LineCount != 0 {
			t.Fatalf("refused requests changed the cart: %+v", v.Items)
		}
	})
}

// TestF_PAY_05_PartnersAndQuote: the picker lists partner vendors other than the service's own,
// with their caps and sliders, search and the qa=1 counts; the quote explains the split.
func TestF_PAY_05_PartnersAndQuote(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		pro := a.SignIn(t, "pro@demo.test", demo.Password)
		all := okJSON[copay.PartnerList](t, "partners", call(t, a, pro, "GET", "/api/copay/partners?service_id="+svcHDR, nil))
		if all.Total < 10 || all.Filtered != all.Total || len(all.Partners) != all.Total {
			t.Fatalf("partners: total %d filtered %d listed %d", all.Total, all.Filtered, len(all.Partners))
		}
		byID := map[string]copay.Partner{}
		for _, p := range all.Partners {
			byID[p.ID] = p
		}
		if _, ok := byID[ownVendor]; ok {
			t.Fatal("the service's own vendor is offered as a partner")
		}
		if _, ok := byID["ven-freshstart"]; ok {
			t.Fatal("a rejected vendor is offered as a partner")
		}
		b, h := byID[partnerNonSSP], byID[partnerSSP]
		if b.Kind != "non_ssp" || b.Cap.Percent != 40 || b.Slider.Max != 40 || b.Slider.Min != 10 || b.Slider.Step != 5 || b.Slider.Initial != 40 {
			t.Fatalf("BrightPath: %+v %+v", b.Cap, b.Slider)
		}
		if h.Kind != "ssp" || h.Cap.Percent != 20 || h.Slider.Max != 20 || h.Slider.Initial != 20 || len(h.Representatives) == 0 ||
			!strings.Contains(h.Explanation, "settlement service provider") {
			t.Fatalf("Harborline: %+v %+v %d %q", h.Cap, h.Slider, len(h.Representatives), h.Explanation)
		}
		// Issue 28 item 4: the partners who may cover the most come first, so the first offer
		// delivers the card's "with co-pay" price (the best partner's default split).
		for i := 1; i < len(all.Partners); i++ {
			if prev, p := all.Partners[i-1], all.Partners[i]; p.Cap.Percent > prev.Cap.Percent {
				t.Fatalf("partner %d (%s, %d%%) listed after %s (%d%%)", i, p.Name, p.Cap.Percent, prev.Name, prev.Cap.Percent)
			}
		}
		if first := all.Partners[0]; first.Cap.Percent != 40 {
			t.Fatalf("first partner %s covers %d%%; the best cap for this service is 40%%", first.Name, first.Cap.Percent)
		}
		var found copay.PartnerList
		call(t, a, pro, "GET", "/api/copay/partners?service_id="+svcHDR+"&q=HARBOR", nil).JSON(t, &found)
		if found.Total != all.Total || found.Filtered != 1 || len(found.Partners) != 1 || found.Partners[0].ID != partnerSSP {
			t.Fatalf("search: %+v", found)
		}
		var q copay.Quote
		call(t, a, pro, "GET", "/api/copay/quote?service_id="+svcHDR+"&vendor_id="+partnerNonSSP+"&split=40", nil).JSON(t, &q)
		if q.Breakdown.VendorShareCents != 90_00 || q.Breakdown.AgentShareCents != 135_00 || q.Explanation == "" || !strings.Contains(q.Explanation, "40%") {
			t.Fatalf("quote: %+v", q)
		}
		var es copay.Quote
		call(t, a, pro, "GET", "/api/copay/quote?service_id="+svcHDR+"&vendor_id="+partnerNonSSP+"&split=40&lang=es", nil).JSON(t, &es)
		if !strings.Contains(es.Explanation, "usted paga") {
			t.Fatalf("Spanish explanation: %q", es.Explanation)
		}
	})
}

// TestF_PAY_05_CoPayRequestCartAndCheckout is the agent's whole flow: a request at 40% stores
// the split, shares and explanation with a pending history row and a 3-day window; the cart
// line waits (Pending Vendor Approval, checkout blocked); the same idempotency key records once;
// a second pending request to the partner is a clear 409; the line follows the request
// (approved: Vendor Approved at the agent's share; declined, expired, canceled: Needs Coverage
// Selection); checkout charges only the agent's share, records both shares, and payment uses
// the request once; a refund reverses the share once.
func TestF_PAY_05_CoPayRequestCartAndCheckout(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		pro := a.SignIn(t, "pro@demo.test", demo.Password)
		cartOf(t, call(t, a, pro, "DELETE", "/api/cart", nil))
		before := time.Now().UTC()
		r := copayView(t, call(t, a, pro, "POST", "/api/copay/requests", copayBody(40, "key-1")), 201)
		if r.Status != copay.StatusPending || r.RequestedSplit != 40 || r.AgentShare.USDCents != 135_00 || r.VendorShare.USDCents != 90_00 ||
			r.BasePrice.USDCents != 225_00 || !strings.Contains(r.StoredExplanation, "covers 40% ($90); you pay $135") || r.AgentNotes != copay.DefaultNotes ||
			r.ExpiresAt.Before(before.Add(copay.ResponseWindow-time.Minute)) || r.ExpiresAt.After(time.Now().Add(copay.ResponseWindow)) || !r.CanCancel {
			t.Fatalf("request: %+v", r)
		}
		if n := copayEvents(t, a, r.ID, copay.StatusPending); n != 1 {
			t.Fatalf("pending events: %d", n)
		}
		acts, _ := store.NewActivity(a.DB).VendorActivities(context.Background(), partnerNonSSP, 10)
		if len(acts) == 0 || acts[0].ActivityType != "co_pay_request" {
			t.Fatalf("vendor activity: %+v", acts)
		}
		// A retry with the same key answers the same request and records nothing more.
		again := copayView(t, call(t, a, pro, "POST", "/api/copay/requests", copayBody(40, "key-1")), 200)
		if again.ID != r.ID || copayEvents(t, a, r.ID, copay.StatusPending) != 1 {
			t.Fatalf("replay: %s vs %s", again.ID, r.ID)
		}
		// A second pending request to the same partner: 409 naming the partner.
		res := call(t, a, pro, "POST", "/api/copay/requests", copayBody(30, "key-2"))
		wantError(t, res, 409, "vendor_id", copay.KeyPendingPartner, "")
		if !strings.Contains(string(res.Body), "Brightpath") {
			t.Fatalf("409 does not name the partner: %s", res.Body)
		}

		line := func() cart.CartItemView {
			t.Helper()
			v := cartOf(t, call(t, a, pro, "GET", "/api/cart", nil))
			if len(v.Items) != 1 {
				t.Fatalf("cart: %+v", v.Items)
			}
			return v.Items[0]
		}
		l := line()
		if l.Coverage != cart.CoverageCoPay || l.CoverageStatus != cart.StatusPendingApproval || l.Badges[0] != cart.BadgePendingVendor ||
			l.CoPay == nil || l.CoPay.RequestID != r.ID || l.UnitPrice.USDCents != 135_00 || l.QuantityEditable {
			t.Fatalf("pending line: %+v %+v", l, l.CoPay)
		}
		wantError(t, call(t, a, pro, "POST", "/api/checkout", nil), 400, "items."+l.ID+".coverage", cart.KeyCoPayPending, cart.MsgCoPayPending)
		wantError(t, call(t, a, pro, "PATCH", "/api/cart/items/"+l.ID, map[string]any{"quantity": 3}), 400, "quantity", cart.KeyCoPayQuantity, "")

		for _, st := range []string{copay.StatusDeclined, copay.StatusExpired, copay.StatusCanceled} {
			setCoPayStatus(t, a, r.ID, st, "Not this quarter")
			l = line()
			if l.Coverage != cart.CoverageNone || l.CoverageStatus != cart.StatusPendingSelection || l.Badges[0] != cart.BadgeNeedsCoverage ||
				l.CoPay == nil || l.CoPay.Status != st || l.CoPay.Active {
				t.Fatalf("%s line: %+v %+v", st, l, l.CoPay)
			}
			wantError(t, call(t, a, pro, "POST", "/api/checkout", nil), 400, "items."+l.ID+".coverage", cart.KeyCoverageRequired, "")
		}
		setCoPayStatus(t, a, r.ID, copay.StatusApproved, "Happy to help")
		l = line()
		if l.CoverageStatus != cart.StatusApproved || l.Badges[0] != cart.BadgeVendorOK || l.UnitPrice.USDCents != 135_00 || l.RetailUnitPrice == nil ||
			l.RetailUnitPrice.USDCents != 225_00 || l.CoPay.DecisionNote != "Happy to help" {
			t.Fatalf("approved line: %+v", l)
		}
		// Checkout charges only the agent's share and records both shares.
		c := checkoutOf(t, call(t, a, pro, "POST", "/api/checkout", nil))
		it := c.Order.Items[0]
		if c.Order.TotalCents != 135_00 || it.Coverage != "copay" || it.UnitPriceCents != 135_00 || it.AgentShareCents != 135_00 ||
			it.VendorShareCents != 90_00 || it.CoPayRequestID != r.ID {
			t.Fatalf("checkout: %+v %+v", c.Order, it)
		}
		obj := sessionObject(c.SessionID, c.Order.ID, "complete", "paid")
		for i := 0; i < 3; i++ {
			webhookDuplicate(t, signed(t, a, testWhsec, "evt_copay_paid", "checkout.session.completed", obj))
		}
		if o := orderOf(t, a, pro, c.Order.ID); o.Status != checkout.Paid {
			t.Fatalf("order: %s", o.Status)
		}
		var list struct{ Requests []copay.AgentView }
		call(t, a, pro, "GET", "/api/copay/requests", nil).JSON(t, &list)
		if len(list.Requests) == 0 || list.Requests[0].ID != r.ID || list.Requests[0].Status != copay.StatusUsed || copayEvents(t, a, r.ID, copay.StatusUsed) != 1 {
			t.Fatalf("after payment: %+v, used events %d", list.Requests, copayEvents(t, a, r.ID, copay.StatusUsed))
		}
		// The partner's RESPA audit pack lists the charge (issue 15 item 7).
		var pack copay.AuditPack
		admin := a.SignIn(t, "admin@demo.test", demo.Password)
		if res := call(t, a, admin, "GET", "/api/vendors/"+partnerNonSSP+"/copay-audit/usr-demo-pro", nil); res.Status != 200 {
			t.Fatalf("audit pack: %d %s", res.Status, res.Body)
		} else {
			res.JSON(t, &pack)
		}
		if len(pack.Charges) != 1 || pack.Charges[0].OrderID != c.Order.ID || pack.Charges[0].RequestID != r.ID ||
			pack.Charges[0].AgentShareCents != 135_00 || pack.Charges[0].VendorShareCents != 90_00 {
			t.Fatalf("audit charges: %+v", pack.Charges)
		}
		// The Pro Savings Guarantee counts the partner's share as co-pay coverage.
		if got, err := store.NewPointsPay(a.DB).CoPayCoverageUSDCents(context.Background(), "usr-demo-pro", before, time.Now().Add(time.Hour)); err != nil || got != 90_00 {
			t.Fatalf("co-pay coverage: %d %v", got, err)
		}
		// A refund reverses the share, once.
		for i := 0; i < 2; i++ {
			webhookDuplicate(t, signed(t, a, testWhsec, fmt.Sprintf("evt_copay_refund_%d", i), "charge.refunded", map[string]any{"id": "ch_copay", "object": "charge",
				"refunded": true, "payment_intent": obj["payment_intent"]}))
		}
		if o := orderOf(t, a, pro, c.Order.ID); o.Status != checkout.Refunded || copayEvents(t, a, r.ID, copay.EventRefunded) != 1 {
			t.Fatalf("refund: %s, refunded events %d", o.Status, copayEvents(t, a, r.ID, copay.EventRefunded))
		}
	})
}

// TestF_PAY_05_CancelAndOtherAgents: the agent cancels a pending request (its line is back to
// Needs Coverage Selection); another agent's cancel answers 404; picking another coverage
// cancels the pending request.
func TestF_PAY_05_CancelAndOtherAgents(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		pro := a.SignIn(t, "pro@demo.test", demo.Password)
		cartOf(t, call(t, a, pro, "DELETE", "/api/cart", nil))
		r := copayView(t, call(t, a, pro, "POST", "/api/copay/requests", copayBody(40, "c-1")), 201)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		wantError(t, call(t, a, agent, "POST", "/api/copay/requests/"+r.ID+"/cancel", nil), 404, "", "", "")
		var theirs struct{ Requests []copay.AgentView }
		call(t, a, agent, "GET", "/api/copay/requests", nil).JSON(t, &theirs)
		for _, x := range theirs.Requests {
			if x.ID == r.ID {
				t.Fatal("another agent lists the request")
			}
		}
		c := copayView(t, call(t, a, pro, "POST", "/api/copay/requests/"+r.ID+"/cancel", nil), 200)
		if c.Status != copay.StatusCanceled || c.CanCancel || copayEvents(t, a, r.ID, copay.StatusCanceled) != 1 {
			t.Fatalf("cancel: %+v", c)
		}
		wantError(t, call(t, a, pro, "POST", "/api/copay/requests/"+r.ID+"/cancel", nil), 409, "id", copay.KeyNotCancelable, "")
		v := cartOf(t, call(t, a, pro, "GET", "/api/cart", nil))
		if v.Items[0].CoverageStatus != cart.StatusPendingSelection {
			t.Fatalf("line after cancel: %+v", v.Items[0])
		}
		// A new request, then the Pro price instead: the request is canceled.
		r2 := copayView(t, call(t, a, pro, "POST", "/api/copay/requests", copayBody(35, "c-2")), 201)
		v = cartOf(t, call(t, a, pro, "PATCH", "/api/cart/items/"+v.Items[0].ID, map[string]any{"coverage": "pro"}))
		if v.Items[0].Coverage != cart.CoveragePro || v.Items[0].CoPay != nil {
			t.Fatalf("pro coverage: %+v", v.Items[0])
		}
		var mine struct{ Requests []copay.AgentView }
		call(t, a, pro, "GET", "/api/copay/requests", nil).JSON(t, &mine)
		if mine.Requests[0].ID != r2.ID || mine.Requests[0].Status != copay.StatusCanceled {
			t.Fatalf("after another coverage: %+v", mine.Requests[0])
		}
	})
}

// TestF_PAY_05_ConcurrentRequestsRecordOne: 20 simultaneous requests of one agent to one
// partner for one service (each with its own key) record exactly one pending request and one
// cart line; the others answer 409.
func TestF_PAY_05_ConcurrentRequestsRecordOne(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		pro := a.SignIn(t, "pro@demo.test", demo.Password)
		cartOf(t, call(t, a, pro, "DELETE", "/api/cart", nil))
		codes := racetest.Run(20, func(i int) int {
			return call(t, a, pro, "POST", "/api/copay/requests", copayBody(40, fmt.Sprintf("conc-%d", i))).Status
		})
		created, conflicts := 0, 0
		for _, c := range codes {
			switch c {
			case http.StatusCreated:
				created++
			case http.StatusConflict:
				conflicts++
			}
		}
		n, err := a.DB.Bun().NewSelect().Table("co_pay_requests").Where("service_id = ?", svcHDR).Where("status = 'pending'").Count(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		v := cartOf(t, call(t, a, pro, "GET", "/api/cart", nil))
		if created != 1 || conflicts != 19 || n != 1 || v.LineCount != 1 {
			t.Fatalf("created %d conflicts %d rows %d lines %d (%v)", created, conflicts, n, v.LineCount, codes)
		}
	})
}
