// Package cart owns the server-side cart (02§2 Cart, 02§3 Cart item, 02§5, 03§4-5): its lines,
// the server price check, coverage selection, badges and totals. The cart is kept per user in
// the database so it survives devices and reloads; prices are only ever checked against the
// catalogue, never trusted.
package cart

import (
	"strings"
	"time"

	"circle/internal/apperr"
	"circle/internal/catalog"
	"circle/internal/marketplace"
	"circle/internal/pricing"
	"circle/internal/quote"
)

// Limits of a cart.
const (
	MaxQuantity = 99
	MaxLines    = 50
)

// Coverage is how the agent covers a line (02§2 pricing-choice dialog). Co-pay and points come
// with the co-pay issue.
type Coverage string

// Coverage choices; "" is pending selection.
const (
	CoverageNone   Coverage = ""
	CoverageRetail Coverage = "retail"
	CoveragePro    Coverage = "pro"
)

// Coverage statuses of 03§4.
const (
	StatusPendingSelection = "pending-selection"
	StatusPendingApproval  = "pending-vendor-approval"
	StatusApproved         = "approved"
)

// Badge ids of 02§2 Cart.
const (
	BadgeNeedsCoverage = "needs_coverage_selection"
	BadgePendingVendor = "pending_vendor_approval"
	BadgeVendorOK      = "vendor_approved"
	BadgeVendorWebsite = "vendor_website"
	BadgeConsultation  = "consultation_required"
)

// The spec's before-purchase messages (02§5) and their keys. The key names the toast title:
// cart.pricing_error is "Pricing Error", cart.price_validation_failed "Price Validation Failed".
const (
	KeyPricingError     = "cart.pricing_error"
	MsgPricingError     = "Unable to determine valid price. Please contact support."
	KeyPriceMismatch    = "cart.price_validation_failed"
	MsgPriceMismatch    = "Price mismatch detected. Please refresh and try again."
	KeyProRequired      = "cart.pro_member_required"
	MsgProRequired      = "Pro Member Required: upgrade to Circle Pro to use the Pro price."
	KeyProOnlyPackage   = "cart.pro_only_package"
	MsgProOnlyPackage   = "This package is for Circle Pro members. Upgrade to Access."
	KeyQuoteQuantity    = "cart.quote_quantity"
	MsgQuoteQuantity    = "The quantity of a service that needs a quote can't be changed."
	KeyQuoteCoverage    = "cart.consultation_coverage"
	MsgQuoteCoverage    = "This service needs a consultation with the vendor before it can be paid for."
	KeyCartFull         = "cart.full"
	MsgCartFull         = "Your cart is full (50 services). Check out or remove something first."
	KeyServiceInactive  = "cart.service_unavailable"
	MsgServiceInactive  = "This service is no longer available."
	KeyUnknownPackage   = "cart.unknown_package"
	MsgUnknownPackage   = "This package is not offered for this service."
	KeyCoverageRequired = "checkout.coverage_required"
	MsgCoverageRequired = "Please select how you want to cover each service before checkout."
)

// Item is one cart line (cart_items). UnitPriceCents is the price the agent chose, after the
// server check; totals and checkout recompute the price from the catalogue.
type Item struct {
	ID             string    `bun:"id,pk"`
	UserID         string    `bun:"user_id,notnull"`
	ServiceID      string    `bun:"service_id,notnull"`
	PackageID      string    `bun:"package_id,notnull"`
	PackageName    string    `bun:"package_name,notnull"`
	Yearly         bool      `bun:"yearly,notnull"`
	Coverage       Coverage  `bun:"coverage,notnull"`
	PriceKind      string    `bun:"price_kind,notnull"`
	Quantity       int       `bun:"quantity,notnull"`
	UnitPriceCents int64     `bun:"unit_price_cents,notnull"`
	CreatedAt      time.Time `bun:"created_at,notnull"`
	UpdatedAt      time.Time `bun:"updated_at,notnull"`
	// CoPayRequestID links a co-pay line to its request; CoPay is that request's state, read
	// with the line (copay.go).
	CoPayRequestID string     `bun:"co_pay_request_id,notnull"`
	CoPay          *CoPayLink `bun:"-"`
	// ConsultationBookingID links a consultation line to the booking the cart consultation flow
	// made for it (consultation.go); Consultation is that booking's state, read with the line.
	ConsultationBookingID string            `bun:"consultation_booking_id,notnull"`
	Consultation          *ConsultationLink `bun:"-"`
}

