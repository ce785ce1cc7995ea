package store_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"circle/internal/account"
	"circle/internal/apperr"
	"circle/internal/clocktest"
	"circle/internal/idempotency"
	"circle/internal/ids"
	"circle/internal/points"
	"circle/internal/racetest"
	"circle/internal/store"
)

func newPointsAgent(t *testing.T, db *store.DB) string {
	t.Helper()
	return newUser(t, db, ids.New()+"@example.com", account.Profile{DisplayName: "Wallet"}).ID
}

func grant(t *testing.T, db *store.DB, agent, vendor string, n int64, start, end time.Time) points.Allocation {
	t.Helper()
	a, created, err := store.NewPoints(db).GrantPoints(context.Background(), points.Allocation{AgentID: agent, VendorID: vendor, Points: n, StartDate: start, EndDate: end})
	if err != nil || !created {
		t.Fatalf("grant: created=%v err=%v", created, err)
	}
	return a
}

// ledgerSum is the plain sum of every ledger row of the user (expired allocations included:
// their expiry rows bring them to zero).
func ledgerSum(t *testing.T, db *store.DB, user string) int64 {
	t.Helper()
	return scanOne[int64](t, db, "SELECT COALESCE(SUM(delta_points), 0) FROM points_ledger WHERE user_id = ?", user)
}

// F-PAY-07 (issue 15 acceptance, quality.md Money and points): 100 simultaneous spends of the
// same amount against one allocation give exactly floor(balance/amount) successes, the rest
// are refused with Insufficient Balance naming the field, the balance never goes below zero,
// the ledger sums to the shown balance, and a repeated key spends once.
func TestF_PAY_07_ConcurrentSpendsAgainstOneAllocation(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		agent := newPointsAgent(t, db)
		now := clk.Now()
		grant(t, db, agent, bellID, 1000, now.Add(-time.Hour), now.Add(30*24*time.Hour))
		const amount, n = 30, 100
		ok, refused := 0, 0
		var other []error
		for _, err := range racetest.Run(n, func(i int) error {
			_, err := store.NewPoints(db).SpendPoints(ctx, points.SpendRequest{AgentID: agent, Points: amount, Key: fmt.Sprintf("k-%d", i)})
			return err
		}) {
			e, isApp := apperr.As(err)
			switch {
			case err == nil:
				ok++
			case isApp && e.Code == apperr.Invalid && len(e.Fields) == 1 && e.Fields[0].Field == "points" && e.Message == "Insufficient Balance":
				refused++
			default:
				other = append(other, err)
			}
		}
		if len(other) > 0 {
			t.Fatalf("unexpected errors: %v", other[0])
		}
		if ok != 1000/amount || refused != n-1000/amount {
			t.Fatalf("successes %d refused %d, want %d and %d", ok, refused, 1000/amount, n-1000/amount)
		}
		bal, err := store.NewPoints(db).PointsBalance(ctx, agent)
		if err != nil || bal != 1000%amount || bal < 0 {
			t.Fatalf("balance %d %v, want %d", bal, err, 1000%amount)
		}
		if sum := ledgerSum(t, db, agent); sum != bal {
			t.Fatalf("ledger sum %d != shown balance %d", sum, bal)
		}
		// The same key, sent 10 times at once after the fact, spends once more at most.
		grant(t, db, agent, bellID, 100, now.Add(-time.Hour), now.Add(time.Hour))
		var replays sync.WaitGroup
		spends := make(chan points.SpendResult, 10)
		for i := 0; i < 10; i++ {
			replays.Add(1)
			go func() {
				defer replays.Done()
				r, err := store.NewPoints(db).SpendPoints(ctx, points.SpendRequest{AgentID: agent, Points: 40, Key: "same"})
				if err != nil {
					t.Error(err)
				}
				spends <- r
			}()
		}
		replays.Wait()
		close(spends)
		fresh, id := 0, ""
		for r := range spends {
			if !r.Replayed {
				fresh++
			}
			if id != "" && r.Spend.ID != id {
				t.Fatalf("replay returned another spend %s != %s", r.Spend.ID, id)
			}
			id = r.Spend.ID
		}
		if fresh != 1 {
			t.Fatalf("%d spends recorded for one key, want 1", fresh)
		}
		if bal, _ := store.NewPoints(db).PointsBalance(ctx, agent); bal != 1000%amount+100-40 {
			t.Fatalf("balance after keyed spend: %d", bal)
		}
		// The same key with another amount is refused, naming the key: the one rule of every
		// idempotency key, a 409 (issue 27 item 3).
		_, err = store.NewPoints(db).SpendPoints(ctx, points.SpendRequest{AgentID: agent, Points: 41, Key: "same"})
		if e, ok := apperr.As(err); !ok || e.Code != apperr.Conflict || len(e.Fields) != 1 || e.Fields[0].Field != "idempotency_key" ||
			e.Fields[0].Key != idempotency.KeyReused {
			t.Fatalf("reused key: %v", err)
		}
	})
}

