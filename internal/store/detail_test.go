package store_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/apperr"
	"circle/internal/catalog"
	"circle/internal/demo"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

// fakeClock is a settable clock for the store.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// eachWithDemo runs fn on every engine with a fake clock and the demo data loaded.
func eachWithDemo(t *testing.T, fn func(t *testing.T, db *store.DB, clk *fakeClock)) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			t.Parallel()
			enginesMu.Lock()
			enginesRan[kind]++
			enginesMu.Unlock()
			clk := &fakeClock{now: time.Date(2026, 3, 2, 15, 4, 5, 0, time.UTC)}
			db := storetest.Open(t, kind, store.WithClock(clk.Now))
			if _, err := db.LoadDemo(context.Background(), demo.Build(clk.Now()), "hash"); err != nil {
				t.Fatal(err)
			}
			fn(t, db, clk)
		})
	}
}

const (
	agentID  = "usr-demo-agent"
	proID    = "usr-demo-pro"
	tcID     = "svc-closingbell-tc"
	listID   = "svc-closingbell-listing-coordination"
	bellID   = "ven-closingbell"
	photosID = "svc-listingloop-hdr-photos"
)

func TestF_CAT_13_VendorActivitySkipsMissingProfilesAndDedupes(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *fakeClock) {
		ctx := context.Background()
		svc := tcID
		act := catalog.VendorActivity{VendorID: bellID, AgentID: agentID, ServiceID: &svc, ActivityType: catalog.ActivityFunnelView}
		rec := func(a catalog.VendorActivity, window time.Duration) bool {
			t.Helper()
			ok, err := db.RecordVendorActivity(ctx, a, window)
			if err != nil {
				t.Fatalf("record %+v: %v", a, err)
			}
			return ok
		}
		if !rec(act, 15*time.Minute) {
			t.Fatal("first funnel view not recorded")
		}
		clk.Add(14*time.Minute + 59*time.Second)
		if rec(act, 15*time.Minute) {
			t.Fatal("funnel view recorded again within 15 minutes")
		}
		other := act
		list := listID
		other.ServiceID = &list
		if !rec(other, 15*time.Minute) {
			t.Fatal("a view of another service of the vendor is not a duplicate")
		}
		clk.Add(2 * time.Second)
		if !rec(act, 15*time.Minute) {
			t.Fatal("funnel view not recorded after 15 minutes")
		}
		contact := act
		contact.ActivityType = catalog.ActivityContactRequest
		if !rec(contact, 0) || !rec(contact, 0) {
			t.Fatal("activities without a window are always recorded")
		}
		// No profile: skipped without an error (the 23502 rule).
		if _, err := db.Bun().ExecContext(ctx, "DELETE FROM profiles WHERE user_id = ?", proID); err != nil {
			t.Fatal(err)
		}
		ghost := act
		ghost.AgentID = proID
		if rec(ghost, 0) {
			t.Fatal("activity of an agent without a profile was recorded")
		}
		ghost.AgentID = "usr-nobody"
		if rec(ghost, 0) {
			t.Fatal("activity of an unknown agent was recorded")
		}
		rows, err := db.VendorActivities(ctx, bellID, 50)
		if err != nil {
			t.Fatal(err)
		}
		count := map[string]int{}
		for _, r := range rows {
			count[r.ActivityType]++
			if r.AgentID != agentID || r.ActivityData != "{}" {
				t.Errorf("row %+v", r)
			}
		}
		if count[catalog.ActivityFunnelView] != 3 || count[catalog.ActivityContactRequest] != 2 || len(rows) != 5 {
			t.Fatalf("activity rows: %v", count)
		}
		// Unknown activity types are refused by the database.
		bad := act
		bad.ActivityType = "page_view"
		if _, err := db.RecordVendorActivity(ctx, bad, 0); err == nil {
			t.Fatal("unknown activity type stored")
		}
	})
}

func TestF_CAT_11_OnlyServerPurchasesAndBookingsVerifyReviews(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *fakeClock) {
		ctx := context.Background()
		uid := agentID
		has := func() bool {
			ok, err := db.HasPurchaseOrBooking(ctx, db.Pool(), agentID, tcID)
			if err != nil {
				t.Fatal(err)
			}
			return ok
		}
		if has() {
			t.Fatal("the demo agent already bought the service")
		}
		for _, e := range []store.TrackingEvent{
			{ServiceID: tcID, UserID: &uid, EventType: "purchase", Source: catalog.EventSourceClient},
			{ServiceID: tcID, UserID: &uid, EventType: "click"},
			{ServiceID: photosID, UserID: &uid, EventType: "purchase"},
		} {
			if _, err := db.RecordTrackingEvent(ctx, e, 0); err != nil {
				t.Fatal(err)
			}
		}
		if has() {
			t.Fatal("a browser-reported purchase, a click or another service's purchase verified the review")
		}
		if _, err := db.RecordTrackingEvent(ctx, store.TrackingEvent{ServiceID: tcID, UserID: &uid, EventType: "booking"}, 0); err != nil {
			t.Fatal(err)
		}
		if !has() {
			t.Fatal("a recorded booking does not verify")
		}
	})
}

