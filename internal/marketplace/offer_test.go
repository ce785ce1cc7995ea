package marketplace

import "testing"

func cents(v int64) *int64 { return &v }

func centsOf(p *int64) int64 {
	if p == nil {
		return -1
	}
	return *p
}

// F-CAT-02 / F-PAY-03: the card's price is the viewer's own: members retail with the Pro upsell,
// Pro members the Pro price, co-pay only for Pro members where co-pay is displayed.
func TestViewerOffers(t *testing.T) {
	split := 50
	zero := 0
	cases := []struct {
		name string
		in   OfferInput
		// member: kind, cents, pro upsell; pro: kind, cents, struck retail, copay from, savings
		mKind           string
		mCents, mPro    int64
		pKind           string
		pCents, pRetail int64
		pCopay          int64
		pSavings        int
	}{
		{"verified with a Pro price", OfferInput{Retail: cents(12900), Pro: cents(9900), Verified: true},
			"retail", 12900, 9900, "pro", 9900, 12900, -1, 23},
		{"not verified: no Pro price for anyone", OfferInput{Retail: cents(12900), Pro: cents(9900)},
			"retail", 12900, -1, "retail", 12900, -1, -1, 0},
		{"Pro price not below retail is no offer", OfferInput{Retail: cents(9900), Pro: cents(9900), Verified: true},
			"retail", 9900, -1, "retail", 9900, -1, -1, 0},
		{"co-pay from the Pro price for Pro members only", OfferInput{Retail: cents(20000), Pro: cents(15000), SplitLimit: &split, Verified: true, CopayAllowed: true},
			"retail", 20000, 15000, "pro", 15000, 20000, 7500, 25},
		{"co-pay from retail on a non-verified service", OfferInput{Retail: cents(20000), SplitLimit: &split, CopayAllowed: true},
			"retail", 20000, -1, "retail", 20000, -1, 10000, 0},
		{"co-pay not allowed: none shown", OfferInput{Retail: cents(20000), Pro: cents(15000), SplitLimit: &split, Verified: true},
			"retail", 20000, 15000, "pro", 15000, 20000, -1, 25},
		{"a zero split limit: no co-pay", OfferInput{Retail: cents(20000), SplitLimit: &zero, CopayAllowed: true},
			"retail", 20000, -1, "retail", 20000, -1, -1, 0},
		{"a co-pay price above the share is the floor", OfferInput{Retail: cents(20000), Copay: cents(12000), SplitLimit: &split, CopayAllowed: true},
			"retail", 20000, -1, "retail", 20000, -1, 12000, 0},
		{"quote", OfferInput{RequiresQuote: true},
			"quote", -1, -1, "quote", -1, -1, -1, 0},
		{"no price at all", OfferInput{},
			"quote", -1, -1, "quote", -1, -1, -1, 0},
		{"a zero retail price is no price", OfferInput{Retail: cents(0), Pro: cents(5000), Verified: true},
			"quote", -1, 5000, "pro", 5000, -1, -1, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := ViewerOffers(c.in)
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
