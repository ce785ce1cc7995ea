package marketplace_test

import (
	"context"
	"testing"

	"circle/internal/catalog"
	"circle/internal/clocktest"
	"circle/internal/marketplace"
	"circle/internal/store"
)

// shownPerMonthE12 is the card's retail price per month, times 12 (exact integers; a one-time
// price spread over 12 months): read from the card (retail and its suffix), not from the rule
// under test.
func shownPerMonthE12(c marketplace.Card) (int64, bool) {
	if c.Offers.Member.Kind == "quote" || c.RetailPriceCents == nil {
		return 0, false
	}
	if c.PriceSuffix != "/mo" {
		return *c.RetailPriceCents, true
	}
	return *c.RetailPriceCents * 12, true
}

// TestF_CAT_03_PriceSortsByShownPricePerMonth (issue 14 item 13, issue 28 item 6): the price
// sorts order by the retail price's monthly equivalent (yearly / 12, one-time over 12 months), with unpriced services last,
// in the index the API answers from and in the SQL reference alike. Before the fix both sorted
// by retail price: High to Low gave $2,500, $1,440/yr, $1,800/mo, ...
func TestF_CAT_03_PriceSortsByShownPricePerMonth(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, svc *marketplace.Service, db *store.DB, _ *clocktest.Clock, _ demoServices) {
		ctx := context.Background()
		periods := map[string]bool{}
		for _, sort := range []string{marketplace.SortPriceHigh, marketplace.SortPriceLow} {
			q, err := marketplace.Parse(marketplace.RawQuery{Sort: sort, PageSize: 100})
			if err != nil {
				t.Fatal(err)
			}
			page, err := svc.Search(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			if len(page.Services) < 60 || int64(len(page.Services)) != page.Total {
				t.Fatalf("%s: %d of %d services on one page", sort, len(page.Services), page.Total)
			}
			unpriced := false
			var prev int64
			for i, c := range page.Services {
				periods[c.PriceSuffix] = true
				key, ok := shownPerMonthE12(c)
				if !ok {
					unpriced = true
					continue
				}
				if unpriced {
					t.Fatalf("%s: priced %q after an unpriced service", sort, c.Title)
				}
				if i > 0 && ((sort == marketplace.SortPriceHigh && key > prev) || (sort == marketplace.SortPriceLow && key < prev)) {
					t.Fatalf("%s: %q (%d%s retail) out of order after %q", sort, c.Title, *c.RetailPriceCents/100, c.PriceSuffix, page.Services[i-1].Title)
				}
				prev = key
			}
			// The SQL reference gives the same order.
			rows, total, err := store.NewCatalog(db).SearchServices(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			if total != page.Total || len(rows) != len(page.Services) {
				t.Fatalf("%s: SQL %d/%d, index %d/%d", sort, len(rows), total, len(page.Services), page.Total)
			}
			for i := range rows {
				if rows[i].ID != page.Services[i].ID {
					t.Fatalf("%s: SQL and index differ at %d: %s vs %s", sort, i, rows[i].Title, page.Services[i].Title)
				}
			}
		}
		// The demo mixes the periods, so the normalisation is exercised.
		for _, p := range []string{"/mo", "/yr", ""} {
			if !periods[p] {
				t.Fatalf("the demo data has no %q price; the test does not cover it", p)
			}
		}
	})
}

// TestF_CAT_03_SortPriceKey: the per-month key of each period and of each headline price kind.
func TestF_CAT_03_SortPriceKey(t *testing.T) {
	type svcCase struct {
		name               string
		retail, pro, copay *int64
		split              *int
		verified, quote    bool
		duration           string
		want               int64
		ok                 bool
	}
	for _, c := range []svcCase{
		{name: "monthly retail", retail: cents(129900), duration: "monthly", want: 129900 * 12, ok: true},
		{name: "default period is monthly", retail: cents(500), duration: "TBD", want: 6000, ok: true},
		{name: "yearly counts a twelfth", retail: cents(144000), duration: "yearly", want: 144000, ok: true},
		{name: "annual counts a twelfth", retail: cents(144000), duration: "Annual plan", want: 144000, ok: true},
		{name: "one time over 12 months", retail: cents(250000), duration: "one time", want: 250000, ok: true},
		{name: "once over 12 months", retail: cents(250000), duration: "once", want: 250000, ok: true},
		{name: "One-Time over 12 months", retail: cents(250000), duration: "One-Time setup", want: 250000, ok: true},
		{name: "verified Pro price: still retail", retail: cents(12900), pro: cents(9900), verified: true, duration: "monthly", want: 12900 * 12, ok: true},
		{name: "unverified retail", retail: cents(12900), pro: cents(9900), duration: "monthly", want: 12900 * 12, ok: true},
		{name: "a co-pay share: still retail", retail: cents(240000), pro: cents(210000), split: split(40), verified: true, duration: "yearly", want: 240000, ok: true},
		{name: "quote has no key", duration: "monthly"},
		{name: "requires a quote: no key", retail: cents(9900), quote: true, duration: "monthly"},
		{name: "zero retail: no key", retail: cents(0), duration: "monthly"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := catalog.Service{RetailPriceCents: c.retail, ProPriceCents: c.pro, CoPayPriceCents: c.copay, RespaSplitLimit: c.split, CopayAllowed: c.split != nil,
				IsVerified: c.verified, RequiresQuote: c.quote, PriceDuration: c.duration}
			got, ok := marketplace.SortPriceKey(&s)
			if ok != c.ok || got != c.want {
				t.Fatalf("SortPriceKey = %d, %v; want %d, %v", got, ok, c.want, c.ok)
			}
		})
	}
}

func cents(v int64) *int64 { return &v }
func split(v int) *int     { return &v }
