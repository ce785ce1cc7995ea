package detail

import (
	"strconv"
	"strings"
	"time"

	"circle/internal/cart"
	"circle/internal/catalog"
	"circle/internal/marketplace"
	"circle/internal/pricing"
)

// VendorInfo is the vendor block of the service detail page.
type VendorInfo struct {
	ID                string  `json:"id"`
	Name              string  `json:"name"`
	Description       string  `json:"description"`
	LogoURL           string  `json:"logo_url"`
	WebsiteURL        string  `json:"website_url"`
	ContactEmail      string  `json:"contact_email"`
	Phone             string  `json:"phone"`
	SupportHours      string  `json:"support_hours"`
	VendorType        string  `json:"vendor_type"`
	IsVerified        bool    `json:"is_verified"`
	IsPremiumProvider bool    `json:"is_premium_provider" doc:"Premium Provider badge"`
	Rating            float64 `json:"rating" doc:"Review-weighted average over the vendor's active services"`
	ReviewCount       int     `json:"review_count"`
}

// Disclaimer variants (02§2): amber for non-verified vendors, blue Verified Pricing for verified.
const (
	DisclaimerVerified   = "verified"
	DisclaimerUnverified = "unverified"
)

// DisclaimerRecord is a RESPA disclaimer row as shown.
type DisclaimerRecord struct {
	ID         string    `json:"id"`
	Title      string    `json:"title"`
	Content    string    `json:"content"`
	ButtonText string    `json:"button_text"`
	ButtonURL  string    `json:"button_url"`
	UpdatedAt  time.Time `json:"updated_at" doc:"The last-updated date"`
}

// Disclaimer is the disclaimer block: its variant and the RESPA disclaimer that applies.
type Disclaimer struct {
	Variant string `json:"variant" enum:"verified,unverified"`
	// Record is the service's own active disclaimer, else the newest active one; null when
	// none is configured.
	Record *DisclaimerRecord `json:"record"`
}

// Stats are the header's three figures; null shows TBD.
type Stats struct {
	EstimatedROI  *string `json:"estimated_roi" doc:"Avg ROI as written (3x, 250%); null shows TBD"`
	ROIVisible    bool    `json:"roi_visible" doc:"The sales page shows ROI only for verified vendors, otherwise ROI: TBD"`
	TimeToResults *string `json:"time_to_results" doc:"null shows TBD"`
	SetupTime     *string `json:"setup_time" doc:"null shows TBD"`
}

// QuickActions are the facts behind the Quick Actions card.
type QuickActions struct {
	// DirectPurchase: Buy Now is offered (direct purchase enabled and a website exists);
	// otherwise Book Consultation.
	DirectPurchase bool `json:"direct_purchase"`
	// WebsiteURL is the service's website, else the vendor's; "" shows Website Not Available.
	WebsiteURL         string `json:"website_url"`
	WebsiteAvailable   bool   `json:"website_available"`
	HasPricing         bool   `json:"has_pricing" doc:"Packages exist (the Pricing button scrolls to them)"`
	BookingType        string `json:"booking_type" enum:"internal,external"`
	ExternalBookingURL string `json:"external_booking_url"`
}

// SalesPage holds the sales-page dialog's rules (02§5).
type SalesPage struct {
	// UsesPackages: the service's own packages replace the default tiers.
	UsesPackages bool `json:"uses_packages"`
	// Tiers are the default Standard, Circle Pro and Co-Pay tiers (those with a price); empty
	// when the service has packages of its own.
	Tiers []Package `json:"tiers"`
	// ShowVendorRating: the vendor rating shows only when the service has reviews and a vendor.
	ShowVendorRating bool `json:"show_vendor_rating"`
}

// Reviews is a review list with the service's average and count.
type Reviews struct {
	AverageRating float64              `json:"average_rating"`
	TotalReviews  int                  `json:"total_reviews"`
	Reviews       []catalog.ReviewView `json:"reviews" doc:"Newest first, at most 20"`
}

