// Package quote is the one price rule of Circle (issue 26 item 3): Quote(service, package,
// viewer, config) returns retail, the Circle Pro price, the co-pay breakdown within RESPA
// limits, the points share and the line total, in the viewer's currency, with an explanation.
// Every place that shows, sorts or charges a price reads it: the marketplace cards and their
// headline price, the price sort, the detail page's packages and purchase offers, the cart
// line, checkout and receipts.
//
// It is pure: no database, no clock, integer cents only. The rules it applies are those of
// spec 02§5, 02§7 and 02§9 and the shared decisions (docs/decisions.md, "One quote"):
//   - Pro price: Pro members pay it on verified services that have one below retail (02§7).
//   - Co-pay: shown when the service allows co-pay, has a split limit and a usable base price
//     (02§5); the agent's share is the base (retail) less the vendor's share at the default
//     split (the split limit or 50) lowered to the RESPA cap of the partner kind that may cover
//     most (respa.CompliantUsage: vendor share rounded down to the cent).
//   - Points: 1 point = US$1; the points a line needs follow points.Usable.
//   - Currency: services are priced in USD; a Canadian viewer sees and pays CAD at the admin-set
//     rate, each unit converted once (half up) and multiplied by the quantity.
package quote

import (
	"circle/internal/catalog"
	"circle/internal/points"
	"circle/internal/pricing"
	"circle/internal/respa"
)

// Coverage is how a line is paid (02§2 pricing-choice dialog).
type Coverage string

// The coverages a quote prices.
const (
	Retail Coverage = "retail"
	Pro    Coverage = "pro"
	CoPay  Coverage = "copay"
	Points Coverage = "points"
	// Consultation: no price online; the vendor prices the service after a consultation.
	Consultation Coverage = "quote"
)

// Viewer is who the price is for.
type Viewer struct {
	SignedIn bool
	// Pro: a Circle Pro member (or staff): Pro prices, co-pay and points apply.
	Pro bool
	// Currency is what the viewer sees and pays: CAD for a Canadian state or province
	// (pricing.CurrencyFor), else USD (the default).
	Currency pricing.Currency
}

// Config is the admin-set configuration a price depends on.
type Config struct {
	// USDToCADRateE4 is app_config.usd_to_cad_rate_e4 (13800 = 1 USD buys 1.38 CAD).
	USDToCADRateE4 int
}

// Service is what the rule reads of a service: its prices and co-pay terms, and the type of
// its vendor (a settlement service provider's points and co-pay are capped differently).
type Service struct {
	Service    catalog.Service
	VendorType string
}

// ServiceOf pairs a service with its vendor (nil: no vendor, a non-SSP).
func ServiceOf(s catalog.Service, v *catalog.Vendor) Service {
	out := Service{Service: s}
	if v != nil {
		out.VendorType = v.VendorType
	}
	return out
}

// Package is what is priced: the service itself (Self), one of its own packages (PackageOf) or
// a default package (DefaultPackages). Prices are US cents as stored; nil does not exist.
type Package struct {
	ID          string
	Retail, Pro *int64
	// Yearly is the package's yearly retail price.
	Yearly *int64
	// NeedsQuote: priced after a consultation (requires_quote, request_pricing).
	NeedsQuote bool
}

// Self is the service itself at its own prices.
func Self(s catalog.Service) Package {
	return Package{Retail: s.RetailPriceCents, Pro: s.ProPriceCents, NeedsQuote: s.RequiresQuote}
}

// PackageOf is one of a service's own packages.
func PackageOf(p catalog.Package) Package {
	return Package{ID: p.ID, Retail: p.PriceCents, Pro: p.ProPriceCents, Yearly: p.YearlyPriceCents, NeedsQuote: p.RequestPricing}
}

// DefaultPackages are the packages of a service without its own (02§9): 75%, 100% and 150% of
// its retail and Pro prices (rounded half up), in pricing.DefaultPackageDefs order. None without
// a positive retail price (02§5).
func DefaultPackages(s catalog.Service) []Package {
	if s.RetailPriceCents == nil || *s.RetailPriceCents <= 0 {
		return nil
	}
	out := make([]Package, 0, len(pricing.DefaultPackageDefs))
	for _, d := range pricing.DefaultPackageDefs {
		p := Package{ID: d.ID, Retail: ptr(pricing.PercentOf(*s.RetailPriceCents, d.Percent)), NeedsQuote: s.RequiresQuote}
		if s.ProPriceCents != nil && *s.ProPriceCents > 0 {
			p.Pro = ptr(pricing.PercentOf(*s.ProPriceCents, d.Percent))
		}
		out = append(out, p)
	}
	return out
}

