package httpapi

import (
	"fmt"
	"html/template"
	"net/http"
	"net/url"

	"circle/internal/apperr"
	"circle/internal/billing"
	"circle/internal/checkout"
	"circle/internal/payments"
	"circle/internal/pricing"
)

// The built-in payment pages (docs/decisions: built-in checkout), the HTTP side of the built-in
// provider: its other two files are payments/builtin.go (the provider: tokens, test cards,
// events) and checkout/builtin.go (page, pay, cancel, clock). They are plain server-rendered
// HTML forms with no script at all, so they work under the app's Content-Security-Policy:
//
//	GET  /checkout/{session_id}         the hosted payment page (test mode)
//	POST /checkout/{session_id}/pay     pay with a test card: the same signed event Stripe
//	                                    sends goes down the webhook path, then /payment-success
//	POST /checkout/{session_id}/cancel  give up: the session expires, then /payment-canceled
//	GET  /billing-portal/{token}        the built-in customer portal (plan, seats, invoices)
//
// They are pages, not API operations, so they are not in the OpenAPI document. A payment page
// answers only its buyer's session, or a page token for it (payments.SignPageToken: the ?token=
// of a link sent by e-mail, or the form's hidden field); anyone else, visitors and other
// members alike, gets the 404 of a page that does not exist (issue 14).
func (h *CheckoutArea) registerPaymentPages(r *Router) {
	r.Page("GET /checkout/{session_id}", h.checkoutPage)
	r.Page("POST /checkout/{session_id}/pay", h.checkoutPay)
	r.Page("POST /checkout/{session_id}/cancel", h.checkoutCancel)
	r.Page("GET /billing-portal/{token}", h.portalPage)
}

