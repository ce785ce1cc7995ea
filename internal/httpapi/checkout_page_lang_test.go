package httpapi_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"circle/internal/demo"
	"circle/internal/httpapi"
	"circle/internal/payments"
	"circle/internal/store"
	"circle/internal/testapp"
)

// getLang reads a page with c's cookies (nil: a visitor) and an Accept-Language header ("": none).
func getLang(t *testing.T, a *testapp.App, c *http.Client, path, accept string) testapp.Response {
	t.Helper()
	if c == nil {
		c = testapp.NewClient()
	}
	h := http.Header{}
	if accept != "" {
		h.Set("Accept-Language", accept)
	}
	return a.DoWith(t, c, http.MethodGet, path, nil, h)
}

// formLang posts an HTML form with c's cookies (nil: a visitor) and an Accept-Language header
// ("": none), not following redirects.
func formLang(t *testing.T, a *testapp.App, c *http.Client, path string, values url.Values, accept string) testapp.Response {
	t.Helper()
	nc := testapp.NewClient()
	if c != nil {
		nc.Jar = c.Jar
	}
	h := http.Header{"Content-Type": {"application/x-www-form-urlencoded"}}
	if accept != "" {
		h.Set("Accept-Language", accept)
	}
	return a.DoWith(t, nc, http.MethodPost, path, []byte(values.Encode()), h)
}

func wantPage(t *testing.T, what string, res testapp.Response, status int, wants ...string) {
	t.Helper()
	body := string(res.Body)
	if res.Status != status {
		t.Fatalf("%s: status %d, want %d:\n%s", what, res.Status, status, body)
	}
	wantContains(t, what, body, wants...)
}

