package httpapi_test

import (
	"net/http"
	"testing"

	"circle/internal/demo"
	"circle/internal/idempotency"
	"circle/internal/store"
)

// TestIssue27_CoPayKeyReusedWithAnotherBody: issue 27 item 3. The same idempotency key with the
// same body answers the first request; with another body (another split, another partner) it
// is a 409 naming idempotency_key and records nothing. It answered 200 with the first request.
func TestIssue27_CoPayKeyReusedWithAnotherBody(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		pro := a.SignIn(t, "pro@demo.test", demo.Password)
		cartOf(t, call(t, a, pro, "DELETE", "/api/cart", nil))
		first := copayView(t, call(t, a, pro, "POST", "/api/copay/requests", copayBody(40, "k-27")), 201)
		if again := copayView(t, call(t, a, pro, "POST", "/api/copay/requests", copayBody(40, "k-27")), 200); again.ID != first.ID {
			t.Fatalf("same key, same body: %s, want %s", again.ID, first.ID)
		}
		otherPartner := copayBody(20, "k-27")
		otherPartner["vendor_id"] = partnerSSP
		for _, body := range []map[string]any{copayBody(30, "k-27"), otherPartner} {
			wantError(t, call(t, a, pro, "POST", "/api/copay/requests", body), http.StatusConflict, "idempotency_key", idempotency.KeyReused, "")
		}
		if n := countWhere(t, a, "co_pay_requests", "idempotency_key = ?", "k-27"); n != 1 {
			t.Fatalf("%d requests under the key, want 1", n)
		}
	})
}

// TestIssue27_AutomaticCoPayKeyReusedWithAnotherBody: issue 27 item 3 on POST /api/points/copay:
// the same key for another partner is a 409 naming idempotency_key, spends nothing more; the
// same body still replays. It answered 200 with the first co-pay's service and vendor.
func TestIssue27_AutomaticCoPayKeyReusedWithAnotherBody(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		pro := a.SignIn(t, "pro@demo.test", demo.Password)
		body := map[string]any{"service_id": "svc-listingloop-hdr-photos", "vendor_id": partnerSSP, "idempotency_key": "k-27"}
		var cp struct {
			Replayed bool `json:"replayed"`
			CoPay    struct {
				ID string `json:"id"`
			} `json:"copay"`
		}
		ids := map[string]bool{}
		for i := range 2 {
			res := call(t, a, pro, http.MethodPost, "/api/points/copay", body)
			res.JSON(t, &cp)
			if res.Status != http.StatusOK || cp.Replayed != (i == 1) {
				t.Fatalf("automatic co-pay %d: %d %s", i, res.Status, res.Body)
			}
			ids[cp.CoPay.ID] = true
		}
		if len(ids) != 1 {
			t.Fatalf("the replay answered another co-pay: %v", ids)
		}
		spent := countWhere(t, a, "point_spends", "1 = 1")
		other := map[string]any{"service_id": "svc-listingloop-hdr-photos", "vendor_id": partnerNonSSP, "idempotency_key": "k-27"}
		wantError(t, call(t, a, pro, http.MethodPost, "/api/points/copay", other), http.StatusConflict, "idempotency_key", idempotency.KeyReused, "")
		yearly := map[string]any{"service_id": "svc-listingloop-hdr-photos", "vendor_id": partnerSSP, "yearly": true, "idempotency_key": "k-27"}
		wantError(t, call(t, a, pro, http.MethodPost, "/api/points/copay", yearly), http.StatusConflict, "idempotency_key", idempotency.KeyReused, "")
		if n := countWhere(t, a, "automatic_copays", "idempotency_key = ?", "k-27"); n != 1 {
			t.Fatalf("%d automatic co-pays under the key, want 1", n)
		}
		if n := countWhere(t, a, "point_spends", "1 = 1"); n != spent {
			t.Fatalf("spends %d, want %d", n, spent)
		}
	})
}