// Viewer is what the page needs to know about the caller.
type Viewer struct {
	SignedIn bool `json:"signed_in"`
	IsPro    bool `json:"is_pro" doc:"Pro member (or staff): Pro prices, co-pay and points apply"`
	IsAdmin  bool `json:"is_admin"`
	// IsOwner: the caller owns the service's vendor.
	IsOwner    bool    `json:"is_owner"`
	Saved      bool    `json:"saved"`
	SavedNotes string  `json:"saved_notes"`
	ReviewID   *string `json:"review_id" doc:"The caller's own review of the service"`
}

// ServiceDetail is everything the funnel page and the sales-page dialog show, in one answer.
type ServiceDetail struct {
	Service         marketplace.Card       `json:"service" doc:"The card: prices, rating, badges, vendor summary"`
	Headline        string                 `json:"headline" doc:"funnel headline, else the title"`
	SubHeadline     string                 `json:"sub_headline" doc:"funnel subHeadline, else heroDescription"`
	FunnelContent   *catalog.FunnelContent `json:"funnel_content"`
	Media           []catalog.MediaItem    `json:"media" doc:"Main media then up to 4 more; falls back to the service image"`
	FAQs            []catalog.FunnelFAQ    `json:"faqs" doc:"As stored"`
	Sections        []catalog.Section      `json:"sections" doc:"Where each of the five sections comes from (02§4)"`
	Packages        []Package              `json:"packages" doc:"The service's packages by sort order (at most 4), else the default 75/100/150% packages"`
	PackagesDefault bool                   `json:"packages_default" doc:"packages are the generated defaults"`
	HasYearly       bool                   `json:"has_yearly" doc:"Show the Monthly/Yearly toggle (Save up to 20%)"`
	SalesPage       SalesPage              `json:"sales_page"`
	Vendor          *VendorInfo            `json:"vendor"`
	Disclaimer      Disclaimer             `json:"disclaimer"`
	Stats           Stats                  `json:"stats"`
	QuickActions    QuickActions           `json:"quick_actions"`
	Reviews         Reviews                `json:"reviews"`
	Suggestions     []marketplace.Card     `json:"suggestions" doc:"Similar services, best first, up to 12 (show 6, 4 per page)"`
	Bundles         []Bundle               `json:"bundles" doc:"Up to 3; shown only behind the serviceBundles flag"`
	Viewer          Viewer                 `json:"viewer"`
	Offers          []cart.PurchaseOffer   `json:"offers" doc:"What each purchase request for the service buys, with the purchase dialogs' options for this viewer (the web app computes no price)"`
	Respa           Respa                  `json:"respa" doc:"RESPA risk; for Pro viewers the default co-pay split per partner kind, explained (F-PAY-06)"`
}

// Input is what Build needs, loaded by the store.
type Input struct {
	Service      catalog.Service
	Card         marketplace.Card
	Vendor       *catalog.Vendor
	VendorRating marketplace.Rating
	Packages     []catalog.Package
	Disclaimer   *catalog.Disclaimer
	// Related answers the suggestions and bundles (built once per pool version).
	Related *Related
	Reviews Reviews
	Viewer  Viewer
	// ViewerPoints is the signed-in viewer's points balance (the points option of the offers).
	ViewerPoints int64
	// Money shows the offers' prices in the viewer's currency.
	Money pricing.Converter
}

// known is nil for blank or TBD values (the page shows TBD).
func known(s string) *string {
	t := strings.TrimSpace(s)
	if t == "" || strings.EqualFold(t, "tbd") {
		return nil
	}
	return &t
}