// Quote is the price of one package for one viewer. Amounts are US cents unless named local.
type Quote struct {
	// Currency is what the viewer sees and pays; RateE4 the USD to CAD rate used (CAD only).
	Currency pricing.Currency
	RateE4   int
	// NeedsQuote: nothing to pay online (a consultation first): the package asks for a quote
	// or has no retail price.
	NeedsQuote bool
	// Retail and RetailYearly are the retail prices; nil when none.
	Retail, RetailYearly *int64
	// ProPrice and ProYearly are the Circle Pro prices: verified services, below retail; nil
	// otherwise (02§7: "Pro prices on verified services that have one").
	ProPrice, ProYearly *int64
	// CoPay is the co-pay at the default split with the partner kind that may cover most, on
	// the retail price; nil when co-pay is not shown (02§5). CoPayYearly is the same on the
	// yearly retail price.
	CoPay, CoPayYearly *respa.Breakdown
	// Headline is the price this viewer pays by default (retail, pro, or quote when none), and
	// HeadlineCents its amount: what a card shows and the purchase dialog preselects.
	Headline      Coverage
	HeadlineCents *int64

	ssp        bool
	splitLimit int
	conv       pricing.Converter
	viewerPro  bool
}

// Reason is one step of a quote's explanation: a message key the web app translates and its
// parameters (cents in US cents, percents as whole numbers).
type Reason struct {
	Key    string           `json:"key" doc:"Message key (quote.*)"`
	Params map[string]int64 `json:"params,omitempty" doc:"Parameters of the message: *_cents in US cents, *_percent whole percents"`
}

// Explanation message keys.
const (
	KeyRetail       = "quote.retail"
	KeyPro          = "quote.pro"
	KeyConsultation = "quote.consultation"
	KeyCoPay        = "quote.copay"
	KeyPoints       = "quote.points"
	KeyCurrency     = "quote.currency_cad"
)

// Of quotes a package of a service for a viewer.
func Of(svc Service, pkg Package, v Viewer, cfg Config) Quote {
	s := svc.Service
	q := Quote{Currency: pricing.USD, NeedsQuote: pkg.NeedsQuote, viewerPro: v.SignedIn && v.Pro}
	if v.Currency == pricing.CAD {
		q.Currency = pricing.CAD
	}
	q.conv = pricing.Converter{Currency: q.Currency, RateE4: cfg.USDToCADRateE4}
	if q.Currency == pricing.CAD {
		q.RateE4 = cfg.USDToCADRateE4
	}
	q.ssp = respa.KindOf(svc.VendorType) == respa.SSP
	if s.RespaSplitLimit != nil {
		q.splitLimit = *s.RespaSplitLimit
	}
	q.Retail, q.RetailYearly = positive(pkg.Retail), positive(pkg.Yearly)
	if q.Retail == nil {
		// Nothing to charge online without a retail price (the cart's rule since issue 9).
		q.NeedsQuote = true
	}
	if pro := positive(pkg.Pro); pro != nil && s.IsVerified && (q.Retail == nil || *pro < *q.Retail) {
		q.ProPrice = pro
		if q.RetailYearly != nil && q.Retail != nil {
			// The yearly Pro price keeps the monthly Pro discount: yearly x pro / retail, half up.
			q.ProYearly = ptr((*q.RetailYearly**pro + *q.Retail/2) / *q.Retail)
		}
	}
	terms := respa.TermsOf(s)
	if _, shown := respa.CoPayPrice(terms); shown && !q.NeedsQuote {
		q.CoPay = coPayOn(terms, q.Retail)
		q.CoPayYearly = coPayOn(terms, q.RetailYearly)
	}
	switch {
	case q.NeedsQuote:
		q.Headline = Consultation
	case q.viewerPro && q.ProPrice != nil:
		q.Headline, q.HeadlineCents = Pro, q.ProPrice
	default:
		q.Headline, q.HeadlineCents = Retail, q.Retail
	}
	return q
}

// coPayOn is the default co-pay on a base price with the partner kind that may cover most.
func coPayOn(t respa.Terms, base *int64) *respa.Breakdown {
	if base == nil {
		return nil
	}
	b := respa.CompliantUsage(respa.Usage{Terms: t, TotalCents: *base, PartnerKind: respa.BestKind(t)})
	return &b
}

// Explanation is how the headline and co-pay were reached, as message keys and parameters the
// web app translates (no English here). Built on demand: a card does not need it.
func (q Quote) Explanation() []Reason {
	out := []Reason{}
	switch q.Headline {
	case Consultation:
		out = append(out, Reason{Key: KeyConsultation})
	case Pro:
		out = append(out, Reason{Key: KeyPro, Params: map[string]int64{"cents": *q.ProPrice, "retail_cents": *q.Retail}})
	case Retail:
		out = append(out, Reason{Key: KeyRetail, Params: map[string]int64{"cents": *q.Retail}})
	}
	if b := q.CoPay; b != nil {
		out = append(out, Reason{Key: KeyCoPay, Params: map[string]int64{"base_cents": b.TotalCents, "split_percent": int64(b.SplitPercent),
			"cap_percent": int64(b.CapPercent), "vendor_share_cents": b.VendorShareCents, "agent_share_cents": b.AgentShareCents}})
	}
	if q.Currency == pricing.CAD {
		out = append(out, Reason{Key: KeyCurrency, Params: map[string]int64{"rate_e4": int64(q.RateE4)}})
	}
	return out
}

