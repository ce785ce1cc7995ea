package cart

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"circle/internal/pricing"
)

func cents(v int64) *int64 { return &v }

var (
	crm       = OfferService{ID: "svc-1", RetailPriceCents: cents(129_00), ProPriceCents: cents(99_00), CopayAllowed: true}
	growthPkg = OfferPackage{ID: "pkg-1", Name: "Growth", PriceCents: cents(200_00), ProPriceCents: cents(150_00), YearlyPriceCents: cents(1920_00)}
	usd       = pricing.Converter{Currency: pricing.USD}
	agent     = OfferViewer{SignedIn: true}
	proViewer = OfferViewer{SignedIn: true, Pro: true, Points: 5000}
)

// pick resolves a purchase request against the offers the way the web app's cart layer does
// (web/src/features/cart/usePurchase.ts offerFor): the offers named by the trimmed, lower-cased
// package name; the yearly one when the shown price is its price, else the monthly one; else the
// service itself.
func pick(offers []PurchaseOffer, packageName string, shown *int64) PurchaseOffer {
	key := strings.ToLower(strings.TrimSpace(packageName))
	var monthly, base *PurchaseOffer
	for i := range offers {
		o := &offers[i]
		if slices.Contains(o.RequestNames, "") {
			base = o
		}
		if !slices.Contains(o.RequestNames, key) {
			continue
		}
		if o.Yearly && shown != nil && o.RetailPriceCents != nil && *o.RetailPriceCents == *shown {
			return *o
		}
		if !o.Yearly && monthly == nil {
			monthly = o
		}
	}
	if monthly != nil {
		return *monthly
	}
	return *base
}

// offerText is an offer in one line: package, period, quote, the prices it adds at, default.
func offerText(o PurchaseOffer) string {
	p := func(v *int64) string {
		if v == nil {
			return "-"
		}
		return fmt.Sprint(*v)
	}
	return fmt.Sprintf("%s pkg=%q yearly=%v quote=%v retail=%s pro=%s default=%q", o.ServiceID, o.PackageID, o.Yearly, o.Quote,
		p(o.RetailPriceCents), p(o.ProPriceCents), o.DefaultCoverage)
}

