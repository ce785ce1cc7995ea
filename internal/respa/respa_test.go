package respa

import (
	"strings"
	"testing"

	"circle/internal/points"
	"circle/internal/pricing"
)

func ip(v int) *int             { return &v }
func cp(v int64) *int64         { return &v }
func copay() Terms              { return Terms{CopayAllowed: true, SSPAllowed: true} }
func with(f func(*Terms)) Terms { t := copay(); f(&t); return t }

// F-PAY-06: SSP and non-SSP vendor types.
func TestF_PAY_06_KindOf(t *testing.T) {
	cases := []struct {
		vendorType string
		want       VendorKind
		cite       string
	}{
		{"lender", SSP, "02§5 line 175 SSP types"},
		{"mortgage_lender", SSP, "02§5 line 175"},
		{"title_company", SSP, "02§5 line 175"},
		{"escrow_company", SSP, "02§5 line 175"},
		{"settlement_agent", SSP, "02§5 line 175"},
		{"mortgage_broker", SSP, "02§5 line 175"},
		{"real_estate_attorney", SSP, "02§5 line 175"},
		{" Lender ", SSP, "02§5 line 175 (case and spaces ignored)"},
		{"inspector", NonSSP, "02§5 line 175 non-SSP types"},
		{"photographer", NonSSP, "02§5 line 175"},
		{"general", NonSSP, "02§5 line 175"},
		{"", NonSSP, "02§5 line 175: a missing type counts as non-SSP"},
		{"florist", NonSSP, "02§5 line 175: an unknown type is not an SSP"},
	}
	for _, c := range cases {
		if got := KindOf(c.vendorType); got != c.want {
			t.Errorf("%s: KindOf(%q) = %s, want %s", c.cite, c.vendorType, got, c.want)
		}
	}
}

// F-PAY-06: split caps.
func TestF_PAY_06_SplitLimit(t *testing.T) {
	cases := []struct {
		name  string
		terms Terms
		kind  VendorKind
		want  Cap
		cite  string
	}{
		{"non-SSP default", copay(), NonSSP, Cap{70, CapNonSSP}, "02§9 line 264: default non-SSP max split 70%"},
		{"SSP default", copay(), SSP, Cap{20, CapSSP}, "shared decisions 'settlement-provider (SSP) cap': stricter of 50/20 = 20% (02§9 line 264)"},
		{"service non-SSP cap", with(func(t *Terms) { t.MaxSplitNonSSP = ip(60) }), NonSSP, Cap{60, CapNonSSP}, "shared decisions: non-SSP at max_split_percentage_non_ssp"},
		{"service SSP cap", with(func(t *Terms) { t.MaxSplitSSP = ip(15) }), SSP, Cap{15, CapSSP}, "shared decisions: SSP at max_split_percentage_ssp"},
		{"split limit lowers", with(func(t *Terms) { t.RespaSplitLimit = ip(40) }), NonSSP, Cap{40, CapServiceLimit}, "shared decisions: respa_split_limit can only lower a cap"},
		{"split limit cannot raise", with(func(t *Terms) { t.RespaSplitLimit = ip(50) }), SSP, Cap{20, CapSSP}, "shared decisions: respa_split_limit can only lower a cap"},
		{"equal limit: type cap named", with(func(t *Terms) { t.RespaSplitLimit = ip(70) }), NonSSP, Cap{70, CapNonSSP}, "shared decisions (tie keeps the type reason)"},
		{"vendor max lowers", with(func(t *Terms) { t.RespaSplitLimit = ip(50); t.MaxVendorSplit = ip(40) }), NonSSP, Cap{40, CapVendorMax}, "02§3 max_vendor_split_percentage; 02§4 line 152"},
		{"no co-pay", Terms{SSPAllowed: true, RespaSplitLimit: ip(50)}, NonSSP, Cap{0, CapCopayNotAllowed}, "02§5 line 168: copay_allowed"},
		{"SSP not allowed", with(func(t *Terms) { t.SSPAllowed = false }), SSP, Cap{0, CapSSPNotAllowed}, "02§3 ssp_allowed (decision: false bars SSP partners)"},
		{"SSP not allowed, non-SSP fine", with(func(t *Terms) { t.SSPAllowed = false }), NonSSP, Cap{70, CapNonSSP}, "02§3 ssp_allowed"},
		{"stored co-pay price lowers", with(func(t *Terms) { t.RetailCents = cp(300_00); t.CoPayCents = cp(240_00) }), NonSSP, Cap{20, CapCoPayPrice}, "02§9 line 266: never below the stored co-pay price"},
		{"stored co-pay price at the limit", with(func(t *Terms) { t.RespaSplitLimit = ip(50); t.RetailCents = cp(99_99); t.CoPayCents = cp(49_99) }), NonSSP, Cap{50, CapServiceLimit}, "demo prices: floor(retail x (1 - split)) leaves the split as it is"},
		{"out of range clamps", with(func(t *Terms) { t.MaxSplitNonSSP = ip(150) }), NonSSP, Cap{100, CapNonSSP}, "percentages are 0-100"},
	}
	for _, c := range cases {
		if got := SplitLimit(c.terms, c.kind); got != c.want {
			t.Errorf("%s (%s): SplitLimit = %+v, want %+v", c.name, c.cite, got, c.want)
		}
	}
}

