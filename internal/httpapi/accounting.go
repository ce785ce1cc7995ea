package httpapi

import (
	"bytes"
	"context"
	"slices"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"circle/internal/accounting"
	"circle/internal/apperr"
	"circle/internal/checkout"
)

// AccountingArea is the back office's accounting (issue 31 item 7, F-AREA-03): the append-only
// money record with its filters and CSV export, totals by day and month, the reconciliation
// (last run, run now) and staff refunds of paid orders. Every route is for administrators only:
// the money record is the business's books, and a refund moves money.
type AccountingArea struct {
	Accounting *accounting.Service
	// Refunds refunds parts of orders (checkout's refund service).
	Refunds *checkout.Refunds
}

const (
	sumMoneyEntries    = "The money record: one entry per charge, refund, invoice, vendor charge, points spend and credit, filtered and paged"
	sumMoneyEntriesCSV = "The filtered money record as CSV for the accountant"
	sumMoneyTotals     = "Money totals by day or month, kind and currency"
	sumMoneyTotalsCSV  = "Money totals by day or month as CSV"
	sumReconciliation  = "The latest reconciliation of the money record with orders, refunds, invoices, vendor charges and the points ledger"
	sumReconcileNow    = "Run the reconciliation now (audited)"
	sumRefundOrders    = "Paid and refunded orders for the refunds screen, newest first"
	sumRefundOrder     = "Refund a paid order in full through the payment provider, with a reason (audited; idempotent)"
	sumRefundable      = "What is left to refund of an order: its lines and its partial refunds"
	sumRefundPart      = "Refund a part of a paid order (an amount or lines) through the payment provider (audited; idempotent by key)"
)

// Register declares the area's routes.
func (h *AccountingArea) Register(r *Router) {
	csv := responses(map[string]*huma.Response{"200": fileAnswer("CSV", "text/csv", &huma.Schema{Type: "string"})})
	get(r, "/api/admin/accounting/entries", "admin-list-money-entries", sumMoneyEntries, "admin", admin, h.entries)
	get(r, "/api/admin/accounting/entries.csv", "admin-export-money-entries", sumMoneyEntriesCSV, "admin", admin, h.entriesCSV, csv)
	get(r, "/api/admin/accounting/totals", "admin-money-totals", sumMoneyTotals, "admin", admin, h.totals)
	get(r, "/api/admin/accounting/totals.csv", "admin-export-money-totals", sumMoneyTotalsCSV, "admin", admin, h.totalsCSV, csv)
	get(r, "/api/admin/accounting/reconciliation", "admin-get-reconciliation", sumReconciliation, "admin", admin, h.reconciliation)
	post(r, "/api/admin/accounting/reconciliation", "admin-run-reconciliation", sumReconcileNow, "admin", admin, h.reconcile, maxKB(1))
	get(r, "/api/admin/accounting/orders", "admin-list-refundable-orders", sumRefundOrders, "admin", admin, h.orders)
	post(r, "/api/admin/accounting/orders/{id}/refund", "admin-refund-order", sumRefundOrder, "admin", admin, h.refund, maxKB(8))
	get(r, "/api/admin/accounting/orders/{id}/refundable", "admin-get-refundable", sumRefundable, "admin", admin, h.refundable)
	post(r, "/api/admin/accounting/orders/{id}/partial-refunds", "admin-refund-part", sumRefundPart, "admin", admin, h.refundPart, maxKB(16))
}

type moneyFilterInput struct {
	Kind string `query:"kind" enum:"charge,refund,subscription,vendor_charge,vendor_refund,points_spend,points_reversal,credit," doc:"Only entries of this kind"`
	From string `query:"from" maxLength:"10" doc:"First day, YYYY-MM-DD (UTC)"`
	To   string `query:"to" maxLength:"10" doc:"Last day, YYYY-MM-DD (UTC), inclusive"`
	Q    string `query:"q" maxLength:"100" doc:"An order, user, source, provider id or entry key"`
	Sort string `query:"sort" enum:"day,amount," doc:"Sort by day (default) or amount"`
	Dir  string `query:"dir" enum:"asc,desc," doc:"Sort direction (default desc)"`
	PageQuery
}

func (in *moneyFilterInput) filter() accounting.Filter {
	return accounting.Filter{Kind: in.Kind, From: in.From, To: in.To, Query: in.Q, Sort: in.Sort, Desc: in.Dir != "asc",
		Page: in.Page, PageSize: in.PageSize}
}

