package httpapi_test

import (
	"html"
	"net/http"
	"strings"
	"testing"

	"circle/internal/checkout"
	"circle/internal/demo"
	"circle/internal/store"
)

// TestF_PAY_08_RecurringServicesChargeTheFirstPeriod (issue 14 item 3): a monthly and a yearly
// service are charged once, for their first period; the payment page names each line's first
// period and says the renewal is with the vendor, and the order keeps each line's period for
// /orders. Before the fix the page showed the bare titles and the order had no period.
func TestF_PAY_08_RecurringServicesChargeTheFirstPeriod(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		cartOf(t, call(t, a, agent, "POST", "/api/cart/items", map[string]any{"service_id": "svc-nestflow-crm", "price_cents": 129_00, "coverage": "retail"}))
		cartOf(t, call(t, a, agent, "POST", "/api/cart/items", map[string]any{"service_id": "svc-coastalshield-home-warranty", "price_cents": 549_00, "coverage": "retail"}))
		cartOf(t, call(t, a, agent, "POST", "/api/cart/items", map[string]any{"service_id": svcHDR, "price_cents": 225_00, "coverage": "retail"}))
		r := checkoutOf(t, call(t, a, agent, "POST", "/api/checkout", nil))
		if r.Order.TotalCents != 129_00+549_00+225_00 {
			t.Fatalf("charged %d: each line once, for its first period", r.Order.TotalCents)
		}
		periods := map[string]string{}
		for _, it := range r.Order.Items {
			periods[it.ServiceID] = it.Period
		}
		if periods["svc-nestflow-crm"] != checkout.PeriodMonth || periods["svc-coastalshield-home-warranty"] != checkout.PeriodYear || periods[svcHDR] != checkout.PeriodOneTime {
			t.Fatalf("periods %v", periods)
		}
		res := a.DoWith(t, agent, http.MethodGet, strings.TrimPrefix(r.URL, a.URL), nil, nil)
		body := html.UnescapeString(string(res.Body))
		for _, want := range []string{
			"NestFlow CRM for Solo Agents - first month only; renews with the vendor",
			"Seller & Buyer Home Warranty Plans - first year only; renews with the vendor",
			"Monthly and yearly services renew with the vendor: Circle charges the first month or year only.",
		} {
			if res.Status != 200 || !strings.Contains(body, want) {
				t.Fatalf("payment page (%d) lacks %q:\n%s", res.Status, want, body)
			}
		}
		if strings.Contains(body, "HDR Listing Photography - first") {
			t.Fatal("a one-time line is named as recurring")
		}
		o := orderOf(t, a, agent, r.Order.ID)
		for _, it := range o.Items {
			if it.Period != periods[it.ServiceID] {
				t.Fatalf("order %s line %s period %q", o.ID, it.ServiceID, it.Period)
			}
		}
	})
}
