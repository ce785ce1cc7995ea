package httpapi

import (
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"strings"

	"circle/internal/apperr"
	"circle/internal/billing"
	"circle/internal/checkout"
	"circle/internal/payments"
	"circle/internal/pricing"
)

// The built-in payment pages (docs/decisions: built-in checkout). They are plain server-rendered
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
func (s *Server) registerPaymentPages(mux *http.ServeMux) {
	mux.HandleFunc("GET /checkout/{session_id}", s.checkoutPage)
	mux.HandleFunc("POST /checkout/{session_id}/pay", s.checkoutPay)
	mux.HandleFunc("POST /checkout/{session_id}/cancel", s.checkoutCancel)
	mux.HandleFunc("GET /billing-portal/{token}", s.portalPage)
}

var pageTemplates = template.Must(template.New("pages").Parse(`
{{define "head"}}<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>{{.Title}}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f7f9;color:#1a1d21;margin:0}
main{max-width:34rem;margin:2rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #dde1e6;border-radius:12px;padding:1.5rem;margin-bottom:1rem}
h1{font-size:1.4rem;margin:0 0 .25rem}
.test{display:inline-block;background:#fff4d6;color:#6b4e00;border:1px solid #f0cf72;border-radius:999px;padding:.2rem .7rem;font-weight:600;font-size:.9rem}
table{width:100%;border-collapse:collapse}td,th{padding:.45rem 0;text-align:left;vertical-align:top}td.num,th.num{text-align:right}
tr.total td{border-top:1px solid #dde1e6;font-weight:700}
label{display:block;font-weight:600;margin:.8rem 0 .3rem}
input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #9aa3ad;border-radius:8px;font-size:1rem}
input[aria-invalid=true]{border-color:#b3261e}
.row{display:flex;gap:1rem}.row>div{flex:1}
.error{background:#fdecea;color:#8c1d18;border:1px solid #f3b7b1;border-radius:8px;padding:.7rem;margin:.8rem 0}
.actions{display:flex;gap:.75rem;margin-top:1.2rem}
button{font-size:1rem;padding:.7rem 1.2rem;border-radius:8px;border:1px solid #1a56db;cursor:pointer}
button.pay{background:#1a56db;color:#fff;flex:1}button.cancel{background:#fff;color:#1a56db}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.muted{color:#5b6470;font-size:.9rem}code{font-size:.95rem}
</style></head><body><main>{{end}}

{{define "foot"}}</main></body></html>{{end}}

{{define "checkout"}}{{template "head" .}}
<div class="card">
<h1>Circle checkout</h1>
<p><span class="test">Test mode: no real payment</span></p>
<p class="muted">This is Circle's built-in payment page. No card is charged; use a test card number below.</p>
<table aria-label="Items">
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>{{range .Lines}}<tr><td>{{.Name}}</td><td class="num">{{.Quantity}}</td><td class="num">{{.Amount}}</td></tr>{{end}}
<tr class="total"><td>Total{{if .Recurring}} ({{.Recurring}}){{end}}</td><td></td><td class="num">{{.Total}}</td></tr></tbody>
</table>
<p class="muted">{{.TaxNote}}</p>
{{if .RenewalNote}}<p class="muted">{{.RenewalNote}}</p>{{end}}
</div>
{{if .Closed}}<div class="card" role="status"><p>{{.Closed}}</p><p><a href="{{.ClosedLink}}">Return to Circle</a></p></div>
{{else}}<div class="card">
<form method="post" action="/checkout/{{.SessionID}}/pay" novalidate>
<input type="hidden" name="token" value="{{.Token}}">
{{if .Error}}<div class="error" role="alert" id="form-error">{{.Error}}</div>{{end}}
<label for="card_number">Card number</label>
<input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" value="{{.Form.CardNumber}}" required{{if eq .Field "card_number"}} aria-invalid="true" aria-describedby="form-error"{{end}}>
<div class="row">
<div><label for="expiry">Expiry (MM / YY)</label>
<input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="12 / 34" value="{{.Form.Expiry}}" required{{if eq .Field "expiry"}} aria-invalid="true" aria-describedby="form-error"{{end}}></div>
<div><label for="cvc">Security code</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" value="{{.Form.CVC}}" required{{if eq .Field "cvc"}} aria-invalid="true" aria-describedby="form-error"{{end}}></div>
</div>
<label for="name">Name on card</label>
<input id="name" name="name" autocomplete="cc-name" value="{{.Form.Name}}" required{{if eq .Field "name"}} aria-invalid="true" aria-describedby="form-error"{{end}}>
<div class="actions"><button class="pay" type="submit">Pay {{.Total}}</button>
<button class="cancel" type="submit" formaction="/checkout/{{.SessionID}}/cancel" formnovalidate>Cancel</button></div>
</form>
</div>
<div class="card"><h2>Test card numbers</h2>
<table aria-label="Test card numbers"><thead><tr><th scope="col">Number</th><th scope="col">Result</th></tr></thead><tbody>
{{range .Cards}}<tr><td><code>{{.Number}}</code></td><td>{{.Brand}} {{.Result}}</td></tr>{{end}}
</tbody></table>
<p class="muted">Any future expiry date, any 3-digit security code and any name.</p></div>
{{end}}
{{template "foot" .}}{{end}}

{{define "portal"}}{{template "head" .}}
<div class="card">
<h1>Circle billing portal</h1>
<p><span class="test">Test mode: no real payment</span></p>
{{if .Sub}}<table aria-label="Membership"><tbody>
<tr><th scope="row">Plan</th><td class="num">{{.Sub.PlanName}}, billed {{.Sub.Interval}}ly</td></tr>
<tr><th scope="row">Seats</th><td class="num">{{.Sub.Seats}}</td></tr>
<tr><th scope="row">Status</th><td class="num">{{.Status}}</td></tr>
<tr><th scope="row">Price</th><td class="num">{{.Sub.Amount.Display}} per {{.Sub.Interval}}</td></tr>
{{if .Renewal}}<tr><th scope="row">{{.RenewalLabel}}</th><td class="num">{{.Renewal}}</td></tr>{{end}}
</tbody></table>
{{else}}<p>You don't have a Circle Pro membership yet.</p>{{end}}
</div>
<div class="card"><h2>Invoices</h2>
{{if .Invoices}}<table aria-label="Invoices"><thead><tr><th scope="col">Period</th><th scope="col">Description</th><th scope="col" class="num">Amount</th></tr></thead><tbody>
{{range .Invoices}}<tr><td>{{.Period}}</td><td>{{.Description}}</td><td class="num">{{.Amount}}</td></tr>{{end}}
</tbody></table>{{else}}<p>No invoices yet.</p>{{end}}
<p class="muted">{{.TaxNote}}</p>
</div>
<p><a href="/billing">Return to Circle</a></p>
{{template "foot" .}}{{end}}

{{define "message"}}{{template "head" .}}<div class="card"><h1>{{.Title}}</h1><p>{{.Message}}</p><p><a href="/">Return to Circle</a></p></div>{{template "foot" .}}{{end}}
`))

