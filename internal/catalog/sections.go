package catalog

import (
	"strconv"
	"strings"
)

// Where a funnel section's content comes from (02§4).
const (
	SourceFAQ             = "faq"              // the FAQ entry question-N (or, for section 1, the first FAQ)
	SourceFAQTitle        = "faq_title"        // an FAQ whose title contains the section's keyword
	SourceHeroDescription = "hero_description" // funnel_content.heroDescription
	SourceDescription     = "description"      // the service description
	SourceDefault         = "default"          // a default text, named by MessageKey
)

// Message keys of the default texts of the five sections; the web app holds the words.
const (
	KeyWhyDefault          = "detail.sections.why.default"           // a default marketing sentence
	KeyROIVerifiedEstimate = "detail.sections.roi.verified_estimate" // params roi_percent, duration ("" shows TBD)
	KeyROIVerifiedDefault  = "detail.sections.roi.verified_default"  // the 600% average return text
	KeyROIUnavailable      = "detail.sections.roi.unavailable"       // ROI data not available, contact vendor
	KeyResultsTimeline     = "detail.sections.results.timeline"      // setup 24-48 h (2-3 h of your time), leads 1-2 weeks, closings 30-90 days
	KeyIncludedComingSoon  = "detail.sections.included.coming_soon"  // Information Coming Soon
	KeyProofDefault        = "detail.sections.proof.default"         // the 1000+ implementations claim
)

// SectionCount is the number of collapsible funnel sections.
const SectionCount = 5

// SectionInput is what the section fallbacks look at.
type SectionInput struct {
	FAQs            []FunnelFAQ
	HeroDescription string
	Description     string
	VendorVerified  bool
	// ROIMultiple is the numeric estimated ROI as a multiple (3 = 3x = 300%); 0 when unknown.
	ROIMultiple float64
	// Duration is the time to results; "" when unknown.
	Duration   string
	Proof      ProofItWorks
	HasReviews bool
}

// ProofBlocks says which extra blocks section 5 shows.
type ProofBlocks struct {
	Intro              bool `json:"intro" doc:"proofItWorks.introText is set"`
	Testimonials       bool `json:"testimonials" doc:"enabled, has items and the service has reviews"`
	CaseStudy          bool `json:"case_study" doc:"the case study is enabled"`
	VendorVerification bool `json:"vendor_verification" doc:"enabled and the vendor is verified"`
}

// Section is the resolved source of one funnel section.
type Section struct {
	Number int    `json:"number" minimum:"1" maximum:"5"`
	Source string `json:"source" enum:"faq,faq_title,hero_description,description,default"`
	// FAQID names the entry of faqs that fills the section (sources faq and faq_title).
	FAQID string `json:"faq_id,omitempty"`
	// MessageKey names the default text (source default).
	MessageKey string            `json:"message_key,omitempty"`
	Params     map[string]string `json:"params,omitempty" doc:"Values for the default text"`
	// Proof is set on section 5 only.
	Proof *ProofBlocks `json:"proof,omitempty"`
}

func hasText(s string) bool { return strings.TrimSpace(s) != "" }

// faqByID returns the FAQ with the id when it has content.
func faqByID(faqs []FunnelFAQ, id string) (FunnelFAQ, bool) {
	for _, f := range faqs {
		if f.ID == id && hasText(f.Content) {
			return f, true
		}
	}
	return FunnelFAQ{}, false
}

// faqByTitle returns the first FAQ with content whose title contains word (case-insensitive).
func faqByTitle(faqs []FunnelFAQ, word string) (FunnelFAQ, bool) {
	for _, f := range faqs {
		if hasText(f.Content) && strings.Contains(strings.ToLower(f.Title), word) {
			return f, true
		}
	}
	return FunnelFAQ{}, false
}

