package httpapi_test

import (
	"net/http"
	"testing"

	"circle/internal/demo"
	"circle/internal/points"
	"circle/internal/store"
)

// TestF_PAY_07_PointsSummaryAndHistory: get_agent_points_summary answers the signed-in agent's
// own wallet only: pro@demo.test sees 2,500 points worth $2,500 over its Harborline and
// ClosingBell allocations and its history; agent@demo.test, asking the same route, sees its
// own 750 and none of the Pro member's allocations or rows; a visitor gets 401.
func TestF_PAY_07_PointsSummaryAndHistory(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		pro := a.SignIn(t, "pro@demo.test", demo.Password)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)

		var sum points.Summary
		res := call(t, a, pro, http.MethodGet, "/api/points/summary", nil)
		if res.Status != http.StatusOK {
			t.Fatalf("pro summary %d %s", res.Status, res.Body)
		}
		res.JSON(t, &sum)
		if sum.TotalAvailablePoints != 2500 || sum.TotalDollarValueCents != 2500_00 || len(sum.Allocations) != 3 {
			t.Fatalf("pro summary %+v", sum)
		}
		var hist struct{ Entries []points.Entry }
		call(t, a, pro, http.MethodGet, "/api/points/history", nil).JSON(t, &hist)
		var total int64
		for _, e := range hist.Entries {
			total += e.DeltaPoints
		}
		if total != sum.TotalAvailablePoints {
			t.Fatalf("history sums to %d, summary shows %d", total, sum.TotalAvailablePoints)
		}

		var other points.Summary
		res = call(t, a, agent, http.MethodGet, "/api/points/summary", nil)
		res.JSON(t, &other)
		if res.Status != http.StatusOK || other.TotalAvailablePoints != 750 || len(other.Allocations) != 0 {
			t.Fatalf("agent summary %d %+v", res.Status, other)
		}
		var mine struct{ Entries []points.Entry }
		call(t, a, agent, http.MethodGet, "/api/points/history", nil).JSON(t, &mine)
		if len(mine.Entries) != 1 || mine.Entries[0].DeltaPoints != 750 {
			t.Fatalf("agent history %+v", mine.Entries)
		}
		for _, e := range mine.Entries {
			if e.AllocationID != "" {
				t.Fatalf("agent sees an allocation row: %+v", e)
			}
		}
		// No way to name another agent: a query parameter is ignored.
		call(t, a, agent, http.MethodGet, "/api/points/summary?agent_id="+demo.WalletProAgent, nil).JSON(t, &other)
		if other.TotalAvailablePoints != 750 {
			t.Fatalf("agent_id parameter leaked another wallet: %+v", other)
		}
		for _, path := range []string{"/api/points/summary", "/api/points/history"} {
			if res := call(t, a, nil, http.MethodGet, path, nil); res.Status != http.StatusUnauthorized {
				t.Fatalf("visitor %s: %d", path, res.Status)
			}
		}
	})
}
