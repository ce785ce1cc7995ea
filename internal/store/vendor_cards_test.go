package store_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"circle/internal/apperr"
	"circle/internal/audit"
	"circle/internal/clocktest"
	"circle/internal/jobs"
	"circle/internal/payments"
	"circle/internal/points"
	"circle/internal/pointspay"
	"circle/internal/racetest"
	"circle/internal/store"
)

// TestF_PAY_07_VendorBillingStore: the vendor card queries on both engines: the vendor and its
// owner, the billing row made and locked on first use, every column written and read back, the
// first customer recorded at a provider winning (also under 10 concurrent callers), another
// provider's customer replacing the row's and dropping its card, and the failed charges.
func TestF_PAY_07_VendorBillingStore(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		s := store.NewVendorCardStore(db)
		v, err := s.CardVendor(ctx, bellID)
		if err != nil || v.ID != bellID || v.Name == "" || v.OwnerUserID != vendorUser || v.OwnerEmail != "vendor@demo.test" {
			t.Fatalf("card vendor %+v %v", v, err)
		}
		if _, err := s.CardVendor(ctx, "ven-no-such"); !apperr.IsNotFound(err) {
			t.Fatalf("unknown vendor: %v", err)
		}
		if b, err := s.VendorBillingOf(ctx, bellID); err != nil || b.StripeCustomerID != "" || b.StripePaymentMethodID != "" || b.Provider != "" {
			t.Fatalf("no billing yet: %+v %v", b, err)
		}

		// Ten callers record a customer at once: one wins and every answer names it.
		got := racetest.Run(10, func(i int) string {
			b, err := s.SetVendorCustomer(ctx, bellID, payments.NameStripe, fmt.Sprintf("cus_%d", i), clk.Now())
			if err != nil {
				t.Errorf("set customer %d: %v", i, err)
			}
			return b.StripeCustomerID
		})
		stored, err := s.VendorBillingOf(ctx, bellID)
		if err != nil || stored.Provider != payments.NameStripe || stored.StripeCustomerID == "" {
			t.Fatalf("stored customer %+v %v", stored, err)
		}
		for i, c := range got {
			if c != stored.StripeCustomerID {
				t.Fatalf("caller %d was answered %q, the row has %q", i, c, stored.StripeCustomerID)
			}
		}

		// Lock, write every column, read them back.
		at := clk.Now().Add(time.Minute).UTC().Truncate(time.Second)
		err = db.InTx(ctx, func(ctx context.Context) error {
			b, err := s.LockVendorBilling(ctx, bellID, clk.Now())
			if err != nil {
				return err
			}
			b.StripePaymentMethodID, b.CardBrand, b.CardLast4, b.CardExpMonth, b.CardExpYear, b.UpdatedBy, b.UpdatedAt = "pm_1", "visa", "4242", 12, 2031, vendorUser, at
			return s.WriteVendorBilling(ctx, b)
		})
		if err != nil {
			t.Fatal(err)
		}
		b, err := s.VendorBillingOf(ctx, bellID)
		want := pointspay.VendorBilling{VendorID: bellID, Provider: payments.NameStripe, StripeCustomerID: stored.StripeCustomerID, StripePaymentMethodID: "pm_1",
			CardBrand: "visa", CardLast4: "4242", CardExpMonth: 12, CardExpYear: 2031, UpdatedBy: vendorUser}
		b.UpdatedAt = b.UpdatedAt.UTC()
		if err != nil || !b.UpdatedAt.Equal(at) {
			t.Fatalf("read back %+v %v", b, err)
		}
		b.UpdatedAt = time.Time{}
		if b != want {
			t.Fatalf("read back %+v, want %+v", b, want)
		}
		// The same provider keeps its customer; another provider's replaces it and drops the card.
		if b, _ := s.SetVendorCustomer(ctx, bellID, payments.NameStripe, "cus_other", clk.Now()); b.StripeCustomerID != stored.StripeCustomerID || b.StripePaymentMethodID != "pm_1" {
			t.Fatalf("same provider: %+v", b)
		}
		if b, _ := s.SetVendorCustomer(ctx, bellID, payments.NameBuiltIn, "cus_builtin_vendor_x", clk.Now()); b.StripeCustomerID != "cus_builtin_vendor_x" ||
			b.StripePaymentMethodID != "" || b.CardLast4 != "" || b.Provider != payments.NameBuiltIn {
			t.Fatalf("another provider: %+v", b)
		}

		// Failed charges: only the failed ones of this vendor.
		charges := spendBellPoints(t, db, clk, 3)
		if failed, err := s.FailedVendorCharges(ctx, bellID); err != nil || len(failed) != 0 {
			t.Fatalf("no failed charge yet: %+v %v", failed, err)
		}
		c := charges[0]
		c.Status = pointspay.ChargeFailed
		if err := s.SaveVendorCharge(ctx, c); err != nil {
			t.Fatal(err)
		}
		if failed, err := s.FailedVendorCharges(ctx, bellID); err != nil || len(failed) != 1 || failed[0].ID != c.ID {
			t.Fatalf("failed charges %+v %v", failed, err)
		}
		if failed, _ := s.FailedVendorCharges(ctx, "ven-harborline"); len(failed) != 0 {
			t.Fatalf("another vendor's failed charges: %+v", failed)
		}
	})
}

