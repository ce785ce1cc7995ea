package checkout

import (
	"strings"
	"testing"

	"circle/internal/cart"
	"circle/internal/catalog"
	"circle/internal/pricing"
)

// TestF_PAY_08_RecurringLinesSayFirstPeriod (issue 14 item 3): a monthly or yearly service is
// charged once, for its first period, and the line sent to the payment provider says so and
// that renewal is arranged with the vendor, in the buyer's language; a one-time line is named
// as before. Before the fix a $299/mo line went to the provider as just its title.
func TestF_PAY_08_RecurringLinesSayFirstPeriod(t *testing.T) {
	vendor := &catalog.Vendor{ID: "v1", Name: "NestFlow"}
	lines := map[string]cart.Line{
		"svc-mo":   {Service: catalog.Service{ID: "svc-mo", Title: "NestFlow CRM", IsActive: true, IsVerified: true, PriceDuration: "monthly", RetailPriceCents: cents(299_00), ProPriceCents: cents(249_00)}, Vendor: vendor},
		"svc-yr":   {Service: catalog.Service{ID: "svc-yr", Title: "Listing Site", IsActive: true, PriceDuration: "yearly", RetailPriceCents: cents(1440_00)}, Vendor: vendor},
		"svc-once": {Service: catalog.Service{ID: "svc-once", Title: "HDR Photos", IsActive: true, PriceDuration: "one time", RetailPriceCents: cents(225_00)}, Vendor: vendor},
		"svc-pkg": {Service: catalog.Service{ID: "svc-pkg", Title: "Ads", IsActive: true, PriceDuration: "one time"}, Vendor: vendor,
			Packages: []catalog.Package{{ID: "p1", Name: "Growth", PriceCents: cents(100_00), YearlyPriceCents: cents(960_00), Duration: "monthly"}}},
	}
	items := []cart.Item{
		{ID: "i1", ServiceID: "svc-mo", Coverage: cart.CoverageRetail, Quantity: 1, PriceKind: "retail"},
		{ID: "i2", ServiceID: "svc-mo", Coverage: cart.CoveragePro, Quantity: 2, PriceKind: "pro"},
		{ID: "i3", ServiceID: "svc-yr", Coverage: cart.CoverageRetail, Quantity: 1, PriceKind: "retail"},
		{ID: "i4", ServiceID: "svc-once", Coverage: cart.CoverageRetail, Quantity: 1, PriceKind: "retail"},
		{ID: "i5", ServiceID: "svc-pkg", PackageID: "p1", PackageName: "Growth", Coverage: cart.CoverageRetail, Quantity: 1, PriceKind: "retail", Yearly: true},
	}
	want := map[string][]string{
		"en": {
			"NestFlow CRM - first month only; renews with the vendor",
			"NestFlow CRM (Circle Pro price) - first month only; renews with the vendor",
			"Listing Site - first year only; renews with the vendor",
			"HDR Photos",
			"Ads - Growth Package - first year only; renews with the vendor",
		},
		"es": {
			"NestFlow CRM - solo el primer mes; se renueva con el proveedor",
			"NestFlow CRM (Circle Pro price) - solo el primer mes; se renueva con el proveedor",
			"Listing Site - solo el primer año; se renueva con el proveedor",
			"HDR Photos",
			"Ads - Growth Package - solo el primer año; se renueva con el proveedor",
		},
		"fr": {
			"NestFlow CRM - premier mois uniquement ; renouvellement auprès du fournisseur",
			"NestFlow CRM (Circle Pro price) - premier mois uniquement ; renouvellement auprès du fournisseur",
			"Listing Site - première année uniquement ; renouvellement auprès du fournisseur",
			"HDR Photos",
			"Ads - Growth Package - première année uniquement ; renouvellement auprès du fournisseur",
		},
	}
	for lang, names := range want {
		t.Run(lang, func(t *testing.T) {
			got, err := PriceOrder(Order{ID: "o1", Currency: "USD"}, items, lines, pricing.Converter{Currency: pricing.USD, Lang: lang}, true)
			if err != nil {
				t.Fatal(err)
			}
			stored := make([]*OrderItem, len(got.Items))
			for i := range got.Items {
				stored[i] = &got.Items[i]
			}
			lineItems := OrderLineItems(stored, lang)
			if len(lineItems) != len(names) {
				t.Fatalf("%d line items", len(lineItems))
			}
			for i, n := range names {
				if lineItems[i].Name != n {
					t.Errorf("line %d: %q, want %q", i, lineItems[i].Name, n)
				}
			}
			// Each line is charged once: the first period's price times the quantity.
			if lineItems[1].UnitAmountCents != 249_00 || lineItems[1].Quantity != 2 || lineItems[2].UnitAmountCents != 1440_00 {
				t.Errorf("amounts %+v", lineItems)
			}
			periods := []string{}
			for _, it := range got.Items {
				periods = append(periods, it.Period)
			}
			if strings.Join(periods, ",") != "month,month,year,one_time,year" {
				t.Errorf("periods %v", periods)
			}
		})
	}
}

// TestLinePeriod: the period follows the price suffix rule of the card (02§4).
func TestLinePeriod(t *testing.T) {
	for _, c := range []struct {
		duration string
		yearly   bool
		want     string
	}{
		{"monthly", false, PeriodMonth}, {"", false, PeriodMonth}, {"30 days", false, PeriodMonth}, {"TBD", false, PeriodMonth},
		{"monthly", true, PeriodYear}, {"Yearly", false, PeriodYear}, {"annual", false, PeriodYear},
		{"one time", false, PeriodOneTime}, {"One-time", false, PeriodOneTime}, {"once", false, PeriodOneTime},
	} {
		if got := LinePeriod(c.duration, c.yearly); got != c.want {
			t.Errorf("LinePeriod(%q, %v) = %q, want %q", c.duration, c.yearly, got, c.want)
		}
	}
}
