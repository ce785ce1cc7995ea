package marketplace

import (
	"reflect"
	"testing"

	"circle/internal/catalog"
)

func p64(v int64) *int64 { return &v }
func pint(v int) *int    { return &v }

func TestF_CAT_03_SearchTermsIgnoreShortWordsAndFoldCase(t *testing.T) {
	cases := map[string][]string{
		"crm":                 {"crm"},
		"CRM for teams":       {"crm", "for", "teams"},
		"an ad":               nil,
		"  Señalización  ÉTÉ": {"señalización", "été"},
		"crm, crm; CRM!":      {"crm"},
		"co-pay":              {"co-pay"},
	}
	for in, want := range cases {
		if got := SearchTerms(in); !reflect.DeepEqual(got, want) {
			t.Errorf("SearchTerms(%q) = %q, want %q", in, got, want)
		}
	}
	if got := SearchText("Café Kits", "Open-house, fun.", "Events"); got != " café kits open-house fun events " {
		t.Errorf("SearchText = %q", got)
	}
}

func TestF_CAT_03_ParseValidatesEveryParameter(t *testing.T) {
	q, err := Parse(RawQuery{})
	if err != nil || q.Sort != SortRanked || q.Page != 1 || q.PageSize != 50 {
		t.Fatalf("defaults: %+v %v", q, err)
	}
	q, err = Parse(RawQuery{Tag: "crms", MinPrice: 10, MaxPrice: 200, AB: "holdout", PageSize: 25, Page: 3})
	if err != nil || q.Tag != "cat:crms" || *q.MinPriceCents != 1000 || *q.MaxPriceCents != 20000 || !q.Holdout || q.PageSize != 25 || q.Page != 3 {
		t.Fatalf("parsed: %+v %v", q, err)
	}
	for _, bad := range []RawQuery{
		{Category: "nope"}, {PageSize: 30}, {Sort: "best"}, {MinRating: 6}, {Features: []string{"cheap"}},
		{MinPrice: 500, MaxPrice: 100}, {AB: "c"}, {Product: "unknown"}, {Page: -1},
	} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%+v) accepted", bad)
		}
	}
	if (Query{PageSize: 50}).Pages(0) != 1 || (Query{PageSize: 50}).Pages(101) != 3 {
		t.Fatal("page count")
	}
}

// TestF_PAY_02_DisplayedPriceRule: the headline price is read from the one quote: the co-pay
// price where co-pay is shown (the agent's share at the default split within the RESPA caps,
// vendor share rounded down), else the Pro price of a verified service, else retail.
func TestF_PAY_02_DisplayedPriceRule(t *testing.T) {
	cases := []struct {
		name               string
		retail, pro, copay *int64
		split              *int
		verified, allowed  bool
		wantKind           string
		wantCents          *int64
	}{
		{"split without co-pay price", p64(100000), p64(80000), nil, pint(50), true, true, "potential_copay", p64(50000)},
		{"co-pay price above the computed share", p64(100000), nil, p64(60000), pint(50), false, true, "copay", p64(60000)},
		{"computed share above the co-pay price", p64(100000), nil, p64(30000), pint(50), false, true, "copay", p64(50000)},
		{"the non-SSP cap lowers an 80% limit", p64(100000), nil, nil, pint(80), false, true, "potential_copay", p64(30000)},
		{"vendor share rounds down", p64(9999), nil, nil, pint(15), false, true, "potential_copay", p64(8500)},
		{"split but co-pay not allowed", p64(29900), p64(24900), nil, pint(50), true, false, "pro", p64(24900)},
		{"verified with pro", p64(29900), p64(24900), nil, nil, true, false, "pro", p64(24900)},
		{"unverified with pro shows retail", p64(29900), p64(24900), nil, nil, false, false, "retail", p64(29900)},
		{"quote only", nil, nil, nil, nil, false, false, "quote", nil},
	}
	for _, c := range cases {
		s := catalog.Service{RetailPriceCents: c.retail, ProPriceCents: c.pro, CoPayPriceCents: c.copay, RespaSplitLimit: c.split,
			IsVerified: c.verified, CopayAllowed: c.allowed}
		got := BuildCard(s, nil, nil, Rating{}, false, false).Displayed
		if got.Kind != c.wantKind || (got.Cents == nil) != (c.wantCents == nil) || (got.Cents != nil && *got.Cents != *c.wantCents) {
			t.Errorf("%s: got %s %v", c.name, got.Kind, got.Cents)
		}
	}
}

