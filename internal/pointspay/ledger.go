package pointspay

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"circle/internal/checkout"
	"circle/internal/jobs"
	"circle/internal/payments"
	"circle/internal/points"
)

// Store is what paying with points needs from the database (internal/store). The In methods
// run in the caller's transaction (the ctx InTx hands out), under the agent's lock they take.
type Store interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error

	SpendPointsIn(ctx context.Context, req points.SpendRequest) (points.SpendResult, error)
	ReversePointsIn(ctx context.Context, agentID, spendID string) (points.Spend, error)
	// RecordSpendCharges writes, once, one pending vendor charge per allocation the spend drew
	// from (its ledger rows), and returns every charge of the spend.
	RecordSpendCharges(ctx context.Context, spendID, orderID string, now time.Time) ([]VendorCharge, error)
	SpendCharges(ctx context.Context, spendID string) ([]VendorCharge, error)
	LockVendorCharge(ctx context.Context, id string) (*VendorCharge, error)
	SaveVendorCharge(ctx context.Context, c VendorCharge) error
	VendorBillingOf(ctx context.Context, vendorID string) (VendorBilling, error)

	// AppliedCoPays lists an agent's automatic co-pays waiting for a checkout (points to use).
	AppliedCoPays(ctx context.Context, agentID string) ([]AutomaticCoPay, error)
	// UseOrderCoPays marks used, by the order, the co-pays its lines took points from.
	UseOrderCoPays(ctx context.Context, orderID string, now time.Time) error
	// OrderCoPays lists the co-pays a paid order used.
	OrderCoPays(ctx context.Context, orderID string) ([]AutomaticCoPay, error)
	SaveAutomaticCoPay(ctx context.Context, c AutomaticCoPay) error
}

// Queue writes background jobs in the caller's transaction (jobs.Runner).
type Queue interface {
	Enqueue(ctx context.Context, j jobs.Job) (jobs.Job, error)
}

// Ledger is the points side of checkout (checkout.PointsLedger) and the vendors' charges.
type Ledger struct {
	Store    Store
	Jobs     Queue
	Payments payments.Provider
	Now      func() time.Time
	Logger   *slog.Logger
}

var _ checkout.PointsLedger = (*Ledger)(nil)

// SpendIn spends points in checkout's transaction (points.Spend's rules: key, Insufficient
// Balance naming the points field).
func (l *Ledger) SpendIn(ctx context.Context, req points.SpendRequest) (points.SpendResult, error) {
	return l.Store.SpendPointsIn(ctx, req)
}

// OrderPaid is process_real_time_charge for a paid order (02§7): one charge per vendor
// allocation the order's points came from, each charged by a job (process-point-charge).
func (l *Ledger) OrderPaid(ctx context.Context, o checkout.Order) error {
	if err := l.Store.UseOrderCoPays(ctx, o.ID, l.Now()); err != nil {
		return err
	}
	if o.PointsSpendID == "" {
		return nil
	}
	return l.RecordCharges(ctx, o.PointsSpendID, o.ID)
}

// AppliedCoPays are the agent's automatic co-pays whose points wait for a checkout.
func (l *Ledger) AppliedCoPays(ctx context.Context, agentID string) ([]checkout.CoPayCredit, error) {
	rows, err := l.Store.AppliedCoPays(ctx, agentID)
	if err != nil {
		return nil, err
	}
	out := make([]checkout.CoPayCredit, 0, len(rows))
	for _, r := range rows {
		out = append(out, checkout.CoPayCredit{ID: r.ID, ServiceID: r.ServiceID, PackageID: r.PackageID, Yearly: r.Yearly, Points: r.PointsUsed, USDCents: r.PointsCents})
	}
	return out, nil
}

// RecordCharges records the vendor charges of a spend and queues their charging, in ctx's transaction.
func (l *Ledger) RecordCharges(ctx context.Context, spendID, ref string) error {
	charges, err := l.Store.RecordSpendCharges(ctx, spendID, ref, l.Now())
	if err != nil {
		return err
	}
	for _, c := range charges {
		if c.Status != ChargePending {
			continue
		}
		if err := l.enqueue(ctx, ChargeKind, c.ID); err != nil {
			return err
		}
	}
	return nil
}

