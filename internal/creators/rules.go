// Package creators is the creator programme (issue 30 item 7, F-AREA-02): a member applies with
// a profile, an audience and a content plan; an administrator approves (the creator role is
// granted, recorded and audited, and the member's affiliate account opened, which gives the
// creator their referral links) or rejects with a reason. An approved creator lists their
// content, sets up payouts through the payment interface (a Stripe Connect Express onboarding
// link, or the built-in test-mode form) and reads a dashboard whose clicks, conversions and
// earnings are their affiliate account's: money is never counted twice.
// docs/areas/creators.md records the decisions where the spec is silent.
package creators

import (
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"circle/internal/apperr"
	"circle/internal/formrules"
)

// Application statuses.
const (
	StatusPending  = "pending"
	StatusApproved = "approved"
	StatusRejected = "rejected"
)

// Platforms a creator publishes on (choice ids; the web app names them).
var Platforms = []string{"youtube", "instagram", "tiktok", "facebook", "linkedin", "x", "podcast", "blog", "newsletter"}

// Niches a creator covers (choice ids).
var Niches = []string{"listing_marketing", "lead_generation", "social_media", "coaching", "tech_tools", "investing", "luxury", "first_time_buyers", "team_building", "compliance"}

// ContentKinds are the kinds of content a creator lists.
var ContentKinds = []string{"video", "article", "podcast", "social", "newsletter", "course"}

// Limits of the application and the content list.
const (
	MaxPlatforms   = 9
	MaxNiches      = 5
	MaxContent     = 200
	MaxAudience    = 1_000_000_000
	minPlan        = 30
	maxPlan        = 3000
	maxBio         = 1000
	maxTitle       = 200
	maxURL         = 2000
	maxReason      = 1000
	maxDisplayName = 80
)

// Messages and keys of the field errors (the web app shows its own words for each key).
const (
	MsgDisplayName    = "Enter the name your audience knows you by (2 to 80 characters)."
	MsgBio            = "The bio is at most 1000 characters."
	MsgWebsite        = "Enter a web address starting with http:// or https://."
	MsgAudienceSize   = "Enter your total audience (a whole number, 0 or more)."
	MsgPlatforms      = "Choose at least one platform you publish on."
	MsgNiches         = "Choose one to five topics you cover."
	MsgContentPlan    = "Describe what you will publish and how often (30 to 3000 characters)."
	MsgAlreadyApplied = "You have already applied to the creator programme."
	MsgNotPending     = "This application has already been decided."
	MsgReason         = "Give a reason (1 to 1000 characters)."
	MsgNotCreator     = "You are not an approved creator."
	MsgTitle          = "Enter a title (3 to 200 characters)."
	MsgContentURL     = "Enter the content's web address, starting with http:// or https://."
	MsgKind           = "Choose what kind of content this is."
	MsgPublishedOn    = "Enter the publication date (not in the future)."
	MsgTooMuchContent = "You can list at most 200 pieces of content; remove one first."
	MsgContentGone    = "This content is not in your list."
	MsgTestBank       = "Test mode: use routing number 110000000 and account number 000123456789."
	MsgTestBankNoAcct = "The bank has no account with this number (test mode)."
	MsgHolderName     = "Enter the account holder's name."
	MsgNotTestMode    = "Payouts are set up with Stripe: use the onboarding link."
	MsgNotStripe      = "Test mode: enter the test bank details on this page."
	MsgNoPayoutYet    = "Start the payout setup first."

	KeyDisplayName    = "creators.display_name"
	KeyBio            = "creators.bio"
	KeyWebsite        = "creators.website"
	KeyAudienceSize   = "creators.audience_size"
	KeyPlatforms      = "creators.platforms"
	KeyNiches         = "creators.niches"
	KeyContentPlan    = "creators.content_plan"
	KeyAlreadyApplied = "creators.already_applied"
	KeyNotPending     = "creators.not_pending"
	KeyReason         = "creators.reason"
	KeyTitle          = "creators.title"
	KeyContentURL     = "creators.url"
	KeyKind           = "creators.kind"
	KeyPublishedOn    = "creators.published_on"
	KeyTooMuchContent = "creators.too_much_content"
	KeyTestBank       = "creators.test_bank"
	KeyTestBankNoAcct = "creators.test_bank_no_account"
	KeyHolderName     = "creators.holder_name"
)

// Audit actions and the object kind of a decision.
const (
	ActionApprove   = "creator_application.approve"
	ActionReject    = "creator_application.reject"
	KindApplication = "creator_application"
)

// ApplicationInput is what a member sends to apply (or to apply again after a rejection).
type CreatorApplicationInput struct {
	DisplayName  string   `json:"display_name" maxLength:"200"`
	Bio          string   `json:"bio,omitempty" maxLength:"2000"`
	Website      string   `json:"website,omitempty" maxLength:"400"`
	AudienceSize int64    `json:"audience_size" minimum:"0" doc:"Followers and subscribers across every platform"`
	Platforms    []string `json:"platforms" maxItems:"20"`
	Niches       []string `json:"niches" maxItems:"20"`
	ContentPlan  string   `json:"content_plan" maxLength:"4000"`
}

