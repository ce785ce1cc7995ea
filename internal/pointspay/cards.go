package pointspay

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"circle/internal/apperr"
	"circle/internal/audit"
	"circle/internal/ids"
	"circle/internal/jobs"
	"circle/internal/payments"
)

// A card on file for vendor point charges (issue 30 item 2, F-PAY-07, docs/decisions.md:
// Vendors save a card). A vendor's owner asks for a hosted setup page (StartSetup): Stripe
// Checkout in setup mode for the vendor's Stripe customer, or the built-in test-mode card
// page. The card comes back through one write path, SaveCard: from Stripe's
// checkout.session.completed (the webhook queues SaveCardKind, whose job reads the SetupIntent
// outside any transaction), or from the built-in page's form (SaveTestCard). Saving a card
// queues a new charge job for every charge of the vendor that failed (for want of a card, or
// on the old one), and a replaced or removed card is detached at the provider by a job.

// Audit actions of a vendor's card (object kind vendor).
const (
	ActionCardSave   = "vendor.payment_method.save"
	ActionCardRemove = "vendor.payment_method.remove"
)

// MsgVendorNotFound answers a vendor the caller does not own (the same answer as none).
const MsgVendorNotFound = "vendor not found"

// CardVendor is what setting a card up reads about the vendor.
type CardVendor struct {
	ID, Name    string
	OwnerUserID string
	OwnerEmail  string
}

// CardOnFile is the card on file as the vendor's owner sees it. The number stays at the
// provider.
type CardOnFile struct {
	Brand     string    `json:"brand" doc:"The card network as the provider names it: visa, mastercard, amex, discover..." example:"visa"`
	Last4     string    `json:"last4" example:"4242"`
	ExpMonth  int       `json:"exp_month" doc:"1-12; 0 when the provider did not say"`
	ExpYear   int       `json:"exp_year" doc:"Four digits; 0 when the provider did not say"`
	Provider  string    `json:"provider" enum:"builtin,stripe"`
	UpdatedAt time.Time `json:"updated_at" doc:"When the card was saved"`
}

// VendorPaymentMethod is a vendor's card on file and the point charges waiting for one.
type VendorPaymentMethod struct {
	VendorID string      `json:"vendor_id"`
	Card     *CardOnFile `json:"card,omitempty" doc:"The card Circle charges for the points the vendor funds; absent when none is on file"`
	TestMode bool        `json:"test_mode" doc:"True with the built-in provider: cards are test cards and no money moves"`
	// Waiting are the vendor's point charges that failed (no card, or declined): saving a card
	// charges them again.
	WaitingCharges int   `json:"waiting_charges" doc:"Point charges that failed and wait for a (new) card"`
	WaitingCents   int64 `json:"waiting_cents" doc:"What those charges come to, US cents"`
}

// VendorCardSetup is a hosted page that saves a card.
type VendorCardSetup struct {
	URL      string `json:"url" doc:"The hosted page to open: Stripe Checkout in setup mode, or the built-in card page (/vendor-card/{vendor_id})"`
	Provider string `json:"provider" enum:"builtin,stripe"`
}

// CardStore is what the card on file needs from the database (store.VendorCardStore).
type CardStore interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error

	// CardVendor reads the vendor and its owner (apperr NotFound when there is no such vendor).
	CardVendor(ctx context.Context, vendorID string) (CardVendor, error)
	VendorBillingOf(ctx context.Context, vendorID string) (VendorBilling, error)
	// LockVendorBilling reads the vendor's billing row for update, creating an empty one first,
	// so two saves of the same vendor take turns.
	LockVendorBilling(ctx context.Context, vendorID string, now time.Time) (VendorBilling, error)
	// WriteVendorBilling writes every column of b (the row exists: LockVendorBilling made it).
	WriteVendorBilling(ctx context.Context, b VendorBilling) error
	// SetVendorCustomer records the customer made at provider when the vendor has none there
	// yet, and answers the row: the first customer recorded wins.
	SetVendorCustomer(ctx context.Context, vendorID, provider, customerID string, now time.Time) (VendorBilling, error)
	// FailedVendorCharges lists the vendor's charges in status failed.
	FailedVendorCharges(ctx context.Context, vendorID string) ([]VendorCharge, error)
	AppendAudit(ctx context.Context, e audit.Record) error
}

// Cards is the card on file of vendors.
type Cards struct {
	Store    CardStore
	Payments payments.Provider
	Jobs     Queue
	Now      func() time.Time
	Logger   *slog.Logger
	// BaseURL is the app's public address: the setup page returns to the dashboard.
	BaseURL string
}

