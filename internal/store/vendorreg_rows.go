package store

import (
	"time"

	"github.com/uptrace/bun"

	"circle/internal/vendorreg"
)

// vendorApplicationRow is a row of vendor_applications (migration 0040). It lists its columns:
// nmls_id is not bun's name for NMLSID.
type vendorApplicationRow struct {
	bun.BaseModel `bun:"table:vendor_applications,alias:va"`

	ID                 string     `bun:"id,pk"`
	UserID             string     `bun:"user_id,notnull"`
	RegistrationType   string     `bun:"registration_type,notnull"`
	CompanyName        string     `bun:"company_name,notnull"`
	ContactName        string     `bun:"contact_name,notnull"`
	ContactPhone       string     `bun:"contact_phone,notnull"`
	ContactEmail       string     `bun:"contact_email,notnull"`
	BusinessType       string     `bun:"business_type,notnull"`
	Categories         []string   `bun:"categories,type:text,notnull"`
	ServiceStates      []string   `bun:"service_states,type:text,notnull"`
	LicenseNumber      string     `bun:"license_number,notnull"`
	NMLSID             string     `bun:"nmls_id,notnull"`
	SettlementProvider bool       `bun:"settlement_provider,notnull"`
	WebsiteURL         string     `bun:"website_url,notnull"`
	LogoURL            string     `bun:"logo_url,notnull"`
	InviteToken        string     `bun:"invite_token,notnull"`
	VerifyTokenHash    string     `bun:"verify_token_hash,notnull"`
	EmailVerifiedAt    *time.Time `bun:"email_verified_at"`
	Status             string     `bun:"status,notnull"`
	Reason             string     `bun:"reason,notnull"`
	VendorID           *string    `bun:"vendor_id"`
	DecidedBy          *string    `bun:"decided_by"`
	DecidedAt          *time.Time `bun:"decided_at"`
	ChangesRequestedAt *time.Time `bun:"changes_requested_at"`
	ChangesMessage     string     `bun:"changes_message,notnull"`
	CreatedAt          time.Time  `bun:"created_at,notnull"`
	UpdatedAt          time.Time  `bun:"updated_at,notnull"`
}

func vendorApplicationRowOf(a vendorreg.Application) vendorApplicationRow {
	return vendorApplicationRow{ID: a.ID, UserID: a.UserID, RegistrationType: a.RegistrationType, CompanyName: a.CompanyName,
		ContactName: a.ContactName, ContactPhone: a.ContactPhone, ContactEmail: a.ContactEmail, BusinessType: a.BusinessType,
		Categories: nonNil(a.Categories), ServiceStates: nonNil(a.ServiceStates), LicenseNumber: a.LicenseNumber, NMLSID: a.NMLSID,
		SettlementProvider: a.SettlementProvider, WebsiteURL: a.WebsiteURL, LogoURL: a.LogoURL, InviteToken: a.InviteToken, VerifyTokenHash: a.VerifyTokenHash,
		EmailVerifiedAt: a.EmailVerifiedAt, Status: a.Status, Reason: a.Reason, VendorID: a.VendorID, DecidedBy: a.DecidedBy,
		DecidedAt: a.DecidedAt, ChangesRequestedAt: a.ChangesRequestedAt, ChangesMessage: a.ChangesMessage, CreatedAt: a.CreatedAt, UpdatedAt: a.UpdatedAt}
}

func (r vendorApplicationRow) domain() vendorreg.Application {
	return vendorreg.Application{ID: r.ID, UserID: r.UserID, RegistrationType: r.RegistrationType, CompanyName: r.CompanyName,
		ContactName: r.ContactName, ContactPhone: r.ContactPhone, ContactEmail: r.ContactEmail, BusinessType: r.BusinessType,
		Categories: nonNil(r.Categories), ServiceStates: nonNil(r.ServiceStates), LicenseNumber: r.LicenseNumber, NMLSID: r.NMLSID,
		SettlementProvider: r.SettlementProvider, WebsiteURL: r.WebsiteURL, LogoURL: r.LogoURL, InviteToken: r.InviteToken, VerifyTokenHash: r.VerifyTokenHash,
		EmailVerifiedAt: utcPtr(r.EmailVerifiedAt), Status: r.Status, Reason: r.Reason, VendorID: r.VendorID, DecidedBy: r.DecidedBy,
		DecidedAt: utcPtr(r.DecidedAt), ChangesRequestedAt: utcPtr(r.ChangesRequestedAt), ChangesMessage: r.ChangesMessage,
		CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC()}
}

// catalogChangeRow is a row of catalog_changes (migration 0041): one per catalogue write.
type catalogChangeRow struct {
	bun.BaseModel `bun:"table:catalog_changes,alias:cc"`

	ID         string    `bun:"id,pk"`
	Kind       string    `bun:"kind,notnull"`
	VendorID   string    `bun:"vendor_id,notnull"`
	ServiceIDs []string  `bun:"service_ids,type:text,notnull"`
	ActorID    string    `bun:"actor_id,notnull"`
	CreatedAt  time.Time `bun:"created_at,notnull"`
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func utcPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}
