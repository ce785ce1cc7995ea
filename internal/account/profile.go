package account

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"circle/internal/formrules"
)

// ProfileUpdate holds the fields a user may change on /profile-settings; nil leaves a field.
type ProfileUpdate struct {
	DisplayName       *string   `json:"display_name,omitempty"`
	BusinessName      *string   `json:"business_name,omitempty"`
	AvatarURL         *string   `json:"avatar_url,omitempty"`
	Specialties       *[]string `json:"specialties,omitempty"`
	Phone             *string   `json:"phone,omitempty"`
	City              *string   `json:"city,omitempty"`
	State             *string   `json:"state,omitempty"`
	ZipCode           *string   `json:"zip_code,omitempty"`
	PreferredLanguage *string   `json:"preferred_language,omitempty"`
	PreferredCurrency *string   `json:"preferred_currency,omitempty" enum:"auto,USD,CAD" doc:"Price currency: auto, USD or CAD (F-APP-06)"`
}

var (
	phonePattern = regexp.MustCompile(`^\+?[0-9 ().-]+$`)
	zipPattern   = regexp.MustCompile(`^[0-9]{5}(-[0-9]{4})?$`)
)

// USStates are the 50 state codes (03§5) plus DC.
var USStates = strings.Fields("AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC")

// CanadianProvinces are province and territory codes (Canadian viewers see CAD prices).
var CanadianProvinces = strings.Fields("AB BC MB NB NL NS NT NU ON PE QC SK YT")

// KnownRegion reports whether code is a US state (or DC) or a Canadian province or territory code.
func KnownRegion(code string) bool {
	for _, list := range [][]string{USStates, CanadianProvinces} {
		for _, c := range list {
			if c == code {
				return true
			}
		}
	}
	return false
}

// Validate checks the update with the field rules of 03§5 and trims text. Every failing field
// is reported at once.
func (u *ProfileUpdate) Validate() error {
	var fields formrules.Errors
	trim := func(p *string) {
		if p != nil {
			*p = strings.TrimSpace(*p)
		}
	}
	trim(u.DisplayName)
	trim(u.BusinessName)
	trim(u.AvatarURL)
	trim(u.Phone)
	trim(u.City)
	trim(u.ZipCode)
	if u.State != nil {
		*u.State = strings.ToUpper(strings.TrimSpace(*u.State))
	}
	if u.DisplayName != nil {
		n := utf8.RuneCountInString(*u.DisplayName)
		switch {
		case n == 0:
			fields.Add("display_name", "validation.required", "Display name is required")
		case n < 2:
			fields.Add("display_name", "validation.min_length", "Display name must be at least 2 characters")
		case n > 100:
			fields.Add("display_name", "validation.max_length", "Display name must be no more than 100 characters")
		}
	}
	if u.BusinessName != nil && utf8.RuneCountInString(*u.BusinessName) > 100 {
		fields.Add("business_name", "validation.max_length", "Business name must be no more than 100 characters")
	}
	if u.AvatarURL != nil && *u.AvatarURL != "" {
		v := *u.AvatarURL
		if len(v) > 500 || !(strings.HasPrefix(v, "http://") || strings.HasPrefix(v, "https://") || strings.HasPrefix(v, "/media/")) {
			fields.Add("avatar_url", "validation.url", "Invalid URL format")
		}
	}
	if u.Specialties != nil {
		clean := make([]string, 0, len(*u.Specialties))
		seen := map[string]bool{}
		for _, s := range *u.Specialties {
			s = strings.TrimSpace(s)
			if s == "" || seen[strings.ToLower(s)] {
				continue
			}
			seen[strings.ToLower(s)] = true
			if utf8.RuneCountInString(s) > 50 {
				fields.Add("specialties", "validation.max_length", "Each specialty must be no more than 50 characters")
				break
			}
			clean = append(clean, s)
		}
		if len(clean) > 20 {
			fields.Add("specialties", "validation.max_items", "Add no more than 20 specialties")
		}
		*u.Specialties = clean
	}
	if u.Phone != nil && *u.Phone != "" && (len(*u.Phone) > 20 || !phonePattern.MatchString(*u.Phone)) {
		fields.Add("phone", "validation.phone", "Invalid phone format")
	}
	if u.City != nil && *u.City != "" {
		n := utf8.RuneCountInString(*u.City)
		if n < 2 {
			fields.Add("city", "validation.min_length", "City must be at least 2 characters")
		} else if n > 100 {
			fields.Add("city", "validation.max_length", "City must be no more than 100 characters")
		}
	}
	if u.State != nil && *u.State != "" && !KnownRegion(*u.State) {
		fields.Add("state", "validation.state", "Choose a US state (or Canadian province)")
	}
	if u.ZipCode != nil && *u.ZipCode != "" && !zipPattern.MatchString(*u.ZipCode) {
		fields.Add("zip_code", "validation.zip", "Invalid ZIP code format")
	}
	if u.PreferredLanguage != nil && *u.PreferredLanguage != "en" && *u.PreferredLanguage != "es" && *u.PreferredLanguage != "fr" {
		fields.Add("preferred_language", "validation.enum", "preferred_language must be en, es or fr")
	}
	if u.PreferredCurrency != nil && *u.PreferredCurrency != "auto" && *u.PreferredCurrency != "USD" && *u.PreferredCurrency != "CAD" {
		fields.Add("preferred_currency", "validation.enum", "preferred_currency must be auto, USD or CAD")
	}
	return fields.Err()
}

// Apply copies the update onto p and recomputes the location text ("City, ST").
func (u ProfileUpdate) Apply(p *Profile) {
	set := func(dst *string, src *string) {
		if src != nil {
			*dst = *src
		}
	}
	set(&p.DisplayName, u.DisplayName)
	set(&p.BusinessName, u.BusinessName)
	set(&p.AvatarURL, u.AvatarURL)
	set(&p.Phone, u.Phone)
	set(&p.City, u.City)
	set(&p.State, u.State)
	set(&p.ZipCode, u.ZipCode)
	set(&p.PreferredLanguage, u.PreferredLanguage)
	set(&p.PreferredCurrency, u.PreferredCurrency)
	if u.Specialties != nil {
		p.Specialties = *u.Specialties
	}
	switch {
	case p.City != "" && p.State != "":
		p.Location = p.City + ", " + p.State
	case p.City != "":
		p.Location = p.City
	default:
		p.Location = p.State
	}
}
