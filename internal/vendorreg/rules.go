// Package vendorreg is vendor registration (issue 30 item 1, F-AREA-01): a signed-in user
// applies to list on Circle as a service provider or a co-marketing partner; the company
// e-mail address is verified with a token e-mailed to it; an administrator approves (the
// vendor row is created and linked, the vendor role granted as a recorded grant, the
// applicant told by e-mail and in-app notice, the inviting agent credited once) or rejects
// with a reason. The rules here are pure; Service owns the use cases
// (docs/areas/vendor-self-service.md).
package vendorreg

import (
	"net/mail"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"circle/internal/apperr"
	"circle/internal/catalog"
	"circle/internal/formrules"
	"circle/internal/media"
	"circle/internal/respa"
	"circle/internal/vendorinvite"
)

// Registration types of the /vendor-registration?type= route (01§2).
const (
	TypeServiceProvider = "service_provider"
	TypeCoMarketing     = "co_marketing"
)

// Application statuses.
const (
	StatusPending  = "pending"
	StatusApproved = "approved"
	StatusRejected = "rejected"
)

// BusinessType is one kind of business an applicant chooses (the vendor types of 02§5). SSP,
// License and NMLS say what the kind needs: a settlement service provider (RESPA, internal/respa)
// must give its state licence number; lenders and mortgage brokers also their NMLS id.
type BusinessType struct {
	ID      string `json:"id"`
	SSP     bool   `json:"ssp" doc:"A settlement service provider under RESPA (co-pay capped more strictly)"`
	License bool   `json:"license_required" doc:"A licence number is required"`
	NMLS    bool   `json:"nmls_required" doc:"An NMLS id is required"`
}

// nmlsTypes are the business types the NMLS registry covers (mortgage lending).
var nmlsTypes = []string{"lender", "mortgage_lender", "mortgage_broker"}

// insuranceType is an insurance provider: not a settlement service provider under 02§5, but
// licensed by the state, so it gives its licence number.
const insuranceType = "insurance_provider"

// BusinessTypes lists the kinds an applicant chooses from: the SSP types, then the others
// (02§5), with the insurance provider of the invite list (03§3).
func BusinessTypes() []BusinessType {
	var out []BusinessType
	for _, t := range catalog.SSPVendorTypes {
		out = append(out, BusinessType{ID: t, SSP: respa.KindOf(t) == respa.SSP, License: true, NMLS: slices.Contains(nmlsTypes, t)})
	}
	for _, t := range catalog.NonSSPVendorTypes {
		if t == "general" {
			continue // last, as "Other"
		}
		out = append(out, BusinessType{ID: t})
		if t == "contractor" {
			out = append(out, BusinessType{ID: insuranceType, License: true})
		}
	}
	return append(out, BusinessType{ID: "general"})
}

// businessType finds a kind by id.
func businessType(id string) (BusinessType, bool) {
	for _, b := range BusinessTypes() {
		if b.ID == id {
			return b, true
		}
	}
	return BusinessType{}, false
}

// States are the service-area choices: the 50 states and the District of Columbia.
var States = []string{"AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY",
	"LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH", "OK", "OR", "PA",
	"RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY"}

// MaxCategories is how many marketplace categories an application may name.
const MaxCategories = 5

