package vendorinvite

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"circle/internal/apperr"
)

// Vendor types of the invite's first step (03§3).
const (
	TypeMarketing  = "marketing"
	TypeSettlement = "settlement"
)

// Categories are the invite categories of each vendor type (03§3), word for word.
var Categories = map[string][]string{
	TypeMarketing: {"Digital Marketing Agency", "Social Media Management", "SEO/SEM Services", "Content Creation",
		"Photography/Videography", "Graphic Design", "Business Coaching", "CRM Solutions", "Lead Generation", "Marketing Automation"},
	TypeSettlement: {"Mortgage Lender", "Title Company", "Insurance Provider", "Appraisal Services", "Home Inspection",
		"Real Estate Attorney", "Escrow Services", "Credit Repair", "Moving Services", "Home Warranty"},
}

// ReferralVendorTypes and Relationships are the referral form's lists (03§3); general is
// shown as Other.
var (
	ReferralVendorTypes = []string{"lender", "title_company", "inspector", "contractor", "service_provider", "software_provider",
		"marketing_company", "photographer", "stager", "general"}
	Relationships = []string{"current_partner", "preferred", "recommended", "past_client", "colleague", "referral"}
)

// Referral list defaults (the form starts on them).
const (
	DefaultReferralVendorType = "general"
	DefaultRelationship       = "current_partner"
)

// USStateCodes are the 50 state codes (03§5: service states and the location form).
var USStateCodes = strings.Fields("AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY")

// The messages of 03§5 (Vendor invite, Referral).
const (
	MsgRequired        = "Please fill in all required fields"
	MsgEmail           = "Please enter a valid email address"
	MsgPhone           = "Please enter a valid phone number"
	MsgURL             = "Please enter a valid website URL"
	MsgFixHighlighted  = "Please fix the highlighted errors before submitting"
	MsgReferralMissing = "Missing Information: Please provide vendor name and email address."
)

var (
	phonePattern = regexp.MustCompile(`^\+?[0-9 ().-]+$`)
	emailPattern = regexp.MustCompile(`^[^\s@]+@[^\s@]+\.[^\s@]+$`)
	scriptBlock  = regexp.MustCompile(`(?is)<script\b.*?</script\s*>`)
	htmlTag      = regexp.MustCompile(`(?s)<[^>]*>`)
	jsScheme     = regexp.MustCompile(`(?i)javascript\s*:`)
	inlineHandle = regexp.MustCompile(`(?i)\bon[a-z]+\s*=`)
)

// Sanitize strips script blocks, HTML tags, 'javascript:' and inline handler prefixes (03§5)
// and trims the result.
func Sanitize(s string) string {
	s = scriptBlock.ReplaceAllString(s, "")
	s = htmlTag.ReplaceAllString(s, "")
	s = jsScheme.ReplaceAllString(s, "")
	s = inlineHandle.ReplaceAllString(s, "")
	return strings.TrimSpace(s)
}

// ValidEmail is the e-mail rule: at most 255 characters, x@y.z.
func ValidEmail(s string) bool { return len(s) <= 255 && emailPattern.MatchString(s) }

// ValidPhone is the phone rule: at most 20 characters of digits, spaces, dashes, parentheses,
// dots and an optional leading plus.
func ValidPhone(s string) bool { return len(s) <= 20 && phonePattern.MatchString(s) }

// ValidURL is the URL rule: at most 500 characters, starting with http:// or https://, with a host.
func ValidURL(s string) bool {
	if len(s) > 500 {
		return false
	}
	for _, p := range []string{"http://", "https://"} {
		if strings.HasPrefix(strings.ToLower(s), p) && len(s) > len(p) && !strings.ContainsAny(s, " \t\n") {
			return true
		}
	}
	return false
}

type fieldErrs []apperr.FieldError

func (f *fieldErrs) add(field, key, msg string) {
	for _, e := range *f {
		if e.Field == field {
			return
		}
	}
	*f = append(*f, apperr.FieldError{Field: field, Key: key, Message: msg})
}

func (f *fieldErrs) length(field, label, v string, lo, hi int) {
	n := utf8.RuneCountInString(v)
	switch {
	case n < lo:
		f.add(field, "validation.min_length", label+" must be at least "+strconv.Itoa(lo)+" characters")
	case n > hi:
		f.add(field, "validation.max_length", label+" must be no more than "+strconv.Itoa(hi)+" characters")
	}
}

// nameAndEmail checks the vendor's name (2 to 100 characters) and e-mail address, which both
// forms require: a missing one is reported with missingKey and missingMsg.
func (f *fieldErrs) nameAndEmail(nameField, nameLabel, name, emailField, email, missingKey, missingMsg string) {
	if name == "" {
		f.add(nameField, missingKey, missingMsg)
	} else {
		f.length(nameField, nameLabel, name, 2, 100)
	}
	if email == "" {
		f.add(emailField, missingKey, missingMsg)
	} else if !ValidEmail(email) {
		f.add(emailField, "vendorInvite.email", MsgEmail)
	}
}