// Build assembles the detail answer.
func Build(in Input) ServiceDetail {
	s := in.Service
	fc := s.FunnelContent
	d := ServiceDetail{Service: in.Card, Headline: s.Title, FunnelContent: fc, FAQs: []catalog.FunnelFAQ{}, Viewer: in.Viewer}
	verified := s.IsVerified
	if in.Vendor != nil {
		verified = in.Vendor.IsVerified
	}
	duration := s.Duration
	if fc != nil {
		if strings.TrimSpace(fc.Headline) != "" {
			d.Headline = fc.Headline
		}
		d.SubHeadline = fc.SubHeadline
		if strings.TrimSpace(d.SubHeadline) == "" {
			d.SubHeadline = fc.HeroDescription
		}
		if fc.FAQs != nil {
			d.FAQs = fc.FAQs
		}
		if strings.TrimSpace(duration) == "" {
			duration = fc.Duration
		}
	}
	d.Media = catalog.HeroMedia(fc, s.ImageURL)

	cur := NewCandidate(s, in.Card)
	sin := catalog.SectionInput{FAQs: d.FAQs, Description: s.Description, VendorVerified: verified, ROIMultiple: cur.ROI,
		HasReviews: in.Reviews.TotalReviews > 0}
	if k := known(duration); k != nil {
		sin.Duration = *k
	}
	if fc != nil {
		sin.HeroDescription, sin.Proof = fc.HeroDescription, fc.ProofItWorks
	}
	d.Sections = catalog.FunnelSections(sin)

	supportHours := ""
	if in.Vendor != nil {
		supportHours = in.Vendor.SupportHours
	}
	d.Packages = pagePackages(s, in.Packages, in.Vendor)
	if len(in.Packages) > 0 {
		d.SalesPage = SalesPage{UsesPackages: true, Tiers: []Package{}}
	} else {
		d.PackagesDefault = len(d.Packages) > 0
		d.SalesPage = SalesPage{Tiers: SalesTiers(s, supportHours)}
	}
	for _, p := range d.Packages {
		if p.YearlyPriceCents != nil {
			d.HasYearly = true
		}
	}
	d.SalesPage.ShowVendorRating = in.Vendor != nil && in.Reviews.TotalReviews > 0

	if v := in.Vendor; v != nil {
		d.Vendor = &VendorInfo{ID: v.ID, Name: v.Name, Description: v.Description, LogoURL: v.LogoURL, WebsiteURL: v.WebsiteURL,
			ContactEmail: v.ContactEmail, Phone: v.Phone, SupportHours: v.SupportHours, VendorType: v.VendorType,
			IsVerified: v.IsVerified, IsPremiumProvider: v.IsPremiumProvider,
			Rating: in.VendorRating.AverageRating, ReviewCount: in.VendorRating.TotalReviews}
	}

	d.Disclaimer.Variant = DisclaimerUnverified
	if verified {
		d.Disclaimer.Variant = DisclaimerVerified
	}
	if r := in.Disclaimer; r != nil {
		d.Disclaimer.Record = &DisclaimerRecord{ID: r.ID, Title: r.Title, Content: r.Content, ButtonText: r.ButtonText,
			ButtonURL: r.ButtonURL, UpdatedAt: r.UpdatedAt}
	}

	roi := s.EstimatedROI
	if known(roi) == nil && fc != nil && fc.EstimatedROI > 0 {
		roi = strconv.Itoa(fc.EstimatedROI) + "x"
	}
	d.Stats = Stats{EstimatedROI: known(roi), ROIVisible: verified, TimeToResults: known(duration), SetupTime: known(s.SetupTime)}

	website := s.WebsiteURL
	if strings.TrimSpace(website) == "" && in.Vendor != nil {
		website = in.Vendor.WebsiteURL
	}
	website = strings.TrimSpace(website)
	d.QuickActions = QuickActions{DirectPurchase: s.DirectPurchaseEnabled && website != "", WebsiteURL: website,
		WebsiteAvailable: website != "", HasPricing: len(d.Packages) > 0, BookingType: s.BookingType,
		ExternalBookingURL: s.ExternalBookingURL}
	if d.QuickActions.BookingType == "" {
		d.QuickActions.BookingType = "internal"
	}

	d.Reviews = in.Reviews
	if d.Reviews.Reviews == nil {
		d.Reviews.Reviews = []catalog.ReviewView{}
	}
	rel := in.Related
	if rel == nil { // an empty pool
		rel = NewRelated(nil)
	}
	d.Suggestions = rel.Suggest(cur)
	d.Bundles = rel.Bundles(cur)
	d.Offers = viewerOffers(in, d.Packages)
	d.Respa = respaInfo(s, in.Viewer.SignedIn && in.Viewer.IsPro, in.Money)
	return d
}

