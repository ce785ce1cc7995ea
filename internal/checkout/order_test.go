package checkout

import (
	"testing"

	"circle/internal/apperr"
	"circle/internal/cart"
	"circle/internal/catalog"
	"circle/internal/pricing"
)

func cents(v int64) *int64 { return &v }

// TestPriceOrder: checkout prices every line from the catalogue for its coverage, holds back the
// lines that need a consultation and refuses a cart that cannot be paid as it is.
func TestPriceOrder(t *testing.T) {
	vendor := &catalog.Vendor{ID: "v1", Name: "ListingLoop"}
	lines := map[string]cart.Line{
		"svc-hdr": {Service: catalog.Service{ID: "svc-hdr", Title: "HDR Photos", IsActive: true, IsVerified: true, RetailPriceCents: cents(225_00), ProPriceCents: cents(189_00)}, Vendor: vendor},
		"svc-q":   {Service: catalog.Service{ID: "svc-q", Title: "Moves", IsActive: true, RequiresQuote: true}},
		"svc-off": {Service: catalog.Service{ID: "svc-off", Title: "Gone", RetailPriceCents: cents(10_00)}},
	}
	retail := cart.Item{ID: "i1", ServiceID: "svc-hdr", Coverage: cart.CoverageRetail, Quantity: 2, PriceKind: "retail", UnitPriceCents: 1}
	pro := cart.Item{ID: "i2", ServiceID: "svc-hdr", Coverage: cart.CoveragePro, Quantity: 1, PriceKind: "pro", Yearly: false}
	quote := cart.Item{ID: "i3", ServiceID: "svc-q", Quantity: 1, PriceKind: "quote"}
	uncovered := cart.Item{ID: "i4", ServiceID: "svc-hdr", Quantity: 1, PriceKind: "retail"}
	inactive := cart.Item{ID: "i5", ServiceID: "svc-off", Coverage: cart.CoverageRetail, Quantity: 1, PriceKind: "retail"}
	usd := pricing.Converter{Currency: pricing.USD}
	cad := pricing.Converter{Currency: pricing.CAD, RateE4: 13800}
	cases := []struct {
		name      string
		items     []cart.Item
		conv      pricing.Converter
		pro       bool
		code      apperr.Code
		total     int64
		totalUSD  int64
		retailUSD int64
		held      int
	}{
		{"retail at the catalogue's price, not the stored one", []cart.Item{retail}, usd, false, "", 450_00, 450_00, 450_00, 0},
		{"Pro price for a Pro member, saving against retail", []cart.Item{retail, pro}, usd, true, "", 639_00, 639_00, 675_00, 0},
		{"in CAD at the rate", []cart.Item{retail}, cad, false, "", 621_00, 450_00, 450_00, 0},
		{"a consultation line is held back", []cart.Item{retail, quote}, usd, false, "", 450_00, 450_00, 450_00, 1},
		{"Pro coverage without Pro", []cart.Item{pro}, usd, false, apperr.Forbidden, 0, 0, 0, 0},
		{"a line without coverage", []cart.Item{retail, uncovered}, usd, false, apperr.Invalid, 0, 0, 0, 0},
		{"a service no longer offered", []cart.Item{inactive}, usd, false, apperr.Invalid, 0, 0, 0, 0},
		{"only consultations", []cart.Item{quote}, usd, false, apperr.Invalid, 0, 0, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := PriceOrder(Order{ID: "o1", Currency: string(c.conv.Currency)}, c.items, lines, c.conv, c.pro)
			if apperr.CodeOf(err) != c.code && !(c.code == "" && err == nil) {
				t.Fatalf("err %v, want %s", err, c.code)
			}
			if err != nil {
				return
			}
			o := got.Order
			if o.TotalCents != c.total || o.TotalUSDCents != c.totalUSD || o.RetailTotalUSDCents != c.retailUSD || len(got.HeldBack) != c.held {
				t.Fatalf("order %+v, held %d, lines %d", o, len(got.HeldBack), len(got.Items))
			}
			if got.Items[0].VendorName != "ListingLoop" || got.Items[0].CartItemID != "i1" {
				t.Errorf("first line %+v", got.Items[0])
			}
		})
	}
}