// CoPayCents is the co-pay price (the agent's share at the default split), when co-pay is shown.
func (q Quote) CoPayCents(yearly bool) (int64, bool) {
	b := q.CoPay
	if yearly {
		b = q.CoPayYearly
	}
	if b == nil {
		return 0, false
	}
	return b.AgentShareCents, true
}

// Price is the unit price in US cents of a coverage, monthly (or one-time) or yearly: retail,
// the Pro price, the points price (the Pro price, else retail), or the co-pay price.
func (q Quote) Price(c Coverage, yearly bool) (int64, bool) {
	var p *int64
	switch c {
	case Retail:
		p = pick(yearly, q.RetailYearly, q.Retail)
	case Pro:
		p = pick(yearly, q.ProYearly, q.ProPrice)
	case Points:
		if p = pick(yearly, q.ProYearly, q.ProPrice); p == nil {
			p = pick(yearly, q.RetailYearly, q.Retail)
		}
	case CoPay:
		return q.CoPayCents(yearly)
	}
	if p == nil {
		return 0, false
	}
	return *p, true
}

// PointsShare is what points pay of one unit priced unitUSD (02§5 points usable): the points
// needed (the price rounded up to whole points; for a vendor that is not a settlement provider
// capped at the split-limit percent, default 50) and the US cents they pay, never above the price.
func (q Quote) PointsShare(unitUSD int64) (pts, cents int64) {
	r := points.Usable(points.UsableInput{Pro: true, PriceCents: unitUSD, SettlementProvider: q.ssp, SplitLimitPercent: q.splitLimit})
	return r.PointsNeeded, min(r.PointsNeeded*points.CentsPerPoint, unitUSD)
}

// PointsLimit is the points rule's cap on one unit priced unitUSD (points.Limit): the percent
// and the most points pay in US cents; ok is false when nothing caps them (a settlement
// provider's service). The payment-option dialog and the cart line explain it (issue 28 item 7).
func (q Quote) PointsLimit(unitUSD int64) (percent int, cents int64, ok bool) {
	return points.Limit(points.UsableInput{Pro: true, PriceCents: unitUSD, SettlementProvider: q.ssp, SplitLimitPercent: q.splitLimit})
}

// Line is one cart or order line priced by the quote.
type Line struct {
	// UnitUSD is the unit price in US cents; Unit the same in the viewer's currency.
	UnitUSD, Unit int64
	// PointsUsed and PointsUSD are what points pay of the whole line (points lines only).
	PointsUsed, PointsUSD int64
	// CashUSD and Total are what is charged for the line in cash: US cents and the viewer's
	// currency (each unit's cash converted once, times the quantity).
	CashUSD, Total int64
}

// LineAt prices qty units at a unit price in US cents with a coverage: a points line pays the
// points share of each unit in points and the rest in cash.
func (q Quote) LineAt(c Coverage, unitUSD int64, qty int) Line {
	n := int64(qty)
	l := Line{UnitUSD: unitUSD, Unit: q.conv.Convert(unitUSD)}
	cash := unitUSD
	if c == Points {
		pts, cents := q.PointsShare(unitUSD)
		cash = unitUSD - cents
		l.PointsUsed, l.PointsUSD = pts*n, cents*n
	}
	l.CashUSD, l.Total = cash*n, q.conv.Convert(cash)*n
	return l
}

// Line prices qty units of a coverage at the quote's own price; ok is false when the coverage
// has no price.
func (q Quote) Line(c Coverage, yearly bool, qty int) (Line, bool) {
	unit, ok := q.Price(c, yearly)
	if !ok {
		return Line{}, false
	}
	return q.LineAt(c, unit, qty), true
}

func pick(yearly bool, y, m *int64) *int64 {
	if yearly {
		return y
	}
	return m
}

func positive(p *int64) *int64 {
	if p == nil || *p <= 0 {
		return nil
	}
	v := *p
	return &v
}

func ptr(v int64) *int64 { return &v }

// Period is how often a price is paid: by the month (the default), by the year, or once.
type Period string

// The periods of a price.
const (
	Monthly Period = "month"
	Yearly  Period = "year"
	OneTime Period = "one_time"
)

// AmortisedMonths is the number of months a one-time price is spread over to compare it with
// the monthly and yearly ones (issue 28 item 6, docs/decisions.md "Price sort by monthly
// equivalent"): a year, the period a yearly price already covers.
const AmortisedMonths = 12

// Comparable is the one number the price sorts compare (issue 28 item 6): the retail price
// (the price every viewer sees: a member's headline, struck through beside a Pro member's)
// over a year, in US cents: a monthly price times 12, a yearly price as it is, a one-time price
// as it is (spread over AmortisedMonths, a year). ok is false when nothing is priced online (a
// quote request): those sort last in both directions. It stays in exact integers; the card
// shows MonthlyEquivalent of it.
func (q Quote) Comparable(p Period) (perYear int64, ok bool) {
	if q.NeedsQuote || q.Retail == nil {
		return 0, false
	}
	if p == Monthly {
		return *q.Retail * 12, true
	}
	return *q.Retail, true
}

// MonthlyEquivalent is a Comparable amount per month: a twelfth, rounded half up to the cent.
func MonthlyEquivalent(perYear int64) int64 { return (perYear + 6) / 12 }
