// Package respa holds the RESPA rules of co-pay (spec 02§5, 02§7, 02§9 and the shared product
// decisions): settlement-service-provider (SSP) vendor kinds, split caps, risk classification,
// the co-pay display price, the compliant-usage breakdown (calculate_respa_compliant_usage) and
// a plain-language explanation of every split. It is pure: no database, no clock; the co-pay
// request flow and the points wallet call it with what they have loaded.
//
// Money is integer cents and percentages are integers. Rounding: the vendor's share is rounded
// DOWN to the cent, so a vendor never pays more than its cap allows; the agent pays the rest.
package respa

import (
	"strings"

	"circle/internal/catalog"
)

// VendorKind is how RESPA sees the vendor that pays a share (the co-pay partner).
type VendorKind string

const (
	// SSP is a settlement service provider: lenders, title, escrow and the like (02§5).
	SSP VendorKind = "ssp"
	// NonSSP is every other vendor type, and a vendor without a type (02§5).
	NonSSP VendorKind = "non_ssp"
)

// KindOf classifies a vendor type (02§5 "Settlement-service-provider types"): the seven SSP
// types are SSP; everything else, including an empty or unknown type, is non-SSP.
func KindOf(vendorType string) VendorKind {
	if catalog.IsSSP(strings.ToLower(strings.TrimSpace(vendorType))) {
		return SSP
	}
	return NonSSP
}

// Defaults of 02§9 "Pricing" and the shared decisions table ("settlement-provider (SSP) cap").
const (
	// DefaultSplit is the split requested when the service has no respa_split_limit (02§9).
	DefaultSplit = 50
	// DefaultSSPCap: the spec says both "typical SSP co-pay 50%" and "SSP vendors are limited to
	// 20%"; the shared decision takes the stricter, 20%.
	DefaultSSPCap = 20
	// DefaultNonSSPCap is the default non-SSP max split (02§9).
	DefaultNonSSPCap = 70
	// SliderMin, SliderStep and SliderMaxWithoutLimit are the request slider's bounds (02§5).
	SliderMin             = 10
	SliderStep            = 5
	SliderMaxWithoutLimit = 80
)

// Terms are a service's co-pay columns (02§3 services). Nil means "not set".
type Terms struct {
	CopayAllowed          bool
	SSPAllowed            bool
	RespaSplitLimit       *int
	MaxSplitSSP           *int
	MaxSplitNonSSP        *int
	MaxVendorSplit        *int
	IsVerified            bool
	RetailCents, ProCents *int64
	// CoPayCents is the service's stored co_pay_price, if any.
	CoPayCents *int64
}

// TermsOf reads a service's co-pay terms.
func TermsOf(s catalog.Service) Terms {
	return Terms{
		CopayAllowed: s.CopayAllowed, SSPAllowed: s.SSPAllowed, RespaSplitLimit: s.RespaSplitLimit,
		MaxSplitSSP: s.MaxSplitPercentageSSP, MaxSplitNonSSP: s.MaxSplitPercentageNonSSP, MaxVendorSplit: s.MaxVendorSplitPercentage,
		IsVerified: s.IsVerified, RetailCents: s.RetailPriceCents, ProCents: s.ProPriceCents, CoPayCents: s.CoPayPriceCents,
	}
}

// CapReason says which rule set a split's cap.
type CapReason string

const (
	CapNone CapReason = ""
	// CapCopayNotAllowed: the service does not allow co-pay (copay_allowed false): cap 0.
	CapCopayNotAllowed CapReason = "copay_not_allowed"
	// CapSSPNotAllowed: the partner is an SSP and the service's ssp_allowed is false: cap 0.
	CapSSPNotAllowed CapReason = "ssp_not_allowed"
	// CapSSP: max_split_percentage_ssp (default 20) for an SSP partner.
	CapSSP CapReason = "ssp_cap"
	// CapNonSSP: max_split_percentage_non_ssp (default 70) for a non-SSP partner.
	CapNonSSP CapReason = "non_ssp_cap"
	// CapServiceLimit: the service's respa_split_limit.
	CapServiceLimit CapReason = "service_limit"
	// CapVendorMax: the service's max_vendor_split_percentage.
	CapVendorMax CapReason = "vendor_max"
	// CapCoPayPrice: the service's stored co_pay_price, read as the share of retail it leaves to
	// a partner (rounded down to a whole percent).
	CapCoPayPrice CapReason = "copay_price"
)

// Cap is the most a partner of one kind may cover of a service, in percent, and why.
type Cap struct {
	Percent int       `json:"percent" doc:"The most the partner may cover, in percent"`
	Reason  CapReason `json:"reason" enum:"copay_not_allowed,ssp_not_allowed,ssp_cap,non_ssp_cap,service_limit,vendor_max,copay_price" doc:"Which rule sets the cap"`
}

