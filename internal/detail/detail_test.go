package detail

import (
	"fmt"
	"math"
	"reflect"
	"sort"
	"testing"
	"time"

	"circle/internal/catalog"
	"circle/internal/marketplace"
	"circle/internal/pricing"
)

func p64(v int64) *int64 { return &v }
func pint(v int) *int    { return &v }

func names(fs []Feature) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Text
	}
	return out
}

func TestF_CAT_08_DefaultPackagesAre75_100_150PercentOfRetail(t *testing.T) {
	pkgs := DefaultPackages(catalog.Service{RetailPriceCents: p64(10000), PriceDuration: "monthly"}, "")
	if len(pkgs) != 3 {
		t.Fatalf("packages: %+v", pkgs)
	}
	want := []struct {
		id    string
		price int64
		feats int
		pop   bool
	}{{"default-basic", 7500, 4, false}, {"default-standard", 10000, 6, true}, {"default-premium", 15000, 8, false}}
	for i, w := range want {
		p := pkgs[i]
		if p.ID != w.id || *p.PriceCents != w.price || len(p.Features) != w.feats || p.Popular != w.pop || !p.Default ||
			p.PriceSuffix != "/mo" || p.ProOnly || p.SortOrder != i+1 || p.NameKey == "" {
			t.Errorf("package %d: %+v", i, p)
		}
	}
	if last := pkgs[2].Features[7]; last.Text != "Support: Business Hours" || last.Params["hours"] != "Business Hours" || last.Key != "detail.features.support_hours" {
		t.Errorf("support hours feature: %+v", last)
	}
	// Odd cents round half up; a one-time service has no suffix.
	odd := DefaultPackages(catalog.Service{RetailPriceCents: p64(999), PriceDuration: "one time"}, "24/7")
	if *odd[0].PriceCents != 749 || *odd[1].PriceCents != 999 || *odd[2].PriceCents != 1499 || odd[0].PriceSuffix != "" {
		t.Errorf("odd cents: %d %d %d %q", *odd[0].PriceCents, *odd[1].PriceCents, *odd[2].PriceCents, odd[0].PriceSuffix)
	}
	if odd[2].Features[7].Text != "Support: 24/7" {
		t.Errorf("vendor support hours: %+v", odd[2].Features[7])
	}
	if yearly := DefaultPackages(catalog.Service{RetailPriceCents: p64(1000), PriceDuration: "yearly"}, ""); yearly[0].PriceSuffix != "/yr" {
		t.Errorf("yearly suffix: %q", yearly[0].PriceSuffix)
	}
	// Only with a price (02§5).
	for _, none := range []*int64{nil, p64(0)} {
		if got := DefaultPackages(catalog.Service{RetailPriceCents: none, PriceDuration: "monthly"}, ""); got == nil || len(got) != 0 {
			t.Errorf("no retail price: %+v", got)
		}
	}
	// Feature lists are copies: changing one package's list leaves the others alone.
	pkgs[0].Features[0].Text = "changed"
	if pkgs[1].Features[0].Text == "changed" {
		t.Error("default packages share one feature array")
	}
}

