package marketplace_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	"circle/internal/catalog"
	"circle/internal/demo"
	"circle/internal/demo/demotest"
	"circle/internal/marketplace"
	"circle/internal/store"
)

// deltaQueries cover every order, every kind of filter and paging.
var deltaQueries = func() []marketplace.Query {
	var qs []marketplace.Query
	for _, sort := range []string{marketplace.SortRanked, marketplace.SortNewest, marketplace.SortPriceLow, marketplace.SortPriceHigh} {
		for page := 1; page <= 3; page++ {
			qs = append(qs, marketplace.Query{Sort: sort, Page: page, PageSize: 25})
		}
	}
	base := marketplace.Query{Sort: marketplace.SortRanked, Page: 1, PageSize: 100}
	with := func(f func(*marketplace.Query)) marketplace.Query { q := base; f(&q); return q }
	return append(qs,
		with(func(q *marketplace.Query) { q.Terms = []string{"crm", "photo"} }),
		with(func(q *marketplace.Query) { q.Category = marketplace.LobbySlugs[0] }),
		with(func(q *marketplace.Query) { q.Tag = catalog.CategoryBlocks[0].Tag }),
		with(func(q *marketplace.Query) { q.Product = marketplace.ProductCategories[0].Slug }),
		with(func(q *marketplace.Query) { q.MinRating = 4 }),
		with(func(q *marketplace.Query) { q.Verified, q.Sort = true, marketplace.SortPriceLow }),
	)
}()

// F-CAT-12 (issue 17 item 2): an index brought up to date by Apply answers every query exactly as
// an index built from scratch on the changed catalogue, after a review, a service leaving the
// marketplace and one coming back (a new entry), without a full build.
func TestF_CAT_12_AppliedChangesEqualAFullBuild(t *testing.T) {
	demotest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		live := &marketplace.Service{Store: store.NewMarketplaceStore(db), Now: time.Now}
		assertSame := func(step string) {
			t.Helper()
			fresh := &marketplace.Service{Store: store.NewMarketplaceStore(db), Now: time.Now}
			for _, q := range deltaQueries {
				got, err := live.SearchJSON(ctx, q)
				if err != nil {
					t.Fatal(err)
				}
				want, err := fresh.SearchJSON(ctx, q)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, want) {
					at := 0
					for at < min(len(got), len(want)) && got[at] == want[at] {
						at++
					}
					from := max(at-200, 0)
					t.Fatalf("%s: query %+v: differs at byte %d:\napplied ...%s\nrebuilt ...%s", step, q, at, got[from:min(at+100, len(got))], want[from:min(at+100, len(want))])
				}
			}
		}
		assertSame("as built")
		ids, err := live.SearchIndex().ActiveIDs(ctx)
		if err != nil {
			t.Fatal(err)
		}
		reviewed, leaving := ids[3], ids[0]

		// A review changes the card's rating (and the min_rating filter).
		var userID string
		if err := db.Bun().NewSelect().Table("users").Column("id").Where("id NOT IN (SELECT user_id FROM service_reviews WHERE service_id = ?)", reviewed).
			Limit(1).Scan(ctx, &userID); err != nil {
			t.Fatal(err)
		}
		if _, err := store.NewReviews(db).CreateReview(ctx, catalog.Review{ServiceID: reviewed, UserID: userID, Rating: 1,
			ReviewSource: catalog.ReviewSourceAgent}); err != nil {
			t.Fatal(err)
		}
		live.Changed(ctx, reviewed)
		assertSame("after a review")

		// A service leaves the marketplace, then comes back with a new place in every order.
		if _, err := db.Bun().NewUpdate().Table("services").Set("is_active = ?", false).Set("updated_at = ?", db.Now().Add(time.Second)).
			Where("id = ?", leaving).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		live.Changed(ctx, leaving)
		assertSame("after a service left")
		if _, err := db.Bun().NewUpdate().Table("services").Set("is_active = ?", true).Set("sort_order = ?", 1_000_000).
			Set("retail_price_cents = ?", 1).Set("updated_at = ?", db.Now().Add(2*time.Second)).Where("id = ?", leaving).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		live.Changed(ctx, leaving)
		assertSame("after it came back")

		if full, deltas := live.SearchIndex().Builds(); full != 1 || deltas != 3 {
			t.Fatalf("%d full builds and %d applied changes, want 1 and 3", full, deltas)
		}
	})
}

// productSet (the index's product matching, word by word) agrees with MatchesProduct on every
// demo service.
func TestF_CAT_12_ProductSetMatchesTheRule(t *testing.T) {
	for _, s := range demo.Scale(demo.Build(time.Now()), 3000).Services {
		text := s.Service.SearchText
		if text == "" {
			text = marketplace.SearchText(s.Service.Title, s.Service.Description, s.Service.Category)
		}
		got := marketplace.ProductSet(text, s.Tags)
		for p, pc := range marketplace.ProductCategories {
			if want := marketplace.MatchesProduct(pc, text, s.Tags); want != (got&(1<<p) != 0) {
				t.Errorf("%s in %s: index says %v, rule says %v", s.Service.ID, pc.Slug, !want, want)
			}
		}
	}
}