// Input is the registration form.
type Input struct {
	Type          string   `json:"type" enum:"service_provider,co_marketing" doc:"service_provider lists services; co_marketing partners with agents on marketing"`
	CompanyName   string   `json:"company_name" maxLength:"200"`
	ContactName   string   `json:"contact_name" maxLength:"200"`
	ContactPhone  string   `json:"contact_phone" maxLength:"40"`
	ContactEmail  string   `json:"contact_email" maxLength:"255" doc:"The company address; a verification link is e-mailed to it"`
	BusinessType  string   `json:"business_type" maxLength:"60" doc:"One of the business types of the options answer"`
	Categories    []string `json:"categories" maxItems:"10" doc:"Marketplace category tags (cat:...), 1 to 5"`
	ServiceStates []string `json:"service_states" maxItems:"60" doc:"Two-letter state codes where the company works, at least one"`
	LicenseNumber string   `json:"license_number,omitempty" maxLength:"60" doc:"Required for licensed business types"`
	NMLSID        string   `json:"nmls_id,omitempty" maxLength:"20" doc:"Required for lenders and mortgage brokers: 1 to 12 digits"`
	// SettlementProvider is the applicant's answer to "Are you a settlement service provider?";
	// it must agree with the business type (the form sets it from the type and explains it).
	SettlementProvider bool   `json:"settlement_provider" doc:"Must be true exactly for the settlement-service business types"`
	WebsiteURL         string `json:"website_url,omitempty" maxLength:"500"`
	Invite             string `json:"invite,omitempty" maxLength:"100" doc:"The invitation token of an agent's Invite or Refer Your Vendor link"`
	// LogoURL is the address of a picture the applicant uploaded (POST /api/media with
	// accept=image, before the vendor exists: the file is the applicant's own); approval makes
	// it the vendor's logo.
	LogoURL string `json:"logo_url,omitempty" maxLength:"500" doc:"The company logo: the address (/api/media/{id}/file) of a picture the applicant uploaded; empty for none"`
}

// Messages of the rules (field errors carry message keys the web app translates).
const (
	MsgType         = "Choose service provider or co-marketing partner."
	MsgCompany      = "Company name must be 2 to 200 characters."
	MsgContactName  = "Contact name must be 2 to 200 characters."
	MsgPhone        = "Please enter a valid phone number."
	MsgEmail        = "Please enter a valid email address."
	MsgBusinessType = "Choose your type of business."
	MsgCategories   = "Choose 1 to 5 marketplace categories."
	MsgStates       = "Choose at least one state you serve."
	MsgLicense      = "A licence number is required for this type of business."
	MsgNMLS         = "An NMLS id (1 to 12 digits) is required for lenders and mortgage brokers."
	MsgSSP          = "Settlement service providers (lenders, title, escrow, settlement agents, mortgage brokers, real-estate attorneys) must answer yes; other businesses no."
	MsgWebsite      = "Please enter a valid website URL (starting with http:// or https://)."
	MsgLogo         = "Upload the logo as a picture (PNG, JPEG, WebP or GIF) with the logo uploader."
	MsgReason       = "Give a reason of 1 to 1000 characters."
	MsgMessage      = "Write a message of 1 to 1000 characters."
)

