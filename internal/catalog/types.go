// Package catalog owns the marketplace catalogue: vendors, their representatives, questions,
// content and availability, services with their packages, tags and funnel content, reviews,
// RESPA disclaimers and saved services (spec 02§3).
package catalog

import "time"

// Vendor types of spec 02§5. Settlement-service-provider (SSP) types are capped more strictly
// under RESPA than the others; a missing type counts as non-SSP.
var (
	SSPVendorTypes    = []string{"lender", "mortgage_lender", "title_company", "escrow_company", "settlement_agent", "mortgage_broker", "real_estate_attorney"}
	NonSSPVendorTypes = []string{"inspector", "contractor", "service_provider", "software_provider", "marketing_company", "photographer", "stager", "cleaning_service", "handyman", "general"}
)

// IsSSP reports whether a vendor type is a settlement service provider.
func IsSSP(vendorType string) bool {
	for _, t := range SSPVendorTypes {
		if t == vendorType {
			return true
		}
	}
	return false
}

// Approval statuses; the marketplace lists approved, auto_approved and pending vendors (02§4).
const (
	ApprovalApproved     = "approved"
	ApprovalAutoApproved = "auto_approved"
	ApprovalPending      = "pending"
	ApprovalRejected     = "rejected"
)

// LocalRepresentative is the vendor card's "local representative" line.
type LocalRepresentative struct {
	Name     string `json:"name"`
	Title    string `json:"title"`
	PhotoURL string `json:"photo_url"`
}

// Vendor is a company that lists services (02§3).
type Vendor struct {
	ID                  string               `json:"id"`
	OwnerUserID         *string              `json:"owner_user_id,omitempty"`
	Name                string               `json:"name"`
	NameEs              string               `json:"name_es"`
	NameFr              string               `json:"name_fr"`
	Description         string               `json:"description"`
	DescriptionEs       string               `json:"description_es"`
	DescriptionFr       string               `json:"description_fr"`
	LogoURL             string               `json:"logo_url"`
	WebsiteURL          string               `json:"website_url"`
	Location            string               `json:"location"`
	ContactEmail        string               `json:"contact_email"`
	Phone               string               `json:"phone"`
	SupportHours        string               `json:"support_hours"`
	VendorType          string               `json:"vendor_type"`
	ParentVendorID      *string              `json:"parent_vendor_id,omitempty"`
	IsVerified          bool                 `json:"is_verified"`
	IsActive            bool                 `json:"is_active"`
	IsPremiumProvider   bool                 `json:"is_premium_provider"`
	IsOpenToPartner     bool                 `json:"is_open_to_partner"`
	ApprovalStatus      string               `json:"approval_status"`
	SortOrder           int                  `json:"sort_order"`
	CoMarketingAgents   int                  `json:"co_marketing_agents"`
	CampaignsFunded     int                  `json:"campaigns_funded"`
	NMLSID              string               `json:"nmls_id"`
	ServiceStates       []string             `json:"service_states"`
	LicenseStates       []string             `json:"license_states"`
	MLSAreas            []string             `json:"mls_areas"`
	Specialties         []string             `json:"specialties"`
	ServiceRadiusMiles  int                  `json:"service_radius_miles"`
	Latitude            *float64             `json:"latitude,omitempty"`
	Longitude           *float64             `json:"longitude,omitempty"`
	LocalRepresentative *LocalRepresentative `json:"local_representative,omitempty"`
	CreatedAt           time.Time            `json:"created_at"`
	UpdatedAt           time.Time            `json:"updated_at"`
}

// Representative is a person at a vendor an agent can work with (service_representatives).
type Representative struct {
	ID                string   `json:"id"`
	VendorID          string   `json:"vendor_id"`
	IsActive          bool     `json:"is_active"`
	IsPrimary         bool     `json:"is_primary"`
	SortOrder         int      `json:"sort_order"`
	Name              string   `json:"name"`
	Title             string   `json:"title"`
	ProfilePictureURL string   `json:"profile_picture_url"`
	RatingTenths      int      `json:"rating_tenths"`
	YearsExperience   int      `json:"years_experience"`
	LicenseNumber     string   `json:"license_number"`
	LicenseState      string   `json:"license_state"`
	Email             string   `json:"email"`
	Phone             string   `json:"phone"`
	Website           string   `json:"website"`
	Specialties       []string `json:"specialties"`
	Location          string   `json:"location"`
}

// VendorQuestion is one of a vendor's evaluation questions (vendor_questions).
type VendorQuestion struct {
	VendorID       string    `json:"vendor_id"`
	QuestionNumber int       `json:"question_number"`
	QuestionText   string    `json:"question_text"`
	AnswerText     string    `json:"answer_text"`
	UpdatedAt      time.Time `json:"updated_at"`
}

// Content types of vendor_content tiles.
var VendorContentTypes = []string{"video_youtube", "video_vimeo", "image", "document"}