func TestF_CAT_09_SalesPageDefaultTiers(t *testing.T) {
	if fs := DefaultFeatures(""); len(fs) != 8 || fs[7].Text != "Support: Business Hours" {
		t.Fatalf("default features: %v", names(fs))
	}
	// Co-pay is displayed only with copay_allowed and a split limit (02§5 line 168).
	svc := catalog.Service{RetailPriceCents: p64(20000), ProPriceCents: p64(15000), CoPayPriceCents: p64(10000), PriceDuration: "monthly",
		IsVerified: true, CopayAllowed: true, RespaSplitLimit: pint(50)}
	tiers := SalesTiers(svc, "Mon-Fri 9-5")
	if len(tiers) != 3 {
		t.Fatalf("tiers: %+v", tiers)
	}
	std, pro, cp := tiers[0], tiers[1], tiers[2]
	if std.ID != "retail" || std.Name != "Standard" || *std.PriceCents != 20000 || len(std.Features) != 4 || std.Popular || std.ProOnly || std.OriginalPriceCents != nil {
		t.Errorf("Standard: %+v", std)
	}
	if pro.ID != "pro" || pro.Name != "Circle Pro" || *pro.PriceCents != 15000 || len(pro.Features) != 6 || !pro.Popular || !pro.ProOnly ||
		*pro.OriginalPriceCents != 20000 || pro.SavingsPercent != 25 {
		t.Errorf("Circle Pro: %+v", pro)
	}
	if cp.ID != "copay" || cp.Name != "Co-Pay" || *cp.PriceCents != 10000 || len(cp.Features) != 8 || cp.Popular || !cp.ProOnly ||
		cp.SavingsPercent != 50 || cp.Features[7].Text != "Support: Mon-Fri 9-5" {
		t.Errorf("Co-Pay: %+v", cp)
	}
	if !reflect.DeepEqual(names(std.Features), names(cp.Features[:4])) || !reflect.DeepEqual(names(pro.Features), names(cp.Features[:6])) {
		t.Error("tiers do not take the first 4 / 6 / 8 of one list")
	}
	// Tiers without a price are left out; a co-pay service without a co-pay price uses retail
	// less the split limit.
	only := SalesTiers(catalog.Service{RetailPriceCents: p64(10000), CopayAllowed: true, RespaSplitLimit: pint(30)}, "")
	if len(only) != 2 || only[0].ID != "retail" || only[1].ID != "copay" || *only[1].PriceCents != 7000 || only[1].SavingsPercent != 30 {
		t.Errorf("retail and computed co-pay: %+v", only)
	}
	if got := SalesTiers(catalog.Service{}, ""); len(got) != 0 {
		t.Errorf("no prices: %+v", got)
	}
	// Without a retail price the service is priced after a consultation (the cart's rule), and
	// an unverified service has no Circle Pro tier (02§7: Pro prices on verified services).
	if got := SalesTiers(catalog.Service{ProPriceCents: p64(5000), IsVerified: true}, ""); len(got) != 0 {
		t.Errorf("pro only: %+v", got)
	}
	if got := SalesTiers(catalog.Service{RetailPriceCents: p64(20000), ProPriceCents: p64(15000)}, ""); len(got) != 1 || got[0].ID != "retail" {
		t.Errorf("unverified with a Pro price: %+v", got)
	}
}

func TestF_CAT_08_OwnPackagesAreShownUpToFour(t *testing.T) {
	var pkgs []catalog.Package
	for i := 0; i < 6; i++ {
		pkgs = append(pkgs, catalog.Package{ID: string(rune('a' + i)), Name: "P", PriceCents: p64(10000), OriginalPriceCents: p64(12500),
			YearlyPriceCents: p64(100000), Duration: "monthly", Features: []catalog.PackageFeature{{Text: "x", Included: true}}, SortOrder: i})
	}
	pkgs[1].Duration = "one-time"
	got := FromPackages(catalog.Service{}, pkgs)
	if len(got) != PackagesShown || got[0].ID != "a" || got[3].ID != "d" || got[0].Default || got[0].SavingsPercent != 20 ||
		got[0].PriceSuffix != "/mo" || got[1].PriceSuffix != "" || *got[0].YearlyPriceCents != 100000 || got[0].Features[0].Text != "x" {
		t.Fatalf("own packages: %+v", got)
	}
}

