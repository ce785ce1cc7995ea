package marketplace

import (
	"sort"
	"strings"

	"circle/internal/catalog"
)

// VendorCard is a vendor as the vendors view shows it (02§2).
type VendorCard struct {
	ID                  string                       `json:"id"`
	Name                string                       `json:"name"`
	NameEs              string                       `json:"name_es"`
	NameFr              string                       `json:"name_fr"`
	Description         string                       `json:"description"`
	DescriptionEs       string                       `json:"description_es"`
	DescriptionFr       string                       `json:"description_fr"`
	LogoURL             string                       `json:"logo_url"`
	WebsiteURL          string                       `json:"website_url"`
	Location            string                       `json:"location"`
	Phone               string                       `json:"phone"`
	ContactEmail        string                       `json:"contact_email"`
	VendorType          string                       `json:"vendor_type"`
	IsVerified          bool                         `json:"is_verified"`
	ApprovalStatus      string                       `json:"approval_status"`
	Specialties         []string                     `json:"specialties"`
	ServiceStates       []string                     `json:"service_states"`
	LicenseStates       []string                     `json:"license_states"`
	NMLSID              string                       `json:"nmls_id"`
	CoMarketingAgents   int                          `json:"co_marketing_agents"`
	CampaignsFunded     int                          `json:"campaigns_funded"`
	LocalRepresentative *catalog.LocalRepresentative `json:"local_representative"`
	Rating              float64                      `json:"rating"`
	ReviewCount         int                          `json:"review_count"`
	ServiceCount        int                          `json:"service_count"`
	SortOrder           int                          `json:"sort_order"`
}

// BuildVendorCard makes a vendor card; rating and review count are over the vendor's services.
func BuildVendorCard(v catalog.Vendor, ratingSum float64, reviews, services int) VendorCard {
	c := VendorCard{
		ID: v.ID, Name: v.Name, NameEs: v.NameEs, NameFr: v.NameFr, Description: v.Description, DescriptionEs: v.DescriptionEs,
		DescriptionFr: v.DescriptionFr, LogoURL: v.LogoURL, WebsiteURL: v.WebsiteURL, Location: v.Location, Phone: v.Phone,
		ContactEmail: v.ContactEmail, VendorType: v.VendorType, IsVerified: v.IsVerified, ApprovalStatus: v.ApprovalStatus,
		Specialties: nonNil(v.Specialties), ServiceStates: nonNil(v.ServiceStates), LicenseStates: nonNil(v.LicenseStates), NMLSID: v.NMLSID,
		CoMarketingAgents: v.CoMarketingAgents, CampaignsFunded: v.CampaignsFunded, LocalRepresentative: v.LocalRepresentative,
		ReviewCount: reviews, ServiceCount: services, SortOrder: v.SortOrder,
	}
	if reviews > 0 {
		c.Rating = float64(int(ratingSum/float64(reviews)*10+0.5)) / 10
	}
	return c
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// StateCodes maps US state names to their two-letter codes (the location filter accepts either).
var StateCodes = map[string]string{
	"alabama": "AL", "alaska": "AK", "arizona": "AZ", "arkansas": "AR", "california": "CA", "colorado": "CO", "connecticut": "CT",
	"delaware": "DE", "florida": "FL", "georgia": "GA", "hawaii": "HI", "idaho": "ID", "illinois": "IL", "indiana": "IN", "iowa": "IA",
	"kansas": "KS", "kentucky": "KY", "louisiana": "LA", "maine": "ME", "maryland": "MD", "massachusetts": "MA", "michigan": "MI",
	"minnesota": "MN", "mississippi": "MS", "missouri": "MO", "montana": "MT", "nebraska": "NE", "nevada": "NV", "new hampshire": "NH",
	"new jersey": "NJ", "new mexico": "NM", "new york": "NY", "north carolina": "NC", "north dakota": "ND", "ohio": "OH", "oklahoma": "OK",
	"oregon": "OR", "pennsylvania": "PA", "rhode island": "RI", "south carolina": "SC", "south dakota": "SD", "tennessee": "TN",
	"texas": "TX", "utah": "UT", "vermont": "VT", "virginia": "VA", "washington": "WA", "west virginia": "WV", "wisconsin": "WI",
	"wyoming": "WY", "district of columbia": "DC",
}

// StateCode normalises a state name or code to the two-letter code ("" when unknown).
func StateCode(s string) string {
	s = strings.TrimSpace(s)
	if len(s) == 2 {
		return strings.ToUpper(s)
	}
	return StateCodes[strings.ToLower(s)]
}

// VendorFilter is the vendors view's search (02§5).
type VendorFilter struct {
	Query   string
	State   string
	ShowAll bool
}

// FilterVendors applies the vendors view rules: case-insensitive search over name, description,
// location and service states; then the location filter keeps vendors that serve the viewer's
// state (by service states or location), unless that would leave none or show-all is on.
func FilterVendors(cards []VendorCard, f VendorFilter) (out []VendorCard, locationApplied bool) {
	q := strings.ToLower(strings.TrimSpace(f.Query))
	for _, c := range cards {
		if q == "" || strings.Contains(strings.ToLower(c.Name+" "+c.Description+" "+c.Location+" "+strings.Join(c.ServiceStates, " ")), q) {
			out = append(out, c)
		}
	}
	code := StateCode(f.State)
	if code != "" && !f.ShowAll {
		var local []VendorCard
		for _, c := range out {
			if serves(c, code) {
				local = append(local, c)
			}
		}
		if len(local) > 0 {
			out, locationApplied = local, true
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].SortOrder != out[j].SortOrder {
			return out[i].SortOrder < out[j].SortOrder
		}
		return out[i].Rating > out[j].Rating
	})
	if out == nil {
		out = []VendorCard{}
	}
	return out, locationApplied
}

func serves(c VendorCard, code string) bool {
	for _, s := range c.ServiceStates {
		if strings.EqualFold(s, code) {
			return true
		}
	}
	loc := strings.ToUpper(c.Location)
	return strings.HasSuffix(loc, ", "+code) || strings.Contains(loc, ", "+code+" ")
}
