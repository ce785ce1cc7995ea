package pointspay_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"circle/internal/billing"
	"circle/internal/cart"
	"circle/internal/catalog"
	"circle/internal/checkout"
	"circle/internal/clocktest"
	"circle/internal/demo"
	"circle/internal/demo/demotest"
	"circle/internal/jobs"
	"circle/internal/payments"
	"circle/internal/payments/paymentstest"
	"circle/internal/pointspay"
	"circle/internal/racetest"
	"circle/internal/respa"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

// coPaysAtOnce runs n co-pays at the same moment, the i-th with input(i), and returns their
// results in order, failing the test on any error: the races that must never overdraw an
// allocation or make a second request.
func coPaysAtOnce(t *testing.T, ctx context.Context, cp *pointspay.CoPay, n int, input func(i int) pointspay.CoPayInput) []pointspay.CoPayResult {
	t.Helper()
	results, errs := racetest.RunErr(n, func(i int) (pointspay.CoPayResult, error) { return cp.Process(ctx, input(i)) })
	for i, err := range errs {
		if err != nil {
			t.Fatalf("co-pay %d (key %q): %v", i, input(i).Key, err)
		}
	}
	return results
}

func pct(v int) *int { return &v }

// TestF_PAY_04_CoPayCoverageKinds: spec 02-catalogue-and-buying.md line 152 ("the vendor share
// is retail times the max vendor split percent. If points cover it, the kind is full_coverage;
// if some points, partial_coverage (points plus a vendor request for the remainder); otherwise
// vendor_only"), line 216 (process_automatic_copay) and line 169 (an SSP partner is capped
// lower than a non-SSP one).
func TestF_PAY_04_CoPayCoverageKinds(t *testing.T) {
	svc := catalog.Service{CopayAllowed: true, SSPAllowed: true, MaxVendorSplitPercentage: pct(50)}
	lender := catalog.Vendor{Name: "Harborline", VendorType: "mortgage_lender"}
	stager := catalog.Vendor{Name: "Stagecraft", VendorType: "stager"}
	for _, c := range []struct {
		name                 string
		partner              catalog.Vendor
		points               int64
		kind                 string
		split                int
		share, used, request int64
	}{
		{"line 152: points cover the share (full_coverage)", stager, 200, respa.FullCoverage, 50, 150_00, 150, 0},
		{"line 152: some points, a request for the rest (partial_coverage)", stager, 100, respa.PartialCoverage, 50, 150_00, 100, 50_00},
		{"line 152: no points, a request only (vendor_only)", stager, 0, respa.VendorOnly, 50, 150_00, 0, 150_00},
		{"line 169: an SSP partner is capped at 20%", lender, 1000, respa.FullCoverage, 20, 60_00, 60, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := pointspay.Plan(svc, c.partner, 300_00, c.points)
			if b.CoverageKind != c.kind || b.SplitPercent != c.split || b.VendorShareCents != c.share || b.PointsUsable != c.used || b.RequestCents != c.request {
				t.Fatalf("Plan: %+v", b)
			}
		})
	}
	if b := pointspay.Plan(catalog.Service{}, stager, 300_00, 500); b.CoverageKind != respa.NoCoverage {
		t.Fatalf("no co-pay on the service: %+v", b)
	}
}

type fakeRequester struct {
	mu    sync.Mutex
	calls []pointspay.RemainderRequest
	fail  bool
}

func (f *fakeRequester) RequestRemainder(_ context.Context, r pointspay.RemainderRequest) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, r)
	if f.fail {
		return "", errors.New("co-pay insert failed")
	}
	return "cpr-" + r.Key, nil
}

const svcHDR = "svc-listingloop-hdr-photos" // retail $225