// InviteInput is the Invite Your Vendor form (03§3 vendor invite data).
type InviteInput struct {
	VendorType         string   `json:"vendor_type" enum:"marketing,settlement"`
	Name               string   `json:"name" maxLength:"200"`
	Category           string   `json:"category" maxLength:"100"`
	Description        string   `json:"description,omitempty" maxLength:"2000"`
	ContactEmail       string   `json:"contact_email" maxLength:"300"`
	Phone              string   `json:"phone,omitempty" maxLength:"40"`
	WebsiteURL         string   `json:"website_url,omitempty" maxLength:"600"`
	Location           string   `json:"location,omitempty" maxLength:"200"`
	LogoURL            string   `json:"logo_url,omitempty" maxLength:"600"`
	YearsExperience    *int     `json:"years_experience,omitempty"`
	Specialties        []string `json:"specialties,omitempty" maxItems:"40"`
	ServiceStates      string   `json:"service_states,omitempty" maxLength:"300"`
	ServiceRadiusMiles *int     `json:"service_radius_miles,omitempty"`
	MLSAreas           string   `json:"mls_areas,omitempty" maxLength:"600"`
	InviterMessage     string   `json:"inviter_message,omitempty" maxLength:"2000"`
}

// InviteData is the stored invite (03§3), cleaned: service states as upper-case codes.
type InviteData struct {
	VendorType         string   `json:"vendorType"`
	Name               string   `json:"name"`
	Category           string   `json:"category"`
	Description        string   `json:"description"`
	ContactEmail       string   `json:"contact_email"`
	Phone              string   `json:"phone"`
	WebsiteURL         string   `json:"website_url"`
	Location           string   `json:"location"`
	LogoURL            string   `json:"logo_url"`
	YearsExperience    *int     `json:"years_experience"`
	Specialties        []string `json:"specialties"`
	ServiceStates      []string `json:"service_states"`
	ServiceRadiusMiles *int     `json:"service_radius_miles"`
	MLSAreas           string   `json:"mls_areas"`
	InviterMessage     string   `json:"inviter_message"`
}

// CheckInvite applies the rules of 03§5 to the invite form and returns the cleaned data, or an
// invalid error naming every failing field.
func CheckInvite(in InviteInput) (InviteData, error) {
	var f fieldErrs
	d := InviteData{
		VendorType: strings.TrimSpace(in.VendorType), Name: Sanitize(in.Name), Category: strings.TrimSpace(in.Category),
		Description: Sanitize(in.Description), ContactEmail: strings.ToLower(strings.TrimSpace(in.ContactEmail)),
		Phone: strings.TrimSpace(in.Phone), WebsiteURL: strings.TrimSpace(in.WebsiteURL), Location: Sanitize(in.Location),
		LogoURL: strings.TrimSpace(in.LogoURL), YearsExperience: in.YearsExperience, ServiceRadiusMiles: in.ServiceRadiusMiles,
		MLSAreas: Sanitize(in.MLSAreas), InviterMessage: Sanitize(in.InviterMessage), Specialties: []string{}, ServiceStates: []string{},
	}
	cats, okType := Categories[d.VendorType]
	if !okType {
		f.add("vendor_type", "vendorInvite.vendorType", "vendor_type must be marketing or settlement")
	}
	f.nameAndEmail("name", "Vendor Name", d.Name, "contact_email", d.ContactEmail, "vendorInvite.required", MsgRequired)
	if d.Category == "" {
		f.add("category", "vendorInvite.required", MsgRequired)
	} else if okType && !slices.Contains(cats, d.Category) {
		f.add("category", "vendorInvite.category", "Choose a category of the selected vendor type")
	}
	f.length("description", "Description", d.Description, 0, 1000)
	if d.Phone != "" && !ValidPhone(d.Phone) {
		f.add("phone", "vendorInvite.phone", MsgPhone)
	}
	if d.WebsiteURL != "" && !ValidURL(d.WebsiteURL) {
		f.add("website_url", "vendorInvite.url", MsgURL)
	}
	if d.LogoURL != "" && !ValidURL(d.LogoURL) {
		f.add("logo_url", "vendorInvite.url", MsgURL)
	}
	if d.Location != "" {
		f.length("location", "Location", d.Location, 2, 100)
	}
	if d.YearsExperience != nil && (*d.YearsExperience < 0 || *d.YearsExperience > 100) {
		f.add("years_experience", "vendorInvite.years", "Years of Experience must be between 0 and 100")
	}
	if d.ServiceRadiusMiles != nil && (*d.ServiceRadiusMiles < 1 || *d.ServiceRadiusMiles > 3000) {
		f.add("service_radius_miles", "vendorInvite.radius", "Service Radius must be between 1 and 3000 miles")
	}
	seen := map[string]bool{}
	for _, s := range in.Specialties {
		s = Sanitize(s)
		if s == "" || seen[strings.ToLower(s)] {
			continue
		}
		seen[strings.ToLower(s)] = true
		if utf8.RuneCountInString(s) > 50 {
			f.add("specialties", "validation.max_length", "Each specialty must be no more than 50 characters")
		}
		d.Specialties = append(d.Specialties, s)
	}
	if len(d.Specialties) > 20 {
		f.add("specialties", "validation.max_items", "Add no more than 20 specialties")
	}
	for _, c := range strings.Split(in.ServiceStates, ",") {
		c = strings.ToUpper(strings.TrimSpace(c))
		if c == "" || slices.Contains(d.ServiceStates, c) {
			continue
		}
		if !slices.Contains(USStateCodes, c) {
			f.add("service_states", "vendorInvite.states", "Service States must be comma-separated US state codes, such as TX, CA")
		}
		d.ServiceStates = append(d.ServiceStates, c)
	}
	f.length("mls_areas", "MLS Areas", d.MLSAreas, 0, 500)
	f.length("inviter_message", "Message", d.InviterMessage, 0, 1000)
	if len(f) > 0 {
		return InviteData{}, &apperr.Error{Code: apperr.Invalid, Message: MsgFixHighlighted, Fields: f}
	}
	return d, nil
}