// Line is what the price rules need to know about a line's service.
type Line struct {
	Service  catalog.Service
	Vendor   *catalog.Vendor
	Packages []catalog.Package
}

// Offer is the priced thing a line refers to: the service itself, one of its packages, or one
// of the default packages, with its prices from the one quote (quote.Of).
type Offer struct {
	PackageID   string
	PackageName string
	ProOnly     bool
	Options     pricing.Options
	Duration    string
	// Package is what the quote priced, for pricing a line of it (LineOf).
	Package quote.Package
}

// offerOf prices a package of a service by the one quote: its retail and Pro prices (the Pro
// price only on verified services, below retail), its co-pay price (the agent's share at the
// default split within the RESPA caps) and whether it needs a consultation. The prices do not
// depend on the viewer.
func offerOf(svc catalog.Service, pkg quote.Package, id, name, duration string, proOnly bool) Offer {
	q := quote.Of(quote.Service{Service: svc}, pkg, quote.Viewer{}, quote.Config{})
	o := pricing.Options{Quote: q.NeedsQuote, Retail: q.Retail, Pro: q.ProPrice, RetailYearly: q.RetailYearly, ProYearly: q.ProYearly}
	if p, ok := q.CoPayCents(false); ok {
		o.CoPay = &p
	}
	return Offer{PackageID: id, PackageName: name, ProOnly: proOnly, Duration: duration, Options: o, Package: pkg}
}

// ResolveOffer finds the service or package a line refers to. An unknown package id is an
// invalid field. A service that requires a quote needs a consultation; one of its packages only
// when the package asks for pricing or has no price (a priced package can be bought).
func ResolveOffer(svc catalog.Service, pkgs []catalog.Package, packageID string) (Offer, error) {
	if tier, ok := pricing.SalesTierByID(packageID); ok {
		// A sales-page tier is the service itself at one of its prices.
		return offerOf(svc, quote.Self(svc), packageID, tier.Name, svc.PriceDuration, tier.ProOnly), nil
	}
	if packageID == "" {
		return offerOf(svc, quote.Self(svc), "", "", svc.PriceDuration, false), nil
	}
	for _, p := range pkgs {
		if p.ID == packageID {
			return offerOf(svc, quote.PackageOf(p), p.ID, p.Name, p.Duration, p.ProOnly), nil
		}
	}
	if len(pkgs) == 0 {
		for i, d := range quote.DefaultPackages(svc) {
			if d.ID == packageID {
				return offerOf(svc, d, d.ID, pricing.DefaultPackageDefs[i].Name, svc.PriceDuration, false), nil
			}
		}
	}
	return Offer{}, apperr.Field("package_id", KeyUnknownPackage, MsgUnknownPackage)
}

// PackageByName finds a package id by its name, case-insensitively (the pending cart item
// carries packageName); "" means the service itself.
func PackageByName(svc catalog.Service, pkgs []catalog.Package, name string) (string, bool) {
	if name == "" {
		return "", true
	}
	for _, p := range pkgs {
		if equalFold(p.Name, name) {
			return p.ID, true
		}
	}
	if len(pkgs) == 0 {
		for i, d := range quote.DefaultPackages(svc) {
			if equalFold(pricing.DefaultPackageDefs[i].Name, name) {
				return d.ID, true
			}
		}
	}
	return "", false
}

func equalFold(a, b string) bool {
	return strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(b))
}

