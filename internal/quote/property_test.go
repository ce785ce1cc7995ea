package quote_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"circle/internal/demo"
	"circle/internal/pricing"
	"circle/internal/store"
	"circle/internal/store/storetest"
	"circle/internal/testapp"
)

// The answers the property test reads, as the API sends them.
type (
	cardOffer struct {
		Kind           string `json:"kind"`
		Cents          *int64 `json:"cents"`
		CopayFromCents *int64 `json:"copay_from_cents"`
	}
	apiCard struct {
		ID        string `json:"id"`
		Suffix    string `json:"price_suffix"`
		Displayed struct {
			Kind  string `json:"kind"`
			Cents *int64 `json:"cents"`
		} `json:"displayed_price"`
		Offers struct {
			Member cardOffer `json:"member"`
			Pro    cardOffer `json:"pro"`
		} `json:"offers"`
		SortPrice *struct {
			MonthlyCents int64 `json:"monthly_cents"`
		} `json:"sort_price"`
	}
	apiOffer struct {
		PackageID       string `json:"package_id"`
		Yearly          bool   `json:"yearly"`
		Quote           bool   `json:"quote"`
		RetailCents     *int64 `json:"retail_price_cents"`
		ProCents        *int64 `json:"pro_price_cents"`
		DefaultCoverage string `json:"default_coverage"`
		Options         []struct {
			Coverage   string `json:"coverage"`
			PriceCents *int64 `json:"price_cents"`
		} `json:"coverage_options"`
	}
	apiDetail struct {
		Service  apiCard    `json:"service"`
		Offers   []apiOffer `json:"offers"`
		Packages []struct {
			ID      string `json:"id"`
			ProOnly bool   `json:"pro_only"`
		} `json:"packages"`
		Respa struct {
			CoPay *struct {
				PriceCents int64 `json:"price_cents"`
			} `json:"copay"`
		} `json:"respa"`
	}
	money struct {
		Cents    int64 `json:"cents"`
		USDCents int64 `json:"usd_cents"`
	}
	apiCart struct {
		Items []struct {
			ServiceID string `json:"service_id"`
			PackageID string `json:"package_id"`
			Yearly    bool   `json:"yearly"`
			Coverage  string `json:"coverage"`
			UnitPrice money  `json:"unit_price"`
			LineTotal money  `json:"line_total"`
		} `json:"items"`
		Subtotal money  `json:"subtotal"`
		RateE4   int    `json:"usd_to_cad_rate_e4"`
		Currency string `json:"currency"`
	}
	apiCheckout struct {
		SessionID string `json:"session_id"`
		Order     struct {
			TotalCents int64 `json:"total_cents"`
			Items      []struct {
				ServiceID      string `json:"service_id"`
				PackageID      string `json:"package_id"`
				Yearly         bool   `json:"yearly"`
				UnitPriceUSD   int64  `json:"unit_price_usd_cents"`
				LineTotalCents int64  `json:"line_total_cents"`
			} `json:"items"`
		} `json:"order"`
	}
)

// viewerKind is one kind of viewer the property walks.
type viewerKind struct {
	name     string
	email    string // "" for a visitor
	pro      bool
	points   bool // pays with points
	canadian bool
}

var viewerKinds = []viewerKind{
	{name: "visitor"},
	{name: "agent", email: "agent@demo.test"},
	{name: "pro", email: "pro@demo.test", pro: true},
	{name: "pro with points", email: "pro@demo.test", pro: true, points: true},
	{name: "canadian", email: "creator@demo.test", canadian: true},
}

// TestF_PAY_02_F_PAY_04_F_PAY_08_F_CAT_03_OneQuoteEverywhere is the one-quote property (issue 26
// item 3), through the real server on both databases: for every demo service x package x kind
// of viewer (visitor, agent, Pro, Pro paying with points, Canadian), the price the card shows =
// the detail page's offer (and its co-pay price) = the cart line = the amount checkout charges
// on the built-in payment page, to the cent; and the price sorts order the services by the
// retail price's monthly equivalent the card carries (sort_price, issue 28 item 6). Before the one quote, a Pro member's card showed
// retail on unverified services whose purchase dialog charged the Pro price, and the co-pay
// price of a card was another formula than the one checkout charges.
func TestF_PAY_02_F_PAY_04_F_PAY_08_F_CAT_03_OneQuoteEverywhere(t *testing.T) {
	t.Parallel()
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			t.Parallel()
			oneQuoteEverywhere(t, kind)
		})
	}
}