func TestF_PAY_02_SuffixAndSavings(t *testing.T) {
	for dur, want := range map[string]string{"monthly": "/mo", "per month": "/mo", "": "/mo", "one time": "", "onetime": "", "once": "", "yearly": "/yr", "TBD": "/mo"} {
		if got := PriceSuffix(dur, false); got != want {
			t.Errorf("PriceSuffix(%q) = %q, want %q", dur, got, want)
		}
	}
	if PriceSuffix("monthly", true) != "/yr" {
		t.Error("yearly toggle")
	}
	if ShowDuration("TBD") || ShowDuration("30 days") || !ShowDuration("12 months") {
		t.Error("ShowDuration")
	}
	if SavingsPercent(p64(10000), p64(7500)) != 25 || SavingsPercent(p64(10000), p64(10000)) != 0 || SavingsPercent(p64(100000), p64(99999)) != 0 || SavingsPercent(nil, p64(1)) != 0 {
		t.Error("SavingsPercent")
	}
}

func TestF_CAT_07_BadgesByPriority(t *testing.T) {
	got := Badges(true, true, true, true, true, true)
	want := []string{"featured", "top_pick", "trending", "bestseller", "support_24_7", "instant"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Badges = %v", got)
	}
	if got := Badges(false, false, false, true, false, true); !reflect.DeepEqual(got, []string{"bestseller", "instant"}) {
		t.Fatalf("Badges = %v", got)
	}
}

func TestF_CAT_05_TopDealsEligibilityScoringAndLimit(t *testing.T) {
	var cards []Card
	for i := 0; i < 20; i++ {
		c := Card{ID: string(rune('a' + i)), IsAffiliate: true, DiscountPercentage: i}
		cards = append(cards, c)
	}
	cards = append(cards, Card{ID: "not-eligible", DiscountPercentage: 90, IsFeatured: true})
	cards = append(cards, Card{ID: "verified-pro", IsVerified: true, ProPriceCents: p64(100), IsFeatured: true})
	cards = append(cards, Card{ID: "split", RespaSplitLimit: pint(30), CopayAllowed: true, Rating: Rating{AverageRating: 4.5}})
	top := TopDeals(cards)
	if len(top) != 12 {
		t.Fatalf("top deals: %d", len(top))
	}
	if top[0].ID != "split" || top[1].ID != "verified-pro" { // 15+45=60, 20
		t.Fatalf("order: %s %s", top[0].ID, top[1].ID)
	}
	for _, c := range top {
		if c.ID == "not-eligible" {
			t.Fatal("ineligible service in Top Deals")
		}
	}
	if s := TopDealScore(Card{DiscountPercentage: 10, Rating: Rating{AverageRating: 4}, IsFeatured: true, CopayAllowed: true, IsSponsored: true}); s != 3+40+20+15+5 {
		t.Fatalf("score %v", s)
	}
}

func TestF_CAT_05_TrendingTakesTheTopShareWithinBounds(t *testing.T) {
	counts := map[string]int{}
	active := map[string]bool{}
	for i := 0; i < 100; i++ {
		id := string(rune(0x100 + i))
		active[id] = true
		counts[id] = i
	}
	got := TopByCount(counts, active, 100, 0.15, 8, 40)
	if len(got) != 15 || counts[got[0]] != 99 {
		t.Fatalf("trending: %d first %d", len(got), counts[got[0]])
	}
	if got := TopByCount(counts, active, 1000, 0.15, 8, 40); len(got) != 40 {
		t.Fatalf("max bound: %d", len(got))
	}
	if got := TopByCount(map[string]int{"x": 3}, map[string]bool{"x": true}, 10, 0.15, 8, 40); len(got) != 1 {
		t.Fatalf("only services with events: %v", got)
	}
}

