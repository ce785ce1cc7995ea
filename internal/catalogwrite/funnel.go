package catalogwrite

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"circle/internal/catalog"
	"circle/internal/formrules"
	"circle/internal/ids"
)

// Funnel defaults (03§9 "Uploads and funnel defaults") and limits.
const (
	DefaultROI              = 3
	DefaultDuration         = "TBD"
	DefaultPackagePriceCent = 29900
	MaxFunnelMedia          = 20 // the funnel editor's uploader allows 20 files
	MaxBenefits             = 10
	MaxFunnelPackages       = 6
	MaxTestimonials         = 20
	MaxFAQs                 = 10
	MaxBadges               = 10
	MaxROI                  = 100
	MaxPackageCents         = 10_000_000 // $100,000, the price rules' ceiling
)

// Funnel is one service's funnel as the editor shows it.
type Funnel struct {
	ServiceID  string                `json:"service_id"`
	Title      string                `json:"title"`
	VendorName string                `json:"vendor_name"`
	Saved      bool                  `json:"saved" doc:"false: the service has no funnel yet and content holds the defaults"`
	Draft      bool                  `json:"draft" doc:"content is the unpublished draft's funnel; the detail page shows the live one until Publish"`
	Content    catalog.FunnelContent `json:"content"`
	UpdatedAt  time.Time             `json:"updated_at"`
	// The service's draft as the editor's Publish shows it: the draft may change the fields
	// (the Services tab's form), the funnel or both; Publish makes all of it live.
	Active       bool       `json:"active" doc:"The service is on the marketplace"`
	HasDraft     bool       `json:"has_draft" doc:"The service has unpublished changes (its fields, its funnel or both)"`
	DraftSavedAt *time.Time `json:"draft_saved_at,omitempty" doc:"When the draft was last saved"`
	PublishLists bool       `json:"publish_activates" doc:"Publishing puts the service on the marketplace (created in the editor, never published)"`
}

// DefaultFunnel is the content a service without a funnel starts from: its title and
// description, estimatedRoi 3 and duration TBD.
func DefaultFunnel(svc catalog.Service) catalog.FunnelContent {
	return catalog.FunnelContent{Headline: svc.Title, HeroDescription: svc.Description, EstimatedROI: DefaultROI, Duration: DefaultDuration,
		Media: []catalog.FunnelMedia{}, FAQs: []catalog.FunnelFAQ{}, Benefits: []catalog.Benefit{}, Packages: []catalog.FunnelPackage{},
		ProofItWorks: catalog.ProofItWorks{Testimonials: []catalog.Testimonial{}, VerificationBadges: []string{}}}
}

func funnelOf(svc catalog.Service, vendorName string) Funnel {
	f := Funnel{ServiceID: svc.ID, Title: svc.Title, VendorName: vendorName, UpdatedAt: svc.UpdatedAt, Active: svc.IsActive}
	if svc.FunnelContent != nil {
		f.Saved, f.Content = true, normalised(*svc.FunnelContent)
	} else {
		f.Content = DefaultFunnel(svc)
	}
	return f
}

// normalised gives every list a value (the editor and the API never see null lists).
func normalised(fc catalog.FunnelContent) catalog.FunnelContent {
	if fc.Media == nil {
		fc.Media = []catalog.FunnelMedia{}
	}
	if fc.FAQs == nil {
		fc.FAQs = []catalog.FunnelFAQ{}
	}
	if fc.Benefits == nil {
		fc.Benefits = []catalog.Benefit{}
	}
	if fc.Packages == nil {
		fc.Packages = []catalog.FunnelPackage{}
	}
	for i := range fc.Packages {
		if fc.Packages[i].Features == nil {
			fc.Packages[i].Features = []string{}
		}
	}
	if fc.ProofItWorks.Testimonials == nil {
		fc.ProofItWorks.Testimonials = []catalog.Testimonial{}
	}
	if fc.ProofItWorks.VerificationBadges == nil {
		fc.ProofItWorks.VerificationBadges = []string{}
	}
	return fc
}

