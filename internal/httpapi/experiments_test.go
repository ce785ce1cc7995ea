package httpapi_test

import (
	"fmt"
	"math"
	"net/http"
	"testing"
	"time"

	"circle/internal/demo"
	"circle/internal/experiments"
	"circle/internal/store/storetest"
)

type experimentsAnswer struct {
	From        string               `json:"from"`
	To          string               `json:"to"`
	MinVisitors int                  `json:"min_visitors"`
	Experiments []experiments.Result `json:"experiments"`
}

// Visitors' exposures and conversions are recorded once each through the public routes, and
// administrators read the arms with the z-test on /analytics.
func TestF_AREA_04_ExperimentArms(t *testing.T) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			t.Parallel()
			// The wall clock's day: the session cookies expire by the real time.
			now := time.Now().UTC().Truncate(24 * time.Hour).Add(12 * time.Hour)
			today, yesterday := now.Format(time.DateOnly), now.AddDate(0, 0, -1).Format(time.DateOnly)
			app, a, adm := adminAt(t, kind, now)
			agent := app.SignIn(t, "agent@demo.test", demo.Password)
			post := func(path, body string) (int, bool) {
				t.Helper()
				res := app.Do(t, http.MethodPost, path, []byte(body), nil)
				var out struct {
					Recorded bool `json:"recorded"`
				}
				if res.Status == 200 {
					res.JSON(t, &out)
				}
				return res.Status, out.Recorded
			}
			expose := func(exp, arm, visitor string) bool {
				t.Helper()
				st, rec := post("/api/experiments/"+exp+"/exposures", fmt.Sprintf(`{"arm":%q,"visitor_key":%q}`, arm, visitor))
				if st != 200 {
					t.Fatalf("expose %s %s %s: %d", exp, arm, visitor, st)
				}
				return rec
			}
			convert := func(exp, visitor string) bool {
				t.Helper()
				st, rec := post("/api/experiments/"+exp+"/conversions", fmt.Sprintf(`{"visitor_key":%q}`, visitor))
				if st != 200 {
					t.Fatalf("convert %s %s: %d", exp, visitor, st)
				}
				return rec
			}
			// 40 browsers per arm; 5 of the ranked ones and 20 of the holdout ones convert.
			for i := 0; i < 40; i++ {
				r, h := fmt.Sprintf("ranked-visitor-%02d", i), fmt.Sprintf("holdout-visitor-%02d", i)
				if !expose("ranking_v1", "ranked", r) || !expose("ranking_v1", "holdout", h) {
					t.Fatal("a first exposure was not recorded")
				}
				if i < 5 && !convert("ranking_v1", r) {
					t.Fatal("conversion not recorded")
				}
				if i < 20 && !convert("ranking_v1", h) {
					t.Fatal("conversion not recorded")
				}
			}
			// Once per visitor: the same browser again, even with the other arm, and a second conversion.
			if expose("ranking_v1", "holdout", "ranked-visitor-00") || convert("ranking_v1", "ranked-visitor-00") {
				t.Fatal("a visitor was counted twice")
			}
			if convert("ranking_v1", "never-exposed-visitor") {
				t.Fatal("a conversion without an exposure was recorded")
			}
			expose("intro_v1", "shown", "intro-visitor-1")
			expose("intro_v1", "holdout", "intro-visitor-2")
			convert("intro_v1", "intro-visitor-1")
			// Unknown experiment or arm, too short a key: refused.
			for _, c := range []struct{ path, body string }{
				{"/api/experiments/nope/exposures", `{"arm":"ranked","visitor_key":"visitor-xyz"}`},
				{"/api/experiments/ranking_v1/exposures", `{"arm":"shown","visitor_key":"visitor-xyz"}`},
				{"/api/experiments/ranking_v1/exposures", `{"arm":"ranked","visitor_key":"short"}`},
			} {
				if st, _ := post(c.path, c.body); st != 400 && st != 422 {
					t.Errorf("%s %s: %d, want 400/422", c.path, c.body, st)
				}
			}

			// Only administrators read the results.
			if res := app.Get(t, "/api/admin/analytics/experiments"); res.Status != 401 {
				t.Fatalf("visitor: %d", res.Status)
			}
			if res := a.call(agent, http.MethodGet, "/api/admin/analytics/experiments", ""); res.Status != 403 {
				t.Fatalf("agent: %d", res.Status)
			}
			var out experimentsAnswer
			res := a.call(adm, http.MethodGet, "/api/admin/analytics/experiments", "")
			res.JSON(t, &out)
			if res.Status != 200 || out.To != today || out.From != now.AddDate(0, 0, -29).Format(time.DateOnly) || len(out.Experiments) != 2 || out.MinVisitors != 30 {
				t.Fatalf("results: %d %s", res.Status, res.Body)
			}
			rk := out.Experiments[0]
			if rk.Name != "ranking_v1" || rk.Arms[0].Arm != "ranked" || rk.Arms[0].Exposures != 40 || rk.Arms[0].Conversions != 5 ||
				rk.Arms[1].Arm != "holdout" || rk.Arms[1].Exposures != 40 || rk.Arms[1].Conversions != 20 {
				t.Fatalf("ranking arms: %+v", rk.Arms)
			}
			// 5/40 against 20/40: z = 0.375 / sqrt(0.3125 · 0.6875 · 2/40) = 3.618, p = 0.000297.
			if rk.Test.Status != experiments.Significant || math.Abs(rk.Test.Z-3.6181) > 1e-3 || math.Abs(rk.Test.PValue-0.000297) > 1e-5 {
				t.Fatalf("ranking test: %+v", rk.Test)
			}
			in := out.Experiments[1]
			if in.Name != "intro_v1" || in.Arms[0].Exposures != 1 || in.Arms[0].Conversions != 1 || in.Arms[1].Exposures != 1 || in.Test.Status != experiments.TooFewSamples {
				t.Fatalf("intro: %+v", in)
			}
			// A range before the exposures counts none of them; a reversed range is 400.
			a.call(adm, http.MethodGet, "/api/admin/analytics/experiments?from="+now.AddDate(0, 0, -40).Format(time.DateOnly)+"&to="+yesterday, "").JSON(t, &out)
			if out.Experiments[0].Arms[0].Exposures != 0 {
				t.Fatalf("earlier range: %+v", out.Experiments[0])
			}
			if res := a.call(adm, http.MethodGet, "/api/admin/analytics/experiments?from="+today+"&to="+yesterday, ""); res.Status != 400 {
				t.Fatalf("reversed: %d", res.Status)
			}
		})
	}
}