// TestF_PAY_08_PaymentPagesSpeakTheVisitorsLanguage (F-APP-06): the built-in payment page, its
// card errors, its not-found answer and the built-in billing portal are in the buyer's saved
// language when it is Spanish or French, else in the browser's Accept-Language (en, es or fr),
// else in English, which stays word for word what it was.
func TestF_PAY_08_PaymentPagesSpeakTheVisitorsLanguage(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		r := agentCheckout(t, a, agent)
		// The page's link names the buyer's language (the agent's profile: English).
		link, err := url.Parse(r.URL)
		if err != nil || link.Query().Get("lang") != "en" {
			t.Fatalf("the payment page's link does not name the buyer's language: %s", r.URL)
		}
		page := link.Path

		// No Accept-Language, or one in a language the pages are not written in: English.
		for _, accept := range []string{"", "de-DE, it;q=0.8"} {
			res := getLang(t, a, agent, page, accept)
			wantPage(t, "English page ("+accept+")", res, 200, `<html lang="en">`, "<title>Circle checkout</title>", "Test mode: no real payment",
				"<label for=\"card_number\">Card number</label>", "Expiry (MM / YY)", "Name on card", "Pay $450", ">Cancel</button>",
				"Test card numbers", "Visa succeeds", "Visa is declined (insufficient funds)", "Any future expiry date")
		}

		// Spanish and French from the browser's language (the agent saved no language of their own).
		wantPage(t, "Spanish page", getLang(t, a, agent, page, "es-MX,es;q=0.9,en;q=0.8"), 200, `<html lang="es">`, "<title>Pago de Circle</title>",
			"Modo de prueba: sin pago real", "<label for=\"card_number\">Número de tarjeta</label>", "Código de seguridad", "Pagar $450",
			">Cancelar</button>", "Números de tarjeta de prueba", "Visa: rechazada (fondos insuficientes)", "HDR Listing Photography")
		wantPage(t, "French page", getLang(t, a, agent, page, "fr"), 200, `<html lang="fr">`, "<title>Paiement Circle</title>",
			"Mode test : aucun paiement réel", "<label for=\"card_number\">Numéro de carte</label>", "Date d’expiration (MM / AA)", "Payer $450",
			">Annuler</button>", "Mastercard : acceptée")
		// The preferred language wins over one listed first with a lower weight.
		wantPage(t, "weighted", getLang(t, a, agent, page, "en;q=0.3, fr;q=0.9"), 200, `<html lang="fr">`)

		// A card error is shown in the page's language; what was typed stays.
		bad := card("4242 4242 4242 4241")
		res := formLang(t, a, agent, page+"/pay", bad, "fr-CA")
		wantPage(t, "French invalid card", res, http.StatusUnprocessableEntity, `<html lang="fr">`,
			`role="alert" id="form-error">Votre numéro de carte n’est pas valide.</div>`, "Jordan Avery", `aria-invalid="true"`)
		if strings.Contains(string(res.Body), payments.MsgCardNumberInvalid) {
			t.Fatal("the French page shows the English card error")
		}
		wantPage(t, "French declined card", formLang(t, a, agent, page+"/pay", card("4000 0000 0000 0002"), "fr"), http.StatusPaymentRequired,
			"Votre carte a été refusée.")
		wantPage(t, "Spanish card that is not a test card", formLang(t, a, agent, page+"/pay", card("4111 1111 1111 1111"), "es"),
			http.StatusUnprocessableEntity, "Modo de prueba: sin pago real. Usa uno de los números de tarjeta de prueba")
		wantPage(t, "English invalid card", formLang(t, a, agent, page+"/pay", bad, "en-US"), http.StatusUnprocessableEntity,
			`<html lang="en">`, payments.MsgCardNumberInvalid)

		// The language the link names wins over the browser's, and the form keeps it.
		wantPage(t, "Spanish link", getLang(t, a, agent, page+"?lang=es", "fr"), 200, `<html lang="es">`, "Número de tarjeta",
			`action="/checkout/`+r.SessionID+`/pay?lang=es"`)
		wantPage(t, "Spanish link, invalid card", formLang(t, a, agent, page+"/pay?lang=es", bad, "fr"), http.StatusUnprocessableEntity,
			`<html lang="es">`)

		// A page that is not shown answers in the browser's language, the same for a page that
		// exists and one that does not.
		for _, c := range []*http.Client{nil, a.SignIn(t, "pro@demo.test", demo.Password)} {
			other := getLang(t, a, c, page, "es")
			none := getLang(t, a, c, "/checkout/cs_builtin_nope", "es")
			wantPage(t, "Spanish not found", other, 404, `<html lang="es">`, "Página no encontrada", "Volver a Circle")
			if string(other.Body) != string(none.Body) || none.Status != 404 {
				t.Fatalf("a page of another buyer and no page answer differently:\n%s\n%s", other.Body, none.Body)
			}
		}
		wantPage(t, "Spanish not found (visitor)", getLang(t, a, nil, page, "es"), 404, "Esta página de pago no existe.")

		// A saved Spanish or French wins over the browser's language, with the session and
		// through the e-mailed link opened without it.
		if res := call(t, a, agent, "PATCH", "/api/profile", map[string]any{"preferred_language": "fr"}); res.Status != 200 {
			t.Fatalf("save the language: %d %s", res.Status, res.Body)
		}
		wantPage(t, "saved French", getLang(t, a, agent, page, "es-MX"), 200, `<html lang="fr">`, "Numéro de carte")
		key, err := a.DB.Secret(context.Background(), "billing_portal_key", func() string { t.Fatal("no portal key yet"); return "" })
		if err != nil {
			t.Fatal(err)
		}
		mailed := strings.TrimPrefix((&payments.BuiltIn{PortalKey: []byte(key)}).PageLink(r.SessionID, time.Now().Add(time.Hour)), a.URL)
		wantPage(t, "saved French through the link", getLang(t, a, nil, mailed, "es-MX"), 200, `<html lang="fr">`, "Mode test : aucun paiement réel")
		if res := call(t, a, agent, "PATCH", "/api/profile", map[string]any{"preferred_language": "en"}); res.Status != 200 {
			t.Fatalf("save the language: %d %s", res.Status, res.Body)
		}

		// The built-in billing portal: an invalid link, then a member's portal.
		wantPage(t, "French portal link", getLang(t, a, nil, "/billing-portal/forged.token", "fr"), 404, `<html lang="fr">`, "Lien expiré",
			"Ce lien vers le portail de facturation n’est pas valide ou a expiré.")
		sub := okJSON[httpapi.SubscribeResult](t, "subscribe", call(t, a, agent, "POST", "/api/billing/subscribe", map[string]any{"interval": "month", "seats": 1}))
		subLink, err := url.Parse(sub.URL)
		if err != nil || subLink.Query().Get("lang") != "en" {
			t.Fatalf("the membership's payment page link does not name the member's language: %s", sub.URL)
		}
		subPage := subLink.Path
		wantPage(t, "Spanish membership page", getLang(t, a, agent, subPage, "es"), 200, "Total (al mes)")
		if res := formLang(t, a, agent, subPage+"/pay", card("4242 4242 4242 4242"), "es"); res.Status != http.StatusSeeOther {
			t.Fatalf("pay the membership: %d %s", res.Status, res.Body)
		}
		var portal struct{ URL string }
		call(t, a, agent, "POST", "/api/billing/portal", nil).JSON(t, &portal)
		portalPath := strings.TrimPrefix(portal.URL, a.URL)
		wantPage(t, "Spanish portal", getLang(t, a, nil, portalPath, "es"), 200, `<html lang="es">`, "Portal de facturación de Circle",
			"Modo de prueba: sin pago real", "Circle Pro, facturación mensual", "$99 al mes", "Se renueva el", " de 20", "activa", "Facturas")
		wantPage(t, "English portal", getLang(t, a, nil, portalPath, ""), 200, `<html lang="en">`, "Circle billing portal",
			"Circle Pro, billed monthly", "$99 per month", "Renews", "active")
	})
}

