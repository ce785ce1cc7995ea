// Package detail assembles the service detail (funnel) page, the sales-page dialog and the
// vendor funnel modal from catalogue rows: packages and their defaults, suggested services,
// bundles and the vendor's licence card (spec 02§2, 02§4-5, 02§9). It holds only rules; the
// store loads the rows and the HTTP layer serves the result.
package detail

import (
	"strings"

	"circle/internal/cart"
	"circle/internal/catalog"
	"circle/internal/marketplace"
	"circle/internal/pricing"
	"circle/internal/quote"
)

// PackagesShown is how many package cards the page shows (02§9).
const PackagesShown = 4

// Feature is one line of a package's feature list. Default features carry a message key and
// their English text.
type Feature struct {
	Text     string            `json:"text"`
	Included bool              `json:"included"`
	Key      string            `json:"key,omitempty" doc:"Message key of a default feature"`
	Params   map[string]string `json:"params,omitempty"`
}

// Package is a package card or sales-page tier.
type Package struct {
	ID          string `json:"id" doc:"Package id; the sales-page default tiers are retail, pro and copay"`
	Name        string `json:"name"`
	NameKey     string `json:"name_key,omitempty" doc:"Message key of a default package's name"`
	Description string `json:"description"`
	// PriceCents is the package's price; nil asks for a quote (request_pricing).
	PriceCents               *int64    `json:"price_cents"`
	OriginalPriceCents       *int64    `json:"original_price_cents" doc:"Struck-through price"`
	ProPriceCents            *int64    `json:"pro_price_cents"`
	CoPayPriceCents          *int64    `json:"co_pay_price_cents"`
	YearlyPriceCents         *int64    `json:"yearly_price_cents"`
	YearlyOriginalPriceCents *int64    `json:"yearly_original_price_cents"`
	Duration                 string    `json:"duration"`
	PriceSuffix              string    `json:"price_suffix" doc:"/mo, /yr or empty for one-time"`
	Features                 []Feature `json:"features"`
	Popular                  bool      `json:"popular" doc:"Most Popular badge"`
	ProOnly                  bool      `json:"pro_only" doc:"Locked for non-members (Upgrade to Access)"`
	RequestPricing           bool      `json:"request_pricing"`
	SavingsPercent           int       `json:"savings_percent" doc:"OFF badge against retail; 0 hides it"`
	Default                  bool      `json:"default" doc:"Generated because the service has no packages of its own"`
	SortOrder                int       `json:"sort_order"`
}

// Default feature list (02§9): 8 items, the last is the support hours (default Business Hours).
var defaultFeatureTexts = [7]struct{ key, text string }{
	{"detail.features.setup", "Professional setup and onboarding"},
	{"detail.features.account_support", "Dedicated account support"},
	{"detail.features.marketing_materials", "Ready-to-use marketing materials"},
	{"detail.features.reporting", "Monthly performance reporting"},
	{"detail.features.priority", "Priority scheduling"},
	{"detail.features.co_branded", "Co-branded client materials"},
	{"detail.features.strategy_review", "Quarterly strategy review"},
}

// DefaultSupportHours is the support line when the vendor has not set its hours.
const DefaultSupportHours = "Business Hours"

// DefaultFeatures returns the 8 default features; supportHours fills the last ("" gives
// Business Hours).
func DefaultFeatures(supportHours string) []Feature {
	out := make([]Feature, 0, 8)
	for _, f := range defaultFeatureTexts {
		out = append(out, Feature{Text: f.text, Included: true, Key: f.key})
	}
	if supportHours == "" {
		supportHours = DefaultSupportHours
	}
	out = append(out, Feature{Text: "Support: " + supportHours, Included: true, Key: "detail.features.support_hours",
		Params: map[string]string{"hours": supportHours}})
	return out
}

// DefaultPackages are the packages of a service that has none: 75%, 100% and 150% of the
// retail price (02§9), with 4, 6 and 8 of the default features; the middle one is Most
// Popular. Their prices are the one quote's (quote.DefaultPackages, priced by the cart's
// ResolveOffer), so the card, the page and the cart agree. A service without a retail price has
// none (02§5: defaults only with a price).
func DefaultPackages(s catalog.Service, supportHours string) []Package {
	features := DefaultFeatures(supportHours)
	out := []Package{}
	for i, d := range quote.DefaultPackages(s) {
		def := pricing.DefaultPackageDefs[i]
		p := Package{ID: d.ID, Name: def.Name, NameKey: "detail.packages." + strings.ToLower(def.Name),
			Duration: s.PriceDuration, PriceSuffix: marketplace.PriceSuffix(s.PriceDuration, false),
			Features: append([]Feature(nil), features[:defaultPackageFeatures[i]]...), Popular: def.Popular, Default: true, SortOrder: i + 1}
		priceFromOffer(&p, s, nil, d.ID)
		out = append(out, p)
	}
	return out
}

