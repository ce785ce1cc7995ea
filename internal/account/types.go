// Package account owns users, their profiles and their sessions (spec 01§3, 01§6).
package account

import (
	"time"

	"github.com/uptrace/bun"
)

// User is a sign-in identity. Email is stored lower-cased and is unique.
type User struct {
	bun.BaseModel `bun:"table:users"`

	ID              string     `bun:"id,pk"`
	Email           string     `bun:"email,notnull"`
	PasswordHash    string     `bun:"password_hash,notnull"`
	EmailVerifiedAt *time.Time `bun:"email_verified_at"`
	GoogleSubject   *string    `bun:"google_subject"`
	CreatedAt       time.Time  `bun:"created_at,notnull"`
	UpdatedAt       time.Time  `bun:"updated_at,notnull"`
}

// Vendor types a profile can register as (01§3).
const (
	VendorTypeServiceProvider = "service_provider"
	VendorTypeCoMarketing     = "co_marketing"
)

// Profile is the public and role data of a user (profiles, keyed by user_id).
type Profile struct {
	bun.BaseModel `bun:"table:profiles"`

	UserID                  string    `bun:"user_id,pk" json:"user_id"`
	DisplayName             string    `bun:"display_name,notnull" json:"display_name"`
	BusinessName            string    `bun:"business_name,notnull" json:"business_name"`
	AvatarURL               string    `bun:"avatar_url,notnull" json:"avatar_url"`
	Specialties             []string  `bun:"specialties,type:text,notnull" json:"specialties"`
	Phone                   string    `bun:"phone,notnull" json:"phone"`
	City                    string    `bun:"city,notnull" json:"city"`
	State                   string    `bun:"state,notnull" json:"state"`
	ZipCode                 string    `bun:"zip_code,notnull" json:"zip_code"`
	Location                string    `bun:"location,notnull" json:"location"`
	IsAdmin                 bool      `bun:"is_admin,notnull" json:"is_admin"`
	IsVerified              bool      `bun:"is_verified,notnull" json:"is_verified"`
	IsPro                   bool      `bun:"is_pro,notnull" json:"is_pro"`
	IsProMember             bool      `bun:"is_pro_member,notnull" json:"is_pro_member"`
	IsCreator               bool      `bun:"is_creator,notnull" json:"is_creator"`
	VendorEnabled           bool      `bun:"vendor_enabled,notnull" json:"vendor_enabled"`
	VendorType              string    `bun:"vendor_type,notnull" json:"vendor_type"`
	VendorCompanyName       string    `bun:"vendor_company_name,notnull" json:"vendor_company_name"`
	GoalAssessmentCompleted bool      `bun:"goal_assessment_completed,notnull" json:"goal_assessment_completed"`
	PreferredLanguage       string    `bun:"preferred_language,notnull" json:"preferred_language"`
	CreatedAt               time.Time `bun:"created_at,notnull" json:"created_at"`
	UpdatedAt               time.Time `bun:"updated_at,notnull" json:"updated_at"`
}

// IsProUser reports the Pro role: is_pro or is_pro_member (01§6).
func (p Profile) IsProUser() bool { return p.IsPro || p.IsProMember }

// Session is a signed-in browser or API client. Only hashes of its tokens are stored.
type Session struct {
	bun.BaseModel `bun:"table:sessions"`

	ID                string     `bun:"id,pk"`
	UserID            string     `bun:"user_id,notnull"`
	TokenHash         string     `bun:"token_hash,notnull"`
	RefreshHash       string     `bun:"refresh_hash,notnull"`
	FamilyID          string     `bun:"family_id,notnull"`
	UserAgent         string     `bun:"user_agent,notnull"`
	IPAddress         string     `bun:"ip_address,notnull"`
	DeviceFingerprint string     `bun:"device_fingerprint,notnull"`
	LastActivity      time.Time  `bun:"last_activity,notnull"`
	CreatedAt         time.Time  `bun:"created_at,notnull"`
	ExpiresAt         time.Time  `bun:"expires_at,notnull"`
	RevokedAt         *time.Time `bun:"revoked_at"`
	AccessExpiresAt   *time.Time `bun:"access_expires_at"`
	// IdleTimeoutSeconds ends the session after this much inactivity.
	IdleTimeoutSeconds int  `bun:"idle_timeout_seconds,notnull"`
	IsAdminSession     bool `bun:"is_admin_session,notnull"`
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