// TestPurchaseOffersResolveRequests: what a purchase request buys (F-PAY-02), the rules the web
// app's offer.ts applied before the server resolved offers.
func TestPurchaseOffersResolveRequests(t *testing.T) {
	quotePkg := growthPkg
	quotePkg.RequestPricing = true
	samePrice := growthPkg
	samePrice.YearlyPriceCents = cents(200_00)
	standardPkg := OfferPackage{ID: "default-standard", Name: "Standard", PriceCents: cents(129_00)}
	noPrice := OfferPackage{ID: "pkg-np", Name: "Later"}
	quoteSvc := crm
	quoteSvc.RequiresQuote = true
	cases := []struct {
		name    string
		svc     OfferService
		pkgs    []OfferPackage
		request string
		shown   *int64
		want    string
	}{
		{"the service itself", crm, nil, "", nil, `svc-1 pkg="" yearly=false quote=false retail=12900 pro=9900 default="retail"`},
		{"a blank package name is the service", crm, []OfferPackage{growthPkg}, "  ", nil, `svc-1 pkg="" yearly=false quote=false retail=12900 pro=9900 default="retail"`},
		{"a package by name, any case", crm, []OfferPackage{growthPkg}, " growth ", nil, `svc-1 pkg="pkg-1" yearly=false quote=false retail=20000 pro=15000 default="retail"`},
		{"a package by id", crm, []OfferPackage{growthPkg}, "pkg-1", cents(200_00), `svc-1 pkg="pkg-1" yearly=false quote=false retail=20000 pro=15000 default="retail"`},
		{"the shown yearly price picks yearly, without a Pro price", crm, []OfferPackage{growthPkg}, "Growth", cents(1920_00), `svc-1 pkg="pkg-1" yearly=true quote=false retail=192000 pro=- default="retail"`},
		{"a yearly price equal to the monthly one stays monthly", crm, []OfferPackage{samePrice}, "Growth", cents(200_00), `svc-1 pkg="pkg-1" yearly=false quote=false retail=20000 pro=15000 default="retail"`},
		{"a package that asks for pricing is a quote", crm, []OfferPackage{quotePkg}, "Growth", nil, `svc-1 pkg="pkg-1" yearly=false quote=true retail=20000 pro=15000 default="retail"`},
		{"a package without any price is a quote", crm, []OfferPackage{noPrice}, "Later", nil, `svc-1 pkg="pkg-np" yearly=false quote=true retail=- pro=- default=""`},
		{"a sales-page tier is the service at its prices", crm, nil, "Circle Pro", nil, `svc-1 pkg="pro" yearly=false quote=false retail=12900 pro=9900 default="retail"`},
		{"co-pay tier", crm, nil, "co-pay", nil, `svc-1 pkg="copay" yearly=false quote=false retail=12900 pro=9900 default="retail"`},
		{"a package named like a tier wins over the tier", crm, []OfferPackage{standardPkg}, "Standard", nil, `svc-1 pkg="default-standard" yearly=false quote=false retail=12900 pro=- default="retail"`},
		{"the first of two packages with one name wins", crm, []OfferPackage{growthPkg, {ID: "pkg-2", Name: "GROWTH", PriceCents: cents(1)}}, "growth", nil, `svc-1 pkg="pkg-1" yearly=false quote=false retail=20000 pro=15000 default="retail"`},
		{"an unknown name is the service", crm, []OfferPackage{growthPkg}, "Enterprise", nil, `svc-1 pkg="" yearly=false quote=false retail=12900 pro=9900 default="retail"`},
		{"a tier id is not a tier name", crm, nil, "pro", nil, `svc-1 pkg="" yearly=false quote=false retail=12900 pro=9900 default="retail"`},
		{"a quote service and its tiers are quotes", quoteSvc, nil, "Standard", nil, `svc-1 pkg="retail" yearly=false quote=true retail=12900 pro=9900 default="retail"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := offerText(pick(PurchaseOffers(c.svc, c.pkgs, agent, usd), c.request, c.shown))
			if got != c.want {
				t.Fatalf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

// optionsText is the options as id:on or id:reason, with the price and points.
func optionsText(opts []OfferOption) string {
	var b []string
	for _, o := range opts {
		s := o.Coverage + ":" + o.LockedReason
		if o.Eligible {
			s = o.Coverage + ":on"
		}
		if o.PriceCents != nil {
			s += fmt.Sprintf("@%d", *o.PriceCents)
		}
		if o.PointsNeeded > 0 {
			s += fmt.Sprintf("/%dpts", o.PointsNeeded)
		}
		b = append(b, s)
	}
	return strings.Join(b, " ")
}

// TestChoiceOptions: the role rules of the pricing-choice and purchase dialogs (F-PAY-04, 02§4,
// 02§5), with the prices and points each option shows.
func TestChoiceOptions(t *testing.T) {
	visitor := OfferViewer{}
	cases := []struct {
		name        string
		viewer      OfferViewer
		retail, pro *int64
		copay       bool
		want        string
		wantDefault string
	}{
		{"a non-Pro agent pays retail; Pro price, co-pay and points are Pro Only", agent, cents(129_00), cents(99_00), true,
			"retail:on@12900 pro:pro_only@9900 copay:pro_only points:pro_only@12900/129pts", "retail"},
		{"a Pro member does not see Retail when there is a Pro price", proViewer, cents(129_00), cents(99_00), true,
			"pro:on@9900 copay:on points:not_eligible@9900/99pts", "pro"},
		{"a Pro member sees Retail when there is no Pro price", proViewer, cents(50_00), nil, false,
			"retail:on@5000 points:not_eligible@5000/50pts", "retail"},
		{"a zero Pro price is no Pro price", proViewer, cents(50_00), cents(0), false,
			"retail:on@5000 points:not_eligible@5000/50pts", "retail"},
		{"points need points above 0", OfferViewer{SignedIn: true, Pro: true}, cents(129_00), cents(99_01), false,
			"pro:on@9901 points:insufficient_points@9901/100pts", "pro"},
		{"points need enough points (1 per dollar, rounded up)", OfferViewer{SignedIn: true, Pro: true, Points: 99}, cents(129_00), cents(99_01), false,
			"pro:on@9901 points:insufficient_points@9901/100pts", "pro"},
		{"enough points are not yet eligible", OfferViewer{SignedIn: true, Pro: true, Points: 100}, cents(129_00), cents(99_01), false,
			"pro:on@9901 points:not_eligible@9901/100pts", "pro"},
		{"points without a price are insufficient", proViewer, nil, nil, false,
			"retail:no_price points:insufficient_points", ""},
		{"retail needs sign-in; co-pay only shows for co-pay services", visitor, cents(129_00), cents(99_00), false,
			"retail:sign_in_required@12900 pro:pro_only@9900 points:pro_only@12900/129pts", ""},
		{"retail needs a usable price", agent, cents(0), nil, false,
			"retail:no_price@0 points:pro_only@0", ""},
		{"nothing can be bought without prices", agent, nil, nil, false,
			"retail:no_price points:pro_only", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := optionsText(ChoiceOptions(c.viewer, c.retail, c.pro, c.copay, usd)); got != c.want {
				t.Fatalf("got  %s\nwant %s", got, c.want)
			}
			o := offerAt("svc", "", false, c.retail, c.pro, c.copay, false, c.viewer, usd)
			if o.DefaultCoverage != c.wantDefault {
				t.Fatalf("default %q, want %q", o.DefaultCoverage, c.wantDefault)
			}
		})
	}
}

// TestOfferOptionMoney: a positive price is shown in the viewer's currency (CAD approximate at
// the admin-set rate); no price, or 0, shows nothing.
func TestOfferOptionMoney(t *testing.T) {
	cad := pricing.Converter{Currency: pricing.CAD, RateE4: 13800}
	opts := ChoiceOptions(agent, cents(129_00), cents(0), true, cad)
	retail := opts[0]
	if retail.Price == nil || retail.Price.Display != "C$178" || !retail.Price.Approximate || retail.Price.USDCents != 129_00 {
		t.Fatalf("retail price %+v", retail.Price)
	}
	for _, o := range opts[1:] {
		if o.Coverage == ChoiceCoPay && (o.Price != nil || o.PriceCents != nil) {
			t.Fatalf("co-pay has a price: %+v", o)
		}
	}
	zero := ChoiceOptions(agent, cents(0), nil, false, cad)
	if zero[0].Price != nil {
		t.Fatalf("a zero price is shown: %+v", zero[0].Price)
	}
}