type pageLine struct {
	Name     string
	Quantity int64
	Amount   string
}

type cardForm struct{ CardNumber, Expiry, CVC, Name string }

type checkoutPageData struct {
	Title      string
	SessionID  string
	Token      string
	Lines      []pageLine
	Total      string
	Recurring  string
	TaxNote    string
	Closed     string
	ClosedLink string
	Error      string
	Field      string
	Form       cardForm
	Cards      any

	// RenewalNote: monthly and yearly lines are charged for their first period only.
	RenewalNote string
}

func (s *Server) renderPage(w http.ResponseWriter, status int, name string, data any) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	if err := pageTemplates.ExecuteTemplate(w, name, data); err != nil {
		s.deps.Logger.Error("render payment page", "page", name, "err", err)
	}
}

func (s *Server) pageMessage(w http.ResponseWriter, status int, title, msg string) {
	s.renderPage(w, status, "message", map[string]string{"Title": title, "Message": msg})
}

// builtinPage reads a built-in payment page for its buyer; ok is false when an error page was
// written. Anyone else gets the same 404 as for a page that does not exist.
func (s *Server) builtinPage(w http.ResponseWriter, r *http.Request) (checkout.Page, bool) {
	notFound := func() {
		msg := checkout.MsgNoPage
		if callerFrom(r.Context()).access != "" {
			// The caller's session may be the buyer's and have ended: say how to come back. The
			// answer depends only on the caller's own cookie, never on the page or whether it
			// exists.
			msg = MsgPageSessionEnded
		}
		s.pageMessage(w, http.StatusNotFound, "Not found", msg)
	}
	page, err := s.deps.Checkout.BuiltInPage(r.Context(), r.PathValue("session_id"))
	if apperr.CodeOf(err) == apperr.NotFound {
		notFound()
		return page, false
	}
	if err != nil {
		s.deps.Logger.Error("built-in payment page", "err", err)
		s.pageMessage(w, http.StatusInternalServerError, "Something went wrong", "This payment page could not be shown. Please try again.")
		return page, false
	}
	allowed, err := s.pageAllowed(r, page.Session)
	if err != nil {
		s.deps.Logger.Error("built-in payment page", "err", err)
		s.pageMessage(w, http.StatusInternalServerError, "Something went wrong", "This payment page could not be shown. Please try again.")
		return page, false
	}
	if !allowed {
		notFound()
		return page, false
	}
	return page, true
}

