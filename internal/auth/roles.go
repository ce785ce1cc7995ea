package auth

// Role is a role of 01§6 that an API operation or a screen may require. A signed-in user
// holds "user"; the others come from the account, the profile and the staff list.
type Role string

// The roles beyond "signed in". They are the only place the flags behind each role are read.
// The flags are the projection of the live grants in role_grants (internal/roles, ADR 0009);
// the staff list and is_pro_member are not grants.
const (
	// RoleVerified: the e-mail address is confirmed. Sign-in refuses unconfirmed addresses,
	// so every session holds it today; operations may still ask for it explicitly.
	RoleVerified Role = "verified"
	// RolePro: is_pro or is_pro_member, or on the staff list.
	RolePro Role = "pro"
	// RoleCreator: is_creator, or on the staff list.
	RoleCreator Role = "creator"
	// RoleVendor: vendor_enabled.
	RoleVendor Role = "vendor"
	// RoleAdmin: the staff list, then the profile's is_admin flag.
	RoleAdmin Role = "admin"
	// RoleSupport: is_support (support staff, the support desk).
	RoleSupport Role = "support"
)

// Has reports whether the caller holds the role itself (administrators are not assumed to
// hold the others: the access rule decides what an administrator may do).
func (p Principal) Has(r Role) bool {
	switch r {
	case RoleVerified:
		return p.User.EmailVerifiedAt != nil
	case RolePro:
		return p.IsPro()
	case RoleCreator:
		return p.Profile.IsCreator || p.IsStaff
	case RoleVendor:
		return p.Profile.VendorEnabled
	case RoleAdmin:
		return p.IsAdmin
	case RoleSupport:
		return p.Profile.IsSupport
	}
	return false
}

// IsPro reports the effective Pro role: is_pro or is_pro_member, or the staff list (01§6).
func (p Principal) IsPro() bool { return p.Profile.IsProUser() || p.IsStaff }