func oneQuoteEverywhere(t *testing.T, kind store.Kind) {
	a := testapp.Start(t, kind)
	d := a.LoadDemo(t)
	cards := sortedCards(t, a)
	for _, acc := range d.Accounts {
		if acc.Email == "pro@demo.test" {
			// Enough points for every points line of the walk (1 point = US$1).
			if _, err := store.NewPoints(a.DB).AddPoints(context.Background(), acc.ID, 10_000_000, "test_grant", "one-quote-property"); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, vk := range viewerKinds {
		c := testapp.NewClient()
		if vk.email != "" {
			c = a.SignIn(t, vk.email, demo.Password)
		}
		if vk.canadian {
			send(t, a, c, http.MethodPatch, "/api/profile", map[string]string{"state": "ON"}, nil)
		}
		var lines []line
		for _, card := range cards {
			lines = append(lines, cardAgreesWithDetail(t, a, c, vk, card)...)
		}
		if vk.email == "" {
			continue
		}
		// Each pass adds lines of distinct (service, package): monthly lines, then yearly ones.
		for _, yearly := range []bool{false, true} {
			var batch []line
			for _, l := range lines {
				if l.yearly != yearly {
					continue
				}
				batch = append(batch, l)
				if len(batch) == 50 { // a cart holds 50 lines
					cartAgreesWithCheckout(t, a, c, vk, batch)
					batch = nil
				}
			}
			if len(batch) > 0 {
				cartAgreesWithCheckout(t, a, c, vk, batch)
			}
		}
	}
}

// line is one offer to add at the price the detail page gave for it.
type line struct {
	serviceID, packageID string
	yearly               bool
	coverage             string
	usdCents             int64
}

// sortedCards reads every card sorted by price, low to high and high to low, and checks both
// orders follow the headline price the card shows, per month, with unpriced cards last.
func sortedCards(t *testing.T, a *testapp.App) []apiCard {
	t.Helper()
	var low []apiCard
	for _, sort := range []string{"price_low", "price_high"} {
		var page struct {
			Services []apiCard `json:"services"`
			Total    int       `json:"total"`
		}
		send(t, a, a.Client, http.MethodGet, "/api/marketplace/services?page_size=100&sort="+sort, nil, &page)
		if len(page.Services) != page.Total || page.Total < 60 {
			t.Fatalf("%s: %d of %d services on one page", sort, len(page.Services), page.Total)
		}
		unpriced := false
		for i, c := range page.Services {
			if c.Offers.Member.Cents == nil {
				unpriced = true
				continue
			}
			if unpriced {
				t.Fatalf("%s: %s priced after an unpriced card", sort, c.ID)
			}
			if c.SortPrice == nil || c.SortPrice.MonthlyCents != (perMonthE12(c)+6)/12 {
				t.Fatalf("%s: %s sort price %v, retail %d%s", sort, c.ID, c.SortPrice, *c.Offers.Member.Cents, c.Suffix)
			}
			if i == 0 || page.Services[i-1].Offers.Member.Cents == nil {
				continue
			}
			prev, cur := perMonthE12(page.Services[i-1]), perMonthE12(c)
			if (sort == "price_low" && cur < prev) || (sort == "price_high" && cur > prev) {
				t.Fatalf("%s: %s (%d shown) out of order after %s (%d)", sort, c.ID, cur, page.Services[i-1].ID, prev)
			}
		}
		if sort == "price_low" {
			low = page.Services
		}
	}
	return low
}

// perMonthE12 is the card's retail price (a member's headline) per month times 12: a yearly or
// one-time price as it is (issue 28 item 6: a one-time price is spread over 12 months).
func perMonthE12(c apiCard) int64 {
	if c.Suffix != "/mo" {
		return *c.Offers.Member.Cents
	}
	return *c.Offers.Member.Cents * 12
}

// cardAgreesWithDetail checks the card against the detail page as the viewer sees it, and
// returns the lines the viewer's purchase dialogs would add.
func cardAgreesWithDetail(t *testing.T, a *testapp.App, c *http.Client, vk viewerKind, card apiCard) []line {
	t.Helper()
	var det apiDetail
	send(t, a, c, http.MethodGet, "/api/services/"+card.ID, nil, &det)
	shown := card.Offers.Member
	if vk.pro {
		shown = card.Offers.Pro
	}
	if dc := det.Service.Offers; !sameOffers(dc.Member, card.Offers.Member) || !sameOffers(dc.Pro, card.Offers.Pro) {
		t.Errorf("%s %s: the detail's card offers %+v differ from the list card's %+v", vk.name, card.ID, dc, card.Offers)
	}
	self := det.Offers[0]
	cov := self.DefaultCoverage
	if vk.email == "" {
		cov = "retail" // a visitor's dialog shows the retail option, locked until sign-in
	}
	dialog := priceAt(self, cov)
	if self.Quote {
		dialog = nil
	}
	if (shown.Cents == nil) != (dialog == nil) || (dialog != nil && *dialog != *shown.Cents) {
		t.Errorf("%s %s: the card shows %s %v, the purchase dialog adds at %q %v", vk.name, card.ID, shown.Kind, cents(shown.Cents),
			cov, cents(dialog))
	}
	if vk.pro {
		// The co-pay price: the card's "from $X with co-pay" and a co-pay headline are the detail's.
		var copay *int64
		if det.Respa.CoPay != nil {
			copay = &det.Respa.CoPay.PriceCents
		}
		if f := shown.CopayFromCents; f != nil && (copay == nil || *f != *copay) {
			t.Errorf("%s %s: the card shows co-pay from %d, the detail's co-pay price is %v", vk.name, card.ID, *f, cents(copay))
		}
		if k := card.Displayed.Kind; (k == "copay" || k == "potential_copay") != (copay != nil) ||
			(copay != nil && *card.Displayed.Cents != *copay) {
			t.Errorf("%s %s: headline %s %v, the detail's co-pay price %v", vk.name, card.ID, k, cents(card.Displayed.Cents), cents(copay))
		}
	}
	proOnly := map[string]bool{}
	for _, p := range det.Packages {
		proOnly[p.ID] = p.ProOnly
	}
	var out []line
	for _, o := range det.Offers {
		if o.Quote || o.DefaultCoverage == "" || o.PackageID == "retail" || o.PackageID == "pro" || o.PackageID == "copay" {
			continue // a consultation, or a sales-page tier (the service itself again)
		}
		if proOnly[o.PackageID] && !vk.pro {
			continue // the page locks it: Upgrade to Access
		}
		cov, price := o.DefaultCoverage, priceAt(o, o.DefaultCoverage)
		if vk.points {
			cov, price = "points", nil
			for _, opt := range o.Options {
				if opt.Coverage == "points" {
					price = opt.PriceCents
				}
			}
		}
		if price != nil {
			out = append(out, line{serviceID: card.ID, packageID: o.PackageID, yearly: o.Yearly, coverage: cov, usdCents: *price})
		}
	}
	return out
}

func sameOffers(a, b cardOffer) bool {
	return a.Kind == b.Kind && fmt.Sprint(cents(a.Cents)) == fmt.Sprint(cents(b.Cents)) &&
		fmt.Sprint(cents(a.CopayFromCents)) == fmt.Sprint(cents(b.CopayFromCents))
}

func priceAt(o apiOffer, coverage string) *int64 {
	switch coverage {
	case "retail":
		return o.RetailCents
	case "pro":
		return o.ProCents
	}
	return nil
}

// cartAgreesWithCheckout adds the lines, checks each cart line is priced as the detail offered
// it (in the viewer's currency), checks out and checks every order line and the payment page's
// amount are what the cart showed; then empties the cart.
func cartAgreesWithCheckout(t *testing.T, a *testapp.App, c *http.Client, vk viewerKind, batch []line) {
	t.Helper()
	type key struct {
		service, pkg string
		yearly       bool
	}
	for _, l := range batch {
		body := map[string]any{"service_id": l.serviceID, "package_id": l.packageID, "price_cents": l.usdCents, "coverage": l.coverage, "yearly": l.yearly}
		raw, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		if res := a.DoWith(t, c, http.MethodPost, "/api/cart/items", raw, nil); res.Status != http.StatusOK {
			t.Fatalf("%s: adding %+v as the detail offered it: %d %s", vk.name, l, res.Status, res.Body)
		}
	}
	var cart apiCart
	send(t, a, c, http.MethodGet, "/api/cart", nil, &cart)
	if want := map[bool]string{false: "USD", true: "CAD"}[vk.canadian]; cart.Currency != want {
		t.Fatalf("%s: the cart is in %s, want %s", vk.name, cart.Currency, want)
	}
	if len(cart.Items) != len(batch) {
		t.Fatalf("%s: %d lines added, the cart has %d", vk.name, len(batch), len(cart.Items))
	}
	want := map[key]int64{}
	for _, l := range batch {
		want[key{l.serviceID, l.packageID, l.yearly}] = l.usdCents
	}
	charged := map[key]int64{}
	for _, it := range cart.Items {
		k := key{it.ServiceID, it.PackageID, it.Yearly}
		local := want[k]
		if vk.canadian {
			local = pricing.USDToCAD(want[k], cart.RateE4)
		}
		if it.UnitPrice.USDCents != want[k] || it.UnitPrice.Cents != local {
			t.Errorf("%s %v: the detail offered %d US cents, the cart line costs %+v", vk.name, k, want[k], it.UnitPrice)
		}
		charged[k] = it.LineTotal.Cents
	}
	var co apiCheckout
	send(t, a, c, http.MethodPost, "/api/checkout", nil, &co)
	if co.Order.TotalCents != cart.Subtotal.Cents || len(co.Order.Items) != len(cart.Items) {
		t.Errorf("%s: checkout charges %d for %d lines, the cart's subtotal is %d for %d", vk.name, co.Order.TotalCents, len(co.Order.Items),
			cart.Subtotal.Cents, len(cart.Items))
	}
	for _, it := range co.Order.Items {
		k := key{it.ServiceID, it.PackageID, it.Yearly}
		if it.LineTotalCents != charged[k] || it.UnitPriceUSD != want[k] {
			t.Errorf("%s %v: checkout charges %d (unit %d US cents), the cart line showed %d (unit %d)", vk.name, k, it.LineTotalCents,
				it.UnitPriceUSD, charged[k], want[k])
		}
	}
	if co.SessionID != "" {
		var sess struct {
			Session struct {
				AmountCents int64 `json:"amount_cents"`
			} `json:"session"`
		}
		send(t, a, c, http.MethodGet, "/api/checkout/sessions/"+co.SessionID, nil, &sess)
		if sess.Session.AmountCents != co.Order.TotalCents {
			t.Errorf("%s: the payment page charges %d, the order's total is %d", vk.name, sess.Session.AmountCents, co.Order.TotalCents)
		}
	}
	send(t, a, c, http.MethodDelete, "/api/cart", nil, nil)
}

// send calls the API and decodes a 200 answer into out.
func send(t *testing.T, a *testapp.App, c *http.Client, method, path string, body, out any) {
	t.Helper()
	var raw []byte
	if body != nil {
		var err error
		if raw, err = json.Marshal(body); err != nil {
			t.Fatal(err)
		}
	}
	res := a.DoWith(t, c, method, path, raw, nil)
	if res.Status != http.StatusOK {
		t.Fatalf("%s %s: %d %s", method, path, res.Status, res.Body)
	}
	if out != nil {
		res.JSON(t, out)
	}
}

func cents(p *int64) any {
	if p == nil {
		return nil
	}
	return *p
}
