package checkout

import (
	"testing"
	"time"
)

// F-PAY-08 (issue 26 item 4: the receipt rules are checkout's): a refunded order's receipt says why it was refunded; a payment that arrived after
// its checkout had ended (refunded automatically, never paid) says so instead of a plain refund.
func TestF_PAY_08_ReceiptRefundNotes(t *testing.T) {
	paid := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	cases := []struct {
		name  string
		order Order
		want  string
	}{
		{"paid", Order{Status: Paid, PaidAt: &paid, Currency: "USD"}, ""},
		{"paid then refunded", Order{Status: Refunded, PaidAt: &paid, Currency: "USD"}, MsgRefunded},
		{"late payment refunded", Order{Status: Refunded, Currency: "USD"}, MsgLatePaymentRefunded},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := ReceiptOf(c.order, "en").Receipt.RefundNote; got != c.want {
				t.Fatalf("refund note %q, want %q", got, c.want)
			}
		})
	}
}