// F-PAY-05: the request slider and default split.
func TestF_PAY_05_SliderAndDefaultRequest(t *testing.T) {
	if s := SliderFor(copay()); s != (Slider{Min: 10, Step: 5, Max: 80, Initial: 50}) {
		t.Errorf("02§5 line 167 without a limit: %+v", s)
	}
	if s := SliderFor(with(func(t *Terms) { t.RespaSplitLimit = ip(35) })); s != (Slider{Min: 10, Step: 5, Max: 35, Initial: 35}) {
		t.Errorf("02§5 line 167 with a limit of 35: %+v", s)
	}
	if d := DefaultRequest(copay()); d != 50 {
		t.Errorf("02§9 line 264 default split = %d, want 50", d)
	}
	if d := DefaultRequest(with(func(t *Terms) { t.RespaSplitLimit = ip(30) })); d != 30 {
		t.Errorf("02§9 line 264 default split = %d, want the limit 30", d)
	}
}

// F-PAY-06: risk classification.
func TestF_PAY_06_Classify(t *testing.T) {
	cases := []struct {
		regulated   bool
		level, text string
		want        RiskLevel
		source      RiskSource
		cite        string
	}{
		{false, "high", "Mortgage pre-approval", Low, SourceNotRegulated, "02§5 line 177: not regulated gives low"},
		{true, "medium", "Mortgage pre-approval", Medium, SourceLevel, "02§5 line 177: a risk level gives that level"},
		{true, "HIGH", "", High, SourceLevel, "02§5 line 177"},
		{true, "", "Mortgage pre-approval", High, SourceKeywords, "02§5 line 177: high keyword mortgage"},
		{true, "", "Renovation loans for buyers", High, SourceKeywords, "02§5 line 177: loan (high) beats renovation (medium)"},
		{true, "", "Title insurance", High, SourceKeywords, "02§5 line 177: title"},
		{true, "", "Home inspections", High, SourceKeywords, "02§5 line 177: inspection"},
		{true, "", "Appraisal review", High, SourceKeywords, "02§5 line 177: appraisal"},
		{true, "", "Real estate attorney", High, SourceKeywords, "02§5 line 177: attorney"},
		{true, "", "Escrow services", High, SourceKeywords, "02§5 line 177: escrow"},
		{true, "", "Home warranty plans", Medium, SourceKeywords, "02§5 line 177: warranty"},
		{true, "", "Contractor network", Medium, SourceKeywords, "02§5 line 177: contractor"},
		{true, "", "Smart home security", Medium, SourceKeywords, "02§5 line 177: security"},
		{true, "", "Repairs before listing", Medium, SourceKeywords, "02§5 line 177: repair"},
		{true, "", "Listing photography", Low, SourceKeywords, "02§5 line 177: else low"},
		{true, "bogus", "Subtitled videos", Low, SourceKeywords, "02§5 line 177: unknown level is a guess; 'subtitled' is not 'title'"},
	}
	for _, c := range cases {
		got := Classify(c.regulated, c.level, c.text)
		if got.Level != c.want || got.Source != c.source || got.Regulated != c.regulated {
			t.Errorf("%s: Classify(%v, %q, %q) = %+v, want %s by %s", c.cite, c.regulated, c.level, c.text, got, c.want, c.source)
		}
	}
}