// AddRequest is a line to add, as the client sent it.
type AddRequest struct {
	ServiceID  string
	PackageID  string
	PriceCents *int64
	Coverage   Coverage
	Quantity   int
	Yearly     *bool
}

// Check runs the before-purchase checks of 02§5 on a line to add and returns the line to
// store: the chosen price must be positive (else "Pricing Error") and equal one of the offer's
// prices (else "Price Validation Failed"); with a coverage, it must be that coverage's price.
// Pro coverage and Pro-only packages need a Pro member. Lines that need a quote go in without a
// price, quantity 1, flagged for a consultation.
func Check(svc catalog.Service, offer Offer, req AddRequest, isPro bool) (Item, error) {
	item := Item{ServiceID: svc.ID, PackageID: offer.PackageID, PackageName: offer.PackageName, Coverage: req.Coverage, Quantity: req.Quantity}
	if !svc.IsActive {
		return item, apperr.Field("service_id", KeyServiceInactive, MsgServiceInactive)
	}
	if item.Quantity == 0 {
		item.Quantity = 1
	}
	if item.Quantity < 1 || item.Quantity > MaxQuantity {
		return item, apperr.Field("quantity", "validation.range", "Quantity must be from 1 to 99")
	}
	if req.Coverage != CoverageNone && req.Coverage != CoverageRetail && req.Coverage != CoveragePro && req.Coverage != CoveragePoints {
		return item, apperr.Field("coverage", "validation.enum", "coverage must be retail, pro or points")
	}
	if (req.Coverage == CoveragePro || req.Coverage == CoveragePoints) && !isPro {
		return item, ProRequired()
	}
	if offer.ProOnly && !isPro {
		return item, &apperr.Error{Code: apperr.Forbidden, Message: MsgProOnlyPackage,
			Fields: []apperr.FieldError{{Field: "package_id", Key: KeyProOnlyPackage, Message: MsgProOnlyPackage}}}
	}
	if offer.Options.Quote {
		if req.Coverage != CoverageNone {
			return item, apperr.Field("coverage", KeyQuoteCoverage, MsgQuoteCoverage)
		}
		item.Quantity, item.PriceKind, item.UnitPriceCents = 1, "quote", 0
		return item, nil
	}
	if req.PriceCents == nil || *req.PriceCents <= 0 {
		return item, apperr.Field("price_cents", KeyPricingError, MsgPricingError)
	}
	price := *req.PriceCents
	periods := []bool{false, true}
	if req.Yearly != nil {
		periods = []bool{*req.Yearly}
	}
	if req.Coverage != CoverageNone {
		exists, found := false, false
		for _, y := range periods {
			if p, ok := UnitPrice(offer, req.Coverage, y); ok {
				exists = true
				if p == price {
					found, item.Yearly = true, y
					break
				}
			}
		}
		switch {
		case !exists && req.Coverage == CoveragePro:
			return item, apperr.Field("coverage", "cart.no_pro_price", "This service has no Circle Pro price.")
		case !exists:
			return item, apperr.Field("price_cents", KeyPricingError, MsgPricingError)
		case !found:
			return item, apperr.Field("price_cents", KeyPriceMismatch, MsgPriceMismatch)
		}
		item.PriceKind = string(req.Coverage)
	} else {
		kind, yearly, ok := offer.Options.Match(price)
		if !ok || (req.Yearly != nil && *req.Yearly != yearly) {
			return item, apperr.Field("price_cents", KeyPriceMismatch, MsgPriceMismatch)
		}
		item.PriceKind, item.Yearly = string(kind), yearly
	}
	item.UnitPriceCents = price
	return item, nil
}

// ProRequired is the refusal of Pro coverage to a member without Pro (02§6, 02§8 "Pro Member
// Required").
func ProRequired() error {
	return &apperr.Error{Code: apperr.Forbidden, Message: MsgProRequired,
		Fields: []apperr.FieldError{{Field: "coverage", Key: KeyProRequired, Message: MsgProRequired}}}
}

