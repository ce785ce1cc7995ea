// Package accounting is the back office's money record (issue 31 item 7, F-AREA-03): one
// append-only entry per money fact (a charge, a refund, a membership invoice, a vendor charge
// or its refund, a points spend or reversal, a points credit), written by the store in the same
// transaction as the fact, keyed by the fact's id so a retry cannot write it twice; a
// reconciliation that derives the entries the facts call for and lists every difference; totals
// by day and month; CSV exports; and refunds issued by staff through the payment interface.
// Money is integer cents of the entry's currency.
package accounting

import (
	"encoding/csv"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Kinds of entries.
const (
	KindCharge         = "charge"          // an order's payment (or a late payment of an ended page)
	KindRefund         = "refund"          // money given back for an order (negative)
	KindSubscription   = "subscription"    // a paid Circle Pro invoice
	KindVendorCharge   = "vendor_charge"   // a vendor charged for points its agents spent
	KindVendorRefund   = "vendor_refund"   // a vendor charge given back (negative)
	KindPointsSpend    = "points_spend"    // points spent (negative points, negative value)
	KindPointsReversal = "points_reversal" // a spend given back by a refund
	KindCredit         = "credit"          // points credited by the Pro Savings Guarantee
)

// Kinds lists every kind, in the order screens show them.
var Kinds = []string{KindCharge, KindRefund, KindSubscription, KindVendorCharge, KindVendorRefund,
	KindPointsSpend, KindPointsReversal, KindCredit}

// Sources: the table a fact lives in (the object link of a mismatch).
const (
	SourceOrder       = "order"
	SourceOrderRefund = "order_refund"
	// SourcePartialRefund: a part of a paid order refunded by an administrator.
	SourcePartialRefund = "order_partial_refund"
	SourceInvoice       = "invoice"
	SourceVendorCharge  = "vendor_charge"
	SourcePointsSpend   = "points_spend"
	SourceGuarantee     = "guarantee_credit"
	// SourcePartnerPayment is a partner's payment of its co-pay share through a payment link
	// (internal/partnerpay): a charge entry keyed partner_payment:{link}.
	SourcePartnerPayment = "partner_payment"
)

// Sources are every source an entry or a mismatch names: the fact tables, and the payment
// provider whose own records a mismatch came from (ProviderPayments). The back office labels each
// (web/src/locales/*/accounting.json, sources).
var Sources = []string{SourceOrder, SourceOrderRefund, SourcePartialRefund, SourceInvoice, SourceVendorCharge, SourcePointsSpend,
	SourceGuarantee, SourcePartnerPayment, "stripe"}

// MoneyEntry is one money fact.
type MoneyEntry struct {
	ID          string    `json:"id"`
	Key         string    `json:"key" doc:"The fact's unique key (kind of fact and its id)"`
	Kind        string    `json:"kind" enum:"charge,refund,subscription,vendor_charge,vendor_refund,points_spend,points_reversal,credit"`
	AmountCents int64     `json:"amount_cents" doc:"Signed integer cents of currency; money out is negative"`
	Currency    string    `json:"currency"`
	Points      int64     `json:"points" doc:"Signed points of a points entry"`
	UserID      string    `json:"user_id"`
	OrderID     string    `json:"order_id"`
	Source      string    `json:"source" enum:"order,order_refund,invoice,vendor_charge,points_spend,guarantee_credit"`
	SourceID    string    `json:"source_id"`
	Provider    string    `json:"provider"`
	ProviderRef string    `json:"provider_ref" doc:"The provider's payment, refund, invoice or charge id"`
	Day         string    `json:"day" doc:"UTC day of the fact, YYYY-MM-DD"`
	OccurredAt  time.Time `json:"occurred_at"`
	CreatedAt   time.Time `json:"created_at"`
}

// DayOf is the UTC calendar day of t, as entries keep it.
func DayOf(t time.Time) string { return t.UTC().Format(time.DateOnly) }

// Problems a reconciliation lists.
const (
	ProblemMissingEntry   = "missing_entry"      // a fact without its entry
	ProblemOrphanEntry    = "entry_without_fact" // an entry whose fact is not there (or no longer calls for it)
	ProblemAmountDiffers  = "amount_differs"     // both there, amounts or currency or points differ
	ProblemProviderDiffer = "provider_differs"   // the payment provider's own record disagrees
)

// Mismatch is one difference between the money record and the facts.
type Mismatch struct {
	Key         string `json:"key"`
	Problem     string `json:"problem" enum:"missing_entry,entry_without_fact,amount_differs,provider_differs"`
	Kind        string `json:"kind"`
	Source      string `json:"source"`
	SourceID    string `json:"source_id"`
	OrderID     string `json:"order_id"`
	UserID      string `json:"user_id"`
	WantCents   int64  `json:"want_cents" doc:"What the facts call for"`
	GotCents    int64  `json:"got_cents" doc:"What the money record holds"`
	WantPoints  int64  `json:"want_points"`
	GotPoints   int64  `json:"got_points"`
	Currency    string `json:"currency"`
	Explanation string `json:"explanation"`
}

// Compare lists every difference between the entries the facts call for (expected) and the
// money record (actual), by key, in key order. Only what money means is compared (kind,
// amount, currency, points); when an entry was written is not.
func Compare(expected, actual []MoneyEntry) []Mismatch {
	got := make(map[string]MoneyEntry, len(actual))
	for _, e := range actual {
		got[e.Key] = e
	}
	seen := make(map[string]bool, len(expected))
	var out []Mismatch
	for _, w := range expected {
		seen[w.Key] = true
		g, ok := got[w.Key]
		m := Mismatch{Key: w.Key, Kind: w.Kind, Source: w.Source, SourceID: w.SourceID, OrderID: w.OrderID, UserID: w.UserID,
			WantCents: w.AmountCents, WantPoints: w.Points, Currency: w.Currency}
		switch {
		case !ok:
			m.Problem, m.Explanation = ProblemMissingEntry, fmt.Sprintf("the %s %s has no %s entry", w.Source, w.SourceID, w.Kind)
			out = append(out, m)
		case g.Kind != w.Kind || g.AmountCents != w.AmountCents || g.Currency != w.Currency || g.Points != w.Points:
			m.GotCents, m.GotPoints = g.AmountCents, g.Points
			m.Problem = ProblemAmountDiffers
			m.Explanation = fmt.Sprintf("the %s %s calls for %s %d %s (%d points); the record holds %s %d %s (%d points)",
				w.Source, w.SourceID, w.Kind, w.AmountCents, w.Currency, w.Points, g.Kind, g.AmountCents, g.Currency, g.Points)
			out = append(out, m)
		}
	}
	for _, g := range actual {
		if seen[g.Key] {
			continue
		}
		out = append(out, Mismatch{Key: g.Key, Problem: ProblemOrphanEntry, Kind: g.Kind, Source: g.Source, SourceID: g.SourceID,
			OrderID: g.OrderID, UserID: g.UserID, GotCents: g.AmountCents, GotPoints: g.Points, Currency: g.Currency,
			Explanation: fmt.Sprintf("the %s entry %s has no %s %s that calls for it", g.Kind, g.Key, g.Source, g.SourceID)})
	}
	slices.SortFunc(out, func(a, b Mismatch) int { return strings.Compare(a.Key, b.Key) })
	return out
}

// Run is one reconciliation.
type Run struct {
	ID            string     `json:"id"`
	Cause         string     `json:"cause" enum:"schedule,manual"`
	ActorID       string     `json:"actor_id"`
	Checked       int        `json:"checked" doc:"How many facts and entries were compared"`
	MismatchCount int        `json:"mismatch_count"`
	Mismatches    []Mismatch `json:"mismatches"`
	StartedAt     time.Time  `json:"started_at"`
	FinishedAt    time.Time  `json:"finished_at"`
}

// Causes of a run.
const (
	CauseSchedule = "schedule"
	CauseManual   = "manual"
)

// Total is the sum of one kind's entries in one currency over one period (a day or a month).
type Total struct {
	Period      string `json:"period" doc:"YYYY-MM-DD (by day) or YYYY-MM (by month)"`
	Kind        string `json:"kind"`
	Currency    string `json:"currency"`
	Count       int64  `json:"count"`
	AmountCents int64  `json:"amount_cents"`
	Points      int64  `json:"points"`
}

// Filter selects entries: kind, a day range (inclusive, YYYY-MM-DD), order or user, a page.
type Filter struct {
	Kind     string
	From, To string
	Query    string // an order, user, source or provider id
	Sort     string // "day" (default, newest first) or "amount"
	Desc     bool
	Page     int
	PageSize int
}

// EntryPage is one page of entries with the filter's total count and sums.
type EntryPage struct {
	Entries  []MoneyEntry `json:"entries"`
	Total    int          `json:"total"`
	Page     int          `json:"page"`
	PageSize int          `json:"page_size"`
}

// Grains of totals.
const (
	GrainDay   = "day"
	GrainMonth = "month"
)

// csvSafe keeps a cell from being read as a formula by a spreadsheet.
func csvSafe(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		if _, err := strconv.ParseInt(s, 10, 64); err == nil {
			return s // a negative number stays a number
		}
		return "'" + s
	}
	return s
}

