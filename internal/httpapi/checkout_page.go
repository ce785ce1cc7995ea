package httpapi

import (
	"context"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"circle/internal/billing"
	"circle/internal/checkout"
	"circle/internal/ids"
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
// They are pages, not API operations, so they are not in the OpenAPI document.
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
</div>
{{if .Closed}}<div class="card" role="status"><p>{{.Closed}}</p><p><a href="{{.ClosedLink}}">Return to Circle</a></p></div>
{{else}}<div class="card">
<form method="post" action="/checkout/{{.SessionID}}/pay" novalidate>
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

// builtinSession reads an open built-in session for a page; ok is false when a page was written.
func (s *Server) builtinSession(w http.ResponseWriter, r *http.Request) (checkout.PaymentSession, bool) {
	if !s.testMode() {
		s.pageMessage(w, http.StatusNotFound, "Not found", "This payment page does not exist.")
		return checkout.PaymentSession{}, false
	}
	sess, err := s.deps.DB.CheckoutSession(r.Context(), r.PathValue("session_id"))
	if err != nil || sess.Provider != payments.NameBuiltIn {
		s.pageMessage(w, http.StatusNotFound, "Not found", "This payment page does not exist.")
		return checkout.PaymentSession{}, false
	}
	if sess.Status == checkout.SessionOpen && !s.deps.Now().Before(sess.ExpiresAt) {
		_ = s.expireSession(r.Context(), sess, "evt_builtin_expired_"+sess.ID)
		sess.Status = checkout.SessionExpired
	}
	return sess, true
}

func sessionRef(sess checkout.PaymentSession) string {
	if sess.OrderID != nil {
		return *sess.OrderID
	}
	if sess.SubscriptionID != nil {
		return *sess.SubscriptionID
	}
	return ""
}

func (s *Server) expireSession(ctx context.Context, sess checkout.PaymentSession, eventID string) error {
	return s.emitBuiltIn(ctx, eventID, "checkout.session.expired",
		payments.SessionObject(sess.ID, sess.Kind, sessionRef(sess), sess.UserID, "expired", "unpaid", ""))
}

func canceledURL(sess checkout.PaymentSession) string {
	if sess.Kind == checkout.KindSubscription {
		return "/payment-canceled?subscription_id=" + url.QueryEscape(sessionRef(sess))
	}
	return "/payment-canceled?order_id=" + url.QueryEscape(sessionRef(sess))
}

// checkoutData fills the page from the session's order or membership.
func (s *Server) checkoutData(ctx context.Context, sess checkout.PaymentSession) (checkoutPageData, error) {
	cur := pricing.Currency(sess.Currency)
	show := func(c int64) string { return pricing.Display(c, cur, "en") + centsSuffix(c) }
	d := checkoutPageData{Title: "Circle checkout", SessionID: sess.ID, Total: show(sess.AmountCents), Cards: payments.TestCards,
		TaxNote: "No tax is calculated: buyers and sellers are each responsible for their own taxes."}
	switch {
	case sess.OrderID != nil:
		o, err := s.deps.DB.OrderByID(ctx, *sess.OrderID)
		if err != nil {
			return d, err
		}
		for _, it := range o.Items {
			name := it.Title
			if it.Coverage == "pro" {
				name += " (Circle Pro price)"
			}
			d.Lines = append(d.Lines, pageLine{Name: name, Quantity: int64(it.Quantity), Amount: show(it.LineTotalCents)})
		}
	case sess.SubscriptionID != nil:
		sub, err := s.deps.DB.SubscriptionByID(ctx, *sess.SubscriptionID)
		if err != nil {
			return d, err
		}
		primary := pricing.Converter{Currency: cur, RateE4: sub.USDToCADRateE4}.Convert(billing.Price(sub.Interval, 1))
		d.Lines = append(d.Lines, pageLine{Name: billing.PlanName + " - primary seat", Quantity: 1, Amount: show(primary)})
		if sub.Seats > 1 {
			d.Lines = append(d.Lines, pageLine{Name: billing.PlanName + " - extra seats", Quantity: int64(sub.Seats - 1), Amount: show(sub.AmountCents - primary)})
		}
		d.Recurring = "per " + sub.Interval
		if sess.Status == checkout.SessionOpen && sub.Status != billing.StatusIncomplete {
			// A newer attempt replaced this one, or the membership already started.
			sess.Status = checkout.SessionExpired
		}
	}
	switch sess.Status {
	case checkout.SessionComplete:
		d.Closed, d.ClosedLink = "This payment is complete.", "/payment-success?session_id="+url.QueryEscape(sess.ID)
	case checkout.SessionExpired:
		d.Closed, d.ClosedLink = "This checkout has ended without payment.", canceledURL(sess)
	}
	return d, nil
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
	sess, ok := s.builtinSession(w, r)
	if !ok {
		return
	}
	d, err := s.checkoutData(r.Context(), sess)
	if err != nil {
		s.pageMessage(w, http.StatusInternalServerError, "Something went wrong", "This payment page could not be shown. Please try again.")
		return
	}
	s.renderPage(w, http.StatusOK, "checkout", d)
}

func (s *Server) checkoutPay(w http.ResponseWriter, r *http.Request) {
	sess, ok := s.builtinSession(w, r)
	if !ok {
		return
	}
	if err := r.ParseForm(); err != nil {
		s.pageMessage(w, http.StatusBadRequest, "Something went wrong", "The payment form could not be read. Please try again.")
		return
	}
	form := cardForm{CardNumber: r.PostFormValue("card_number"), Expiry: r.PostFormValue("expiry"), CVC: r.PostFormValue("cvc"), Name: r.PostFormValue("name")}
	d, err := s.checkoutData(r.Context(), sess)
	if err != nil {
		s.pageMessage(w, http.StatusInternalServerError, "Something went wrong", "This payment page could not be shown. Please try again.")
		return
	}
	if sess.Status != checkout.SessionOpen || d.Closed != "" {
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
	ctx := r.Context()
	err = s.emitBuiltIn(ctx, "evt_builtin_"+ids.Token(18), "checkout.session.completed",
		payments.SessionObject(sess.ID, sess.Kind, sessionRef(sess), sess.UserID, "complete", "paid", res.Last4))
	if err == nil && sess.SubscriptionID != nil {
		err = s.firstInvoice(ctx, *sess.SubscriptionID)
	}
	if err != nil {
		s.deps.Logger.Error("built-in payment", "session", sess.ID, "err", err)
		d.Error, d.Form = "The payment could not be completed. Please try again.", form
		s.renderPage(w, http.StatusInternalServerError, "checkout", d)
		return
	}
	http.Redirect(w, r, "/payment-success?session_id="+url.QueryEscape(sess.ID), http.StatusSeeOther)
}

// firstInvoice records the built-in membership's first payment as its first invoice.
func (s *Server) firstInvoice(ctx context.Context, subID string) error {
	sub, err := s.deps.DB.SubscriptionByID(ctx, subID)
	if err != nil || sub.CurrentPeriodStart == nil || sub.CurrentPeriodEnd == nil {
		return err
	}
	at := strconv.FormatInt(sub.CurrentPeriodStart.Unix(), 10)
	return s.emitBuiltIn(ctx, "evt_builtin_first_"+sub.ID, "invoice.paid",
		payments.InvoiceObject("in_builtin_"+sub.ID+"_"+at, sub.ID, sub.UserID, sub.Currency, sub.AmountCents, *sub.CurrentPeriodStart, *sub.CurrentPeriodEnd, true, 0))
}

func (s *Server) checkoutCancel(w http.ResponseWriter, r *http.Request) {
	sess, ok := s.builtinSession(w, r)
	if !ok {
		return
	}
	if sess.Status == checkout.SessionOpen {
		if err := s.expireSession(r.Context(), sess, "evt_builtin_cancel_"+sess.ID); err != nil {
			s.pageMessage(w, http.StatusInternalServerError, "Something went wrong", "The checkout could not be canceled. Please try again.")
			return
		}
	}
	http.Redirect(w, r, canceledURL(sess), http.StatusSeeOther)
}

type portalInvoice struct{ Period, Description, Amount string }

func (s *Server) portalPage(w http.ResponseWriter, r *http.Request) {
	bi, ok := s.deps.Payments.(*payments.BuiltIn)
	if !ok {
		s.pageMessage(w, http.StatusNotFound, "Not found", "This page does not exist.")
		return
	}
	userID, valid := payments.VerifyPortalToken(bi.PortalKey, r.PathValue("token"), s.deps.Now())
	if !valid {
		s.pageMessage(w, http.StatusNotFound, "Link expired", "This billing portal link is not valid or has expired. Open the portal again from Billing.")
		return
	}
	ctx := r.Context()
	if err := s.PaymentsTick(ctx, userID); err != nil {
		s.deps.Logger.Error("payments clock", "err", err)
	}
	sub, err := s.deps.DB.LatestSubscription(ctx, userID)
	if err != nil {
		s.pageMessage(w, http.StatusInternalServerError, "Something went wrong", "The billing portal could not be shown. Please try again.")
		return
	}
	invoices, err := s.deps.DB.Invoices(ctx, userID, 100)
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
