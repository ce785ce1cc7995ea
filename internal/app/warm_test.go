package app_test

import (
	"net/http"
	"testing"
	"time"

	"circle/internal/app"
	"circle/internal/demo"
	"circle/internal/marketplace"
	"circle/internal/platform"
	"circle/internal/store"
	"circle/internal/store/storetest"
	"circle/internal/testapp"
)

// F-CAT-12 / F-APP-10 (issue 17 item 2, "ready means ready"): /readyz answers 503 until the
// search index and the marketplace snapshot are built, and then the first search and the first
// snapshot are served without building anything; a catalogue write (a review) is visible to
// search on the replica that made it at once and on another replica within 1 s, each applying
// it to its index without a full rebuild.
func TestF_CAT_12_ReadyzWaitsForIndexAndSnapshotAndWritesApplyWithoutRebuild(t *testing.T) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) { readyAndApplied(t, kind) })
	}
}

func readyAndApplied(t *testing.T, kind store.Kind) {
	{
		replicas := 1
		if kind == store.Postgres {
			replicas = 2 // the change travels to the other replica through LISTEN/NOTIFY
		}
		gate := make(chan struct{})
		markets := make([]*marketplace.Service, replicas)
		snaps := make([]*marketplace.Snapshots, replicas)
		apps := testapp.StartReplicas(t, kind, replicas, func(i int) testapp.Options {
			return testapp.Options{WarmUp: true, Server: func(o *app.ServerOptions) {
				if i == 0 {
					o.WarmUpGate = gate
				}
				o.Marketplace = func(m *marketplace.Service, s *marketplace.Snapshots) { markets[i], snaps[i] = m, s }
			}}
		})
		a := apps[0]
		a.LoadDemo(t)

		// Held: not ready, and nothing built.
		var ready platform.Readiness
		res := a.Get(t, "/readyz")
		res.JSON(t, &ready)
		if res.Status != http.StatusServiceUnavailable || ready.Status != platform.StatusUnavailable {
			t.Fatalf("readyz before the warm-up: %d %s, want 503", res.Status, res.Body)
		}
		if c := ready.Checks[len(ready.Checks)-1]; c.Name != "marketplace" || c.OK || c.Error != platform.MsgWarming {
			t.Fatalf("marketplace check before the warm-up: %+v", c)
		}
		if full, _ := markets[0].SearchIndex().Builds(); full != 0 || snaps[0].Current() != nil {
			t.Fatalf("built before the warm-up: %d index builds, snapshot %v", full, snaps[0].Current() != nil)
		}

		close(gate)
		waitUntil(t, 30*time.Second, "readyz 200", func() bool { return a.Get(t, "/readyz").Status == http.StatusOK })
		full, _ := markets[0].SearchIndex().Builds()
		if full != 1 || snaps[0].Current() == nil || snaps[0].Current().Snapshot.ServicesCount == 0 {
			t.Fatalf("ready with %d index builds and snapshot %+v, want 1 and the demo's", full, snaps[0].Current())
		}
		// The first search and snapshot are answered from what the warm-up built.
		firstPage(t, a)
		if searchReviewsOf(t, a, snaps[0].Current().Snapshot.FirstPage.Services[0].ID) < 0 {
			t.Fatal("negative review count")
		}
		if got, _ := markets[0].SearchIndex().Builds(); got != 1 {
			t.Fatalf("%d index builds after the first search, want 1", got)
		}

		// Every replica has the demo in its index before the write (replica B built its index
		// at its start, before the demo was loaded, and rebuilt it when it saw the change).
		service := firstPage(t, a)[0].ID
		for _, r := range apps {
			waitUntil(t, 10*time.Second, "the demo in every replica's index", func() bool { return searchTotal(t, r) > 0 })
		}
		before := make([]uint64, replicas)
		reviews := make([]int, replicas)
		for i, r := range apps {
			before[i], _ = markets[i].SearchIndex().Builds()
			reviews[i] = searchReviewsOf(t, r, service)
		}

		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		if res := a.PostJSON(t, agent, "/api/services/"+service+"/reviews", map[string]any{"rating": 5}); res.Status != http.StatusOK && res.Status != http.StatusCreated {
			t.Fatalf("review: %d %s", res.Status, res.Body)
		}
		// On the replica that wrote: at once.
		if got := searchReviewsOf(t, a, service); got != reviews[0]+1 {
			t.Fatalf("search on the writing replica right after the review: %d reviews, want %d", got, reviews[0]+1)
		}
		for i, r := range apps {
			took := waitUntil(t, time.Second, "the review in search", func() bool { return searchReviewsOf(t, r, service) == reviews[i]+1 })
			full, deltas := markets[i].SearchIndex().Builds()
			if full != before[i] || deltas == 0 {
				t.Fatalf("replica %d: %d full builds (were %d) and %d applied changes, want no rebuild", i, full, before[i], deltas)
			}
			t.Logf("%s replica %d: the review in search after %s, no rebuild (%d changes applied)", kind, i, took, deltas)
		}
	}
}

// searchTotal returns how many services a's search finds.
func searchTotal(t *testing.T, a *testapp.App) int {
	t.Helper()
	res := a.Get(t, "/api/marketplace/services?page_size=25")
	if res.Status != http.StatusOK {
		t.Fatalf("search: %d %s", res.Status, res.Body)
	}
	var body struct {
		Total int `json:"total"`
	}
	res.JSON(t, &body)
	return body.Total
}
