package httpapi

import (
	"testing"
	"time"

	"circle/internal/checkout"
)

// F-PAY-08: a refunded order's receipt says why it was refunded; a payment that arrived after
// its checkout had ended (refunded automatically, never paid) says so instead of a plain refund.
func TestF_PAY_08_ReceiptRefundNotes(t *testing.T) {
	paid := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	cases := []struct {
		name  string
		order checkout.Order
		want  string
	}{
		{"paid", checkout.Order{Status: checkout.Paid, PaidAt: &paid, Currency: "USD"}, ""},
		{"paid then refunded", checkout.Order{Status: checkout.Refunded, PaidAt: &paid, Currency: "USD"}, MsgRefunded},
		{"late payment refunded", checkout.Order{Status: checkout.Refunded, Currency: "USD"}, MsgLatePaymentRefunded},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := orderView(c.order, "en").Receipt.RefundNote; got != c.want {
				t.Fatalf("refund note %q, want %q", got, c.want)
			}
		})
	}
}
