package support

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"circle/internal/apperr"
)

// Limits of the forms' fields, in characters.
const (
	MaxSubject  = 200
	MaxMessage  = 5000
	MaxEvidence = 2000
	MaxPage     = 300
)

// Messages of the contact form's rules (03§5: subject and message required; e-mail optional
// and falls back to the account's).
const (
	MsgSubjectRequired = "Subject is required"
	MsgMessageRequired = "Message is required"
	MsgEmailRequired   = "Email is required"
	MsgEmail           = "Please enter a valid email address"
)

var emailPattern = regexp.MustCompile(`^[^\s@]+@[^\s@]+\.[^\s@]+$`)

// ContactInput is the contact form (03§3 support message: subject, message, email) as the
// contact page and the help widget send it.
type ContactInput struct {
	Subject     string `json:"subject" maxLength:"400" doc:"Required"`
	Message     string `json:"message" maxLength:"10000" doc:"Required"`
	Email       string `json:"email,omitempty" maxLength:"300" doc:"Optional for members (the account's address is used); required for visitors"`
	Kind        string `json:"kind,omitempty" enum:"contact,help" doc:"contact (the /contact page, default) or help (the help widget)"`
	CurrentPage string `json:"current_page,omitempty" maxLength:"600" doc:"The app path the message is sent from"`
}

type fieldErrs []apperr.FieldError

func (f *fieldErrs) add(field, key, msg string) {
	*f = append(*f, apperr.FieldError{Field: field, Key: key, Message: msg})
}

func (f *fieldErrs) max(field, v string, n int) {
	if utf8.RuneCountInString(v) > n {
		f.add(field, "validation.max_length", field+" must be no more than "+strconv.Itoa(n)+" characters")
	}
}

// cleanText trims and drops NUL and other control characters but newlines and tabs.
func cleanText(s string) string {
	return strings.TrimSpace(strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\n' && r != '\t' || r == 0x7f {
			return -1
		}
		return r
	}, strings.ReplaceAll(s, "\r\n", "\n")))
}

// cleanPage keeps an app path (starting with one /) and drops anything else.
func cleanPage(s string) string {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "/") || strings.HasPrefix(s, "//") || strings.ContainsAny(s, " \t\n\\") || len(s) > MaxPage {
		return ""
	}
	return s
}

// CheckContact applies the contact form's rules and returns the cleaned message: subject and
// message required; the e-mail, when given, must be valid, else the member's account address
// is used, and a visitor must give one.
func CheckContact(in ContactInput, who Requester) (ContactInput, error) {
	var f fieldErrs
	d := ContactInput{Subject: cleanText(in.Subject), Message: cleanText(in.Message), Email: strings.ToLower(strings.TrimSpace(in.Email)),
		Kind: strings.TrimSpace(in.Kind), CurrentPage: cleanPage(in.CurrentPage)}
	if d.Kind == "" {
		d.Kind = KindContact
	}
	if d.Kind != KindContact && d.Kind != KindHelp {
		f.add("kind", "validation.enum", "kind must be contact or help")
	}
	if d.Subject == "" {
		f.add("subject", "support.subjectRequired", MsgSubjectRequired)
	}
	f.max("subject", d.Subject, MaxSubject)
	if d.Message == "" {
		f.add("message", "support.messageRequired", MsgMessageRequired)
	}
	f.max("message", d.Message, MaxMessage)
	switch {
	case d.Email != "" && (len(d.Email) > 255 || !emailPattern.MatchString(d.Email)):
		f.add("email", "support.email", MsgEmail)
	case d.Email == "" && who.Email != "":
		d.Email = strings.ToLower(who.Email)
	case d.Email == "":
		f.add("email", "support.emailRequired", MsgEmailRequired)
	}
	if len(f) > 0 {
		return ContactInput{}, apperr.Fields(f)
	}
	return d, nil
}

// Dispute reasons, and the label support reads in the e-mail.
var (
	Reasons      = []string{"not_delivered", "not_as_described", "poor_quality", "billing_error", "unauthorized", "other"}
	ReasonLabels = map[string]string{
		"not_delivered": "Service not delivered", "not_as_described": "Not as described", "poor_quality": "Poor quality",
		"billing_error": "Billing error", "unauthorized": "Unauthorized charge", "other": "Other",
	}
)

// DisputeWindowDays is how long after payment a dispute may be opened (03§9: disputes within 30
// days).
const DisputeWindowDays = 30

// Messages of the dispute form.
const (
	MsgOrderRequired  = "Choose the order you want to dispute"
	MsgOrderNotYours  = "Choose one of your paid orders"
	MsgOrderNotPaid   = "Only paid orders can be disputed"
	MsgWindowPassed   = "Disputes must be opened within 30 days of payment"
	MsgDisputeOpen    = "A dispute for this order is already open"
	MsgReasonRequired = "Choose a reason"
	MsgDetails        = "Describe what went wrong"
)

// DisputeInput is the dispute form of /dispute-resolution.
type DisputeInput struct {
	OrderID  string `json:"order_id" maxLength:"100" doc:"One of the caller's paid orders, paid at most 30 days ago"`
	Reason   string `json:"reason" maxLength:"40" doc:"not_delivered, not_as_described, poor_quality, billing_error, unauthorized or other"`
	Details  string `json:"details" maxLength:"10000" doc:"What went wrong (required)"`
	Evidence string `json:"evidence,omitempty" maxLength:"4000" doc:"Optional evidence as text or links"`
}

// CheckDispute applies the dispute form's field rules (the order's own rules are the service's).
func CheckDispute(in DisputeInput) (DisputeInput, error) {
	var f fieldErrs
	d := DisputeInput{OrderID: strings.TrimSpace(in.OrderID), Reason: strings.TrimSpace(in.Reason), Details: cleanText(in.Details),
		Evidence: cleanText(in.Evidence)}
	if d.OrderID == "" {
		f.add("order_id", "support.dispute.orderRequired", MsgOrderRequired)
	}
	if d.Reason == "" {
		f.add("reason", "support.dispute.reasonRequired", MsgReasonRequired)
	} else if !slices.Contains(Reasons, d.Reason) {
		f.add("reason", "validation.enum", "reason must be one of "+strings.Join(Reasons, ", "))
	}
	if d.Details == "" {
		f.add("details", "support.dispute.detailsRequired", MsgDetails)
	}
	f.max("details", d.Details, MaxMessage)
	f.max("evidence", d.Evidence, MaxEvidence)
	if len(f) > 0 {
		return DisputeInput{}, apperr.Fields(f)
	}
	return d, nil
}