// GetFunnel is one of the caller's services' funnel for the editor: its draft's when the draft
// changes the funnel, else the live one (the defaults when it has none).
func (s *Service) GetFunnel(ctx context.Context, c Caller, id string) (Funnel, error) {
	svc, v, err := s.owned(ctx, c, id)
	if err != nil {
		return Funnel{}, err
	}
	d, ok, err := s.draftOf(ctx, id)
	if err != nil {
		return Funnel{}, err
	}
	if ok && d.Funnel != nil {
		return draftFunnel(svc, v.Name, d), nil
	}
	f := funnelOf(svc, v.Name)
	if ok {
		f = withDraftState(f, svc, d)
	}
	return f, nil
}

func draftFunnel(svc catalog.Service, vendorName string, d Draft) Funnel {
	fc := *d.Funnel
	live := svc
	svc.FunnelContent, svc.UpdatedAt = &fc, d.UpdatedAt
	f := funnelOf(svc, vendorName)
	f.Draft = true
	return withDraftState(f, live, d)
}

// withDraftState marks a funnel answer with its service's draft (the editor's Publish).
func withDraftState(f Funnel, svc catalog.Service, d Draft) Funnel {
	at := d.UpdatedAt
	f.HasDraft, f.DraftSavedAt, f.PublishLists = true, &at, d.ActivateOnPublish && !svc.IsActive
	return f
}

// SaveFunnel sanitises and checks a funnel (03§5) and saves it as one of the caller's services'
// draft: the detail page keeps the live funnel until Publish (draft.go), which writes it with
// one catalog_changes row and tells every replica.
func (s *Service) SaveFunnel(ctx context.Context, c Caller, id string, in catalog.FunnelContent) (Funnel, error) {
	svc, v, err := s.owned(ctx, c, id)
	if err != nil {
		return Funnel{}, err
	}
	fc, err := CheckFunnel(in)
	if err != nil {
		return Funnel{}, err
	}
	d, err := s.saveDraft(ctx, c, svc, v.ID, nil, &fc)
	if err != nil {
		return Funnel{}, err
	}
	return draftFunnel(svc, v.Name, d), nil
}

// funnelCheck sanitises text fields in place and collects the broken rules.
type funnelCheck struct{ errs formrules.Errors }

// text sanitises *p as text and checks it as kind with a maximum length.
func (f *funnelCheck) text(p *string, field, label string, s formrules.Spec) {
	*p = formrules.SanitizeText(*p)
	if s.Kind == "" {
		s.Kind = formrules.Text
	}
	f.errs.Check(field, label, *p, s)
}

func opt(kind string, max int) formrules.Spec {
	return formrules.Spec{Kind: kind, Optional: true, Max: max}
}

func req(kind string, max int) formrules.Spec {
	return formrules.Spec{Kind: kind, Required: true, Max: max}
}

func (f *funnelCheck) count(field, label string, n, max int) {
	if n > max {
		f.errs.Add(field, "catalogWrite.funnel_too_many", fmt.Sprintf("%s: at most %d", label, max))
	}
}