// Return addresses of the setup page: the dashboard's Profile tab, with the outcome.
const (
	ReturnSaved    = "/vendor-dashboard?tab=profile&card=saved"
	ReturnCanceled = "/vendor-dashboard?tab=profile&card=canceled"
)

func (c *Cards) setups() (payments.CardSetups, error) {
	cs, ok := c.Payments.(payments.CardSetups)
	if !ok {
		return nil, payments.ErrNoCardSetups
	}
	return cs, nil
}

func (c *Cards) testMode() bool { return c.Payments.Name() == payments.NameBuiltIn }

// PaymentMethodOf answers the vendor's card on file and its waiting charges. A card saved at
// another provider than the configured one cannot be charged, so it is not shown.
func (c *Cards) PaymentMethodOf(ctx context.Context, vendorID string) (VendorPaymentMethod, error) {
	return c.paymentMethodIn(ctx, vendorID)
}

func (c *Cards) paymentMethodIn(ctx context.Context, vendorID string) (VendorPaymentMethod, error) {
	b, err := c.Store.VendorBillingOf(ctx, vendorID)
	if err != nil {
		return VendorPaymentMethod{}, err
	}
	failed, err := c.Store.FailedVendorCharges(ctx, vendorID)
	if err != nil {
		return VendorPaymentMethod{}, err
	}
	out := VendorPaymentMethod{VendorID: vendorID, TestMode: c.testMode(), Card: cardOf(b, c.Payments.Name())}
	for _, f := range failed {
		out.WaitingCharges++
		out.WaitingCents += f.AmountCents
	}
	return out, nil
}

// cardOf is the billing row's card when one usable with provider is on file.
func cardOf(b VendorBilling, provider string) *CardOnFile {
	if b.StripePaymentMethodID == "" || b.Provider != provider {
		return nil
	}
	return &CardOnFile{Brand: b.CardBrand, Last4: b.CardLast4, ExpMonth: b.CardExpMonth, ExpYear: b.CardExpYear, Provider: b.Provider,
		UpdatedAt: b.UpdatedAt}
}

// UsableBilling is the vendor's billing as a charge may use it: empty when the card on file was
// saved at another provider than the one charging.
func UsableBilling(b VendorBilling, provider string) VendorBilling {
	if b.Provider != "" && b.Provider != provider {
		return VendorBilling{VendorID: b.VendorID}
	}
	return b
}

// StartSetup opens the hosted page where the vendor's owner saves a card: the vendor's
// customer at the provider is made once (idempotent at the provider; the first one recorded
// wins), then a setup page for it, returning to the dashboard. Provider calls are made
// outside any transaction.
func (c *Cards) StartSetup(ctx context.Context, by audit.Actor, vendorID, locale string) (VendorCardSetup, error) {
	cs, err := c.setups()
	if err != nil {
		return VendorCardSetup{}, err
	}
	v, err := c.Store.CardVendor(ctx, vendorID)
	if err != nil {
		return VendorCardSetup{}, err
	}
	b, err := c.Store.VendorBillingOf(ctx, vendorID)
	if err != nil {
		return VendorCardSetup{}, err
	}
	provider := c.Payments.Name()
	customer := b.StripeCustomerID
	if b.Provider != provider || customer == "" {
		made, err := cs.CreateCardCustomer(ctx, payments.CardCustomerRequest{VendorID: v.ID, Name: v.Name, Email: v.OwnerEmail,
			Key: "vendor-card-customer-" + v.ID})
		if err != nil {
			return VendorCardSetup{}, fmt.Errorf("vendor card customer: %w", err)
		}
		if b, err = c.Store.SetVendorCustomer(ctx, v.ID, provider, made, c.Now()); err != nil {
			return VendorCardSetup{}, err
		}
		customer = b.StripeCustomerID
	}
	base := strings.TrimRight(c.BaseURL, "/")
	sess, err := cs.CreateCardSetup(ctx, payments.CardSetupRequest{VendorID: v.ID, UserID: by.UserID, CustomerID: customer,
		SuccessURL: base + ReturnSaved, CancelURL: base + ReturnCanceled, Locale: locale})
	if err != nil {
		return VendorCardSetup{}, fmt.Errorf("vendor card setup: %w", err)
	}
	return VendorCardSetup{URL: sess.URL, Provider: provider}, nil
}

// OwnedVendor reads a vendor for its owner: NotFound for anyone else (and for no such vendor),
// so a page never tells whether another vendor exists.
func (c *Cards) OwnedVendor(ctx context.Context, userID, vendorID string) (CardVendor, error) {
	v, err := c.Store.CardVendor(ctx, vendorID)
	if err != nil {
		return CardVendor{}, err
	}
	if userID == "" || v.OwnerUserID != userID {
		return CardVendor{}, apperr.New(apperr.NotFound, MsgVendorNotFound)
	}
	return v, nil
}