// priceFromOffer sets a package card's prices from the cart's offer of it (the one quote): its
// retail, Circle Pro (verified services, below retail), co-pay and yearly prices.
func priceFromOffer(p *Package, s catalog.Service, pkgs []catalog.Package, id string) {
	offer, err := cart.ResolveOffer(s, pkgs, id)
	if err != nil {
		return
	}
	o := offer.Options
	p.PriceCents, p.ProPriceCents, p.CoPayPriceCents, p.YearlyPriceCents = o.Retail, o.Pro, o.CoPay, o.RetailYearly
}

// defaultPackageFeatures is how many of the default features each default package lists, in
// the order of pricing.DefaultPackageDefs: 4, 6 and 8.
var defaultPackageFeatures = []int{4, 6, 8}

// salesTierKeys are the sales-page tiers' name keys, in the order of pricing.SalesTiers.
var salesTierKeys = []string{"detail.tiers.standard", "detail.tiers.pro", "detail.tiers.copay"}

// salesTierFeatures is how many of the default features each sales-page tier lists, in the
// order of pricing.SalesTiers: 4, 6 and all 8.
var salesTierFeatures = []int{4, 6, 8}

// SalesTiers are the sales-page default tiers (02§9): Standard at the retail price with the
// first 4 features; Circle Pro at the Pro price with the first 6, Most Popular, Pro only, retail
// struck through; Co-Pay at the co-pay price with all 8, Pro only, with the OFF savings badge.
// The prices are the cart's offer of the service (the one quote); a tier without a price is
// left out (02§5), and a service priced after a consultation has none.
func SalesTiers(s catalog.Service, supportHours string) []Package {
	features := DefaultFeatures(supportHours)
	suffix := marketplace.PriceSuffix(s.PriceDuration, false)
	self, err := cart.ResolveOffer(s, nil, "")
	out := []Package{}
	if err != nil || self.Options.Quote {
		return out
	}
	for i, t := range pricing.SalesTiers {
		cents, ok := self.Options.Price(t.Kind, false)
		if !ok || cents <= 0 {
			continue
		}
		price := &cents
		p := Package{ID: t.ID, Name: t.Name, NameKey: salesTierKeys[i], PriceCents: price, Duration: s.PriceDuration, PriceSuffix: suffix,
			Features: append([]Feature(nil), features[:salesTierFeatures[i]]...), ProOnly: t.ProOnly, Popular: t.Kind == pricing.Pro,
			Default: true, SortOrder: i + 1}
		if t.Kind != pricing.Retail {
			// Pro and co-pay tiers strike the retail price through and show the savings.
			p.OriginalPriceCents = s.RetailPriceCents
			p.SavingsPercent = marketplace.SavingsPercent(s.RetailPriceCents, price)
		}
		out = append(out, p)
	}
	return out
}

// FromPackages turns a service's own packages (by sort order) into cards, at most 4, priced by
// the cart's offer of each (the one quote: the Pro price only on verified services, the co-pay
// price the agent's share at the default split within the RESPA caps).
func FromPackages(s catalog.Service, pkgs []catalog.Package) []Package {
	out := make([]Package, 0, min(len(pkgs), PackagesShown))
	for _, p := range pkgs {
		if len(out) == PackagesShown {
			break
		}
		fs := make([]Feature, 0, len(p.Features))
		for _, f := range p.Features {
			fs = append(fs, Feature{Text: f.Text, Included: f.Included})
		}
		out = append(out, Package{
			ID: p.ID, Name: p.Name, Description: p.Description, PriceCents: p.PriceCents, OriginalPriceCents: p.OriginalPriceCents,
			ProPriceCents: p.ProPriceCents, CoPayPriceCents: p.CoPayPriceCents, YearlyPriceCents: p.YearlyPriceCents,
			YearlyOriginalPriceCents: p.YearlyOriginalPriceCents, Duration: p.Duration, PriceSuffix: marketplace.PriceSuffix(p.Duration, false),
			Features: fs, Popular: p.Popular, ProOnly: p.ProOnly, RequestPricing: p.RequestPricing,
			SavingsPercent: marketplace.SavingsPercent(p.OriginalPriceCents, p.PriceCents), SortOrder: p.SortOrder,
		})
		priceFromOffer(&out[len(out)-1], s, pkgs, p.ID)
	}
	return out
}