var pageTemplates = template.Must(template.New("pages").Parse(`
{{define "head"}}<!doctype html>
<html lang="{{.T.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>{{.Title}}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f7f9;color:#1a1d21;margin:0}
main{max-width:34rem;margin:2rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #dde1e6;border-radius:12px;padding:1.5rem;margin-bottom:1rem}
h1{font-size:1.4rem;margin:0 0 .25rem}
.test{display:inline-block;background:#fff4d6;color:#6b4e00;border:1px solid #f0cf72;border-radius:999px;padding:.2rem .7rem;font-weight:600;font-size:.9rem}
table{width:100%;border-collapse:collapse}td,th{padding:.45rem 0;text-align:left;vertical-align:top}td.num,th.num{text-align:right;padding-left:.75rem}
tr.total td{border-top:1px solid #dde1e6;font-weight:700}
label{display:block;font-weight:600;margin:.8rem 0 .3rem}
input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #9aa3ad;border-radius:8px;font-size:1rem}
input[aria-invalid=true]{border-color:#b3261e}
.row{display:flex;gap:1rem}.row>div{flex:1}
.error{background:#fdecea;color:#8c1d18;border:1px solid #f3b7b1;border-radius:8px;padding:.7rem;margin:.8rem 0}
.actions{display:flex;gap:.75rem;margin-top:1.2rem}
button{font-size:1rem;padding:.7rem 1.2rem;border-radius:8px;border:1px solid #1a56db;cursor:pointer}
button.pay{background:#1a56db;color:#fff;flex:1}button.cancel{background:#fff;color:#1a56db}
a.cancel{display:inline-flex;align-items:center;font-size:1rem;padding:.7rem 1.2rem;border-radius:8px;border:1px solid #1a56db;background:#fff;color:#1a56db;text-decoration:none}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.muted{color:#5b6470;font-size:.9rem}code{font-size:.95rem}
</style></head><body><main>{{end}}

{{define "foot"}}</main></body></html>{{end}}

{{/* The card form's fields and the test card numbers, shared by the payment page and the
vendor card page (vendor_card_page.go). */}}
{{define "cardfields"}}<input type="hidden" name="token" value="{{.Token}}">
{{if .Error}}<div class="error" role="alert" id="form-error">{{.Error}}</div>{{end}}
<label for="card_number">{{.T.CardNumber}}</label>
<input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" value="{{.Form.CardNumber}}" required{{if eq .Field "card_number"}} aria-invalid="true" aria-describedby="form-error"{{end}}>
<div class="row">
<div><label for="expiry">{{.T.Expiry}}</label>
<input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="12 / 34" value="{{.Form.Expiry}}" required{{if eq .Field "expiry"}} aria-invalid="true" aria-describedby="form-error"{{end}}></div>
<div><label for="cvc">{{.T.CVC}}</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" value="{{.Form.CVC}}" required{{if eq .Field "cvc"}} aria-invalid="true" aria-describedby="form-error"{{end}}></div>
</div>
<label for="name">{{.T.NameOn}}</label>
<input id="name" name="name" autocomplete="cc-name" value="{{.Form.Name}}" required{{if eq .Field "name"}} aria-invalid="true" aria-describedby="form-error"{{end}}>
{{end}}

{{define "testcards"}}<div class="card"><h2>{{.T.TestCards}}</h2>
<table aria-label="{{.T.TestCards}}"><thead><tr><th scope="col">{{.T.Number}}</th><th scope="col">{{.T.Result}}</th></tr></thead><tbody>
{{range .Cards}}<tr><td><code>{{.Number}}</code></td><td>{{.Result}}</td></tr>{{end}}
</tbody></table>
<p class="muted">{{.T.TestCardsHint}}</p></div>{{end}}

{{define "checkout"}}{{template "head" .}}
<div class="card">
<h1>{{.T.CheckoutTitle}}</h1>
<p><span class="test">{{.T.TestMode}}</span></p>
<p class="muted">{{.T.CheckoutIntro}}</p>
<table aria-label="{{.T.Items}}">
<thead><tr><th scope="col">{{.T.Item}}</th><th scope="col" class="num">{{.T.Qty}}</th><th scope="col" class="num">{{.T.Amount}}</th></tr></thead>
<tbody>{{range .Lines}}<tr><td>{{.Name}}</td><td class="num">{{.Quantity}}</td><td class="num">{{.Amount}}</td></tr>{{end}}
<tr class="total"><td>{{.T.Total}}{{if .Recurring}} ({{.Recurring}}){{end}}</td><td></td><td class="num">{{.Total}}</td></tr></tbody>
</table>
<p class="muted">{{.T.TaxNote}}</p>
{{if .RenewalNote}}<p class="muted">{{.RenewalNote}}</p>{{end}}
</div>
{{if .Closed}}<div class="card" role="status"><p>{{.Closed}}</p><p><a href="{{.ClosedLink}}">{{.T.ReturnToCircle}}</a></p></div>
{{else}}<div class="card">
<form method="post" action="/checkout/{{.SessionID}}/pay?lang={{.T.Lang}}" novalidate>
{{template "cardfields" .}}<div class="actions"><button class="pay" type="submit">{{.PayLabel}}</button>
<button class="cancel" type="submit" formaction="/checkout/{{.SessionID}}/cancel?lang={{.T.Lang}}" formnovalidate>{{.T.Cancel}}</button></div>
</form>
</div>
{{template "testcards" .}}
{{end}}
{{template "foot" .}}{{end}}

{{define "portal"}}{{template "head" .}}
<div class="card">
<h1>{{.T.PortalTitle}}</h1>
<p><span class="test">{{.T.TestMode}}</span></p>
{{if .Sub}}<table aria-label="{{.T.Membership}}"><tbody>
<tr><th scope="row">{{.T.Plan}}</th><td class="num">{{.Plan}}</td></tr>
<tr><th scope="row">{{.T.Seats}}</th><td class="num">{{.Sub.Seats}}</td></tr>
<tr><th scope="row">{{.T.Status}}</th><td class="num">{{.Status}}</td></tr>
<tr><th scope="row">{{.T.Price}}</th><td class="num">{{.Price}}</td></tr>
{{if .Renewal}}<tr><th scope="row">{{.RenewalLabel}}</th><td class="num">{{.Renewal}}</td></tr>{{end}}
</tbody></table>
{{else}}<p>{{.T.NoMembership}}</p>{{end}}
</div>
<div class="card"><h2>{{.T.Invoices}}</h2>
{{if .Invoices}}<table aria-label="{{.T.Invoices}}"><thead><tr><th scope="col">{{.T.Period}}</th><th scope="col">{{.T.Description}}</th><th scope="col" class="num">{{.T.Amount}}</th></tr></thead><tbody>
{{range .Invoices}}<tr><td>{{.Period}}</td><td>{{.Description}}</td><td class="num">{{.Amount}}</td></tr>{{end}}
</tbody></table>{{else}}<p>{{.T.NoInvoices}}</p>{{end}}
<p class="muted">{{.T.TaxNote}}</p>
</div>
<p><a href="/billing">{{.T.ReturnToCircle}}</a></p>
{{template "foot" .}}{{end}}

{{define "message"}}{{template "head" .}}<div class="card"><h1>{{.Title}}</h1><p>{{.Message}}</p><p><a href="/">{{.T.ReturnToCircle}}</a></p></div>{{template "foot" .}}{{end}}
`))

