package httpapi_test

import (
	"net/http"
	"slices"
	"testing"

	"circle/internal/app"
	"circle/internal/cart"
	"circle/internal/demo"
	"circle/internal/store"
	"circle/internal/testapp"
)

// Demo services the commerce tests use (prices from internal/demo).
const (
	svcHDR       = "svc-listingloop-hdr-photos" // "Starting at $225", Pro $189, co-pay 50%, packages 225/349/595
	pkgSignature = "pkg-listingloop-hdr-photos-signature"
	svcQuote     = "svc-hearthstone-client-move" // "Contact for quote"
	svcStaging   = "svc-linenoak-vacant-staging" // $1,800, Pro $1,600; package Luxury asks for pricing
	pkgLuxury    = "pkg-linenoak-vacant-staging-luxury"
	testWhsec    = "whsec_circle_test_secret"
)

// payApp starts the app with the demo data and a known webhook secret (the built-in provider
// signs its own events with it, and tests sign theirs).
func payApp(t *testing.T, kind store.Kind, cfg ...func(*app.Config)) *testapp.App {
	t.Helper()
	a := testapp.Start(t, kind, testapp.Options{Config: func(c *app.Config) {
		c.StripeWebhookSecret = testWhsec
		for _, f := range cfg {
			f(c)
		}
	}})
	a.LoadDemo(t)
	return a
}

func call(t *testing.T, a *testapp.App, c *http.Client, method, path string, body any) testapp.Response {
	t.Helper()
	return sendJSON(t, a, c, method, path, body, nil)
}

func cartOf(t *testing.T, res testapp.Response) cart.CartView {
	t.Helper()
	return okJSON[cart.CartView](t, "cart answer", res)
}

// wantError checks status, code, field, key and message of an error answer.
func wantError(t *testing.T, res testapp.Response, status int, field, key, message string) {
	t.Helper()
	var e apiError
	res.JSON(t, &e)
	if res.Status != status {
		t.Fatalf("status %d, want %d: %s", res.Status, status, res.Body)
	}
	if field == "" {
		if message != "" && e.Message != message {
			t.Fatalf("message %q, want %q", e.Message, message)
		}
		return
	}
	for _, f := range e.Fields {
		if f.Field == field && (key == "" || f.Key == key) && (message == "" || f.Message == message) {
			return
		}
	}
	t.Fatalf("no field error %s/%s %q in %s", field, key, message, res.Body)
}

