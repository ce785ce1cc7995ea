package pointspay

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"circle/internal/apperr"
	"circle/internal/cart"
	"circle/internal/catalog"
	"circle/internal/idempotency"
	"circle/internal/ids"
	"circle/internal/points"
	"circle/internal/pricing"
	"circle/internal/respa"
)

// Automatic co-pay statuses: applied (points spent, waiting for the agent's checkout), used (an
// order paid with it), released (its points went back) and fell_through (nothing was done; the
// agent checks out normally).
const (
	CoPayApplied     = "applied"
	CoPayUsed        = "used"
	CoPayReleased    = "released"
	CoPayFellThrough = "fell_through"
)

// The spec's purchase toasts (02§8 "Purchase success") and the fall-through (02§8 "Co-pay
// processing failure: Logged, then normal checkout is attempted").
const (
	TitleCoPayProcessed   = "Co-Pay Processed!"
	TitleCoPayRequestSent = "Co-Pay Request Sent!"
	TitleRedirecting      = "Redirecting to checkout"
	KeyFellThrough        = "points.copay_fell_through"
)

// AutomaticCoPay is one process_automatic_copay (automatic_copays).
type AutomaticCoPay struct {
	ID               string    `bun:"id,pk" json:"id"`
	AgentID          string    `bun:"agent_id,notnull" json:"-"`
	ServiceID        string    `bun:"service_id,notnull" json:"service_id"`
	PackageID        string    `bun:"package_id,notnull" json:"package_id"`
	Yearly           bool      `bun:"yearly,notnull" json:"yearly"`
	VendorID         string    `bun:"vendor_id,notnull" json:"vendor_id"`
	IdempotencyKey   string    `bun:"idempotency_key,notnull" json:"idempotency_key"`
	TotalCents       int64     `bun:"total_cents,notnull" json:"total_cents" doc:"The retail price the share applies to (US cents)"`
	SplitPercent     int       `bun:"split_percent,notnull" json:"split_percent"`
	VendorShareCents int64     `bun:"vendor_share_cents,notnull" json:"vendor_share_cents"`
	PointsUsed       int64     `bun:"points_used,notnull" json:"points_used"`
	PointsCents      int64     `bun:"points_cents,notnull" json:"points_cents"`
	RequestCents     int64     `bun:"request_cents,notnull" json:"request_cents" doc:"The part of the vendor share left to a co-pay request"`
	CoverageKind     string    `bun:"coverage_kind,notnull" json:"coverage_kind" enum:"full_coverage,partial_coverage,vendor_only,none"`
	SpendID          string    `bun:"spend_id,notnull" json:"transaction_id"`
	RequestID        string    `bun:"request_id,notnull" json:"request_id"`
	Explanation      string    `bun:"explanation,notnull" json:"explanation"`
	Status           string    `bun:"status,notnull" json:"status" enum:"applied,used,released,fell_through"`
	OrderID          string    `bun:"order_id,notnull" json:"order_id"`
	Failure          string    `bun:"failure,notnull" json:"-"`
	CreatedAt        time.Time `bun:"created_at,notnull" json:"created_at"`
	UpdatedAt        time.Time `bun:"updated_at,notnull" json:"updated_at"`

	// RequestFingerprint is the fingerprint of the request that first used the key (issue 27).
	RequestFingerprint string `bun:"request_fingerprint,notnull" json:"-"`
}

// ErrDuplicateCoPay is the store's answer when an automatic co-pay with the same agent and
// idempotency key was recorded first (a concurrent retry): Process answers that one.
var ErrDuplicateCoPay = errors.New("pointspay: automatic co-pay already recorded for this key")

// RemainderRequest asks the partner vendor to pay the part of its share points did not cover
// (a co-pay request the vendor approves or declines: the co-pay area's service).
type RemainderRequest struct {
	AgentID, VendorID, ServiceID, PackageID string
	Yearly                                  bool
	SplitPercent                            int
	AmountCents                             int64
	// PointsCents is what the partner's points paid of its share (AmountCents is the rest).
	PointsCents int64
	Explanation string
	// Key is the idempotency key of the request ("copay:{client key}").
	Key string
}

// RemainderRequester creates the co-pay request for a remainder and returns its id. The co-pay
// area implements it (docs/areas/points.md: the lead wires it in app/wire.go).
type RemainderRequester interface {
	RequestRemainder(ctx context.Context, r RemainderRequest) (string, error)
}