// card builds a scoring card.
func card(id, category string, retail int64, rating float64, reviews int) *marketplace.Card {
	c := marketplace.Card{ID: id, Category: category, Rating: marketplace.Rating{ServiceID: id, AverageRating: rating, TotalReviews: reviews}}
	if retail > 0 {
		c.RetailPriceCents = p64(retail)
	}
	return &c
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestF_CAT_12_SuggestionScoring(t *testing.T) {
	cur := Candidate{Card: card("cur", "Photography", 10000, 4, 3), ROI: 3}
	cur.Card.CopayAllowed = true

	twin := Candidate{Card: card("twin", "Photography", 10000, 4, 5), ROI: 3}
	twin.Card.IsFeatured, twin.Card.IsTopPick, twin.Card.CopayAllowed = true, true, true
	twin.Card.Vendor = &marketplace.VendorSummary{ID: "v1", IsVerified: true}
	// 50 category + 20 price + 25 rating + 15 featured + 10 verified vendor + 25 top pick + 15 co-pay + 10 ROI.
	if got := Score(cur, twin) - SeededJitter("cur", "twin"); !near(got, 170) {
		t.Errorf("everything alike: %v, want 170", got)
	}

	far := Candidate{Card: card("far", "CRM", 20000, 2, 1), ROI: 6}
	// price closeness 20 x (1 - 10000/20000) = 10; rating 5 x (5 - 2) = 15; ROI 10 x (1 - 3/6) = 5.
	if got := Score(cur, far) - SeededJitter("cur", "far"); !near(got, 30) {
		t.Errorf("different: %v, want 30", got)
	}

	// No rating points unless both are rated; no price or ROI points when either is unknown;
	// a service card's own verified flag counts when it has no vendor.
	bare := Candidate{Card: card("bare", "CRM", 0, 0, 0)}
	bare.Card.IsVerified = true
	if got := Score(cur, bare) - SeededJitter("cur", "bare"); !near(got, 10) {
		t.Errorf("unrated, unpriced: %v, want 10", got)
	}
	// Each flag on its own.
	pick := Candidate{Card: card("pick", "CRM", 0, 0, 0)}
	pick.Card.IsTopPick = true
	feat := Candidate{Card: card("feat", "CRM", 0, 0, 0)}
	feat.Card.IsFeatured = true
	if got := Score(cur, pick) - SeededJitter("cur", "pick"); !near(got, 25) {
		t.Errorf("top pick alone: %v, want 25", got)
	}
	if got := Score(cur, feat) - SeededJitter("cur", "feat"); !near(got, 15) {
		t.Errorf("featured alone: %v, want 15", got)
	}
	// Co-pay counts only when both allow it.
	cur.Card.CopayAllowed = false
	if got := Score(cur, twin) - SeededJitter("cur", "twin"); !near(got, 155) {
		t.Errorf("current without co-pay: %v, want 155", got)
	}
	// A vendor that is not verified earns nothing even when the service card says verified.
	twin.Card.Vendor.IsVerified, twin.Card.IsVerified = false, true
	if got := Score(cur, twin) - SeededJitter("cur", "twin"); !near(got, 145) {
		t.Errorf("unverified vendor: %v, want 145", got)
	}
}

func TestF_CAT_12_SeededRandomIsStable(t *testing.T) {
	seen := map[float64]bool{}
	for i := 0; i < 200; i++ {
		a, b := "svc-a", "svc-"+string(rune('A'+i%26))+string(rune('a'+i/26))
		j := SeededJitter(a, b)
		if j < 0 || j > 5 {
			t.Fatalf("jitter %v out of 0-5", j)
		}
		if j != SeededJitter(a, b) || j != SeededJitter(b, a) {
			t.Fatalf("jitter of %s/%s is not stable", a, b)
		}
		seen[j] = true
	}
	if len(seen) < 150 {
		t.Fatalf("jitter barely varies: %d distinct values of 200", len(seen))
	}
}

func TestF_CAT_12_SuggestRanksTwelveAndIsStable(t *testing.T) {
	cur := Candidate{Card: card("svc-cur", "Photography", 30000, 4.5, 4)}
	pool := []Candidate{cur}
	for i := 0; i < 30; i++ {
		cat := "CRM"
		if i%3 == 0 {
			cat = "Photography"
		}
		c := Candidate{Card: card("svc-"+string(rune('a'+i)), cat, int64(5000+i*2000), float64(i%5)+0.5, 1+i%3)}
		c.Card.IsFeatured = i%7 == 0
		pool = append(pool, c)
	}
	got := Suggest(cur, pool)
	if len(got) != SuggestionsRanked {
		t.Fatalf("suggestions: %d, want %d", len(got), SuggestionsRanked)
	}
	scores := make([]float64, len(got))
	for i, c := range got {
		if c.ID == cur.Card.ID {
			t.Fatal("the current service is suggested")
		}
		for _, p := range pool {
			if p.Card.ID == c.ID {
				scores[i] = Score(cur, p)
			}
		}
	}
	if !sort.SliceIsSorted(scores, func(i, j int) bool { return scores[i] > scores[j] }) {
		t.Fatalf("not best first: %v", scores)
	}
	// Same-category services outrank the rest here (50 points).
	if got[0].Category != "Photography" {
		t.Errorf("best suggestion %s is not in the category", got[0].ID)
	}
	// Stable: the same input gives the same list, whatever the pool order.
	rev := append([]Candidate(nil), pool...)
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	if again := Suggest(cur, rev); !reflect.DeepEqual(ids(again), ids(got)) {
		t.Fatalf("unstable:\n%v\n%v", ids(got), ids(again))
	}
	if few := Suggest(cur, pool[:4]); len(few) != 3 {
		t.Fatalf("small pool: %d", len(few))
	}
}

func ids(cs []marketplace.Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.ID
	}
	return out
}

