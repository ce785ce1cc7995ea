package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"testing"

	"circle/internal/demo"
	"circle/internal/marketplace"
	"circle/internal/store"
	"circle/internal/testapp"
)

// rankQuiet is an active demo service without demo activity (no views, clicks or sales).
const rankQuiet = "svc-licensepro-prelicense"

// rankSnapshot reranks as an administrator (which also forgets the trending and bestseller
// lists) and returns the rebuilt snapshot and the service's position in the ranking.
func rankSnapshot(t *testing.T, a *testapp.App, admin *http.Client, id string) (marketplace.Snapshot, int) {
	t.Helper()
	if res := call(t, a, admin, http.MethodPost, "/api/admin/marketplace/rerank", nil); res.Status != 200 {
		t.Fatalf("rerank: %d %s", res.Status, res.Body)
	}
	res := a.Get(t, "/api/marketplace/data")
	if res.Status != 200 {
		t.Fatalf("snapshot: %d %s", res.Status, res.Body)
	}
	var snap marketplace.Snapshot
	if err := json.Unmarshal(res.Body, &snap); err != nil {
		t.Fatal(err)
	}
	var pos int
	if err := a.DB.Bun().NewSelect().Table("services").Column("sort_order").Where("id = ?", id).Scan(context.Background(), &pos); err != nil {
		t.Fatal(err)
	}
	return snap, pos
}

// F-CAT-13 (issue 14, ranking abuse): 300 view posts from one browser (one address and user
// agent), each with a fresh viewer_key, add at most one view; posts past the per-address limit
// answer 429 with Retry-After; the service does not start trending. Before the fix every post
// was a new view and the service went to the top of the trending list.
func TestF_CAT_13_FreshViewerKeysFromOneBrowserAddOneView(t *testing.T) {
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := testapp.Start(t, kind)
		a.LoadDemo(t)
		admin := a.SignIn(t, "admin@demo.test", demo.Password)
		countViews := func() int {
			t.Helper()
			return countWhere(t, a, "service_views", "service_id = ?", rankQuiet)
		}
		before := countViews()
		c := testapp.NewClient()
		ua := http.Header{"User-Agent": {"Mozilla/5.0 (X11; Linux x86_64) probe"}}
		var ok, limited int
		var refused testapp.Response
		for i := 0; i < 300; i++ {
			body := fmt.Sprintf(`{"viewer_key":"fresh-viewer-key-%04d"}`, i)
			res := a.DoWith(t, c, http.MethodPost, "/api/services/"+rankQuiet+"/views", []byte(body), ua)
			switch res.Status {
			case http.StatusOK:
				ok++
			case http.StatusTooManyRequests:
				limited++
				refused = res
			default:
				t.Fatalf("view %d: %d %s", i, res.Status, res.Body)
			}
		}
		t.Logf("300 posts: %d x 200, %d x 429, %d view(s) added", ok, limited, countViews()-before)
		if added := countViews() - before; added > 1 {
			t.Fatalf("300 posts with fresh viewer keys added %d views, want at most 1", added)
		}
		if limited == 0 || ok == 0 {
			t.Fatalf("posts answered %d x 200 and %d x 429: the address is not rate limited", ok, limited)
		}
		var e apiError
		refused.JSON(t, &e)
		if refused.Header.Get("Retry-After") == "" || e.Code != "rate_limited" || e.Message == "" {
			t.Fatalf("429 answer: %v %s", refused.Header, refused.Body)
		}
		snap, _ := rankSnapshot(t, a, admin, rankQuiet)
		if slices.Contains(snap.TrendingIDs, rankQuiet) {
			t.Fatal("one browser made the service trending")
		}
	})
}

// F-CAT-05 (issue 14, ranking abuse): 30 "purchase" events a signed-in user reports about a
// service change neither its position in the ranking nor the bestseller list (they are still
// accepted, for analytics). Before the fix they moved it to the top with the bestseller badge.
func TestF_CAT_05_ReportedPurchasesDoNotRank(t *testing.T) {
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := testapp.Start(t, kind)
		a.LoadDemo(t)
		admin := a.SignIn(t, "admin@demo.test", demo.Password)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		snap, before := rankSnapshot(t, a, admin, rankQuiet)
		if slices.Contains(snap.BestsellerIDs, rankQuiet) {
			t.Fatal("fixture service is a bestseller already")
		}
		for i := 0; i < 30; i++ {
			for _, kind := range []string{"purchase", "booking"} {
				if res := call(t, a, agent, http.MethodPost, "/api/services/"+rankQuiet+"/events", map[string]any{"event_type": kind}); res.Status != 200 {
					t.Fatalf("event: %d %s", res.Status, res.Body)
				}
			}
		}
		snap, after := rankSnapshot(t, a, admin, rankQuiet)
		if after != before || slices.Contains(snap.BestsellerIDs, rankQuiet) {
			t.Fatalf("reported purchases moved the service from %d to %d (bestseller %v)", before, after, slices.Contains(snap.BestsellerIDs, rankQuiet))
		}
	})
}

// F-CAT-13 (issue 14): the suspicious-spike list is an administrator's (the authorization
// matrix walks the other roles); its window is bounded.
func TestF_CAT_13_AdminViewSpikes(t *testing.T) {
	a := testapp.Start(t, store.SQLite)
	a.LoadDemo(t)
	admin := a.SignIn(t, "admin@demo.test", demo.Password)
	res := call(t, a, admin, http.MethodGet, "/api/admin/marketplace/view-spikes", nil)
	var out struct {
		WindowMinutes int                     `json:"window_minutes"`
		Services      []marketplace.ViewSpike `json:"services"`
	}
	res.JSON(t, &out)
	if res.Status != 200 || out.WindowMinutes != 60 || out.Services == nil {
		t.Fatalf("spikes: %d %s", res.Status, res.Body)
	}
	if res := call(t, a, admin, http.MethodGet, "/api/admin/marketplace/view-spikes?window_minutes=5", nil); res.Status/100 != 4 || !bytes.Contains(res.Body, []byte("window_minutes")) {
		t.Fatalf("a 5-minute window: %d %s", res.Status, res.Body)
	}
	agent := a.SignIn(t, "agent@demo.test", demo.Password)
	if res := call(t, a, agent, http.MethodGet, "/api/admin/marketplace/view-spikes", nil); res.Status != 403 {
		t.Fatalf("an agent: %d", res.Status)
	}
}
