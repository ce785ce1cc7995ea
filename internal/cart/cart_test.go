package cart

import (
	"errors"
	"slices"
	"testing"

	"circle/internal/apperr"
	"circle/internal/catalog"
	"circle/internal/pricing"
)

func c(v int64) *int64 { return &v }
func b(v bool) *bool   { return &v }

var (
	hdr = catalog.Service{ID: "svc-hdr", Title: "HDR Photos", IsActive: true, IsVerified: true, PriceDuration: "one time",
		RetailPriceCents: c(225_00), ProPriceCents: c(189_00), CoPayPriceCents: c(112_50),
		// Co-pay is priced only with copay_allowed and a split limit (02§5 line 168).
		CopayAllowed: true, RespaSplitLimit: func() *int { v := 50; return &v }()}
	hdrPkgs = []catalog.Package{
		{ID: "pkg-sig", ServiceID: "svc-hdr", Name: "Signature", PriceCents: c(349_00), ProPriceCents: c(297_00), YearlyPriceCents: c(3490_00)},
		{ID: "pkg-pro", ServiceID: "svc-hdr", Name: "Estate", PriceCents: c(595_00), ProOnly: true},
		{ID: "pkg-quote", ServiceID: "svc-hdr", Name: "Custom", RequestPricing: true},
	}
	quoteSvc = catalog.Service{ID: "svc-q", Title: "Moves", IsActive: true, RequiresQuote: true}
)

func keyOf(err error) string {
	var e *apperr.Error
	if errors.As(err, &e) && len(e.Fields) > 0 {
		return e.Fields[0].Key
	}
	if err != nil {
		return err.Error()
	}
	return ""
}

