// Package catalogwrite is the one catalogue write path (issue 30 item 0, F-ENG-05, F-AREA-01):
// a vendor's services are created, edited, activated, deactivated and duplicated here only.
// Each write validates with the spec's price rules (03§5, internal/pricing) and the RESPA caps
// (internal/respa), runs in one transaction that also records a catalog_changes row with the
// ids, and after the commit is announced to every replica (marketplace.Service.Changed, which
// publishes on internal/broadcast), so the search index, the snapshot and the detail caches
// show it at once (docs/areas/vendor-self-service.md).
package catalogwrite

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"circle/internal/apperr"
	"circle/internal/catalog"
	"circle/internal/pricing"
	"circle/internal/respa"
	"circle/internal/vendorinvite"
)

// Billing periods of a service's price.
const (
	PeriodOneTime = "one_time"
	PeriodMonthly = "monthly"
	PeriodYearly  = "yearly"
)

// durations are the price_duration texts each period is stored as (what the cards' suffix
// rule, marketplace.PriceSuffix, reads).
var durations = map[string]string{PeriodOneTime: "one time", PeriodMonthly: "monthly", PeriodYearly: "yearly"}

// PeriodOf is the billing period of a stored price_duration.
func PeriodOf(duration string) string {
	d := strings.ToLower(duration)
	switch {
	case strings.Contains(d, "one time"), strings.Contains(d, "one-time"), d == "once":
		return PeriodOneTime
	case strings.Contains(d, "year"), strings.Contains(d, "annual"):
		return PeriodYearly
	}
	return PeriodMonthly
}

// Limits of the editor.
const (
	MaxCategories = 3
	MaxPackages   = 6
	MaxFeatures   = 20
)

// PackageInput is one package of the editor. Prices are text as typed ("$1,250.00"), parsed
// with the spec's rules (pricing.ParsePrice).
type PackageInput struct {
	ID          string   `json:"id,omitempty" maxLength:"100" doc:"The package's id when editing an existing one; empty for a new one"`
	Name        string   `json:"name" maxLength:"200"`
	Description string   `json:"description,omitempty" maxLength:"1000"`
	Price       string   `json:"price" maxLength:"40" doc:"Retail price of the package, as typed (03§5 price rules)"`
	ProPrice    string   `json:"pro_price,omitempty" maxLength:"40" doc:"Circle Pro price, below the retail price; empty for none"`
	YearlyPrice string   `json:"yearly_price,omitempty" maxLength:"40" doc:"Yearly retail price for a monthly package; empty for none"`
	Features    []string `json:"features,omitempty" maxItems:"40"`
	Popular     bool     `json:"popular,omitempty" doc:"Shown as Most Popular; at most one package"`
}

// ServiceInput is the services editor's form.
type ServiceInput struct {
	Title         string         `json:"title" maxLength:"300"`
	TitleEs       string         `json:"title_es,omitempty" maxLength:"300"`
	TitleFr       string         `json:"title_fr,omitempty" maxLength:"300"`
	Description   string         `json:"description" maxLength:"6000"`
	Categories    []string       `json:"categories" maxItems:"10" doc:"Marketplace category tags (cat:...), 1 to 3; the first names the service's category"`
	RetailPrice   string         `json:"retail_price" maxLength:"40" doc:"As typed, e.g. 395 or $1,250.00 (03§5 price rules)"`
	ProPrice      string         `json:"pro_price,omitempty" maxLength:"40" doc:"Circle Pro price, below retail and at most 95% off; empty for none"`
	BillingPeriod string         `json:"billing_period" enum:"one_time,monthly,yearly"`
	CopayAllowed  bool           `json:"copay_allowed,omitempty" doc:"Agents may ask a settlement partner to cover part of the price (co-pay)"`
	SplitLimit    int            `json:"split_limit,omitempty" minimum:"0" maximum:"100" doc:"The most a partner may cover, in percent (1 to the RESPA cap); required with copay_allowed"`
	Packages      []PackageInput `json:"packages,omitempty" maxItems:"20"`
	// ImageURL is the service's picture (the marketplace card and the page's hero when the
	// funnel has no media): an uploaded file's address (/api/media/{id}/file), a path on Circle
	// or an http(s) URL; "" removes it; absent (nil) keeps the service's picture, so a form that
	// does not show it (the back office's, an older draft) never clears it.
	ImageURL *string `json:"image_url,omitempty" maxLength:"500" doc:"The service's picture: an uploaded file's address (/api/media/{id}/file), a path on Circle or an http(s) URL; empty removes it; absent keeps it"`
}

