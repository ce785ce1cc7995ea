package httpapi_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"circle/internal/app"
	"circle/internal/demo"
	"circle/internal/payments/stripemock"
	"circle/internal/pointspay"
	"circle/internal/store"
	"circle/internal/testapp"
)

const (
	cardVendor = "ven-closingbell" // vendor@demo.test's
	cardPath   = "/api/vendors/" + cardVendor + "/payment-method"
)

func paymentMethodOf(t *testing.T, res testapp.Response) pointspay.VendorPaymentMethod {
	t.Helper()
	return okJSON[pointspay.VendorPaymentMethod](t, "payment method", res)
}

var cardTokenRE = regexp.MustCompile(`name="token" value="([^"]+)"`)

// TestF_PAY_07_VendorCardAuthorization (authorization matrix rows of the card on file): the
// owner reads, starts and removes; another vendor's card, an agent, a Pro agent and an
// administrator get the 404 of a vendor that does not exist, a visitor 401; the built-in card
// page answers the same 404 to all but the owner, for viewing and saving, and nothing changes.
func TestF_PAY_07_VendorCardAuthorization(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		vendor := a.SignIn(t, "vendor@demo.test", demo.Password)
		others := map[string]*http.Client{
			"agent":     a.SignIn(t, "agent@demo.test", demo.Password),
			"Pro agent": a.SignIn(t, "pro@demo.test", demo.Password),
			"admin":     a.SignIn(t, "admin@demo.test", demo.Password),
		}
		for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodDelete} {
			if res := call(t, a, nil, m, cardPath, nil); res.Status != http.StatusUnauthorized {
				t.Errorf("visitor %s: %d", m, res.Status)
			}
			// vendor@demo.test does not own Harborline.
			if res := call(t, a, vendor, m, "/api/vendors/ven-harborline/payment-method", nil); res.Status != http.StatusNotFound {
				t.Errorf("vendor %s another vendor's card: %d %s", m, res.Status, res.Body)
			}
			if res := call(t, a, vendor, m, "/api/vendors/ven-no-such/payment-method", nil); res.Status != http.StatusNotFound {
				t.Errorf("vendor %s an unknown vendor's card: %d", m, res.Status)
			}
			for name, c := range others {
				if res := call(t, a, c, m, cardPath, nil); res.Status != http.StatusNotFound {
					t.Errorf("%s %s ClosingBell's card: %d %s", name, m, res.Status, res.Body)
				}
			}
		}
		page := "/vendor-card/" + cardVendor
		for name, c := range map[string]*http.Client{"visitor": nil, "agent": others["agent"], "admin": others["admin"]} {
			if res := getAs(t, a, c, page); res.Status != http.StatusNotFound || !strings.Contains(string(res.Body), "This card page does not exist") {
				t.Errorf("%s viewing the card page: %d", name, res.Status)
			}
			if res := formAs(t, a, c, page, card("4242 4242 4242 4242")); res.Status != http.StatusNotFound {
				t.Errorf("%s saving on the card page: %d", name, res.Status)
			}
		}
		if res := getAs(t, a, vendor, "/vendor-card/ven-harborline"); res.Status != http.StatusNotFound {
			t.Errorf("vendor viewing another vendor's card page: %d", res.Status)
		}
		if res := formAs(t, a, vendor, "/vendor-card/ven-harborline", card("4242 4242 4242 4242")); res.Status != http.StatusNotFound {
			t.Errorf("vendor saving another vendor's card: %d", res.Status)
		}
		for _, v := range []string{cardVendor, "ven-harborline"} {
			if n := countCardRows(t, a, v); n != 0 {
				t.Fatalf("%s: %d cards on file after refused calls", v, n)
			}
		}
	})
}

func countCardRows(t *testing.T, a *testapp.App, vendorID string) int {
	t.Helper()
	return countWhere(t, a, "vendor_billing", "vendor_id = ? AND stripe_payment_method_id <> ''", vendorID)
}

