// Package marketplace owns browsing: search and filter rules, sorts and paging, service cards
// with badges and displayed prices, Top Deals, trending and bestsellers, product categories
// and the marketplace snapshot (spec 02§2-9, 03§2, 03§5, 03§9).
package marketplace

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"circle/internal/apperr"
	"circle/internal/lang"
)

// Sorts (03§9).
const (
	SortRanked    = "ranked"
	SortNewest    = "newest"
	SortPriceLow  = "price_low"
	SortPriceHigh = "price_high"
)

// Features of the features filter (03§9).
const (
	FeatureCoPay       = "copay"
	FeatureInstant     = "instant"
	FeatureFeatured    = "featured"
	FeatureTopPick     = "top_pick"
	FeatureProDiscount = "pro_discount"
)

// Page sizes (03§9).
var PageSizes = []int{25, 50, 100}

// DefaultPageSize is the page size when none is asked for.
const DefaultPageSize = 50

// MinSearchTermRunes is the shortest search term the server uses (03§5).
const MinSearchTermRunes = 3

// LobbySlugs are the values ?category= accepts.
var LobbySlugs = []string{"home-property", "business-professional", "healthcare-wellness", "community-lifestyle", "growth-emerging"}

// Query is a validated marketplace search.
type Query struct {
	// Terms are the lower-cased search words of at least 3 characters; any may match.
	Terms    []string
	Category string
	Tag      string
	// Product is a product-category slug (products view).
	Product       string
	MinPriceCents *int64
	MaxPriceCents *int64
	MinRating     int
	Features      []string
	Featured      bool
	Verified      bool
	CoPay         bool
	CoPayEligible bool
	Sort          string
	Page          int
	PageSize      int
	// Holdout is the A/B holdout variant: ranked order is replaced by plain newest-first.
	Holdout bool
	// Lang is the language of the cards' title and description (lang.Base: en, es or fr).
	Lang string
}

// RawQuery is the query string as received.
type RawQuery struct {
	Q             string
	Category      string
	Tag           string
	Product       string
	MinPrice      int64 // whole dollars; 0 = no lower bound
	MaxPrice      int64 // whole dollars; 0 = no upper bound
	MinRating     int
	Features      []string
	Featured      bool
	Verified      bool
	CoPay         bool
	CoPayEligible bool
	Sort          string
	Page          int
	PageSize      int
	AB            string
	// Lang is the viewer's language tag (?lang=; the web app's language is its own choice, English unless changed, not the browser's); see lang.Base.
	Lang string
}

// SearchTerms splits text into lower-cased words and keeps those of at least 3 characters.
// Lower-casing is Go's Unicode folding, the same that built the stored search text.
func SearchTerms(q string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range strings.Fields(SearchText(q, "", "")) {
		if utf8.RuneCountInString(w) < MinSearchTermRunes || seen[w] || len(out) >= 10 {
			continue
		}
		seen[w] = true
		out = append(out, w)
	}
	return out
}

// SearchText is the text a service is matched against: title, description and category,
// lower-cased, with punctuation turned into spaces (hyphens kept) and a space at each end, so
// both substring search and whole-word keyword rules work with LIKE on every engine.
func SearchText(title, description, category string) string {
	lower := strings.ToLower(title + " " + description + " " + category)
	var b strings.Builder
	b.Grow(len(lower) + 2)
	b.WriteByte(' ')
	space := true
	for _, r := range lower {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '/' || r == '&' {
			b.WriteRune(r)
			space = false
		} else if !space {
			b.WriteByte(' ')
			space = true
		}
	}
	if !space {
		b.WriteByte(' ')
	}
	return b.String()
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// Parse validates a raw query; every bad parameter is named.
func Parse(r RawQuery) (Query, error) {
	q := Query{
		Terms: SearchTerms(r.Q), Tag: strings.ToLower(strings.TrimSpace(r.Tag)), MinRating: r.MinRating,
		Featured: r.Featured, Verified: r.Verified, CoPay: r.CoPay, CoPayEligible: r.CoPayEligible,
		Sort: r.Sort, Page: r.Page, PageSize: r.PageSize, Lang: lang.Base(r.Lang),
	}
	var fields []apperr.FieldError
	bad := func(field, msg string) {
		fields = append(fields, apperr.FieldError{Field: field, Key: "validation.invalid", Message: msg})
	}
	if r.Category != "" {
		if !contains(LobbySlugs, r.Category) {
			bad("category", "category must be one of "+strings.Join(LobbySlugs, ", "))
		}
		q.Category = r.Category
	}
	if q.Tag != "" && !strings.HasPrefix(q.Tag, "cat:") && !strings.HasPrefix(q.Tag, "tag:") {
		q.Tag = "cat:" + q.Tag
	}
	if r.Product != "" {
		if _, ok := ProductBySlug(r.Product); !ok {
			bad("product", "unknown product category")
		}
		q.Product = r.Product
	}
	if r.MinPrice < 0 || r.MaxPrice < 0 || (r.MaxPrice > 0 && r.MinPrice > r.MaxPrice) {
		bad("min_price", "min_price must be between 0 and max_price")
	}
	if r.MinPrice > 0 {
		v := r.MinPrice * 100
		q.MinPriceCents = &v
	}
	if r.MaxPrice > 0 {
		v := r.MaxPrice * 100
		q.MaxPriceCents = &v
	}
	if r.MinRating < 0 || r.MinRating > 5 {
		bad("min_rating", "min_rating must be from 1 to 5")
	}
	for _, f := range r.Features {
		if !contains([]string{FeatureCoPay, FeatureInstant, FeatureFeatured, FeatureTopPick, FeatureProDiscount}, f) {
			bad("features", "features must be copay, instant, featured, top_pick or pro_discount")
			break
		}
		q.Features = append(q.Features, f)
	}
	switch q.Sort {
	case "":
		q.Sort = SortRanked
	case SortRanked, SortNewest, SortPriceLow, SortPriceHigh:
	default:
		bad("sort", "sort must be ranked, newest, price_low or price_high")
	}
	if q.Page == 0 {
		q.Page = 1
	}
	if q.Page < 1 || q.Page > 10000 {
		bad("page", "page must be 1 or more")
	}
	if q.PageSize == 0 {
		q.PageSize = DefaultPageSize
	}
	okSize := false
	for _, s := range PageSizes {
		okSize = okSize || s == q.PageSize
	}
	if !okSize {
		bad("page_size", "page_size must be 25, 50 or 100")
	}
	switch r.AB {
	case "", "ranked":
	case "holdout":
		q.Holdout = true
	default:
		bad("ab", "ab must be ranked or holdout")
	}
	return q, apperr.Fields(fields)
}

// Pages returns the page count for total results.
func (q Query) Pages(total int64) int {
	if total == 0 {
		return 1
	}
	return int((total + int64(q.PageSize) - 1) / int64(q.PageSize))
}

// CoPayEligibleKeywords and CoPayExcludedKeywords drive the co-pay eligible filter (03§9):
// advertising, mailers, education and co-branding qualify; CRM, automation, coaching, gifting
// and similar do not. Matched as whole words in the service's search text.
var (
	CoPayEligibleKeywords = []string{"ad", "ads", "advertising", "advertisement", "mailer", "mailers", "postcard", "postcards", "direct mail",
		"education", "educational", "seminar", "workshop", "homebuyer class", "co-branded", "co-branding", "cobranded", "co-marketing"}
	CoPayExcludedKeywords = []string{"crm", "automation", "coaching", "coach", "gift", "gifts", "gifting", "software", "subscription", "dialer"}
)
