package httpapi_test

import (
	"context"
	"net/http"
	"testing"

	"circle/internal/demo"
	"circle/internal/points"
	"circle/internal/store"
)

// TestF_PAY_07_CheckoutWithPointsAPI: pro@demo.test adds a line paid with points and checks out
// through the API: the order shows the points per line and charges only the cash share; the
// wallet history shows the spend. Bad input gets a 4xx naming the field and changes nothing; a
// non-member cannot add a points line (Pro Member Required); a visitor gets 401.
func TestF_PAY_07_CheckoutWithPointsAPI(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		pro := a.SignIn(t, "pro@demo.test", demo.Password)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)

		res := call(t, a, agent, http.MethodPost, "/api/cart/items", map[string]any{"service_id": "svc-listingloop-hdr-photos", "price_cents": 189_00, "coverage": "points"})
		wantError(t, res, http.StatusForbidden, "coverage", "cart.pro_member_required", "")
		res = call(t, a, pro, http.MethodPost, "/api/cart/items", map[string]any{"service_id": "svc-listingloop-hdr-photos", "price_cents": 225_00, "coverage": "points"})
		wantError(t, res, http.StatusBadRequest, "price_cents", "cart.price_validation_failed", "")
		res = call(t, a, pro, http.MethodPost, "/api/cart/items", map[string]any{"service_id": "svc-listingloop-hdr-photos", "price_cents": 189_00, "coverage": "points"})
		if res.Status != http.StatusOK {
			t.Fatalf("add points line %d %s", res.Status, res.Body)
		}
		var out struct {
			Order struct {
				TotalCents int64 `json:"total_cents"`
				PointsUsed int64 `json:"points_used"`
				Items      []struct {
					Coverage       string `json:"coverage"`
					PointsUsed     int64  `json:"points_used"`
					PointsUSDCents int64  `json:"points_usd_cents"`
					LineTotalCents int64  `json:"line_total_cents"`
				} `json:"items"`
				Savings struct {
					USDCents int64 `json:"usd_cents"`
				} `json:"savings"`
				Receipt struct {
					PaymentMethod string `json:"payment_method"`
				} `json:"receipt"`
			} `json:"order"`
		}
		res = call(t, a, pro, http.MethodPost, "/api/checkout", nil)
		if res.Status != http.StatusOK {
			t.Fatalf("checkout %d %s", res.Status, res.Body)
		}
		res.JSON(t, &out)
		if o := out.Order; o.PointsUsed != 95 || o.TotalCents != 94_00 || len(o.Items) != 1 || o.Items[0].Coverage != "points" || o.Items[0].PointsUSDCents != 95_00 || o.Items[0].LineTotalCents != 94_00 {
			t.Fatalf("order %+v", o)
		}
		// Savings are Pro savings only ($225 - $189), not what the points paid.
		if o := out.Order; o.Savings.USDCents != 36_00 || o.Receipt.PaymentMethod != "95 Agent Points; Test mode: no real payment" {
			t.Fatalf("savings %d, payment method %q", o.Savings.USDCents, o.Receipt.PaymentMethod)
		}
		var hist struct{ Entries []points.Entry }
		call(t, a, pro, http.MethodGet, "/api/points/history", nil).JSON(t, &hist)
		if len(hist.Entries) == 0 || hist.Entries[0].Reason != points.ReasonSpend {
			t.Fatalf("history head %+v", hist.Entries)
		}
		var sum points.Summary
		call(t, a, pro, http.MethodGet, "/api/points/summary", nil).JSON(t, &sum)
		if sum.TotalAvailablePoints != 2500-95 {
			t.Fatalf("balance %d, want 2405", sum.TotalAvailablePoints)
		}

		// process_automatic_copay: bad input names its fields and spends nothing.
		res = call(t, a, pro, http.MethodPost, "/api/points/copay", map[string]any{"service_id": "", "vendor_id": "", "idempotency_key": ""})
		for _, f := range []string{"service_id", "vendor_id", "idempotency_key"} {
			wantError(t, res, http.StatusBadRequest, f, "validation.required", "")
		}
		res = call(t, a, pro, http.MethodPost, "/api/points/copay", map[string]any{"service_id": "svc-listingloop-hdr-photos", "vendor_id": "ven-no-such", "idempotency_key": "k1"})
		wantError(t, res, http.StatusNotFound, "vendor_id", "", "")
		// The HDR service is open to co-pay: Harborline (an SSP, capped at 20%) covers $45 of
		// $225 with 45 of its points (full_coverage); the same key answers the same.
		var cp struct {
			Success     bool   `json:"success"`
			FellThrough bool   `json:"fell_through"`
			Title       string `json:"title"`
			Replayed    bool   `json:"replayed"`
		}
		for i := range 2 {
			res = call(t, a, pro, http.MethodPost, "/api/points/copay", map[string]any{"service_id": "svc-listingloop-hdr-photos", "vendor_id": "ven-harborline", "idempotency_key": "k2"})
			res.JSON(t, &cp)
			if res.Status != http.StatusOK || !cp.Success || cp.FellThrough || cp.Title != "Co-Pay Processed!" || cp.Replayed != (i == 1) {
				t.Fatalf("automatic co-pay %d: %d %s", i, res.Status, res.Body)
			}
		}
		call(t, a, pro, http.MethodGet, "/api/points/summary", nil).JSON(t, &sum)
		if sum.TotalAvailablePoints != 2500-95-45 {
			t.Fatalf("balance %d after the co-pay, want 2360", sum.TotalAvailablePoints)
		}

		// process_automatic_copay is for Pro members (02§5 "vendor co-pay needs Pro").
		res = call(t, a, agent, http.MethodPost, "/api/points/copay", map[string]any{"service_id": "svc-listingloop-hdr-photos", "vendor_id": "ven-harborline", "idempotency_key": "k3"})
		wantError(t, res, http.StatusForbidden, "service_id", "copay.pro_required", "")
		// vendor_only through the wired app (02§4 line 152): ClosingBell's points are not used
		// by another partner; a stager without points is asked for its whole share with a co-pay
		// request, and the cart gets the pending co-pay line.
		var stager string
		if err := a.DB.Bun().NewRaw("SELECT id FROM vendors WHERE id NOT IN ('ven-harborline', 'ven-closingbell') AND vendor_type = 'stager' ORDER BY id LIMIT 1").Scan(context.Background(), &stager); err != nil {
			t.Fatal(err)
		}
		var only struct {
			Success bool   `json:"success"`
			Title   string `json:"title"`
			CoPay   struct {
				CoverageKind string `json:"coverage_kind"`
				RequestID    string `json:"request_id"`
			} `json:"copay"`
		}
		res = call(t, a, pro, http.MethodPost, "/api/points/copay", map[string]any{"service_id": "svc-listingloop-hdr-photos", "vendor_id": stager, "idempotency_key": "k4"})
		res.JSON(t, &only)
		if res.Status != http.StatusOK || !only.Success || only.Title != "Co-Pay Request Sent!" || only.CoPay.CoverageKind != "vendor_only" || only.CoPay.RequestID == "" {
			t.Fatalf("vendor_only: %d %s", res.Status, res.Body)
		}

		var g struct {
			Years []any `json:"years"`
		}
		res = call(t, a, pro, http.MethodGet, "/api/points/guarantee", nil)
		res.JSON(t, &g)
		if res.Status != http.StatusOK || g.Years == nil || len(g.Years) != 0 {
			t.Fatalf("guarantee %d %s", res.Status, res.Body)
		}
		for _, r := range []struct{ method, path string }{{http.MethodPost, "/api/points/copay"}, {http.MethodGet, "/api/points/guarantee"}} {
			if res := call(t, a, nil, r.method, r.path, map[string]any{}); res.Status != http.StatusUnauthorized {
				t.Fatalf("visitor %s %s: %d", r.method, r.path, res.Status)
			}
		}
	})
}