// F-PAY-06: the co-pay display rule, shared by cards, detail and cart.
func TestF_PAY_06_CoPayPrice(t *testing.T) {
	cases := []struct {
		name  string
		terms Terms
		want  int64
		ok    bool
		cite  string
	}{
		{"not verified: retail base", with(func(t *Terms) { t.RespaSplitLimit = ip(40); t.RetailCents = cp(300_00) }), 180_00, true, "02§5 line 168; 02§9 line 265 price x (1 - 40/100)"},
		{"verified with a Pro price: retail money", with(func(t *Terms) {
			t.RespaSplitLimit = ip(50)
			t.IsVerified = true
			t.RetailCents = cp(300_00)
			t.ProCents = cp(250_00)
		}), 150_00, true, "02§5 line 168 gate; 02§4 line 152 and 02§9 line 265: retail x (1 - split/100)"},
		{"verified without Pro price", with(func(t *Terms) { t.RespaSplitLimit = ip(50); t.IsVerified = true; t.RetailCents = cp(300_00) }), 0, false, "02§5 line 168: no usable base price"},
		{"no split limit", with(func(t *Terms) { t.RetailCents = cp(300_00) }), 0, false, "02§5 line 168: a split limit must exist"},
		{"copay not allowed", Terms{RespaSplitLimit: ip(50), RetailCents: cp(300_00)}, 0, false, "02§5 line 168: copay_allowed"},
		{"stored price higher wins", with(func(t *Terms) { t.RespaSplitLimit = ip(50); t.RetailCents = cp(300_00); t.CoPayCents = cp(200_00) }), 201_00, true, "02§9 line 266: never below the stored price (it caps the split at 33%, whole percents)"},
		{"stored price lower loses", with(func(t *Terms) { t.RespaSplitLimit = ip(50); t.RetailCents = cp(300_00); t.CoPayCents = cp(100_00) }), 150_00, true, "02§9 line 266"},
		{"limit above every cap", with(func(t *Terms) { t.RespaSplitLimit = ip(80); t.RetailCents = cp(100_00) }), 30_00, true, "shared decisions: the co-pay price uses the approved share (non-SSP 70%)"},
		{"vendor share rounds down", with(func(t *Terms) { t.RespaSplitLimit = ip(15); t.RetailCents = cp(99_99) }), 85_00, true, "rounding rule: vendor 14.9985 -> 14.99, agent 85.00"},
	}
	for _, c := range cases {
		got, ok := CoPayPrice(c.terms)
		if got != c.want || ok != c.ok {
			t.Errorf("%s (%s): CoPayPrice = %d, %v; want %d, %v", c.name, c.cite, got, ok, c.want, c.ok)
		}
	}
}

