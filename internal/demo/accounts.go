package demo

// Ids of the listed demo accounts that the build refers to; data/accounts.json defines the
// accounts and loadCatalogue checks these ids are there.
const (
	userAgent  = "usr-demo-agent"
	userPro    = "usr-demo-pro"
	userVendor = "usr-demo-vendor"

	// vendorAccountVendor is the demo vendor owned by vendor@demo.test.
	vendorAccountVendor = "ven-closingbell"
)

// accounts returns the five listed demo accounts followed by the reviewer accounts.
func accounts(c catalogue) []Account {
	list := append([]Account(nil), c.Accounts...)
	for _, r := range c.Reviewers {
		list = append(list, Account{
			ID:           "usr-rev-" + r.Slug,
			Email:        r.Slug + "@demo.test",
			DisplayName:  r.Name,
			BusinessName: r.Business,
			City:         r.City,
			State:        r.State,
			Role:         "reviewer",
			Listed:       false,
		})
	}
	return list
}
