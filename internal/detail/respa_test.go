package detail

import (
	"strings"
	"testing"

	"circle/internal/catalog"
	"circle/internal/pricing"
	"circle/internal/respa"
)

// F-PAY-06: the detail answer carries the RESPA classification for everyone and, for a Pro
// viewer, the default split per partner kind with its explanation (02§5 lines 167-177, 02§9
// line 264); the price it gives is the Co-Pay tier's price.
func TestF_PAY_06_DetailRespaBlock(t *testing.T) {
	svc := catalog.Service{ID: "svc-x", Title: "Farm mailers", RetailPriceCents: p64(300_00), ProPriceCents: p64(250_00), IsVerified: true,
		CopayAllowed: true, SSPAllowed: true, RespaSplitLimit: pint(40), IsRespaRegulated: true}
	visitor := Build(Input{Service: svc})
	if visitor.Respa.CoPay != nil || visitor.Respa.Classification != (respa.Classification{Regulated: true, Level: respa.Low, Source: respa.SourceKeywords}) {
		t.Fatalf("visitor: %+v", visitor.Respa)
	}
	agent := Build(Input{Service: svc, Viewer: Viewer{SignedIn: true}})
	if agent.Respa.CoPay != nil {
		t.Fatalf("a non-Pro agent gets no co-pay breakdown: %+v", agent.Respa.CoPay)
	}
	pro := Build(Input{Service: svc, Viewer: Viewer{SignedIn: true, IsPro: true}, Money: pricing.Converter{Lang: "fr"}})
	c := pro.Respa.CoPay
	if c == nil || len(c.Partners) != 2 {
		t.Fatalf("Pro: %+v", pro.Respa)
	}
	if c.Slider != (respa.Slider{Min: 10, Step: 5, Max: 40, Initial: 40}) {
		t.Errorf("slider (02§5 line 167): %+v", c.Slider)
	}
	ssp, other := c.Partners[0].Breakdown, c.Partners[1].Breakdown
	if ssp.PartnerKind != respa.SSP || ssp.SplitPercent != 20 || ssp.VendorShareCents != 60_00 || ssp.AgentShareCents != 240_00 || ssp.CapReason != respa.CapSSP {
		t.Errorf("SSP partner (shared decision: 20%%): %+v", ssp)
	}
	if other.PartnerKind != respa.NonSSP || other.SplitPercent != 40 || other.VendorShareCents != 120_00 || other.AgentShareCents != 180_00 {
		t.Errorf("non-SSP partner (02§9 line 264: default = split limit): %+v", other)
	}
	if !strings.HasPrefix(c.Partners[1].Explanation, "Un fournisseur partenaire prend en charge 40\u00a0% (120\u00a0$)") {
		t.Errorf("French explanation: %q", c.Partners[1].Explanation)
	}
	var tier int64
	for _, p := range pro.SalesPage.Tiers {
		if p.ID == "copay" {
			tier = *p.PriceCents
		}
	}
	if c.PriceCents != 180_00 || tier != c.PriceCents {
		t.Errorf("co-pay price %d, Co-Pay tier %d, want both 18000", c.PriceCents, tier)
	}
}