// ServiceOffers is the light answer of the purchase dialogs (issue 26 item 4): the offers of
// ServiceDetail alone, so a purchase from a marketplace card reads neither the page's reviews
// nor its related services.
type ServiceOffers struct {
	ServiceID string               `json:"service_id"`
	Offers    []cart.PurchaseOffer `json:"offers" doc:"What each purchase request for the service buys, with the purchase dialogs' options for this viewer: the offers of the service detail, to the cent"`
}

// BuildOffers is the purchase offers of Build alone, from the same Input (Service, Vendor,
// Packages, Viewer, ViewerPoints and Money are read): the detail answer and the light offers
// answer cannot disagree.
func BuildOffers(in Input) ServiceOffers {
	return ServiceOffers{ServiceID: in.Service.ID, Offers: viewerOffers(in, pagePackages(in.Service, in.Packages, in.Vendor))}
}

// pagePackages are the packages the page shows: the service's own by sort order, else the
// default 75/100/150% packages.
func pagePackages(s catalog.Service, own []catalog.Package, vendor *catalog.Vendor) []Package {
	if len(own) > 0 {
		return FromPackages(s, own)
	}
	supportHours := ""
	if vendor != nil {
		supportHours = vendor.SupportHours
	}
	return DefaultPackages(s, supportHours)
}

// viewerOffers are the purchase offers for the viewer: prices by the one quote in the viewer's
// currency, and the points option by the 02§5 rule on the server (issue 15).
func viewerOffers(in Input, pkgs []Package) []cart.PurchaseOffer {
	viewer := cart.OfferViewer{SignedIn: in.Viewer.SignedIn, Pro: in.Viewer.IsPro, Points: in.ViewerPoints}
	offers := purchaseOffers(in.Service, in.Packages, pkgs, viewer, in.Money)
	terms := cart.PointsTermsOf(in.Service, in.Vendor)
	terms.Money = in.Money
	cart.ApplyPointsRule(offers, viewer, terms)
	return offers
}

// purchaseOffers are the purchase offers of a service and its package cards: the service
// itself, its packages as the page shows them and the sales-page tiers, each at the prices of
// the cart's offer of it (the one quote), so the dialog adds at the price the card shows.
func purchaseOffers(s catalog.Service, own []catalog.Package, pkgs []Package, viewer cart.OfferViewer, conv pricing.Converter) []cart.PurchaseOffer {
	svc := cart.OfferService{ID: s.ID, CopayAllowed: s.CopayAllowed, RequiresQuote: true}
	if self, err := cart.ResolveOffer(s, own, ""); err == nil {
		svc.RetailPriceCents, svc.ProPriceCents, svc.RequiresQuote = self.Options.Retail, self.Options.Pro, self.Options.Quote
	}
	ops := make([]cart.OfferPackage, len(pkgs))
	for i, p := range pkgs {
		ops[i] = cart.OfferPackage{ID: p.ID, Name: p.Name, PriceCents: p.PriceCents, ProPriceCents: p.ProPriceCents,
			YearlyPriceCents: p.YearlyPriceCents, RequestPricing: p.RequestPricing || p.PriceCents == nil}
		if o, err := cart.ResolveOffer(s, own, p.ID); err == nil {
			ops[i].ProYearlyPriceCents = o.Options.ProYearly
		}
	}
	return cart.PurchaseOffers(svc, ops, viewer, conv)
}