type pageLine struct {
	Name     string
	Quantity int64
	Amount   string
}

type cardForm struct{ CardNumber, Expiry, CVC, Name string }

// testCardRow is one of payments.TestCards as the page lists it.
type testCardRow struct{ Number, Result string }

type checkoutPageData struct {
	T          pageText
	Title      string
	SessionID  string
	Token      string
	Lines      []pageLine
	Total      string
	PayLabel   string
	Recurring  string
	Closed     string
	ClosedLink string
	Error      string
	Field      string
	Form       cardForm
	Cards      []testCardRow

	// RenewalNote: monthly and yearly lines are charged for their first period only.
	RenewalNote string
}

type pageMessageData struct {
	T              pageText
	Title, Message string
}

func (h *CheckoutArea) renderPage(w http.ResponseWriter, status int, name string, data any) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	if err := pageTemplates.ExecuteTemplate(w, name, data); err != nil {
		h.Logger.Error("render payment page", "page", name, "err", err)
	}
}

func (h *CheckoutArea) pageMessage(w http.ResponseWriter, status int, t pageText, title, msg string) {
	h.renderPage(w, status, "message", pageMessageData{T: t, Title: title, Message: msg})
}

// builtinPage reads a built-in payment page for its buyer, with its text in the buyer's
// language (pageLang); ok is false when an error page was written. Anyone else gets the same
// 404 as for a page that does not exist, in their browser's language. An order's lines are not
// read (checkout.PageLines reads them when the page is shown): each row is read once a request.
func (h *CheckoutArea) builtinPage(w http.ResponseWriter, r *http.Request) (checkout.Page, pageText, bool) {
	notFound := func() {
		t := h.pageTextOf(r, "")
		msg := t.NoPage
		if callerFrom(r.Context()).access != "" {
			// The caller's session may be the buyer's and have ended: say how to come back. The
			// answer depends only on the caller's own cookie, never on the page or whether it
			// exists.
			msg = t.SessionEnded
		}
		h.pageMessage(w, http.StatusNotFound, t, t.NotFound, msg)
	}
	failed := func() {
		t := h.pageTextOf(r, "")
		h.pageMessage(w, http.StatusInternalServerError, t, t.SomethingWrong, t.PageNotShown)
	}
	// A form post is read before anything else: a body cut short (or a client gone) ends the
	// request's context with it, so the reads below would fail as a server error. It is the
	// client's 400, in the browser's language (issue 27 item 2).
	if r.Method == http.MethodPost {
		if err := r.ParseForm(); err != nil {
			t := h.pageTextOf(r, "")
			h.pageMessage(w, http.StatusBadRequest, t, t.SomethingWrong, t.FormNotRead)
			return checkout.Page{}, pageText{}, false
		}
	}
	page, err := h.Checkout.BuiltInSession(r.Context(), r.PathValue("session_id"))
	if apperr.CodeOf(err) == apperr.NotFound {
		notFound()
		return page, pageText{}, false
	}
	if err != nil {
		h.Logger.Error("built-in payment page", "err", err)
		failed()
		return page, pageText{}, false
	}
	allowed, err := h.pageAllowed(r, page.Session)
	if err != nil {
		h.Logger.Error("built-in payment page", "err", err)
		failed()
		return page, pageText{}, false
	}
	if !allowed {
		notFound()
		return page, pageText{}, false
	}
	return page, h.pageTextOf(r, page.Session.UserID), true
}

// MsgPageSessionEnded answers a payment page that is not there for a caller who presented a
// session (another member's, or one that has ended).
const MsgPageSessionEnded = "This payment page does not exist, or your session has ended. Sign in again and return to your cart or Billing."

// pageKey is the built-in provider's key for page tokens (nil with another provider).
func (h *CheckoutArea) pageKey() []byte {
	if bi, ok := payments.Unwrap(h.Payments).(*payments.BuiltIn); ok {
		return bi.PortalKey
	}
	return nil
}

// pageAllowed reports a request of the page's buyer: a valid page token for this page (in the
// address or the form), else the buyer's own session.
func (h *CheckoutArea) pageAllowed(r *http.Request, sess checkout.PaymentSession) (bool, error) {
	token := r.URL.Query().Get("token")
	if token == "" && r.Method == http.MethodPost {
		token = r.PostFormValue("token")
	}
	if payments.VerifyPageToken(h.pageKey(), token, sess.ID, h.Now()) {
		return true, nil
	}
	p, ok, err := viewer(r.Context())
	if err != nil {
		return false, err
	}
	return ok && p.User.ID == sess.UserID, nil
}