// TestF_PAY_03_CartPriceCheckAndRoles: the server cart with the price check of 02§5: a tampered
// price is refused with "Price Validation Failed", a missing or zero price with "Pricing Error";
// visitors are refused; an agent cannot choose Pro coverage, a Pro member can; badges, totals
// and quantities are the server's; the cart is the same on every device.
func TestF_PAY_03_CartPriceCheckAndRoles(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		// Visitors cannot use the cart.
		if res := call(t, a, nil, "GET", "/api/cart", nil); res.Status != 401 {
			t.Fatalf("visitor cart: %d", res.Status)
		}
		if res := call(t, a, nil, "POST", "/api/cart/items", map[string]any{"service_id": svcHDR, "price_cents": 225_00}); res.Status != 401 {
			t.Fatalf("visitor add: %d", res.Status)
		}
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		v := cartOf(t, call(t, a, agent, "GET", "/api/cart", nil))
		if len(v.Items) != 0 || v.Subtotal.Cents != 0 || v.Currency != "USD" || v.TaxNote == "" {
			t.Fatalf("empty cart: %+v", v)
		}

		// Retail price, no coverage yet: Needs Coverage Selection, nothing payable.
		v = cartOf(t, call(t, a, agent, "POST", "/api/cart/items", map[string]any{"service_id": svcHDR, "price_cents": 225_00}))
		if v.Event != "added" || len(v.Items) != 1 || v.PendingCoverageCount != 1 || v.Subtotal.Cents != 0 || v.ReadyForCheckout {
			t.Fatalf("after add: %+v", v)
		}
		it := v.Items[0]
		if it.Title != "HDR Listing Photography" || it.Vendor == "Unknown Vendor" || it.Coverage != "" || it.CoverageStatus != cart.StatusPendingSelection ||
			!slices.Contains(it.Badges, cart.BadgeNeedsCoverage) || it.UnitPrice.Cents != 225_00 || it.PriceKind != "retail" || it.PriceSuffix != "" {
			t.Fatalf("line: %+v", it)
		}
		if len(it.CoverageOptions) != 2 || it.CoverageOptions[0].Coverage != "retail" || !it.CoverageOptions[0].Available ||
			it.CoverageOptions[1].Coverage != "pro" || it.CoverageOptions[1].Available || it.CoverageOptions[1].Locked != "pro_only" {
			t.Fatalf("an agent's coverage options: %+v", it.CoverageOptions)
		}

		// A tampered price is refused and changes nothing.
		wantError(t, call(t, a, agent, "POST", "/api/cart/items", map[string]any{"service_id": svcHDR, "price_cents": 224_99}),
			400, "price_cents", cart.KeyPriceMismatch, "Price mismatch detected. Please refresh and try again.")
		wantError(t, call(t, a, agent, "POST", "/api/cart/items", map[string]any{"service_id": svcHDR, "price_cents": 1, "coverage": "retail"}),
			400, "price_cents", cart.KeyPriceMismatch, cart.MsgPriceMismatch)
		// The Pro price with retail coverage is not the retail price either.
		wantError(t, call(t, a, agent, "POST", "/api/cart/items", map[string]any{"service_id": svcHDR, "price_cents": 189_00, "coverage": "retail"}),
			400, "price_cents", cart.KeyPriceMismatch, cart.MsgPriceMismatch)
		// No price, or 0: Pricing Error.
		wantError(t, call(t, a, agent, "POST", "/api/cart/items", map[string]any{"service_id": svcHDR}),
			400, "price_cents", cart.KeyPricingError, "Unable to determine valid price. Please contact support.")
		wantError(t, call(t, a, agent, "POST", "/api/cart/items", map[string]any{"service_id": svcHDR, "price_cents": 0}),
			400, "price_cents", cart.KeyPricingError, cart.MsgPricingError)
		// An agent cannot choose Pro coverage.
		wantError(t, call(t, a, agent, "POST", "/api/cart/items", map[string]any{"service_id": svcHDR, "price_cents": 189_00, "coverage": "pro"}),
			403, "coverage", cart.KeyProRequired, "")
		wantError(t, call(t, a, agent, "PATCH", "/api/cart/items/"+it.ID, map[string]any{"coverage": "pro"}), 403, "coverage", cart.KeyProRequired, "")
		if v := cartOf(t, call(t, a, agent, "GET", "/api/cart", nil)); len(v.Items) != 1 || v.Items[0].Quantity != 1 || v.Items[0].Coverage != "" {
			t.Fatalf("refused requests changed the cart: %+v", v.Items)
		}

		// Choosing retail coverage makes the line payable.
		v = cartOf(t, call(t, a, agent, "PATCH", "/api/cart/items/"+it.ID, map[string]any{"coverage": "retail"}))
		if v.Event != "updated" || v.Items[0].Coverage != "retail" || v.Items[0].CoverageStatus != cart.StatusApproved || len(v.Items[0].Badges) != 0 ||
			v.Subtotal.Cents != 225_00 || v.Subtotal.Display != "$225" || !v.ReadyForCheckout {
			t.Fatalf("after coverage: %+v", v)
		}
		// Adding the same line again adds to its quantity.
		v = cartOf(t, call(t, a, agent, "POST", "/api/cart/items", map[string]any{"service_id": svcHDR, "price_cents": 225_00, "quantity": 2}))
		if v.Event != "updated" || len(v.Items) != 1 || v.Items[0].Quantity != 3 || v.Subtotal.Cents != 675_00 || v.ItemCount != 3 {
			t.Fatalf("same line again: %+v", v)
		}
		v = cartOf(t, call(t, a, agent, "PATCH", "/api/cart/items/"+it.ID, map[string]any{"quantity": 5}))
		if v.Items[0].Quantity != 5 || v.Items[0].LineTotal.Cents != 1125_00 {
			t.Fatalf("quantity 5: %+v", v.Items[0])
		}
		if res := call(t, a, agent, "PATCH", "/api/cart/items/"+it.ID, map[string]any{"quantity": 100}); res.Status != 422 {
			t.Fatalf("quantity 100: %d %s", res.Status, res.Body)
		}

		// A package: its own prices and the "{title} - {Tier} Package" title.
		v = cartOf(t, call(t, a, agent, "POST", "/api/cart/items", map[string]any{"service_id": svcHDR, "package_id": pkgSignature, "price_cents": 349_00, "coverage": "retail"}))
		if v.Event != "added" || len(v.Items) != 2 || v.Items[1].Title != "HDR Listing Photography - Signature Package" || v.Subtotal.Cents != 1125_00+349_00 {
			t.Fatalf("package line: %+v", v)
		}
		wantError(t, call(t, a, agent, "POST", "/api/cart/items", map[string]any{"service_id": svcHDR, "package_id": pkgSignature, "price_cents": 225_00}),
			400, "price_cents", cart.KeyPriceMismatch, cart.MsgPriceMismatch)
		wantError(t, call(t, a, agent, "POST", "/api/cart/items", map[string]any{"service_id": svcHDR, "package_id": "pkg-nope", "price_cents": 225_00}),
			400, "package_id", cart.KeyUnknownPackage, "")
		wantError(t, call(t, a, agent, "POST", "/api/cart/items", map[string]any{"service_id": "svc-nope", "price_cents": 225_00}),
			404, "service_id", "", "")

		// A service that needs a quote goes in without a price, flagged for a consultation.
		v = cartOf(t, call(t, a, agent, "POST", "/api/cart/items", map[string]any{"service_id": svcQuote}))
		q := v.Items[2]
		if !q.RequiresConsultation || q.QuantityEditable || !slices.Contains(q.Badges, cart.BadgeConsultation) || v.ConsultationCount != 1 ||
			v.Subtotal.Cents != 1125_00+349_00 || !v.ReadyForCheckout {
			t.Fatalf("quote line: %+v / %+v", q, v)
		}
		wantError(t, call(t, a, agent, "PATCH", "/api/cart/items/"+q.ID, map[string]any{"quantity": 2}), 400, "quantity", cart.KeyQuoteQuantity, cart.MsgQuoteQuantity)
		wantError(t, call(t, a, agent, "PATCH", "/api/cart/items/"+q.ID, map[string]any{"coverage": "retail"}), 400, "coverage", cart.KeyQuoteCoverage, "")
		// A package that asks for pricing is a quote line too.
		v = cartOf(t, call(t, a, agent, "POST", "/api/cart/items", map[string]any{"service_id": svcStaging, "package_id": pkgLuxury}))
		if !v.Items[3].RequiresConsultation || v.Items[3].Title != "Full Vacant Home Staging & Décor - Luxury Package" {
			t.Fatalf("quote package: %+v", v.Items[3])
		}

		// The same cart on another device.
		other := a.SignIn(t, "agent@demo.test", demo.Password)
		if v2 := cartOf(t, call(t, a, other, "GET", "/api/cart", nil)); len(v2.Items) != 4 || v2.Subtotal != v.Subtotal {
			t.Fatalf("second device: %+v", v2)
		}

		// A Pro member may choose the Pro price.
		pro := a.SignIn(t, "pro@demo.test", demo.Password)
		pv := cartOf(t, call(t, a, pro, "POST", "/api/cart/items", map[string]any{"service_id": svcHDR, "price_cents": 189_00, "coverage": "pro"}))
		pl := pv.Items[0]
		if pl.Coverage != "pro" || pl.UnitPrice.Cents != 189_00 || pl.RetailUnitPrice == nil || pl.RetailUnitPrice.Cents != 225_00 || pl.SavingsPercent != 16 ||
			!pl.CoverageOptions[1].Available || pv.Subtotal.Cents != 189_00 {
			t.Fatalf("Pro line: %+v", pl)
		}
		// Carts are per user: the agent's cart is not the Pro member's.
		wantError(t, call(t, a, pro, "DELETE", "/api/cart/items/"+it.ID, nil), 404, "", "", "")
		wantError(t, call(t, a, agent, "PATCH", "/api/cart/items/"+pl.ID, map[string]any{"quantity": 2}), 404, "", "", "")

		// Remove one line, then clear.
		v = cartOf(t, call(t, a, agent, "DELETE", "/api/cart/items/"+it.ID, nil))
		if v.Event != "removed" || len(v.Items) != 3 {
			t.Fatalf("remove: %+v", v)
		}
		v = cartOf(t, call(t, a, agent, "DELETE", "/api/cart", nil))
		if v.Event != "cleared" || len(v.Items) != 0 || v.Subtotal.Cents != 0 {
			t.Fatalf("clear: %+v", v)
		}
		if pv := cartOf(t, call(t, a, pro, "GET", "/api/cart", nil)); len(pv.Items) != 1 {
			t.Fatalf("clearing one cart cleared another: %+v", pv)
		}
	})
}

