// Package demo builds the realistic demo catalogue and demo accounts loaded by `circle serve
// --demo` into an empty database. It builds values and writes
// them through the store's Importer (Load).
package demo

import (
	"time"

	"circle/internal/catalog"
	"circle/internal/roles"
)

// Password is the password of every demo account.
const Password = "CircleDemo1!"

// Account is a demo sign-in account with its roles.
type Account struct {
	ID            string `json:"id"`
	Email         string `json:"email"`
	DisplayName   string `json:"displayName"`
	BusinessName  string `json:"businessName"`
	City          string `json:"city"`
	State         string `json:"state"`
	IsAdmin       bool   `json:"isAdmin,omitempty"`
	IsProMember   bool   `json:"isProMember,omitempty"`
	IsCreator     bool   `json:"isCreator,omitempty"`
	VendorEnabled bool   `json:"vendorEnabled,omitempty"`
	// IsSupport: support staff (the support desk, issue 31 item 9).
	IsSupport  bool   `json:"isSupport,omitempty"`
	VendorType string `json:"vendorType,omitempty"` // service_provider or co_marketing when VendorEnabled
	// OwnsVendorID links a vendor account to the demo vendor it owns.
	OwnsVendorID string `json:"ownsVendorId,omitempty"`
	// Points is the opening balance, written as one "demo_opening_balance" ledger entry.
	Points int64 `json:"points,omitempty"`
	// Role is the label printed by `make run` (agent, Pro member, vendor, creator, admin, reviewer).
	Role string `json:"role"`
	// Listed reports whether `make run` prints the account (reviewer accounts are not listed).
	Listed bool `json:"listed"`
}

// Data is everything the demo loads.
type Data struct {
	Accounts        []Account
	Vendors         []catalog.Vendor
	Representatives []catalog.Representative
	Questions       []catalog.VendorQuestion
	Content         []catalog.VendorContent
	Availability    []catalog.VendorAvailability
	Disclaimers     []catalog.Disclaimer
	Services        []catalog.ServiceWithParts
	Reviews         []catalog.Review
	// ScaleTo, when set (circle seed --scale N sets N), makes Load add the activity of a
	// catalogue of that many services (CountsFor): agents, orders, reviews, tracking events.
	ScaleTo int
	// ScaleOrders, when set with ScaleTo (circle seed --orders N), is the number of paid orders
	// of the scale data instead of CountsFor's (the admin lists' timing test asks for 100,000).
	ScaleOrders int
}

// Build returns the demo data with timestamps relative to now, so "new" and "trending" stay
// true whenever the demo is loaded. The catalogue comes from the data files embedded in the
// binary; they are fixed at compile time and checked by this package's tests, so a file that
// does not decode is a build defect and panics.
func Build(now time.Time) Data {
	c, err := loadCatalogue()
	if err != nil {
		panic(err)
	}
	return build(now, c)
}

// roles are the grants the account's flags stand for (is_pro_member follows its membership).
func (a Account) roles() []roles.Role {
	var out []roles.Role
	if a.IsAdmin {
		out = append(out, roles.Admin)
	}
	if a.IsCreator {
		out = append(out, roles.Creator)
	}
	if a.VendorEnabled {
		out = append(out, roles.Vendor)
	}
	if a.IsSupport {
		out = append(out, roles.Support)
	}
	return out
}
