package httpapi_test

import (
	"encoding/csv"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"circle/internal/checkout"
	"circle/internal/demo"
	"circle/internal/store"
	"circle/internal/vendoranalytics"
)

// TestF_AREA_01_VendorAnalyticsReconcileWithOrders (issue 30 item 5): an agent views, clicks,
// adds to cart and buys a ClosingBell service; the vendor's analytics of today show one more
// view, click, add-to-cart and purchase, and revenue grows by exactly the order's paid amount.
// Paying is recorded once. Another vendor's service is 404, agents are refused, a bad range
// names its field, and the CSV has one row per service and bucket.
func TestF_AREA_01_VendorAnalyticsReconcileWithOrders(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		vendor := a.SignIn(t, "vendor@demo.test", demo.Password)
		const svc = "svc-closingbell-tc"
		today := time.Now().UTC().Format(time.DateOnly)
		q := "/api/vendor/analytics?from=" + today + "&to=" + today + "&service_id=" + svc
		read := func() vendoranalytics.AnalyticsReport {
			t.Helper()
			r := okJSON[vendoranalytics.AnalyticsReport](t, "analytics", call(t, a, vendor, "GET", q, nil))
			if len(r.Services) != 1 || r.Services[0].ID != svc || len(r.Series) != 1 || r.Series[0].Start != today {
				t.Fatalf("report shape: %+v", r)
			}
			return r
		}
		before := read()

		if res := call(t, a, agent, "POST", "/api/services/"+svc+"/views", map[string]any{"viewer_key": "analytics-viewer"}); res.Status >= 300 {
			t.Fatalf("view: %d %s", res.Status, res.Body)
		}
		if res := call(t, a, agent, "POST", "/api/services/"+svc+"/events", map[string]any{"event_type": "click", "event_data": map[string]any{"target": "learn_more"}}); res.Status >= 300 {
			t.Fatalf("click: %d %s", res.Status, res.Body)
		}
		cartOf(t, call(t, a, agent, "POST", "/api/cart/items", map[string]any{"service_id": svc, "price_cents": 395_00, "coverage": "retail", "quantity": 1}))
		r := checkoutOf(t, call(t, a, agent, "POST", "/api/checkout", nil))
		page := pagePath(t, r.URL)
		if res := formAs(t, a, agent, page+"/pay", card("4242 4242 4242 4242")); res.Status != http.StatusSeeOther {
			t.Fatalf("pay: %d %s", res.Status, res.Body)
		}
		o := orderOf(t, a, agent, r.Order.ID)
		if o.Status != checkout.Paid || o.TotalUSDCents <= 0 {
			t.Fatalf("order: %+v", o)
		}
		// Paying again changes nothing.
		formAs(t, a, agent, page+"/pay", card("4242 4242 4242 4242"))

		after := read()
		d := func(x, y int64) int64 { return y - x }
		b, n := before.Services[0].Measures, after.Services[0].Measures
		if d(b.Views, n.Views) != 1 || d(b.Clicks, n.Clicks) != 1 || d(b.CartAdds, n.CartAdds) != 1 || d(b.Purchases, n.Purchases) != 1 {
			t.Fatalf("measures before %+v after %+v", b, n)
		}
		if got := d(b.RevenueCents, n.RevenueCents); got != o.TotalUSDCents {
			t.Fatalf("revenue grew by %d, the order paid %d", got, o.TotalUSDCents)
		}
		if after.Total != after.Series[0].Measures || after.Total != n {
			t.Fatalf("totals disagree: %+v %+v %+v", after.Total, after.Series[0].Measures, n)
		}
		// The overview of this month counts the sale too.
		ov := okJSON[vendoranalytics.VendorOverview](t, "overview", call(t, a, vendor, "GET", "/api/vendor/overview", nil))
		if ov.Purchases < n.Purchases || ov.RevenueCents < n.RevenueCents || len(ov.Vendors) != 1 || ov.Vendors[0].ID != "ven-closingbell" || ov.Month != today[:7] {
			t.Fatalf("overview: %+v", ov)
		}

		// Authorization: another vendor's service is not found; agents are refused.
		wantError(t, call(t, a, vendor, "GET", "/api/vendor/analytics?service_id="+svcHDR, nil), 404, "", "", vendoranalytics.MsgServiceAbsent)
		wantError(t, call(t, a, vendor, "GET", "/api/vendor/analytics/csv?service_id="+svcHDR, nil), 404, "", "", "")
		for _, p := range []string{"/api/vendor/analytics", "/api/vendor/analytics/csv", "/api/vendor/overview"} {
			if res := call(t, a, agent, "GET", p, nil); res.Status != http.StatusForbidden {
				t.Fatalf("agent %s: %d", p, res.Status)
			}
			if res := call(t, a, nil, "GET", p, nil); res.Status != http.StatusUnauthorized {
				t.Fatalf("visitor %s: %d", p, res.Status)
			}
		}

		// Range validation names the field.
		wantError(t, call(t, a, vendor, "GET", "/api/vendor/analytics?from=2026-13-01", nil), 400, "from", "validation.format", vendoranalytics.MsgBadDate)
		wantError(t, call(t, a, vendor, "GET", "/api/vendor/analytics?to=yesterday", nil), 400, "to", "validation.format", vendoranalytics.MsgBadDate)
		wantError(t, call(t, a, vendor, "GET", "/api/vendor/analytics?from=2026-05-02&to=2026-05-01", nil), 400, "from", "validation.range", vendoranalytics.MsgBadRange)
		wantError(t, call(t, a, vendor, "GET", "/api/vendor/analytics?from=2025-01-01&to=2026-01-05", nil), 400, "to", "validation.range", vendoranalytics.MsgTooLong)
		wantError(t, call(t, a, vendor, "GET", "/api/vendor/analytics?bucket=year", nil), 400, "bucket", "validation.enum", vendoranalytics.MsgBadBucket)
		if res := call(t, a, vendor, "GET", "/api/vendor/analytics?from=2025-01-01&to=2026-01-01", nil); res.Status != http.StatusOK {
			t.Fatalf("366 days: %d %s", res.Status, res.Body)
		}

		// The CSV: one row per service and bucket, the same numbers.
		res := call(t, a, vendor, "GET", "/api/vendor/analytics/csv?from="+today+"&to="+today+"&bucket=week", nil)
		if res.Status != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/csv") ||
			!strings.Contains(res.Header.Get("Content-Disposition"), "vendor-analytics-"+today+"-"+today+"-week.csv") {
			t.Fatalf("csv: %d %v", res.Status, res.Header)
		}
		rows, err := csv.NewReader(strings.NewReader(string(res.Body))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		var all vendoranalytics.AnalyticsReport
		call(t, a, vendor, "GET", "/api/vendor/analytics?from="+today+"&to="+today, nil).JSON(t, &all)
		if len(rows) != 1+len(all.Services) || strings.Join(rows[0], ",") != strings.Join(vendoranalytics.CSVHeader, ",") {
			t.Fatalf("csv rows %d for %d services: %v", len(rows), len(all.Services), rows)
		}
		for _, row := range rows[1:] {
			if row[2] == svc && (row[9] != strconv.FormatInt(n.Purchases, 10) || row[11] != vendoranalytics.Dollars(n.RevenueCents)) {
				t.Fatalf("csv row %v, want purchases %d revenue %d", row, n.Purchases, n.RevenueCents)
			}
		}
	})
}