// TestF_PAY_04_AutomaticCoPay runs process_automatic_copay on both databases for pro@demo.test
// (Harborline, an SSP: 1,500 points; ClosingBell, not an SSP: 1,000 points) on a $225 service
// open to co-pay: Harborline's 20% ($45) is full_coverage paid with 45 points and charged to
// Harborline; the same key answers the same; ClosingBell's 70% ($157.50) is partial_coverage,
// 157 points plus a request for $0.50; a vendor without points is vendor_only; a request that
// fails falls through to normal checkout with the points given back. Checkout then takes the
// 45 points off the agent's line; a refund of that order gives them back once.
func TestF_PAY_04_AutomaticCoPay(t *testing.T) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			ctx := context.Background()
			clk := clocktest.New(time.Now().UTC().Truncate(time.Second))
			db := demotest.Open(t, kind, clk)
			if _, err := db.Bun().NewRaw(`UPDATE services SET copay_allowed = ?, ssp_allowed = ?, respa_split_limit = NULL, max_split_percentage_ssp = NULL,
				max_split_percentage_non_ssp = NULL, max_vendor_split_percentage = NULL, co_pay_price_cents = NULL WHERE id = ?`, true, true, svcHDR).Exec(ctx); err != nil {
				t.Fatal(err)
			}
			logger := slog.New(slog.NewTextHandler(io.Discard, nil))
			runner := jobs.NewRunner(store.NewJobs(db), clk.Now, logger, jobs.Config{})
			ledger := &pointspay.Ledger{Store: store.NewPointsPay(db), Jobs: runner, Payments: &payments.BuiltIn{}, Now: clk.Now, Logger: logger}
			pointspay.RegisterJobs(runner, ledger)
			req := &fakeRequester{}
			cp := &pointspay.CoPay{Store: store.NewAutoCoPayStore(db), Ledger: ledger, Requester: req, Now: clk.Now, Logger: logger}
			agent := demo.WalletProAgent
			bal := func() int64 { b, _ := store.NewPoints(db).PointsBalance(ctx, agent); return b }

			full, err := cp.Process(ctx, pointspay.CoPayInput{AgentID: agent, ServiceID: svcHDR, VendorID: "ven-harborline", Key: "k-full"})
			if err != nil || !full.Success || full.Title != pointspay.TitleCoPayProcessed || full.CoPay.CoverageKind != respa.FullCoverage ||
				full.CoPay.PointsUsed != 45 || full.CoPay.SpendID == "" || len(req.calls) != 0 || bal() != 2500-45 {
				t.Fatalf("full coverage: %+v %v, balance %d", full, err, bal())
			}
			again, err := cp.Process(ctx, pointspay.CoPayInput{AgentID: agent, ServiceID: svcHDR, VendorID: "ven-harborline", Key: "k-full"})
			if err != nil || !again.Replayed || again.CoPay.ID != full.CoPay.ID || bal() != 2500-45 {
				t.Fatalf("replay: %+v %v", again, err)
			}
			if _, err := runner.RunDue(ctx); err != nil {
				t.Fatal(err)
			}
			charges, _ := store.NewPointsPay(db).SpendCharges(ctx, full.CoPay.SpendID)
			if len(charges) != 1 || charges[0].VendorID != "ven-harborline" || charges[0].AmountCents != 45_00 || charges[0].Status != pointspay.ChargeCharged {
				t.Fatalf("Harborline's charge: %+v", charges)
			}

			partial, err := cp.Process(ctx, pointspay.CoPayInput{AgentID: agent, ServiceID: svcHDR, VendorID: "ven-closingbell", Key: "k-partial"})
			if err != nil || partial.Title != pointspay.TitleCoPayRequestSent || partial.CoPay.CoverageKind != respa.PartialCoverage ||
				partial.CoPay.PointsUsed != 157 || partial.CoPay.RequestCents != 50 || partial.CoPay.RequestID != "cpr-copay:k-partial" || len(req.calls) != 1 {
				t.Fatalf("partial coverage: %+v %v", partial, err)
			}
			other := ""
			if err := db.Bun().NewRaw("SELECT id FROM vendors WHERE id NOT IN ('ven-harborline', 'ven-closingbell') AND vendor_type = 'stager' ORDER BY id LIMIT 1").Scan(ctx, &other); err != nil {
				t.Fatal(err)
			}
			only, err := cp.Process(ctx, pointspay.CoPayInput{AgentID: agent, ServiceID: svcHDR, VendorID: other, Key: "k-only"})
			if err != nil || only.CoPay.CoverageKind != respa.VendorOnly || only.CoPay.PointsUsed != 0 || only.CoPay.RequestCents != 157_50 || len(req.calls) != 2 {
				t.Fatalf("vendor only: %+v %v", only, err)
			}

			before := bal()
			req.fail = true
			failed, err := cp.Process(ctx, pointspay.CoPayInput{AgentID: agent, ServiceID: svcHDR, VendorID: "ven-closingbell", Key: "k-fail"})
			if err != nil || failed.Success || !failed.FellThrough || failed.Title != pointspay.TitleRedirecting || bal() != before {
				t.Fatalf("fall-through: %+v %v, balance %d want %d", failed, err, bal(), before)
			}
			if _, err := cp.Process(ctx, pointspay.CoPayInput{AgentID: agent, ServiceID: "", VendorID: "", Key: ""}); err == nil {
				t.Fatal("an empty request was processed")
			}

			// Checkout takes the oldest co-pay's points (Harborline's 45) off the $225 line; ClosingBell's waits for another line.
			fake := &paymentstest.Fake{T: t, ProviderName: payments.NameStripe}
			b := &billing.Service{Store: store.NewBillingStore(db), Payments: fake, Now: clk.Now, Logger: logger}
			co := &checkout.Service{Store: store.NewCheckoutStore(db), Payments: fake, Memberships: b, Jobs: runner, Now: clk.Now, Logger: logger, BaseURL: "http://circle.test", Points: ledger}
			checkout.RegisterJobs(runner, co)
			price := int64(225_00)
			carts := &cart.Service{Store: store.NewCartStore(db), Now: clk.Now}
			if _, err := carts.Add(ctx, cart.Shopper{UserID: agent, Pro: true}, cart.AddRequest{ServiceID: svcHDR, PriceCents: &price, Coverage: cart.CoverageRetail}, nil); err != nil {
				t.Fatal(err)
			}
			c, err := co.CreateCheckout(ctx, checkout.Buyer{UserID: agent, Pro: true})
			if err != nil || c.Order.TotalCents != 225_00-45_00 || c.Order.Items[0].PointsCoPayID != full.CoPay.ID || c.Order.Items[0].PointsUSDCents != 45_00 {
				t.Fatalf("checkout with the co-pay: %+v %v", c.Order, err)
			}
			if _, err := co.ApplyEvent(ctx, payments.Fact{EventID: "evt_paid", Type: "checkout.session.completed", Created: clk.Now(), SessionID: c.SessionID,
				Kind: "order", Ref: c.Order.ID, Outcome: payments.OutcomePaid, PaymentIntentID: "pi_1"}); err != nil {
				t.Fatal(err)
			}
			before = bal()
			for _, id := range []string{"evt_r1", "evt_r2"} {
				if _, err := co.ApplyEvent(ctx, payments.Fact{EventID: id, Type: "charge.refunded", Created: clk.Now(), Outcome: payments.OutcomeRefunded, PaymentIntentID: "pi_1"}); err != nil {
					t.Fatal(err)
				}
			}
			if bal() != before+45 {
				t.Fatalf("balance %d after the refund, want %d", bal(), before+45)
			}
			if prior, _ := store.NewPointsPay(db).AutomaticCoPayByKey(ctx, agent, "k-full"); prior.Status != pointspay.CoPayReleased || prior.OrderID != c.Order.ID {
				t.Fatalf("co-pay after the refund: %+v", prior)
			}
		})
	}
}