// UnitPrice is the server's price of a line for a coverage (retail or Pro), monthly or yearly.
func UnitPrice(offer Offer, cov Coverage, yearly bool) (int64, bool) {
	switch cov {
	case CoverageRetail:
		return offer.Options.Price(pricing.Retail, yearly)
	case CoveragePro:
		return offer.Options.Price(pricing.Pro, yearly)
	case CoveragePoints:
		return pointsUnitPrice(offer, yearly)
	}
	return 0, false
}

// NeedsConsultation reports a line that is held back from payment until a consultation.
func NeedsConsultation(offer Offer) bool { return offer.Options.Quote }

// CoverageOption is one way to cover a line, shown in the drawer's selection.
type CoverageOption struct {
	Coverage  Coverage      `json:"coverage" enum:"retail,pro"`
	UnitPrice pricing.Money `json:"unit_price"`
	Available bool          `json:"available" doc:"False when locked (Pro Only for non-members)"`
	Locked    string        `json:"locked_reason,omitempty" doc:"Why the option is locked: pro_only"`
}

// CartItemView is a cart line as the API shows it.
type CartItemView struct {
	ID                   string                `json:"id"`
	Type                 string                `json:"type" enum:"service" doc:"service (co-pay requests come with the co-pay issue)"`
	ServiceID            string                `json:"service_id"`
	PackageID            string                `json:"package_id"`
	PackageName          string                `json:"package_name"`
	Title                string                `json:"title" doc:"{title} - {Tier} Package for a package"`
	Description          string                `json:"description"`
	Vendor               string                `json:"vendor" doc:"Vendor name, Unknown Vendor when none"`
	ImageURL             string                `json:"image_url"`
	Quantity             int                   `json:"quantity"`
	QuantityEditable     bool                  `json:"quantity_editable" doc:"False where a quantity makes no sense: subscriptions, consultation (quote) lines and co-pay lines; the quantity buttons are hidden"`
	Subscription         bool                  `json:"subscription" doc:"Billed by the month or year (cart.Subscription): in the cart once, at quantity 1"`
	Yearly               bool                  `json:"yearly"`
	PriceSuffix          string                `json:"price_suffix" doc:"/mo, /yr or empty for one-time"`
	PriceKind            string                `json:"price_kind" enum:"retail,pro,copay,quote,points" doc:"Which price the agent chose"`
	Coverage             Coverage              `json:"coverage" enum:",retail,pro,copay,points" doc:"Empty until the agent selects a coverage (and again when a co-pay request was declined, expired or canceled)"`
	CoverageStatus       string                `json:"coverage_status" enum:"pending-selection,pending-vendor-approval,approved"`
	CoverageOptions      []CoverageOption      `json:"coverage_options"`
	UnitPrice            pricing.Money         `json:"unit_price" doc:"Price of the selected coverage (the chosen price while pending)"`
	LineTotal            pricing.Money         `json:"line_total" doc:"What checkout charges for the line in cash: for a points line, the price less what the points pay"`
	PointsUsed           int64                 `json:"points_used" doc:"Points a points line will spend at checkout (02§5 points usable); 0 for other lines"`
	PointsShare          *pricing.Money        `json:"points_share" doc:"What those points pay of the line; null for other lines"`
	PointsLimit          *PointsLimit          `json:"points_limit" doc:"A points line: the 02§5 cap on what points pay of each unit (issue 28 item 7); null for other lines and for a settlement provider's service"`
	RetailUnitPrice      *pricing.Money        `json:"retail_unit_price" doc:"Retail price, to strike through beside a Pro price"`
	SavingsPercent       int                   `json:"savings_percent"`
	RequiresQuote        bool                  `json:"requires_quote"`
	RequiresConsultation bool                  `json:"requires_consultation"`
	AffiliateURL         string                `json:"affiliate_url,omitempty"`
	Available            bool                  `json:"available" doc:"False when the service or package is no longer offered"`
	Badges               []string              `json:"badges" doc:"needs_coverage_selection, pending_vendor_approval, vendor_approved, consultation_required, vendor_website"`
	AddedAt              time.Time             `json:"added_at"`
	CoPay                *CoPayView            `json:"copay,omitempty" doc:"The co-pay request of a co-pay line, as it stands now"`
	ConsultationBooked   bool                  `json:"consultation_booked" doc:"A consultation line whose consultation is booked (a live booking): checkout releases it as a line priced after the meeting"`
	Consultation         *CartConsultationView `json:"consultation,omitempty" doc:"The booking linked to a consultation line by the cart consultation flow, as it stands now"`
	Checkout             string                `json:"checkout" enum:"pay,release,hold_consultation,hold_copay,blocked" doc:"What checkout does with the line: pay it now; release a booked consultation line (no charge); hold it in the cart (needs a consultation, or waits for the vendor's co-pay answer); blocked until a coverage is chosen or the line is removed"`
}

