// Package catalog owns the marketplace catalogue: vendors, their representatives, questions,
// content and availability, services with their packages, tags and funnel content, reviews,
// RESPA disclaimers and saved services (spec 02§3).
package catalog

import (
	"time"

	"github.com/uptrace/bun"
)

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
	bun.BaseModel `bun:"table:vendors"`

	ID                  string               `bun:"id,pk" json:"id"`
	OwnerUserID         *string              `bun:"owner_user_id" json:"owner_user_id,omitempty"`
	Name                string               `bun:"name,notnull" json:"name"`
	NameEs              string               `bun:"name_es,notnull" json:"name_es"`
	NameFr              string               `bun:"name_fr,notnull" json:"name_fr"`
	Description         string               `bun:"description,notnull" json:"description"`
	DescriptionEs       string               `bun:"description_es,notnull" json:"description_es"`
	DescriptionFr       string               `bun:"description_fr,notnull" json:"description_fr"`
	LogoURL             string               `bun:"logo_url,notnull" json:"logo_url"`
	WebsiteURL          string               `bun:"website_url,notnull" json:"website_url"`
	Location            string               `bun:"location,notnull" json:"location"`
	ContactEmail        string               `bun:"contact_email,notnull" json:"contact_email"`
	Phone               string               `bun:"phone,notnull" json:"phone"`
	SupportHours        string               `bun:"support_hours,notnull" json:"support_hours"`
	VendorType          string               `bun:"vendor_type,notnull" json:"vendor_type"`
	ParentVendorID      *string              `bun:"parent_vendor_id" json:"parent_vendor_id,omitempty"`
	IsVerified          bool                 `bun:"is_verified,notnull" json:"is_verified"`
	IsActive            bool                 `bun:"is_active,notnull" json:"is_active"`
	IsPremiumProvider   bool                 `bun:"is_premium_provider,notnull" json:"is_premium_provider"`
	IsOpenToPartner     bool                 `bun:"is_open_to_partner,notnull" json:"is_open_to_partner"`
	ApprovalStatus      string               `bun:"approval_status,notnull" json:"approval_status"`
	SortOrder           int                  `bun:"sort_order,notnull" json:"sort_order"`
	CoMarketingAgents   int                  `bun:"co_marketing_agents,notnull" json:"co_marketing_agents"`
	CampaignsFunded     int                  `bun:"campaigns_funded,notnull" json:"campaigns_funded"`
	NMLSID              string               `bun:"nmls_id,notnull" json:"nmls_id"`
	ServiceStates       []string             `bun:"service_states,type:text,notnull" json:"service_states"`
	LicenseStates       []string             `bun:"license_states,type:text,notnull" json:"license_states"`
	MLSAreas            []string             `bun:"mls_areas,type:text,notnull" json:"mls_areas"`
	Specialties         []string             `bun:"specialties,type:text,notnull" json:"specialties"`
	ServiceRadiusMiles  int                  `bun:"service_radius_miles,notnull" json:"service_radius_miles"`
	Latitude            *float64             `bun:"latitude" json:"latitude,omitempty"`
	Longitude           *float64             `bun:"longitude" json:"longitude,omitempty"`
	LocalRepresentative *LocalRepresentative `bun:"local_representative,type:text" json:"local_representative,omitempty"`
	CreatedAt           time.Time            `bun:"created_at,notnull" json:"created_at"`
	UpdatedAt           time.Time            `bun:"updated_at,notnull" json:"updated_at"`
}

// Representative is a person at a vendor an agent can work with (service_representatives).
type Representative struct {
	bun.BaseModel `bun:"table:service_representatives"`

	ID                string   `bun:"id,pk" json:"id"`
	VendorID          string   `bun:"vendor_id,notnull" json:"vendor_id"`
	IsActive          bool     `bun:"is_active,notnull" json:"is_active"`
	IsPrimary         bool     `bun:"is_primary,notnull" json:"is_primary"`
	SortOrder         int      `bun:"sort_order,notnull" json:"sort_order"`
	Name              string   `bun:"name,notnull" json:"name"`
	Title             string   `bun:"title,notnull" json:"title"`
	ProfilePictureURL string   `bun:"profile_picture_url,notnull" json:"profile_picture_url"`
	RatingTenths      int      `bun:"rating_tenths,notnull" json:"rating_tenths"`
	YearsExperience   int      `bun:"years_experience,notnull" json:"years_experience"`
	LicenseNumber     string   `bun:"license_number,notnull" json:"license_number"`
	Email             string   `bun:"email,notnull" json:"email"`
	Phone             string   `bun:"phone,notnull" json:"phone"`
	Website           string   `bun:"website,notnull" json:"website"`
	Specialties       []string `bun:"specialties,type:text,notnull" json:"specialties"`
	Location          string   `bun:"location,notnull" json:"location"`
}