func runes(s string) int { return utf8.RuneCountInString(s) }

func webAddress(s string, max int) bool {
	if s == "" || len(s) > max || !(strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://")) {
		return false
	}
	u, err := url.Parse(s)
	return err == nil && u.Host != "" && !strings.ContainsAny(s, " \t\r\n<>\"")
}

// choices keeps the known ids of in, once each, in the list's order.
func choices(in, known []string) ([]string, bool) {
	out := []string{}
	for _, k := range known {
		if slices.Contains(in, k) {
			out = append(out, k)
		}
	}
	for _, v := range in {
		if !slices.Contains(known, v) {
			return out, false
		}
	}
	return out, true
}

// Validate trims the application and checks every field, naming each wrong one.
func (a *CreatorApplicationInput) Validate() error {
	a.DisplayName, a.Bio, a.Website, a.ContentPlan = strings.TrimSpace(a.DisplayName), strings.TrimSpace(a.Bio), strings.TrimSpace(a.Website), strings.TrimSpace(a.ContentPlan)
	var errs formrules.Errors
	if n := runes(a.DisplayName); n < 2 || n > maxDisplayName {
		errs.Add("display_name", KeyDisplayName, MsgDisplayName)
	}
	if runes(a.Bio) > maxBio {
		errs.Add("bio", KeyBio, MsgBio)
	}
	if a.Website != "" && !webAddress(a.Website, 300) {
		errs.Add("website", KeyWebsite, MsgWebsite)
	}
	if a.AudienceSize < 0 || a.AudienceSize > MaxAudience {
		errs.Add("audience_size", KeyAudienceSize, MsgAudienceSize)
	}
	p, ok := choices(a.Platforms, Platforms)
	if !ok || len(p) == 0 {
		errs.Add("platforms", KeyPlatforms, MsgPlatforms)
	}
	n, ok := choices(a.Niches, Niches)
	if !ok || len(n) == 0 || len(n) > MaxNiches {
		errs.Add("niches", KeyNiches, MsgNiches)
	}
	a.Platforms, a.Niches = p, n
	if l := runes(a.ContentPlan); l < minPlan || l > maxPlan {
		errs.Add("content_plan", KeyContentPlan, MsgContentPlan)
	}
	return errs.Err()
}

// ContentInput is one piece of content a creator lists.
type CreatorContentInput struct {
	Title       string `json:"title" maxLength:"400"`
	URL         string `json:"url" maxLength:"2100"`
	Kind        string `json:"kind" maxLength:"20" doc:"video, article, podcast, social, newsletter or course"`
	PublishedOn string `json:"published_on" maxLength:"10" doc:"YYYY-MM-DD"`
}

// Validate trims and checks a piece of content against today (UTC) for the date.
func (c *CreatorContentInput) Validate(today time.Time) error {
	c.Title, c.URL, c.Kind, c.PublishedOn = strings.TrimSpace(c.Title), strings.TrimSpace(c.URL), strings.TrimSpace(c.Kind), strings.TrimSpace(c.PublishedOn)
	var errs formrules.Errors
	if n := runes(c.Title); n < 3 || n > maxTitle {
		errs.Add("title", KeyTitle, MsgTitle)
	}
	if !webAddress(c.URL, maxURL) {
		errs.Add("url", KeyContentURL, MsgContentURL)
	}
	if !slices.Contains(ContentKinds, c.Kind) {
		errs.Add("kind", KeyKind, MsgKind)
	}
	d, err := time.Parse(time.DateOnly, c.PublishedOn)
	if err != nil || d.After(today.UTC().Truncate(24*time.Hour)) || d.Year() < 1990 {
		errs.Add("published_on", KeyPublishedOn, MsgPublishedOn)
	}
	return errs.Err()
}

// CheckReason trims a decision's reason: required (1 to 1000 characters) to reject, optional
// (at most 1000) to approve.
func CheckReason(reason string, required bool) (string, error) {
	reason = strings.TrimSpace(reason)
	if n := runes(reason); n > maxReason || (required && n == 0) {
		return "", apperr.Field("reason", KeyReason, MsgReason)
	}
	return reason, nil
}

// Payout account statuses as the creator sees them.
const (
	PayoutNone       = "none"       // not started
	PayoutOnboarding = "onboarding" // an account exists, payouts not yet enabled
	PayoutActive     = "active"     // payouts enabled
)

// PayoutStatus derives the status shown from the account's flags.
func PayoutStatus(a *CreatorPayoutAccount) string {
	switch {
	case a == nil:
		return PayoutNone
	case a.PayoutsEnabled:
		return PayoutActive
	default:
		return PayoutOnboarding
	}
}

// ReferralPath is the referral link of one piece of content: the marketplace with the
// creator's affiliate code, the medium "creator" and the content's id, so its clicks, and the
// conversions they lead to, count for that piece (the click keeps utm_content).
func ReferralPath(code, contentID string) string {
	v := url.Values{}
	v.Set("aff", code)
	if contentID != "" {
		v.Set("utm_medium", "creator")
		v.Set("utm_content", contentID)
	}
	return "/marketplace?" + v.Encode()
}
