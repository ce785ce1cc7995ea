package demo

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"strings"
)

// dataFiles are the demo catalogue: what each vendor, service, account and review pool says.
// build derives ids, prices, packages, funnels and dates from them.
//
//go:embed data/*.json
var dataFiles embed.FS

// serviceFiles list the service files in table order (the order sets default sort and review
// assignment, so it is fixed here rather than taken from the directory listing).
var serviceFiles = []string{
	"data/services-business.json",
	"data/services-home.json",
	"data/services-lifestyle.json",
}

// reviewerDef is an agent who wrote demo reviews; the account id is "usr-rev-" + Slug.
type reviewerDef struct {
	Slug     string `json:"slug"`
	Name     string `json:"name"`
	Business string `json:"business"`
	City     string `json:"city"`
	State    string `json:"state"`
}

// reviewPool is what demo reviews are made of.
type reviewPool struct {
	// Unreviewed services have no reviews yet (mostly new listings and quote-only services).
	Unreviewed []string `json:"unreviewed"`
	// PerService cycles to give each reviewed service 1-3 reviews; featured services and top
	// picks get two more.
	PerService []int `json:"reviewsPerService"`
	// RatingCycle is skewed towards 4 and 5 stars.
	RatingCycle []int `json:"ratingCycle"`
	// Texts are short agent reviews by star rating ("1".."5").
	Texts map[int][]string `json:"texts"`
	// AdminNotes are the notes of admin-assigned reviews.
	AdminNotes []string `json:"adminNotes"`
}

// catalogue is the content of the data files.
type catalogue struct {
	// Accounts are the five listed demo accounts; reviewer accounts are added from Reviewers.
	Accounts  []Account
	Reviewers []reviewerDef
	// QuestionSets are the evaluation questions asked of each kind of vendor.
	QuestionSets map[string][5]string
	// Vendors in vendor sort order.
	Vendors []vendorDef
	// Services in table order.
	Services []serviceDef
	Reviews  reviewPool
}

// loadCatalogue reads the embedded data files. Unknown fields are errors so a misspelt key in
// a data file cannot silently drop a value.
func loadCatalogue() (catalogue, error) {
	var c catalogue
	var accounts struct {
		Accounts  []Account     `json:"accounts"`
		Reviewers []reviewerDef `json:"reviewers"`
	}
	if err := readData("data/accounts.json", &accounts); err != nil {
		return c, err
	}
	c.Accounts, c.Reviewers = accounts.Accounts, accounts.Reviewers
	var vendors struct {
		QuestionSets map[string][5]string `json:"questionSets"`
		Vendors      []vendorDef          `json:"vendors"`
	}
	if err := readData("data/vendors.json", &vendors); err != nil {
		return c, err
	}
	c.QuestionSets, c.Vendors = vendors.QuestionSets, vendors.Vendors
	for _, name := range serviceFiles {
		var services []serviceDef
		if err := readData(name, &services); err != nil {
			return c, err
		}
		c.Services = append(c.Services, services...)
	}
	if err := readData("data/reviews.json", &c.Reviews); err != nil {
		return c, err
	}
	return c, c.check()
}

// check reports references between the data files that do not resolve, which would otherwise
// build a service without a vendor or a vendor with empty questions.
func (c catalogue) check() error {
	accounts := map[string]bool{}
	for _, a := range c.Accounts {
		accounts[a.ID] = true
	}
	for _, id := range []string{userAgent, userPro, userVendor} {
		if !accounts[id] {
			return fmt.Errorf("demo data: accounts.json has no account %s", id)
		}
	}
	vendors := map[string]bool{}
	for _, v := range c.Vendors {
		if _, ok := c.QuestionSets[v.QuestionSet]; len(v.Answers) > 0 && !ok {
			return fmt.Errorf("demo data: vendor %s uses unknown question set %q", v.Slug, v.QuestionSet)
		}
		vendors[v.Slug] = true
	}
	if !vendors[strings.TrimPrefix(vendorAccountVendor, "ven-")] {
		return fmt.Errorf("demo data: vendors.json has no vendor %s", vendorAccountVendor)
	}
	services := map[string]bool{}
	for _, s := range c.Services {
		if !vendors[s.Vendor] {
			return fmt.Errorf("demo data: service %s names unknown vendor %q", s.Slug, s.Vendor)
		}
		services[s.Slug] = true
	}
	for _, slug := range c.Reviews.Unreviewed {
		if !services[slug] {
			return fmt.Errorf("demo data: reviews.json lists unknown unreviewed service %q", slug)
		}
	}
	for _, rating := range c.Reviews.RatingCycle {
		if len(c.Reviews.Texts[rating]) == 0 {
			return fmt.Errorf("demo data: reviews.json has no texts for rating %d", rating)
		}
	}
	if len(c.Reviews.PerService) == 0 || len(c.Reviews.RatingCycle) == 0 || len(c.Reviews.AdminNotes) == 0 {
		return fmt.Errorf("demo data: reviews.json needs reviewsPerService, ratingCycle and adminNotes")
	}
	return nil
}

func readData(name string, into any) error {
	b, err := dataFiles.ReadFile(name)
	if err != nil {
		return fmt.Errorf("read demo data %s: %w", name, err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(into); err != nil {
		return fmt.Errorf("decode demo data %s: %w", name, err)
	}
	return nil
}
