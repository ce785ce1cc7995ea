package demo

// Fixed ids of the five listed demo accounts.
const (
	userAgent   = "usr-demo-agent"
	userPro     = "usr-demo-pro"
	userVendor  = "usr-demo-vendor"
	userCreator = "usr-demo-creator"
	userAdmin   = "usr-demo-admin"

	// vendorAccountVendor is the demo vendor owned by vendor@demo.test.
	vendorAccountVendor = "ven-closingbell"
)

// accounts returns the five listed demo accounts followed by the reviewer accounts.
func accounts() []Account {
	list := []Account{
		{
			ID: userAgent, Email: "agent@demo.test", DisplayName: "Jordan Avery",
			BusinessName: "Lakeside Realty Partners", City: "Austin", State: "TX",
			Points: 750, Role: "agent", Listed: true,
		},
		{
			ID: userPro, Email: "pro@demo.test", DisplayName: "Samantha Reyes",
			BusinessName: "The Reyes Team at Sunbelt Realty Collective", City: "Tampa", State: "FL",
			IsProMember: true, Points: 2500, Role: "Pro member", Listed: true,
		},
		{
			ID: userVendor, Email: "vendor@demo.test", DisplayName: "Nicole Bradford",
			BusinessName: "ClosingBell Transaction Services", City: "Raleigh", State: "NC",
			VendorEnabled: true, VendorType: "service_provider", OwnsVendorID: vendorAccountVendor,
			Role: "vendor", Listed: true,
		},
		{
			ID: userCreator, Email: "creator@demo.test", DisplayName: "Tyler Brennan",
			BusinessName: "Brennan Real Estate Media", City: "Nashville", State: "TN",
			IsCreator: true, Role: "creator", Listed: true,
		},
		{
			ID: userAdmin, Email: "admin@demo.test", DisplayName: "Alex Morgan",
			BusinessName: "Circle Marketplace Operations", City: "Denver", State: "CO",
			IsAdmin: true, Role: "admin", Listed: true,
		},
	}
	for _, r := range reviewers {
		list = append(list, Account{
			ID:           "usr-rev-" + r.slug,
			Email:        r.slug + "@demo.test",
			DisplayName:  r.name,
			BusinessName: r.business,
			City:         r.city,
			State:        r.state,
			Role:         "reviewer",
			Listed:       false,
		})
	}
	return list
}

// reviewers are the agents who wrote most of the demo reviews; they are not printed by make run.
var reviewers = []struct {
	slug, name, business, city, state string
}{
	{"maria.gonzalez", "María González", "Casa Bonita Realty Group", "San Antonio", "TX"},
	{"james.whitaker", "James Whitaker", "Whitaker & Co. Real Estate", "Charlotte", "NC"},
	{"priya.raman", "Priya Raman", "Northgate Premier Properties", "Edison", "NJ"},
	{"derek.olson", "Derek Olson", "Prairie Home Realty", "Omaha", "NE"},
	{"tasha.brooks", "Tasha Brooks", "Peachtree Keys Realty", "Atlanta", "GA"},
	{"kevin.nguyen", "Kevin Nguyen", "Golden Gate Homes Collective", "San Jose", "CA"},
	{"lauren.mitchell", "Lauren Mitchell", "Mitchell Home Team at Blue Ridge Realty", "Asheville", "NC"},
	{"carlos.medina", "Carlos Medina", "Desert Sky Realty", "Phoenix", "AZ"},
	{"heather.kim", "Heather Kim", "Evergreen Coast Properties", "Seattle", "WA"},
	{"marcus.bell", "Marcus Bell", "Bell Residential Group", "Columbus", "OH"},
	{"rachel.steinberg", "Rachel Steinberg", "Harbor Point Realty", "Baltimore", "MD"},
	{"tom.delgado", "Tom Delgado", "Sun Valley Home Advisors", "Las Vegas", "NV"},
}
