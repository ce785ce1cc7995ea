package httpapi

import (
	"fmt"
	"html/template"
	"net/http"
	"time"

	"circle/internal/apperr"
	"circle/internal/payments"
	"circle/internal/pointspay"
)

// The built-in card page (docs/decisions.md: Vendors save a card): the built-in provider's
// stand-in for Stripe Checkout in setup mode, where a vendor's owner saves a test card for the
// vendor's point charges. Like the built-in payment page (checkout_page.go) it is plain
// server-rendered HTML with no script, in test mode, in the owner's language:
//
//	GET  /vendor-card/{vendor_id}   the card form, the test card numbers, the card on file
//	POST /vendor-card/{vendor_id}   save: the payment page's card checks and test numbers
//	                                (nothing is charged), then back to /vendor-dashboard
//
// It answers the vendor's owner only (their session, or the token its form carries); anyone
// else, and every caller when Stripe is configured, gets the 404 of a page that does not exist.
func (h *VendorCardArea) registerCardPages(r *Router) {
	r.Page("GET /vendor-card/{vendor_id}", h.cardPage)
	r.Page("POST /vendor-card/{vendor_id}", h.saveCard)
}

var _ = template.Must(pageTemplates.New("vendorcard").Parse(`{{template "head" .}}
<div class="card">
<h1>{{.T.CardTitle}}</h1>
<p><span class="test">{{.T.TestMode}}</span></p>
<p>{{.Intro}}</p>
<p class="muted">{{.T.CardTestIntro}}</p>
{{if .OnFile}}<p class="muted">{{.OnFile}}</p>{{end}}
</div>
<div class="card">
<form method="post" action="/vendor-card/{{.VendorID}}?lang={{.T.Lang}}" novalidate>
{{template "cardfields" .}}<div class="actions"><button class="pay" type="submit">{{.T.SaveCard}}</button>
<a class="cancel" href="{{.CancelURL}}">{{.T.Cancel}}</a></div>
</form>
</div>
{{template "testcards" .}}
<p><a href="{{.CancelURL}}">{{.T.BackToDashboard}}</a></p>
{{template "foot" .}}`))

type vendorCardPageData struct {
	T                pageText
	Title            string
	VendorID         string
	Intro, OnFile    string
	Token, CancelURL string
	Error, Field     string
	Form             cardForm
	Cards            []testCardRow
}

// cardPageTTL is how long the form's token lets the owner save (the page's link itself is the
// session's).
const cardPageTTL = time.Hour

// cardKey is the built-in provider's key (nil with Stripe: there is no card page then).
func (h *VendorCardArea) cardKey() []byte {
	if bi, ok := payments.Unwrap(h.Payments).(*payments.BuiltIn); ok {
		return bi.PortalKey
	}
	return nil
}

// cardPageUser is who asks for the page: the user of a valid token for this vendor (in the
// address or the form), else the signed-in caller ("" for nobody).
func (h *VendorCardArea) cardPageUser(r *http.Request, vendorID string) (string, error) {
	token := r.URL.Query().Get("token")
	if token == "" && r.Method == http.MethodPost {
		token = r.PostFormValue("token")
	}
	if u, ok := payments.VerifyCardPageToken(h.cardKey(), token, vendorID, h.Now()); ok {
		return u, nil
	}
	p, ok, err := viewer(r.Context())
	if err != nil || !ok {
		return "", err
	}
	return p.User.ID, nil
}

func (h *VendorCardArea) render(w http.ResponseWriter, status int, name string, data any) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	if err := pageTemplates.ExecuteTemplate(w, name, data); err != nil {
		h.Logger.Error("render vendor card page", "err", err)
	}
}

func (h *VendorCardArea) message(w http.ResponseWriter, status int, t pageText, title, msg string) {
	h.render(w, status, "message", pageMessageData{T: t, Title: title, Message: msg})
}

