package consultations

import (
	"net/mail"
	"regexp"
	"strings"

	"circle/internal/apperr"
)

// The messages of 03§5 and 03§8 (the web app shows them by key, in three languages).
const (
	MsgMissingInformation = "Please select a date and time"
	MsgInvalidDate        = "Please select a weekday that is at least 24 hours from now"
	MsgSlotTaken          = "That time is no longer available. Please choose another time."
	MsgLeadRequired       = "Please provide your name and email address."
	MsgTooLate            = "Consultations can be canceled or rescheduled only at least 24 hours ahead."
	MsgNotBookable        = "This service books consultations on the vendor's own calendar."
	MsgNoExternalLink     = "This service has no external booking link."
	MsgSignIn             = "Sign In Required"
)

// The booking limits of issue 27 (docs/decisions.md): the window's message names the number of
// weekdays and the last bookable date; the limits' messages name the limit.
const (
	KeyBeyondWindow  = "consultations.errors.beyondWindow"
	KeyBookingWindow = "consultations.errors.bookingWindow"
	KeyLimitService  = "consultations.errors.limitService"
	KeyLimitVendor   = "consultations.errors.limitVendor"
)

var (
	scriptRe  = regexp.MustCompile(`(?is)<script[^>]*>.*?</script>`)
	tagRe     = regexp.MustCompile(`(?s)<[^>]*>`)
	handlerRe = regexp.MustCompile(`(?i)\bon\w+\s*=`)
	phoneRe   = regexp.MustCompile(`^\+?[0-9 ().\-]+$`)
)

// Sanitize strips script tags, HTML tags, "javascript:" and inline handler prefixes (03§5),
// and trims the text.
func Sanitize(s string) string {
	s = scriptRe.ReplaceAllString(s, "")
	s = tagRe.ReplaceAllString(s, "")
	s = regexp.MustCompile(`(?i)javascript:`).ReplaceAllString(s, "")
	s = handlerRe.ReplaceAllString(s, "")
	return strings.TrimSpace(s)
}

// ContactFields are the contact fields of a booking or lead.
type ContactFields struct {
	Name    string
	Email   string
	Phone   string
	Details string
}

// validEmail is the 03§5 email rule: at most 255 characters, x@y.z.
func validEmail(email string) bool {
	if email == "" || len(email) > 255 {
		return false
	}
	addr, err := mail.ParseAddress(email)
	if err != nil || addr.Address != email {
		return false
	}
	at := strings.LastIndexByte(email, '@')
	return at > 0 && strings.Contains(email[at+1:], ".") && !strings.HasSuffix(email, ".")
}

// validate checks the contact fields with the rules of 03§5 and returns them cleaned.
func (c ContactFields) validate() (ContactFields, []apperr.FieldError) {
	out := ContactFields{Name: Sanitize(c.Name), Email: strings.TrimSpace(c.Email), Phone: strings.TrimSpace(c.Phone), Details: Sanitize(c.Details)}
	var errs []apperr.FieldError
	switch n := len([]rune(out.Name)); {
	case n == 0:
		errs = append(errs, apperr.FieldError{Field: "client_name", Key: "consultations.errors.nameRequired", Message: "Full name is required"})
	case n < 2:
		errs = append(errs, apperr.FieldError{Field: "client_name", Key: "consultations.errors.nameMin", Message: "Full name must be at least 2 characters"})
	case n > 100:
		errs = append(errs, apperr.FieldError{Field: "client_name", Key: "consultations.errors.nameMax", Message: "Full name must be no more than 100 characters"})
	}
	switch {
	case out.Email == "":
		errs = append(errs, apperr.FieldError{Field: "client_email", Key: "consultations.errors.emailRequired", Message: "Email is required"})
	case !validEmail(out.Email):
		errs = append(errs, apperr.FieldError{Field: "client_email", Key: "consultations.errors.emailInvalid", Message: "Invalid email format"})
	}
	if out.Phone != "" && (len(out.Phone) > 20 || !phoneRe.MatchString(out.Phone)) {
		errs = append(errs, apperr.FieldError{Field: "client_phone", Key: "consultations.errors.phoneInvalid", Message: "Invalid phone format"})
	}
	if len([]rune(out.Details)) > 1000 {
		errs = append(errs, apperr.FieldError{Field: "project_details", Key: "consultations.errors.detailsMax", Message: "Project details must be no more than 1000 characters"})
	}
	return out, errs
}
