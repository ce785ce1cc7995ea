package accounting

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"circle/internal/apperr"
	"circle/internal/audit"
	"circle/internal/jobs"
)

// Audit actions and object kinds of accounting.
const (
	ActionReconcile = "accounting.reconcile"
	ActionRefund    = "order.refund"
	KindReconcile   = "money_reconciliation"
	KindOrder       = "order"
)

// ReconcileKind is the recurring reconciliation job; ReconcileEvery its period.
const (
	ReconcileKind  = "accounting.reconcile"
	ReconcileEvery = time.Hour
)

// Limits and messages.
const (
	DefaultPageSize   = 50
	MaxPageSize       = 200
	MaxExportRows     = 100000
	MaxReasonLen      = 1000
	KeyReasonRequired = "accounting.refund.reason_required"
	MsgReasonRequired = "Give a reason for the refund (1 to 1000 characters)."
	KeyBadDay         = "accounting.bad_day"
	MsgBadDay         = "Dates are YYYY-MM-DD."
	KeyBadRange       = "accounting.bad_range"
	MsgBadRange       = "The start date must be on or before the end date."
	KeyBadKind        = "accounting.bad_kind"
	MsgBadKind        = "Unknown entry kind."
)

// Store is what accounting needs of the database.
type Store interface {
	// ReconciliationInputs reads, on one consistent view of the database, every entry the facts
	// call for (orders, order refunds, invoices, vendor charges, the points ledger, guarantee
	// credits, partner payments) and the whole money record. One view: a fact and its entry
	// written together while the reads run (a job refunding a vendor charge) are seen both or
	// neither, never one without the other.
	ReconciliationInputs(ctx context.Context) (want, got []MoneyEntry, err error)
	// SaveReconciliation records a run, with its audit entry (nil for a scheduled run) in the
	// same transaction.
	SaveReconciliation(ctx context.Context, r Run, rec *audit.Record) error
	// LatestReconciliation is the newest run (apperr NotFound when there is none).
	LatestReconciliation(ctx context.Context) (Run, error)
	ListMoneyEntries(ctx context.Context, f Filter) (EntryPage, error)
	ExportMoneyEntries(ctx context.Context, f Filter, limit int) ([]MoneyEntry, error)
	MoneyTotals(ctx context.Context, grain string, f Filter) ([]Total, error)
	RefundableOrders(ctx context.Context, f OrderFilter) (OrderPage, error)
}

// ProviderCheck compares the money record with the payment provider's own records (Stripe,
// when configured) and lists what disagrees; nil when the provider is the built-in one.
type ProviderCheck func(ctx context.Context, entries []MoneyEntry) ([]Mismatch, error)

// Refunder refunds a paid order through the payment interface, reversing its points and
// co-pay shares and writing its refund entry and audit entry in one transaction (checkout).
type Refunder func(ctx context.Context, actor audit.Actor, orderID, reason string) (RefundOutcome, error)