// VendorContent is a tile on the vendor funnel modal (vendor_content).
type VendorContent struct {
	ID           string `json:"id"`
	VendorID     string `json:"vendor_id"`
	IsActive     bool   `json:"is_active"`
	DisplayOrder int    `json:"display_order"`
	ContentType  string `json:"content_type"`
	ContentURL   string `json:"content_url"`
	ThumbnailURL string `json:"thumbnail_url"`
	Title        string `json:"title"`
	IsFeatured   bool   `json:"is_featured"`
}

// VendorAvailability holds a vendor's booking calendar link (vendor_availability).
type VendorAvailability struct {
	VendorID     string `json:"vendor_id"`
	CalendarLink string `json:"calendar_link"`
}

// Service is one listing in the marketplace (services). Prices are integer US cents; a nil
// price means the service has none of that kind. PriceText keeps the price as the vendor wrote it
// ("$1,299/mo", "Free", "Starting at $450") so the original form can be shown and re-parsed.
type Service struct {
	ID                       string
	VendorID                 *string
	Title                    string
	TitleEs                  string
	TitleFr                  string
	Description              string
	DescriptionEs            string
	DescriptionFr            string
	Category                 string
	LobbyCategory            string
	IsActive                 bool
	SortOrder                int
	PriceText                string
	RetailPriceCents         *int64
	ProPriceCents            *int64
	CoPayPriceCents          *int64
	PriceDuration            string
	RespaSplitLimit          *int
	MaxSplitPercentageSSP    *int
	MaxSplitPercentageNonSSP *int
	MaxVendorSplitPercentage *int
	SSPAllowed               bool
	CopayAllowed             bool
	DefaultPackageID         string
	RequiresQuote            bool
	DirectPurchaseEnabled    bool
	ImageURL                 string
	ProfileImageURL          string
	WebsiteURL               string
	IsVerified               bool
	IsSponsored              bool
	IsFeatured               bool
	IsTopPick                bool
	IsAffiliate              bool
	EstimatedROI             string
	SetupTime                string
	Duration                 string
	DiscountPercentage       int
	DisclaimerID             *string
	BookingType              string
	ExternalBookingProvider  string
	ExternalBookingURL       string
	SyncToGHL                bool
	IsRespaRegulated         bool
	RespaRiskLevel           string
	FunnelContent            *FunnelContent
	// SearchText is title, description and category folded to lower case in Go (so non-ASCII
	// letters fold the same on SQLite and PostgreSQL); search matches against it.
	SearchText string
	CreatedAt  time.Time
	UpdatedAt  time.Time

	// VendorLocation is where the product is offered ("City, State"), set by the Add New
	// Product dialog (03§5 vendor_location); "" for services written by the editor.
	VendorLocation string
}

// ServiceTag is one tag of a service, such as "cat:crms" or "tag:ai" (service_tags).
type ServiceTag struct {
	ServiceID string `json:"service_id"`
	Tag       string `json:"tag"`
}

// PackageFeature is one line of a package's feature list.
type PackageFeature struct {
	Text     string `json:"text"`
	Included bool   `json:"included"`
}

// Package is a pricing package or tier of a service (service_packages).
type Package struct {
	ID                       string           `json:"id"`
	ServiceID                string           `json:"service_id"`
	Name                     string           `json:"name"`
	Description              string           `json:"description"`
	PriceCents               *int64           `json:"price_cents"`
	OriginalPriceCents       *int64           `json:"original_price_cents"`
	ProPriceCents            *int64           `json:"pro_price_cents"`
	CoPayPriceCents          *int64           `json:"co_pay_price_cents"`
	YearlyPriceCents         *int64           `json:"yearly_price_cents"`
	YearlyOriginalPriceCents *int64           `json:"yearly_original_price_cents"`
	Duration                 string           `json:"duration"`
	Features                 []PackageFeature `json:"features"`
	Popular                  bool             `json:"popular"`
	ProOnly                  bool             `json:"pro_only"`
	RequestPricing           bool             `json:"request_pricing"`
	SortOrder                int              `json:"sort_order"`
}

// FunnelMedia is one hero media item of a funnel page.
type FunnelMedia struct {
	URL   string `json:"url"`
	Type  string `json:"type"` // video, image
	Title string `json:"title"`
	// Thumbnail is a poster for a video, used instead of the video host's picture when set.
	Thumbnail string `json:"thumbnail,omitempty"`
}

// FunnelFAQ is one funnel section; ids question-1..question-5 fill the five detail sections.
type FunnelFAQ struct {
	ID      string `json:"id"`
	Title   string `json:"title"`
	Content string `json:"content"`
}

// Benefit is one "Why choose us" card.
type Benefit struct {
	Icon        string `json:"icon,omitempty"`
	Title       string `json:"title"`
	Description string `json:"description"`
}

// Testimonial is one quote on the Proof It Works section.
type Testimonial struct {
	ID      string `json:"id"`
	Rating  int    `json:"rating"`
	Name    string `json:"name"`
	Company string `json:"company"`
	Content string `json:"content"`
}