// TestF_PAY_07_VendorCardBuiltIn: with the built-in provider the owner asks for the setup page
// (in the language asked), sees the test-mode card page (no script), a declined and a non-test
// card keep the form and save nothing, a Mastercard test card is saved as its brand, last four
// and expiry and the owner lands back on the dashboard's Profile tab; the form's token saves
// without the session (an access token that lapsed while typing), a tampered one does not; the
// card page shows the card on file; remove is audited once and idempotent.
func TestF_PAY_07_VendorCardBuiltIn(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		vendor := a.SignIn(t, "vendor@demo.test", demo.Password)
		if pm := paymentMethodOf(t, call(t, a, vendor, http.MethodGet, cardPath, nil)); pm.Card != nil || !pm.TestMode || pm.VendorID != cardVendor {
			t.Fatalf("no card yet: %+v", pm)
		}
		var setup pointspay.VendorCardSetup
		res := call(t, a, vendor, http.MethodPost, cardPath, map[string]string{"lang": "es"})
		res.JSON(t, &setup)
		if res.Status != http.StatusOK || setup.Provider != "builtin" || setup.URL != a.URL+"/vendor-card/"+cardVendor+"?lang=es" {
			t.Fatalf("setup: %d %s", res.Status, res.Body)
		}
		if res := call(t, a, vendor, http.MethodPost, cardPath, map[string]string{"lang": "de"}); res.Status != http.StatusUnprocessableEntity && res.Status != http.StatusBadRequest {
			t.Fatalf("an unknown language: %d", res.Status)
		}
		u, _ := url.Parse(setup.URL)
		page := u.Path
		res = getAs(t, a, vendor, u.RequestURI())
		body := string(res.Body)
		wantContains(t, "card page", body,
			`<html lang="es">`, "Modo de prueba: sin pago real", "Guarda una tarjeta para los cargos por puntos", "ClosingBell",
			"5555 5555 5555 4444", `action="/vendor-card/ven-closingbell?lang=es"`, "Guardar tarjeta", strings.ReplaceAll(pointspay.ReturnCanceled, "&", "&amp;"))
		if res.Status != http.StatusOK || strings.Contains(strings.ToLower(body), "<script") || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
			t.Fatalf("card page: %d %q", res.Status, res.Header.Get("Content-Type"))
		}
		m := cardTokenRE.FindStringSubmatch(body)
		if m == nil {
			t.Fatal("the card page's form has no token")
		}
		token := m[1]

		// Declined and non-test cards: nothing saved, the form keeps what was typed.
		res = formAs(t, a, vendor, page, card("4000 0000 0000 0002"))
		if res.Status != http.StatusPaymentRequired || !strings.Contains(string(res.Body), "Your card was declined.") ||
			!strings.Contains(string(res.Body), `value="4000 0000 0000 0002"`) {
			t.Fatalf("declined: %d %s", res.Status, res.Body)
		}
		if res := formAs(t, a, vendor, page, card("4111 1111 1111 1111")); res.Status != http.StatusUnprocessableEntity {
			t.Fatalf("a card that is not a test card: %d", res.Status)
		}
		if n := countCardRows(t, a, cardVendor); n != 0 {
			t.Fatal("a refused card was saved")
		}

		// A good test card: saved, back to the dashboard.
		res = formAs(t, a, vendor, page, card("5555 5555 5555 4444"))
		if res.Status != http.StatusSeeOther || res.Header.Get("Location") != pointspay.ReturnSaved {
			t.Fatalf("save: %d %q %s", res.Status, res.Header.Get("Location"), res.Body)
		}
		pm := paymentMethodOf(t, call(t, a, vendor, http.MethodGet, cardPath, nil))
		if pm.Card == nil || pm.Card.Brand != "mastercard" || pm.Card.Last4 != "4444" || pm.Card.Provider != "builtin" || pm.Card.ExpMonth == 0 || pm.Card.UpdatedAt.IsZero() {
			t.Fatalf("card on file: %+v", pm.Card)
		}
		if body := string(getAs(t, a, vendor, page).Body); !strings.Contains(body, "Mastercard ending in 4444 is on file") {
			t.Fatalf("the card page does not show the card on file:\n%s", body)
		}

		// The form's token saves without the session; a tampered one, or one for another vendor's page, does not.
		v := card("4242 4242 4242 4242")
		v.Set("token", token)
		if res := formAs(t, a, nil, page, v); res.Status != http.StatusSeeOther {
			t.Fatalf("save with the form's token: %d %s", res.Status, res.Body)
		}
		if pm := paymentMethodOf(t, call(t, a, vendor, http.MethodGet, cardPath, nil)); pm.Card == nil || pm.Card.Brand != "visa" || pm.Card.Last4 != "4242" {
			t.Fatalf("card saved with the token: %+v", pm.Card)
		}
		v.Set("token", token[:len(token)-2]+"xx")
		if res := formAs(t, a, nil, page, v); res.Status != http.StatusNotFound {
			t.Fatalf("a tampered token: %d", res.Status)
		}
		v.Set("token", token)
		if res := formAs(t, a, nil, "/vendor-card/ven-harborline", v); res.Status != http.StatusNotFound {
			t.Fatalf("ClosingBell's token on Harborline's page: %d", res.Status)
		}

		// Remove: no card, audited once, and again changes nothing.
		for range 2 {
			if pm := paymentMethodOf(t, call(t, a, vendor, http.MethodDelete, cardPath, nil)); pm.Card != nil {
				t.Fatalf("after remove: %+v", pm.Card)
			}
		}
		ctx := context.Background()
		if n, _ := a.DB.Bun().NewSelect().Table("audit_log").Where("action = ? AND object_id = ?", pointspay.ActionCardRemove, cardVendor).Count(ctx); n != 1 {
			t.Fatalf("%d remove audit entries, want 1", n)
		}
		if n, _ := a.DB.Bun().NewSelect().Table("audit_log").Where("action = ? AND object_id = ?", pointspay.ActionCardSave, cardVendor).Count(ctx); n != 2 {
			t.Fatalf("%d save audit entries, want 2", n)
		}
	})
}

