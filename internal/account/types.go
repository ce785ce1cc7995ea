// Package account owns users, their profiles and their sessions (spec 01§3, 01§6).
package account

import "time"

// User is a sign-in identity. Email is stored lower-cased and is unique.
type User struct {
	ID              string
	Email           string
	PasswordHash    string
	EmailVerifiedAt *time.Time
	GoogleSubject   *string
	CreatedAt       time.Time
	UpdatedAt       time.Time
	// DisabledAt is set when an administrator disabled the account (issue 31): its sessions
	// are refused at once and it cannot sign in. nil is enabled.
	DisabledAt *time.Time
}

// Vendor types a profile can register as (01§3).
const (
	VendorTypeServiceProvider = "service_provider"
	VendorTypeCoMarketing     = "co_marketing"
)

// Profile is the public and role data of a user (profiles, keyed by user_id).
type Profile struct {
	UserID                  string    `json:"user_id"`
	DisplayName             string    `json:"display_name"`
	BusinessName            string    `json:"business_name"`
	AvatarURL               string    `json:"avatar_url"`
	Specialties             []string  `json:"specialties"`
	Phone                   string    `json:"phone"`
	City                    string    `json:"city"`
	State                   string    `json:"state"`
	ZipCode                 string    `json:"zip_code"`
	Location                string    `json:"location"`
	IsAdmin                 bool      `json:"is_admin"`
	IsVerified              bool      `json:"is_verified"`
	IsPro                   bool      `json:"is_pro"`
	IsProMember             bool      `json:"is_pro_member"`
	IsCreator               bool      `json:"is_creator"`
	VendorEnabled           bool      `json:"vendor_enabled"`
	IsSupport               bool      `json:"is_support" doc:"Support staff (the support desk); projection of a live support grant"`
	VendorType              string    `json:"vendor_type"`
	VendorCompanyName       string    `json:"vendor_company_name"`
	GoalAssessmentCompleted bool      `json:"goal_assessment_completed"`
	PreferredLanguage       string    `json:"preferred_language"`
	PreferredCurrency       string    `json:"preferred_currency" enum:"auto,USD,CAD" doc:"The member's price currency: auto (CAD for a Canadian province, or in French without a US state), USD or CAD (F-APP-06)"`
	CreatedAt               time.Time `json:"created_at"`
	UpdatedAt               time.Time `json:"updated_at"`
}

// IsProUser reports the Pro role: is_pro or is_pro_member (01§6).
func (p Profile) IsProUser() bool { return p.IsPro || p.IsProMember }

// Session is a signed-in browser or API client. Only hashes of its tokens are stored.
type Session struct {
	ID                string
	UserID            string
	TokenHash         string
	RefreshHash       string
	FamilyID          string
	UserAgent         string
	IPAddress         string
	DeviceFingerprint string
	LastActivity      time.Time
	CreatedAt         time.Time
	ExpiresAt         time.Time
	RevokedAt         *time.Time
	AccessExpiresAt   *time.Time
	// IdleTimeoutSeconds ends the session after this much inactivity.
	IdleTimeoutSeconds int
	IsAdminSession     bool
}

// ProvisionalDisplayName builds the display name of a provisional profile: the name from
// sign-in data, else the display name, else the e-mail's local part, else "User" (01§3).
func ProvisionalDisplayName(name, displayName, email string) string {
	for _, s := range []string{name, displayName} {
		if s != "" {
			return s
		}
	}
	for i := 0; i < len(email); i++ {
		if email[i] == '@' {
			if i > 0 {
				return email[:i]
			}
			break
		}
	}
	return "User"
}
