package marketplace

import (
	"testing"

	"circle/internal/catalog"
)

func cents(v int64) *int64 { return &v }

func centsOf(p *int64) int64 {
	if p == nil {
		return -1
	}
	return *p
}

// F-CAT-02 / F-PAY-03: the card's price is the viewer's own: members retail with the Pro upsell,
// Pro members the Pro price, co-pay only for Pro members where co-pay is displayed.
// The offers are read from the one quote (issue 26 item 3): co-pay on retail within the RESPA
// caps, the figure the cart charges.
func TestF_PAY_02_CardOffers(t *testing.T) {
	split := 50
	zero := 0
	cases := []struct {
		name string
		in   catalog.Service
		// member: kind, cents, pro upsell; pro: kind, cents, struck retail, copay from, savings
		mKind           string
		mCents, mPro    int64
		pKind           string
		pCents, pRetail int64
		pCopay          int64
		pSavings        int
	}{
		{"verified with a Pro price", catalog.Service{RetailPriceCents: cents(12900), ProPriceCents: cents(9900), IsVerified: true},
			"retail", 12900, 9900, "pro", 9900, 12900, -1, 23},
		{"not verified: no Pro price for anyone", catalog.Service{RetailPriceCents: cents(12900), ProPriceCents: cents(9900)},
			"retail", 12900, -1, "retail", 12900, -1, -1, 0},
		{"Pro price not below retail is no offer", catalog.Service{RetailPriceCents: cents(9900), ProPriceCents: cents(9900), IsVerified: true},
			"retail", 9900, -1, "retail", 9900, -1, -1, 0},
		{"co-pay on retail for Pro members only", catalog.Service{RetailPriceCents: cents(20000), ProPriceCents: cents(15000), RespaSplitLimit: &split, IsVerified: true, CopayAllowed: true},
			"retail", 20000, 15000, "pro", 15000, 20000, 10000, 25},
		{"co-pay above the Pro price is not shown", catalog.Service{RetailPriceCents: cents(20000), ProPriceCents: cents(9000), RespaSplitLimit: &split, IsVerified: true, CopayAllowed: true},
			"retail", 20000, 9000, "pro", 9000, 20000, -1, 55},
		{"co-pay from retail on a non-verified service", catalog.Service{RetailPriceCents: cents(20000), RespaSplitLimit: &split, CopayAllowed: true},
			"retail", 20000, -1, "retail", 20000, -1, 10000, 0},
		{"co-pay not allowed: none shown", catalog.Service{RetailPriceCents: cents(20000), ProPriceCents: cents(15000), RespaSplitLimit: &split, IsVerified: true},
			"retail", 20000, 15000, "pro", 15000, 20000, -1, 25},
		{"a zero split limit: no co-pay", catalog.Service{RetailPriceCents: cents(20000), RespaSplitLimit: &zero, CopayAllowed: true},
			"retail", 20000, -1, "retail", 20000, -1, -1, 0},
		{"a co-pay price above the share is the floor", catalog.Service{RetailPriceCents: cents(20000), CoPayPriceCents: cents(12000), RespaSplitLimit: &split, CopayAllowed: true},
			"retail", 20000, -1, "retail", 20000, -1, 12000, 0},
		{"quote", catalog.Service{RequiresQuote: true},
			"quote", -1, -1, "quote", -1, -1, -1, 0},
		{"no price at all", catalog.Service{},
			"quote", -1, -1, "quote", -1, -1, -1, 0},
		{"a zero retail price is no price: a quote for everyone (the cart sells nothing without retail)", catalog.Service{RetailPriceCents: cents(0), ProPriceCents: cents(5000), IsVerified: true},
			"quote", -1, 5000, "quote", -1, -1, -1, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := BuildCard(c.in, nil, nil, Rating{}, false, false).Offers
			if o.Member.Kind != c.mKind || centsOf(o.Member.Cents) != c.mCents || centsOf(o.Member.ProCents) != c.mPro ||
				o.Member.CopayFromCents != nil || o.Member.RetailCents != nil {
				t.Errorf("member = %+v (cents %d, pro %d), want %s %d pro %d and no co-pay", o.Member,
					centsOf(o.Member.Cents), centsOf(o.Member.ProCents), c.mKind, c.mCents, c.mPro)
			}
			if o.Pro.Kind != c.pKind || centsOf(o.Pro.Cents) != c.pCents || centsOf(o.Pro.RetailCents) != c.pRetail ||
				centsOf(o.Pro.CopayFromCents) != c.pCopay || o.Pro.SavingsPercent != c.pSavings || o.Pro.ProCents != nil {
				t.Errorf("pro = %+v (cents %d, retail %d, copay %d), want %s %d retail %d copay %d savings %d", o.Pro,
					centsOf(o.Pro.Cents), centsOf(o.Pro.RetailCents), centsOf(o.Pro.CopayFromCents), c.pKind, c.pCents, c.pRetail, c.pCopay, c.pSavings)
			}
		})
	}
}
