// Package detail assembles the service detail (funnel) page, the sales-page dialog and the
// vendor funnel modal from catalogue rows: packages and their defaults, suggested services,
// bundles and the vendor's licence card (spec 02§2, 02§4-5, 02§9). It holds only rules; the
// store loads the rows and the HTTP layer serves the result.
package detail

import (
	"strings"

	"circle/internal/catalog"
	"circle/internal/marketplace"
	"circle/internal/pricing"
	"circle/internal/respa"
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

func ptr(v int64) *int64 { return &v }

// DefaultPackages are the packages of a service that has none: 75%, 100% and 150% of the
// retail price (02§9), with 4, 6 and 8 of the default features; the middle one is Most
// Popular. A service without a retail price has none (02§5: defaults only with a price).
func DefaultPackages(retailCents *int64, duration, supportHours string) []Package {
	if retailCents == nil || *retailCents <= 0 {
		return []Package{}
	}
	features := DefaultFeatures(supportHours)
	out := make([]Package, 0, len(pricing.DefaultPackageDefs))
	for i, d := range pricing.DefaultPackageDefs {
		shown := defaultPackageFeatures[i]
		out = append(out, Package{
			ID: d.ID, Name: d.Name, NameKey: "detail.packages." + strings.ToLower(d.Name), PriceCents: ptr(pricing.PercentOf(*retailCents, d.Percent)),
			Duration: duration, PriceSuffix: marketplace.PriceSuffix(duration, false),
			Features: append([]Feature(nil), features[:shown]...), Popular: d.Popular, Default: true, SortOrder: i + 1,
		})
	}
	return out
}

// defaultPackageFeatures is how many of the default features each default package lists, in
// the order of pricing.DefaultPackageDefs: 4, 6 and 8.
var defaultPackageFeatures = []int{4, 6, 8}

// salesTierKeys are the sales-page tiers' name keys, in the order of pricing.SalesTiers.
var salesTierKeys = []string{"detail.tiers.standard", "detail.tiers.pro", "detail.tiers.copay"}

// salesTierFeatures is how many of the default features each sales-page tier lists, in the
// order of pricing.SalesTiers: 4, 6 and all 8.
var salesTierFeatures = []int{4, 6, 8}

// CoPayPrice is the service's co-pay price as the page shows it, or nil when co-pay is not
// displayed: the one rule of respa.CoPayPrice (02§5, 02§9), which the cart also prices by.
func CoPayPrice(s catalog.Service) *int64 {
	return respa.CoPayPriceOf(s)
}

// SalesTiers are the sales-page default tiers (02§9): Standard at the retail price with the
// first 4 features; Circle Pro at the Pro price with the first 6, Most Popular, Pro only, retail
// struck through; Co-Pay at the co-pay price with all 8, Pro only, with the OFF savings badge.
// A tier without a price is left out (02§5).
func SalesTiers(s catalog.Service, supportHours string) []Package {
	features := DefaultFeatures(supportHours)
	suffix := marketplace.PriceSuffix(s.PriceDuration, false)
	prices := map[pricing.Kind]*int64{pricing.Retail: s.RetailPriceCents, pricing.Pro: s.ProPriceCents, pricing.CoPay: CoPayPrice(s)}
	out := []Package{}
	for i, t := range pricing.SalesTiers {
		price := prices[t.Kind]
		if price == nil || *price <= 0 {
			continue
		}
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

// FromPackages turns a service's own packages (by sort order) into cards, at most 4.
func FromPackages(pkgs []catalog.Package) []Package {
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
	}
	return out
}