// CaseStudy is the before/after block of Proof It Works.
type CaseStudy struct {
	Enabled            bool   `json:"enabled"`
	BeforeValue        string `json:"beforeValue"`
	BeforeLabel        string `json:"beforeLabel"`
	AfterValue         string `json:"afterValue"`
	AfterLabel         string `json:"afterLabel"`
	Timeframe          string `json:"timeframe"`
	PercentageIncrease int    `json:"percentageIncrease"`
	Description        string `json:"description"`
}

// ProofItWorks is the fifth funnel section's structured content.
type ProofItWorks struct {
	IntroText          string        `json:"introText"`
	TestimonialsOn     bool          `json:"testimonialsEnabled"`
	Testimonials       []Testimonial `json:"testimonials"`
	CaseStudy          CaseStudy     `json:"caseStudy"`
	VerificationOn     bool          `json:"vendorVerificationEnabled"`
	VerificationBadges []string      `json:"vendorVerificationBadges"`
	VerificationText   string        `json:"vendorVerificationDescription"`
}

// CallToAction is the sales-page call-to-action block.
type CallToAction struct {
	PrimaryHeadline      string `json:"primaryHeadline"`
	PrimaryDescription   string `json:"primaryDescription"`
	PrimaryButtonText    string `json:"primaryButtonText"`
	SecondaryHeadline    string `json:"secondaryHeadline"`
	SecondaryDescription string `json:"secondaryDescription"`
	Website              string `json:"website"`
	Phone                string `json:"phone"`
	Email                string `json:"email"`
}

// TrustIndicators are the three trust-footer texts.
type TrustIndicators struct {
	Guarantee     string `json:"guarantee"`
	Cancellation  string `json:"cancellation"`
	Certification string `json:"certification"`
}

// FunnelContent is a service's landing-page content (funnel_content), stored as JSON text.
type FunnelContent struct {
	Headline         string          `json:"headline"`
	SubHeadline      string          `json:"subHeadline"`
	HeroDescription  string          `json:"heroDescription"`
	Media            []FunnelMedia   `json:"media"`
	Duration         string          `json:"duration"`
	EstimatedROI     int             `json:"estimatedRoi"`
	FAQs             []FunnelFAQ     `json:"faqs"`
	WhyChooseUsTitle string          `json:"whyChooseUsTitle"`
	Benefits         []Benefit       `json:"benefits"`
	ProofItWorks     ProofItWorks    `json:"proofItWorks"`
	CallToAction     CallToAction    `json:"callToAction"`
	TrustIndicators  TrustIndicators `json:"trustIndicators"`
	// Packages are the sales copy of the funnel editor's Packages tab (03§3); the priced,
	// purchasable packages stay in service_packages.
	Packages []FunnelPackage `json:"packages,omitempty"`
	Urgency  *Urgency        `json:"urgency,omitempty"`
}

// FunnelPackage is one package card of the funnel editor (prices in cents).
type FunnelPackage struct {
	ID                 string   `json:"id"`
	Name               string   `json:"name"`
	Description        string   `json:"description"`
	PriceCents         int64    `json:"priceCents"`
	OriginalPriceCents *int64   `json:"originalPriceCents,omitempty"`
	Features           []string `json:"features"`
	Popular            bool     `json:"popular"`
}

// Urgency is the funnel's optional urgency banner.
type Urgency struct {
	Enabled bool   `json:"enabled"`
	Message string `json:"message"`
}

// BenefitIcons are the ten icons a benefit may show (03§3).
var BenefitIcons = []string{"check", "star", "zap", "target", "users", "dollar", "trend", "award", "shield", "clock"}

// FunnelMediaTypes are the kinds of a funnel media item.
var FunnelMediaTypes = []string{"image", "video", "document"}

// Review sources of service_reviews.
var ReviewSources = []string{"agent", "vendor_provided", "google_external", "admin_assigned"}

// Review is one user's rating of a service; one per user per service (service_reviews).
type Review struct {
	ID           string
	ServiceID    string
	UserID       string
	Rating       int
	Review       *string
	ReviewSource string
	Verified     bool
	SourceURL    string
	AdminNotes   string
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// Disclaimer is a RESPA disclaimer shown on service detail pages (respa_disclaimers).
type Disclaimer struct {
	ID         string    `json:"id"`
	Title      string    `json:"title"`
	Content    string    `json:"content"`
	ButtonText string    `json:"button_text"`
	ButtonURL  string    `json:"button_url"`
	IsActive   bool      `json:"is_active"`
	CreatedAt  time.Time `json:"created_at"`
	UpdatedAt  time.Time `json:"updated_at"`
}

// SavedService is a user's saved (favourite) service with an optional note (saved_services).
type SavedService struct {
	ID        string    `json:"id"`
	UserID    string    `json:"user_id"`
	ServiceID string    `json:"service_id"`
	Notes     string    `json:"notes"`
	CreatedAt time.Time `json:"created_at"`
}

// Bundle of everything a service needs so it can be written in one call (used by seeding and
// by the vendor area).
type ServiceWithParts struct {
	Service  Service
	Tags     []string
	Packages []Package
}