// VendorQuestion is one of a vendor's evaluation questions (vendor_questions).
type VendorQuestion struct {
	bun.BaseModel `bun:"table:vendor_questions"`

	VendorID       string    `bun:"vendor_id,pk" json:"vendor_id"`
	QuestionNumber int       `bun:"question_number,pk" json:"question_number"`
	QuestionText   string    `bun:"question_text,notnull" json:"question_text"`
	AnswerText     string    `bun:"answer_text,notnull" json:"answer_text"`
	UpdatedAt      time.Time `bun:"updated_at,notnull" json:"updated_at"`
}

// Content types of vendor_content tiles.
var VendorContentTypes = []string{"video_youtube", "video_vimeo", "image", "document"}

// VendorContent is a tile on the vendor funnel modal (vendor_content).
type VendorContent struct {
	bun.BaseModel `bun:"table:vendor_content"`

	ID           string `bun:"id,pk" json:"id"`
	VendorID     string `bun:"vendor_id,notnull" json:"vendor_id"`
	IsActive     bool   `bun:"is_active,notnull" json:"is_active"`
	DisplayOrder int    `bun:"display_order,notnull" json:"display_order"`
	ContentType  string `bun:"content_type,notnull" json:"content_type"`
	ContentURL   string `bun:"content_url,notnull" json:"content_url"`
	ThumbnailURL string `bun:"thumbnail_url,notnull" json:"thumbnail_url"`
	Title        string `bun:"title,notnull" json:"title"`
	IsFeatured   bool   `bun:"is_featured,notnull" json:"is_featured"`
}

// VendorAvailability holds a vendor's booking calendar link (vendor_availability).
type VendorAvailability struct {
	bun.BaseModel `bun:"table:vendor_availability"`

	VendorID     string `bun:"vendor_id,pk" json:"vendor_id"`
	CalendarLink string `bun:"calendar_link,notnull" json:"calendar_link"`
}

// Service is one listing in the marketplace (services). Prices are integer US cents; a nil
// price means the service has none of that kind. PriceText keeps the price as the vendor wrote it
// ("$1,299/mo", "Free", "Starting at $450") so the original form can be shown and re-parsed.
type Service struct {
	bun.BaseModel `bun:"table:services"`

	ID                       string         `bun:"id,pk"`
	VendorID                 *string        `bun:"vendor_id"`
	Title                    string         `bun:"title,notnull"`
	TitleEs                  string         `bun:"title_es,notnull"`
	TitleFr                  string         `bun:"title_fr,notnull"`
	Description              string         `bun:"description,notnull"`
	DescriptionEs            string         `bun:"description_es,notnull"`
	DescriptionFr            string         `bun:"description_fr,notnull"`
	Category                 string         `bun:"category,notnull"`
	LobbyCategory            string         `bun:"lobby_category,notnull"`
	IsActive                 bool           `bun:"is_active,notnull"`
	SortOrder                int            `bun:"sort_order,notnull"`
	PriceText                string         `bun:"price_text,notnull"`
	RetailPriceCents         *int64         `bun:"retail_price_cents"`
	ProPriceCents            *int64         `bun:"pro_price_cents"`
	CoPayPriceCents          *int64         `bun:"co_pay_price_cents"`
	PriceDuration            string         `bun:"price_duration,notnull"`
	RespaSplitLimit          *int           `bun:"respa_split_limit"`
	MaxSplitPercentageSSP    *int           `bun:"max_split_percentage_ssp"`
	MaxSplitPercentageNonSSP *int           `bun:"max_split_percentage_non_ssp"`
	MaxVendorSplitPercentage *int           `bun:"max_vendor_split_percentage"`
	SSPAllowed               bool           `bun:"ssp_allowed,notnull"`
	CopayAllowed             bool           `bun:"copay_allowed,notnull"`
	DefaultPackageID         string         `bun:"default_package_id,notnull"`
	RequiresQuote            bool           `bun:"requires_quote,notnull"`
	DirectPurchaseEnabled    bool           `bun:"direct_purchase_enabled,notnull"`
	ImageURL                 string         `bun:"image_url,notnull"`
	ProfileImageURL          string         `bun:"profile_image_url,notnull"`
	WebsiteURL               string         `bun:"website_url,notnull"`
	IsVerified               bool           `bun:"is_verified,notnull"`
	IsSponsored              bool           `bun:"is_sponsored,notnull"`
	IsFeatured               bool           `bun:"is_featured,notnull"`
	IsTopPick                bool           `bun:"is_top_pick,notnull"`
	IsAffiliate              bool           `bun:"is_affiliate,notnull"`
	EstimatedROI             string         `bun:"estimated_roi,notnull"`
	SetupTime                string         `bun:"setup_time,notnull"`
	Duration                 string         `bun:"duration,notnull"`
	DiscountPercentage       int            `bun:"discount_percentage,notnull"`
	DisclaimerID             *string        `bun:"disclaimer_id"`
	BookingType              string         `bun:"booking_type,notnull"`
	ExternalBookingProvider  string         `bun:"external_booking_provider,notnull"`
	ExternalBookingURL       string         `bun:"external_booking_url,notnull"`
	SyncToGHL                bool           `bun:"sync_to_ghl,notnull"`
	IsRespaRegulated         bool           `bun:"is_respa_regulated,notnull"`
	RespaRiskLevel           string         `bun:"respa_risk_level,notnull"`
	FunnelContent            *FunnelContent `bun:"funnel_content,type:text"`
	// SearchText is title, description and category folded to lower case in Go (so non-ASCII
	// letters fold the same on SQLite and PostgreSQL); search matches against it.
	SearchText string    `bun:"search_text,notnull"`
	CreatedAt  time.Time `bun:"created_at,notnull"`
	UpdatedAt  time.Time `bun:"updated_at,notnull"`
}