// Messages of the rules (field errors carry message keys the web app translates).
const (
	MsgTitle        = "Title must be 3 to 200 characters."
	MsgTitleLang    = "Translated titles are at most 200 characters."
	MsgDescription  = "Description must be 10 to 5000 characters."
	MsgCategories   = "Choose 1 to 3 marketplace categories."
	MsgPeriod       = "Choose one-time, monthly or yearly."
	MsgProAbove     = "The Pro price must be below the retail price."
	MsgProDiscount  = "The Pro price cannot be more than 95% below the retail price."
	MsgSplitLimit   = "Set a split limit between 1%% and %d%% (the RESPA cap) for co-pay."
	MsgSplitNoCopay = "A split limit needs co-pay eligibility."
	MsgPackages     = "A service has at most 6 packages."
	MsgPackageName  = "Package name must be 1 to 100 characters."
	MsgFeatures     = "A package lists at most 20 features of at most 200 characters each."
	MsgPopular      = "Only one package can be Most Popular."
	MsgYearlyPeriod = "A yearly price is for monthly packages only."
	MsgFree         = "Price must be at least $0.01"
)

// Checked is a valid form, normalised: prices in cents.
type Checked struct {
	ServiceInput
	RetailCents int64
	ProCents    *int64
	Split       *int
	Packages    []CheckedPackage
	// Warnings are the price rules' warnings (a high price needs admin approval, rounding).
	Warnings []string
}

// CheckedPackage is a valid package.
type CheckedPackage struct {
	PackageInput
	PriceCents  int64
	ProCents    *int64
	YearlyCents *int64
}

type errs []apperr.FieldError

func (e *errs) add(field, key, msg string) {
	*e = append(*e, apperr.FieldError{Field: field, Key: key, Message: msg})
}

// price parses a required price with the 03§5 rules; "free" is refused (nothing to sell online).
func (e *errs) price(field, text string, warn *[]string) (int64, bool) {
	p, err := pricing.ParsePrice(text)
	if err != nil {
		pe, _ := err.(*pricing.ParseError)
		e.add(field, pe.Key, pe.Message)
		return 0, false
	}
	if p.Free {
		e.add(field, "price.below_minimum", MsgFree)
		return 0, false
	}
	*warn = append(*warn, p.Warnings...)
	return p.Cents, true
}

// pro parses an optional Pro price below retail and at most 95% off it.
func (e *errs) pro(field, text string, retail int64, retailOK bool, warn *[]string) *int64 {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	c, ok := e.price(field, text, warn)
	if !ok || !retailOK {
		return nil
	}
	switch {
	case c >= retail:
		e.add(field, "catalogWrite.pro_above", MsgProAbove)
		return nil
	case c*100 < retail*(100-pricing.MaxDiscountPerc):
		e.add(field, "catalogWrite.pro_discount", MsgProDiscount)
		return nil
	}
	return &c
}