// CheckFunnel returns the funnel with every text sanitised (03§5: script tags, HTML tags,
// 'javascript:' and inline handlers removed) and checked by the rule table, or the broken
// rules as field errors named by their JSON path (benefits[0].title).
func CheckFunnel(in catalog.FunnelContent) (catalog.FunnelContent, error) {
	fc := normalised(in)
	f := &funnelCheck{}
	f.text(&fc.Headline, "headline", "Main headline", req(formrules.Text, 120))
	f.text(&fc.SubHeadline, "subHeadline", "Sub-headline", opt(formrules.Text, 200))
	f.text(&fc.HeroDescription, "heroDescription", "Hero description", opt(formrules.Description, 0))
	f.text(&fc.Duration, "duration", "Duration", opt(formrules.Text, 50))
	if strings.TrimSpace(fc.Duration) == "" {
		fc.Duration = DefaultDuration
	}
	if fc.EstimatedROI < 0 || fc.EstimatedROI > MaxROI {
		f.errs.Add("estimatedRoi", "catalogWrite.funnel_roi", fmt.Sprintf("Estimated ROI must be a multiple from 0 to %d", MaxROI))
	}
	f.text(&fc.WhyChooseUsTitle, "whyChooseUsTitle", "Benefits title", opt(formrules.Text, 100))
	f.count("benefits", "Benefits", len(fc.Benefits), MaxBenefits)
	for i := range fc.Benefits {
		b := &fc.Benefits[i]
		at := fmt.Sprintf("benefits[%d].", i)
		if b.Icon == "" {
			b.Icon = "check"
		}
		if !slices.Contains(catalog.BenefitIcons, b.Icon) {
			f.errs.Add(at+"icon", "catalogWrite.funnel_icon", "Choose one of the ten icons")
		}
		f.text(&b.Title, at+"title", "Title", formrules.Spec{Kind: formrules.Name})
		f.text(&b.Description, at+"description", "Description", opt(formrules.Text, 500))
	}
	f.checkPackages(fc.Packages)
	f.checkProof(&fc.ProofItWorks)
	cta := &fc.CallToAction
	f.text(&cta.PrimaryHeadline, "callToAction.primaryHeadline", "Primary headline", opt(formrules.Text, 120))
	f.text(&cta.PrimaryDescription, "callToAction.primaryDescription", "Primary description", opt(formrules.Description, 0))
	f.text(&cta.PrimaryButtonText, "callToAction.primaryButtonText", "Button text", opt(formrules.Text, 50))
	f.text(&cta.SecondaryHeadline, "callToAction.secondaryHeadline", "Secondary headline", opt(formrules.Text, 120))
	f.text(&cta.SecondaryDescription, "callToAction.secondaryDescription", "Secondary description", opt(formrules.Description, 0))
	f.text(&cta.Website, "callToAction.website", "Website", opt(formrules.URL, 0))
	f.text(&cta.Phone, "callToAction.phone", "Phone", opt(formrules.Phone, 0))
	f.text(&cta.Email, "callToAction.email", "Email", opt(formrules.Email, 0))
	ti := &fc.TrustIndicators
	f.text(&ti.Guarantee, "trustIndicators.guarantee", "Guarantee", opt(formrules.Text, 200))
	f.text(&ti.Cancellation, "trustIndicators.cancellation", "Cancellation", opt(formrules.Text, 200))
	f.text(&ti.Certification, "trustIndicators.certification", "Certification", opt(formrules.Text, 200))
	if u := fc.Urgency; u != nil {
		f.text(&u.Message, "urgency.message", "Urgency message", formrules.Spec{Kind: formrules.Text, Required: u.Enabled, Max: 200})
	}
	f.count("media", "Media", len(fc.Media), MaxFunnelMedia)
	for i := range fc.Media {
		m := &fc.Media[i]
		at := fmt.Sprintf("media[%d].", i)
		f.mediaURL(&m.URL, at+"url", "URL", true)
		f.text(&m.Title, at+"title", "Title", opt(formrules.Text, 100))
		f.mediaURL(&m.Thumbnail, at+"thumbnail", "Thumbnail", false)
		if m.Type == "" {
			m.Type = "image"
		}
		if !slices.Contains(catalog.FunnelMediaTypes, m.Type) {
			f.errs.Add(at+"type", "catalogWrite.funnel_media_type", "Choose image, video or document")
		}
	}
	f.count("faqs", "Sections", len(fc.FAQs), MaxFAQs)
	for i := range fc.FAQs {
		q := &fc.FAQs[i]
		at := fmt.Sprintf("faqs[%d].", i)
		f.text(&q.ID, at+"id", "Id", opt(formrules.Text, 50))
		if q.ID == "" {
			q.ID = fmt.Sprintf("question-%d", i+1)
		}
		f.text(&q.Title, at+"title", "Question", opt(formrules.Text, 200))
		f.text(&q.Content, at+"content", "Answer", opt(formrules.Text, 2000))
	}
	if err := f.errs.Err(); err != nil {
		return catalog.FunnelContent{}, err
	}
	return fc, nil
}

// mediaURL checks a media address: an http(s) URL by the url rule, or a path on this site
// (the uploader serves its files at /api/media/{id}/file).
func (f *funnelCheck) mediaURL(p *string, field, label string, required bool) {
	*p = formrules.SanitizeText(*p)
	if strings.HasPrefix(*p, "/") && !strings.HasPrefix(*p, "//") && !strings.ContainsAny(*p, " \t\n\\") {
		f.errs.Check(field, label, *p, formrules.Spec{Kind: formrules.Text, Max: 500})
		return
	}
	f.errs.Check(field, label, *p, formrules.Spec{Kind: formrules.URL, Required: required, Optional: !required})
}

