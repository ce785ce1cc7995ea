package store

import (
	"time"

	"github.com/uptrace/bun"

	"circle/internal/catalog"
)

// The rows of the catalog tables. Most embed their untagged domain type: every column is named
// after its field, so bun maps them, and the row adds the table, keeps the alias bun gave the
// domain type before (vendor, service, package, ...) and tags the key (see docs/architecture.md,
// Store areas). vendorRow lists its columns because nmls_id is not bun's name for NMLSID
// ("nmlsid"), and bun cannot rename an embedded field; serviceTagRow and vendorAvailabilityRow
// are all key or nearly so and list theirs too.

type vendorRow struct {
	bun.BaseModel `bun:"table:vendors,alias:vendor"`

	ID                  string                       `bun:"id,pk"`
	OwnerUserID         *string                      `bun:"owner_user_id"`
	Name                string                       `bun:"name,notnull"`
	NameEs              string                       `bun:"name_es,notnull"`
	NameFr              string                       `bun:"name_fr,notnull"`
	Description         string                       `bun:"description,notnull"`
	DescriptionEs       string                       `bun:"description_es,notnull"`
	DescriptionFr       string                       `bun:"description_fr,notnull"`
	LogoURL             string                       `bun:"logo_url,notnull"`
	WebsiteURL          string                       `bun:"website_url,notnull"`
	Location            string                       `bun:"location,notnull"`
	ContactEmail        string                       `bun:"contact_email,notnull"`
	Phone               string                       `bun:"phone,notnull"`
	SupportHours        string                       `bun:"support_hours,notnull"`
	VendorType          string                       `bun:"vendor_type,notnull"`
	ParentVendorID      *string                      `bun:"parent_vendor_id"`
	IsVerified          bool                         `bun:"is_verified,notnull"`
	IsActive            bool                         `bun:"is_active,notnull"`
	IsPremiumProvider   bool                         `bun:"is_premium_provider,notnull"`
	IsOpenToPartner     bool                         `bun:"is_open_to_partner,notnull"`
	ApprovalStatus      string                       `bun:"approval_status,notnull"`
	SortOrder           int                          `bun:"sort_order,notnull"`
	CoMarketingAgents   int                          `bun:"co_marketing_agents,notnull"`
	CampaignsFunded     int                          `bun:"campaigns_funded,notnull"`
	NMLSID              string                       `bun:"nmls_id,notnull"`
	ServiceStates       []string                     `bun:"service_states,type:text,notnull"`
	LicenseStates       []string                     `bun:"license_states,type:text,notnull"`
	MLSAreas            []string                     `bun:"mls_areas,type:text,notnull"`
	Specialties         []string                     `bun:"specialties,type:text,notnull"`
	ServiceRadiusMiles  int                          `bun:"service_radius_miles,notnull"`
	Latitude            *float64                     `bun:"latitude"`
	Longitude           *float64                     `bun:"longitude"`
	LocalRepresentative *catalog.LocalRepresentative `bun:"local_representative,type:text"`
	CreatedAt           time.Time                    `bun:"created_at,notnull"`
	UpdatedAt           time.Time                    `bun:"updated_at,notnull"`
	// A suspension (admin, issue 31 item 3): written and read by its own queries
	// (admin_moderation.go); a new vendor is not suspended.
	SuspendedAt       *time.Time `bun:"suspended_at"`
	SuspendedReason   string     `bun:"suspended_reason,notnull"`
	SuspendedServices string     `bun:"suspended_services,notnull"`
}

