package cart

import (
	"testing"
)

// TestRoom: a line already in the cart always fits and is not new; a new line needs room under
// MaxLines.
func TestRoom(t *testing.T) {
	line := func(svc, pkg string, yearly bool) Item { return Item{ServiceID: svc, PackageID: pkg, Yearly: yearly} }
	full := make([]Item, MaxLines)
	for i := range full {
		full[i] = line("svc-"+string(rune('a'+i%26))+string(rune('a'+i/26)), "", false)
	}
	cases := []struct {
		name    string
		current []Item
		add     Item
		isNew   bool
		key     string
	}{
		{"an empty cart", nil, line("svc-hdr", "", false), true, ""},
		{"the same line again", []Item{line("svc-hdr", "", false)}, line("svc-hdr", "", false), false, ""},
		{"another package is another line", []Item{line("svc-hdr", "", false)}, line("svc-hdr", "pkg-sig", false), true, ""},
		{"yearly is another line", []Item{line("svc-hdr", "pkg-sig", false)}, line("svc-hdr", "pkg-sig", true), true, ""},
		{"a full cart refuses a new line", full, line("svc-hdr", "", false), false, KeyCartFull},
		{"a full cart takes a line it holds", full, full[7], false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			isNew, err := Room(c.current, c.add)
			if isNew != c.isNew || keyOf(err) != c.key {
				t.Fatalf("new %v err %v, want %v %q", isNew, err, c.isNew, c.key)
			}
		})
	}
}

// TestApplyUpdate: the checks of a quantity or coverage change on a line.
func TestApplyUpdate(t *testing.T) {
	hdrOffer, err := ResolveOffer(hdr, hdrPkgs, "")
	if err != nil {
		t.Fatal(err)
	}
	quoteOffer, err := ResolveOffer(quoteSvc, nil, "")
	if err != nil {
		t.Fatal(err)
	}
	qty := func(n int) *int { return &n }
	retail := Item{Quantity: 2, Coverage: CoverageRetail, PriceKind: "retail", UnitPriceCents: 225_00}
	quote := Item{Quantity: 1, PriceKind: "quote"}
	cases := []struct {
		name      string
		it        Item
		offer     Offer
		req       UpdateRequest
		pro       bool
		key       string
		wantQty   int
		wantPrice int64
		wantCov   Coverage
	}{
		{"quantity", retail, hdrOffer, UpdateRequest{Quantity: qty(5)}, false, "", 5, 225_00, CoverageRetail},
		{"Pro coverage takes the Pro price", retail, hdrOffer, UpdateRequest{Coverage: CoveragePro}, true, "", 2, 189_00, CoveragePro},
		{"Pro coverage needs Pro", retail, hdrOffer, UpdateRequest{Coverage: CoveragePro}, false, KeyProRequired, 2, 225_00, CoverageRetail},
		{"a quote line keeps quantity 1", quote, quoteOffer, UpdateRequest{Quantity: qty(3)}, false, KeyQuoteQuantity, 1, 0, CoverageNone},
		{"a quote line may send its quantity", quote, quoteOffer, UpdateRequest{Quantity: qty(1)}, false, "", 1, 0, CoverageNone},
		{"a quote line takes no coverage", quote, quoteOffer, UpdateRequest{Coverage: CoverageRetail}, false, KeyQuoteCoverage, 1, 0, CoverageNone},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			it := c.it
			err := ApplyUpdate(&it, c.offer, c.req, c.pro)
			if keyOf(err) != c.key {
				t.Fatalf("err %v, want %q", err, c.key)
			}
			if err == nil && (it.Quantity != c.wantQty || it.UnitPriceCents != c.wantPrice || it.Coverage != c.wantCov) {
				t.Fatalf("%+v", it)
			}
		})
	}
}