// RefundOutcome is what a refund did. Replayed: the order was refunded before; nothing changed.
type RefundOutcome struct {
	OrderID     string `json:"order_id"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
	PointsBack  int64  `json:"points_back" doc:"Points given back to the buyer"`
	Replayed    bool   `json:"replayed"`
}

// Service is accounting's use cases.
type Service struct {
	Store    Store
	Now      func() time.Time
	NewID    func() string
	Refund   Refunder
	Provider ProviderCheck
}

// Reconcile compares the money record with the facts (and the provider's records when a
// check is set) and records the run; actor is nil for the scheduled run.
func (s *Service) Reconcile(ctx context.Context, actor *audit.Actor) (Run, error) {
	started := s.Now().UTC()
	want, got, err := s.Store.ReconciliationInputs(ctx)
	if err != nil {
		return Run{}, err
	}
	mm := Compare(want, got)
	if s.Provider != nil {
		pm, err := s.Provider(ctx, got)
		if err != nil {
			return Run{}, fmt.Errorf("compare with the payment provider: %w", err)
		}
		mm = append(mm, pm...)
	}
	if mm == nil {
		mm = []Mismatch{}
	}
	r := Run{ID: s.NewID(), Cause: CauseSchedule, Checked: len(want) + len(got), MismatchCount: len(mm), Mismatches: mm,
		StartedAt: started, FinishedAt: s.Now().UTC()}
	var rec *audit.Record
	if actor != nil {
		r.Cause, r.ActorID = CauseManual, actor.UserID
		a, err := audit.New(*actor, ActionReconcile, KindReconcile, r.ID, nil,
			map[string]any{"checked": r.Checked, "mismatch_count": r.MismatchCount})
		if err != nil {
			return Run{}, err
		}
		a.At = r.FinishedAt
		rec = &a
	}
	if err := s.Store.SaveReconciliation(ctx, r, rec); err != nil {
		return Run{}, err
	}
	return r, nil
}

// LatestRun is the newest reconciliation (NotFound before the first).
func (s *Service) LatestRun(ctx context.Context) (Run, error) {
	return s.Store.LatestReconciliation(ctx)
}

var dayRE = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)

// Check validates a filter and fills its defaults.
func (f *Filter) Check() error {
	if f.Kind != "" && !slices.Contains(Kinds, f.Kind) {
		return apperr.Field("kind", KeyBadKind, MsgBadKind)
	}
	for field, d := range map[string]string{"from": f.From, "to": f.To} {
		if d == "" {
			continue
		}
		if _, err := time.Parse(time.DateOnly, d); err != nil || !dayRE.MatchString(d) {
			return apperr.Field(field, KeyBadDay, MsgBadDay)
		}
	}
	if f.From != "" && f.To != "" && f.From > f.To {
		return apperr.Field("from", KeyBadRange, MsgBadRange)
	}
	if f.Page < 1 {
		f.Page = 1
	}
	if f.PageSize < 1 || f.PageSize > MaxPageSize {
		f.PageSize = DefaultPageSize
	}
	if f.Sort != "amount" {
		f.Sort = "day"
	}
	f.Query = strings.TrimSpace(f.Query)
	return nil
}

// Entries lists a page of the money record.
func (s *Service) Entries(ctx context.Context, f Filter) (EntryPage, error) {
	if err := f.Check(); err != nil {
		return EntryPage{}, err
	}
	return s.Store.ListMoneyEntries(ctx, f)
}

// ExportEntries writes the filtered entries as CSV (at most MaxExportRows).
func (s *Service) ExportEntries(ctx context.Context, f Filter, w io.Writer) error {
	if err := f.Check(); err != nil {
		return err
	}
	rows, err := s.Store.ExportMoneyEntries(ctx, f, MaxExportRows)
	if err != nil {
		return err
	}
	return WriteEntriesCSV(w, rows)
}

// Totals sums the record by day or month, kind and currency.
func (s *Service) Totals(ctx context.Context, grain string, f Filter) ([]Total, error) {
	if grain != GrainMonth {
		grain = GrainDay
	}
	if err := f.Check(); err != nil {
		return nil, err
	}
	t, err := s.Store.MoneyTotals(ctx, grain, f)
	if t == nil && err == nil {
		t = []Total{}
	}
	return t, err
}

// ExportTotals writes the totals as CSV.
func (s *Service) ExportTotals(ctx context.Context, grain string, f Filter, w io.Writer) error {
	t, err := s.Totals(ctx, grain, f)
	if err != nil {
		return err
	}
	return WriteTotalsCSV(w, t)
}

// OrderFilter selects orders for the refunds screen: paid and refunded ones, newest first.
type OrderFilter struct {
	Status   string // paid, refunded or "" (both)
	Query    string // order id, number or buyer e-mail
	Page     int
	PageSize int
}

// OrderSummary is an order as the refunds screen lists it.
type OrderSummary struct {
	ID          string     `json:"id"`
	Number      string     `json:"number"`
	UserID      string     `json:"user_id"`
	Email       string     `json:"email"`
	Status      string     `json:"status"`
	Currency    string     `json:"currency"`
	TotalCents  int64      `json:"total_cents"`
	PointsUsed  int64      `json:"points_used"`
	Provider    string     `json:"provider"`
	PaidAt      *time.Time `json:"paid_at"`
	RefundedAt  *time.Time `json:"refunded_at"`
	CreatedAt   time.Time  `json:"created_at"`
	RefundCents int64      `json:"refund_cents" doc:"Refunded in the money record (negative or 0)"`
}

// OrderPage is one page of orders.
type OrderPage struct {
	Orders   []OrderSummary `json:"orders"`
	Total    int            `json:"total"`
	Page     int            `json:"page"`
	PageSize int            `json:"page_size"`
}

// Orders lists paid and refunded orders for the refunds screen.
func (s *Service) Orders(ctx context.Context, f OrderFilter) (OrderPage, error) {
	if f.Page < 1 {
		f.Page = 1
	}
	if f.PageSize < 1 || f.PageSize > MaxPageSize {
		f.PageSize = DefaultPageSize
	}
	f.Query = strings.TrimSpace(f.Query)
	return s.Store.RefundableOrders(ctx, f)
}

// RefundOrder refunds a paid order in full with a reason (admin only; idempotent: a refunded
// order answers as it is).
func (s *Service) RefundOrder(ctx context.Context, actor audit.Actor, orderID, reason string) (RefundOutcome, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" || utf8.RuneCountInString(reason) > MaxReasonLen {
		return RefundOutcome{}, apperr.Field("reason", KeyReasonRequired, MsgReasonRequired)
	}
	if s.Refund == nil {
		return RefundOutcome{}, apperr.New(apperr.Unavailable, "refunds are not available")
	}
	return s.Refund(ctx, actor, orderID, reason)
}

// RegisterJobs registers the recurring reconciliation.
func RegisterJobs(r *jobs.Runner, s *Service) {
	r.Every(ReconcileKind, ReconcileEvery, func(ctx context.Context, _ jobs.Job) error {
		_, err := s.Reconcile(ctx, nil)
		return err
	})
}