// CartView is the whole cart with totals computed on the server.
type CartView struct {
	Items                   []CartItemView `json:"items"`
	ItemCount               int            `json:"item_count" doc:"Sum of quantities"`
	LineCount               int            `json:"line_count"`
	Subtotal                pricing.Money  `json:"subtotal" doc:"Lines ready to pay (coverage chosen, no consultation needed)"`
	PendingCoverageCount    int            `json:"pending_coverage_count"`
	PendingApprovalCount    int            `json:"pending_approval_count" doc:"Co-pay lines waiting for the vendor's answer: checkout leaves them in the cart (checkout hold_copay) and pays the others"`
	PayableCount            int            `json:"payable_count" doc:"Lines checkout takes now (checkout pay or release)"`
	ConsultationCount       int            `json:"consultation_count" doc:"Consultation lines still held back: their consultation is not booked yet (the cart consultation flow books them)"`
	ConsultationBookedCount int            `json:"consultation_booked_count" doc:"Consultation lines whose consultation is booked: checkout releases them"`
	ReadyForCheckout        bool           `json:"ready_for_checkout"`
	Currency                string         `json:"currency" enum:"USD,CAD"`
	USDToCADRateE4          int            `json:"usd_to_cad_rate_e4"`
	TaxNote                 string         `json:"tax_note"`
	Event                   string         `json:"event,omitempty" enum:"added,updated,removed,cleared" doc:"What the request did, for the toasts Added to cart, Updated cart, Removed from cart, Cart cleared"`
}

// TaxNote is on carts, orders and receipts (docs/decisions: taxes).
const TaxNote = "No tax is calculated: buyers and sellers are each responsible for their own taxes."

// PricedLine is a cart line priced once by the one quote (issue 26 item 4): what the drawer
// shows of it (View) and, from the same resolution, what checkout charges (Offer, Charge).
type PricedLine struct {
	Item Item
	Line Line
	// Offer is the line's offer; Resolved is false when its service or package is gone.
	Offer    Offer
	Resolved bool
	View     CartItemView
	// Charge is the line at its unit price (View.UnitPrice, US cents): a points line's points
	// share and cash share (LineOf).
	Charge quote.Line
}

// PriceLines prices a cart's lines, each once. lines holds each item's service, vendor and
// packages by service id; a missing service makes its line unavailable.
func PriceLines(items []Item, lines map[string]Line, conv pricing.Converter, isPro bool) []PricedLine {
	out := make([]PricedLine, 0, len(items))
	for _, it := range items {
		out = append(out, priceItem(it, lines, conv, isPro))
	}
	return out
}

// Build computes the view of a cart (PriceLines, then the totals).
func Build(items []Item, lines map[string]Line, conv pricing.Converter, isPro bool) CartView {
	return BuildPriced(PriceLines(items, lines, conv, isPro), conv)
}