// cardPageFor reads the page's vendor for its owner; ok is false when an answer was written:
// the same 404 for a vendor that is not the caller's, one that does not exist, and any vendor
// when Stripe is configured.
func (h *VendorCardArea) cardPageFor(w http.ResponseWriter, r *http.Request) (vendorCardPageData, bool) {
	vendorID := r.PathValue("vendor_id")
	if r.Method == http.MethodPost {
		// Read before anything else: a body cut short is the client's 400 (issue 27 item 2).
		if err := r.ParseForm(); err != nil {
			t := textFor(pageLangFor(r, h.Profiles, ""))
			h.message(w, http.StatusBadRequest, t, t.SomethingWrong, t.FormNotRead)
			return vendorCardPageData{}, false
		}
	}
	notFound := func() {
		t := textFor(pageLangFor(r, h.Profiles, ""))
		h.message(w, http.StatusNotFound, t, t.NotFound, t.CardNoPage)
	}
	key := h.cardKey()
	if key == nil {
		notFound()
		return vendorCardPageData{}, false
	}
	userID, err := h.cardPageUser(r, vendorID)
	if err != nil {
		h.Logger.Error("vendor card page", "err", err)
	}
	v, err := h.Cards.OwnedVendor(r.Context(), userID, vendorID)
	if apperr.IsNotFound(err) || (err == nil && userID == "") {
		notFound()
		return vendorCardPageData{}, false
	}
	t := textFor(pageLangFor(r, h.Profiles, userID))
	if err != nil {
		h.Logger.Error("vendor card page", "err", err)
		h.message(w, http.StatusInternalServerError, t, t.SomethingWrong, t.PageNotShown)
		return vendorCardPageData{}, false
	}
	d := vendorCardPageData{T: t, Title: t.CardTitle, VendorID: v.ID, Intro: fmt.Sprintf(t.CardIntro, v.Name),
		Token: payments.SignCardPageToken(key, v.ID, userID, h.Now().Add(cardPageTTL)), CancelURL: pointspay.ReturnCanceled}
	if pm, err := h.Cards.PaymentMethodOf(r.Context(), v.ID); err == nil && pm.Card != nil {
		d.OnFile = fmt.Sprintf(t.CardOnFile, payments.CardBrandName(pm.Card.Brand), pm.Card.Last4)
	}
	for _, c := range payments.TestCards {
		d.Cards = append(d.Cards, testCardRow{Number: c.Number, Result: fmt.Sprintf(t.CardRow, c.Brand, t.cardResult(c.Result))})
	}
	return d, true
}

func (h *VendorCardArea) cardPage(w http.ResponseWriter, r *http.Request) {
	d, ok := h.cardPageFor(w, r)
	if !ok {
		return
	}
	h.render(w, http.StatusOK, "vendorcard", d)
}

// saveCard checks the form as the payment page does; a card that passes is saved for the
// vendor (nothing is charged) and the owner goes back to the dashboard, where a toast says so.
// A refused card keeps everything typed in the form.
func (h *VendorCardArea) saveCard(w http.ResponseWriter, r *http.Request) {
	d, ok := h.cardPageFor(w, r)
	if !ok {
		return
	}
	form := cardForm{CardNumber: r.PostFormValue("card_number"), Expiry: r.PostFormValue("expiry"), CVC: r.PostFormValue("cvc"), Name: r.PostFormValue("name")}
	userID, _ := h.cardPageUser(r, d.VendorID)
	res, err := h.Cards.SaveTestCard(r.Context(), userID, requestIDFrom(r.Context()), d.VendorID,
		pointspay.TestCardForm{Number: form.CardNumber, Expiry: form.Expiry, CVC: form.CVC, Name: form.Name})
	switch {
	case apperr.IsNotFound(err):
		h.message(w, http.StatusNotFound, d.T, d.T.NotFound, d.T.CardNoPage)
		return
	case err != nil:
		h.Logger.Error("save vendor card", "vendor_id", d.VendorID, "err", err)
		d.Error, d.Form = d.T.CardNotSaved, form
		h.render(w, http.StatusInternalServerError, "vendorcard", d)
		return
	case !res.OK:
		status := http.StatusUnprocessableEntity
		if res.Declined {
			status = http.StatusPaymentRequired
		}
		d.Error, d.Field, d.Form = d.T.cardError(res.Message), res.Field, form
		h.render(w, status, "vendorcard", d)
		return
	}
	http.Redirect(w, r, pointspay.ReturnSaved, http.StatusSeeOther)
}
