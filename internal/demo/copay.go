package demo

import (
	"time"

	"circle/internal/catalog"
	"circle/internal/copay"
	"circle/internal/respa"
)

// CoPay is the demo co-pay requests (issue 15 item 8) with their history.
type CoPay struct {
	Requests []copay.Request
	Events   []copay.Event
}

// Demo co-pay request ids: pro@demo.test asks ClosingBell (owned by vendor@demo.test) to cover
// part of two services of other vendors. Neither is linked to a cart line (the Pro agent's demo
// cart stays as it is).
const (
	CoPayPendingID  = "cpr-demo-pending"
	CoPayApprovedID = "cpr-demo-approved"
)

// BuildCoPay is pro@demo.test's co-pay requests to ven-closingbell: one pending (asked a day
// ago, 50% of WelcomeMat's buyer seminar, expires in two days) and one approved (asked five
// days ago at 40% of BrightPath's farm mailers, approved at 35% by vendor@demo.test the next
// day). Shares and explanations come from the RESPA rules on the demo services' retail prices.
func BuildCoPay(now time.Time, d Data) CoPay {
	now = now.UTC().Truncate(time.Second)
	day := 24 * time.Hour
	services := map[string]catalog.Service{}
	for _, s := range d.Services {
		services[s.Service.ID] = s.Service
	}
	var vendor catalog.Vendor
	for _, v := range d.Vendors {
		if v.ID == vendorAccountVendor {
			vendor = v
		}
	}
	kind := respa.KindOf(vendor.VendorType)
	var out CoPay
	add := func(id, serviceID string, requested, approved int, created time.Time, decided *time.Time, note string) {
		svc := services[serviceID]
		total := int64(0)
		if svc.RetailPriceCents != nil {
			total = *svc.RetailPriceCents
		}
		usage := respa.Usage{Terms: respa.TermsOf(svc), TotalCents: total, PartnerName: vendor.Name, PartnerKind: kind, RequestedSplit: requested}
		asked := respa.CompliantUsage(usage)
		r := copay.Request{ID: id, AgentID: WalletProAgent, VendorID: vendor.ID, ServiceID: serviceID, RequestedSplit: requested,
			VendorKind: string(kind), BasePriceCents: total, VendorShareCents: asked.VendorShareCents, AgentShareCents: asked.AgentShareCents,
			Explanation: respa.Explain(asked, "en"), AgentNotes: "Would you be open to co-marketing on this one? Happy to feature ClosingBell on every piece.",
			Status: copay.StatusPending, ExpiresAt: created.Add(copay.ResponseWindow), CreatedAt: created, UpdatedAt: created}
		out.Events = append(out.Events, copay.Event{ID: id + "-created", RequestID: id, Status: copay.StatusPending, ActorID: WalletProAgent,
			SplitPercentage: asked.SplitPercent, VendorShareCents: asked.VendorShareCents, AgentShareCents: asked.AgentShareCents,
			Explanation: r.Explanation, Note: r.AgentNotes, CreatedAt: created})
		if decided != nil {
			usage.RequestedSplit = approved
			b := respa.CompliantUsage(usage)
			split := b.SplitPercent
			r.Status, r.ApprovedSplit, r.VendorShareCents, r.AgentShareCents = copay.StatusApproved, &split, b.VendorShareCents, b.AgentShareCents
			r.Explanation, r.DecisionNote, r.DecidedBy, r.DecidedAt, r.UpdatedAt = respa.Explain(b, "en"), note, userVendor, decided, *decided
			out.Events = append(out.Events, copay.Event{ID: id + "-approved", RequestID: id, Status: copay.StatusApproved, ActorID: userVendor,
				SplitPercentage: split, VendorShareCents: b.VendorShareCents, AgentShareCents: b.AgentShareCents, Explanation: r.Explanation,
				Note: note, CreatedAt: *decided})
		}
		out.Requests = append(out.Requests, r)
	}
	add(CoPayPendingID, "svc-welcomemat-buyer-seminar", 50, 0, now.Add(-day), nil, "")
	decided := now.Add(-4 * day)
	add(CoPayApprovedID, "svc-brightpath-farm-mailers", 40, 35, now.Add(-5*day), &decided, "Happy to help at 35% this quarter.")
	return out
}