// TestF_PAY_03_PriceCheckRules: the before-purchase checks of 02§5 on every kind of line.
func TestF_PAY_03_PriceCheckRules(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		svc      catalog.Service
		pkg      string
		req      AddRequest
		pro      bool
		key      string
		kind     string
		yearly   bool
		quantity int
	}{
		{"retail", hdr, "", AddRequest{PriceCents: c(225_00)}, false, "", "retail", false, 1},
		{"Pro price without coverage", hdr, "", AddRequest{PriceCents: c(189_00)}, false, "", "pro", false, 1},
		{"co-pay price", hdr, "", AddRequest{PriceCents: c(112_50)}, false, "", "copay", false, 1},
		{"tampered", hdr, "", AddRequest{PriceCents: c(1_00)}, false, KeyPriceMismatch, "", false, 0},
		{"no price", hdr, "", AddRequest{}, false, KeyPricingError, "", false, 0},
		{"zero price", hdr, "", AddRequest{PriceCents: c(0)}, false, KeyPricingError, "", false, 0},
		{"negative price", hdr, "", AddRequest{PriceCents: c(-225_00)}, false, KeyPricingError, "", false, 0},
		{"retail coverage at the Pro price", hdr, "", AddRequest{PriceCents: c(189_00), Coverage: CoverageRetail}, false, KeyPriceMismatch, "", false, 0},
		{"Pro coverage, not Pro", hdr, "", AddRequest{PriceCents: c(189_00), Coverage: CoveragePro}, false, KeyProRequired, "", false, 0},
		{"Pro coverage, Pro", hdr, "", AddRequest{PriceCents: c(189_00), Coverage: CoveragePro, Quantity: 3}, true, "", "pro", false, 3},
		{"package", hdr, "pkg-sig", AddRequest{PriceCents: c(349_00)}, false, "", "retail", false, 1},
		{"package yearly", hdr, "pkg-sig", AddRequest{PriceCents: c(3490_00)}, false, "", "retail", true, 1},
		{"package yearly Pro", hdr, "pkg-sig", AddRequest{PriceCents: c(2970_00), Coverage: CoveragePro}, true, "", "pro", true, 1},
		{"package monthly price asked as yearly", hdr, "pkg-sig", AddRequest{PriceCents: c(349_00), Yearly: b(true)}, false, KeyPriceMismatch, "", false, 0},
		{"service price on a package", hdr, "pkg-sig", AddRequest{PriceCents: c(225_00)}, false, KeyPriceMismatch, "", false, 0},
		{"Pro-only package, not Pro", hdr, "pkg-pro", AddRequest{PriceCents: c(595_00)}, false, KeyProOnlyPackage, "", false, 0},
		{"Pro-only package, Pro", hdr, "pkg-pro", AddRequest{PriceCents: c(595_00), Coverage: CoverageRetail}, true, "", "retail", false, 1},
		{"package asking for pricing", hdr, "pkg-quote", AddRequest{Quantity: 4}, false, "", "quote", false, 1},
		{"quote service", quoteSvc, "", AddRequest{PriceCents: c(5_00), Quantity: 2}, false, "", "quote", false, 1},
		{"quote service with a coverage", quoteSvc, "", AddRequest{Coverage: CoverageRetail}, false, KeyQuoteCoverage, "", false, 0},
		{"default package", hdr, "default-premium", AddRequest{}, false, KeyUnknownPackage, "", false, 0},
		{"quantity 100", hdr, "", AddRequest{PriceCents: c(225_00), Quantity: 100}, false, "validation.range", "", false, 0},
		{"unknown coverage", hdr, "", AddRequest{PriceCents: c(225_00), Coverage: "coupon"}, false, "validation.enum", "", false, 0},
		{"sales tier Standard", hdr, "retail", AddRequest{PriceCents: c(225_00)}, false, "", "retail", false, 1},
		{"sales tier Circle Pro, not Pro", hdr, "pro", AddRequest{PriceCents: c(189_00)}, false, KeyProOnlyPackage, "", false, 0},
		{"sales tier Circle Pro, Pro", hdr, "pro", AddRequest{PriceCents: c(189_00), Coverage: CoveragePro}, true, "", "pro", false, 1},
		{"sales tier Co-Pay, Pro", hdr, "copay", AddRequest{PriceCents: c(112_50)}, true, "", "copay", false, 1},
		{"inactive", catalog.Service{ID: "x", RetailPriceCents: c(1_00)}, "", AddRequest{PriceCents: c(1_00)}, false, KeyServiceInactive, "", false, 0},
	}
	for _, tc := range cases {
		offer, err := ResolveOffer(tc.svc, hdrPkgs, tc.pkg)
		if tc.svc.ID == "svc-q" {
			offer, err = ResolveOffer(tc.svc, nil, tc.pkg)
		}
		var item Item
		if err == nil {
			item, err = Check(tc.svc, offer, tc.req, tc.pro)
		}
		if keyOf(err) != tc.key {
			t.Errorf("%s: error %v, want key %q", tc.name, err, tc.key)
			continue
		}
		if tc.key == "" && (item.PriceKind != tc.kind || item.Yearly != tc.yearly || item.Quantity != tc.quantity) {
			t.Errorf("%s: %+v", tc.name, item)
		}
	}
	// Default packages exist for services without tiers.
	offer, err := ResolveOffer(hdr, nil, "default-premium")
	if err != nil || offer.PackageName != "Premium" {
		t.Fatalf("default package: %+v %v", offer, err)
	}
	if it, err := Check(hdr, offer, AddRequest{PriceCents: c(337_50)}, false); err != nil || it.PackageName != "Premium" {
		t.Fatalf("default package price 150%% of retail: %+v %v", it, err)
	}
	if id, ok := PackageByName(hdr, nil, " standard "); !ok || id != "default-standard" {
		t.Fatalf("default package by name: %q %v", id, ok)
	}
	if id, ok := PackageByName(hdr, hdrPkgs, "SIGNATURE"); !ok || id != "pkg-sig" {
		t.Fatalf("package by name: %q %v", id, ok)
	}
}

