package payments

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"circle/internal/payments/stripemock"
)

// TestF_AREA_03_StripePaymentRecord: the reconciliation's provider check reads a payment intent
// with its latest charge through the Stripe adapter. stripe-mock checks the request against
// Stripe's API description (it answers its fixture for any id: nothing received yet); a local
// server answering as Stripe does checks what is read from a paid, partly refunded payment and
// that an unknown id is "not found", not an error.
func TestF_AREA_03_StripePaymentRecord(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	mock := NewStripe("sk_test_123", "whsec_test", stripemock.Start(t))
	got, err := mock.Payment(ctx, "pi_123")
	if err != nil || !got.Found || got.Currency != "USD" || got.ReceivedCents != 0 {
		t.Fatalf("stripe-mock's payment intent: %+v %v", got, err)
	}

	var asked []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked = append(asked, r.URL.Path+"?"+r.URL.RawQuery)
		w.Header().Set("Content-Type", "application/json")
		if strings.HasSuffix(r.URL.Path, "/pi_paid") {
			_, _ = w.Write([]byte(`{"id":"pi_paid","object":"payment_intent","amount":12900,"amount_received":12900,"currency":"cad",
				"status":"succeeded","latest_charge":{"id":"ch_1","object":"charge","amount":12900,"amount_refunded":1000,"refunded":false}}`))
			return
		}
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte(`{"error":{"type":"invalid_request_error","code":"resource_missing","message":"No such payment_intent: 'pi_gone'","param":"intent"}}`))
	}))
	defer srv.Close()
	local := NewStripe("sk_test_123", "whsec_test", srv.URL)
	got, err = local.Payment(ctx, "pi_paid")
	if err != nil || got != (ProviderPayment{ID: "pi_paid", Found: true, Currency: "CAD", ReceivedCents: 12900, RefundedCents: 1000, Status: "succeeded"}) {
		t.Fatalf("paid payment: %+v %v", got, err)
	}
	if len(asked) != 1 || !strings.Contains(asked[0], "expand[0]=latest_charge") && !strings.Contains(asked[0], "expand%5B0%5D=latest_charge") {
		t.Fatalf("the request does not expand the latest charge: %v", asked)
	}
	got, err = local.Payment(ctx, "pi_gone")
	if err != nil || got.Found {
		t.Fatalf("unknown payment: %+v %v", got, err)
	}
}
