package copay

import (
	"context"
	"slices"
	"strings"

	"circle/internal/apperr"
	"circle/internal/catalog"
	"circle/internal/lang"
	"circle/internal/respa"
)

// MaxPartners is the vendor picker's limit (02§9 "Vendor picker: 100 vendors max").
const MaxPartners = 100

// PartnerRepresentative is a partner's person the agent may address the request to (a loan officer at
// a lender).
type PartnerRepresentative struct {
	ID                string `json:"id"`
	Name              string `json:"name"`
	Title             string `json:"title"`
	ProfilePictureURL string `json:"profile_picture_url"`
	IsPrimary         bool   `json:"is_primary"`
}

// Partner is a vendor card of the Select Co-Pay Partner dialog (02§2): a vendor other than the
// service's own that may cover a share of it, with its cap and the request slider for it.
type Partner struct {
	ID              string                       `json:"id"`
	Name            string                       `json:"name"`
	Description     string                       `json:"description"`
	LogoURL         string                       `json:"logo_url"`
	Location        string                       `json:"location"`
	VendorType      string                       `json:"vendor_type"`
	Kind            respa.VendorKind             `json:"kind" enum:"ssp,non_ssp" doc:"ssp: a settlement service provider (lender, title, escrow...)"`
	IsVerified      bool                         `json:"is_verified"`
	Specialties     []string                     `json:"specialties" doc:"Up to 3"`
	MoreSpecialties int                          `json:"more_specialties" doc:"How many specialties are not listed (+N more)"`
	Representatives []PartnerRepresentative      `json:"representatives" doc:"Active representatives, primary first (the loan officers of a lender)"`
	Cap             respa.Cap                    `json:"cap" doc:"The most this partner may cover of the service (RESPA)"`
	Slider          respa.Slider                 `json:"slider" doc:"The request slider for this partner: min 10, step 5, max the split limit or 80, never above the cap"`
	Preview         respa.Breakdown              `json:"preview" doc:"The split at the slider's initial value"`
	Explanation     string                       `json:"explanation" doc:"The preview's plain-language explanation in the viewer's language"`
	Website         string                       `json:"website_url"`
	Local           *catalog.LocalRepresentative `json:"local_representative,omitempty"`
}

// PartnerList is the picker's answer: the partners the search matched (at most 100) and the
// counts the qa=1 banner shows.
type PartnerList struct {
	Partners []Partner `json:"partners"`
	Total    int       `json:"total" doc:"Partner vendors for this service before the search"`
	Filtered int       `json:"filtered" doc:"Partner vendors the search matched"`
	// ServiceTitle and BasePrice say what the split applies to.
	ServiceTitle string `json:"service_title"`
}

// PartnerSlider is the request slider for one partner: 02§5's slider (min 10, step 5, max the
// service split limit or 80, initial the limit or 50), its maximum lowered to the partner's cap
// (the largest step at or below it), the initial value kept inside.
func PartnerSlider(t respa.Terms, c respa.Cap) (respa.Slider, bool) {
	s := respa.SliderFor(t)
	if c.Percent < s.Max {
		s.Max = c.Percent
	}
	if s.Max < s.Min {
		return s, false
	}
	s.Max = s.Min + (s.Max-s.Min)/s.Step*s.Step
	if s.Initial > s.Max {
		s.Initial = s.Max
	}
	if s.Initial < s.Min {
		s.Initial = s.Min
	}
	s.Initial = s.Min + (s.Initial-s.Min)/s.Step*s.Step
	return s, true
}

// matches is the picker's search: case-insensitive on name, description, location and service
// states (02§5 "Vendor search").
func matches(v catalog.Vendor, q string) bool {
	q = strings.ToLower(strings.TrimSpace(q))
	if q == "" {
		return true
	}
	return strings.Contains(strings.ToLower(v.Name+" "+v.Description+" "+v.Location+" "+strings.Join(v.ServiceStates, " ")), q)
}