func (f *funnelCheck) checkPackages(pkgs []catalog.FunnelPackage) {
	f.count("packages", "Packages", len(pkgs), MaxFunnelPackages)
	popular := 0
	for i := range pkgs {
		p := &pkgs[i]
		at := fmt.Sprintf("packages[%d].", i)
		if p.ID == "" {
			p.ID = ids.New()
		}
		f.text(&p.Name, at+"name", "Package name", formrules.Spec{Kind: formrules.Name})
		f.text(&p.Description, at+"description", "Description", opt(formrules.Description, 0))
		if p.PriceCents <= 0 || p.PriceCents > MaxPackageCents {
			f.errs.Add(at+"priceCents", "catalogWrite.funnel_price", "Price must be more than $0 and at most $100,000")
		}
		if o := p.OriginalPriceCents; o != nil && (*o <= p.PriceCents || *o > MaxPackageCents) {
			f.errs.Add(at+"originalPriceCents", "catalogWrite.funnel_original_price", "The original price must be above the price")
		}
		f.count(at+"features", "Features", len(p.Features), 20)
		kept := p.Features[:0]
		for j := range p.Features {
			t := formrules.SanitizeText(p.Features[j])
			f.errs.Check(fmt.Sprintf("%sfeatures[%d]", at, j), "Feature", t, opt(formrules.Text, 200))
			if t != "" {
				kept = append(kept, t)
			}
		}
		p.Features = kept
		if p.Popular {
			popular++
		}
	}
	if popular > 1 {
		f.errs.Add("packages", "catalogWrite.one_popular", "Only one package can be Most Popular")
	}
}

func (f *funnelCheck) checkProof(p *catalog.ProofItWorks) {
	f.text(&p.IntroText, "proofItWorks.introText", "Introduction", opt(formrules.Description, 0))
	f.count("proofItWorks.testimonials", "Testimonials", len(p.Testimonials), MaxTestimonials)
	for i := range p.Testimonials {
		t := &p.Testimonials[i]
		at := fmt.Sprintf("proofItWorks.testimonials[%d].", i)
		if t.ID == "" {
			t.ID = ids.New()
		}
		f.text(&t.Name, at+"name", "Name", formrules.Spec{Kind: formrules.Name})
		f.text(&t.Company, at+"company", "Company", opt(formrules.Text, 100))
		f.text(&t.Content, at+"content", "Testimonial", req(formrules.Description, 0))
		if t.Rating < 1 || t.Rating > 5 {
			f.errs.Add(at+"rating", "catalogWrite.funnel_rating", "Rating must be from 1 to 5")
		}
	}
	cs := &p.CaseStudy
	for _, x := range []struct {
		p            *string
		field, label string
	}{{&cs.BeforeValue, "beforeValue", "Before value"}, {&cs.BeforeLabel, "beforeLabel", "Before label"}, {&cs.AfterValue, "afterValue", "After value"},
		{&cs.AfterLabel, "afterLabel", "After label"}, {&cs.Timeframe, "timeframe", "Timeframe"}} {
		f.text(x.p, "proofItWorks.caseStudy."+x.field, x.label, opt(formrules.Text, 100))
	}
	f.text(&cs.Description, "proofItWorks.caseStudy.description", "Case study", opt(formrules.Description, 0))
	if cs.PercentageIncrease < 0 || cs.PercentageIncrease > 10000 {
		f.errs.Add("proofItWorks.caseStudy.percentageIncrease", "catalogWrite.funnel_percent", "Increase must be from 0 to 10000%")
	}
	f.count("proofItWorks.vendorVerificationBadges", "Badges", len(p.VerificationBadges), MaxBadges)
	kept := p.VerificationBadges[:0]
	for i, b := range p.VerificationBadges {
		t := formrules.SanitizeText(b)
		f.errs.Check(fmt.Sprintf("proofItWorks.vendorVerificationBadges[%d]", i), "Badge", t, opt(formrules.Text, 50))
		if t != "" {
			kept = append(kept, t)
		}
	}
	p.VerificationBadges = kept
	f.text(&p.VerificationText, "proofItWorks.vendorVerificationDescription", "Verification description", opt(formrules.Description, 0))
}