// TestF_PAY_03_CartViewTotalsAndBadges: totals count only lines ready to pay; badges and the
// coverage options follow the line and the viewer.
func TestF_PAY_03_CartViewTotalsAndBadges(t *testing.T) {
	t.Parallel()
	lines := map[string]Line{
		"svc-hdr": {Service: hdr, Vendor: &catalog.Vendor{Name: "ListingLoop"}, Packages: hdrPkgs},
		"svc-q":   {Service: quoteSvc},
	}
	aff := hdr
	aff.ID, aff.IsAffiliate, aff.WebsiteURL = "svc-aff", true, "https://vendor.example/buy"
	lines["svc-aff"] = Line{Service: aff}
	items := []Item{
		{ID: "1", ServiceID: "svc-hdr", Coverage: CoverageRetail, PriceKind: "retail", Quantity: 2, UnitPriceCents: 1},
		{ID: "2", ServiceID: "svc-hdr", PackageID: "pkg-sig", PackageName: "Signature", PriceKind: "retail", Quantity: 1, UnitPriceCents: 349_00},
		{ID: "3", ServiceID: "svc-q", PriceKind: "quote", Quantity: 1},
		{ID: "4", ServiceID: "svc-gone", Coverage: CoverageRetail, Quantity: 1, UnitPriceCents: 10_00},
		{ID: "5", ServiceID: "svc-aff", Coverage: CoveragePro, PriceKind: "pro", Quantity: 1, UnitPriceCents: 189_00},
	}
	v := Build(items, lines, pricing.NewConverter(pricing.Auto, "TX", 13800, "en"), true)
	if v.Subtotal.Cents != 2*225_00+189_00 || v.PendingCoverageCount != 2 || v.ConsultationCount != 1 || v.ItemCount != 6 || v.ReadyForCheckout || v.Currency != "USD" {
		t.Fatalf("totals: %+v", v)
	}
	byID := map[string]CartItemView{}
	for _, it := range v.Items {
		byID[it.ID] = it
	}
	if it := byID["1"]; it.UnitPrice.Cents != 225_00 || it.LineTotal.Cents != 450_00 || it.CoverageStatus != StatusApproved || it.Vendor != "ListingLoop" {
		t.Errorf("server price, not the stored one: %+v", it)
	}
	if it := byID["2"]; !slices.Equal(it.Badges, []string{BadgeNeedsCoverage}) || it.Title != "HDR Photos - Signature Package" || it.PriceSuffix != "" {
		t.Errorf("pending line: %+v", it)
	}
	if it := byID["3"]; !slices.Equal(it.Badges, []string{BadgeConsultation}) || it.QuantityEditable || !it.RequiresConsultation {
		t.Errorf("quote line: %+v", it)
	}
	if it := byID["4"]; it.Available || it.Vendor != "Unknown Vendor" {
		t.Errorf("a service that is gone: %+v", it)
	}
	if it := byID["5"]; !slices.Equal(it.Badges, []string{BadgeVendorWebsite}) || it.AffiliateURL == "" || it.SavingsPercent != 16 || it.RetailUnitPrice.Cents != 225_00 {
		t.Errorf("affiliate Pro line: %+v", it)
	}
	v = Build(items[:1], lines, pricing.NewConverter(pricing.Auto, "QC", 13800, "fr"), false)
	if !v.ReadyForCheckout || v.Subtotal.Currency != pricing.CAD || v.Subtotal.Cents != 2*310_50 || v.Items[0].CoverageOptions[1].Available {
		t.Fatalf("Canadian agent: %+v", v)
	}
}

// TestF_PAY_07_CartPointsLineShowsCashShare: a points line of the $189 Pro price shows what
// checkout charges (spec 02-catalogue-and-buying.md line 169: points needed equal the price,
// capped at the split-limit percent, default 50, of the Pro price for a vendor that is not a
// settlement provider): 95 points pay $95, the line total and the subtotal are the $94 cash
// share; a settlement provider's points pay the whole price.
func TestF_PAY_07_CartPointsLineShowsCashShare(t *testing.T) {
	t.Parallel()
	items := []Item{{ID: "1", ServiceID: "svc-hdr", Coverage: CoveragePoints, PriceKind: "points", Quantity: 1, UnitPriceCents: 189_00}}
	for _, c := range []struct {
		name        string
		vendorType  string
		pts, cash   int64
		pointsCents int64
	}{
		{"line 169: not a settlement provider, capped at 50% (rounded up)", "photographer", 95, 94_00, 95_00},
		{"line 169: a settlement provider's points pay the price", "title_company", 189, 0, 189_00},
	} {
		t.Run(c.name, func(t *testing.T) {
			lines := map[string]Line{"svc-hdr": {Service: hdr, Vendor: &catalog.Vendor{Name: "ListingLoop", VendorType: c.vendorType}, Packages: hdrPkgs}}
			v := Build(items, lines, pricing.NewConverter(pricing.Auto, "TX", 13800, "en"), true)
			it := v.Items[0]
			if it.UnitPrice.Cents != 189_00 || it.PointsUsed != c.pts || it.PointsShare == nil || it.PointsShare.Cents != c.pointsCents ||
				it.LineTotal.Cents != c.cash || v.Subtotal.Cents != c.cash {
				t.Fatalf("points line %+v, subtotal %+v", it, v.Subtotal)
			}
		})
	}
}