func TestF_CAT_12_BundleRules(t *testing.T) {
	vendor := func(c *Candidate, id string, verified bool) {
		c.Card.Vendor = &marketplace.VendorSummary{ID: id, IsVerified: verified}
	}
	cur := Candidate{Card: card("cur", "Photography", 30000, 4.5, 2)}
	vendor(&cur, "v-top", true)
	cur.Card.IsFeatured = true

	mk := func(id, cat string, price int64, rating float64, reviews int, vendorID string, verified, featured bool) Candidate {
		c := Candidate{Card: card(id, cat, price, rating, reviews)}
		vendor(&c, vendorID, verified)
		c.Card.IsFeatured = featured
		return c
	}
	pool := []Candidate{
		cur,
		mk("photo-hi", "Photography", 80000, 4.9, 3, "v-mid", false, false),
		mk("photo-mid", "Photography", 20000, 4.0, 3, "v-mid", false, false),
		mk("photo-lo", "Photography", 15000, 3.0, 3, "v-low", false, false),
		mk("photo-quote", "Photography", 0, 5.0, 9, "v-low", false, false), // no price: never bundled
		mk("cheap-a", "CRM", 4900, 4.0, 1, "v-low", false, false),
		mk("cheap-b", "CRM", 9900, 4.0, 1, "v-top", false, false),
		mk("cheap-c", "CRM", 50000, 4.0, 1, "v-mid", false, false), // $500 is still a starter
		mk("cheap-d", "CRM", 50001, 4.0, 1, "v-top", false, false), // $500.01 is not
		mk("cheap-e", "CRM", 99, 5.0, 1, "v-top", false, false),    // under $1 is not
		mk("prem-a", "SEO", 25000, 4.2, 2, "v-top", true, true),
		mk("prem-b", "SEO", 19999, 5.0, 2, "v-top", true, true),  // under $200
		mk("prem-c", "SEO", 90000, 4.8, 2, "v-mid", false, true), // vendor not verified
	}
	bs := Bundles(cur, pool)
	if len(bs) != 3 {
		t.Fatalf("bundles: %+v", bs)
	}
	kinds := map[string]Bundle{}
	for _, b := range bs {
		kinds[b.Kind] = b
		if len(b.Services) < BundleMinSize || len(b.Services) > BundleSize {
			t.Errorf("%s has %d services", b.Kind, len(b.Services))
		}
		var sum int64
		for _, s := range b.Services {
			sum += *s.RetailPriceCents
		}
		if b.OriginalPriceCents != sum || b.BundlePriceCents != (sum*int64(100-b.DiscountPercent)+50)/100 ||
			b.SavingsCents != b.OriginalPriceCents-b.BundlePriceCents || b.SavingsPercentage != b.DiscountPercent {
			t.Errorf("%s prices: %+v", b.Kind, b)
		}
	}
	cat := kinds[BundleCategoryComplete]
	if cat.DiscountPercent != 15 || cat.Category != "Photography" || !reflect.DeepEqual(ids(cat.Services), []string{"cur", "photo-hi", "photo-mid"}) ||
		cat.OriginalPriceCents != 130000 || cat.BundlePriceCents != 110500 {
		t.Errorf("category complete: %+v %v", cat, ids(cat.Services))
	}
	// Starter: $1-$500 by vendor rating (v-top 4.5+... is best), current first.
	st := kinds[BundleStarter]
	if st.DiscountPercent != 20 {
		t.Errorf("starter discount: %d", st.DiscountPercent)
	}
	if st.Services[0].ID != "cur" {
		t.Errorf("starter not anchored on the current service: %v", ids(st.Services))
	}
	for _, s := range st.Services {
		if *s.RetailPriceCents < 100 || *s.RetailPriceCents > 50000 {
			t.Errorf("starter has %s at %d", s.ID, *s.RetailPriceCents)
		}
	}
	pr := kinds[BundlePremium]
	if pr.DiscountPercent != 10 || !reflect.DeepEqual(ids(pr.Services), []string{"cur", "prem-a"}) {
		t.Errorf("premium: %v", ids(pr.Services))
	}

	// Starter picks by vendor rating: v-top's services (cheap-b, prem-a, prem-b; ties by id) come
	// before v-mid's and v-low's.
	vr := func(v string) float64 {
		var sum float64
		n := 0
		for _, c := range pool {
			if c.Card.Vendor.ID == v {
				sum += c.Card.Rating.AverageRating * float64(c.Card.Rating.TotalReviews)
				n += c.Card.Rating.TotalReviews
			}
		}
		return sum / float64(n)
	}
	if !(vr("v-top") > vr("v-mid") && vr("v-mid") > vr("v-low")) {
		t.Fatalf("fixture vendor ratings: top %v mid %v low %v", vr("v-top"), vr("v-mid"), vr("v-low"))
	}
	if !reflect.DeepEqual(ids(st.Services), []string{"cur", "cheap-b", "prem-a"}) {
		t.Errorf("starter by vendor rating: %v", ids(st.Services))
	}

	// Needs 2+: a lone qualifying service makes no bundle; an unpriced current service is left out.
	lone := Candidate{Card: card("lone", "Gifts", 0, 0, 0)}
	if got := Bundles(lone, []Candidate{lone, mk("g2", "Gifts", 0, 4, 1, "v", true, true)}); len(got) != 0 {
		t.Errorf("no priced services: %+v", got)
	}
	one := Candidate{Card: card("one", "Gifts", 100000, 0, 0)}
	if got := Bundles(one, []Candidate{one, mk("g2", "Gifts", 200000, 4, 1, "v", false, false)}); len(got) != 1 || got[0].Kind != BundleCategoryComplete {
		t.Errorf("only the category bundle has 2: %+v", got)
	}
}