// TestF_PAY_03_PendingCartItemAfterSignIn: the pendingCartItem a visitor left is added after
// sign-in with the same checks, naming its own fields.
func TestF_PAY_03_PendingCartItemAfterSignIn(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		pending := map[string]any{"type": "service", "serviceId": svcHDR, "serviceName": "HDR Listing Photography", "packageName": "Signature", "price": 349_00, "timestamp": 1767225600000}
		if res := call(t, a, nil, "POST", "/api/cart/pending", pending); res.Status != 401 {
			t.Fatalf("visitor: %d", res.Status)
		}
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		v := cartOf(t, call(t, a, agent, "POST", "/api/cart/pending", pending))
		if v.Event != "added" || len(v.Items) != 1 || v.Items[0].PackageID != pkgSignature || v.Items[0].UnitPrice.Cents != 349_00 {
			t.Fatalf("pending merge: %+v", v)
		}
		pending["price"] = 350_00
		wantError(t, call(t, a, agent, "POST", "/api/cart/pending", pending), 400, "price", cart.KeyPriceMismatch, cart.MsgPriceMismatch)
		pending["price"], pending["packageName"] = 349_00, "Platinum"
		wantError(t, call(t, a, agent, "POST", "/api/cart/pending", pending), 400, "packageName", cart.KeyUnknownPackage, "")
		wantError(t, call(t, a, agent, "POST", "/api/cart/pending", map[string]any{"serviceId": svcHDR}), 400, "price", cart.KeyPricingError, cart.MsgPricingError)
		// Without a package name it is the service itself; a default package of a service without
		// tiers is found by its name.
		v = cartOf(t, call(t, a, agent, "POST", "/api/cart/pending", map[string]any{"serviceId": svcHDR, "price": 225_00}))
		if len(v.Items) != 2 || v.Items[1].PackageID != "" {
			t.Fatalf("service-level pending item: %+v", v.Items)
		}
		if v := cartOf(t, call(t, a, agent, "GET", "/api/cart", nil)); len(v.Items) != 2 {
			t.Fatalf("refused pending items changed the cart: %+v", v.Items)
		}
	})
}

