// Package vendorprofile is the vendor's own profile, service representatives and evaluation
// questions on /vendor-dashboard (issue 30 item 2, F-AREA-01). Every change that agents see
// (the vendor card and funnel modal, the representative picker, the evaluation questions) is
// written with a catalog_changes record in one transaction and announced to every replica
// after the commit, as the catalogue write path (internal/catalogwrite) does for services.
// The form rules are the generic 03§5 rules (catalogwrite.Fields) with the spec's messages.
package vendorprofile

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"circle/internal/catalog"
	"circle/internal/catalogwrite"
	"circle/internal/vendorreg"
)

// Limits (decided; docs/areas/vendor-self-service.md).
const (
	// MaxRepresentatives a vendor lists.
	MaxRepresentatives = 25
	// MaxQuestions a vendor asks; at least one stays (an empty list is re-seeded with the
	// defaults when the funnel modal opens).
	MaxQuestions = 10
	// QuestionMin is the shortest question.
	QuestionMin        = 5
	MaxSpecialties     = 10
	SpecialtyMax       = 50
	YearsMax           = 80
	LicenseNumberMax   = 50
	TitleMax           = 100
	SupportHoursMax    = 100
	ProfileDescription = 1000
)

// Messages of the rules and use cases.
const (
	MsgTooManyReps      = "A vendor lists at most 25 representatives."
	MsgTooManyQuestions = "A vendor asks at most 10 evaluation questions."
	MsgLastQuestion     = "Keep at least one evaluation question."
	MsgOrder            = "List every question number once."
	MsgStates           = "Choose at least one state you serve."
	MsgSpecialties      = "List at most 10 specialties of at most 50 characters each."
	MsgYears            = "Years of experience must be 0 to 80."
	MsgVendorAbsent     = "vendor not found"
	MsgRepAbsent        = "representative not found"
	MsgQuestionAbsent   = "question not found"
)

// RepresentativeInput is the representative form.
type RepresentativeInput struct {
	Name            string   `json:"name" maxLength:"1000"`
	Title           string   `json:"title,omitempty" maxLength:"1000"`
	Email           string   `json:"email,omitempty" maxLength:"1000"`
	Phone           string   `json:"phone,omitempty" maxLength:"1000"`
	Website         string   `json:"website,omitempty" maxLength:"2000"`
	PhotoURL        string   `json:"profile_picture_url,omitempty" maxLength:"2000"`
	LicenseNumber   string   `json:"license_number,omitempty" maxLength:"1000"`
	LicenseState    string   `json:"license_state,omitempty" maxLength:"10" doc:"Two-letter code of the state that issued the licence; required with a licence number"`
	YearsExperience int      `json:"years_experience,omitempty" minimum:"0" maximum:"1000"`
	Specialties     []string `json:"specialties,omitempty" maxItems:"40"`
	Location        string   `json:"location,omitempty" maxLength:"1000"`
}

var licensePattern = regexp.MustCompile(`^[A-Za-z0-9 .#/-]+$`)

// CheckRepresentative validates and sanitises the representative form.
func CheckRepresentative(in RepresentativeInput) (RepresentativeInput, error) {
	var f catalogwrite.Fields
	f.Name("name", "Name", &in.Name)
	f.Text("title", "Title", &in.Title, false, 0, TitleMax)
	f.Email("email", "Email", &in.Email)
	f.Phone("phone", "Phone", &in.Phone)
	f.URL("website", "Website", &in.Website, false)
	f.MediaURL("profile_picture_url", "Photo URL", &in.PhotoURL)
	f.Text("license_number", "Licence number", &in.LicenseNumber, false, 0, LicenseNumberMax)
	f.Pattern("license_number", "Licence number", in.LicenseNumber, licensePattern)
	in.LicenseState = strings.ToUpper(strings.TrimSpace(in.LicenseState))
	switch {
	case in.LicenseNumber != "" && in.LicenseState == "":
		f.Add("license_state", catalogwrite.KeyRequired, "Licence state is required")
	case in.LicenseState != "" && !slices.Contains(vendorreg.States, in.LicenseState):
		f.Add("license_state", catalogwrite.KeyFormat, "Licence state has invalid format")
	}
	if in.YearsExperience < 0 || in.YearsExperience > YearsMax {
		f.Add("years_experience", "vendorProfile.years", MsgYears)
	}
	specs := make([]string, 0, len(in.Specialties))
	for _, s := range in.Specialties {
		s = catalogwriteSanitize(s)
		if s == "" || slices.Contains(specs, s) {
			continue
		}
		if utf8.RuneCountInString(s) > SpecialtyMax {
			f.Add("specialties", "vendorProfile.specialties", MsgSpecialties)
		}
		specs = append(specs, s)
	}
	if len(specs) > MaxSpecialties {
		f.Add("specialties", "vendorProfile.specialties", MsgSpecialties)
	}
	in.Specialties = specs
	f.Text("location", "Location", &in.Location, false, 0, catalogwrite.LocationMax)
	return in, f.Err()
}

