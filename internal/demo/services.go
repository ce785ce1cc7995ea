package demo

import (
	"strings"

	"circle/internal/catalog"
)

// Lobby category slugs (catalog.LobbyCategories).
const (
	hp = "home-property"
	bp = "business-professional"
	hw = "healthcare-wellness"
	cl = "community-lifestyle"
	ge = "growth-emerging"
)

// tierDef is one pricing package of a service. Cents is the monthly (or one-time) price.
type tierDef struct {
	Name    string
	Desc    string
	Cents   int64
	Popular bool
	ProOnly bool
	Quote   bool // price on request
}

// funnelDef is the landing-page content of a service.
type funnelDef struct {
	Headline     string
	Sub          string
	Hero         string
	Media        []catalog.FunnelMedia
	ROI          int
	Time         string
	FAQ          []catalog.FunnelFAQ
	Benefits     []catalog.Benefit
	ProofIntro   string
	Testimonials []catalog.Testimonial
	Case         *catalog.CaseStudy
}

// serviceDef is one demo service. Prices other than the retail price are in cents; the
// retail price is always parsed from Price so the two never disagree.
type serviceDef struct {
	Slug   string // id is "svc-" + Slug
	Vendor string // vendor slug
	Title  string
	Desc   string

	TitleEs, TitleFr string
	DescEs, DescFr   string

	Category string
	Lobby    string
	Cats     []string // category-block tags without the "cat:" prefix
	Tags     []string // other tags without the "tag:" prefix

	Price    string // as the vendor wrote it
	Duration string // monthly, yearly, one time, 30 days, TBD
	Pro      int64  // Pro price in cents; 0 = none
	Split    int    // RESPA split limit; > 0 allows co-pay
	SSPMax   int
	NonSSP   int
	VendMax  int
	SSPOK    bool
	Discount int

	Featured, TopPick, Sponsored, Affiliate, Direct bool
	External                                        bool   // books through Calendly
	Respa                                           string // RESPA risk level; empty = not regulated
	Inactive                                        bool

	ROI   string
	Setup string
	Time  string
	Age   int // days since listed; 0 derives one

	Features []string
	Tiers    []tierDef
	Yearly   bool // packages also have a yearly price of 10 months
	Funnel   *funnelDef
}

// md is one funnel media item; links to video hosts and video files are videos.
func md(url, title string) catalog.FunnelMedia {
	t := "image"
	lu := strings.ToLower(url)
	if strings.Contains(lu, "youtube.com/") || strings.Contains(lu, "youtu.be/") || strings.Contains(lu, "vimeo.com/") ||
		strings.HasSuffix(lu, ".mp4") || strings.HasSuffix(lu, ".webm") || strings.HasSuffix(lu, ".ogg") {
		t = "video"
	}
	return catalog.FunnelMedia{URL: url, Type: t, Title: title}
}

// standardFAQTitles are the titles of the five funnel sections.
var standardFAQTitles = [5]string{
	"Why Should I Care?",
	"What's My ROI Potential?",
	"How Soon Will I See Results?",
	"What's Included?",
	"Proof It Works",
}

// faqs builds the question-1..question-5 entries; an empty answer leaves that entry out so the
// page falls back to its default text.
func faqs(answers ...string) []catalog.FunnelFAQ {
	var out []catalog.FunnelFAQ
	for i, a := range answers {
		if a == "" || i >= len(standardFAQTitles) {
			continue
		}
		out = append(out, catalog.FunnelFAQ{ID: "question-" + string(rune('1'+i)), Title: standardFAQTitles[i], Content: a})
	}
	return out
}

// faq is a free-form FAQ entry (matched by title keywords rather than id).
func faq(id, title, content string) catalog.FunnelFAQ {
	return catalog.FunnelFAQ{ID: id, Title: title, Content: content}
}

// bn is one "Why choose us" benefit.
func bn(icon, title, desc string) catalog.Benefit {
	return catalog.Benefit{Icon: icon, Title: title, Description: desc}
}

// tm is one testimonial; ids are filled in when the funnel is built.
func tm(rating int, name, company, content string) catalog.Testimonial {
	return catalog.Testimonial{Rating: rating, Name: name, Company: company, Content: content}
}

// allServiceDefs lists every demo service in table order.
func allServiceDefs() []serviceDef {
	var all []serviceDef
	all = append(all, businessServices...)
	all = append(all, homeServices...)
	all = append(all, lifestyleServices...)
	return all
}