// ReferralInput is the Refer Your Vendor form (03§3 referral payload).
type ReferralInput struct {
	VendorName      string `json:"vendor_name" maxLength:"200"`
	VendorEmail     string `json:"vendor_email" maxLength:"300"`
	VendorPhone     string `json:"vendor_phone,omitempty" maxLength:"40"`
	VendorCompany   string `json:"vendor_company,omitempty" maxLength:"200"`
	VendorType      string `json:"vendor_type,omitempty" maxLength:"40"`
	Relationship    string `json:"relationship,omitempty" maxLength:"40"`
	ServiceInterest string `json:"service_interest,omitempty" maxLength:"300"`
	ReferralNotes   string `json:"referral_notes,omitempty" maxLength:"2000"`
}

// CheckReferral applies the referral rules (03§5): vendor name and e-mail required (non-blank
// after trimming), phone optional; the lists default to general and current_partner.
func CheckReferral(in ReferralInput) (ReferralInput, error) {
	var f fieldErrs
	d := ReferralInput{
		VendorName: Sanitize(in.VendorName), VendorEmail: strings.ToLower(strings.TrimSpace(in.VendorEmail)),
		VendorPhone: strings.TrimSpace(in.VendorPhone), VendorCompany: Sanitize(in.VendorCompany),
		VendorType: strings.TrimSpace(in.VendorType), Relationship: strings.TrimSpace(in.Relationship),
		ServiceInterest: Sanitize(in.ServiceInterest), ReferralNotes: Sanitize(in.ReferralNotes),
	}
	if d.VendorType == "" {
		d.VendorType = DefaultReferralVendorType
	}
	if d.Relationship == "" {
		d.Relationship = DefaultRelationship
	}
	f.nameAndEmail("vendor_name", "Vendor name", d.VendorName, "vendor_email", d.VendorEmail, "vendorReferral.missing", MsgReferralMissing)
	if d.VendorPhone != "" && !ValidPhone(d.VendorPhone) {
		f.add("vendor_phone", "vendorInvite.phone", MsgPhone)
	}
	f.length("vendor_company", "Company", d.VendorCompany, 0, 100)
	if !slices.Contains(ReferralVendorTypes, d.VendorType) {
		f.add("vendor_type", "vendorReferral.vendorType", "vendor_type must be one of "+strings.Join(ReferralVendorTypes, ", "))
	}
	if !slices.Contains(Relationships, d.Relationship) {
		f.add("relationship", "vendorReferral.relationship", "relationship must be one of "+strings.Join(Relationships, ", "))
	}
	f.length("service_interest", "Service interest", d.ServiceInterest, 0, 200)
	f.length("referral_notes", "Notes", d.ReferralNotes, 0, 1000)
	if len(f) > 0 {
		msg := MsgFixHighlighted
		if f[0].Key == "vendorReferral.missing" {
			msg = MsgReferralMissing
		}
		return ReferralInput{}, &apperr.Error{Code: apperr.Invalid, Message: msg, Fields: f}
	}
	return d, nil
}

// RegistrationType is the /vendor-registration type a vendor is invited as: settlement
// providers (lenders, title, insurance, inspectors) co-market with agents; the others provide
// services.
func RegistrationType(kind, vendorType string) string {
	if kind == KindInvite {
		if vendorType == TypeSettlement {
			return "co_marketing"
		}
		return "service_provider"
	}
	switch vendorType {
	case "lender", "title_company", "inspector":
		return "co_marketing"
	}
	return "service_provider"
}