// F-PAY-06 / F-PAY-07: calculate_respa_compliant_usage and the three coverage kinds.
func TestF_PAY_06_CompliantUsage(t *testing.T) {
	limit50 := with(func(t *Terms) { t.RespaSplitLimit = ip(50) })
	cases := []struct {
		name string
		in   Usage
		want Breakdown
		cite string
	}{
		{"non-SSP at the default split, no points", Usage{Terms: limit50, TotalCents: 300_00, PartnerName: "ListingLoop", PartnerKind: NonSSP},
			Breakdown{RequestedPercent: 50, CapPercent: 50, CapReason: CapServiceLimit, SplitPercent: 50, VendorShareCents: 150_00, AgentShareCents: 150_00,
				RequestCents: 150_00, CoverageKind: VendorOnly, NonRespaPortionCents: 150_00, AgentPaysCents: 150_00},
			"02§9 line 264 default split = limit; 02§4 line 152 vendor_only; 02§3 line 121 non_respa_portion"},
		{"SSP asked 40, capped at 20", Usage{Terms: limit50, TotalCents: 300_00, PartnerName: "Harborline", PartnerKind: SSP, RequestedSplit: 40},
			Breakdown{RequestedPercent: 40, CapPercent: 20, CapReason: CapSSP, Capped: true, SplitPercent: 20, VendorShareCents: 60_00, AgentShareCents: 240_00,
				RequestCents: 60_00, CoverageKind: VendorOnly, RespaPortionCents: 60_00, AgentPaysCents: 240_00},
			"shared decisions: approved = min(requested, limit, type cap); SSP 20%; 02§3 line 121 respa_portion"},
		{"points cover the whole share", Usage{Terms: limit50, TotalCents: 300_00, PartnerKind: NonSSP, RequestedSplit: 40, PointsAvailable: 2500},
			Breakdown{RequestedPercent: 40, CapPercent: 50, CapReason: CapServiceLimit, SplitPercent: 40, VendorShareCents: 120_00, AgentShareCents: 180_00,
				PointsUsable: 120, PointsCents: 120_00, CoverageKind: FullCoverage, NonRespaPortionCents: 120_00, AgentPaysCents: 180_00},
			"02§4 line 152: points cover the share -> full_coverage; points never exceed the share"},
		{"some points", Usage{Terms: limit50, TotalCents: 300_00, PartnerKind: NonSSP, RequestedSplit: 40, PointsAvailable: 100},
			Breakdown{RequestedPercent: 40, CapPercent: 50, CapReason: CapServiceLimit, SplitPercent: 40, VendorShareCents: 120_00, AgentShareCents: 180_00,
				PointsUsable: 100, PointsCents: 100_00, RequestCents: 20_00, CoverageKind: PartialCoverage, NonRespaPortionCents: 120_00, AgentPaysCents: 180_00},
			"02§4 line 152: some points -> partial_coverage, request for the remainder"},
		{"odd cents: vendor rounds down, whole points", Usage{Terms: limit50, TotalCents: 299_99, PartnerKind: NonSSP, RequestedSplit: 45, PointsAvailable: 500},
			Breakdown{RequestedPercent: 45, CapPercent: 50, CapReason: CapServiceLimit, SplitPercent: 45, VendorShareCents: 134_99, AgentShareCents: 165_00,
				PointsUsable: 134, PointsCents: 134_00, RequestCents: 99, CoverageKind: PartialCoverage, NonRespaPortionCents: 134_99, AgentPaysCents: 165_00},
			"rounding rule (package doc); 1 point = $1 (shared decisions 'point value')"},
		{"co-pay not allowed", Usage{Terms: Terms{}, TotalCents: 300_00, PartnerKind: NonSSP, PointsAvailable: 500},
			Breakdown{RequestedPercent: 50, CapPercent: 0, CapReason: CapCopayNotAllowed, Capped: true, SplitPercent: 0, AgentShareCents: 300_00,
				CoverageKind: NoCoverage, AgentPaysCents: 300_00},
			"02§5 line 168: copay_allowed"},
		{"full amount covered", Usage{Terms: with(func(t *Terms) { t.RespaSplitLimit = ip(100); t.MaxSplitNonSSP = ip(100) }), TotalCents: 50_00, PartnerKind: NonSSP, PointsAvailable: 50},
			Breakdown{RequestedPercent: 100, CapPercent: 100, CapReason: CapNonSSP, SplitPercent: 100, VendorShareCents: 50_00, PointsUsable: 50, PointsCents: 50_00,
				CoverageKind: FullCoverage, NonRespaPortionCents: 50_00, CanCoverFullAmount: true},
			"02§3 line 121 can_cover_full_amount; 02§5 line 169"},
	}
	for _, c := range cases {
		got := CompliantUsage(c.in)
		c.want.PartnerName, c.want.PartnerKind, c.want.TotalCents = c.in.PartnerName, c.in.PartnerKind, c.in.TotalCents
		if got != c.want {
			t.Errorf("%s (%s):\n got %+v\nwant %+v", c.name, c.cite, got, c.want)
		}
		if got.VendorShareCents+got.AgentShareCents != got.TotalCents || got.PointsCents+got.RequestCents != got.VendorShareCents {
			t.Errorf("%s: shares do not add up: %+v", c.name, got)
		}
		if got.VendorShareCents*100 > int64(got.CapPercent)*got.TotalCents {
			t.Errorf("%s: vendor share %d above the cap %d%% of %d", c.name, got.VendorShareCents, got.CapPercent, got.TotalCents)
		}
	}
}

