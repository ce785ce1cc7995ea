package detail

import (
	"strings"

	"circle/internal/catalog"
)

// Vendor funnel modal constants (02§9).
const (
	VendorContentMax       = 4
	VendorReviewsLoaded    = 10
	DefaultCampaignsFunded = 48
	TopPartnerAbove        = 5
)

// Licence disclosure kinds of the licence and regulatory card.
const (
	DisclosureMortgage  = "mortgage"
	DisclosureInsurance = "insurance"
	DisclosureTitle     = "title"
	DisclosureGeneral   = "general"
)

// Licence is the licence and regulatory card.
type Licence struct {
	NMLSID        string   `json:"nmls_id"`
	LicenseStates []string `json:"license_states"`
	// ShowCard: mortgage, insurance and title vendors, or any vendor with an NMLS id or
	// licence states (02§2).
	ShowCard bool `json:"show_card"`
	// DisclosureKind picks the per-type disclosure text.
	DisclosureKind string `json:"disclosure_kind" enum:"mortgage,insurance,title,general"`
}

// DisclosureKindOf classifies a vendor type for the licence card.
func DisclosureKindOf(vendorType string) string {
	t := strings.ToLower(vendorType)
	switch {
	case strings.Contains(t, "mortgage"), strings.Contains(t, "lender"), strings.Contains(t, "loan"):
		return DisclosureMortgage
	case strings.Contains(t, "insurance"):
		return DisclosureInsurance
	case strings.Contains(t, "title"), strings.Contains(t, "escrow"), strings.Contains(t, "settlement"):
		return DisclosureTitle
	}
	return DisclosureGeneral
}

// LicenceOf builds a vendor's licence card.
func LicenceOf(v catalog.Vendor) Licence {
	states := v.LicenseStates
	if states == nil {
		states = []string{}
	}
	kind := DisclosureKindOf(v.VendorType)
	return Licence{NMLSID: v.NMLSID, LicenseStates: states, DisclosureKind: kind,
		ShowCard: kind != DisclosureGeneral || strings.TrimSpace(v.NMLSID) != "" || len(states) > 0}
}

// ContentTile is one vendor content tile with its parsed video id.
type ContentTile struct {
	catalog.VendorContent
	YouTubeID string `json:"youtube_id,omitempty" doc:"Embed https://www.youtube-nocookie.com/embed/{id}"`
	VimeoID   string `json:"vimeo_id,omitempty"`
	EmbedURL  string `json:"embed_url,omitempty"`
}

// Tile parses a content row's video link.
func Tile(c catalog.VendorContent) ContentTile {
	t := ContentTile{VendorContent: c}
	if strings.HasPrefix(c.ContentType, "video_") {
		m := catalog.ClassifyMedia(catalog.FunnelMedia{URL: c.ContentURL, Type: "video"})
		t.YouTubeID, t.VimeoID, t.EmbedURL = m.YouTubeID, m.VimeoID, m.EmbedURL
		if t.ThumbnailURL == "" && m.ThumbnailURL != "" && m.Kind == catalog.MediaYouTube {
			t.ThumbnailURL = m.ThumbnailURL
		}
	}
	return t
}

// VendorStats are the modal's figures.
type VendorStats struct {
	ActivePartners  int     `json:"active_partners" doc:"co_marketing_agents"`
	CampaignsFunded int     `json:"campaigns_funded" doc:"Default 48 when the vendor has none recorded"`
	AverageRating   float64 `json:"average_rating"`
	ReviewCount     int     `json:"review_count"`
}

// StatsOf computes the modal's figures.
func StatsOf(v catalog.Vendor, rating float64, reviews int) VendorStats {
	funded := v.CampaignsFunded
	if funded <= 0 {
		funded = DefaultCampaignsFunded
	}
	return VendorStats{ActivePartners: v.CoMarketingAgents, CampaignsFunded: funded, AverageRating: rating, ReviewCount: reviews}
}

// IsTopPartner: more than 5 co-marketing agents.
func IsTopPartner(v catalog.Vendor) bool { return v.CoMarketingAgents > TopPartnerAbove }

// VendorDetail is everything the vendor funnel modal shows, in one answer.
type VendorDetail struct {
	Vendor          catalog.Vendor           `json:"vendor"`
	Representatives []catalog.Representative `json:"representatives" doc:"Active; primary first, then sort order and name"`
	Questions       []catalog.VendorQuestion `json:"questions" doc:"By question number"`
	// QuestionsSeeded: the vendor had no questions, so the 5 defaults were just created.
	QuestionsSeeded bool                 `json:"questions_seeded"`
	Content         []ContentTile        `json:"content" doc:"Active tiles by display order, at most 4"`
	CalendarLink    *string              `json:"calendar_link" doc:"null when the vendor has no booking calendar"`
	LatestReviews   []catalog.ReviewView `json:"latest_reviews" doc:"Newest 10 across the vendor's services (show 3)"`
	Stats           VendorStats          `json:"stats"`
	TopPartner      bool                 `json:"top_partner" doc:"More than 5 co-marketing agents"`
	Licence         Licence              `json:"licence"`
	ViewerIsOwner   bool                 `json:"viewer_is_owner"`
}