var (
	nmlsPattern    = regexp.MustCompile(`^[0-9]{1,12}$`)
	licensePattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9 ./-]{1,59}$`)
)

// Checked is a valid application's data, normalised.
type Checked struct {
	Input
	SSP bool
}

// Check validates the form, naming every wrong field; the text is sanitised and trimmed, the
// e-mail lower-cased, the lists de-duplicated in the catalogue's order.
func Check(in Input) (Checked, error) {
	var errs formrules.Errors
	in.CompanyName = vendorinvite.Sanitize(in.CompanyName)
	in.ContactName = vendorinvite.Sanitize(in.ContactName)
	in.ContactPhone = strings.TrimSpace(in.ContactPhone)
	in.ContactEmail = strings.ToLower(strings.TrimSpace(in.ContactEmail))
	in.LicenseNumber = strings.TrimSpace(in.LicenseNumber)
	in.NMLSID = strings.TrimSpace(in.NMLSID)
	in.WebsiteURL = strings.TrimSpace(in.WebsiteURL)
	in.Invite = strings.TrimSpace(in.Invite)
	in.LogoURL = strings.TrimSpace(in.LogoURL)
	if in.Type != TypeServiceProvider && in.Type != TypeCoMarketing {
		errs.Add("type", "vendorRegistration.errors.type", MsgType)
	}
	if n := utf8.RuneCountInString(in.CompanyName); n < 2 || n > 200 {
		errs.Add("company_name", "vendorRegistration.errors.company", MsgCompany)
	}
	if n := utf8.RuneCountInString(in.ContactName); n < 2 || n > 200 {
		errs.Add("contact_name", "vendorRegistration.errors.contactName", MsgContactName)
	}
	if !vendorinvite.ValidPhone(in.ContactPhone) || countDigits(in.ContactPhone) < 7 {
		errs.Add("contact_phone", "vendorRegistration.errors.phone", MsgPhone)
	}
	if a, err := mail.ParseAddress(in.ContactEmail); err != nil || a.Address != in.ContactEmail || !vendorinvite.ValidEmail(in.ContactEmail) {
		errs.Add("contact_email", "vendorRegistration.errors.email", MsgEmail)
	}
	bt, ok := businessType(in.BusinessType)
	if !ok {
		errs.Add("business_type", "vendorRegistration.errors.businessType", MsgBusinessType)
	}
	in.Categories = pickKnown(in.Categories, blockTags())
	if len(in.Categories) < 1 || len(in.Categories) > MaxCategories {
		errs.Add("categories", "vendorRegistration.errors.categories", MsgCategories)
	}
	in.ServiceStates = pickKnown(upper(in.ServiceStates), States)
	if len(in.ServiceStates) == 0 {
		errs.Add("service_states", "vendorRegistration.errors.states", MsgStates)
	}
	if ok && bt.License && !licensePattern.MatchString(in.LicenseNumber) {
		errs.Add("license_number", "vendorRegistration.errors.license", MsgLicense)
	}
	if ok && bt.NMLS && !nmlsPattern.MatchString(in.NMLSID) {
		errs.Add("nmls_id", "vendorRegistration.errors.nmls", MsgNMLS)
	}
	if ok && !bt.NMLS {
		in.NMLSID = ""
	}
	if ok && !bt.License {
		in.LicenseNumber = ""
	}
	if ok && in.SettlementProvider != bt.SSP {
		errs.Add("settlement_provider", "vendorRegistration.errors.ssp", MsgSSP)
	}
	if in.WebsiteURL != "" && !vendorinvite.ValidURL(in.WebsiteURL) {
		errs.Add("website_url", "vendorRegistration.errors.website", MsgWebsite)
	}
	if in.LogoURL != "" {
		// Only an uploaded file's address: the logo is stored, re-encoded and served by Circle
		// (the service checks the file is the applicant's own picture).
		if id, ok := media.IDOfAddress(in.LogoURL); ok {
			in.LogoURL = media.Address(id)
		} else {
			errs.Add("logo_url", "vendorRegistration.errors.logo", MsgLogo)
		}
	}
	if err := errs.Err(); err != nil {
		return Checked{}, err
	}
	return Checked{Input: in, SSP: bt.SSP}, nil
}

// CheckReason validates a rejection's reason.
func CheckReason(reason string) (string, error) {
	reason = vendorinvite.Sanitize(reason)
	if n := utf8.RuneCountInString(reason); n < 1 || n > 1000 {
		return "", apperr.Field("reason", "vendorRegistration.errors.reason", MsgReason)
	}
	return reason, nil
}

// CheckMessage checks an administrator's request for changes: 1 to 1000 characters.
func CheckMessage(message string) (string, error) {
	message = vendorinvite.Sanitize(message)
	if n := utf8.RuneCountInString(message); n < 1 || n > 1000 {
		return "", apperr.Field("message", "vendorRegistration.errors.message", MsgMessage)
	}
	return message, nil
}

func countDigits(s string) int {
	n := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			n++
		}
	}
	return n
}

func upper(in []string) []string {
	out := make([]string, len(in))
	for i, s := range in {
		out[i] = strings.ToUpper(strings.TrimSpace(s))
	}
	return out
}

// blockTags are the marketplace's category tags (catalog.CategoryBlocks).
func blockTags() []string {
	out := make([]string, len(catalog.CategoryBlocks))
	for i, b := range catalog.CategoryBlocks {
		out[i] = b.Tag
	}
	return out
}

// pickKnown keeps the chosen values that are in known, once each, in known's order; an unknown
// value empties the answer, so the field is reported.
func pickKnown(chosen, known []string) []string {
	out := []string{}
	for _, c := range chosen {
		if !slices.Contains(known, c) {
			return []string{}
		}
	}
	for _, k := range known {
		if slices.Contains(chosen, k) {
			out = append(out, k)
		}
	}
	return out
}