// TestF_PAY_08_CheckoutInTheLanguageBeingRead: the app asks for the payment page in the language
// the buyer is reading (?lang=), whatever the profile says; the page's link carries it, so the
// page, its form and its line names follow; a language the app does not speak is refused.
func TestF_PAY_08_CheckoutInTheLanguageBeingRead(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		if res := call(t, a, agent, "POST", "/api/checkout?lang=de", nil); res.Status != http.StatusUnprocessableEntity || !strings.Contains(string(res.Body), "lang") {
			t.Fatalf("lang=de: %d %s", res.Status, res.Body)
		}
		cartOf(t, call(t, a, agent, "POST", "/api/cart/items", map[string]any{"service_id": svcHDR, "price_cents": 225_00, "coverage": "retail", "quantity": 1}))
		r := checkoutOf(t, call(t, a, agent, "POST", "/api/checkout?lang=fr", nil))
		link, err := url.Parse(r.URL)
		if err != nil || link.Query().Get("lang") != "fr" {
			t.Fatalf("the payment page's link does not name French: %s", r.URL)
		}
		wantPage(t, "French checkout", getLang(t, a, agent, link.RequestURI(), "en-US"), 200, `<html lang="fr">`, "Numéro de carte",
			`action="/checkout/`+r.SessionID+`/pay?lang=fr"`)

		sub := okJSON[httpapi.SubscribeResult](t, "subscribe", call(t, a, agent, "POST", "/api/billing/subscribe?lang=es", map[string]any{"interval": "month", "seats": 1}))
		subLink, err := url.Parse(sub.URL)
		if err != nil || subLink.Query().Get("lang") != "es" {
			t.Fatalf("the membership's payment page link does not name Spanish: %s", sub.URL)
		}
		wantPage(t, "Spanish membership page", getLang(t, a, agent, subLink.RequestURI(), "fr"), 200, `<html lang="es">`, "Total (al mes)")
	})
}