// OrderEnded gives an ended order's points back once (points.Reverse is idempotent) and undoes
// the vendors' charges: pending ones are canceled, charged ones refunded by a job.
func (l *Ledger) OrderEnded(ctx context.Context, o checkout.Order) error {
	if o.PointsSpendID != "" {
		if err := l.Release(ctx, o.UserID, o.PointsSpendID); err != nil {
			return err
		}
	}
	if o.Status != checkout.Refunded {
		// An order that ended unpaid leaves its co-pays waiting for the next checkout.
		return nil
	}
	used, err := l.Store.OrderCoPays(ctx, o.ID)
	if err != nil {
		return err
	}
	for _, c := range used {
		if c.SpendID != "" {
			if err := l.Release(ctx, c.AgentID, c.SpendID); err != nil {
				return err
			}
		}
		c.Status, c.UpdatedAt = CoPayReleased, l.Now()
		if err := l.Store.SaveAutomaticCoPay(ctx, c); err != nil {
			return err
		}
	}
	return nil
}

// Release reverses a spend and undoes its vendor charges, in ctx's transaction.
func (l *Ledger) Release(ctx context.Context, agentID, spendID string) error {
	if _, err := l.Store.ReversePointsIn(ctx, agentID, spendID); err != nil {
		return err
	}
	charges, err := l.Store.SpendCharges(ctx, spendID)
	if err != nil {
		return err
	}
	for _, c := range charges {
		locked, err := l.Store.LockVendorCharge(ctx, c.ID)
		if err != nil || locked == nil {
			return err
		}
		switch locked.Status {
		case ChargePending, ChargeFailed:
			locked.Status, locked.UpdatedAt = ChargeCanceled, l.Now()
			if err := l.Store.SaveVendorCharge(ctx, *locked); err != nil {
				return err
			}
		case ChargeCharged:
			if err := l.enqueue(ctx, RefundChargeKind, c.ID); err != nil {
				return err
			}
		}
	}
	return nil
}

type chargeJob struct {
	ChargeID string `json:"charge_id"`
}

func (l *Ledger) enqueue(ctx context.Context, kind, chargeID string) error {
	j, err := jobs.New(kind, chargeJob{ChargeID: chargeID})
	if err != nil {
		return err
	}
	j.Key = kind + ":" + chargeID
	_, err = l.Jobs.Enqueue(ctx, j)
	return err
}

