package httpapi_test

import (
	"context"
	"strings"
	"testing"

	"circle/internal/demo"
	"circle/internal/detail"
	"circle/internal/httpapi"
	"circle/internal/pricing"
	"circle/internal/store"
	"circle/internal/testapp"
)

func currencyOfRes(t *testing.T, res testapp.Response) httpapi.CurrencyView {
	t.Helper()
	return okJSON[httpapi.CurrencyView](t, "currency answer", res)
}

func retailOffer(t *testing.T, d detail.ServiceDetail) pricing.Money {
	t.Helper()
	for _, o := range d.Offers[0].CoverageOptions {
		if o.Coverage == "retail" && o.Price != nil {
			return *o.Price
		}
	}
	t.Fatalf("no retail price: %+v", d.Offers[0])
	return pricing.Money{}
}

// TestF_APP_06_CurrencySwitch (F-APP-06): the header's USD/CAD switch. A visitor's choice is a
// cookie the server reads, a member's is stored on the profile; after switching to CAD the
// card's currency, the service page, the cart and checkout all price in C$ at the admin rate,
// and checkout charges exactly the amount the cart showed. French without a US state is CAD.
func TestF_APP_06_CurrencySwitch(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)

		// A visitor: USD until they choose CAD; the cookie carries the choice.
		visitor := testapp.NewClient()
		if v := currencyOfRes(t, call(t, a, visitor, "GET", "/api/currency", nil)); v.Choice != "auto" || v.Currency != "USD" || v.USDToCADRateE4 != 13800 {
			t.Fatalf("visitor before: %+v", v)
		}
		if m := retailOffer(t, dtDetail(t, a, visitor, svcHDR)); m.Currency != "USD" {
			t.Fatalf("visitor detail before: %+v", m)
		}
		res := call(t, a, visitor, "PUT", "/api/currency", map[string]any{"choice": "CAD"})
		if v := currencyOfRes(t, res); v.Choice != "CAD" || v.Currency != "CAD" || v.ProfileCurrency {
			t.Fatalf("visitor switch: %+v", v)
		}
		if ck := res.Header.Get("Set-Cookie"); !strings.Contains(ck, "circle_currency=CAD") {
			t.Fatalf("cookie: %q", ck)
		}
		if v := currencyOfRes(t, call(t, a, visitor, "GET", "/api/currency", nil)); v.Currency != "CAD" {
			t.Fatalf("visitor after: %+v", v)
		}
		// The card's amounts are US cents; the currency and rate that display them come from here.
		if m := retailOffer(t, dtDetail(t, a, visitor, svcHDR)); m.Currency != "CAD" || m.Cents != pricing.USDToCAD(m.USDCents, 13800) || !strings.HasPrefix(m.Display, "C$") {
			t.Fatalf("visitor detail in CAD: %+v", m)
		}
		// /pricing's plans follow the switch too.
		var plans httpapi.PlansView
		call(t, a, visitor, "GET", "/api/billing/plans", nil).JSON(t, &plans)
		if plans.Currency != "CAD" {
			t.Fatalf("visitor plans after switching: %s", plans.Currency)
		}
		wantError(t, call(t, a, visitor, "PUT", "/api/currency", map[string]any{"choice": "EUR"}), 422, "", "", "")

		// A member in Texas switches to CAD: stored on the profile.
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		if _, err := a.DB.Bun().NewUpdate().Table("profiles").Set("state = 'TX'").Where("user_id = ?", "usr-demo-agent").Exec(context.Background()); err != nil {
			t.Fatal(err)
		}
		v := cartOf(t, call(t, a, agent, "POST", "/api/cart/items", map[string]any{"service_id": svcHDR, "price_cents": 225_00, "coverage": "retail"}))
		if v.Currency != "USD" || v.Subtotal.Display != "$225" {
			t.Fatalf("Texan cart: %+v", v.Subtotal)
		}
		if cv := currencyOfRes(t, call(t, a, agent, "PUT", "/api/currency", map[string]any{"choice": "CAD"})); cv.Currency != "CAD" || !cv.ProfileCurrency {
			t.Fatalf("member switch: %+v", cv)
		}
		var stored string
		if err := a.DB.Bun().NewSelect().Table("profiles").Column("preferred_currency").Where("user_id = ?", "usr-demo-agent").Scan(context.Background(), &stored); err != nil || stored != "CAD" {
			t.Fatalf("stored choice %q: %v", stored, err)
		}
		if m := retailOffer(t, dtDetail(t, a, agent, svcHDR)); m.Currency != "CAD" || m.Cents != 310_50 || m.Display != "C$311" {
			t.Fatalf("member detail in CAD: %+v", m)
		}
		v = cartOf(t, call(t, a, agent, "GET", "/api/cart", nil))
		if v.Currency != "CAD" || v.Subtotal.Cents != 310_50 || v.Subtotal.Display != "C$311" {
			t.Fatalf("member cart in CAD: %+v", v.Subtotal)
		}
		shown := v.Subtotal
		r := checkoutOf(t, call(t, a, agent, "POST", "/api/checkout", nil))
		if r.Order.Currency != "CAD" || r.Order.TotalCents != shown.Cents || r.Order.TotalUSDCents != shown.USDCents || r.Order.USDToCADRateE4 != 13800 {
			t.Fatalf("checkout charged %d %s, the cart showed %+v", r.Order.TotalCents, r.Order.Currency, shown)
		}
		if body := string(getAs(t, a, agent, pagePath(t, r.URL)).Body); !strings.Contains(body, shown.Display) {
			t.Fatalf("payment page does not charge %s", shown.Display)
		}

		// Back to auto; a French member without a state sees CAD (01§9 "in French").
		if cv := currencyOfRes(t, call(t, a, agent, "PUT", "/api/currency", map[string]any{"choice": "auto"})); cv.Currency != "USD" {
			t.Fatalf("auto in Texas: %+v", cv)
		}
		if _, err := a.DB.Bun().NewUpdate().Table("profiles").Set("state = ''").Set("preferred_language = 'fr'").Where("user_id = ?", "usr-demo-agent").Exec(context.Background()); err != nil {
			t.Fatal(err)
		}
		if cv := currencyOfRes(t, call(t, a, agent, "GET", "/api/currency", nil)); cv.Choice != "auto" || cv.Currency != "CAD" {
			t.Fatalf("French without a state: %+v", cv)
		}
		if m := retailOffer(t, dtDetail(t, a, agent, svcHDR)); m.Currency != "CAD" || m.Display != "311\u00a0C$" {
			t.Fatalf("French detail (fr-CA format): %+v", m)
		}
	})
}