// SplitLimit is the cap for a partner of the given kind: the type cap (the service's
// max_split_percentage_ssp/_non_ssp, else 20/70), lowered by the service's respa_split_limit and
// max_vendor_split_percentage when set (a service limit can only lower a cap: shared decision),
// and by a stored co_pay_price (02§9: the price shown is never below the co-pay price).
// The type cap wins ties, because it is the reason the agent most needs to hear. No co-pay, or
// an SSP partner on a service with ssp_allowed false, caps at 0.
func SplitLimit(t Terms, kind VendorKind) Cap {
	if !t.CopayAllowed {
		return Cap{Percent: 0, Reason: CapCopayNotAllowed}
	}
	c := Cap{Percent: pct(t.MaxSplitNonSSP, DefaultNonSSPCap), Reason: CapNonSSP}
	if kind == SSP {
		if !t.SSPAllowed {
			return Cap{Percent: 0, Reason: CapSSPNotAllowed}
		}
		c = Cap{Percent: pct(t.MaxSplitSSP, DefaultSSPCap), Reason: CapSSP}
	}
	if t.RespaSplitLimit != nil && clamp(*t.RespaSplitLimit) < c.Percent {
		c = Cap{Percent: clamp(*t.RespaSplitLimit), Reason: CapServiceLimit}
	}
	if t.MaxVendorSplit != nil && clamp(*t.MaxVendorSplit) < c.Percent {
		c = Cap{Percent: clamp(*t.MaxVendorSplit), Reason: CapVendorMax}
	}
	if p, ok := storedPricePercent(t); ok && p < c.Percent {
		c = Cap{Percent: p, Reason: CapCoPayPrice}
	}
	return c
}

// DefaultRequest is the split requested when the agent does not choose one: the service's
// respa_split_limit, or 50 (02§9 "Default co-pay split requested").
func DefaultRequest(t Terms) int {
	if t.RespaSplitLimit != nil && *t.RespaSplitLimit > 0 {
		return clamp(*t.RespaSplitLimit)
	}
	return DefaultSplit
}

// Slider is the co-pay request slider (02§5 "Co-pay request"): minimum 10, step 5, maximum the
// service split limit or 80, initial value the split limit or 50.
type Slider struct {
	Min     int `json:"min"`
	Step    int `json:"step"`
	Max     int `json:"max"`
	Initial int `json:"initial"`
}

// SliderFor returns the request slider of a service.
func SliderFor(t Terms) Slider {
	s := Slider{Min: SliderMin, Step: SliderStep, Max: SliderMaxWithoutLimit, Initial: DefaultSplit}
	if t.RespaSplitLimit != nil && *t.RespaSplitLimit > 0 {
		s.Max, s.Initial = clamp(*t.RespaSplitLimit), clamp(*t.RespaSplitLimit)
	}
	return s
}

// VendorShare is split percent of total cents, rounded down to the cent (the package rule).
func VendorShare(totalCents int64, splitPercent int) int64 {
	if totalCents <= 0 || splitPercent <= 0 {
		return 0
	}
	return totalCents * int64(clamp(splitPercent)) / 100
}

// CoPayPrice is what the detail page and the cart show as the co-pay price, or false when
// co-pay is not displayed. 02§5 line 168: co-pay is displayed only when copay_allowed and a
// split limit exist and a usable base price exists (verified: a Pro price; not verified: a
// retail price). The money is on retail (02§4 line 152 "retail times the max vendor split",
// 02§9 line 265 "Agent pays retail x (1 - split/100)"): a co-pay replaces the Pro discount, it
// does not stack on it. The split is the default request (02§9 line 264) capped for the most
// generous partner kind, since no partner is chosen yet; so the price is the agent's share of
// Breakdown for that partner, and a stored co_pay_price is one of the caps (02§9 line 266: the
// higher of the co-pay price and the computed one).
func CoPayPrice(t Terms) (int64, bool) {
	if !t.CopayAllowed || t.RespaSplitLimit == nil || *t.RespaSplitLimit <= 0 || !positive(t.RetailCents) {
		return 0, false
	}
	if t.IsVerified && !positive(t.ProCents) {
		return 0, false
	}
	b := CompliantUsage(Usage{Terms: t, TotalCents: *t.RetailCents, PartnerKind: BestKind(t)})
	return b.AgentShareCents, true
}

// BestKind is the partner kind that may cover the most of a service (non-SSP on a tie).
func BestKind(t Terms) VendorKind {
	if SplitLimit(t, SSP).Percent > SplitLimit(t, NonSSP).Percent {
		return SSP
	}
	return NonSSP
}

// storedPricePercent is the share of retail a stored co_pay_price leaves to a partner, rounded
// down to a whole percent so the agent never pays less than the stored price.
func storedPricePercent(t Terms) (int, bool) {
	if t.CoPayCents == nil || !positive(t.RetailCents) || *t.CoPayCents < 0 {
		return 0, false
	}
	off := *t.RetailCents - *t.CoPayCents
	if off <= 0 {
		return 0, true
	}
	return int(off * 100 / *t.RetailCents), true
}

func positive(p *int64) bool { return p != nil && *p > 0 }

// CoPayPriceOf is CoPayPrice of a service as a pointer (nil when co-pay is not displayed), the
// shape detail and cart price options take.
func CoPayPriceOf(s catalog.Service) *int64 {
	p, ok := CoPayPrice(TermsOf(s))
	if !ok {
		return nil
	}
	return &p
}

func pct(p *int, def int) int {
	if p == nil {
		return def
	}
	return clamp(*p)
}

func clamp(p int) int {
	return min(max(p, 0), 100)
}