func TestF_CAT_11_OneReviewPerUserPerService(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *fakeClock) {
		ctx := context.Background()
		text := "Great"
		r, err := db.CreateReview(ctx, db.Pool(), catalog.Review{ServiceID: tcID, UserID: agentID, Rating: 5, Review: &text, ReviewSource: "agent"})
		if err != nil {
			t.Fatal(err)
		}
		// Concurrent second reviews: all refused by the unique index.
		var wg sync.WaitGroup
		errs := make([]error, 6)
		for i := range errs {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				_, errs[i] = db.CreateReview(ctx, db.Pool(), catalog.Review{ServiceID: tcID, UserID: agentID, Rating: 1, ReviewSource: "agent"})
			}(i)
		}
		wg.Wait()
		for _, err := range errs {
			if apperr.CodeOf(err) != apperr.Conflict {
				t.Fatalf("second review: %v", err)
			}
		}
		views, err := db.ServiceReviews(ctx, tcID, 20)
		if err != nil {
			t.Fatal(err)
		}
		if views[0].ID != r.ID || views[0].Author.DisplayName != "Jordan Avery" || *views[0].Review != "Great" {
			t.Fatalf("newest first with author: %+v", views[0])
		}
		for i := 1; i < len(views); i++ {
			if views[i].CreatedAt.After(views[i-1].CreatedAt) {
				t.Fatal("reviews not newest first")
			}
		}
		if err := db.UpdateReview(ctx, db.Pool(), r.ID, 3, nil, false); err != nil {
			t.Fatal(err)
		}
		if got, _ := db.ReviewByID(ctx, r.ID); got.Rating != 3 || got.Review != nil {
			t.Fatalf("updated: %+v", got)
		}
		if err := db.DeleteReview(ctx, r.ID); err != nil {
			t.Fatal(err)
		}
		if err := db.DeleteReview(ctx, r.ID); !apperr.IsNotFound(err) {
			t.Fatalf("delete twice: %v", err)
		}
	})
}

func TestF_CAT_10_SeedVendorQuestionsOnceUnderConcurrency(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *fakeClock) {
		ctx := context.Background()
		const vendor = "ven-keynest"
		if qs, _ := db.VendorQuestions(ctx, vendor); len(qs) != 0 {
			t.Fatalf("demo vendor already has questions: %d", len(qs))
		}
		var wg sync.WaitGroup
		seeded := make([]bool, 8)
		errs := make([]error, 8)
		for i := range seeded {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				errs[i] = db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
					var err error
					seeded[i], err = db.SeedVendorQuestions(ctx, tx, vendor, catalog.DefaultVendorQuestions[:])
					return err
				})
			}(i)
		}
		wg.Wait()
		any := false
		for i := range seeded {
			if errs[i] != nil {
				t.Fatalf("seed: %v", errs[i])
			}
			any = any || seeded[i]
		}
		qs, err := db.VendorQuestions(ctx, vendor)
		if err != nil || len(qs) != 5 || !any {
			t.Fatalf("questions after concurrent seeds: %d (seeded %v) %v", len(qs), seeded, err)
		}
		for i, q := range qs {
			if q.QuestionNumber != i+1 || q.QuestionText != catalog.DefaultVendorQuestions[i] || q.AnswerText != "" {
				t.Fatalf("question %d: %+v", i+1, q)
			}
		}
		if again, err := db.SeedVendorQuestions(ctx, db.Pool(), vendor, catalog.DefaultVendorQuestions[:]); again || err != nil {
			t.Fatalf("seeding a vendor with questions: %v %v", again, err)
		}
		// Updates keep the answer unless one is given.
		clk.Add(time.Hour)
		q, err := db.UpdateVendorQuestion(ctx, db.Pool(), vendor, 2, "New?", nil)
		if err != nil || q.QuestionText != "New?" || q.AnswerText != "" || !q.UpdatedAt.Equal(clk.Now()) {
			t.Fatalf("update: %+v %v", q, err)
		}
		a := "Yes."
		if q, err = db.UpdateVendorQuestion(ctx, db.Pool(), vendor, 2, "New?", &a); err != nil || q.AnswerText != "Yes." {
			t.Fatalf("answer: %+v %v", q, err)
		}
		if _, err := db.UpdateVendorQuestion(ctx, db.Pool(), vendor, 9, "Nine?", nil); !apperr.IsNotFound(err) {
			t.Fatalf("missing question: %v", err)
		}
	})
}