// F-PAY-07: spends draw the soonest-expiring allocation first (of one vendor when asked),
// then points not tied to an allocation; a reversal gives each part back once; the expiry job
// closes what is left after the end date once, and the balance stops counting a lapsed
// allocation before the job runs.
func TestF_PAY_07_SpendOrderReversalAndExpiry(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		agent := newPointsAgent(t, db)
		now := clk.Now()
		day := 24 * time.Hour
		late := grant(t, db, agent, bellID, 100, now.Add(-day), now.Add(60*day))
		soon := grant(t, db, agent, "ven-harborline", 50, now.Add(-day), now.Add(10*day))
		future := grant(t, db, agent, bellID, 500, now.Add(5*day), now.Add(90*day))
		if _, err := store.NewPoints(db).AddPoints(ctx, agent, 20, "award", "a-1"); err != nil {
			t.Fatal(err)
		}
		if bal, _ := store.NewPoints(db).PointsBalance(ctx, agent); bal != 170 {
			t.Fatalf("balance %d, want 170 (the future allocation does not count yet)", bal)
		}
		// A retried grant with the same reference is recorded once.
		a1, c1, err := store.NewPoints(db).GrantPoints(ctx, points.Allocation{AgentID: agent, VendorID: bellID, Points: 5, StartDate: now, EndDate: now.Add(day), Reference: "campaign"})
		a2, c2, err2 := store.NewPoints(db).GrantPoints(ctx, points.Allocation{AgentID: agent, VendorID: bellID, Points: 5, StartDate: now, EndDate: now.Add(day), Reference: "campaign"})
		if err != nil || err2 != nil || !c1 || c2 || a1.ID != a2.ID {
			t.Fatalf("retried grant: %v %v %v %v", c1, c2, err, err2)
		}
		// 60 points: 5 from the campaign (ends first), 50 from soon, 5 from late.
		s, err := store.NewPoints(db).SpendPoints(ctx, points.SpendRequest{AgentID: agent, Points: 60, Key: "order-1"})
		if err != nil {
			t.Fatal(err)
		}
		rem := remaining(t, db, agent)
		if rem[a1.ID] != 0 || rem[soon.ID] != 0 || rem[late.ID] != 95 || rem[future.ID] != 500 {
			t.Fatalf("remaining after spend: %v", rem)
		}
		// Only Harborline's points, and it has none left.
		if _, err := store.NewPoints(db).SpendPoints(ctx, points.SpendRequest{AgentID: agent, Points: 1, VendorID: "ven-harborline", Key: "order-2"}); apperr.CodeOf(err) != apperr.Invalid {
			t.Fatalf("vendor spend without points: %v", err)
		}
		// 115 = 95 of late + 20 unallocated.
		if _, err := store.NewPoints(db).SpendPoints(ctx, points.SpendRequest{AgentID: agent, Points: 115, Key: "order-3"}); err != nil {
			t.Fatal(err)
		}
		if bal, _ := store.NewPoints(db).PointsBalance(ctx, agent); bal != 0 {
			t.Fatalf("balance %d, want 0", bal)
		}
		for i := 0; i < 2; i++ { // the second reversal changes nothing
			r, err := store.NewPoints(db).ReverseSpend(ctx, agent, s.Spend.ID)
			if err != nil || r.ReversedAt == nil {
				t.Fatalf("reverse: %v", err)
			}
		}
		if bal, _ := store.NewPoints(db).PointsBalance(ctx, agent); bal != 60 {
			t.Fatalf("balance after reversal %d, want 60", bal)
		}
		// Another agent cannot reverse it.
		if _, err := store.NewPoints(db).ReverseSpend(ctx, newPointsAgent(t, db), s.Spend.ID); !apperr.IsNotFound(err) {
			t.Fatalf("foreign reversal: %v", err)
		}
		// Day 11: soon (50 back from the reversal) and the campaign lapse. The balance drops at
		// once; the job then writes the expiry rows, once.
		clk.Advance(11 * day)
		if bal, _ := store.NewPoints(db).PointsBalance(ctx, agent); bal != 505 {
			t.Fatalf("balance after lapse %d, want 505 (late's refunded 5 and future, started on day 5)", bal)
		}
		for i, want := range []int{2, 0} {
			n, err := store.NewPoints(db).ExpirePointAllocations(ctx, clk.Now())
			if err != nil || n != want {
				t.Fatalf("expiry run %d: %d %v, want %d", i, n, err, want)
			}
		}
		if bal, _ := store.NewPoints(db).PointsBalance(ctx, agent); bal != 505 || ledgerSum(t, db, agent) != 505 {
			t.Fatalf("balance %d ledger %d, want 505 (future started)", bal, ledgerSum(t, db, agent))
		}
		hist, err := store.NewPoints(db).PointsHistory(ctx, agent, 50)
		if err != nil || len(hist) == 0 || hist[0].Reason != points.ReasonExpiry {
			t.Fatalf("history: %v %+v", err, hist)
		}
	})
}

