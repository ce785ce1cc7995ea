package respa

import "circle/internal/points"

// Coverage kinds of the co-pay purchase flow (02§4 "Co-pay purchase flow").
const (
	// FullCoverage: the partner's points cover its whole share.
	FullCoverage = "full_coverage"
	// PartialCoverage: some points, and a co-pay request for the remainder of the share.
	PartialCoverage = "partial_coverage"
	// VendorOnly: no points; the share is a co-pay request.
	VendorOnly = "vendor_only"
	// NoCoverage: the partner may cover nothing (cap 0 or nothing to pay).
	NoCoverage = "none"
)

// Usage is the input of calculate_respa_compliant_usage (02§7): what is being paid, by which
// partner, at which requested split, and how many of that partner's points the agent holds.
type Usage struct {
	Terms       Terms
	TotalCents  int64
	PartnerName string
	PartnerKind VendorKind
	// RequestedSplit is the split the agent asks for; 0 means the default (02§9).
	RequestedSplit int
	// PointsAvailable is the agent's active points from this partner (its allocations).
	PointsAvailable int64
}

// Breakdown is the compliance usage result (02§3: can_cover_full_amount, coverage_breakdown
// with respa_portion, non_respa_portion, agent_pays), with the split and its cap spelled out.
type Breakdown struct {
	PartnerName      string     `json:"partner_name"`
	PartnerKind      VendorKind `json:"partner_kind" enum:"ssp,non_ssp"`
	TotalCents       int64      `json:"total_cents"`
	RequestedPercent int        `json:"requested_percent" doc:"The split asked for (default: the service's split limit or 50)"`
	CapPercent       int        `json:"cap_percent" doc:"The most this partner may cover"`
	CapReason        CapReason  `json:"cap_reason" enum:"copay_not_allowed,ssp_not_allowed,ssp_cap,non_ssp_cap,service_limit,vendor_max,copay_price"`
	// Capped is true when the request was above the cap and was lowered to it.
	Capped           bool  `json:"capped"`
	SplitPercent     int   `json:"split_percent" doc:"The split applied: min(requested, cap)"`
	VendorShareCents int64 `json:"vendor_share_cents" doc:"total x split / 100, rounded down to the cent"`
	AgentShareCents  int64 `json:"agent_share_cents" doc:"total less the vendor share: what the agent pays"`
	// PointsUsable is how many of the partner's points pay toward its share: whole points, never
	// above the share (rounded down) nor above the points held.
	PointsUsable int64 `json:"points_usable"`
	PointsCents  int64 `json:"points_cents"`
	// RequestCents is the part of the vendor share left to a co-pay request.
	RequestCents int64  `json:"request_cents"`
	CoverageKind string `json:"coverage_kind" enum:"full_coverage,partial_coverage,vendor_only,none"`
	// RespaPortionCents is the vendor share when the partner is an SSP (the RESPA-regulated
	// payment); NonRespaPortionCents the share of a non-SSP partner; AgentPaysCents = agent share.
	RespaPortionCents    int64 `json:"respa_portion_cents"`
	NonRespaPortionCents int64 `json:"non_respa_portion_cents"`
	AgentPaysCents       int64 `json:"agent_pays_cents"`
	// CanCoverFullAmount: the partner's compliant share, paid in points, covers the whole total.
	CanCoverFullAmount bool `json:"can_cover_full_amount"`
}

// CompliantUsage is calculate_respa_compliant_usage (02§7): the split is the request (or the
// default) lowered to the partner's cap; the vendor share rounds down; the partner's points pay
// toward that share in whole points; the rest of the share is a co-pay request; the coverage
// kind follows 02§4 (full, partial, vendor only).
func CompliantUsage(u Usage) Breakdown {
	total := max(u.TotalCents, 0)
	kind := u.PartnerKind
	if kind != SSP {
		kind = NonSSP
	}
	req := u.RequestedSplit
	if req <= 0 {
		req = DefaultRequest(u.Terms)
	}
	req = clamp(req)
	c := SplitLimit(u.Terms, kind)
	b := Breakdown{PartnerName: u.PartnerName, PartnerKind: kind, TotalCents: total, RequestedPercent: req,
		CapPercent: c.Percent, CapReason: c.Reason, Capped: req > c.Percent, SplitPercent: min(req, c.Percent)}
	b.VendorShareCents = VendorShare(total, b.SplitPercent)
	b.AgentShareCents = total - b.VendorShareCents
	b.PointsUsable = min(max(u.PointsAvailable, 0), b.VendorShareCents/points.CentsPerPoint)
	b.PointsCents = b.PointsUsable * points.CentsPerPoint
	b.RequestCents = b.VendorShareCents - b.PointsCents
	switch {
	case b.VendorShareCents == 0:
		b.CoverageKind = NoCoverage
	case b.RequestCents == 0:
		b.CoverageKind = FullCoverage
	case b.PointsUsable > 0:
		b.CoverageKind = PartialCoverage
	default:
		b.CoverageKind = VendorOnly
	}
	if kind == SSP {
		b.RespaPortionCents = b.VendorShareCents
	} else {
		b.NonRespaPortionCents = b.VendorShareCents
	}
	b.AgentPaysCents = b.AgentShareCents
	b.CanCoverFullAmount = total > 0 && b.AgentShareCents == 0 && b.RequestCents == 0
	return b
}