// pageData is the page's template data for its buyer: the form carries a page token, so a
// buyer whose short-lived access token lapsed while typing can still pay or cancel.
func (h *CheckoutArea) pageData(page checkout.Page, t pageText) checkoutPageData {
	d := checkoutData(page, t)
	d.Token = payments.SignPageToken(h.pageKey(), page.Session.ID, page.Session.ExpiresAt)
	return d
}

func canceledURL(sess checkout.PaymentSession) string {
	if sess.Kind == checkout.KindPartner {
		return "/partner-payment-canceled?session_id=" + url.QueryEscape(sess.ID)
	}
	if sess.Kind == checkout.KindSubscription {
		return "/payment-canceled?subscription_id=" + url.QueryEscape(checkout.SessionRef(sess))
	}
	return "/payment-canceled?order_id=" + url.QueryEscape(checkout.SessionRef(sess))
}

// successURL is where a paid page returns: a partner payment's own success page (the partner
// has no account), else the buyer's.
func successURL(sess checkout.PaymentSession) string {
	if sess.Kind == checkout.KindPartner {
		return "/partner-payment-success?session_id=" + url.QueryEscape(sess.ID)
	}
	return "/payment-success?session_id=" + url.QueryEscape(sess.ID)
}

// checkoutData fills the page's template from the service's page, in t's language. Amounts are
// written as before in every language ($450); the line names are the checkout service's.
func checkoutData(page checkout.Page, t pageText) checkoutPageData {
	sess := page.Session
	cur := pricing.Currency(sess.Currency)
	show := func(c int64) string { return pricing.Display(c, cur, "en") + centsSuffix(c) }
	d := checkoutPageData{T: t, Title: t.CheckoutTitle, SessionID: sess.ID, Total: show(sess.AmountCents)}
	d.PayLabel = fmt.Sprintf(t.Pay, d.Total)
	for _, c := range payments.TestCards {
		d.Cards = append(d.Cards, testCardRow{Number: c.Number, Result: fmt.Sprintf(t.CardRow, c.Brand, t.cardResult(c.Result))})
	}
	for _, l := range page.Lines {
		d.Lines = append(d.Lines, pageLine{Name: l.NameIn(t.Lang), Quantity: l.Quantity, Amount: show(l.AmountCents)})
	}
	if page.Recurring != "" {
		d.Recurring = t.per(page.Recurring)
	}
	if page.RenewalNote != "" {
		d.RenewalNote = checkout.RenewalNote[t.Lang]
	}
	switch page.Status {
	case checkout.SessionComplete:
		d.Closed, d.ClosedLink = t.Complete, successURL(sess)
	case checkout.SessionExpired:
		d.Closed, d.ClosedLink = t.CheckoutEnded, canceledURL(sess)
	}
	return d
}

// centsSuffix adds the cents to whole-unit display text when there are any, so a payment page
// never rounds what it charges.
func centsSuffix(c int64) string {
	if c%100 == 0 {
		return ""
	}
	return fmt.Sprintf(" (%s)", pricing.FormatDecimal(c))
}

// showPage renders the payment page with its lines; edit sets what the form shows.
func (h *CheckoutArea) showPage(w http.ResponseWriter, r *http.Request, status int, page checkout.Page, t pageText, edit func(*checkoutPageData)) {
	if err := h.Checkout.PageLines(r.Context(), &page); err != nil {
		h.Logger.Error("built-in payment page", "err", err)
		h.pageMessage(w, http.StatusInternalServerError, t, t.SomethingWrong, t.PageNotShown)
		return
	}
	d := h.pageData(page, t)
	if edit != nil {
		edit(&d)
	}
	h.renderPage(w, status, "checkout", d)
}

func (h *CheckoutArea) checkoutPage(w http.ResponseWriter, r *http.Request) {
	page, t, ok := h.builtinPage(w, r)
	if !ok {
		return
	}
	h.showPage(w, r, http.StatusOK, page, t, nil)
}

