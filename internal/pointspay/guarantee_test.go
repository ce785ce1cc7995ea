package pointspay_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"circle/internal/clocktest"
	"circle/internal/demo"
	"circle/internal/demo/demotest"
	"circle/internal/ids"
	"circle/internal/jobs"
	"circle/internal/pointspay"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

// TestF_PAY_09_ShortfallRule: spec 02-catalogue-and-buying.md line 268 ("Pro Savings
// Guarantee: if first-month Pro credits and coverage fall below the membership fee, the
// difference is credited as marketplace credit"), kept per membership year: value = Pro
// savings + points used + co-pay coverage; the shortfall is credited as points, rounded up.
func TestF_PAY_09_ShortfallRule(t *testing.T) {
	for _, c := range []struct {
		name      string
		f         pointspay.GuaranteeFigures
		cents, pt int64
	}{
		{"no value at all: the whole fee", pointspay.GuaranteeFigures{FeeUSDCents: 1188_00}, 1188_00, 1188},
		{"savings, points and coverage count", pointspay.GuaranteeFigures{FeeUSDCents: 1188_00, ProSavingsUSDCents: 400_00, PointsUSDCents: 300_00, CoverageUSDCents: 200_00}, 288_00, 288},
		{"a shortfall in cents rounds up to a whole point", pointspay.GuaranteeFigures{FeeUSDCents: 99_00, ProSavingsUSDCents: 36_50}, 62_50, 63},
		{"value equal to the fee: nothing", pointspay.GuaranteeFigures{FeeUSDCents: 99_00, ProSavingsUSDCents: 99_00}, 0, 0},
		{"value above the fee: nothing", pointspay.GuaranteeFigures{FeeUSDCents: 99_00, CoverageUSDCents: 500_00}, 0, 0},
		{"negative figures count as 0", pointspay.GuaranteeFigures{FeeUSDCents: 10_00, ProSavingsUSDCents: -50_00}, 10_00, 10},
	} {
		t.Run(c.name, func(t *testing.T) {
			if cents, pt := pointspay.Shortfall(c.f); cents != c.cents || pt != c.pt {
				t.Fatalf("Shortfall(%+v) = %d, %d; want %d, %d", c.f, cents, pt, c.cents, c.pt)
			}
		})
	}
	start := time.Date(2025, 1, 31, 10, 0, 0, 0, time.UTC)
	if ys := pointspay.MembershipYears("u", "s", start, nil, start.AddDate(1, 0, 0).Add(-time.Second)); len(ys) != 0 {
		t.Fatalf("a year not over yet: %+v", ys)
	}
	if ys := pointspay.MembershipYears("u", "s", start, nil, start.AddDate(2, 0, 1)); len(ys) != 2 || !ys[1].Start.Equal(start.AddDate(1, 0, 0)) {
		t.Fatalf("two years: %+v", ys)
	}
	ended := start.AddDate(1, 6, 0)
	if ys := pointspay.MembershipYears("u", "s", start, &ended, start.AddDate(3, 0, 0)); len(ys) != 1 {
		t.Fatalf("a member who left in year 2 gets year 1 only: %+v", ys)
	}
}

// TestF_PAY_09_GuaranteeJob: pro@demo.test's membership (two paid $99 invoices, nothing bought
// at Pro prices or with points) reaches the end of its first year on the fake clock; the job,
// run by the jobs runner, credits the $198 shortfall as 198 points once, shown in the wallet
// history; running it again credits nothing more.
func TestF_PAY_09_GuaranteeJob(t *testing.T) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			ctx := context.Background()
			clk := clocktest.New(time.Date(2026, 3, 2, 15, 4, 5, 0, time.UTC))
			db := demotest.Open(t, kind, clk)
			logger := slog.New(slog.NewTextHandler(io.Discard, nil))
			runner := jobs.NewRunner(store.NewJobs(db), clk.Now, logger, jobs.Config{})
			g := &pointspay.Guarantee{Store: store.NewPointsPay(db), Now: clk.Now, Logger: logger, NewID: ids.New}
			pointspay.RegisterGuarantee(runner, g)
			before, _ := store.NewPoints(db).PointsBalance(ctx, demo.WalletProAgent)

			if _, err := runner.RunDue(ctx); err != nil {
				t.Fatal(err)
			}
			if cs, _ := store.NewPointsPay(db).GuaranteeCredits(ctx, demo.WalletProAgent); len(cs) != 0 {
				t.Fatalf("credited before the year ended: %+v", cs)
			}
			clk.Advance(365 * 24 * time.Hour)
			for range 2 {
				if _, err := runner.RunDue(ctx); err != nil {
					t.Fatal(err)
				}
				clk.Advance(2 * time.Hour)
			}
			cs, err := store.NewPointsPay(db).GuaranteeCredits(ctx, demo.WalletProAgent)
			if err != nil || len(cs) != 1 {
				t.Fatalf("guarantee years %+v %v, want 1", cs, err)
			}
			c := cs[0]
			if c.FeeUSDCents != 198_00 || c.ShortfallUSDCents != 198_00-c.ProSavingsUSDCents-c.PointsUSDCents || c.Points != (c.ShortfallUSDCents+99)/100 || c.Points == 0 {
				t.Fatalf("guarantee year %+v", c)
			}
			hist, err := store.NewPoints(db).PointsHistory(ctx, demo.WalletProAgent, 100)
			credits := 0
			for _, e := range hist {
				if e.Reason == pointspay.ReasonGuarantee {
					credits++
					if e.DeltaPoints != c.Points {
						t.Fatalf("history row %+v, want %d points", e, c.Points)
					}
				}
			}
			if err != nil || credits != 1 {
				t.Fatalf("%d guarantee rows in the history (%v), want 1", credits, err)
			}
			// The demo's allocations have all ended a year later: only unallocated points are left.
			after, _ := store.NewPoints(db).PointsBalance(ctx, demo.WalletProAgent)
			if after < c.Points || before == 0 {
				t.Fatalf("balance %d after the credit of %d", after, c.Points)
			}
		})
	}
}
