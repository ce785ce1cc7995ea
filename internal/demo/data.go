// Package demo builds the realistic demo catalogue and demo accounts loaded by `circle serve
// --demo` into an empty database. It only builds values; the store writes them.
package demo

import (
	"time"

	"circle/internal/catalog"
)

// Password is the password of every demo account.
const Password = "CircleDemo1!"

// Account is a demo sign-in account with its roles.
type Account struct {
	ID            string
	Email         string
	DisplayName   string
	BusinessName  string
	City, State   string
	IsAdmin       bool
	IsProMember   bool
	IsCreator     bool
	VendorEnabled bool
	VendorType    string // service_provider or co_marketing when VendorEnabled
	// OwnsVendorID links a vendor account to the demo vendor it owns.
	OwnsVendorID string
	// Points is the opening balance, written as one "demo_opening_balance" ledger entry.
	Points int64
	// Role is the label printed by `make run` (agent, Pro member, vendor, creator, admin, reviewer).
	Role string
	// Listed reports whether `make run` prints the account (reviewer accounts are not listed).
	Listed bool
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
}

// Build returns the demo data with timestamps relative to now, so "new" and "trending" stay
// true whenever the demo is loaded.
func Build(now time.Time) Data {
	return build(now)
}
