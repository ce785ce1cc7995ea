package checkout

import "testing"

// TestF_PAY_04_OrderTransitions is the order state machine: every status against every outcome,
// so events that arrive late, twice or out of order end in the right state.
func TestF_PAY_04_OrderTransitions(t *testing.T) {
	t.Parallel()
	cases := []struct {
		from    Status
		o       Outcome
		to      Status
		changed bool
	}{
		{Pending, OutcomePaid, Paid, true},
		{Pending, OutcomeFailed, Canceled, true},
		{Pending, OutcomeRefunded, Refunded, true},
		{Paid, OutcomePaid, Paid, false},
		{Paid, OutcomeFailed, Paid, false}, // a late expiry never un-pays
		{Paid, OutcomeRefunded, Refunded, true},
		{Pending, OutcomeExpired, Expired, true},
		{Paid, OutcomeExpired, Paid, false},
		{Canceled, OutcomePaid, Canceled, false}, // a late payment is refunded (the service), not paid
		{Canceled, OutcomeFailed, Canceled, false},
		{Canceled, OutcomeRefunded, Refunded, true},
		{Expired, OutcomePaid, Expired, false},
		{Expired, OutcomeExpired, Expired, false},
		{Expired, OutcomeRefunded, Refunded, true},
		{Refunded, OutcomePaid, Refunded, false},
		{Refunded, OutcomeFailed, Refunded, false},
		{Refunded, OutcomeRefunded, Refunded, false},
	}
	for _, c := range cases {
		to, changed := Transition(c.from, c.o)
		if to != c.to || changed != c.changed {
			t.Errorf("Transition(%s, %s) = %s %v, want %s %v", c.from, c.o, to, changed, c.to, c.changed)
		}
	}
	// Any order of the same events ends in the same state.
	orders := [][]Outcome{
		{OutcomePaid, OutcomeFailed}, {OutcomePaid, OutcomeExpired},
		{OutcomePaid, OutcomeRefunded, OutcomePaid}, {OutcomeRefunded, OutcomePaid, OutcomeFailed},
		// A payment after the expiry does not pay the order; its refund ends it refunded.
		{OutcomeExpired, OutcomePaid, OutcomeRefunded},
	}
	want := []Status{Paid, Paid, Refunded, Refunded, Refunded}
	for i, seq := range orders {
		s := Pending
		for _, o := range seq {
			s, _ = Transition(s, o)
		}
		if s != want[i] {
			t.Errorf("sequence %v ends %s, want %s", seq, s, want[i])
		}
	}
}