func TestF_CAT_10_VendorModalRules(t *testing.T) {
	cases := []struct {
		v    catalog.Vendor
		kind string
		show bool
	}{
		{catalog.Vendor{VendorType: "mortgage_lender"}, DisclosureMortgage, true},
		{catalog.Vendor{VendorType: "lender"}, DisclosureMortgage, true},
		{catalog.Vendor{VendorType: "mortgage_broker"}, DisclosureMortgage, true},
		{catalog.Vendor{VendorType: "title_company"}, DisclosureTitle, true},
		{catalog.Vendor{VendorType: "escrow_company"}, DisclosureTitle, true},
		{catalog.Vendor{VendorType: "insurance_agency"}, DisclosureInsurance, true},
		{catalog.Vendor{VendorType: "photographer"}, DisclosureGeneral, false},
		{catalog.Vendor{VendorType: "photographer", NMLSID: "123"}, DisclosureGeneral, true},
		{catalog.Vendor{VendorType: "", LicenseStates: []string{"TX"}}, DisclosureGeneral, true},
	}
	for _, c := range cases {
		l := LicenceOf(c.v)
		if l.DisclosureKind != c.kind || l.ShowCard != c.show || l.LicenseStates == nil {
			t.Errorf("%+v: %+v", c.v.VendorType, l)
		}
	}
	if s := StatsOf(catalog.Vendor{CoMarketingAgents: 7}, 4.6, 12); s.CampaignsFunded != 48 || s.ActivePartners != 7 || s.AverageRating != 4.6 || s.ReviewCount != 12 {
		t.Errorf("default campaigns: %+v", s)
	}
	if s := StatsOf(catalog.Vendor{CampaignsFunded: 212}, 0, 0); s.CampaignsFunded != 212 {
		t.Errorf("campaigns: %+v", s)
	}
	if IsTopPartner(catalog.Vendor{CoMarketingAgents: 5}) || !IsTopPartner(catalog.Vendor{CoMarketingAgents: 6}) {
		t.Error("Top Partner is above 5")
	}
	yt := Tile(catalog.VendorContent{ContentType: "video_youtube", ContentURL: "https://www.youtube.com/shorts/Tq8mV1rH5gC"})
	if yt.YouTubeID != "Tq8mV1rH5gC" || yt.EmbedURL != "https://www.youtube-nocookie.com/embed/Tq8mV1rH5gC" || yt.ThumbnailURL == "" {
		t.Errorf("youtube tile: %+v", yt)
	}
	vm := Tile(catalog.VendorContent{ContentType: "video_vimeo", ContentURL: "https://vimeo.com/812345670"})
	if vm.VimeoID != "812345670" || vm.YouTubeID != "" {
		t.Errorf("vimeo tile: %+v", vm)
	}
	if doc := Tile(catalog.VendorContent{ContentType: "document", ContentURL: "https://youtu.be/R4vN8kT1wQe"}); doc.YouTubeID != "" {
		t.Errorf("document tile parsed as video: %+v", doc)
	}
}