func (h *CheckoutArea) checkoutPay(w http.ResponseWriter, r *http.Request) {
	page, t, ok := h.builtinPage(w, r)
	if !ok {
		return
	}
	form := cardForm{CardNumber: r.PostFormValue("card_number"), Expiry: r.PostFormValue("expiry"), CVC: r.PostFormValue("cvc"), Name: r.PostFormValue("name")}
	if page.Session.Status != checkout.SessionOpen || page.Status == checkout.SessionComplete || page.Status == checkout.SessionExpired {
		h.showPage(w, r, http.StatusConflict, page, t, nil)
		return
	}
	res := payments.ChargeTestCard(form.CardNumber, form.Expiry, form.CVC, form.Name, h.Now())
	if !res.OK {
		// Nothing changes: the order stays pending and everything typed stays in the form.
		status := http.StatusUnprocessableEntity
		if res.Declined {
			status = http.StatusPaymentRequired
		}
		h.showPage(w, r, status, page, t, func(d *checkoutPageData) { d.Error, d.Field, d.Form = t.cardError(res.Message), res.Field, form })
		return
	}
	if err := h.Checkout.PayBuiltIn(r.Context(), page.Session, res.Last4); err != nil {
		h.Logger.Error("built-in payment", "session", page.Session.ID, "err", err)
		h.showPage(w, r, http.StatusInternalServerError, page, t, func(d *checkoutPageData) { d.Error, d.Form = t.PaymentFailed, form })
		return
	}
	http.Redirect(w, r, successURL(page.Session), http.StatusSeeOther)
}

func (h *CheckoutArea) checkoutCancel(w http.ResponseWriter, r *http.Request) {
	page, t, ok := h.builtinPage(w, r)
	if !ok {
		return
	}
	if err := h.Checkout.CancelBuiltIn(r.Context(), page.Session); err != nil {
		h.pageMessage(w, http.StatusInternalServerError, t, t.SomethingWrong, t.CancelFailed)
		return
	}
	http.Redirect(w, r, canceledURL(page.Session), http.StatusSeeOther)
}

type portalInvoice struct{ Period, Description, Amount string }

// portalPage is the built-in customer portal, in its member's language (pageLang); an invalid
// link answers in the visitor's.
func (h *CheckoutArea) portalPage(w http.ResponseWriter, r *http.Request) {
	bi, ok := payments.Unwrap(h.Payments).(*payments.BuiltIn)
	if !ok {
		t := h.pageTextOf(r, "")
		h.pageMessage(w, http.StatusNotFound, t, t.NotFound, t.PageMissing)
		return
	}
	userID, valid := payments.VerifyPortalToken(bi.PortalKey, r.PathValue("token"), h.Now())
	if !valid {
		t := h.pageTextOf(r, "")
		h.pageMessage(w, http.StatusNotFound, t, t.LinkExpired, t.PortalLinkInvalid)
		return
	}
	t := h.pageTextOf(r, userID)
	sub, invoices, err := h.Billing.PortalPage(r.Context(), userID)
	if err != nil {
		h.pageMessage(w, http.StatusInternalServerError, t, t.SomethingWrong, t.PortalNotShown)
		return
	}
	data := map[string]any{"T": t, "Title": t.PortalTitle}
	if sub != nil {
		v := subscriptionView(*sub, "en", h.Now())
		data["Sub"] = v
		data["Plan"] = t.billed(v.PlanName, sub.Interval)
		data["Price"] = v.Amount.Display + " " + t.per(sub.Interval)
		status := t.status(sub.Status)
		if sub.Status == billing.StatusActive && sub.CancelAtPeriodEnd {
			status = t.StatusEnding
		}
		data["Status"] = status
		switch {
		case sub.Status == billing.StatusPaused && sub.ResumesAt != nil:
			data["RenewalLabel"], data["Renewal"] = t.Resumes, t.date(*sub.ResumesAt)
		case billing.Live(sub.Status) && sub.CancelAtPeriodEnd && sub.CurrentPeriodEnd != nil:
			data["RenewalLabel"], data["Renewal"] = t.Ends, t.date(*sub.CurrentPeriodEnd)
		case billing.Live(sub.Status) && sub.CurrentPeriodEnd != nil:
			data["RenewalLabel"], data["Renewal"] = t.Renews, t.date(*sub.CurrentPeriodEnd)
		case sub.EndedAt != nil:
			data["RenewalLabel"], data["Renewal"] = t.EndedOn, t.date(*sub.EndedAt)
		}
	}
	var rows []portalInvoice
	for _, in := range invoices {
		rows = append(rows, portalInvoice{Period: t.shortDate(in.PeriodStart) + " - " + t.shortDate(in.PeriodEnd),
			Description: in.Description, Amount: pricing.Display(in.AmountCents, pricing.Currency(in.Currency), "en") + centsSuffix(in.AmountCents)})
	}
	data["Invoices"] = rows
	h.renderPage(w, http.StatusOK, "portal", data)
}
