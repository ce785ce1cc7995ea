package catalog

// LobbyCategory is one of the five lobby cards; services carry its slug in lobby_category and
// /marketplace?category={slug} filters by it (01§2).
type LobbyCategory struct {
	Slug string `json:"slug"`
	Name string `json:"name"`
}

// LobbyCategories are the five lobby categories in display order.
var LobbyCategories = []LobbyCategory{
	{"home-property", "Home & Property"},
	{"business-professional", "Business & Professional Services"},
	{"healthcare-wellness", "Healthcare & Wellness"},
	{"community-lifestyle", "Community & Lifestyle"},
	{"growth-emerging", "Growth & Emerging Sectors"},
}

// Category block groups (03§9).
const (
	GroupOldSchool    = "old-school"
	GroupDigitalFirst = "digital-first"
)

// CategoryBlock is one of the 25 marketplace category blocks; a service belongs to it when it
// has the tag Tag (03§9).
type CategoryBlock struct {
	Tag   string `json:"tag"`
	Name  string `json:"name"`
	Group string `json:"group"`
}

// BlockName is the display name of a category block's tag ("" when unknown).
func BlockName(tag string) string {
	for _, b := range CategoryBlocks {
		if b.Tag == tag {
			return b.Name
		}
	}
	return ""
}

// CategoryBlocks are the 9 old-school and 16 digital-first blocks in display order.
var CategoryBlocks = []CategoryBlock{
	{"cat:client-event-kits", "Client Event Kits", GroupOldSchool},
	{"cat:client-gifting", "Client Gifting", GroupOldSchool},
	{"cat:open-house", "Open House", GroupOldSchool},
	{"cat:print-mail", "Print & Mail", GroupOldSchool},
	{"cat:signage-branding", "Signage & Branding", GroupOldSchool},
	{"cat:presentations", "Presentations", GroupOldSchool},
	{"cat:lockboxes", "Lockboxes", GroupOldSchool},
	{"cat:pop-by-kits", "Pop-By Kits", GroupOldSchool},
	{"cat:transaction-coordinator", "Transaction Coordinator", GroupOldSchool},
	{"cat:crms", "CRM", GroupDigitalFirst},
	{"cat:ads-lead-gen", "Ads & Lead Gen", GroupDigitalFirst},
	{"cat:website", "Website", GroupDigitalFirst},
	{"cat:photography", "Photography", GroupDigitalFirst},
	{"cat:seo", "SEO", GroupDigitalFirst},
	{"cat:coaching", "Coaching", GroupDigitalFirst},
	{"cat:automation", "Automation", GroupDigitalFirst},
	{"cat:video-media", "Video & Media", GroupDigitalFirst},
	{"cat:listing-showing", "Listing & Showing", GroupDigitalFirst},
	{"cat:data-analytics", "Data & Analytics", GroupDigitalFirst},
	{"cat:finance-ops", "Finance & Ops", GroupDigitalFirst},
	{"cat:productivity", "Productivity", GroupDigitalFirst},
	{"cat:virtual-assistants-dialers", "Virtual Assistants & Dialers", GroupDigitalFirst},
	{"cat:team-recruiting", "Team & Recruiting", GroupDigitalFirst},
	{"cat:insurance-compliance", "Insurance & Compliance", GroupDigitalFirst},
	{"cat:ce-licensing", "CE & Licensing", GroupDigitalFirst},
}