// CoPayStore is what the automatic co-pay reads besides the ledger's Store.
type CoPayStore interface {
	CartLines(ctx context.Context, serviceIDs []string) (map[string]cart.Line, error)
	VendorByID(ctx context.Context, id string) (catalog.Vendor, error)
	// AffiliatedVendorIDs lists the vendors the user owns or represents (respa's self-dealing rule).
	AffiliatedVendorIDs(ctx context.Context, userID string) ([]string, error)
	PointsAllocations(ctx context.Context, agentID string) ([]points.AllocationBalance, error)
	AutomaticCoPayByKey(ctx context.Context, agentID, key string) (*AutomaticCoPay, error)
	InsertAutomaticCoPay(ctx context.Context, c AutomaticCoPay) error
	SaveAutomaticCoPay(ctx context.Context, c AutomaticCoPay) error
}

// CoPay runs process_automatic_copay.
type CoPay struct {
	Store     CoPayStore
	Ledger    *Ledger
	Requester RemainderRequester
	Now       func() time.Time
	Logger    *slog.Logger
}

// CoPayInput is a request to process an automatic co-pay.
type CoPayInput struct {
	AgentID, ServiceID, PackageID, VendorID string
	Yearly                                  bool
	Key                                     string
	Lang                                    string
}

// CoPayResult is process_automatic_copay's answer (02§7: success, allocation_id,
// transaction_id, points_used) with the toast to show and, when it fell through, why.
type CoPayResult struct {
	Success     bool            `json:"success"`
	FellThrough bool            `json:"fell_through" doc:"Nothing was done: the agent checks out normally (02§8 Co-pay processing failure)"`
	Title       string          `json:"title" doc:"Co-Pay Processed!, Co-Pay Request Sent! or Redirecting to checkout"`
	CoPay       AutomaticCoPay  `json:"copay"`
	Breakdown   respa.Breakdown `json:"breakdown"`
	Replayed    bool            `json:"replayed" doc:"The same idempotency key was processed before: this is that answer"`
}

// Plan is the co-pay purchase flow's decision (02§4): the vendor share is retail times the
// largest split the rules allow this partner (its max vendor split, capped by RESPA); points of
// that vendor pay toward it in whole points; the kind is full_coverage, partial_coverage or
// vendor_only (respa.CompliantUsage).
func Plan(svc catalog.Service, partner catalog.Vendor, retailCents, partnerPoints int64) respa.Breakdown {
	terms, kind := respa.TermsOf(svc), respa.KindOf(partner.VendorType)
	split := respa.SplitLimit(terms, kind).Percent
	if split <= 0 {
		split = 100 // capped to nothing: the breakdown says why
	}
	return respa.CompliantUsage(respa.Usage{Terms: terms, TotalCents: retailCents, PartnerName: partner.Name,
		PartnerKind: kind, RequestedSplit: split, PointsAvailable: partnerPoints})
}