// spendBellPoints grants a fresh agent ClosingBell points and spends n of them, recording the
// vendor charge (pending) as a paid order would.
func spendBellPoints(t *testing.T, db *store.DB, clk *clocktest.Clock, n int64) []pointspay.VendorCharge {
	t.Helper()
	ctx := context.Background()
	agent := newPointsAgent(t, db)
	grant(t, db, agent, bellID, 100, clk.Now().Add(-time.Hour), clk.Now().Add(30*24*time.Hour))
	var out []pointspay.VendorCharge
	err := db.InTx(ctx, func(ctx context.Context) error {
		res, err := store.NewPointsPay(db).SpendPointsIn(ctx, points.SpendRequest{AgentID: agent, Points: n, Key: "card-test:" + agent})
		if err != nil {
			return err
		}
		out, err = store.NewPointsPay(db).RecordSpendCharges(ctx, res.Spend.ID, "order-card-test", clk.Now())
		return err
	})
	if err != nil || len(out) != 1 || out[0].VendorID != bellID || out[0].AmountCents != n*points.CentsPerPoint {
		t.Fatalf("spend ClosingBell points: %+v %v", out, err)
	}
	return out
}

// TestF_PAY_07_VendorCardService: the card on file through the service on both engines, with
// the built-in provider: 12 owners' saves at once leave one card on file, each save audited
// and the replaced cards' detach jobs queued; saving the card on file again changes nothing; a
// failed point charge is charged by the job a saved card queues (its key names the card, so
// a second save of another card queues it again, one of the same card does not); removing is
// audited once and idempotent; the test card page's checks refuse a declined card and save a
// good one as its brand and last four.
func TestF_PAY_07_VendorCardService(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		logger := slog.New(slog.NewTextHandler(io.Discard, nil))
		runner := jobs.NewRunner(store.NewJobs(db), clk.Now, logger, jobs.Config{})
		provider := &payments.BuiltIn{BaseURL: "http://circle.test", PortalKey: []byte("k"), Now: clk.Now}
		cards := &pointspay.Cards{Store: store.NewVendorCardStore(db), Payments: provider, Jobs: runner, Now: clk.Now, Logger: logger, BaseURL: "http://circle.test"}
		ledger := &pointspay.Ledger{Store: store.NewPointsPay(db), Jobs: runner, Payments: provider, Now: clk.Now, Logger: logger}
		pointspay.RegisterJobs(runner, ledger)
		pointspay.RegisterCardJobs(runner, cards)
		by := audit.Actor{UserID: vendorUser}
		count := func(q string, args ...any) int { return countRows(t, db, q, args...) }

		setup, err := cards.StartSetup(ctx, by, bellID, "es")
		if err != nil || setup.URL != "http://circle.test/vendor-card/"+bellID+"?lang=es" || setup.Provider != payments.NameBuiltIn {
			t.Fatalf("setup %+v %v", setup, err)
		}
		if _, err := cards.StartSetup(ctx, by, "ven-no-such", ""); !apperr.IsNotFound(err) {
			t.Fatalf("setup of an unknown vendor: %v", err)
		}
		if pm, err := cards.PaymentMethodOf(ctx, bellID); err != nil || pm.Card != nil || !pm.TestMode {
			t.Fatalf("no card yet: %+v %v", pm, err)
		}

		// 12 saves at once: one card on file, 12 audit entries, 11 replaced cards to detach.
		const n = 12
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				card := payments.SavedCard{CustomerID: payments.BuiltInCardCustomerID(bellID), PaymentMethodID: fmt.Sprintf("pm_builtin_%d", i),
					Brand: "visa", Last4: fmt.Sprintf("%04d", i), ExpMonth: 1, ExpYear: 2030}
				if _, err := cards.SaveCard(ctx, by, bellID, card); err != nil {
					t.Errorf("save %d: %v", i, err)
				}
			}()
		}
		wg.Wait()
		pm, err := cards.PaymentMethodOf(ctx, bellID)
		if err != nil || pm.Card == nil || pm.Card.Brand != "visa" || pm.Card.Provider != payments.NameBuiltIn {
			t.Fatalf("after the saves: %+v %v", pm, err)
		}
		if a := count("SELECT COUNT(*) FROM audit_log WHERE action = ? AND object_id = ? AND actor_id = ?", pointspay.ActionCardSave, bellID, vendorUser); a != n {
			t.Fatalf("%d save audit entries, want %d", a, n)
		}
		if d := count("SELECT COUNT(*) FROM jobs WHERE kind = ?", pointspay.DetachCardKind); d != n-1 {
			t.Fatalf("%d detach jobs, want %d", d, n-1)
		}
		// The card on file saved again: nothing changes.
		onFile, _ := store.NewPointsPay(db).VendorBillingOf(ctx, bellID)
		if _, err := cards.SaveCard(ctx, by, bellID, payments.SavedCard{PaymentMethodID: onFile.StripePaymentMethodID, Brand: "visa", Last4: onFile.CardLast4}); err != nil {
			t.Fatal(err)
		}
		if a := count("SELECT COUNT(*) FROM audit_log WHERE action = ? AND object_id = ?", pointspay.ActionCardSave, bellID); a != n {
			t.Fatalf("saving the same card again was audited: %d", a)
		}

		// A charge that failed is charged by the job the next saved card queues.
		charges := spendBellPoints(t, db, clk, 7)
		c := charges[0]
		c.Status, c.Failure = pointspay.ChargeFailed, "the vendor has no saved payment method"
		if err := store.NewPointsPay(db).SaveVendorCharge(ctx, c); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Bun().NewDelete().Table("jobs").Where("kind = ?", pointspay.ChargeKind).Exec(ctx); err != nil {
			t.Fatal(err) // the charge's own job gave up (dead, or waiting an hour)
		}
		if pm, _ := cards.PaymentMethodOf(ctx, bellID); pm.WaitingCharges != 1 || pm.WaitingCents != 7_00 {
			t.Fatalf("waiting charges %+v", pm)
		}
		for _, pmID := range []string{"pm_builtin_new", "pm_builtin_new", "pm_builtin_newer"} {
			if _, err := cards.SaveCard(ctx, by, bellID, payments.SavedCard{PaymentMethodID: pmID, Brand: "mastercard", Last4: "4444"}); err != nil {
				t.Fatal(err)
			}
		}
		if j := count("SELECT COUNT(*) FROM jobs WHERE kind = ?", pointspay.ChargeKind); j != 2 {
			t.Fatalf("%d charge jobs queued, want 2 (one per new card)", j)
		}
		for range 5 {
			if _, err := runner.RunDue(ctx); err != nil {
				t.Fatal(err)
			}
		}
		got, err := store.NewPointsPay(db).LockVendorCharge(ctx, c.ID)
		if err != nil || got.Status != pointspay.ChargeCharged || got.StripePaymentMethodID == "" || got.Failure != "" {
			t.Fatalf("the failed charge after a card was saved: %+v %v", got, err)
		}
		if pm, _ := cards.PaymentMethodOf(ctx, bellID); pm.WaitingCharges != 0 || pm.Card == nil || pm.Card.Last4 != "4444" {
			t.Fatalf("after the retry: %+v", pm)
		}

		// Remove: audited once, idempotent, the customer kept.
		for range 2 {
			pm, err := cards.Remove(ctx, by, bellID)
			if err != nil || pm.Card != nil {
				t.Fatalf("remove: %+v %v", pm, err)
			}
		}
		if a := count("SELECT COUNT(*) FROM audit_log WHERE action = ? AND object_id = ?", pointspay.ActionCardRemove, bellID); a != 1 {
			t.Fatalf("%d remove audit entries, want 1", a)
		}
		if b, _ := store.NewPointsPay(db).VendorBillingOf(ctx, bellID); b.StripeCustomerID == "" || b.StripePaymentMethodID != "" {
			t.Fatalf("after remove: %+v", b)
		}

		// The built-in card page's save: the owner only, the test numbers' checks, brand and last four.
		exp := clk.Now().AddDate(2, 0, 0).Format("01/06")
		form := pointspay.TestCardForm{Number: "4000 0000 0000 0002", Expiry: exp, CVC: "123", Name: "Jordan Avery"}
		if res, err := cards.SaveTestCard(ctx, vendorUser, "", bellID, form); err != nil || res.OK || !res.Declined {
			t.Fatalf("declined card: %+v %v", res, err)
		}
		form.Number = "5555 5555 5555 4444"
		if _, err := cards.SaveTestCard(ctx, agentID, "", bellID, form); !apperr.IsNotFound(err) {
			t.Fatalf("an agent saved a card for ClosingBell: %v", err)
		}
		if res, err := cards.SaveTestCard(ctx, vendorUser, "", bellID, form); err != nil || !res.OK {
			t.Fatalf("good card: %+v %v", res, err)
		}
		pm, _ = cards.PaymentMethodOf(ctx, bellID)
		if pm.Card == nil || pm.Card.Brand != "mastercard" || pm.Card.Last4 != "4444" || pm.Card.ExpYear != clk.Now().Year()+2 {
			t.Fatalf("test card on file: %+v", pm.Card)
		}
	})
}