func catalogwriteSanitize(s string) string {
	var f catalogwrite.Fields
	f.Text("x", "x", &s, false, 0, 0)
	return s
}

// VendorQuestionInput is an evaluation question and the vendor's answer.
type VendorQuestionInput struct {
	QuestionText string `json:"question_text" maxLength:"2000"`
	AnswerText   string `json:"answer_text,omitempty" maxLength:"20000"`
}

// CheckQuestion validates and sanitises a question: 5 to 500 characters, the answer at most
// 5000 (catalog.QuestionTextMax, catalog.AnswerTextMax).
func CheckQuestion(in VendorQuestionInput) (VendorQuestionInput, error) {
	var f catalogwrite.Fields
	f.Text("question_text", "Question", &in.QuestionText, true, QuestionMin, catalog.QuestionTextMax)
	f.Text("answer_text", "Answer", &in.AnswerText, false, 0, catalog.AnswerTextMax)
	return in, f.Err()
}

// VendorProfileInput is what a vendor changes on its own: what agents read about the company. The
// vendor type, licences, NMLS id and categories decide the RESPA caps and where the vendor is
// listed, so they change only through support and an administrator's approval.
type VendorProfileInput struct {
	Name          string   `json:"name" maxLength:"1000" doc:"Company name"`
	Description   string   `json:"description" maxLength:"4000"`
	WebsiteURL    string   `json:"website_url,omitempty" maxLength:"2000"`
	Phone         string   `json:"phone,omitempty" maxLength:"1000"`
	ContactEmail  string   `json:"contact_email,omitempty" maxLength:"1000"`
	LogoURL       string   `json:"logo_url,omitempty" maxLength:"2000"`
	SupportHours  string   `json:"support_hours,omitempty" maxLength:"1000"`
	ServiceStates []string `json:"service_states" maxItems:"60" doc:"Two-letter codes of the states served, at least one"`
}

// CheckProfile validates and sanitises the profile form.
func CheckProfile(in VendorProfileInput) (VendorProfileInput, error) {
	var f catalogwrite.Fields
	f.Name("name", "Company name", &in.Name)
	f.Description("description", "Description", &in.Description, false)
	f.URL("website_url", "Website", &in.WebsiteURL, false)
	f.Phone("phone", "Phone", &in.Phone)
	f.Email("contact_email", "Contact email", &in.ContactEmail)
	f.MediaURL("logo_url", "Logo URL", &in.LogoURL)
	f.Text("support_hours", "Support hours", &in.SupportHours, false, 0, SupportHoursMax)
	states := []string{}
	for _, s := range in.ServiceStates {
		s = strings.ToUpper(strings.TrimSpace(s))
		if slices.Contains(vendorreg.States, s) && !slices.Contains(states, s) {
			states = append(states, s)
		}
	}
	if len(states) == 0 || len(states) != len(in.ServiceStates) {
		f.Add("service_states", "vendorProfile.states", MsgStates)
	}
	in.ServiceStates = states
	return in, f.Err()
}

// CheckOrder checks a new order of the questions: every current number once.
func CheckOrder(order, current []int) bool {
	if len(order) != len(current) {
		return false
	}
	seen := map[int]bool{}
	for _, x := range order {
		if seen[x] || !slices.Contains(current, x) {
			return false
		}
		seen[x] = true
	}
	return true
}