func remaining(t *testing.T, db *store.DB, agent string) map[string]int64 {
	t.Helper()
	rows, err := store.NewPoints(db).PointsAllocations(context.Background(), agent)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int64{}
	for _, r := range rows {
		out[r.ID] = r.RemainingPoints
	}
	return out
}

// F-PAY-07 demo data (issue 15 item 8): pro@demo.test has allocations from two vendors, an
// expired one and a history with a spend and a refunded spend; the 2,500 points it always
// showed are now the sum of that ledger.
func TestF_PAY_07_DemoWallet(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		bal, err := store.NewPoints(db).PointsBalance(ctx, proID)
		if err != nil || bal != 2500 || ledgerSum(t, db, proID) != 2500 {
			t.Fatalf("pro balance %d %v, ledger %d; want 2500", bal, err, ledgerSum(t, db, proID))
		}
		allocs, err := store.NewPoints(db).PointsAllocations(ctx, proID)
		if err != nil {
			t.Fatal(err)
		}
		vendors, usable, expired := map[string]bool{}, 0, 0
		for _, a := range allocs {
			vendors[a.VendorName] = true
			if a.Usable {
				usable++
			}
			if a.Status == points.StatusExpired {
				expired++
			}
		}
		if len(allocs) != 3 || usable != 2 || expired != 1 || !vendors["Harborline Home Loans"] || len(vendors) != 2 {
			t.Fatalf("allocations: %+v", allocs)
		}
		hist, err := store.NewPoints(db).PointsHistory(ctx, proID, 100)
		if err != nil {
			t.Fatal(err)
		}
		reasons := map[string]int{}
		for _, h := range hist {
			reasons[h.Reason]++
		}
		if reasons["allocation"] != 3 || reasons["spend"] != 2 || reasons["reversal"] != 1 || reasons["expiry"] != 1 {
			t.Fatalf("history reasons: %v", reasons)
		}
		if b, _ := store.NewPoints(db).PointsBalance(ctx, agentID); b != 750 {
			t.Fatalf("agent@demo.test keeps its opening 750: %d", b)
		}
	})
}
