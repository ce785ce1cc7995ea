package detail

import (
	"testing"

	"circle/internal/cart"
	"circle/internal/catalog"
	"circle/internal/pricing"
	"circle/internal/respa"
)

// F-PAY-06: the detail page's Co-Pay tier and the cart's co-pay price are one rule
// (respa.CoPayPrice, 02§5 line 168 and 02§9 lines 265-266): the cart accepts exactly the price
// the page shows, and neither shows co-pay where the rule does not.
func TestF_PAY_06_DetailAndCartCoPayAgree(t *testing.T) {
	cases := []struct {
		name string
		svc  catalog.Service
	}{
		{"stored co-pay price", catalog.Service{RetailPriceCents: p64(300_00), CoPayPriceCents: p64(150_00), CopayAllowed: true, RespaSplitLimit: pint(50)}},
		{"computed from retail", catalog.Service{RetailPriceCents: p64(300_00), CopayAllowed: true, RespaSplitLimit: pint(40)}},
		{"verified with a Pro price: computed from retail", catalog.Service{IsVerified: true, RetailPriceCents: p64(300_00), ProPriceCents: p64(250_00), CopayAllowed: true, RespaSplitLimit: pint(50)}},
		{"stored below the compliant price", catalog.Service{RetailPriceCents: p64(100_00), CoPayPriceCents: p64(10_00), CopayAllowed: true, RespaSplitLimit: pint(90)}},
		{"no co-pay: not allowed", catalog.Service{RetailPriceCents: p64(300_00), CoPayPriceCents: p64(150_00)}},
		{"no co-pay: verified without Pro", catalog.Service{IsVerified: true, RetailPriceCents: p64(300_00), CoPayPriceCents: p64(150_00), CopayAllowed: true, RespaSplitLimit: pint(50)}},
	}
	for _, c := range cases {
		want := respa.CoPayPriceOf(c.svc)
		var shown *int64
		for _, tier := range SalesTiers(c.svc, "") {
			if tier.ID == "copay" {
				shown = tier.PriceCents
			}
		}
		offer, err := cart.ResolveOffer(c.svc, nil, "copay")
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		cartPrice, cartOK := offer.Options.Price(pricing.CoPay, false)
		switch {
		case want == nil && (shown != nil || cartOK):
			t.Errorf("%s: co-pay shown (detail %v, cart %v %d) where the rule hides it", c.name, shown, cartOK, cartPrice)
		case want != nil && (shown == nil || !cartOK || *shown != *want || cartPrice != *want):
			t.Errorf("%s: rule %d, detail %v, cart %d (%v)", c.name, *want, deref(shown), cartPrice, cartOK)
		}
	}
}

func deref(p *int64) any {
	if p == nil {
		return nil
	}
	return *p
}
