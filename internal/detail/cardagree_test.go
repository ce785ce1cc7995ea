package detail_test

import (
	"testing"
	"time"

	"circle/internal/cart"
	"circle/internal/catalog"
	"circle/internal/demo"
	"circle/internal/detail"
	"circle/internal/marketplace"
	"circle/internal/pricing"
	"circle/internal/respa"
)

// TestF_PAY_02_F_PAY_06_CardPriceIsTheChargedPrice (issue 26 item 3): on every demo service,
// what a card shows a Pro member is what the cart charges. The headline is the price the
// purchase dialog preselects (the cart's unit price at its default coverage); "from $X with
// co-pay" and a co-pay headline are the agent's share the cart charges for the default co-pay
// split (respa.CompliantUsage, the cart's and checkout's rule); no co-pay price where the cart
// offers none. Before the one quote the card used marketplace.CoPayShare (Pro base, no RESPA
// cap, rounded half up) and showed the retail price of unverified services whose dialog charged
// the Pro price.
func TestF_PAY_02_F_PAY_06_CardPriceIsTheChargedPrice(t *testing.T) {
	d := demo.Build(time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC))
	vendors := map[string]catalog.Vendor{}
	for _, v := range d.Vendors {
		vendors[v.ID] = v
	}
	bad := 0
	// Each demo service as loaded, and as a vendor enters it: without a stored co-pay price (the
	// demo stores the cart's rule's price, which hid the card's own formula).
	var services []catalog.ServiceWithParts
	for _, sp := range d.Services {
		entered := sp
		entered.Service.CoPayPriceCents = nil
		services = append(services, sp, entered)
	}
	for _, sp := range services {
		s := sp.Service
		if !s.IsActive {
			continue
		}
		var v *catalog.Vendor
		if s.VendorID != nil {
			if vv, ok := vendors[*s.VendorID]; ok {
				v = &vv
			}
		}
		card := marketplace.BuildCard(s, v, nil, marketplace.Rating{}, false, false)
		offer, err := cart.ResolveOffer(s, sp.Packages, "")
		if err != nil {
			t.Fatalf("%s: %v", s.ID, err)
		}
		charged, hasCoPay := offer.Options.Price(pricing.CoPay, false)
		fail := func(format string, args ...any) {
			t.Helper()
			bad++
			t.Errorf(s.ID+": "+format, args...)
		}
		if f := card.Offers.Pro.CopayFromCents; f != nil && (!hasCoPay || *f != charged) {
			fail("card shows co-pay from %d, the cart charges %d (offered %v)", *f, charged, hasCoPay)
		}
		switch k := card.Displayed.Kind; {
		case (k == "copay" || k == "potential_copay") && (!hasCoPay || *card.Displayed.Cents != charged):
			fail("card headline %s %d, the cart's co-pay price %d (offered %v)", k, *card.Displayed.Cents, charged, hasCoPay)
		case k != "copay" && k != "potential_copay" && hasCoPay:
			fail("card headline %s, the cart offers co-pay at %d", k, charged)
		}
		page := detail.Build(detail.Input{Service: s, Card: card, Vendor: v, Packages: sp.Packages,
			Viewer: detail.Viewer{SignedIn: true, IsPro: true}, Money: pricing.Converter{Currency: pricing.USD}})
		// A package card's co-pay price is what a co-pay request for that package charges at the
		// default split (copay.AgentService prices it with respa.CompliantUsage on its retail).
		for _, p := range page.Packages {
			_, offered := respa.CoPayPrice(respa.TermsOf(s))
			if !offered || p.PriceCents == nil || p.RequestPricing {
				if p.CoPayPriceCents != nil && offered {
					fail("package %s shows co-pay %d without a price to share", p.ID, *p.CoPayPriceCents)
				}
				continue
			}
			terms := respa.TermsOf(s)
			want := respa.CompliantUsage(respa.Usage{Terms: terms, TotalCents: *p.PriceCents, PartnerKind: respa.BestKind(terms)}).AgentShareCents
			if p.CoPayPriceCents == nil || *p.CoPayPriceCents != want {
				fail("package %s shows co-pay %v, a request at the default split charges %d", p.ID, derefCents(p.CoPayPriceCents), want)
			}
		}
		// The headline a Pro member sees is the price the purchase dialog adds the service at.
		self := page.Offers[0]
		var dialog *int64
		switch self.DefaultCoverage {
		case cart.ChoiceRetail:
			dialog = self.RetailPriceCents
		case cart.ChoicePro:
			dialog = self.ProPriceCents
		}
		if h := card.Offers.Pro.Cents; (h == nil) != (dialog == nil) || (h != nil && *h != *dialog) {
			fail("Pro card headline %v, purchase dialog adds at %s %v", derefCents(h), self.DefaultCoverage, derefCents(dialog))
		}
	}
	t.Logf("%d disagreements over %d demo services", bad, len(d.Services))
}

func derefCents(p *int64) any {
	if p == nil {
		return nil
	}
	return *p
}