func vendorRowOf(v catalog.Vendor) vendorRow {
	return vendorRow{
		SuspendedServices: "[]",
		ID:                v.ID, OwnerUserID: v.OwnerUserID, Name: v.Name, NameEs: v.NameEs, NameFr: v.NameFr, Description: v.Description,
		DescriptionEs: v.DescriptionEs, DescriptionFr: v.DescriptionFr, LogoURL: v.LogoURL, WebsiteURL: v.WebsiteURL,
		Location: v.Location, ContactEmail: v.ContactEmail, Phone: v.Phone, SupportHours: v.SupportHours, VendorType: v.VendorType,
		ParentVendorID: v.ParentVendorID, IsVerified: v.IsVerified, IsActive: v.IsActive, IsPremiumProvider: v.IsPremiumProvider,
		IsOpenToPartner: v.IsOpenToPartner, ApprovalStatus: v.ApprovalStatus, SortOrder: v.SortOrder,
		CoMarketingAgents: v.CoMarketingAgents, CampaignsFunded: v.CampaignsFunded, NMLSID: v.NMLSID, ServiceStates: v.ServiceStates,
		LicenseStates: v.LicenseStates, MLSAreas: v.MLSAreas, Specialties: v.Specialties, ServiceRadiusMiles: v.ServiceRadiusMiles,
		Latitude: v.Latitude, Longitude: v.Longitude, LocalRepresentative: v.LocalRepresentative, CreatedAt: v.CreatedAt,
		UpdatedAt: v.UpdatedAt,
	}
}

func (r vendorRow) domain() catalog.Vendor {
	return catalog.Vendor{
		ID: r.ID, OwnerUserID: r.OwnerUserID, Name: r.Name, NameEs: r.NameEs, NameFr: r.NameFr, Description: r.Description,
		DescriptionEs: r.DescriptionEs, DescriptionFr: r.DescriptionFr, LogoURL: r.LogoURL, WebsiteURL: r.WebsiteURL,
		Location: r.Location, ContactEmail: r.ContactEmail, Phone: r.Phone, SupportHours: r.SupportHours, VendorType: r.VendorType,
		ParentVendorID: r.ParentVendorID, IsVerified: r.IsVerified, IsActive: r.IsActive, IsPremiumProvider: r.IsPremiumProvider,
		IsOpenToPartner: r.IsOpenToPartner, ApprovalStatus: r.ApprovalStatus, SortOrder: r.SortOrder,
		CoMarketingAgents: r.CoMarketingAgents, CampaignsFunded: r.CampaignsFunded, NMLSID: r.NMLSID, ServiceStates: r.ServiceStates,
		LicenseStates: r.LicenseStates, MLSAreas: r.MLSAreas, Specialties: r.Specialties, ServiceRadiusMiles: r.ServiceRadiusMiles,
		Latitude: r.Latitude, Longitude: r.Longitude, LocalRepresentative: r.LocalRepresentative, CreatedAt: r.CreatedAt,
		UpdatedAt: r.UpdatedAt,
	}
}

type representativeRow struct {
	bun.BaseModel `bun:"table:service_representatives,alias:representative"`

	ID string `bun:"id,pk"`
	catalog.Representative
}

func representativeRowOf(d catalog.Representative) representativeRow {
	return representativeRow{ID: d.ID, Representative: d}
}

func (r representativeRow) domain() catalog.Representative {
	d := r.Representative
	d.ID = r.ID
	return d
}

type vendorQuestionRow struct {
	bun.BaseModel `bun:"table:vendor_questions,alias:vendor_question"`

	VendorID       string `bun:"vendor_id,pk"`
	QuestionNumber int    `bun:"question_number,pk"`
	catalog.VendorQuestion
}

func vendorQuestionRowOf(d catalog.VendorQuestion) vendorQuestionRow {
	return vendorQuestionRow{VendorID: d.VendorID, QuestionNumber: d.QuestionNumber, VendorQuestion: d}
}

func (r vendorQuestionRow) domain() catalog.VendorQuestion {
	d := r.VendorQuestion
	d.VendorID = r.VendorID
	d.QuestionNumber = r.QuestionNumber
	return d
}

type vendorContentRow struct {
	bun.BaseModel `bun:"table:vendor_content,alias:vendor_content"`

	ID string `bun:"id,pk"`
	catalog.VendorContent
}

