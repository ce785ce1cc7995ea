package marketplace

import (
	"strings"
)

// ProductCategory is one of the 35 product categories of the products view; a service belongs
// to it when any keyword appears as a word in its title, description, category or tags (03§5).
type ProductCategory struct {
	Slug     string   `json:"slug"`
	Name     string   `json:"name"`
	Keywords []string `json:"keywords"`
}

// ProductCategories in display order.
var ProductCategories = []ProductCategory{
	{"crm", "CRM", []string{"crm", "contact management", "pipeline", "cat:crms"}},
	{"lead-generation", "Lead Generation", []string{"lead generation", "leads", "lead gen", "cat:ads-lead-gen"}},
	{"coaching", "Coaching", []string{"coaching", "coach", "mentor", "cat:coaching"}},
	{"websites-idx", "Websites / IDX", []string{"website", "websites", "idx", "landing page", "cat:website"}},
	{"photography", "Photography", []string{"photography", "photo", "photos", "photographer", "cat:photography"}},
	{"video", "Video & Media", []string{"video", "videos", "reel", "reels", "cat:video-media"}},
	{"drone", "Drone & Aerial", []string{"drone", "aerial"}},
	{"virtual-tours", "3D Tours & Floor Plans", []string{"3d", "matterport", "floor plan", "floor plans", "virtual tour"}},
	{"staging", "Home Staging", []string{"staging", "stager", "virtual staging", "décor"}},
	{"signage", "Signage", []string{"sign", "signs", "signage", "yard sign", "señalización", "cat:signage-branding"}},
	{"print-marketing", "Print Marketing", []string{"print", "flyer", "flyers", "brochure", "brochures", "cat:print-mail"}},
	{"direct-mail", "Direct Mail", []string{"direct mail", "postcard", "postcards", "mailer", "mailers"}},
	{"social-media", "Social Media", []string{"social media", "instagram", "facebook", "tiktok", "social"}},
	{"seo", "SEO", []string{"seo", "search engine", "google business", "cat:seo"}},
	{"paid-ads", "Paid Ads", []string{"ads", "advertising", "ppc", "google ads", "facebook ads"}},
	{"email-marketing", "Email Marketing", []string{"email marketing", "newsletter", "drip", "email campaigns"}},
	{"automation", "Marketing Automation", []string{"automation", "automated", "workflow", "cat:automation"}},
	{"transaction-management", "Transaction Management", []string{"transaction", "e-sign", "esign", "compliance file"}},
	{"transaction-coordinators", "Transaction Coordinators", []string{"transaction coordinator", "coordinator", "cat:transaction-coordinator"}},
	{"showings", "Showings & Listings", []string{"showing", "showings", "listing", "listings", "cat:listing-showing"}},
	{"lockboxes", "Lockboxes", []string{"lockbox", "lockboxes", "cat:lockboxes"}},
	{"open-house", "Open House", []string{"open house", "open houses", "cat:open-house"}},
	{"client-gifts", "Client Gifts", []string{"gift", "gifts", "gifting", "closing gift", "cat:client-gifting"}},
	{"pop-bys", "Pop-By Kits", []string{"pop-by", "pop-bys", "pop by", "cat:pop-by-kits"}},
	{"client-events", "Client Events", []string{"event", "events", "appreciation", "cat:client-event-kits"}},
	{"presentations", "Presentations & CMAs", []string{"presentation", "presentations", "cma", "listing presentation", "cat:presentations"}},
	{"data-analytics", "Data & Analytics", []string{"data", "analytics", "market report", "reports", "cat:data-analytics"}},
	{"finance-ops", "Accounting & Finance", []string{"accounting", "bookkeeping", "finance", "tax", "cat:finance-ops"}},
	{"productivity", "Productivity", []string{"productivity", "calendar", "scheduling", "cat:productivity"}},
	{"virtual-assistants", "Virtual Assistants & Dialers", []string{"virtual assistant", "assistant", "dialer", "isa", "cat:virtual-assistants-dialers"}},
	{"recruiting", "Team & Recruiting", []string{"recruiting", "recruit", "team", "cat:team-recruiting"}},
	{"insurance", "Insurance & Warranty", []string{"insurance", "warranty", "e&o", "cat:insurance-compliance"}},
	{"mortgage", "Mortgage & Lending", []string{"mortgage", "lender", "lending", "loan", "loans"}},
	{"title-escrow", "Title & Escrow", []string{"title", "escrow", "closing"}},
	{"education", "Education & Licensing", []string{"education", "course", "courses", "ce", "licensing", "license", "cat:ce-licensing"}},
}

// MatchesProduct reports whether a service (search text as built by SearchText, and its tags)
// belongs to a product category.
func MatchesProduct(pc ProductCategory, searchText string, tags []string) bool {
	for _, k := range pc.Keywords {
		if strings.HasPrefix(k, "cat:") {
			for _, t := range tags {
				if t == k {
					return true
				}
			}
			continue
		}
		if strings.Contains(searchText, " "+k+" ") {
			return true
		}
	}
	return false
}

// productWords maps each one-word keyword of the product categories to the categories (bit p
// for ProductCategories[p]) it puts a service in; productPhrases and productTags hold the
// categories' phrases (" k l ", looked for in the search text) and "cat:" tags. Computed once:
// the index checks every service against every category.
var productWords, productPhrases, productTags = func() (map[string]uint64, map[string]uint64, map[string]uint64) {
	words, phrases, tags := map[string]uint64{}, map[string]uint64{}, map[string]uint64{}
	for p, pc := range ProductCategories {
		for _, k := range pc.Keywords {
			switch {
			case strings.HasPrefix(k, "cat:"):
				tags[k] |= 1 << p
			case strings.Contains(k, " "):
				phrases[" "+k+" "] |= 1 << p
			default:
				words[k] |= 1 << p
			}
		}
	}
	return words, phrases, tags
}()

// productSet returns the product categories a service belongs to (bit p for
// ProductCategories[p]), as MatchesProduct on each: the search text is read once, word by word.
func productSet(searchText string, tags []string) uint64 {
	var set uint64
	// The words as " k " sees them: with a space on each side (the text before the first
	// space and after the last one never match).
	rest := searchText
	if i := strings.IndexByte(rest, ' '); i >= 0 {
		rest = rest[i+1:]
		for {
			j := strings.IndexByte(rest, ' ')
			if j < 0 {
				break
			}
			set |= productWords[rest[:j]]
			rest = rest[j+1:]
		}
	}
	for k, bits := range productPhrases {
		if set&bits != bits && strings.Contains(searchText, k) {
			set |= bits
		}
	}
	for _, t := range tags {
		set |= productTags[t]
	}
	return set
}

// ProductBySlug finds a product category.
func ProductBySlug(slug string) (ProductCategory, bool) {
	for _, pc := range ProductCategories {
		if pc.Slug == slug {
			return pc, true
		}
	}
	return ProductCategory{}, false
}