// Dollars writes integer cents as a decimal amount ("-12.05") without floats.
func Dollars(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	return fmt.Sprintf("%s%d.%02d", sign, cents/100, cents%100)
}

// WriteEntriesCSV writes entries for the accountant: one row each, cents and dollars.
func WriteEntriesCSV(w io.Writer, entries []MoneyEntry) error {
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"day", "occurred_at", "kind", "amount_cents", "amount", "currency", "points", "order_id", "user_id",
		"source", "source_id", "provider", "provider_ref", "key"})
	for _, e := range entries {
		_ = cw.Write([]string{e.Day, e.OccurredAt.UTC().Format(time.RFC3339), e.Kind, strconv.FormatInt(e.AmountCents, 10),
			Dollars(e.AmountCents), e.Currency, strconv.FormatInt(e.Points, 10), csvSafe(e.OrderID), csvSafe(e.UserID), e.Source,
			csvSafe(e.SourceID), csvSafe(e.Provider), csvSafe(e.ProviderRef), csvSafe(e.Key)})
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("write entries csv: %w", err)
	}
	return nil
}

// WriteTotalsCSV writes totals by period, kind and currency.
func WriteTotalsCSV(w io.Writer, totals []Total) error {
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"period", "kind", "currency", "count", "amount_cents", "amount", "points"})
	for _, t := range totals {
		_ = cw.Write([]string{t.Period, t.Kind, t.Currency, strconv.FormatInt(t.Count, 10), strconv.FormatInt(t.AmountCents, 10),
			Dollars(t.AmountCents), strconv.FormatInt(t.Points, 10)})
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("write totals csv: %w", err)
	}
	return nil
}