// Check validates the form, naming every wrong field (packages[i].price and the like).
func Check(in ServiceInput) (Checked, error) {
	var e errs
	var out Checked
	in.Title = vendorinvite.Sanitize(in.Title)
	in.TitleEs = vendorinvite.Sanitize(in.TitleEs)
	in.TitleFr = vendorinvite.Sanitize(in.TitleFr)
	in.Description = vendorinvite.Sanitize(in.Description)
	if n := utf8.RuneCountInString(in.Title); n < 3 || n > 200 {
		e.add("title", "catalogWrite.title", MsgTitle)
	}
	for _, f := range []struct{ name, v string }{{"title_es", in.TitleEs}, {"title_fr", in.TitleFr}} {
		if utf8.RuneCountInString(f.v) > 200 {
			e.add(f.name, "catalogWrite.title_lang", MsgTitleLang)
		}
	}
	if n := utf8.RuneCountInString(in.Description); n < 10 || n > 5000 {
		e.add("description", "catalogWrite.description", MsgDescription)
	}
	if in.ImageURL != nil {
		img := strings.TrimSpace(*in.ImageURL)
		in.ImageURL = &img
		if img != "" && !ValidMediaURL(img) {
			e.add("image_url", KeyURL, MsgURLFormat)
		}
	}
	in.Categories = knownTags(in.Categories)
	if len(in.Categories) < 1 || len(in.Categories) > MaxCategories {
		e.add("categories", "catalogWrite.categories", MsgCategories)
	}
	if _, ok := durations[in.BillingPeriod]; !ok {
		e.add("billing_period", "catalogWrite.period", MsgPeriod)
	}
	retail, retailOK := e.price("retail_price", in.RetailPrice, &out.Warnings)
	out.RetailCents = retail
	out.ProCents = e.pro("pro_price", in.ProPrice, retail, retailOK, &out.Warnings)
	capPct := respa.DefaultNonSSPCap // the most any partner may cover (02§5; SSP partners 20%)
	switch {
	case in.CopayAllowed && (in.SplitLimit < 1 || in.SplitLimit > capPct):
		e.add("split_limit", "catalogWrite.split_limit", fmt.Sprintf(MsgSplitLimit, capPct))
	case in.CopayAllowed:
		s := in.SplitLimit
		out.Split = &s
	case in.SplitLimit != 0:
		e.add("split_limit", "catalogWrite.split_no_copay", MsgSplitNoCopay)
	}
	if len(in.Packages) > MaxPackages {
		e.add("packages", "catalogWrite.packages", MsgPackages)
	}
	popular := 0
	for i, p := range in.Packages {
		f := fmt.Sprintf("packages[%d].", i)
		p.Name = vendorinvite.Sanitize(p.Name)
		p.Description = vendorinvite.Sanitize(p.Description)
		if n := utf8.RuneCountInString(p.Name); n < 1 || n > 100 {
			e.add(f+"name", "catalogWrite.package_name", MsgPackageName)
		}
		if utf8.RuneCountInString(p.Description) > 1000 {
			e.add(f+"description", "validation.max_length", "Package description must be no more than 1000 characters")
		}
		features := make([]string, 0, len(p.Features))
		tooLong := false
		for _, ft := range p.Features {
			ft = vendorinvite.Sanitize(ft)
			if ft == "" {
				continue
			}
			tooLong = tooLong || utf8.RuneCountInString(ft) > 200
			features = append(features, ft)
		}
		if tooLong || len(features) > MaxFeatures {
			e.add(f+"features", "catalogWrite.features", MsgFeatures)
		}
		p.Features = features
		if p.Popular {
			popular++
		}
		cp := CheckedPackage{PackageInput: p}
		var ok bool
		cp.PriceCents, ok = e.price(f+"price", p.Price, &out.Warnings)
		cp.ProCents = e.pro(f+"pro_price", p.ProPrice, cp.PriceCents, ok, &out.Warnings)
		if strings.TrimSpace(p.YearlyPrice) != "" {
			if in.BillingPeriod != PeriodMonthly {
				e.add(f+"yearly_price", "catalogWrite.yearly_period", MsgYearlyPeriod)
			} else if y, ok := e.price(f+"yearly_price", p.YearlyPrice, &out.Warnings); ok {
				cp.YearlyCents = &y
			}
		}
		out.Packages = append(out.Packages, cp)
	}
	if popular > 1 {
		e.add("packages", "catalogWrite.popular", MsgPopular)
	}
	if len(e) > 0 {
		return Checked{}, apperr.Fields(e)
	}
	out.ServiceInput = in
	slices.Sort(out.Warnings)
	out.Warnings = slices.Compact(out.Warnings)
	return out, nil
}

// knownTags keeps the category tags of catalog.CategoryBlocks, once each, in the order given;
// an unknown tag empties the answer so the field is reported.
func knownTags(tags []string) []string {
	out := []string{}
	for _, t := range tags {
		if catalog.BlockName(t) == "" {
			return []string{}
		}
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}