func vendorContentRowOf(d catalog.VendorContent) vendorContentRow {
	return vendorContentRow{ID: d.ID, VendorContent: d}
}

func (r vendorContentRow) domain() catalog.VendorContent {
	d := r.VendorContent
	d.ID = r.ID
	return d
}

type vendorAvailabilityRow struct {
	bun.BaseModel `bun:"table:vendor_availability,alias:vendor_availability"`

	VendorID     string `bun:"vendor_id,pk"`
	CalendarLink string `bun:"calendar_link,notnull"`
}

func vendorAvailabilityRowOf(a catalog.VendorAvailability) vendorAvailabilityRow {
	return vendorAvailabilityRow{VendorID: a.VendorID, CalendarLink: a.CalendarLink}
}

func (r vendorAvailabilityRow) domain() catalog.VendorAvailability {
	return catalog.VendorAvailability{VendorID: r.VendorID, CalendarLink: r.CalendarLink}
}

type serviceRow struct {
	bun.BaseModel `bun:"table:services,alias:service"`

	ID string `bun:"id,pk"`
	catalog.Service
}

func serviceRowOf(d catalog.Service) serviceRow { return serviceRow{ID: d.ID, Service: d} }

func (r serviceRow) domain() catalog.Service {
	d := r.Service
	d.ID = r.ID
	return d
}

type serviceTagRow struct {
	bun.BaseModel `bun:"table:service_tags,alias:service_tag"`

	ServiceID string `bun:"service_id,pk"`
	Tag       string `bun:"tag,pk"`
}

func serviceTagRowOf(t catalog.ServiceTag) serviceTagRow {
	return serviceTagRow{ServiceID: t.ServiceID, Tag: t.Tag}
}

func (r serviceTagRow) domain() catalog.ServiceTag {
	return catalog.ServiceTag{ServiceID: r.ServiceID, Tag: r.Tag}
}

type packageRow struct {
	bun.BaseModel `bun:"table:service_packages,alias:package"`

	ID string `bun:"id,pk"`
	catalog.Package
}

func packageRowOf(d catalog.Package) packageRow { return packageRow{ID: d.ID, Package: d} }

func (r packageRow) domain() catalog.Package {
	d := r.Package
	d.ID = r.ID
	return d
}

type reviewRow struct {
	bun.BaseModel `bun:"table:service_reviews,alias:review"`

	ID string `bun:"id,pk"`
	catalog.Review
	// Moderation (admin, issue 31 item 5): written by its own queries (admin_moderation.go);
	// every visitor-facing read filters hidden_at IS NULL.
	HiddenAt     *time.Time `bun:"hidden_at"`
	HiddenReason string     `bun:"hidden_reason,notnull"`
}

func reviewRowOf(d catalog.Review) reviewRow { return reviewRow{ID: d.ID, Review: d} }

func (r reviewRow) domain() catalog.Review {
	d := r.Review
	d.ID = r.ID
	return d
}

type disclaimerRow struct {
	bun.BaseModel `bun:"table:respa_disclaimers,alias:disclaimer"`

	ID string `bun:"id,pk"`
	catalog.Disclaimer
}

func disclaimerRowOf(d catalog.Disclaimer) disclaimerRow {
	return disclaimerRow{ID: d.ID, Disclaimer: d}
}

func (r disclaimerRow) domain() catalog.Disclaimer {
	d := r.Disclaimer
	d.ID = r.ID
	return d
}

type savedServiceRow struct {
	bun.BaseModel `bun:"table:saved_services,alias:saved_service"`

	ID string `bun:"id,pk"`
	catalog.SavedService
}

func savedServiceRowOf(d catalog.SavedService) savedServiceRow {
	return savedServiceRow{ID: d.ID, SavedService: d}
}

func (r savedServiceRow) domain() catalog.SavedService {
	d := r.SavedService
	d.ID = r.ID
	return d
}
