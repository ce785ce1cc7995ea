// Package formrules is the one rule table of 03§5 ("Generic form rules and sanitiser", "Field
// rules"): the generic required / length / pattern messages with {field}, the field table
// (email, password, phone, url, name, description, zipCode, location, category) and the
// sanitiser. The web app's copy (web/src/lib/formRules.generated.ts) is generated from this
// table by `go run ./cmd/circle formrules`; a test fails when it is stale.
package formrules

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"circle/internal/apperr"
)

// Message keys (namespace formRules of the web app) and their English templates. {field} is
// the field's label; {n} a length limit.
const (
	KeyRequired = "formRules.required"
	KeyMin      = "formRules.min"
	KeyMax      = "formRules.max"
	KeyPattern  = "formRules.pattern"
)

// Templates are the English words of the keys (03§5), with {field} and {n}.
var Templates = map[string]string{
	KeyRequired:                    "{field} is required",
	KeyMin:                         "{field} must be at least {n} characters",
	KeyMax:                         "{field} must be no more than {n} characters",
	KeyPattern:                     "{field} has invalid format",
	"formRules.email":              "Invalid email format",
	"formRules.phone":              "Invalid phone format",
	"formRules.url":                "Invalid URL format",
	"formRules.zipCode":            "Invalid ZIP code format",
	"formRules.password.length":    "Password must be at least 8 characters long",
	"formRules.password.uppercase": "Password must contain at least one uppercase letter",
	"formRules.password.lowercase": "Password must contain at least one lowercase letter",
	"formRules.password.number":    "Password must contain at least one number",
}

// Check is one pattern a value must match, with the message key when it does not. Patterns
// are written in the syntax Go's regexp and JavaScript's RegExp read the same way.
type Check struct {
	Pattern string `json:"pattern"`
	Key     string `json:"key"`
}

// Rule is one field kind of the table. Min and Max count characters (0: no limit); MinKey
// replaces the generic minimum-length message (the password's).
type Rule struct {
	Required bool    `json:"required"`
	Min      int     `json:"min"`
	Max      int     `json:"max"`
	MinKey   string  `json:"minKey,omitempty"`
	Checks   []Check `json:"checks"`
}

// Field kinds of the table.
const (
	Email       = "email"
	Password    = "password"
	Phone       = "phone"
	URL         = "url"
	Name        = "name"
	Description = "description"
	ZipCode     = "zipCode"
	Location    = "location"
	Category    = "category"
	// Text is an optional free text with no rule of its own (limits come with the use).
	Text = "text"
)

// Table is the field table of 03§5.
var Table = map[string]Rule{
	Email:       {Required: true, Max: 255, Checks: []Check{{`^[^\s@]+@[^\s@]+\.[^\s@]+$`, "formRules.email"}}},
	Password:    {Required: true, Min: 8, Max: 128, MinKey: "formRules.password.length", Checks: []Check{{`[A-Z]`, "formRules.password.uppercase"}, {`[a-z]`, "formRules.password.lowercase"}, {`[0-9]`, "formRules.password.number"}}},
	Phone:       {Max: 20, Checks: []Check{{`^\+?[0-9 ().-]+$`, "formRules.phone"}}},
	URL:         {Max: 500, Checks: []Check{{`^https?://`, "formRules.url"}}},
	Name:        {Required: true, Min: 2, Max: 100, Checks: []Check{}},
	Description: {Max: 1000, Checks: []Check{}},
	ZipCode:     {Checks: []Check{{`^[0-9]{5}(-[0-9]{4})?$`, "formRules.zipCode"}}},
	Location:    {Required: true, Min: 2, Max: 100, Checks: []Check{}},
	Category:    {Required: true, Min: 2, Max: 50, Checks: []Check{}},
	Text:        {Checks: []Check{}},
}

var compiled = map[string]*regexp.Regexp{}

func init() {
	for _, r := range Table {
		for _, c := range r.Checks {
			compiled[c.Pattern] = regexp.MustCompile(c.Pattern)
		}
	}
}

// Spec adjusts a rule for one use: a field of the table made optional, or a text with its own
// limits. Zero values keep the table's.
type Spec struct {
	Kind     string
	Optional bool
	Required bool
	Min, Max int
}

// RuleOf is the rule for a use of a field kind.
func RuleOf(s Spec) Rule {
	r := Table[s.Kind]
	if s.Optional {
		r.Required = false
	}
	if s.Required {
		r.Required = true
	}
	if s.Min > 0 {
		r.Min = s.Min
	}
	if s.Max > 0 {
		r.Max = s.Max
	}
	return r
}

// Message is the English message of a key for a field label and limit.
func Message(key, label string, n int) string {
	m := Templates[key]
	if m == "" {
		m = Templates[KeyPattern]
	}
	return strings.NewReplacer("{field}", label, "{n}", strconv.Itoa(n)).Replace(m)
}

// Validate checks one value (already trimmed by the caller or not: blanks count as empty) and
// returns the first broken rule as a field error, or nil. An empty optional value passes.
func Validate(field, label string, value string, s Spec) *apperr.FieldError {
	r := RuleOf(s)
	v := strings.TrimSpace(value)
	fe := func(key string, n int) *apperr.FieldError {
		return &apperr.FieldError{Field: field, Key: key, Message: Message(key, label, n)}
	}
	if v == "" {
		if r.Required {
			return fe(KeyRequired, 0)
		}
		return nil
	}
	n := utf8.RuneCountInString(v)
	if r.Min > 0 && n < r.Min {
		if r.MinKey != "" {
			return fe(r.MinKey, r.Min)
		}
		return fe(KeyMin, r.Min)
	}
	if r.Max > 0 && n > r.Max {
		return fe(KeyMax, r.Max)
	}
	for _, c := range r.Checks {
		if !compiled[c.Pattern].MatchString(v) {
			return fe(c.Key, 0)
		}
	}
	return nil
}

// Errors collects field errors.
type Errors []apperr.FieldError

// Check validates a value and keeps its error.
func (e *Errors) Check(field, label, value string, s Spec) {
	if fe := Validate(field, label, value, s); fe != nil {
		*e = append(*e, *fe)
	}
}

// Add keeps an error of a rule outside the table.
func (e *Errors) Add(field, key, message string) {
	*e = append(*e, apperr.FieldError{Field: field, Key: key, Message: message})
}

// Err is the invalid error naming every field, or nil.
func (e Errors) Err() error { return apperr.Fields(e) }