// Partners lists the vendors the agent may ask to cover a share of a service: listed vendors
// other than the service's own and the agent's own (those they own or represent: self-dealing,
// issue 27) whose RESPA cap for the service is at least the slider's minimum, filtered by the
// search.
func (s *AgentService) Partners(ctx context.Context, a Agent, in QuoteInput, query string) (PartnerList, error) {
	if err := requirePro(a); err != nil {
		return PartnerList{}, err
	}
	tgt, err := s.target(ctx, in)
	if err != nil {
		return PartnerList{}, err
	}
	vendors, err := s.Store.ListedVendors(ctx, 0)
	if err != nil {
		return PartnerList{}, err
	}
	own, err := s.Store.AffiliatedVendorIDs(ctx, a.UserID)
	if err != nil {
		return PartnerList{}, err
	}
	out := PartnerList{Partners: []Partner{}, ServiceTitle: tgt.line.Service.Title}
	var picked []catalog.Vendor
	for _, v := range vendors {
		if (tgt.line.Service.VendorID != nil && v.ID == *tgt.line.Service.VendorID) || slices.Contains(own, v.ID) {
			continue
		}
		c := respa.SplitLimit(tgt.terms, respa.KindOf(v.VendorType))
		if _, ok := PartnerSlider(tgt.terms, c); !ok {
			continue
		}
		out.Total++
		if matches(v, query) {
			out.Filtered++
			picked = append(picked, v)
		}
	}
	// The partners who may cover the most come first (issue 28 item 4): the card's "with
	// co-pay" price is the best partner's default split, so the first partner offered delivers
	// it. Verified partners before the others at the same cap; the listing order after that.
	slices.SortStableFunc(picked, func(a, b catalog.Vendor) int {
		ca, cb := respa.SplitLimit(tgt.terms, respa.KindOf(a.VendorType)), respa.SplitLimit(tgt.terms, respa.KindOf(b.VendorType))
		if ca.Percent != cb.Percent {
			return cb.Percent - ca.Percent
		}
		switch {
		case a.IsVerified && !b.IsVerified:
			return -1
		case b.IsVerified && !a.IsVerified:
			return 1
		}
		return 0
	})
	if len(picked) > MaxPartners {
		picked = picked[:MaxPartners]
	}
	ids := make([]string, 0, len(picked))
	for _, v := range picked {
		ids = append(ids, v.ID)
	}
	reps, err := s.Store.RepresentativesOf(ctx, ids)
	if err != nil {
		return PartnerList{}, err
	}
	for _, v := range picked {
		kind := respa.KindOf(v.VendorType)
		c := respa.SplitLimit(tgt.terms, kind)
		sl, _ := PartnerSlider(tgt.terms, c)
		b := respa.CompliantUsage(respa.Usage{Terms: tgt.terms, TotalCents: tgt.baseCents, PartnerName: v.Name, PartnerKind: kind, RequestedSplit: sl.Initial})
		p := Partner{ID: v.ID, Name: localName(v, a.Lang), Description: v.Description, LogoURL: v.LogoURL, Location: v.Location,
			VendorType: v.VendorType, Kind: kind, IsVerified: v.IsVerified, Representatives: []PartnerRepresentative{}, Cap: c, Slider: sl,
			Preview: b, Explanation: respa.ExplainIn(b, a.converter(s.rate(ctx))), Website: v.WebsiteURL, Local: v.LocalRepresentative}
		p.Specialties = v.Specialties
		if p.Specialties == nil {
			p.Specialties = []string{}
		}
		if len(p.Specialties) > 3 {
			p.MoreSpecialties, p.Specialties = len(p.Specialties)-3, p.Specialties[:3]
		}
		for _, r := range reps[v.ID] {
			p.Representatives = append(p.Representatives, PartnerRepresentative{ID: r.ID, Name: r.Name, Title: r.Title, ProfilePictureURL: r.ProfilePictureURL, IsPrimary: r.IsPrimary})
		}
		out.Partners = append(out.Partners, p)
	}
	return out, nil
}

func localName(v catalog.Vendor, l string) string { return lang.Pick(l, v.Name, v.NameEs, v.NameFr) }

// partnerOf checks the vendor the agent asks: listed, not the service's own, with a cap of at
// least the slider's minimum for this service.
func partnerOf(v catalog.Vendor, err error, tgt target) (catalog.Vendor, respa.Cap, respa.Slider, error) {
	if apperr.CodeOf(err) == apperr.NotFound || (err == nil && !listed(v)) {
		return v, respa.Cap{}, respa.Slider{}, apperr.Field("vendor_id", KeyUnknownPartner, MsgUnknownPartner)
	}
	if err != nil {
		return v, respa.Cap{}, respa.Slider{}, err
	}
	if tgt.line.Service.VendorID != nil && v.ID == *tgt.line.Service.VendorID {
		return v, respa.Cap{}, respa.Slider{}, apperr.Field("vendor_id", KeyOwnVendor, MsgOwnVendor)
	}
	c := respa.SplitLimit(tgt.terms, respa.KindOf(v.VendorType))
	sl, ok := PartnerSlider(tgt.terms, c)
	if !ok {
		return v, c, sl, apperr.Field("vendor_id", KeyPartnerCapped, MsgPartnerCapped)
	}
	return v, c, sl, nil
}

func listed(v catalog.Vendor) bool {
	if !v.IsActive {
		return false
	}
	switch v.ApprovalStatus {
	case catalog.ApprovalApproved, catalog.ApprovalAutoApproved, catalog.ApprovalPending:
		return true
	}
	return false
}