// MsgPageSessionEnded answers a payment page that is not there for a caller who presented a
// session (another member's, or one that has ended).
const MsgPageSessionEnded = "This payment page does not exist, or your session has ended. Sign in again and return to your cart or Billing."

// pageKey is the built-in provider's key for page tokens (nil with another provider).
func (s *Server) pageKey() []byte {
	if bi, ok := payments.Unwrap(s.deps.Payments).(*payments.BuiltIn); ok {
		return bi.PortalKey
	}
	return nil
}

// pageAllowed reports a request of the page's buyer: a valid page token for this page (in the
// address or the form), else the buyer's own session.
func (s *Server) pageAllowed(r *http.Request, sess checkout.PaymentSession) (bool, error) {
	token := r.URL.Query().Get("token")
	if token == "" && r.Method == http.MethodPost {
		token = r.PostFormValue("token")
	}
	if payments.VerifyPageToken(s.pageKey(), token, sess.ID, s.deps.Now()) {
		return true, nil
	}
	p, ok, err := s.viewer(r.Context())
	if err != nil {
		return false, err
	}
	return ok && p.User.ID == sess.UserID, nil
}

// pageData is the page's template data for its buyer: the form carries a page token, so a
// buyer whose short-lived access token lapsed while typing can still pay or cancel.
func (s *Server) pageData(page checkout.Page) checkoutPageData {
	d := checkoutData(page)
	d.Token = payments.SignPageToken(s.pageKey(), page.Session.ID, page.Session.ExpiresAt)
	return d
}

func canceledURL(sess checkout.PaymentSession) string {
	if sess.Kind == checkout.KindSubscription {
		return "/payment-canceled?subscription_id=" + url.QueryEscape(checkout.SessionRef(sess))
	}
	return "/payment-canceled?order_id=" + url.QueryEscape(checkout.SessionRef(sess))
}