func TestF_CAT_08_BuildDetail(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	vid := "ven-1"
	svc := catalog.Service{ID: "svc-1", VendorID: &vid, Title: "HDR Photos", Description: "desc", Category: "Photography",
		RetailPriceCents: p64(20000), ProPriceCents: p64(18000), PriceDuration: "monthly", DirectPurchaseEnabled: true,
		EstimatedROI: "TBD", SetupTime: " ", Duration: "", ImageURL: "/img.jpg", IsVerified: true}
	vendor := &catalog.Vendor{ID: vid, Name: "Vendor", WebsiteURL: "https://vendor.example", IsVerified: false, SupportHours: "24/7"}
	disc := &catalog.Disclaimer{ID: "d1", Title: "RESPA", UpdatedAt: now}
	in := Input{Service: svc, Card: marketplace.Card{ID: "svc-1", Category: "Photography", RetailPriceCents: p64(20000)}, Vendor: vendor,
		VendorRating: marketplace.Rating{AverageRating: 4.4, TotalReviews: 9}, Disclaimer: disc}
	d := Build(in)
	if !d.PackagesDefault || len(d.Packages) != 3 || *d.Packages[1].PriceCents != 20000 || len(d.SalesPage.Tiers) != 2 || d.SalesPage.UsesPackages {
		t.Fatalf("defaults: %+v %+v", d.Packages, d.SalesPage)
	}
	if d.SalesPage.Tiers[0].Features[3].Text == "" || d.Packages[2].Features[7].Text != "Support: 24/7" {
		t.Errorf("support hours from the vendor: %+v", d.Packages[2].Features[7])
	}
	// The vendor decides the disclaimer variant and the ROI rules; unknown stats are null (TBD).
	if d.Disclaimer.Variant != DisclaimerUnverified || d.Disclaimer.Record == nil || !d.Disclaimer.Record.UpdatedAt.Equal(now) {
		t.Errorf("disclaimer: %+v", d.Disclaimer)
	}
	if d.Stats.EstimatedROI != nil || d.Stats.SetupTime != nil || d.Stats.TimeToResults != nil || d.Stats.ROIVisible {
		t.Errorf("stats: %+v", d.Stats)
	}
	if d.Sections[1].MessageKey != catalog.KeyROIUnavailable || d.Sections[0].Source != catalog.SourceDescription {
		t.Errorf("sections: %+v", d.Sections)
	}
	// Buy Now needs direct purchase and a website (the vendor's counts).
	if !d.QuickActions.DirectPurchase || d.QuickActions.WebsiteURL != "https://vendor.example" || !d.QuickActions.WebsiteAvailable || !d.QuickActions.HasPricing ||
		d.QuickActions.BookingType != "internal" {
		t.Errorf("quick actions: %+v", d.QuickActions)
	}
	if d.Vendor == nil || d.Vendor.Rating != 4.4 || d.Vendor.ReviewCount != 9 || d.SalesPage.ShowVendorRating {
		t.Errorf("vendor: %+v show rating %v", d.Vendor, d.SalesPage.ShowVendorRating)
	}
	if len(d.Media) != 1 || d.Media[0].URL != "/img.jpg" || d.Headline != "HDR Photos" || d.FAQs == nil || d.Reviews.Reviews == nil {
		t.Errorf("media %+v headline %q", d.Media, d.Headline)
	}

	// With its own packages, a verified vendor, funnel content and no website anywhere.
	vendor.IsVerified, vendor.WebsiteURL = true, ""
	svc.FunnelContent = &catalog.FunnelContent{Headline: "Shine", HeroDescription: "hero", EstimatedROI: 4, Duration: "2 weeks",
		Media: []catalog.FunnelMedia{{URL: "https://youtu.be/R4vN8kT1wQe", Type: "video"}},
		FAQs:  []catalog.FunnelFAQ{{ID: "question-3", Title: "Soon", Content: "fast"}}}
	in.Service = svc
	in.Packages = []catalog.Package{{ID: "p1", Name: "One", PriceCents: p64(5000), YearlyPriceCents: p64(50000), Duration: "monthly"}}
	in.Reviews = Reviews{AverageRating: 5, TotalReviews: 1, Reviews: []catalog.ReviewView{{ID: "r1"}}}
	d = Build(in)
	if d.PackagesDefault || len(d.Packages) != 1 || !d.SalesPage.UsesPackages || len(d.SalesPage.Tiers) != 0 || !d.HasYearly {
		t.Errorf("own packages: %+v %+v", d.Packages, d.SalesPage)
	}
	if d.Disclaimer.Variant != DisclaimerVerified || !d.Stats.ROIVisible || *d.Stats.EstimatedROI != "4x" || *d.Stats.TimeToResults != "2 weeks" {
		t.Errorf("verified: %+v %+v", d.Disclaimer, d.Stats)
	}
	if d.QuickActions.DirectPurchase || d.QuickActions.WebsiteAvailable {
		t.Errorf("no website: %+v", d.QuickActions)
	}
	if d.Headline != "Shine" || d.SubHeadline != "hero" || d.Media[0].YouTubeID != "R4vN8kT1wQe" || !d.SalesPage.ShowVendorRating {
		t.Errorf("funnel: %q %q %+v", d.Headline, d.SubHeadline, d.Media)
	}
	want := []string{catalog.SourceFAQ, catalog.SourceDefault, catalog.SourceFAQ, catalog.SourceDefault, catalog.SourceDefault}
	for i, s := range d.Sections {
		if s.Source != want[i] {
			t.Errorf("section %d: %+v", i+1, s)
		}
	}
	if p := d.Sections[1].Params; d.Sections[1].MessageKey != catalog.KeyROIVerifiedEstimate || p["roi_percent"] != "400" || p["duration"] != "2 weeks" {
		t.Errorf("ROI section: %+v", d.Sections[1])
	}
}