// TestF_PAY_07_VendorCardAtStripe (stripe-mock): a point charge of ClosingBell's points fails
// while the vendor has no card and waits; the owner's setup page is a Stripe Checkout Session
// in setup mode for the vendor's Stripe customer (made once: a second setup reuses it); the
// built-in card page is not served; the signed checkout.session.completed (mode setup), applied
// once however often it is delivered, puts the SetupIntent's card on file; the charge waiting
// for a card is then charged on it off session; removing the card detaches it at Stripe.
func TestF_PAY_07_VendorCardAtStripe(t *testing.T) {
	t.Parallel()
	mock := stripemock.Start(t)
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := testapp.Start(t, kind, testapp.Options{ManualJobs: true, Config: func(c *app.Config) {
			c.StripeWebhookSecret, c.StripeSecretKey, c.StripeAPIURL = testWhsec, "sk_test_circle", mock
		}})
		a.LoadDemo(t)
		ctx := context.Background()
		runJobs := func() {
			t.Helper()
			for range 5 {
				if _, err := a.Jobs.RunDue(ctx); err != nil {
					t.Fatal(err)
				}
			}
		}
		vendor := a.SignIn(t, "vendor@demo.test", demo.Password)
		pro := a.SignIn(t, "pro@demo.test", demo.Password)

		// Harborline's points are not ClosingBell's: the Pro agent's automatic co-pay with
		// ClosingBell spends ClosingBell's points and records its charge.
		res := call(t, a, pro, http.MethodPost, "/api/points/copay", map[string]any{"service_id": "svc-listingloop-hdr-photos", "vendor_id": cardVendor, "idempotency_key": "card-1"})
		if res.Status != http.StatusOK {
			t.Fatalf("automatic co-pay with ClosingBell: %d %s", res.Status, res.Body)
		}
		runJobs()
		var charge pointspay.VendorCharge
		if err := a.DB.Bun().NewSelect().Model(&charge).ModelTableExpr("vendor_point_charges AS vendor_charge").Where("vendor_id = ?", cardVendor).Scan(ctx); err != nil {
			t.Fatalf("ClosingBell's point charge: %v", err)
		}
		if charge.Status != pointspay.ChargeFailed || !strings.Contains(charge.Failure, "no saved payment method") {
			t.Fatalf("a charge without a card: %+v", charge)
		}
		pm := paymentMethodOf(t, call(t, a, vendor, http.MethodGet, cardPath, nil))
		if pm.Card != nil || pm.TestMode || pm.WaitingCharges != 1 || pm.WaitingCents != charge.AmountCents {
			t.Fatalf("before the card: %+v", pm)
		}

		// The setup page: Stripe Checkout, the customer made once.
		var setup pointspay.VendorCardSetup
		call(t, a, vendor, http.MethodPost, cardPath, map[string]string{"lang": "fr"}).JSON(t, &setup)
		if setup.Provider != "stripe" || !strings.HasPrefix(setup.URL, "https://checkout.stripe.com/") {
			t.Fatalf("Stripe setup: %+v", setup)
		}
		billing, err := store.NewPointsPay(a.DB).VendorBillingOf(ctx, cardVendor)
		if err != nil || billing.Provider != "stripe" || !strings.HasPrefix(billing.StripeCustomerID, "cus_") || billing.StripePaymentMethodID != "" {
			t.Fatalf("vendor customer: %+v %v", billing, err)
		}
		customer := billing.StripeCustomerID
		if _, err := a.DB.Bun().NewUpdate().Table("vendor_billing").Set("stripe_customer_id = ?", "cus_first").Where("vendor_id = ?", cardVendor).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		call(t, a, vendor, http.MethodPost, cardPath, nil).JSON(t, &setup)
		if b, _ := store.NewPointsPay(a.DB).VendorBillingOf(ctx, cardVendor); b.StripeCustomerID != "cus_first" {
			t.Fatalf("a second setup made another customer: %+v", b)
		}
		customer = "cus_first"
		if res := getAs(t, a, vendor, "/vendor-card/"+cardVendor); res.Status != http.StatusNotFound {
			t.Fatalf("the built-in card page with Stripe configured: %d", res.Status)
		}

		// Stripe's webhook: the setup session completed.
		var vendorUser string
		if err := a.DB.Bun().NewRaw("SELECT id FROM users WHERE email = 'vendor@demo.test'").Scan(ctx, &vendorUser); err != nil {
			t.Fatal(err)
		}
		session := map[string]any{"id": "cs_test_setup_1", "object": "checkout.session", "mode": "setup", "status": "complete", "payment_status": "no_payment_required",
			"customer": customer, "setup_intent": "seti_123", "client_reference_id": cardVendor,
			"metadata": map[string]string{"circle_kind": "vendor_card", "circle_ref": cardVendor, "circle_user": vendorUser}}
		for i := range 3 {
			if dup := webhookDuplicate(t, signed(t, a, testWhsec, "evt_setup_1", "checkout.session.completed", session)); dup != (i > 0) {
				t.Fatalf("delivery %d: duplicate=%v", i, dup)
			}
		}
		if n, _ := a.DB.Bun().NewSelect().Table("jobs").Where("kind = ?", pointspay.SaveCardKind).Count(ctx); n != 1 {
			t.Fatalf("%d save-card jobs for one setup, want 1", n)
		}
		runJobs()
		pm = paymentMethodOf(t, call(t, a, vendor, http.MethodGet, cardPath, nil))
		if pm.Card == nil || pm.Card.Provider != "stripe" || pm.Card.Brand == "" || len(pm.Card.Last4) != 4 || pm.WaitingCharges != 0 {
			t.Fatalf("card on file after the webhook: %+v", pm)
		}
		billing, _ = store.NewPointsPay(a.DB).VendorBillingOf(ctx, cardVendor)
		if billing.StripeCustomerID != customer || !strings.HasPrefix(billing.StripePaymentMethodID, "pm_") || billing.UpdatedBy != vendorUser {
			t.Fatalf("billing after the webhook: %+v", billing)
		}

		// The waiting charge went through on the saved card.
		if err := a.DB.Bun().NewSelect().Model(&charge).ModelTableExpr("vendor_point_charges AS vendor_charge").Where("id = ?", charge.ID).Scan(ctx); err != nil {
			t.Fatal(err)
		}
		if charge.Status != pointspay.ChargeCharged || !strings.HasPrefix(charge.ProviderChargeID, "pi_") || charge.StripePaymentMethodID != billing.StripePaymentMethodID ||
			charge.StripeCustomerID != customer || charge.Failure != "" {
			t.Fatalf("the charge after the card was saved: %+v", charge)
		}

		// Remove: detached at Stripe by a job that succeeds.
		if pm := paymentMethodOf(t, call(t, a, vendor, http.MethodDelete, cardPath, nil)); pm.Card != nil {
			t.Fatalf("after remove: %+v", pm)
		}
		runJobs()
		var detach struct {
			State     string `bun:"state"`
			LastError string `bun:"last_error"`
		}
		if err := a.DB.Bun().NewSelect().Table("jobs").Column("state", "last_error").Where("kind = ?", pointspay.DetachCardKind).Scan(ctx, &detach); err != nil ||
			detach.State != "done" {
			t.Fatalf("detach job: %+v %v", detach, err)
		}
	})
}
