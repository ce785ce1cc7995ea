package marketplace

import (
	"sort"
	"strings"
	"time"

	"circle/internal/lang"
	"circle/internal/quote"
)

// Badge ids and their priorities (02§9): lower shows first.
var badgePriority = map[string]int{
	"featured": 1, "top_pick": 2, "trending": 4, "bestseller": 5, "support_24_7": 6, "instant": 7,
}

// Badges orders a card's badges by priority.
func Badges(featured, topPick, trending, bestseller, support247, instant bool) []string {
	var out []string
	for id, on := range map[string]bool{"featured": featured, "top_pick": topPick, "trending": trending,
		"bestseller": bestseller, "support_24_7": support247, "instant": instant} {
		if on {
			out = append(out, id)
		}
	}
	sort.Slice(out, func(i, j int) bool { return badgePriority[out[i]] < badgePriority[out[j]] })
	if out == nil {
		out = []string{}
	}
	return out
}

// PriceSuffix is the price's unit (02§4): "/yr" for yearly, "" for one-time (one time,
// onetime, once), "/mo" otherwise (monthly is the default).
func PriceSuffix(duration string, yearly bool) string {
	if yearly {
		return "/yr"
	}
	d := strings.ToLower(duration)
	switch {
	case strings.Contains(d, "one time"), strings.Contains(d, "one-time"), strings.Contains(d, "onetime"), d == "once", strings.Contains(d, " once"):
		return ""
	case strings.Contains(d, "year"), strings.Contains(d, "annual"):
		return "/yr"
	default:
		return "/mo"
	}
}

// ShowDuration reports whether the duration label is shown: not for TBD or 30 days (02§4).
func ShowDuration(duration string) bool {
	d := strings.ToLower(strings.TrimSpace(duration))
	return d != "" && d != "tbd" && d != "30 days"
}

// DisplayedPrice is the card's headline price (02§9).
type DisplayedPrice struct {
	Kind  string `json:"kind" enum:"copay,potential_copay,pro,retail,quote"`
	Cents *int64 `json:"cents"`
}

// DisplayedOf is the card's headline price (02§9 "Displayed price"), the same for every
// viewer, read from the one quote of the service itself: the co-pay price when co-pay is shown
// (labelled Co-Pay when the service stores a co-pay price, Potential Co-Pay otherwise); else the
// Circle Pro price (verified services, below retail); else retail; a service priced after a
// consultation asks for a quote. The price sorts order by it (SortPriceKey).
func DisplayedOf(q quote.Quote, storedCoPay bool) DisplayedPrice {
	if q.NeedsQuote {
		return DisplayedPrice{Kind: "quote"}
	}
	if c, ok := q.CoPayCents(false); ok {
		kind := "potential_copay"
		if storedCoPay {
			kind = "copay"
		}
		return DisplayedPrice{Kind: kind, Cents: &c}
	}
	if q.ProPrice != nil {
		return DisplayedPrice{Kind: "pro", Cents: q.ProPrice}
	}
	return DisplayedPrice{Kind: "retail", Cents: q.Retail}
}

// VendorSummary is the vendor line of a card.
type VendorSummary struct {
	ID           string  `json:"id"`
	Name         string  `json:"name"`
	LogoURL      string  `json:"logo_url"`
	WebsiteURL   string  `json:"website_url"`
	IsVerified   bool    `json:"is_verified"`
	SupportHours string  `json:"support_hours"`
	Rating       float64 `json:"rating"`
	ReviewCount  int     `json:"review_count"`
}

// Rating is a service's average and count (get_service_ratings_bulk).
type Rating struct {
	ServiceID     string  `json:"service_id"`
	AverageRating float64 `json:"average_rating"`
	TotalReviews  int     `json:"total_reviews"`
}

// Card is a service as the marketplace grid shows it.
type Card struct {
	ID                 string         `json:"id"`
	Title              string         `json:"title"`
	TitleEs            string         `json:"title_es,omitempty" doc:"Spanish title; absent on list cards (search pages and the snapshot), whose title is already in the viewer's language"`
	TitleFr            string         `json:"title_fr,omitempty" doc:"French title; absent on list cards"`
	Description        string         `json:"description"`
	DescriptionEs      string         `json:"description_es,omitempty" doc:"Spanish description; absent on list cards"`
	DescriptionFr      string         `json:"description_fr,omitempty" doc:"French description; absent on list cards"`
	Category           string         `json:"category"`
	LobbyCategory      string         `json:"lobby_category"`
	Tags               []string       `json:"tags"`
	ImageURL           string         `json:"image_url"`
	ProfileImageURL    string         `json:"profile_image_url"`
	Vendor             *VendorSummary `json:"vendor"`
	PriceText          string         `json:"price_text"`
	RetailPriceCents   *int64         `json:"retail_price_cents"`
	ProPriceCents      *int64         `json:"pro_price_cents"`
	CoPayPriceCents    *int64         `json:"co_pay_price_cents"`
	PriceDuration      string         `json:"price_duration"`
	PriceSuffix        string         `json:"price_suffix"`
	ShowDuration       bool           `json:"show_duration"`
	Displayed          DisplayedPrice `json:"displayed_price"`
	SortPrice          *SortPrice     `json:"sort_price" doc:"The number the price sorts compare (the retail price's monthly equivalent), shown while a price sort is active; null for a quote"`
	Offers             CardOffers     `json:"offers" doc:"The price each kind of viewer pays (member: visitors and members without Pro; pro: Pro members)"`
	SavingsPercent     int            `json:"savings_percent" doc:"Pro or co-pay saving against retail, rounded; 0 hides the badge"`
	RespaSplitLimit    *int           `json:"respa_split_limit"`
	CopayAllowed       bool           `json:"copay_allowed"`
	RequiresQuote      bool           `json:"requires_quote"`
	IsVerified         bool           `json:"is_verified"`
	IsFeatured         bool           `json:"is_featured"`
	IsTopPick          bool           `json:"is_top_pick"`
	IsSponsored        bool           `json:"is_sponsored"`
	IsAffiliate        bool           `json:"is_affiliate"`
	DiscountPercentage int            `json:"discount_percentage"`
	Rating             Rating         `json:"rating"`
	Badges             []string       `json:"badges"`
	SortOrder          int            `json:"sort_order"`
	CreatedAt          time.Time      `json:"created_at"`
}

// SavingsPercent is the rounded saving of best against retail; 0 when there is none (02§5:
// shown only when the best price is below retail and the rounded percent is above 0).
func SavingsPercent(retail, best *int64) int {
	if retail == nil || best == nil || *retail <= 0 || *best >= *retail {
		return 0
	}
	return int(((*retail-*best)*100 + *retail/2) / *retail)
}

// Localized is the card as a list shows it to a viewer of language l (lang.Base): title and
// description in l, each in English when the service has no text in l, and no other language.
func (c Card) Localized(l string) Card {
	c.Title, c.Description = lang.Pick(l, c.Title, c.TitleEs, c.TitleFr), lang.Pick(l, c.Description, c.DescriptionEs, c.DescriptionFr)
	c.TitleEs, c.TitleFr, c.DescriptionEs, c.DescriptionFr = "", "", "", ""
	return c
}
