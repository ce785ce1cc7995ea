package catalogwrite

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"circle/internal/apperr"
	"circle/internal/vendorinvite"
)

// The generic form rules of 03§5 for the vendor's own forms (Add New Product, the profile,
// representatives and evaluation questions). Messages are the spec's: '{field} is required',
// '{field} must be at least N characters', '{field} must be no more than N characters',
// '{field} has invalid format', and the field table's 'Invalid URL format', 'Invalid email
// format' and 'Invalid phone format'. Keys are the web app's (validation.*).
//
// The shared 03§5 rule table (issue 30 item 6) replaces this file when it lands: each call
// below names the table's field kind (name, description, url, email, phone, location).
const (
	KeyRequired  = "validation.required"
	KeyMinLength = "validation.min_length"
	KeyMaxLength = "validation.max_length"
	KeyFormat    = "validation.format"
	KeyURL       = "validation.url"
	KeyEmail     = "validation.email"
	KeyPhone     = "validation.phone"

	MsgURLFormat   = "Invalid URL format"
	MsgEmailFormat = "Invalid email format"
	MsgPhoneFormat = "Invalid phone format"
)

// Lengths of the 03§5 field table.
const (
	NameMin        = 2
	NameMax        = 100
	DescriptionMax = 1000
	LocationMin    = 2
	LocationMax    = 100
	URLMax         = 500
)

// Fields collects the field errors of one form, one per field (the first rule broken).
type Fields []apperr.FieldError

// Add records a field's error unless the field has one already.
func (f *Fields) Add(field, key, msg string) {
	for _, e := range *f {
		if e.Field == field {
			return
		}
	}
	*f = append(*f, apperr.FieldError{Field: field, Key: key, Message: msg})
}

// Has reports whether the field has an error.
func (f Fields) Has(field string) bool {
	for _, e := range f {
		if e.Field == field {
			return true
		}
	}
	return false
}

// Err is the invalid error naming every field, nil when there is none.
func (f Fields) Err() error { return apperr.Fields(f) }

// Text sanitises v (03§5: script and HTML tags, 'javascript:', inline handlers) and checks its
// length: required fields must not be empty; lo and hi bound the length in characters (0: no
// bound).
func (f *Fields) Text(field, label string, v *string, required bool, lo, hi int) {
	*v = vendorinvite.Sanitize(*v)
	n := utf8.RuneCountInString(*v)
	switch {
	case n == 0 && required:
		f.Add(field, KeyRequired, label+" is required")
	case n == 0:
	case lo > 0 && n < lo:
		f.Add(field, KeyMinLength, label+" must be at least "+strconv.Itoa(lo)+" characters")
	case hi > 0 && n > hi:
		f.Add(field, KeyMaxLength, label+" must be no more than "+strconv.Itoa(hi)+" characters")
	}
}

// Name is the name rule: required, 2 to 100 characters.
func (f *Fields) Name(field, label string, v *string) {
	f.Text(field, label, v, true, NameMin, NameMax)
}

// Description is the description rule: at most 1000 characters (required when asked).
func (f *Fields) Description(field, label string, v *string, required bool) {
	f.Text(field, label, v, required, 0, DescriptionMax)
}

// Location is the location rule: required, 2 to 100 characters.
func (f *Fields) Location(field, label string, v *string) {
	f.Text(field, label, v, true, LocationMin, LocationMax)
}

// URL is the url rule: optional unless required; at most 500 characters starting with http://
// or https://.
func (f *Fields) URL(field, label string, v *string, required bool) {
	f.Text(field, label, v, required, 0, 0)
	if *v != "" && !vendorinvite.ValidURL(*v) {
		f.Add(field, KeyURL, MsgURLFormat)
	}
}

// MediaURL is the url rule for a picture, which may also be a path on Circle itself ("/demo/…",
// later the media uploader's files): at most 500 characters, http://, https:// or one leading "/".
func (f *Fields) MediaURL(field, label string, v *string) {
	f.Text(field, label, v, false, 0, 0)
	if *v != "" && !ValidMediaURL(*v) {
		f.Add(field, KeyURL, MsgURLFormat)
	}
}

// ValidMediaURL is a picture's address: a path on Circle (an uploaded file's
// /api/media/{id}/file, the demo's /demo/...) of at most 500 characters, or an http(s) URL.
func ValidMediaURL(v string) bool {
	local := strings.HasPrefix(v, "/") && !strings.HasPrefix(v, "//") && len(v) <= URLMax && !strings.ContainsAny(v, " \t\n\\")
	return local || vendorinvite.ValidURL(v)
}

// Email is the email rule for an optional address: at most 255 characters, x@y.z.
func (f *Fields) Email(field, label string, v *string) {
	f.Text(field, label, v, false, 0, 0)
	if *v != "" && !vendorinvite.ValidEmail(*v) {
		f.Add(field, KeyEmail, MsgEmailFormat)
	}
}

// Phone is the phone rule for an optional number: at most 20 characters of digits, spaces,
// dashes, parentheses, dots and an optional leading plus.
func (f *Fields) Phone(field, label string, v *string) {
	f.Text(field, label, v, false, 0, 0)
	if *v != "" && !vendorinvite.ValidPhone(*v) {
		f.Add(field, KeyPhone, MsgPhoneFormat)
	}
}

// Pattern checks a non-empty value against re: '{field} has invalid format'.
func (f *Fields) Pattern(field, label, v string, re *regexp.Regexp) {
	if v != "" && !re.MatchString(v) {
		f.Add(field, KeyFormat, label+" has invalid format")
	}
}