// ServiceTag is one tag of a service, such as "cat:crms" or "tag:ai" (service_tags).
type ServiceTag struct {
	bun.BaseModel `bun:"table:service_tags"`

	ServiceID string `bun:"service_id,pk" json:"service_id"`
	Tag       string `bun:"tag,pk" json:"tag"`
}

// PackageFeature is one line of a package's feature list.
type PackageFeature struct {
	Text     string `json:"text"`
	Included bool   `json:"included"`
}

// Package is a pricing package or tier of a service (service_packages).
type Package struct {
	bun.BaseModel `bun:"table:service_packages"`

	ID                       string           `bun:"id,pk" json:"id"`
	ServiceID                string           `bun:"service_id,notnull" json:"service_id"`
	Name                     string           `bun:"name,notnull" json:"name"`
	Description              string           `bun:"description,notnull" json:"description"`
	PriceCents               *int64           `bun:"price_cents" json:"price_cents"`
	OriginalPriceCents       *int64           `bun:"original_price_cents" json:"original_price_cents"`
	ProPriceCents            *int64           `bun:"pro_price_cents" json:"pro_price_cents"`
	CoPayPriceCents          *int64           `bun:"co_pay_price_cents" json:"co_pay_price_cents"`
	YearlyPriceCents         *int64           `bun:"yearly_price_cents" json:"yearly_price_cents"`
	YearlyOriginalPriceCents *int64           `bun:"yearly_original_price_cents" json:"yearly_original_price_cents"`
	Duration                 string           `bun:"duration,notnull" json:"duration"`
	Features                 []PackageFeature `bun:"features,type:text,notnull" json:"features"`
	Popular                  bool             `bun:"popular,notnull" json:"popular"`
	ProOnly                  bool             `bun:"pro_only,notnull" json:"pro_only"`
	RequestPricing           bool             `bun:"request_pricing,notnull" json:"request_pricing"`
	SortOrder                int              `bun:"sort_order,notnull" json:"sort_order"`
}

// FunnelMedia is one hero media item of a funnel page.
type FunnelMedia struct {
	URL   string `json:"url"`
	Type  string `json:"type"` // video, image
	Title string `json:"title"`
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
}

// Review sources of service_reviews.
var ReviewSources = []string{"agent", "vendor_provided", "google_external", "admin_assigned"}

// Review is one user's rating of a service; one per user per service (service_reviews).
type Review struct {
	bun.BaseModel `bun:"table:service_reviews"`

	ID           string    `bun:"id,pk"`
	ServiceID    string    `bun:"service_id,notnull"`
	UserID       string    `bun:"user_id,notnull"`
	Rating       int       `bun:"rating,notnull"`
	Review       *string   `bun:"review"`
	ReviewSource string    `bun:"review_source,notnull"`
	Verified     bool      `bun:"verified,notnull"`
	SourceURL    string    `bun:"source_url,notnull"`
	AdminNotes   string    `bun:"admin_notes,notnull"`
	CreatedAt    time.Time `bun:"created_at,notnull"`
	UpdatedAt    time.Time `bun:"updated_at,notnull"`
}

// Disclaimer is a RESPA disclaimer shown on service detail pages (respa_disclaimers).
type Disclaimer struct {
	bun.BaseModel `bun:"table:respa_disclaimers"`

	ID         string    `bun:"id,pk" json:"id"`
	Title      string    `bun:"title,notnull" json:"title"`
	Content    string    `bun:"content,notnull" json:"content"`
	ButtonText string    `bun:"button_text,notnull" json:"button_text"`
	ButtonURL  string    `bun:"button_url,notnull" json:"button_url"`
	IsActive   bool      `bun:"is_active,notnull" json:"is_active"`
	CreatedAt  time.Time `bun:"created_at,notnull" json:"created_at"`
	UpdatedAt  time.Time `bun:"updated_at,notnull" json:"updated_at"`
}

// SavedService is a user's saved (favourite) service with an optional note (saved_services).
type SavedService struct {
	bun.BaseModel `bun:"table:saved_services"`

	ID        string    `bun:"id,pk" json:"id"`
	UserID    string    `bun:"user_id,notnull" json:"user_id"`
	ServiceID string    `bun:"service_id,notnull" json:"service_id"`
	Notes     string    `bun:"notes,notnull" json:"notes"`
	CreatedAt time.Time `bun:"created_at,notnull" json:"created_at"`
}

// Bundle of everything a service needs so it can be written in one call (used by seeding and
// by the vendor area).
type ServiceWithParts struct {
	Service  Service
	Tags     []string
	Packages []Package
}
