package catalogwrite

import (
	"testing"

	"circle/internal/apperr"
)

func TestF_ENG_06_ProductRules(t *testing.T) {
	ok := ProductInput{Title: "Drone <script>x</script>Tour", Description: "Aerial video.", Price: "1200.5", Category: "cat:photography",
		VendorLocation: "Raleigh, NC"}
	p, err := CheckProduct(ok)
	if err != nil || p.Title != "Drone Tour" || p.PriceCents != 120050 || len(p.Warnings) != 0 {
		t.Fatalf("good product: %+v %v", p, err)
	}
	for price, want := range map[string]string{"12.345": "Price has invalid format", "1,200": "Price has invalid format", "-3": "Price has invalid format",
		"$5": "Price has invalid format", "0.00": MsgFree, "100000.01": "Price cannot exceed $100,000", "": "Price is required"} {
		in := ok
		in.Price = price
		_, err := CheckProduct(in)
		e, _ := apperr.As(err)
		if e == nil || len(e.Fields) != 1 || e.Fields[0].Field != "price" || e.Fields[0].Message != want {
			t.Errorf("price %q: %v, want %q", price, err, want)
		}
	}
	high := ok
	high.Price = "20000"
	if p, err := CheckProduct(high); err != nil || len(p.Warnings) != 1 || p.Warnings[0] != "High price detected - requires admin approval" {
		t.Fatalf("high price: %+v %v", p.Warnings, err)
	}
}