// checkoutData fills the page's template from the service's page.
func checkoutData(page checkout.Page) checkoutPageData {
	sess := page.Session
	cur := pricing.Currency(sess.Currency)
	show := func(c int64) string { return pricing.Display(c, cur, "en") + centsSuffix(c) }
	d := checkoutPageData{Title: "Circle checkout", SessionID: sess.ID, Total: show(sess.AmountCents), Cards: payments.TestCards,
		TaxNote: "No tax is calculated: buyers and sellers are each responsible for their own taxes."}
	for _, l := range page.Lines {
		d.Lines = append(d.Lines, pageLine{Name: l.Name, Quantity: l.Quantity, Amount: show(l.AmountCents)})
	}
	if page.Recurring != "" {
		d.Recurring = "per " + page.Recurring
	}
	d.RenewalNote = page.RenewalNote
	switch page.Status {
	case checkout.SessionComplete:
		d.Closed, d.ClosedLink = "This payment is complete.", "/payment-success?session_id="+url.QueryEscape(sess.ID)
	case checkout.SessionExpired:
		d.Closed, d.ClosedLink = "This checkout has ended without payment.", canceledURL(sess)
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

func (s *Server) checkoutPage(w http.ResponseWriter, r *http.Request) {
	page, ok := s.builtinPage(w, r)
	if !ok {
		return
	}
	s.renderPage(w, http.StatusOK, "checkout", s.pageData(page))
}

func (s *Server) checkoutPay(w http.ResponseWriter, r *http.Request) {
	page, ok := s.builtinPage(w, r)
	if !ok {
		return
	}
	if err := r.ParseForm(); err != nil {
		s.pageMessage(w, http.StatusBadRequest, "Something went wrong", "The payment form could not be read. Please try again.")
		return
	}
	form := cardForm{CardNumber: r.PostFormValue("card_number"), Expiry: r.PostFormValue("expiry"), CVC: r.PostFormValue("cvc"), Name: r.PostFormValue("name")}
	d := s.pageData(page)
	if page.Session.Status != checkout.SessionOpen || d.Closed != "" {
		s.renderPage(w, http.StatusConflict, "checkout", d)
		return
	}
	res := payments.ChargeTestCard(form.CardNumber, form.Expiry, form.CVC, form.Name, s.deps.Now())
	if !res.OK {
		// Nothing changes: the order stays pending and everything typed stays in the form.
		d.Error, d.Field, d.Form = res.Message, res.Field, form
		status := http.StatusUnprocessableEntity
		if res.Declined {
			status = http.StatusPaymentRequired
		}
		s.renderPage(w, status, "checkout", d)
		return
	}
	if err := s.deps.Checkout.PayBuiltIn(r.Context(), page.Session, res.Last4); err != nil {
		s.deps.Logger.Error("built-in payment", "session", page.Session.ID, "err", err)
		d.Error, d.Form = "The payment could not be completed. Please try again.", form
		s.renderPage(w, http.StatusInternalServerError, "checkout", d)
		return
	}
	http.Redirect(w, r, "/payment-success?session_id="+url.QueryEscape(page.Session.ID), http.StatusSeeOther)
}

func (s *Server) checkoutCancel(w http.ResponseWriter, r *http.Request) {
	page, ok := s.builtinPage(w, r)
	if !ok {
		return
	}
	if err := s.deps.Checkout.CancelBuiltIn(r.Context(), page.Session); err != nil {
		s.pageMessage(w, http.StatusInternalServerError, "Something went wrong", "The checkout could not be canceled. Please try again.")
		return
	}
	http.Redirect(w, r, canceledURL(page.Session), http.StatusSeeOther)
}

type portalInvoice struct{ Period, Description, Amount string }

func (s *Server) portalPage(w http.ResponseWriter, r *http.Request) {
	bi, ok := payments.Unwrap(s.deps.Payments).(*payments.BuiltIn)
	if !ok {
		s.pageMessage(w, http.StatusNotFound, "Not found", "This page does not exist.")
		return
	}
	userID, valid := payments.VerifyPortalToken(bi.PortalKey, r.PathValue("token"), s.deps.Now())
	if !valid {
		s.pageMessage(w, http.StatusNotFound, "Link expired", "This billing portal link is not valid or has expired. Open the portal again from Billing.")
		return
	}
	sub, invoices, err := s.deps.Billing.PortalPage(r.Context(), userID)
	if err != nil {
		s.pageMessage(w, http.StatusInternalServerError, "Something went wrong", "The billing portal could not be shown. Please try again.")
		return
	}
	data := map[string]any{"Title": "Circle billing portal", "TaxNote": "No tax is calculated: buyers and sellers are each responsible for their own taxes."}
	if sub != nil {
		v := subscriptionView(*sub, "en", s.deps.Now())
		data["Sub"] = v
		status := strings.ReplaceAll(sub.Status, "_", " ")
		if sub.Status == billing.StatusActive && sub.CancelAtPeriodEnd {
			status = "active, ending at the end of the period"
		}
		data["Status"] = status
		switch {
		case sub.Status == billing.StatusPaused && sub.ResumesAt != nil:
			data["RenewalLabel"], data["Renewal"] = "Resumes", sub.ResumesAt.Format("January 2, 2006")
		case billing.Live(sub.Status) && sub.CancelAtPeriodEnd && sub.CurrentPeriodEnd != nil:
			data["RenewalLabel"], data["Renewal"] = "Ends", sub.CurrentPeriodEnd.Format("January 2, 2006")
		case billing.Live(sub.Status) && sub.CurrentPeriodEnd != nil:
			data["RenewalLabel"], data["Renewal"] = "Renews", sub.CurrentPeriodEnd.Format("January 2, 2006")
		case sub.EndedAt != nil:
			data["RenewalLabel"], data["Renewal"] = "Ended", sub.EndedAt.Format("January 2, 2006")
		}
	}
	var rows []portalInvoice
	for _, in := range invoices {
		rows = append(rows, portalInvoice{Period: in.PeriodStart.Format("Jan 2, 2006") + " - " + in.PeriodEnd.Format("Jan 2, 2006"),
			Description: in.Description, Amount: pricing.Display(in.AmountCents, pricing.Currency(in.Currency), "en") + centsSuffix(in.AmountCents)})
	}
	data["Invoices"] = rows
	s.renderPage(w, http.StatusOK, "portal", data)
}
