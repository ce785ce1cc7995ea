package httpapi

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"circle/internal/marketplace"
)

// The parts of the app's marketplace page the first screen copies, each named after where the
// app keeps it, so a change there is easy to follow here.

// categoryBlockGroups is web/src/features/marketplace/model/categories.ts CATEGORY_BLOCKS by
// group, with CategoryBlocks.tsx's list classes.
var categoryBlockGroups = []struct {
	title, listClass string
	blocks           []struct{ tag, key string }
}{
	{"marketplace.blocks.oldSchool", "md:grid-cols-3 lg:grid-cols-2", []struct{ tag, key string }{
		{"cat:client-event-kits", "clientEventKits"}, {"cat:client-gifting", "clientGifting"}, {"cat:open-house", "openHouse"},
		{"cat:print-mail", "printMail"}, {"cat:signage-branding", "signageBranding"}, {"cat:presentations", "presentations"},
		{"cat:lockboxes", "lockboxes"}, {"cat:pop-by-kits", "popByKits"}, {"cat:transaction-coordinator", "transactionCoordinator"},
	}},
	{"marketplace.blocks.digitalFirst", "md:grid-cols-3 lg:grid-cols-4", []struct{ tag, key string }{
		{"cat:crms", "crm"}, {"cat:ads-lead-gen", "adsLeadGen"}, {"cat:website", "website"}, {"cat:photography", "photography"},
		{"cat:seo", "seo"}, {"cat:coaching", "coaching"}, {"cat:automation", "automation"}, {"cat:video-media", "videoMedia"},
		{"cat:listing-showing", "listingShowing"}, {"cat:data-analytics", "dataAnalytics"}, {"cat:finance-ops", "financeOps"},
		{"cat:productivity", "productivity"}, {"cat:virtual-assistants-dialers", "virtualAssistantsDialers"},
		{"cat:team-recruiting", "teamRecruiting"}, {"cat:insurance-compliance", "insuranceCompliance"}, {"cat:ce-licensing", "ceLicensing"},
	}},
}

// cardBadges is components/catalog/BadgeList.tsx BADGES; badgePriority is badges.ts BADGE_PRIORITY.
var cardBadges = map[string]struct{ key, tone, icon string }{
	"featured":     {"marketplace.badges.featured", "bg-primary-soft text-primary-strong", "sparkles"},
	"top_pick":     {"marketplace.badges.topPick", "bg-pro-soft text-pro-strong", "thumbsUp"},
	"trending":     {"marketplace.badges.trending", "bg-danger-soft text-danger-strong", "flame"},
	"bestseller":   {"marketplace.badges.bestseller", "bg-pro-soft text-pro-strong", "trophy"},
	"support_24_7": {"marketplace.badges.support247", "bg-surface-sunken text-fg", "headset"},
	"instant":      {"marketplace.badges.instant", "bg-savings-soft text-savings-strong", "zap"},
}

var badgePriority = map[string]int{"featured": 1, "top_pick": 2, "trending": 4, "bestseller": 5, "support_24_7": 6, "instant": 7}

// visibleBadges is badges.ts visibleBadges: known badges by priority, without duplicates, at most limit.
func visibleBadges(badges []string, limit int) []string {
	var out []string
	for _, b := range badges {
		if _, ok := badgePriority[b]; ok && !slices.Contains(out, b) {
			out = append(out, b)
		}
	}
	slices.SortStableFunc(out, func(a, b string) int { return badgePriority[a] - badgePriority[b] })
	if len(out) > limit {
		out = out[:limit]
	}
	return out
}

// priceLabelKeys is components/catalog/offerPrice.ts PRICE_LABEL_KEYS.
var priceLabelKeys = map[string]string{
	"copay": "marketplace.price.copay", "potential_copay": "marketplace.price.potentialCopay", "pro": "marketplace.price.pro",
	"retail": "marketplace.price.retail", "quote": "marketplace.price.quote",
}

// durationKey is model/pricing.ts durationKey.
func durationKey(duration string) string {
	switch strings.ToLower(strings.TrimSpace(duration)) {
	case "monthly", "month", "per month":
		return "marketplace.price.duration.monthly"
	case "yearly", "annual", "annually", "per year":
		return "marketplace.price.duration.yearly"
	case "one time", "one-time", "onetime", "once":
		return "marketplace.price.duration.oneTime"
	}
	return ""
}

// placeholderOf is components/catalog/ServiceImage.tsx's picture when a card has none: the lobby
// category's icon on a tone chosen by the id's hash.
func placeholderOf(c marketplace.Card) placeholderView {
	icon, ok := placeholderIcons[c.LobbyCategory]
	if !ok {
		icon = "store"
	}
	return placeholderView{Tone: placeholderTones[hashOf(c.ID)%len(placeholderTones)], Icon: icon, Category: c.Category}
}

var placeholderTones = []string{
	"from-primary-soft to-surface-sunken text-primary",
	"from-savings-soft to-surface-sunken text-savings",
	"from-pro-soft to-surface-sunken text-pro-strong",
	"from-surface-sunken to-primary-soft text-primary-strong",
}

var placeholderIcons = map[string]string{
	"home-property": "house", "business-professional": "briefcase", "healthcare-wellness": "heartPulse",
	"community-lifestyle": "users", "growth-emerging": "sprout",
}

// hashOf is lib/localize.ts hashOf (32-bit, over UTF-16 code units).
func hashOf(s string) int {
	var h int32
	for _, r := range s {
		if r >= 0x10000 {
			r1, r2 := utf16Pair(r)
			h = h*31 + int32(r1)
			h = h*31 + int32(r2)
			continue
		}
		h = h*31 + int32(r)
	}
	if h < 0 {
		return -int(h)
	}
	return int(h)
}

func utf16Pair(r rune) (rune, rune) {
	r -= 0x10000
	return 0xD800 + (r>>10)&0x3FF, 0xDC00 + r&0x3FF
}

// cardInitials is lib/localize.ts initials: the first letters of the first two words.
func cardInitials(name string) string {
	clean := strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsSpace(r) {
			return r
		}
		return ' '
	}, name)
	words := strings.Fields(clean)
	if len(words) > 2 {
		words = words[:2]
	}
	var b strings.Builder
	for _, w := range words {
		for _, r := range w {
			b.WriteRune(r)
			break
		}
	}
	s := strings.ToUpper(b.String())
	if s == "" {
		return "?"
	}
	return s
}

// truncateWords is lib/share.ts truncate: at most n characters of the trimmed text, then "…".
func truncateWords(s string, n int) string {
	r := []rune(strings.TrimSpace(s))
	if len(r) <= n {
		return string(r)
	}
	return strings.TrimRightFunc(string(r[:n]), unicode.IsSpace) + "…"
}

// roundTenth is Stars.tsx's value: Math.round(rating * 10) / 10, written with one decimal.
func roundTenth(v float64) string {
	return strconv.FormatFloat(math.Floor(v*10+0.5)/10, 'f', 1, 64)
}

// cssNumber writes a percentage as JavaScript writes a number into a style.
func cssNumber(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