// Process is process_automatic_copay: plan the split, spend the partner's points (key
// "copay:{key}") and record the vendor's charge (process_real_time_charge; a job charges it,
// process-point-charge), then ask the partner for any remainder. Bad input is a 4xx naming the
// field; any failure after that is logged, undone and answered as a fall-through: the agent
// checks out normally. The same key answers the same result.
func (c *CoPay) Process(ctx context.Context, in CoPayInput) (CoPayResult, error) {
	in.Key = strings.TrimSpace(in.Key)
	if err := in.Validate(); err != nil {
		return CoPayResult{}, err
	}
	fp := in.fingerprint()
	if prior, err := c.Store.AutomaticCoPayByKey(ctx, in.AgentID, in.Key); err != nil || prior != nil {
		if err != nil {
			return CoPayResult{}, err
		}
		if err := idempotency.Check(prior.RequestFingerprint, fp); err != nil {
			return CoPayResult{}, err
		}
		return resultOf(*prior, true), nil
	}
	lines, err := c.Store.CartLines(ctx, []string{in.ServiceID})
	if err != nil {
		return CoPayResult{}, err
	}
	line, ok := lines[in.ServiceID]
	if !ok || !line.Service.IsActive {
		return CoPayResult{}, apperr.Field("service_id", cart.KeyServiceInactive, cart.MsgServiceInactive)
	}
	offer, err := cart.ResolveOffer(line.Service, line.Packages, in.PackageID)
	if err != nil {
		return CoPayResult{}, err
	}
	retail, ok := offer.Options.Price(pricing.Retail, in.Yearly)
	if !ok || retail <= 0 || offer.Options.Quote {
		return CoPayResult{}, apperr.Field("service_id", cart.KeyPricingError, cart.MsgPricingError)
	}
	partner, err := c.Store.VendorByID(ctx, in.VendorID)
	if err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return CoPayResult{}, &apperr.Error{Code: apperr.NotFound, Message: "vendor not found",
				Fields: []apperr.FieldError{{Field: "vendor_id", Key: "validation.not_found", Message: "vendor not found"}}}
		}
		return CoPayResult{}, err
	}
	// Self-dealing (issue 27 item 4): the agent's own vendor never pays toward their purchase,
	// in points or cash; refused before anything is spent or recorded.
	own, err := c.Store.AffiliatedVendorIDs(ctx, in.AgentID)
	if err != nil {
		return CoPayResult{}, err
	}
	if slices.Contains(own, partner.ID) {
		return CoPayResult{}, respa.SelfDealing(partner.Name)
	}
	allocs, err := c.Store.PointsAllocations(ctx, in.AgentID)
	if err != nil {
		return CoPayResult{}, err
	}
	var avail int64
	for _, a := range allocs {
		if a.VendorID == partner.ID && a.Usable {
			avail += max(a.RemainingPoints, 0)
		}
	}
	b := Plan(line.Service, partner, retail, avail)
	now := c.Now()
	row := AutomaticCoPay{ID: ids.New(), AgentID: in.AgentID, ServiceID: in.ServiceID, PackageID: offer.PackageID, Yearly: in.Yearly,
		VendorID: partner.ID, IdempotencyKey: in.Key, RequestFingerprint: fp, TotalCents: retail, SplitPercent: b.SplitPercent, VendorShareCents: b.VendorShareCents,
		PointsUsed: b.PointsUsable, PointsCents: b.PointsCents, RequestCents: b.RequestCents, CoverageKind: b.CoverageKind,
		Explanation: respa.Explain(b, "en"), Status: CoPayApplied, CreatedAt: now, UpdatedAt: now}
	if b.CoverageKind == respa.NoCoverage {
		return c.fallThrough(ctx, row, b, fmt.Errorf("%s may cover nothing of this service (%s)", partner.Name, b.CapReason))
	}
	if row.PointsUsed > 0 {
		err = c.Ledger.Store.InTx(ctx, func(ctx context.Context) error {
			res, err := c.Ledger.Store.SpendPointsIn(ctx, points.SpendRequest{AgentID: in.AgentID, Points: row.PointsUsed, VendorID: partner.ID,
				Key: "copay:" + in.Key, Reference: "copay:" + row.ID})
			if err != nil {
				return err
			}
			row.SpendID = res.Spend.ID
			if err := c.Ledger.RecordCharges(ctx, row.SpendID, "copay:"+row.ID); err != nil {
				return err
			}
			return c.Store.InsertAutomaticCoPay(ctx, row)
		})
		if err != nil {
			if res, ok, e := c.replayOf(ctx, row, err); ok || e != nil {
				return res, e
			}
			row.SpendID = ""
			return c.fallThrough(ctx, row, b, err)
		}
	}
	if row.RequestCents > 0 {
		var reqErr error
		if c.Requester == nil {
			reqErr = fmt.Errorf("co-pay requests are not available")
		} else {
			row.RequestID, reqErr = c.Requester.RequestRemainder(ctx, RemainderRequest{AgentID: in.AgentID, VendorID: partner.ID, ServiceID: in.ServiceID,
				PackageID: offer.PackageID, Yearly: in.Yearly, SplitPercent: b.SplitPercent, AmountCents: row.RequestCents,
				PointsCents: row.PointsCents, Explanation: row.Explanation, Key: "copay:" + in.Key})
		}
		if reqErr != nil {
			return c.fallThrough(ctx, row, b, reqErr)
		}
	}
	err = c.Ledger.Store.InTx(ctx, func(ctx context.Context) error {
		if row.PointsUsed > 0 {
			row.UpdatedAt = c.Now()
			return c.Store.SaveAutomaticCoPay(ctx, row)
		}
		return c.Store.InsertAutomaticCoPay(ctx, row)
	})
	return c.answerSaved(ctx, row, b, err)
}

