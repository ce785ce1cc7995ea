package httpapi_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"circle/internal/demo"
	"circle/internal/httpapi"
	"circle/internal/partnerpay"
	"circle/internal/store"
)

// TestF_PAY_08_PartnerPaymentOverHTTP is the partner payment journey over HTTP on both engines:
// a visitor cannot make a link (401), another agent gets 404, the request's agent makes one
// for its approved co-pay request; a signed-out partner reads it, uses it and pays on the
// built-in page (with the page token the link handed out), lands on /partner-payment-success,
// whose receipt shows what was paid and for whom; the link is refused afterwards (409 naming
// the token) and the agent's list shows the share paid.
func TestF_PAY_08_PartnerPaymentOverHTTP(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		body := map[string]any{"co_pay_request_id": demo.CoPayApprovedID}
		if res := call(t, a, nil, "POST", "/api/partner-payments", body); res.Status != http.StatusUnauthorized {
			t.Fatalf("visitor: %d %s", res.Status, res.Body)
		}
		other := a.SignIn(t, "agent@demo.test", demo.Password)
		if res := call(t, a, other, "POST", "/api/partner-payments", body); res.Status != http.StatusNotFound {
			t.Fatalf("another agent: %d %s", res.Status, res.Body)
		}
		pro := a.SignIn(t, "pro@demo.test", demo.Password)
		wantError(t, call(t, a, pro, "POST", "/api/partner-payments", map[string]any{"co_pay_request_id": demo.CoPayPendingID}), 409,
			"co_pay_request_id", partnerpay.KeyNotApproved, partnerpay.MsgNotApproved)
		res := call(t, a, pro, "POST", "/api/partner-payments", body)
		if res.Status != http.StatusCreated {
			t.Fatalf("create: %d %s", res.Status, res.Body)
		}
		var made struct {
			URL  string                  `json:"url"`
			Link httpapi.PartnerLinkView `json:"link"`
		}
		res.JSON(t, &made)
		u, err := url.Parse(made.URL)
		if err != nil || !strings.HasPrefix(u.Path, "/partner-checkout/") || made.Link.AmountCents <= 0 || made.Link.Status != "open" {
			t.Fatalf("made %+v", made)
		}
		token := strings.TrimPrefix(u.Path, "/partner-checkout/")

		var link httpapi.PartnerLinkView
		res = call(t, a, nil, "GET", "/api/partner-checkout/"+token, nil)
		res.JSON(t, &link)
		if res.Status != 200 || link.AmountCents != made.Link.AmountCents || link.AgentName == "" || link.VendorName == "" {
			t.Fatalf("link: %d %s", res.Status, res.Body)
		}
		res = call(t, a, nil, "POST", "/api/partner-checkout/"+token+"/pay?lang=en", nil)
		if res.Status != 200 {
			t.Fatalf("pay: %d %s", res.Status, res.Body)
		}
		var pay struct {
			URL string `json:"url"`
		}
		res.JSON(t, &pay)
		pu, err := url.Parse(pay.URL)
		if err != nil || pu.Query().Get("token") == "" {
			t.Fatalf("page %q", pay.URL)
		}
		sid := strings.TrimPrefix(pu.Path, "/checkout/")
		// The page opens for the signed-out partner with its page token; without it, 404.
		if res := getAs(t, a, nil, pu.Path); res.Status != http.StatusNotFound {
			t.Fatalf("page without token: %d", res.Status)
		}
		page := getAs(t, a, nil, pu.RequestURI())
		if page.Status != 200 || !strings.Contains(string(page.Body), "Partner share:") {
			t.Fatalf("page: %d %s", page.Status, page.Body)
		}
		// A second use while the page is open is refused.
		wantError(t, call(t, a, nil, "POST", "/api/partner-checkout/"+token+"/pay", nil), 409, "token", partnerpay.KeyInProgress, partnerpay.MsgInProgress)
		form := card("4242 4242 4242 4242")
		form.Set("token", pu.Query().Get("token"))
		res = formAs(t, a, nil, pu.Path+"/pay", form)
		if res.Status != http.StatusSeeOther || res.Header.Get("Location") != "/partner-payment-success?session_id="+sid {
			t.Fatalf("paid page: %d %s %s", res.Status, res.Header.Get("Location"), res.Body)
		}
		var receipt httpapi.PartnerLinkView
		res = call(t, a, nil, "GET", "/api/partner-payments/sessions/"+sid, nil)
		res.JSON(t, &receipt)
		if res.Status != 200 || receipt.Status != "paid" || receipt.CardLast4 != "4242" || receipt.PaidAt == nil || receipt.AmountCents != made.Link.AmountCents {
			t.Fatalf("receipt: %d %s", res.Status, res.Body)
		}
		wantError(t, call(t, a, nil, "GET", "/api/partner-checkout/"+token, nil), 409, "token", partnerpay.KeyUsed, partnerpay.MsgUsed)
		wantError(t, call(t, a, nil, "POST", "/api/partner-checkout/"+token+"/pay", nil), 409, "token", partnerpay.KeyUsed, partnerpay.MsgUsed)
		var list struct {
			Shares []httpapi.PartnerShareView `json:"shares"`
		}
		res = call(t, a, pro, "GET", "/api/partner-payments", nil)
		res.JSON(t, &list)
		if len(list.Shares) == 0 || list.Shares[0].Link == nil || list.Shares[0].Link.Status != "paid" || list.Shares[0].Role != "agent" {
			t.Fatalf("agent's list: %s", res.Body)
		}
		vendor := a.SignIn(t, "vendor@demo.test", demo.Password)
		res = call(t, a, vendor, "GET", "/api/partner-payments", nil)
		res.JSON(t, &list)
		if len(list.Shares) == 0 || list.Shares[0].Role != "vendor" {
			t.Fatalf("vendor's list: %s", res.Body)
		}
		if res := call(t, a, nil, "GET", "/api/partner-checkout/short", nil); res.Status != 404 {
			t.Fatalf("unknown token: %d", res.Status)
		}
	})
}
