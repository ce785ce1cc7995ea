package checkout

import (
	"testing"
	"time"

	"circle/internal/payments"
)

// TestApplyOutcome: a move through the state machine stamps what it means; a refused move
// changes nothing.
func TestApplyOutcome(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	paid := payments.Fact{PaymentIntentID: "pi_1", CardLast4: "4242"}
	cases := []struct {
		name    string
		from    Status
		outcome Outcome
		moved   bool
		check   func(o Order) bool
	}{
		{"paid records how", Pending, OutcomePaid, true, func(o Order) bool {
			return o.Status == Paid && o.PaidAt != nil && o.PaymentIntentID == "pi_1" && o.CardLast4 == "4242"
		}},
		{"a late payment after an expiry is refunded, not paid", Expired, OutcomePaid, false, func(o Order) bool { return o.Status == Expired && o.PaidAt == nil }},
		{"expiry", Pending, OutcomeExpired, true, func(o Order) bool { return o.Status == Expired && o.CanceledAt != nil }},
		{"failed cancels", Pending, OutcomeFailed, true, func(o Order) bool { return o.Status == Canceled && o.CanceledAt != nil && o.PaidAt == nil }},
		{"refunded", Paid, OutcomeRefunded, true, func(o Order) bool { return o.Status == Refunded && o.RefundedAt != nil }},
		{"a late failure never un-pays", Paid, OutcomeFailed, false, func(o Order) bool { return o.Status == Paid && o.CanceledAt == nil }},
		{"refunded is final", Refunded, OutcomePaid, false, func(o Order) bool { return o.Status == Refunded && o.PaidAt == nil }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := Order{Status: c.from}
			if moved := ApplyOutcome(&o, c.outcome, paid, now); moved != c.moved || !c.check(o) {
				t.Fatalf("moved %v: %+v", moved, o)
			}
			if c.moved && !o.UpdatedAt.Equal(now) {
				t.Errorf("updated_at %v", o.UpdatedAt)
			}
		})
	}
}

// TestSessionStatusAfter: paid completes a page; a failure expires an open one and leaves a
// complete one; other events change nothing.
func TestSessionStatusAfter(t *testing.T) {
	cases := []struct {
		status, outcome, want string
		relevant              bool
	}{
		{SessionOpen, payments.OutcomePaid, SessionComplete, true},
		{SessionExpired, payments.OutcomePaid, SessionComplete, true},
		{SessionOpen, payments.OutcomeFailed, SessionExpired, true},
		{SessionComplete, payments.OutcomeFailed, SessionComplete, true},
		{SessionOpen, payments.OutcomeNone, SessionOpen, false},
	}
	for _, c := range cases {
		got, relevant := SessionStatusAfter(c.status, payments.Fact{Outcome: c.outcome})
		if got != c.want || relevant != c.relevant {
			t.Errorf("%s after %q = %s %v, want %s %v", c.status, c.outcome, got, relevant, c.want, c.relevant)
		}
	}
}

// TestPaidEffects: a paid order's quantities leave the cart (F-PAY-08: only what was paid) and
// count as purchases with the revenue in US cents.
func TestPaidEffects(t *testing.T) {
	paid, purchases := PaidEffects([]OrderItem{
		{ID: "i1", CartItemID: "c1", ServiceID: "s1", Quantity: 2, UnitPriceUSDCents: 225_00, UnitPriceCents: 310_50},
		{ID: "i2", ServiceID: "s2", Quantity: 1, UnitPriceUSDCents: 99_00, PointsUSDCents: 40_00},
		{ID: "i3", ServiceID: "s3", Quantity: 1, Coverage: CoverageConsultation},
	})
	// The vendor's revenue is the cash paid for the line: points paid 40_00 of s2 (F-AREA-01).
	if len(paid) != 1 || paid["c1"] != 2 || len(purchases) != 2 || purchases[0] != (Purchase{ServiceID: "s1", RevenueUSDCents: 450_00, OrderItemID: "i1", PaidUSDCents: 450_00}) ||
		purchases[1] != (Purchase{ServiceID: "s2", RevenueUSDCents: 99_00, OrderItemID: "i2", PaidUSDCents: 59_00}) {
		t.Fatalf("%v %+v", paid, purchases)
	}
	if paid, purchases := PaidEffects(nil); paid != nil || purchases != nil {
		t.Fatalf("no lines: %v %v", paid, purchases)
	}
}

// TestF_PAY_08_ReceiptSavings: a receipt's savings are retail less what was paid, points not
// counted as savings, in the order's currency at its rate (the rule moved from the HTTP handler
// into checkout, issue 26 item 4).
func TestF_PAY_08_ReceiptSavings(t *testing.T) {
	usd := Order{Currency: "USD", RetailTotalUSDCents: 225_00, TotalUSDCents: 94_00, Items: []*OrderItem{{PointsUSDCents: 95_00}}}
	if c, u := Savings(usd); c != 36_00 || u != 36_00 {
		t.Fatalf("USD savings %d %d, want 36_00", c, u)
	}
	cad := Order{Currency: "CAD", USDToCADRateE4: 13800, RetailTotalUSDCents: 225_00, TotalUSDCents: 189_00}
	if c, u := Savings(cad); c != 49_68 || u != 36_00 {
		t.Fatalf("CAD savings %d %d, want 49_68 36_00", c, u)
	}
	if c, u := Savings(Order{Currency: "USD", RetailTotalUSDCents: 10_00, TotalUSDCents: 12_00}); c != 0 || u != 0 {
		t.Fatalf("negative savings %d %d", c, u)
	}
}