// SaveTestCard is the built-in card page's Save: the card form's checks and the test numbers'
// outcomes are the built-in checkout page's (payments.ChargeTestCard; nothing is charged), and
// a card that passes is saved for the vendor. The result tells the page what to show; the
// vendor must be the user's (NotFound otherwise), and the built-in provider configured.
func (c *Cards) SaveTestCard(ctx context.Context, userID, requestID, vendorID string, form TestCardForm) (payments.CardResult, error) {
	if !c.testMode() {
		return payments.CardResult{}, apperr.New(apperr.NotFound, MsgVendorNotFound)
	}
	if _, err := c.OwnedVendor(ctx, userID, vendorID); err != nil {
		return payments.CardResult{}, err
	}
	res := payments.ChargeTestCard(form.Number, form.Expiry, form.CVC, form.Name, c.Now())
	if !res.OK {
		return res, nil
	}
	month, year, _ := payments.CardExpiry(form.Expiry)
	card := payments.SavedCard{CustomerID: payments.BuiltInCardCustomerID(vendorID), PaymentMethodID: payments.BuiltInPaymentMethodID(vendorID, strings.ToLower(ids.Token(8))),
		Brand: strings.ToLower(payments.TestCardBrand(form.Number)), Last4: res.Last4, ExpMonth: month, ExpYear: year}
	if _, err := c.SaveCard(ctx, audit.Actor{UserID: userID, RequestID: requestID}, vendorID, card); err != nil {
		return payments.CardResult{}, err
	}
	return res, nil
}

// TestCardForm is what the built-in card page's form sends.
type TestCardForm struct{ Number, Expiry, CVC, Name string }

// SaveCard puts card on file for the vendor, in one transaction under the vendor's billing
// lock: the row, the audit entry, the job detaching the card it replaces and a charge job for
// each of the vendor's failed charges. Saving the card on file again changes nothing.
func (c *Cards) SaveCard(ctx context.Context, by audit.Actor, vendorID string, card payments.SavedCard) (VendorPaymentMethod, error) {
	if card.PaymentMethodID == "" {
		return VendorPaymentMethod{}, errors.New("save vendor card: no payment method")
	}
	var out VendorPaymentMethod
	err := c.Store.InTx(ctx, func(ctx context.Context) error {
		now := c.Now()
		old, err := c.Store.LockVendorBilling(ctx, vendorID, now)
		if err != nil {
			return err
		}
		provider := c.Payments.Name()
		if old.StripePaymentMethodID != card.PaymentMethodID || old.Provider != provider {
			next := old
			next.Provider, next.StripePaymentMethodID = provider, card.PaymentMethodID
			if card.CustomerID != "" {
				next.StripeCustomerID = card.CustomerID
			}
			next.CardBrand, next.CardLast4, next.CardExpMonth, next.CardExpYear = card.Brand, card.Last4, card.ExpMonth, card.ExpYear
			next.UpdatedBy, next.UpdatedAt = by.UserID, now
			if err := c.Store.WriteVendorBilling(ctx, next); err != nil {
				return err
			}
			if err := audit.Append(ctx, c.Store, by, ActionCardSave, audit.KindVendor, vendorID, auditCard(old), auditCard(next)); err != nil {
				return err
			}
			if old.StripePaymentMethodID != "" && old.Provider == provider {
				if err := c.enqueueDetach(ctx, old.StripePaymentMethodID); err != nil {
					return err
				}
			}
			if err := c.retryFailed(ctx, vendorID, card.PaymentMethodID); err != nil {
				return err
			}
		}
		out, err = c.paymentMethodIn(ctx, vendorID)
		return err
	})
	return out, err
}

// Remove takes the vendor's card off file (the customer stays for the next card) and detaches
// it at the provider by a job, audited. With no card on file it changes nothing.
func (c *Cards) Remove(ctx context.Context, by audit.Actor, vendorID string) (VendorPaymentMethod, error) {
	var out VendorPaymentMethod
	err := c.Store.InTx(ctx, func(ctx context.Context) error {
		now := c.Now()
		old, err := c.Store.LockVendorBilling(ctx, vendorID, now)
		if err != nil {
			return err
		}
		if old.StripePaymentMethodID != "" {
			next := old
			next.StripePaymentMethodID, next.CardBrand, next.CardLast4, next.CardExpMonth, next.CardExpYear = "", "", "", 0, 0
			next.UpdatedBy, next.UpdatedAt = by.UserID, now
			if err := c.Store.WriteVendorBilling(ctx, next); err != nil {
				return err
			}
			if err := audit.Append(ctx, c.Store, by, ActionCardRemove, audit.KindVendor, vendorID, auditCard(old), nil); err != nil {
				return err
			}
			if old.Provider == c.Payments.Name() {
				if err := c.enqueueDetach(ctx, old.StripePaymentMethodID); err != nil {
					return err
				}
			}
		}
		out, err = c.paymentMethodIn(ctx, vendorID)
		return err
	})
	return out, err
}

