package catalogwrite

import (
	"context"
	"regexp"
	"slices"

	"circle/internal/catalog"
	"circle/internal/ids"
	"circle/internal/pricing"
)

// ChangeProductAdded is the change kind of a product added with the Add New Product dialog.
const ChangeProductAdded = "service.product_added"

// Messages of the Add New Product dialog (03§5 Add Product, 03§9).
const (
	MsgProductSignIn = "You must be logged in to add products"
	MsgProductAdded  = "Product added successfully!"
)

// ProductInput is the Add New Product dialog (03§2): Product Title, Description, Price ($),
// Category, Image URL, Location (City, State).
type ProductInput struct {
	VendorID       string `json:"vendor_id,omitempty" maxLength:"100" doc:"Which of the caller's vendors; empty for their only one"`
	Title          string `json:"title" maxLength:"1000"`
	Description    string `json:"description" maxLength:"4000"`
	Price          string `json:"price" maxLength:"40" doc:"Digits with optional one or two decimals, e.g. 249 or 249.50"`
	Category       string `json:"category" maxLength:"100" doc:"A marketplace category tag (cat:...) from GET /api/vendor/services"`
	ImageURL       string `json:"image_url,omitempty" maxLength:"2000"`
	VendorLocation string `json:"vendor_location" maxLength:"1000" doc:"Where the product is offered: City, State"`
}

// CheckedProduct is a valid product, sanitised, its price in cents.
type CheckedProduct struct {
	ProductInput
	PriceCents int64
	Warnings   []string
}

var productPrice = regexp.MustCompile(`^[0-9]+(\.[0-9]{1,2})?$`)

// CheckProduct applies the Add Product rules of 03§5: title and description required (the
// name and description rules), price required (digits with optional one or two decimals, then
// the price checks of pricing.ParsePrice), category from the marketplace's list, image URL
// optional (the url rule), location required (the location rule); every text sanitised.
func CheckProduct(in ProductInput) (CheckedProduct, error) {
	var f Fields
	f.Name("title", "Product Title", &in.Title)
	f.Description("description", "Description", &in.Description, true)
	out := CheckedProduct{}
	f.Text("price", "Price", &in.Price, true, 0, 0)
	f.Pattern("price", "Price", in.Price, productPrice)
	if !f.Has("price") {
		var warn []string
		var e errs
		out.PriceCents, _ = e.price("price", in.Price, &warn)
		for _, x := range e {
			f.Add(x.Field, x.Key, x.Message)
		}
		out.Warnings = warn
	}
	f.Text("category", "Category", &in.Category, true, 0, 0)
	if in.Category != "" && !slices.ContainsFunc(catalog.CategoryBlocks, func(b catalog.CategoryBlock) bool { return b.Tag == in.Category }) {
		f.Add("category", KeyFormat, "Category has invalid format")
	}
	f.URL("image_url", "Image URL", &in.ImageURL, false)
	f.Location("vendor_location", "Location", &in.VendorLocation)
	if err := f.Err(); err != nil {
		return CheckedProduct{}, err
	}
	out.ProductInput = in
	if out.Warnings == nil {
		out.Warnings = []string{}
	}
	return out, nil
}

// AddProduct creates a product from the Add New Product dialog for one of the caller's vendors
// through the write path: a one-time-priced service in the chosen category, inactive (a draft
// the vendor completes and activates in the Services tab), with its change record.
func (s *Service) AddProduct(ctx context.Context, c Caller, in ProductInput) (Editable, error) {
	p, err := CheckProduct(in)
	if err != nil {
		return Editable{}, err
	}
	v, err := s.vendorFor(ctx, c, p.VendorID)
	if err != nil {
		return Editable{}, err
	}
	now := s.Now().UTC()
	vid, price := v.ID, p.PriceCents
	svc := catalog.Service{ID: ids.New(), VendorID: &vid, IsActive: false, LobbyCategory: "business-professional", IsVerified: v.IsVerified,
		SSPAllowed: true, BookingType: "internal", SyncToGHL: true, CreatedAt: now, UpdatedAt: now,
		Title: p.Title, Description: p.Description, Category: catalog.BlockName(p.Category), RetailPriceCents: &price,
		PriceText: "$" + pricing.FormatDecimal(price), PriceDuration: durations[PeriodOneTime], ImageURL: p.ImageURL, VendorLocation: p.VendorLocation}
	w := Write{Service: svc, Create: true, CatTags: []string{p.Category}, Packages: []catalog.Package{},
		Change: Change{ID: ids.New(), Kind: ChangeProductAdded, VendorID: vid, ServiceIDs: []string{svc.ID}, ActorID: c.UserID, At: now}}
	return s.write(ctx, w, v.Name, p.Warnings)
}