// TestF_PAY_03_CartBadInput: malformed bodies, wrong types, unknown enums and oversize bodies get
// a 4xx naming the field and change nothing.
func TestF_PAY_03_CartBadInput(t *testing.T) {
	t.Parallel()
	a := payApp(t, store.SQLite)
	agent := a.SignIn(t, "agent@demo.test", demo.Password)
	cases := []struct {
		name, method, path, body string
		status                   int
		field                    string
	}{
		{"malformed JSON", "POST", "/api/cart/items", `{"service_id":`, 400, ""},
		{"price as a string", "POST", "/api/cart/items", `{"service_id":"` + svcHDR + `","price_cents":"225.00"}`, 422, "price_cents"},
		{"price with decimals", "POST", "/api/cart/items", `{"service_id":"` + svcHDR + `","price_cents":225.5}`, 422, "price_cents"},
		{"missing service", "POST", "/api/cart/items", `{"price_cents":22500}`, 422, "service_id"},
		{"unknown coverage", "POST", "/api/cart/items", `{"service_id":"` + svcHDR + `","price_cents":22500,"coverage":"coupon"}`, 422, "coverage"},
		{"quantity 0", "POST", "/api/cart/items", `{"service_id":"` + svcHDR + `","price_cents":22500,"quantity":-1}`, 422, "quantity"},
		{"empty patch", "PATCH", "/api/cart/items/x", `{}`, 400, "quantity"},
		{"oversize", "POST", "/api/cart/items", `{"service_id":"` + string(make([]byte, 9000)) + `"}`, 413, ""},
		{"pending wrong type", "POST", "/api/cart/pending", `{"serviceId":"` + svcHDR + `","type":"co-pay-request","price":22500}`, 422, "type"},
	}
	for _, c := range cases {
		res := a.DoWith(t, agent, c.method, c.path, []byte(c.body), nil)
		var e apiError
		res.JSON(t, &e)
		if res.Status != c.status || e.Code == "" || (c.field != "" && (len(e.Fields) == 0 || e.Fields[0].Field != c.field)) {
			t.Errorf("%s: %d %s", c.name, res.Status, res.Body)
		}
	}
	if v := cartOf(t, call(t, a, agent, "GET", "/api/cart", nil)); len(v.Items) != 0 {
		t.Fatalf("bad input changed the cart: %+v", v.Items)
	}
}