// answeringCharger is a provider whose off-session charges answer, in turn, the given errors
// (nil: charged), recording the key of each request.
type answeringCharger struct {
	*payments.BuiltIn
	answers []error
	keys    []string
	cards   []string
}

func (a *answeringCharger) ChargeOffSession(ctx context.Context, c payments.OffSessionCharge) (payments.ChargeResult, error) {
	a.keys, a.cards = append(a.keys, c.Key), append(a.cards, c.PaymentMethodID)
	err := a.answers[0]
	a.answers = a.answers[1:]
	if err != nil {
		return payments.ChargeResult{}, err
	}
	return a.BuiltIn.ChargeOffSession(ctx, c)
}

// TestF_PAY_07_VendorChargeKeyMovesOnOnlyAfterADecline: a point charge's key at the provider
// stays the same across retries after an error without an answer, with the card it was tried on
// even when the vendor saved another since (the payment may have gone through: the provider
// must answer that one, not charge again), and moves on after each decline, to the card on file
// (the provider replays a saved decline under its key), on both engines.
func TestF_PAY_07_VendorChargeKeyMovesOnOnlyAfterADecline(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		logger := slog.New(slog.NewTextHandler(io.Discard, nil))
		runner := jobs.NewRunner(store.NewJobs(db), clk.Now, logger, jobs.Config{})
		declined := fmt.Errorf("stripe off-session charge: %w: card_error", payments.ErrCardDeclined)
		charger := &answeringCharger{BuiltIn: &payments.BuiltIn{BaseURL: "http://circle.test", PortalKey: []byte("k"), Now: clk.Now},
			answers: []error{declined, fmt.Errorf("stripe off-session charge: connection reset"), declined, nil}}
		ledger := &pointspay.Ledger{Store: store.NewPointsPay(db), Jobs: runner, Payments: charger, Now: clk.Now, Logger: logger}
		cards := &pointspay.Cards{Store: store.NewVendorCardStore(db), Payments: charger.BuiltIn, Jobs: runner, Now: clk.Now, Logger: logger, BaseURL: "http://circle.test"}
		pointspay.RegisterJobs(runner, ledger)
		pointspay.RegisterCardJobs(runner, cards)
		saveCard := func(pm string) {
			t.Helper()
			if _, err := cards.SaveCard(ctx, audit.Actor{UserID: vendorUser}, bellID, payments.SavedCard{PaymentMethodID: pm, Brand: "visa", Last4: "4242"}); err != nil {
				t.Fatal(err)
			}
		}
		saveCard("pm_a")
		c := spendBellPoints(t, db, clk, 3)[0]
		_ = ledger.Charge(ctx, c.ID) // declined on card a
		_ = ledger.Charge(ctx, c.ID) // no answer on card a
		saveCard("pm_b")
		_ = ledger.Charge(ctx, c.ID) // the same key on card a: declined
		_ = ledger.Charge(ctx, c.ID) // charged on card b
		want := []string{c.ID, c.ID + "-after-1-declines", c.ID + "-after-1-declines", c.ID + "-after-2-declines"}
		if fmt.Sprint(charger.keys) != fmt.Sprint(want) || fmt.Sprint(charger.cards) != "[pm_a pm_a pm_a pm_b]" {
			t.Fatalf("provider keys %v on cards %v, want %v on [pm_a pm_a pm_a pm_b]", charger.keys, charger.cards, want)
		}
		got, err := store.NewPointsPay(db).LockVendorCharge(ctx, c.ID)
		if err != nil || got.Status != pointspay.ChargeCharged || got.Declines != 2 || got.Attempts != 4 {
			t.Fatalf("the charge after two declines and an error: %+v %v", got, err)
		}
		// Charged: a late run of its job asks the provider nothing.
		if err := ledger.Charge(ctx, c.ID); err != nil || len(charger.keys) != 4 {
			t.Fatalf("a charged charge was charged again: %v %v", charger.keys, err)
		}
	})
}