// FunnelSection picks the source of section n (1-5) by the fallbacks of 02§4. FAQ entries
// without content do not count.
//
//  1. Why Should I Care?: question-1, else the first FAQ, else the hero description, else the
//     service description, else a default sentence.
//  2. ROI: question-2, else an FAQ titled with "roi"; else for verified vendors with a numeric
//     ROI a sentence with that percent and the duration; verified without one the 600% text;
//     non-verified: ROI data not available.
//  3. Results: question-3, else an FAQ titled with "soon", else the static timeline.
//  4. Included: question-4, else an FAQ titled with "included", else Information Coming Soon.
//  5. Proof: question-5, else the default claim; plus intro, testimonials, case study and
//     vendor verification blocks by their own rules.
func FunnelSection(n int, in SectionInput) Section {
	s := Section{Number: n}
	qid := "question-" + strconv.Itoa(n)
	if f, ok := faqByID(in.FAQs, qid); ok {
		s.Source, s.FAQID = SourceFAQ, f.ID
	}
	switch n {
	case 1:
		if s.Source != "" {
			break
		}
		for _, f := range in.FAQs {
			if hasText(f.Content) {
				s.Source, s.FAQID = SourceFAQ, f.ID
				break
			}
		}
		switch {
		case s.Source != "":
		case hasText(in.HeroDescription):
			s.Source = SourceHeroDescription
		case hasText(in.Description):
			s.Source = SourceDescription
		default:
			s.Source, s.MessageKey = SourceDefault, KeyWhyDefault
		}
	case 2, 3, 4:
		if s.Source != "" {
			break
		}
		// The word an FAQ's title has to have to fill the section when no question does.
		word := [...]string{2: "roi", 3: "soon", 4: "included"}[n]
		if f, ok := faqByTitle(in.FAQs, word); ok {
			s.Source, s.FAQID = SourceFAQTitle, f.ID
			break
		}
		s.Source = SourceDefault
		s.MessageKey, s.Params = defaultMessage(n, in)
	case 5:
		if s.Source == "" {
			s.Source, s.MessageKey = SourceDefault, KeyProofDefault
		}
		p := in.Proof
		s.Proof = &ProofBlocks{
			Intro:              hasText(p.IntroText),
			Testimonials:       p.TestimonialsOn && len(p.Testimonials) > 0 && in.HasReviews,
			CaseStudy:          p.CaseStudy.Enabled,
			VendorVerification: p.VerificationOn && in.VendorVerified,
		}
	}
	return s
}

// defaultMessage is the default text of section 2, 3 or 4: its message key and parameters.
func defaultMessage(n int, in SectionInput) (key string, params map[string]string) {
	switch {
	case n == 3:
		return KeyResultsTimeline, nil
	case n == 4:
		return KeyIncludedComingSoon, nil
	case in.VendorVerified && in.ROIMultiple > 0:
		return KeyROIVerifiedEstimate, map[string]string{
			"roi_percent": strconv.FormatInt(int64(in.ROIMultiple*100+0.5), 10),
			"duration":    strings.TrimSpace(in.Duration),
		}
	case in.VendorVerified:
		return KeyROIVerifiedDefault, nil
	}
	return KeyROIUnavailable, nil
}

// FunnelSections resolves all five sections.
func FunnelSections(in SectionInput) []Section {
	out := make([]Section, 0, SectionCount)
	for n := 1; n <= SectionCount; n++ {
		out = append(out, FunnelSection(n, in))
	}
	return out
}

// EstimatedROIMultiple is a service's estimated ROI as a multiple: its estimated_roi text,
// else the funnel content's figure; 0 when neither is known.
func EstimatedROIMultiple(s Service) float64 {
	roi, _ := ROIMultiple(s.EstimatedROI)
	if roi == 0 && s.FunnelContent != nil && s.FunnelContent.EstimatedROI > 0 {
		roi = float64(s.FunnelContent.EstimatedROI)
	}
	return roi
}

// ROIMultiple reads an estimated ROI as a multiple: "3x" and "3" are 3, "250%" is 2.5; a
// leading number is enough ("3-5x" is 3). Anything else (TBD, empty) is unknown.
func ROIMultiple(s string) (float64, bool) {
	s = strings.TrimSpace(strings.ToLower(s))
	end := 0
	dot := false
	for end < len(s) && (s[end] >= '0' && s[end] <= '9' || s[end] == '.' && !dot) {
		if s[end] == '.' {
			dot = true
		}
		end++
	}
	if end == 0 {
		return 0, false
	}
	v, err := strconv.ParseFloat(strings.TrimSuffix(s[:end], "."), 64)
	if err != nil || v <= 0 {
		return 0, false
	}
	if strings.HasPrefix(strings.TrimSpace(s[end:]), "%") {
		v /= 100
	}
	return v, true
}