// Charge is process-point-charge (02§7) for one vendor charge: the vendor's saved payment
// method is charged off session at the provider (outside any transaction; the charge's key,
// VendorCharge.ProviderKey, makes a repeated run one payment), then the charge is recorded. A
// failure is recorded on the charge and returned, so the job retries it.
//
// A key belongs to the card of its first request: after an error without an answer the
// payment may have gone through, so the retry sends the same key with the card it was tried
// on (recorded on the charge), even if the vendor has saved another card since, and the
// provider answers that payment. A decline moves the key on and drops the recorded card, so the
// next try charges the card on file as a new payment.
func (l *Ledger) Charge(ctx context.Context, chargeID string) error {
	c, err := l.Store.LockVendorCharge(ctx, chargeID)
	if err != nil || c == nil || (c.Status != ChargePending && c.Status != ChargeFailed) {
		return err
	}
	billing, err := l.Store.VendorBillingOf(ctx, c.VendorID)
	if err != nil {
		return err
	}
	// The card on file (cards.go), unless it was saved at another provider.
	billing = UsableBilling(billing, l.Payments.Name())
	if c.Status == ChargeFailed && c.StripePaymentMethodID != "" && c.Provider == l.Payments.Name() {
		billing.StripeCustomerID, billing.StripePaymentMethodID = c.StripeCustomerID, c.StripePaymentMethodID
	}
	charger, ok := l.Payments.(payments.OffSessionCharger)
	var res payments.ChargeResult
	var chargeErr error
	if !ok {
		chargeErr = fmt.Errorf("payment provider %s cannot charge vendors", l.Payments.Name())
	} else {
		res, chargeErr = charger.ChargeOffSession(ctx, payments.OffSessionCharge{CustomerID: billing.StripeCustomerID,
			PaymentMethodID: billing.StripePaymentMethodID, AmountCents: c.AmountCents, Currency: c.Currency,
			Description: "Circle points used by an agent: " + strconv.FormatInt(c.Points, 10), Key: c.ProviderKey(),
			Metadata: map[string]string{"vendor_charge_id": c.ID, "vendor_id": c.VendorID, "spend_id": c.SpendID}})
	}
	return l.Store.InTx(ctx, func(ctx context.Context) error {
		locked, err := l.Store.LockVendorCharge(ctx, chargeID)
		if err != nil || locked == nil {
			return err
		}
		locked.Attempts++
		locked.Provider, locked.UpdatedAt = l.Payments.Name(), l.Now()
		locked.StripeCustomerID, locked.StripePaymentMethodID = billing.StripeCustomerID, billing.StripePaymentMethodID
		if chargeErr != nil {
			locked.Failure = chargeErr.Error()
			if errors.Is(chargeErr, payments.ErrCardDeclined) {
				locked.Declines++
				locked.StripeCustomerID, locked.StripePaymentMethodID = "", ""
			}
			if locked.Status == ChargePending {
				locked.Status = ChargeFailed
			}
			if err := l.Store.SaveVendorCharge(ctx, *locked); err != nil {
				return err
			}
			return nil
		}
		wasCanceled := locked.Status == ChargeCanceled
		locked.Status, locked.ProviderChargeID, locked.Failure = ChargeCharged, res.ID, ""
		if err := l.Store.SaveVendorCharge(ctx, *locked); err != nil {
			return err
		}
		if wasCanceled {
			// The points went back while the charge was on its way: give the vendor its money back.
			return l.enqueue(ctx, RefundChargeKind, locked.ID)
		}
		return nil
	})
}

// chargeFailed reports a charge the job should retry.
func (l *Ledger) chargeFailed(ctx context.Context, chargeID string) error {
	c, err := l.Store.LockVendorCharge(ctx, chargeID)
	if err != nil || c == nil {
		return err
	}
	if c.Status == ChargeFailed {
		l.Logger.Warn("vendor point charge failed", "charge_id", c.ID, "vendor_id", c.VendorID, "attempts", c.Attempts, "failure", c.Failure)
		return fmt.Errorf("vendor charge %s: %s", c.ID, c.Failure)
	}
	return nil
}

// RefundCharge gives a vendor back a charge whose points went back to the agent.
func (l *Ledger) RefundCharge(ctx context.Context, chargeID string) error {
	c, err := l.Store.LockVendorCharge(ctx, chargeID)
	if err != nil || c == nil || c.Status != ChargeCharged {
		return err
	}
	if _, err := l.Payments.Refund(ctx, payments.RefundRequest{PaymentIntentID: c.ProviderChargeID, AmountCents: c.AmountCents,
		Currency: c.Currency, Key: "vendor-charge-" + c.ID, Reason: "requested_by_customer"}); err != nil {
		return fmt.Errorf("refund vendor charge %s: %w", c.ID, err)
	}
	return l.Store.InTx(ctx, func(ctx context.Context) error {
		locked, err := l.Store.LockVendorCharge(ctx, chargeID)
		if err != nil || locked == nil || locked.Status != ChargeCharged {
			return err
		}
		locked.Status, locked.UpdatedAt = ChargeRefunded, l.Now()
		return l.Store.SaveVendorCharge(ctx, *locked)
	})
}

// RegisterJobs registers the vendor charge jobs.
func RegisterJobs(r *jobs.Runner, l *Ledger) {
	r.Handle(ChargeKind, func(ctx context.Context, j jobs.Job) error {
		var p chargeJob
		if err := j.Decode(&p); err != nil {
			return err
		}
		if err := l.Charge(ctx, p.ChargeID); err != nil {
			return err
		}
		return l.chargeFailed(ctx, p.ChargeID)
	})
	r.Handle(RefundChargeKind, func(ctx context.Context, j jobs.Job) error {
		var p chargeJob
		if err := j.Decode(&p); err != nil {
			return err
		}
		return l.RefundCharge(ctx, p.ChargeID)
	})
}