// BuildPriced computes the view of a cart from its priced lines.
func BuildPriced(priced []PricedLine, conv pricing.Converter) CartView {
	v := CartView{Items: []CartItemView{}, Currency: string(conv.Currency), USDToCADRateE4: conv.RateE4, TaxNote: TaxNote}
	if v.Currency == "" {
		v.Currency = string(pricing.USD)
	}
	var subtotal, subtotalUSD int64
	for _, p := range priced {
		iv := p.View
		v.Items = append(v.Items, iv)
		v.ItemCount += iv.Quantity
		switch iv.Checkout {
		case CheckoutRelease:
			v.ConsultationBookedCount++
			v.PayableCount++
		case CheckoutHoldConsultation:
			v.ConsultationCount++
		case CheckoutBlocked:
			v.PendingCoverageCount++
		case CheckoutHoldCoPay:
			v.PendingApprovalCount++
		default:
			v.PayableCount++
			subtotal += iv.LineTotal.Cents
			subtotalUSD += iv.LineTotal.USDCents
		}
	}
	v.LineCount = len(v.Items)
	v.Subtotal = conv.Total(subtotal, subtotalUSD)
	// A line waiting for the vendor does not stop the others (issue 28 item 2); consultation lines
	// go through the cart consultation flow first.
	v.ReadyForCheckout = v.LineCount > 0 && v.PendingCoverageCount == 0 && v.ConsultationCount < v.LineCount && (v.PayableCount > 0 || v.ConsultationCount > 0)
	return v
}

func priceItem(it Item, lines map[string]Line, conv pricing.Converter, isPro bool) PricedLine {
	iv := CartItemView{
		ID: it.ID, Type: "service", ServiceID: it.ServiceID, PackageID: it.PackageID, PackageName: it.PackageName,
		Quantity: it.Quantity, Yearly: it.Yearly, PriceKind: it.PriceKind, Coverage: it.Coverage,
		Vendor: "Unknown Vendor", Badges: []string{}, CoverageOptions: []CoverageOption{}, AddedAt: it.CreatedAt,
	}
	line, ok := lines[it.ServiceID]
	var offer Offer
	var err error
	if ok {
		offer, err = ResolveOffer(line.Service, line.Packages, it.PackageID)
	}
	iv.Available = ok && err == nil && line.Service.IsActive
	if ok {
		s := line.Service
		iv.Title, iv.Description, iv.ImageURL, iv.RequiresQuote = s.Title, s.Description, s.ImageURL, s.RequiresQuote
		if it.PackageName != "" {
			iv.Title = s.Title + " - " + it.PackageName + " Package"
		}
		if line.Vendor != nil && line.Vendor.Name != "" {
			iv.Vendor = line.Vendor.Name
		}
		if s.IsAffiliate && s.WebsiteURL != "" {
			iv.AffiliateURL = s.WebsiteURL
			iv.Badges = append(iv.Badges, BadgeVendorWebsite)
		}
		duration := offer.Duration
		if duration == "" {
			duration = s.PriceDuration
		}
		iv.PriceSuffix = marketplace.PriceSuffix(duration, it.Yearly)
	}
	iv.RequiresConsultation = iv.Available && NeedsConsultation(offer) || it.PriceKind == "quote"
	iv.Subscription = ok && !iv.RequiresConsultation && Subscription(lineDuration(line, offer), it.Yearly)
	iv.QuantityEditable = !iv.RequiresConsultation && !iv.Subscription
	unit := it.UnitPriceCents
	if iv.Available && !iv.RequiresConsultation {
		for _, cov := range []Coverage{CoverageRetail, CoveragePro} {
			if p, ok := UnitPrice(offer, cov, it.Yearly); ok {
				opt := CoverageOption{Coverage: cov, UnitPrice: conv.Money(p), Available: cov != CoveragePro || isPro}
				if !opt.Available {
					opt.Locked = "pro_only"
				}
				iv.CoverageOptions = append(iv.CoverageOptions, opt)
			}
		}
		if p, ok := UnitPrice(offer, it.Coverage, it.Yearly); ok {
			unit = p
		}
		if p, ok := coPayItem(&iv, it, conv); ok {
			unit = p
		}
		if r, ok := offer.Options.Price(pricing.Retail, it.Yearly); ok && r > unit {
			m := conv.Money(r)
			iv.RetailUnitPrice = &m
			iv.SavingsPercent = marketplace.SavingsPercent(&r, &unit)
		}
	}
	switch {
	case iv.CoPay != nil:
		// Set by coPayItem.
	case iv.RequiresConsultation:
		consultationItem(&iv, it)
	case it.Coverage == CoverageNone:
		iv.CoverageStatus = StatusPendingSelection
		iv.Badges = append([]string{BadgeNeedsCoverage}, iv.Badges...)
	default:
		iv.CoverageStatus = StatusApproved
	}
	iv.UnitPrice = conv.Money(unit)
	cov := quote.Coverage(it.Coverage)
	if !iv.Available || iv.RequiresConsultation {
		cov = quote.Retail
	}
	// The line as checkout charges it (LineOf): a points line's cash share only.
	l := LineOf(line, offer, conv, cov, unit, iv.Quantity)
	if cov == quote.Points {
		share := conv.Money(l.PointsUSD)
		iv.PointsUsed, iv.PointsShare = l.PointsUsed, &share
		iv.PointsLimit = PointsLimitOf(line, offer, conv, unit, it.Yearly)
	}
	iv.LineTotal = conv.Total(l.Total, l.CashUSD)
	if iv.CoPay != nil && iv.CoPay.Status == CoPayPending {
		if cov, p, ok := withdrawCoverage(offer, it.Yearly, isPro); ok {
			w := LineOf(line, offer, conv, quote.Coverage(cov), p, iv.Quantity)
			iv.CoPay.PayNow = &WithdrawView{Coverage: cov, UnitPrice: conv.Money(p), LineTotal: conv.Total(w.Total, w.CashUSD)}
		}
	}
	iv.Checkout = CheckoutAction(iv)
	return PricedLine{Item: it, Line: line, Offer: offer, Resolved: ok && err == nil, View: iv, Charge: l}
}

