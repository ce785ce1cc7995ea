package paymentstest_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"circle/internal/payments"
	"circle/internal/payments/paymentstest"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

// recorder is a testing.TB that records failures instead of failing.
type recorder struct {
	testing.TB
	failures []string
}

func (r *recorder) Errorf(format string, args ...any) {
	r.failures = append(r.failures, fmt.Sprintf(format, args...))
}

// TestFakeAndGuardCatchACallInsideATransaction: the fake fails its test, and the guard the app
// wires refuses the call, when a provider is called inside store.InTx; outside they let it by.
func TestFakeAndGuardCatchACallInsideATransaction(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		rec := &recorder{TB: t}
		fake := &paymentstest.Fake{T: rec}
		guarded := payments.Guard(fake, store.InsideTx)
		if err := guarded.Pause(ctx, payments.SubscriptionRef{}, db.Now()); err != nil || len(rec.failures) != 0 {
			t.Fatalf("outside a transaction: %v %v", err, rec.failures)
		}
		var guardErr error
		if err := db.InTx(ctx, func(ctx context.Context) error {
			guardErr = guarded.Cancel(ctx, payments.SubscriptionRef{}, "other", "")
			_ = fake.Resume(ctx, payments.SubscriptionRef{})
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if !errors.Is(guardErr, payments.ErrInsideTransaction) {
			t.Errorf("guard inside a transaction: %v", guardErr)
		}
		if len(rec.failures) != 1 {
			t.Errorf("fake inside a transaction: failures %v", rec.failures)
		}
		if got := fake.Calls(); len(got) != 2 || got[0] != "pause" || got[1] != "resume" {
			t.Errorf("calls that reached the provider: %v", got)
		}
	})
}