// TestF_PAY_04_ConcurrentCoPaysNeverOverdraw: 12 automatic co-pays with different keys, all at
// once, against ClosingBell's 1,000 points (157 each): at most 6 spend, the others fall through
// to normal checkout with nothing spent; ClosingBell's allocation never goes below zero and the
// ledger agrees with the co-pays recorded (both databases).
func TestF_PAY_04_ConcurrentCoPaysNeverOverdraw(t *testing.T) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			ctx := context.Background()
			clk := clocktest.New(time.Now().UTC().Truncate(time.Second))
			db := demotest.Open(t, kind, clk)
			if _, err := db.Bun().NewRaw(`UPDATE services SET copay_allowed = ?, respa_split_limit = NULL, max_split_percentage_non_ssp = NULL,
				max_vendor_split_percentage = NULL, co_pay_price_cents = NULL WHERE id = ?`, true, svcHDR).Exec(ctx); err != nil {
				t.Fatal(err)
			}
			logger := slog.New(slog.NewTextHandler(io.Discard, nil))
			runner := jobs.NewRunner(store.NewJobs(db), clk.Now, logger, jobs.Config{})
			ledger := &pointspay.Ledger{Store: store.NewPointsPay(db), Jobs: runner, Payments: &payments.BuiltIn{}, Now: clk.Now, Logger: logger}
			pointspay.RegisterJobs(runner, ledger)
			cp := &pointspay.CoPay{Store: store.NewAutoCoPayStore(db), Ledger: ledger, Requester: &fakeRequester{}, Now: clk.Now, Logger: logger}
			results := coPaysAtOnce(t, ctx, cp, 12, func(i int) pointspay.CoPayInput {
				return pointspay.CoPayInput{AgentID: demo.WalletProAgent, ServiceID: svcHDR, VendorID: "ven-closingbell", Key: "k-" + string(rune('a'+i))}
			})
			var spent int64
			for _, r := range results {
				if r.Success {
					spent += r.CoPay.PointsUsed
				}
			}
			allocs, err := store.NewPoints(db).PointsAllocations(ctx, demo.WalletProAgent)
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range allocs {
				if a.RemainingPoints < 0 {
					t.Fatalf("allocation overdrawn: %+v", a)
				}
				if a.VendorID == "ven-closingbell" && a.Usable && a.RemainingPoints != 1000-spent {
					t.Fatalf("ClosingBell has %d left, co-pays spent %d of 1,000", a.RemainingPoints, spent)
				}
			}
			if spent == 0 || spent > 1000 {
				t.Fatalf("spent %d: %s %s", spent, results[0].CoPay.Status, results[0].CoPay.Failure)
			}
		})
	}
}