func TestF_CAT_03_SliderRange(t *testing.T) {
	if r := SliderRange(0, 0); r != (PriceRange{0, 5000, 50}) {
		t.Fatalf("default %+v", r)
	}
	if r := SliderRange(4900, 249900); r != (PriceRange{49, 2749, 27}) {
		t.Fatalf("from data %+v", r)
	}
	if r := SliderRange(100, 5000); r.Step != 1 {
		t.Fatalf("step at least 1: %+v", r)
	}
}

func TestF_CAT_04_VendorFilterLocationAndSearch(t *testing.T) {
	cards := []VendorCard{
		{ID: "tx", Name: "Lone Star Title", Location: "Austin, TX", ServiceStates: []string{"TX"}},
		{ID: "ca", Name: "Golden Lending", Location: "San Diego, CA", ServiceStates: []string{"CA", "NV"}},
		{ID: "nv", Name: "Desert Inspect", Location: "Reno, NV"},
	}
	got, applied := FilterVendors(cards, VendorFilter{State: "Nevada"})
	if !applied || len(got) != 2 {
		t.Fatalf("location filter by state name: %v %v", got, applied)
	}
	got, applied = FilterVendors(cards, VendorFilter{State: "Maine"})
	if applied || len(got) != 3 {
		t.Fatalf("empty result bypass: %v %v", got, applied)
	}
	got, _ = FilterVendors(cards, VendorFilter{State: "TX", ShowAll: true})
	if len(got) != 3 {
		t.Fatalf("show all: %v", got)
	}
	got, _ = FilterVendors(cards, VendorFilter{Query: "LENDING"})
	if len(got) != 1 || got[0].ID != "ca" {
		t.Fatalf("search: %v", got)
	}
	got, _ = FilterVendors(cards, VendorFilter{Query: "nv"})
	if len(got) != 2 {
		t.Fatalf("search over service states and location: %v", got)
	}
}

func TestF_CAT_04_ProductMatchingByKeywordAndTag(t *testing.T) {
	crm, _ := ProductBySlug("crm")
	if !MatchesProduct(crm, SearchText("NestFlow CRM", "", ""), nil) || !MatchesProduct(crm, " something ", []string{"cat:crms"}) {
		t.Fatal("crm match")
	}
	if MatchesProduct(crm, SearchText("Microcrmx", "", ""), nil) {
		t.Fatal("keywords match whole words")
	}
	if len(ProductCategories) != 35 {
		t.Fatalf("product categories: %d", len(ProductCategories))
	}
}

func TestRatingSumAverageAndMinRating(t *testing.T) {
	cases := []struct {
		sum, n  int64
		avg     float64
		atLeast int // highest min_rating that qualifies (0: none)
	}{
		{0, 0, 0, 0},
		{79, 20, 4.0, 3}, // 3.95 shows 4.0 but is below 4 stars
		{80, 20, 4.0, 4},
		{99, 20, 5.0, 4}, // 4.95
		{14, 3, 4.7, 4},  // 4.666...
		{5, 1, 5.0, 5},
	}
	for _, c := range cases {
		r := RatingSum{Sum: c.sum, N: c.n}
		if got := r.Rating("s").AverageRating; got != c.avg {
			t.Errorf("%d/%d: average %v, want %v", c.sum, c.n, got, c.avg)
		}
		for m := 1; m <= 5; m++ {
			if r.AtLeast(m) != (m <= c.atLeast) {
				t.Errorf("%d/%d: AtLeast(%d) = %v", c.sum, c.n, m, r.AtLeast(m))
			}
		}
	}
}