type moneyEntriesOutput = bodyOutput[accounting.EntryPage]

func (h *AccountingArea) entries(ctx context.Context, in *moneyFilterInput) (*moneyEntriesOutput, error) {
	return answer(h.Accounting.Entries(ctx, in.filter()))
}

func (h *AccountingArea) entriesCSV(ctx context.Context, in *moneyFilterInput) (*downloadOutput, error) {
	var buf bytes.Buffer
	if err := h.Accounting.ExportEntries(ctx, in.filter(), &buf); err != nil {
		return nil, err
	}
	return csvFile("money-entries.csv", buf.Bytes()), nil
}

type moneyTotalsInput struct {
	Grain string `query:"grain" enum:"day,month," doc:"Totals by day (default) or month"`
	Kind  string `query:"kind" enum:"charge,refund,subscription,vendor_charge,vendor_refund,points_spend,points_reversal,credit," doc:"Only entries of this kind"`
	From  string `query:"from" maxLength:"10" doc:"First day, YYYY-MM-DD (UTC)"`
	To    string `query:"to" maxLength:"10" doc:"Last day, YYYY-MM-DD (UTC), inclusive"`
}

type moneyTotalsOutputBody struct {
	Grain  string             `json:"grain" enum:"day,month"`
	Totals []accounting.Total `json:"totals"`
}

type moneyTotalsOutput = bodyOutput[moneyTotalsOutputBody]

func (in *moneyTotalsInput) grain() string {
	if in.Grain == accounting.GrainMonth {
		return accounting.GrainMonth
	}
	return accounting.GrainDay
}

func (h *AccountingArea) totals(ctx context.Context, in *moneyTotalsInput) (*moneyTotalsOutput, error) {
	t, err := h.Accounting.Totals(ctx, in.grain(), accounting.Filter{Kind: in.Kind, From: in.From, To: in.To})
	return answer(moneyTotalsOutputBody{Grain: in.grain(), Totals: t}, err)
}

func (h *AccountingArea) totalsCSV(ctx context.Context, in *moneyTotalsInput) (*downloadOutput, error) {
	var buf bytes.Buffer
	if err := h.Accounting.ExportTotals(ctx, in.grain(), accounting.Filter{Kind: in.Kind, From: in.From, To: in.To}, &buf); err != nil {
		return nil, err
	}
	return csvFile("money-totals-by-"+in.grain()+".csv", buf.Bytes()), nil
}

type reconciliationOutputBody struct {
	Run *accounting.Run `json:"run" doc:"The latest run; null before the first"`
}

type reconciliationOutput = bodyOutput[reconciliationOutputBody]

func (h *AccountingArea) reconciliation(ctx context.Context, _ *struct{}) (*reconciliationOutput, error) {
	out := &reconciliationOutput{}
	r, err := h.Accounting.LatestRun(ctx)
	if apperr.CodeOf(err) == apperr.NotFound {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	out.Body.Run = &r
	return out, nil
}

func (h *AccountingArea) reconcile(ctx context.Context, _ *struct{}) (*reconciliationOutput, error) {
	actor := actorOf(ctx)
	r, err := h.Accounting.Reconcile(ctx, &actor)
	return answer(reconciliationOutputBody{Run: &r}, err)
}

type refundOrdersInput struct {
	Status string `query:"status" enum:"paid,refunded," doc:"Only orders of this status"`
	Q      string `query:"q" maxLength:"200" doc:"An order id or number, or the buyer's e-mail"`
	PageQuery
}

type refundOrdersOutput = bodyOutput[accounting.OrderPage]

func (h *AccountingArea) orders(ctx context.Context, in *refundOrdersInput) (*refundOrdersOutput, error) {
	return answer(h.Accounting.Orders(ctx, accounting.OrderFilter{Status: in.Status, Query: in.Q, Page: in.Page, PageSize: in.PageSize}))
}

type refundOrderInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		Reason string `json:"reason" maxLength:"2000" doc:"Why the order is refunded (1 to 1000 characters), kept in the audit log"`
	}
}

type refundOrderOutput = bodyOutput[accounting.RefundOutcome]

func (h *AccountingArea) refund(ctx context.Context, in *refundOrderInput) (*refundOrderOutput, error) {
	return answer(h.Accounting.RefundOrder(ctx, actorOf(ctx), in.ID, in.Body.Reason))
}

// Partial refunds (issue 31 item 7): what is left to refund of an order, and refunding a part.

