package points_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"circle/internal/apperr"
	"circle/internal/clocktest"
	"circle/internal/demo"
	"circle/internal/demo/demotest"
	"circle/internal/jobs"
	"circle/internal/points"
	"circle/internal/store"
)

// F-PAY-07: the recurring expiry job, run by the jobs runner on a fake clock (no sleeping),
// closes pro@demo.test's ClosingBell allocation 20 days after the demo loads: the summary
// drops by what was left of it, the allocation shows expired and the history ends with its
// expiry row. Running the job again changes nothing.
func TestF_PAY_07_ExpiryJob(t *testing.T) {
	demotest.EachOnClock(t, time.Date(2026, 3, 2, 15, 4, 5, 0, time.UTC), func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		logger := slog.New(slog.NewTextHandler(io.Discard, nil))
		svc := &points.Service{Store: store.NewPoints(db), Now: clk.Now, Logger: logger}
		runner := jobs.NewRunner(store.NewJobs(db), clk.Now, logger, jobs.Config{})
		points.RegisterJobs(runner, svc)

		sum, err := svc.Summary(ctx, demo.WalletProAgent)
		if err != nil || sum.TotalAvailablePoints != 2500 || sum.TotalDollarValueCents != 2500_00 {
			t.Fatalf("summary %+v %v", sum, err)
		}
		clk.Advance(21 * 24 * time.Hour)
		if _, err := runner.RunDue(ctx); err != nil {
			t.Fatal(err)
		}
		sum, err = svc.Summary(ctx, demo.WalletProAgent)
		if err != nil || sum.TotalAvailablePoints != 1500 {
			t.Fatalf("after ClosingBell's end: %+v %v", sum, err)
		}
		expired := 0
		for _, a := range sum.Allocations {
			if a.Status == points.StatusExpired {
				expired++
				if a.RemainingPoints != 0 || a.Usable {
					t.Fatalf("expired allocation still holds points: %+v", a)
				}
			}
		}
		if expired != 2 {
			t.Fatalf("%d expired allocations, want 2: %+v", expired, sum.Allocations)
		}
		hist, err := svc.History(ctx, demo.WalletProAgent)
		if err != nil || hist[0].Reason != points.ReasonExpiry || hist[0].DeltaPoints != -1000 || hist[0].VendorName == "" {
			t.Fatalf("history head %+v %v", hist[0], err)
		}
		clk.Advance(time.Hour)
		if _, err := runner.RunDue(ctx); err != nil {
			t.Fatal(err)
		}
		if again, _ := svc.History(ctx, demo.WalletProAgent); len(again) != len(hist) {
			t.Fatalf("second run wrote %d rows", len(again)-len(hist))
		}
	})
}

// F-PAY-07: bad spends are refused with a 4xx naming the field, and nothing is written.
func TestF_PAY_07_SpendValidation(t *testing.T) {
	svc := &points.Service{Store: nil, Now: time.Now}
	for _, c := range []struct {
		req   points.SpendRequest
		field string
	}{
		{points.SpendRequest{AgentID: "a", Points: 0, Key: "k"}, "points"},
		{points.SpendRequest{AgentID: "a", Points: -5, Key: "k"}, "points"},
		{points.SpendRequest{AgentID: "a", Points: points.MaxSpend + 1, Key: "k"}, "points"},
		{points.SpendRequest{AgentID: "a", Points: 5, Key: "  "}, "idempotency_key"},
	} {
		_, err := svc.Spend(context.Background(), c.req)
		e, ok := apperr.As(err)
		if !ok || e.Code != apperr.Invalid || e.Fields[0].Field != c.field {
			t.Fatalf("%+v: %v, want invalid %s", c.req, err, c.field)
		}
	}
}

// F-PAY-07: a grant needs positive points, a vendor and an end after its start.
func TestF_PAY_07_GrantValidation(t *testing.T) {
	svc := &points.Service{Store: nil, Now: time.Now}
	now := time.Now()
	for _, c := range []struct {
		a     points.Allocation
		field string
	}{
		{points.Allocation{AgentID: "a", VendorID: "v", Points: 0, StartDate: now, EndDate: now.Add(time.Hour)}, "points"},
		{points.Allocation{AgentID: "a", VendorID: "", Points: 5, StartDate: now, EndDate: now.Add(time.Hour)}, "vendor_id"},
		{points.Allocation{AgentID: "a", VendorID: "v", Points: 5, StartDate: now, EndDate: now}, "end_date"},
	} {
		_, err := svc.Grant(context.Background(), c.a)
		e, ok := apperr.As(err)
		if !ok || e.Code != apperr.Invalid || e.Fields[0].Field != c.field {
			t.Fatalf("%+v: %v, want invalid %s", c.a, err, c.field)
		}
	}
}
