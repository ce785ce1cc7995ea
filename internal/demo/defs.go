package demo

import "circle/internal/catalog"

// The types below are the shape of the data files under data/: what a demo vendor, service,
// account or review pool says, before build derives ids, prices and dates from it.

// repDef is one service representative of a demo vendor.
type repDef struct {
	Name     string   `json:"name"`
	Title    string   `json:"title"`
	Rating   int      `json:"rating"` // tenths of a star, 38-50
	Years    int      `json:"years"`
	License  string   `json:"license,omitempty"`
	Specs    []string `json:"specialties,omitempty"`
	Location string   `json:"location,omitempty"` // empty: the vendor's location
	NoPhoto  bool     `json:"noPhoto,omitempty"`  // the web app shows initials
}

// contentDef is one tile of a vendor's funnel modal.
type contentDef struct {
	Type     string `json:"type"` // video_youtube, video_vimeo, image, document
	URL      string `json:"url"`
	Title    string `json:"title"`
	Featured bool   `json:"featured,omitempty"`
}

// vendorDef is one demo vendor with everything hanging off it.
type vendorDef struct {
	Slug          string       `json:"slug"` // id is "ven-" + Slug
	Name          string       `json:"name"`
	NameEs        string       `json:"nameEs,omitempty"`
	NameFr        string       `json:"nameFr,omitempty"`
	Desc          string       `json:"description"`
	DescEs        string       `json:"descriptionEs,omitempty"`
	DescFr        string       `json:"descriptionFr,omitempty"`
	Type          string       `json:"type"`
	City          string       `json:"city"`
	State         string       `json:"state"`
	Lat           float64      `json:"lat"`
	Lng           float64      `json:"lng"`
	Area          string       `json:"areaCode"` // telephone area code
	Domain        string       `json:"domain"`   // website https://www.<Domain>.example and contact e-mail
	NoWebsite     bool         `json:"noWebsite,omitempty"`
	Hours         string       `json:"supportHours"`
	Verified      bool         `json:"verified,omitempty"`
	Premium       bool         `json:"premium,omitempty"`
	OpenToPartner bool         `json:"openToPartner,omitempty"`
	Status        string       `json:"approvalStatus"`
	Inactive      bool         `json:"inactive,omitempty"`
	CoMarketing   int          `json:"coMarketingAgents,omitempty"`
	Campaigns     int          `json:"campaignsFunded,omitempty"`
	NMLS          string       `json:"nmlsId,omitempty"`
	ServiceStates []string     `json:"serviceStates,omitempty"`
	LicenseStates []string     `json:"licenseStates,omitempty"`
	MLSAreas      []string     `json:"mlsAreas,omitempty"`
	Specialties   []string     `json:"specialties,omitempty"`
	Radius        int          `json:"serviceRadiusMiles,omitempty"`
	NoLocalRep    bool         `json:"noLocalRep,omitempty"`
	Reps          []repDef     `json:"representatives,omitempty"`
	QuestionSet   string       `json:"questionSet,omitempty"` // key of the question sets; empty with no Answers
	Answers       []string     `json:"answers,omitempty"`     // five answers; none leaves the vendor without questions
	Content       []contentDef `json:"content,omitempty"`
	NoCalendar    bool         `json:"noCalendar,omitempty"`
	Age           int          `json:"ageDays"` // days since the vendor joined
}

// tierDef is one pricing package of a service. Cents is the monthly (or one-time) price.
type tierDef struct {
	Name    string `json:"name"`
	Desc    string `json:"description"`
	Cents   int64  `json:"priceCents,omitempty"`
	Popular bool   `json:"popular,omitempty"`
	ProOnly bool   `json:"proOnly,omitempty"`
	Quote   bool   `json:"quote,omitempty"` // price on request
	// Features are this tier's own lines, listed first. Set them where the service's feature
	// list names a quantity ("25-40 HDR photos") that differs by tier; see packageFeatures.
	Features []string `json:"features,omitempty"`
}

// testimonialDef is one funnel testimonial; ids are filled in when the funnel is built.
type testimonialDef struct {
	Rating  int    `json:"rating"`
	Name    string `json:"name"`
	Company string `json:"company"`
	Content string `json:"content"`
}

// funnelDef is the landing-page content of a service.
type funnelDef struct {
	Headline     string                `json:"headline"`
	Sub          string                `json:"subHeadline"`
	Hero         string                `json:"heroDescription"`
	Media        []catalog.FunnelMedia `json:"media,omitempty"`
	ROI          int                   `json:"estimatedRoi,omitempty"`
	Time         string                `json:"duration,omitempty"`
	FAQ          []catalog.FunnelFAQ   `json:"faqs,omitempty"`
	Benefits     []catalog.Benefit     `json:"benefits,omitempty"`
	ProofIntro   string                `json:"proofIntro,omitempty"`
	Testimonials []testimonialDef      `json:"testimonials,omitempty"`
	Case         *catalog.CaseStudy    `json:"caseStudy,omitempty"`
}

// serviceDef is one demo service. Prices other than the retail price are in cents; the
// retail price is always parsed from Price so the two never disagree.
type serviceDef struct {
	Slug   string `json:"slug"`   // id is "svc-" + Slug
	Vendor string `json:"vendor"` // vendor slug
	Title  string `json:"title"`
	Desc   string `json:"description"`

	TitleEs string `json:"titleEs,omitempty"`
	TitleFr string `json:"titleFr,omitempty"`
	DescEs  string `json:"descriptionEs,omitempty"`
	DescFr  string `json:"descriptionFr,omitempty"`

	Category string   `json:"category"`
	Lobby    string   `json:"lobby"`
	Cats     []string `json:"categoryTags,omitempty"` // category-block tags without the "cat:" prefix
	Tags     []string `json:"tags,omitempty"`         // other tags without the "tag:" prefix

	Price    string `json:"price"`                     // as the vendor wrote it
	Duration string `json:"priceDuration"`             // monthly, yearly, one time, 30 days, TBD
	Pro      int64  `json:"proPriceCents,omitempty"`   // 0 = none
	Split    int    `json:"respaSplitLimit,omitempty"` // > 0 allows co-pay
	SSPMax   int    `json:"maxSplitSsp,omitempty"`
	NonSSP   int    `json:"maxSplitNonSsp,omitempty"`
	VendMax  int    `json:"maxVendorSplit,omitempty"`
	SSPOK    bool   `json:"sspAllowed,omitempty"`
	Discount int    `json:"discountPercentage,omitempty"`

	Featured  bool   `json:"featured,omitempty"`
	TopPick   bool   `json:"topPick,omitempty"`
	Sponsored bool   `json:"sponsored,omitempty"`
	Affiliate bool   `json:"affiliate,omitempty"`
	Direct    bool   `json:"directPurchase,omitempty"`
	External  bool   `json:"externalBooking,omitempty"` // books through Calendly
	Respa     string `json:"respaRiskLevel,omitempty"`  // empty = not regulated
	Inactive  bool   `json:"inactive,omitempty"`

	ROI   string `json:"estimatedRoi,omitempty"`
	Setup string `json:"setupTime,omitempty"`
	Time  string `json:"duration,omitempty"`
	Age   int    `json:"ageDays,omitempty"` // days since listed; 0 derives one

	Features []string   `json:"features,omitempty"`
	Tiers    []tierDef  `json:"packages,omitempty"`
	Yearly   bool       `json:"yearly,omitempty"` // packages also have a yearly price of 10 months
	Funnel   *funnelDef `json:"funnel,omitempty"`
}