type refundableLine struct {
	ID             string `json:"id"`
	Title          string `json:"title"`
	Quantity       int    `json:"quantity"`
	LineTotalCents int64  `json:"line_total_cents" doc:"The line's cash total in cents of the order's currency"`
	PointsUsed     int64  `json:"points_used"`
	Refunded       bool   `json:"refunded" doc:"A partial refund named this line"`
}

type refundPart struct {
	ID               string    `json:"id"`
	Status           string    `json:"status" enum:"pending,succeeded,failed"`
	AmountCents      int64     `json:"amount_cents"`
	LineIDs          []string  `json:"line_ids"`
	PointsShare      int64     `json:"points_share" doc:"Points in proportion to the part, given back when the order is fully refunded"`
	VendorShareCents int64     `json:"vendor_share_cents" doc:"Co-pay vendor share in proportion to the part"`
	ProviderRefundID string    `json:"provider_refund_id"`
	Reason           string    `json:"reason"`
	CreatedAt        time.Time `json:"created_at"`
}

func refundPartOf(p checkout.PartialRefund) refundPart {
	lines := p.LineIDs
	if lines == nil {
		lines = []string{}
	}
	return refundPart{ID: p.ID, Status: p.Status, AmountCents: p.AmountCents, LineIDs: lines, PointsShare: p.PointsShare,
		VendorShareCents: p.VendorShareCents, ProviderRefundID: p.ProviderRefundID, Reason: p.Reason, CreatedAt: p.CreatedAt}
}

type refundableOutput struct {
	Body struct {
		OrderID        string           `json:"order_id"`
		Number         string           `json:"number"`
		Status         string           `json:"status"`
		Currency       string           `json:"currency"`
		TotalCents     int64            `json:"total_cents"`
		RemainingCents int64            `json:"remaining_cents" doc:"What is left to refund: the total less pending and succeeded parts"`
		Lines          []refundableLine `json:"lines"`
		Parts          []refundPart     `json:"parts"`
	}
}

func (h *AccountingArea) refundable(ctx context.Context, in *idPath) (*refundableOutput, error) {
	r, err := h.Refunds.Refundable(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	out := &refundableOutput{}
	b := &out.Body
	b.OrderID, b.Number, b.Status, b.Currency, b.TotalCents, b.RemainingCents = r.Order.ID, r.Order.Number, string(r.Order.Status),
		r.Order.Currency, r.Order.TotalCents, r.RemainingCents
	b.Lines, b.Parts = []refundableLine{}, []refundPart{}
	for _, it := range r.Lines {
		b.Lines = append(b.Lines, refundableLine{ID: it.ID, Title: it.Title, Quantity: it.Quantity, LineTotalCents: it.LineTotalCents,
			PointsUsed: it.PointsUsed, Refunded: slices.Contains(r.RefundedLineIDs, it.ID)})
	}
	for _, p := range r.Parts {
		b.Parts = append(b.Parts, refundPartOf(p))
	}
	return out, nil
}

type refundPartInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		AmountCents    int64    `json:"amount_cents,omitempty" minimum:"0" doc:"Cents of the order's currency to refund; or choose line_ids"`
		LineIDs        []string `json:"line_ids,omitempty" maxItems:"100" doc:"Order lines to refund (their cash totals); or give amount_cents"`
		Reason         string   `json:"reason" maxLength:"2000" doc:"Why (1 to 1000 characters), kept in the audit log"`
		IdempotencyKey string   `json:"idempotency_key" maxLength:"100" doc:"The same key for the same order answers the same refund"`
	}
}

type refundPartOutput struct {
	Body struct {
		Part        refundPart `json:"part"`
		OrderStatus string     `json:"order_status"`
		Completed   bool       `json:"completed" doc:"This part refunded what was left: the order is refunded"`
		Replayed    bool       `json:"replayed"`
	}
}

func (h *AccountingArea) refundPart(ctx context.Context, in *refundPartInput) (*refundPartOutput, error) {
	r, err := h.Refunds.RefundPart(ctx, actorOf(ctx), checkout.PartRequest{OrderID: in.ID, AmountCents: in.Body.AmountCents,
		LineIDs: in.Body.LineIDs, Reason: in.Body.Reason, Key: in.Body.IdempotencyKey})
	if err != nil {
		return nil, err
	}
	out := &refundPartOutput{}
	out.Body.Part, out.Body.OrderStatus, out.Body.Completed, out.Body.Replayed = refundPartOf(r.Part), string(r.Order.Status), r.Completed, r.Replayed
	return out, nil
}