// TestF_PAY_02_OffersFromThePackageCards: the detail answer carries an offer for the service,
// each package card the page shows and each sales-page tier, with the viewer's options in the
// viewer's currency. The default packages carry the Pro price the cart accepts for them (one
// rule since issue 26: 75/100/150% of retail and of the Pro price).
func TestF_PAY_02_OffersFromThePackageCards(t *testing.T) {
	svc := catalog.Service{ID: "svc-1", Title: "HDR Photos", RetailPriceCents: p64(20000), ProPriceCents: p64(18000), PriceDuration: "monthly", IsVerified: true}
	in := Input{Service: svc, Card: marketplace.Card{ID: "svc-1", RetailPriceCents: p64(20000), ProPriceCents: p64(18000)},
		Viewer: Viewer{SignedIn: true, IsPro: true}, ViewerPoints: 100, Money: pricing.Converter{Currency: pricing.CAD, RateE4: 13800}}
	d := Build(in)
	var got []string
	for _, o := range d.Offers {
		got = append(got, fmt.Sprintf("%s%v:%s", o.PackageID, o.RequestNames, o.DefaultCoverage))
	}
	want := []string{"[]:pro", "default-basic[basic default-basic]:pro", "default-standard[standard default-standard]:pro",
		"default-premium[premium default-premium]:pro", "pro[circle pro]:pro", "copay[co-pay]:pro"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("offers %q, want %q", got, want)
	}
	if o := d.Offers[0].CoverageOptions; o[0].Coverage != "pro" || o[0].Price.Display != "C$248" || o[1].Coverage != "points" || !o[1].Eligible || o[1].PointsNeeded != 90 {
		// 02§5 points usable: no vendor counts as non-SSP, so points pay at most 50% of C$180 -> 90 points; 100 are enough.
		t.Fatalf("options %+v", o)
	}
}