// auditCard is a card as the audit log records it: no ids, what the owner saw.
func auditCard(b VendorBilling) any {
	if b.StripePaymentMethodID == "" {
		return nil
	}
	return map[string]any{"provider": b.Provider, "brand": b.CardBrand, "last4": b.CardLast4, "exp_month": b.CardExpMonth, "exp_year": b.CardExpYear}
}

// retryFailed queues a new charge job for each failed charge of the vendor: the jobs that
// failed for want of a card may be waiting an hour for their next try, or dead. The key names
// the card, so saving another card queues them again while one card queues them once.
func (c *Cards) retryFailed(ctx context.Context, vendorID, paymentMethodID string) error {
	failed, err := c.Store.FailedVendorCharges(ctx, vendorID)
	if err != nil {
		return err
	}
	for _, f := range failed {
		j, err := jobs.New(ChargeKind, chargeJob{ChargeID: f.ID})
		if err != nil {
			return err
		}
		j.Key = ChargeKind + ":" + f.ID + ":card:" + paymentMethodID
		if _, err := c.Jobs.Enqueue(ctx, j); err != nil {
			return err
		}
	}
	return nil
}

type detachJob struct {
	PaymentMethodID string `json:"payment_method_id"`
}

func (c *Cards) enqueueDetach(ctx context.Context, paymentMethodID string) error {
	j, err := jobs.New(DetachCardKind, detachJob{PaymentMethodID: paymentMethodID})
	if err != nil {
		return err
	}
	j.Key = DetachCardKind + ":" + paymentMethodID
	_, err = c.Jobs.Enqueue(ctx, j)
	return err
}

// saveCardJob is a completed Stripe setup page to read and save.
type saveCardJob struct {
	VendorID      string `json:"vendor_id"`
	UserID        string `json:"user_id"`
	CustomerID    string `json:"customer_id"`
	SetupIntentID string `json:"setup_intent_id"`
}

// ApplyCardSetup is the webhook's side (checkout.Service.ApplyEvent, in its transaction) of
// a completed setup page: it queues the job that reads the SetupIntent at the provider (a call
// out, which never runs inside a transaction) and saves the card. Other events of setup pages
// (expired) change nothing.
func (c *Cards) ApplyCardSetup(ctx context.Context, f payments.Fact) error {
	if f.Type != "checkout.session.completed" || f.SetupIntentID == "" || f.Ref == "" {
		return nil
	}
	j, err := jobs.New(SaveCardKind, saveCardJob{VendorID: f.Ref, UserID: f.UserID, CustomerID: f.CustomerID, SetupIntentID: f.SetupIntentID})
	if err != nil {
		return err
	}
	j.Key = SaveCardKind + ":" + f.SetupIntentID
	_, err = c.Jobs.Enqueue(ctx, j)
	return err
}

// saveFromSetup reads the card a completed setup saved and puts it on file. The session's
// customer is the one the card is attached to; a vendor that no longer exists is dropped.
func (c *Cards) saveFromSetup(ctx context.Context, p saveCardJob) error {
	cs, err := c.setups()
	if err != nil {
		return err
	}
	if _, err := c.Store.CardVendor(ctx, p.VendorID); apperr.IsNotFound(err) {
		c.Logger.Warn("vendor card setup for a vendor that is gone", "vendor_id", p.VendorID, "setup_intent", p.SetupIntentID)
		return nil
	} else if err != nil {
		return err
	}
	card, err := cs.SetupCard(ctx, p.SetupIntentID)
	if err != nil {
		return err
	}
	if p.CustomerID != "" {
		card.CustomerID = p.CustomerID
	}
	_, err = c.SaveCard(ctx, audit.Actor{UserID: p.UserID}, p.VendorID, card)
	return err
}

// RegisterCardJobs registers the card on file's jobs.
func RegisterCardJobs(r *jobs.Runner, c *Cards) {
	r.Handle(SaveCardKind, func(ctx context.Context, j jobs.Job) error {
		var p saveCardJob
		if err := j.Decode(&p); err != nil {
			return err
		}
		return c.saveFromSetup(ctx, p)
	})
	r.Handle(DetachCardKind, func(ctx context.Context, j jobs.Job) error {
		var p detachJob
		if err := j.Decode(&p); err != nil {
			return err
		}
		cs, err := c.setups()
		if err != nil {
			return err
		}
		return cs.DetachCard(ctx, p.PaymentMethodID)
	})
}