func TestF_CAT_13_MetricsOverThePeriod(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *fakeClock) {
		ctx := context.Background()
		const svc = "svc-licensepro-prelicense"
		uid := agentID
		ev := func(kind string, revenue int64) {
			t.Helper()
			if _, err := db.RecordTrackingEvent(ctx, store.TrackingEvent{ServiceID: svc, UserID: &uid, EventType: kind, RevenueCents: revenue}, 0); err != nil {
				t.Fatal(err)
			}
		}
		view := func(key string) {
			t.Helper()
			if _, err := db.RecordView(ctx, svc, nil, key, "", "", time.Minute); err != nil {
				t.Fatal(err)
			}
		}
		base, err := db.ServiceMetrics(ctx, svc, clk.Now().Add(-30*24*time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		// Old activity, 40 days ago, is outside a 30-day period.
		view("old-viewer-1")
		ev("purchase", 99900)
		clk.Add(40 * 24 * time.Hour)
		for _, k := range []string{"v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8"} {
			view(k)
		}
		ev("click", 0)
		ev("outbound_click", 0)
		ev("booking", 0)
		ev("purchase", 12345)
		ev("purchase", 10000)
		ev("share", 0)
		m, err := db.ServiceMetrics(ctx, svc, clk.Now().Add(-30*24*time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		if base.TotalViews != 0 || base.TotalPurchases != 0 {
			t.Fatalf("fixture service has demo activity: %+v", base)
		}
		if m.TotalViews != 8 || m.TotalClicks != 2 || m.TotalBookings != 1 || m.TotalPurchases != 2 || m.RevenueAttributedCents != 22345 ||
			m.ConversionRate != 0.25 || !m.LastUpdated.Equal(clk.Now()) {
			t.Fatalf("metrics: %+v", m)
		}
		all, _ := db.ServiceMetrics(ctx, svc, clk.Now().Add(-90*24*time.Hour))
		if all.TotalViews != 9 || all.TotalPurchases != 3 || all.RevenueAttributedCents != 122245 {
			t.Fatalf("90 days: %+v", all)
		}
	})
}

func TestF_CAT_12_AlsoViewedByTheSameViewers(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *fakeClock) {
		ctx := context.Background()
		view := func(key, svc string) {
			t.Helper()
			if _, err := db.RecordView(ctx, svc, nil, key, "", "", time.Minute); err != nil {
				t.Fatal(err)
			}
		}
		const a, b, c, d = "svc-licensepro-prelicense", "svc-licensepro-fair-housing", "svc-wellspring-hsa-setup", "svc-nestflow-ai-drips"
		const inactive = "svc-brightpath-door-hangers"
		view("old", a)
		view("old", d)
		clk.Add(31 * 24 * time.Hour) // the "old" viewer's views are now outside the window
		for _, k := range []string{"k1", "k2", "k3"} {
			view(k, a)
			view(k, b)
		}
		view("k1", c)
		view("k2", c)
		view("k1", inactive)
		view("k4", c) // never viewed a
		view("k1", a) // a repeat view counts the viewer once
		ids, err := db.AlsoViewed(ctx, a, clk.Now().Add(-30*24*time.Hour), 8)
		if err != nil {
			t.Fatal(err)
		}
		if len(ids) != 2 || ids[0] != b || ids[1] != c {
			t.Fatalf("also viewed: %v", ids)
		}
		if ids, _ := db.AlsoViewed(ctx, a, clk.Now().Add(-30*24*time.Hour), 1); len(ids) != 1 {
			t.Fatalf("limit: %v", ids)
		}
	})
}

func TestF_CAT_12_ReferralTokensAreMintedOncePerUserAndService(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *fakeClock) {
		ctx := context.Background()
		vendor := bellID
		var wg sync.WaitGroup
		tokens := make([]string, 6)
		for i := range tokens {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				tok, err := db.MintReferralToken(ctx, agentID, &vendor, tcID)
				if err != nil {
					t.Error(err)
					return
				}
				tokens[i] = tok.Token
			}(i)
		}
		wg.Wait()
		for _, tok := range tokens {
			if tok == "" || tok != tokens[0] {
				t.Fatalf("tokens: %v", tokens)
			}
		}
		other, err := db.MintReferralToken(ctx, proID, &vendor, tcID)
		if err != nil || other.Token == tokens[0] {
			t.Fatalf("another user's token: %+v %v", other, err)
		}
		got, err := db.ReferralTokenByToken(ctx, tokens[0])
		if err != nil || got.UserID != agentID || got.ServiceID != tcID || *got.VendorID != bellID {
			t.Fatalf("resolve: %+v %v", got, err)
		}
		if _, err := db.ReferralTokenByToken(ctx, "nope"); !apperr.IsNotFound(err) {
			t.Fatalf("unknown token: %v", err)
		}
	})
}