// F-PAY-06: the plain-language explanation in en, es and fr.
func TestF_PAY_06_Explain(t *testing.T) {
	limit50 := with(func(t *Terms) { t.RespaSplitLimit = ip(50) })
	harbor := CompliantUsage(Usage{Terms: limit50, TotalCents: 300_00, PartnerName: "Harborline", PartnerKind: SSP, RequestedSplit: 40})
	loop := CompliantUsage(Usage{Terms: limit50, TotalCents: 300_00, PartnerName: "ListingLoop", PartnerKind: NonSSP, RequestedSplit: 40, PointsAvailable: 100})
	cases := []struct {
		b    Breakdown
		lang string
		want string
	}{
		{harbor, "en", "Harborline covers 20% ($60); you pay $240; capped at 20% because Harborline is a settlement service provider (you asked for 40%)."},
		{harbor, "es-MX", "Harborline cubre el 20% ($60); usted paga $240; con un tope del 20% porque Harborline es un proveedor de servicios de liquidación (usted pidió el 40%)."},
		{harbor, "fr", "Harborline prend en charge 20\u00a0% (60\u00a0$) ; vous payez 240\u00a0$ ; plafonné à 20\u00a0% parce que Harborline est un prestataire de services de règlement (vous avez demandé 40\u00a0%)."},
		{loop, "en", "ListingLoop covers 40% ($120); you pay $180; capped at 50%, this service's co-pay split limit; 100 of your points from ListingLoop pay $100 of that share and ListingLoop is asked for the remaining $20."},
		{CompliantUsage(Usage{Terms: Terms{}, TotalCents: 300_00, PartnerName: "X"}), "en", "X cannot cover any of this service; you pay $300; this service does not offer co-pay."},
		{CompliantUsage(Usage{Terms: copay(), TotalCents: 300_00, PartnerKind: SSP}), "en", "A settlement service provider partner covers 20% ($60); you pay $240; capped at 20%, the limit for settlement service providers (you asked for 50%)."},
	}
	for _, c := range cases {
		if got := Explain(c.b, c.lang); got != c.want {
			t.Errorf("Explain(%s):\n got %q\nwant %q", c.lang, got, c.want)
		}
	}
	// Every template exists in every language.
	for lang, m := range explainText {
		for k := range explainText["en"] {
			if strings.TrimSpace(m[k]) == "" {
				t.Errorf("%s lacks %s", lang, k)
			}
		}
	}
}

// F-PAY-06: a Canadian viewer reads the explanation's amounts in C$ (03§9), like other prices.
func TestF_PAY_06_ExplainInViewerCurrency(t *testing.T) {
	b := CompliantUsage(Usage{Terms: with(func(t *Terms) { t.RespaSplitLimit = ip(40) }), TotalCents: 300_00, PartnerName: "Harborline", PartnerKind: NonSSP})
	got := ExplainIn(b, pricing.Converter{Currency: pricing.CAD, RateE4: 13_500, Lang: "en"})
	if !strings.HasPrefix(got, "Harborline covers 40% (C$162); you pay C$243;") {
		t.Errorf("CAD: %q", got)
	}
	if Explain(b, "en") != ExplainIn(b, pricing.Converter{Lang: "en"}) {
		t.Error("Explain is ExplainIn in US dollars")
	}
}

// F-PAY-06: over a grid of totals, requests, caps and points, a breakdown always adds up, the
// vendor never pays above its cap, points never exceed the share or the points held, and the
// coverage kind matches the amounts.
func TestF_PAY_06_CompliantUsageInvariants(t *testing.T) {
	terms := []Terms{copay(), Terms{}, with(func(t *Terms) { t.RespaSplitLimit = ip(35); t.MaxVendorSplit = ip(25) }),
		with(func(t *Terms) { t.SSPAllowed = false; t.MaxSplitNonSSP = ip(100) }),
		with(func(t *Terms) { t.RetailCents = cp(99_99); t.CoPayCents = cp(61_23) })}
	n := 0
	for _, tm := range terms {
		for _, total := range []int64{0, 1, 99, 100, 101, 12_345, 99_999, 1_000_000_01} {
			for req := 0; req <= 100; req += 5 {
				for _, kind := range []VendorKind{SSP, NonSSP} {
					for _, pts := range []int64{-5, 0, 1, 7, 123, 1_000_000} {
						b := CompliantUsage(Usage{Terms: tm, TotalCents: total, PartnerKind: kind, RequestedSplit: req, PointsAvailable: pts})
						n++
						ok := b.VendorShareCents+b.AgentShareCents == total && b.PointsCents+b.RequestCents == b.VendorShareCents &&
							b.VendorShareCents*100 <= int64(b.CapPercent)*total && b.SplitPercent <= b.CapPercent &&
							b.PointsUsable >= 0 && b.PointsUsable <= max(pts, 0) && b.PointsCents == b.PointsUsable*points.CentsPerPoint &&
							b.RespaPortionCents+b.NonRespaPortionCents == b.VendorShareCents && b.AgentPaysCents == b.AgentShareCents &&
							(b.CoverageKind == NoCoverage) == (b.VendorShareCents == 0) &&
							(b.CoverageKind == FullCoverage) == (b.VendorShareCents > 0 && b.RequestCents == 0) &&
							(b.CoverageKind == VendorOnly) == (b.VendorShareCents > 0 && b.PointsUsable == 0 && b.RequestCents > 0)
						if !ok {
							t.Fatalf("terms %+v total %d req %d kind %s points %d: %+v", tm, total, req, kind, pts, b)
						}
					}
				}
			}
		}
	}
	if n < 10_000 {
		t.Fatalf("only %d cases", n)
	}
}