// LineOf prices qty units of a line at a unit price in US cents by the one quote, in the
// currency of conv: a points line pays the points share of each unit (02§5 points usable) in
// points and the rest in cash. The cart shows it and checkout charges it.
func LineOf(line Line, offer Offer, conv pricing.Converter, cov quote.Coverage, unitUSD int64, qty int) quote.Line {
	q := quote.Of(quote.ServiceOf(line.Service, line.Vendor), offer.Package, quote.Viewer{Currency: conv.Currency},
		quote.Config{USDToCADRateE4: conv.RateE4})
	return q.LineAt(cov, unitUSD, qty)
}

// PointsLimitOf is the points rule's cap on a points line's unit price (the quote's), with the
// price it is of: the Pro price when the unit is the offer's Pro price, else retail.
func PointsLimitOf(line Line, offer Offer, conv pricing.Converter, unitUSD int64, yearly bool) *PointsLimit {
	q := quote.Of(quote.ServiceOf(line.Service, line.Vendor), offer.Package, quote.Viewer{}, quote.Config{})
	pct, cents, ok := q.PointsLimit(unitUSD)
	if !ok {
		return nil
	}
	base := "retail"
	if p, ok := offer.Options.Price(pricing.Pro, yearly); ok && p == unitUSD {
		base = "pro"
	}
	return &PointsLimit{Percent: pct, Cents: cents, Base: base, Amount: conv.Money(cents)}
}

// ServiceIDs lists the services of the given lines, each once, in the lines' order.
func ServiceIDs(items []Item) []string {
	seen := map[string]bool{}
	var out []string
	for _, it := range items {
		if !seen[it.ServiceID] {
			seen[it.ServiceID] = true
			out = append(out, it.ServiceID)
		}
	}
	return out
}