// Validate checks the request's fields (a 400 naming each bad field), before anything is read.
func (in CoPayInput) Validate() error {
	var bad []apperr.FieldError
	if strings.TrimSpace(in.ServiceID) == "" {
		bad = append(bad, apperr.FieldError{Field: "service_id", Key: "validation.required", Message: "service_id is required"})
	}
	if strings.TrimSpace(in.VendorID) == "" {
		bad = append(bad, apperr.FieldError{Field: "vendor_id", Key: "validation.required", Message: "vendor_id is required"})
	}
	if key := strings.TrimSpace(in.Key); key == "" || len(key) > 200 {
		bad = append(bad, apperr.FieldError{Field: "idempotency_key", Key: "validation.required", Message: "idempotency_key is required (at most 200 characters)"})
	}
	return apperr.Fields(bad)
}

// answerSaved answers an automatic co-pay once saving row returned err: the row with breakdown b
// when it was saved, the co-pay a concurrent call with the same key recorded first when the
// unique index refused it, else the error.
func (c *CoPay) answerSaved(ctx context.Context, row AutomaticCoPay, b respa.Breakdown, err error) (CoPayResult, error) {
	if err != nil {
		if res, ok, e := c.replayOf(ctx, row, err); ok || e != nil {
			return res, e
		}
		return CoPayResult{}, err
	}
	res := resultOf(row, false)
	res.Breakdown = b
	return res, nil
}

// replayOf answers the automatic co-pay a concurrent call with the same key recorded first
// (the unique index refused this one); ok is false for any other error.
func (c *CoPay) replayOf(ctx context.Context, row AutomaticCoPay, err error) (CoPayResult, bool, error) {
	if !errors.Is(err, ErrDuplicateCoPay) {
		return CoPayResult{}, false, nil
	}
	prior, e := c.Store.AutomaticCoPayByKey(ctx, row.AgentID, row.IdempotencyKey)
	if e != nil || prior == nil {
		return CoPayResult{}, false, nil
	}
	if e := idempotency.Check(prior.RequestFingerprint, row.RequestFingerprint); e != nil {
		return CoPayResult{}, false, e
	}
	return resultOf(*prior, true), true, nil
}

// fingerprint is what makes two automatic co-pays the same request: the fields the agent
// sends, trimmed (the answer's language is not part of it).
func (in CoPayInput) fingerprint() string {
	return idempotency.Fingerprint("automatic-copay", strings.TrimSpace(in.ServiceID), strings.TrimSpace(in.PackageID), in.Yearly,
		strings.TrimSpace(in.VendorID))
}

// fallThrough logs a failed automatic co-pay, gives back any points it spent (and cancels the
// vendor's charge), records it as fell_through and answers so the agent checks out normally.
func (c *CoPay) fallThrough(ctx context.Context, row AutomaticCoPay, b respa.Breakdown, cause error) (CoPayResult, error) {
	c.Logger.Warn("automatic co-pay fell through to normal checkout", "agent_id", row.AgentID, "service_id", row.ServiceID,
		"vendor_id", row.VendorID, "kind", row.CoverageKind, "err", cause)
	row.Status, row.Failure, row.UpdatedAt = CoPayFellThrough, cause.Error(), c.Now()
	err := c.Ledger.Store.InTx(ctx, func(ctx context.Context) error {
		if row.SpendID != "" {
			if err := c.Ledger.Release(ctx, row.AgentID, row.SpendID); err != nil {
				return err
			}
			return c.Store.SaveAutomaticCoPay(ctx, row)
		}
		return c.Store.InsertAutomaticCoPay(ctx, row)
	})
	return c.answerSaved(ctx, row, b, err)
}

func resultOf(row AutomaticCoPay, replayed bool) CoPayResult {
	r := CoPayResult{Success: row.Status != CoPayFellThrough, FellThrough: row.Status == CoPayFellThrough, CoPay: row, Replayed: replayed}
	switch {
	case r.FellThrough:
		r.Title = TitleRedirecting
	case row.CoverageKind == respa.FullCoverage:
		r.Title = TitleCoPayProcessed
	default:
		r.Title = TitleCoPayRequestSent
	}
	return r
}
