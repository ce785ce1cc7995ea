// Package payments is the payment provider behind checkout and the Pro membership, with two
// real implementations (docs/architecture: payments): BuiltIn, a hosted checkout page served by
// the binary in test mode, and Stripe (Checkout, Billing and the customer portal, stripe-go).
// Both report through the same signed webhook events (Stripe's event format), which the app
// verifies and applies exactly once.
package payments

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v86"
	"github.com/stripe/stripe-go/v86/webhook"
)

// Provider names.
const (
	NameBuiltIn = "builtin"
	NameStripe  = "stripe"
)

// Metadata keys every session, subscription and invoice carries so events find their rows.
const (
	MetaKind = "circle_kind"
	MetaRef  = "circle_ref"
	MetaUser = "circle_user"
	MetaCard = "card_last4"
	MetaDisc = "discount_percent"
)

// LineItem is one line of a payment page.
type LineItem struct {
	Name            string
	UnitAmountCents int64
	Quantity        int64
}

// CheckoutRequest asks for a hosted payment page.
type CheckoutRequest struct {
	// Kind is "order" or "subscription"; Ref is the order or subscription id.
	Kind, Ref     string
	UserID        string
	Currency      string // USD or CAD
	Items         []LineItem
	Interval      string // subscriptions: month or year
	CustomerEmail string
	CustomerID    string
	// SuccessURL may contain {CHECKOUT_SESSION_ID}; CancelURL too.
	SuccessURL, CancelURL string
	ExpiresAt             time.Time
	// IdempotencyKey makes a repeated request (a job run again) the same page at the provider.
	IdempotencyKey string
	// Locale is the buyer's language (en, es or fr): the payment page is shown in it. Empty
	// leaves the choice to the provider (the browser's language).
	Locale string
}

// Session is a created payment page.
type Session struct {
	ID, URL   string
	ExpiresAt time.Time
}

// RefundRequest asks to give back one payment.
type RefundRequest struct {
	// PaymentIntentID is the payment to refund.
	PaymentIntentID string
	AmountCents     int64
	Currency        string
	// Key makes the refund idempotent (the payment page's id: one refund per page).
	Key string
	// Reason is Stripe's reason ("duplicate").
	Reason string
}

// RefundResult is a refund the provider accepted.
type RefundResult struct {
	ID string
}

// SubscriptionRef names a subscription at the provider.
type SubscriptionRef struct {
	ID                     string // ours
	ProviderSubscriptionID string
	ProviderCustomerID     string
}

// Provider is a payment service. Subscription changes are made at the provider first; the app
// records them in its own database after the provider accepted them.
type Provider interface {
	Name() string
	CreateCheckout(ctx context.Context, r CheckoutRequest) (Session, error)
	// CreatePortal returns the address of the customer portal for a member.
	CreatePortal(ctx context.Context, userID, customerID, returnURL string) (string, error)
	Pause(ctx context.Context, ref SubscriptionRef, resumesAt time.Time) error
	Resume(ctx context.Context, ref SubscriptionRef) error
	Discount(ctx context.Context, ref SubscriptionRef, percent, months int, name string) error
	Cancel(ctx context.Context, ref SubscriptionRef, reason, feedback string) error
	// ExpireCheckout ends an open payment page at the provider, so it can no longer be paid (a
	// newer checkout of the cart replaced it, or another page of the cart was paid). A page
	// that is no longer open is not an error.
	ExpireCheckout(ctx context.Context, sessionID string) error
	// Refund gives back a payment in full (a payment that arrived for a payment page that had
	// expired or was replaced). The request's Key makes it idempotent: the same key refunds once.
	Refund(ctx context.Context, r RefundRequest) (RefundResult, error)
	// WebhookSecret signs and verifies the events of this provider.
	WebhookSecret() string
}

// ErrBadSignature is a webhook whose signature does not verify.
var ErrBadSignature = errors.New("webhook signature is not valid")

// Tolerance is how far a webhook's signed timestamp may be from now, either way: an older
// event is a replay, a newer one was signed with a clock that is wrong or made up.
const Tolerance = 5 * time.Minute

// Verify checks a webhook's Stripe-Signature header against the secret, its timestamp within 5
// minutes of now either way, and returns the event. Stripe signs with its wall clock, so the
// tolerance is measured on ours. Events of any API version are accepted; only the fields read
// here matter.
func Verify(payload []byte, header, secret string) (stripe.Event, error) {
	return VerifyAt(payload, header, secret, time.Now())
}

// VerifyAt is Verify at a given time. stripe-go refuses only timestamps too old, so both bounds
// are checked here.
func VerifyAt(payload []byte, header, secret string, now time.Time) (stripe.Event, error) {
	if secret == "" {
		return stripe.Event{}, ErrBadSignature
	}
	ev, err := webhook.ConstructEventWithOptions(payload, header, secret, webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true, IgnoreTolerance: true})
	if err != nil {
		if errors.Is(err, webhook.ErrNoValidSignature) || errors.Is(err, webhook.ErrNotSigned) || errors.Is(err, webhook.ErrInvalidHeader) || errors.Is(err, webhook.ErrTooOld) {
			return ev, fmt.Errorf("%w: %v", ErrBadSignature, err)
		}
		return ev, fmt.Errorf("read webhook event: %w", err)
	}
	signedAt, ok := signatureTime(header)
	if !ok {
		return stripe.Event{}, fmt.Errorf("%w: no timestamp", ErrBadSignature)
	}
	if d := now.Sub(signedAt); d > Tolerance || d < -Tolerance {
		return stripe.Event{}, fmt.Errorf("%w: timestamp %s is more than %s from now", ErrBadSignature, signedAt.UTC().Format(time.RFC3339), Tolerance)
	}
	if ev.ID == "" || ev.Type == "" || ev.Data == nil {
		return ev, errors.New("read webhook event: id, type and data are required")
	}
	return ev, nil
}

// signatureTime reads the t= timestamp of a Stripe-Signature header (already verified: it is
// part of what the signature covers).
func signatureTime(header string) (time.Time, bool) {
	for _, part := range strings.Split(header, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if ok && k == "t" {
			sec, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return time.Time{}, false
			}
			return time.Unix(sec, 0), true
		}
	}
	return time.Time{}, false
}

// SignatureHeader computes a Stripe-Signature header for payload at t, as Stripe does (and as
// stripe-go's webhook.GenerateTestSignedPayload does for tests).
func SignatureHeader(payload []byte, secret string, t time.Time) string {
	return webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret, Timestamp: t}).Header
}

// NewEvent renders a Stripe-format event around object.
func NewEvent(id, typ string, created time.Time, object any) ([]byte, error) {
	obj, err := json.Marshal(object)
	if err != nil {
		return nil, err
	}
	return json.Marshal(map[string]any{
		"id": id, "object": "event", "type": typ, "created": created.Unix(), "api_version": stripe.APIVersion,
		"livemode": false, "pending_webhooks": 0, "data": map[string]any{"object": json.RawMessage(obj)},
	})
}

// Outcome of a payment for orders and first subscription payments.
const (
	OutcomeNone     = ""
	OutcomePaid     = "paid"
	OutcomeFailed   = "failed"
	OutcomeRefunded = "refunded"
)

// SubscriptionFact is a subscription's state as an event reports it.
type SubscriptionFact struct {
	Status            string // billing status names
	PeriodStart       time.Time
	PeriodEnd         time.Time
	CancelAtPeriodEnd bool
	ResumesAt         *time.Time
	Deleted           bool
}

// InvoiceFact is a membership invoice as an event reports it.
type InvoiceFact struct {
	ID              string
	Paid            bool
	AmountCents     int64
	Currency        string
	PeriodStart     time.Time
	PeriodEnd       time.Time
	HostedURL       string
	DiscountPercent int
}

// Fact is what one event tells the app, whatever the provider.
type Fact struct {
	EventID, Type string
	Created       time.Time
	// Kind and Ref come from the metadata: which order or subscription the event is about.
	Kind, Ref              string
	SessionID              string
	Outcome                string
	PaymentIntentID        string
	CustomerID             string
	ProviderSubscriptionID string
	CardLast4              string
	// UserID is the circle_user of the session's metadata (who opened the page).
	UserID string
	// SetupIntentID is the SetupIntent of a Checkout Session in setup mode (a vendor's card).
	SetupIntentID string
	Subscription  *SubscriptionFact
	Invoice       *InvoiceFact
}

// Parse reads the facts the app uses from an event. Event types it does not use come back with
// no outcome, subscription or invoice (they are recorded and ignored).
func Parse(ev stripe.Event) (Fact, error) {
	f := Fact{EventID: ev.ID, Type: string(ev.Type), Created: time.Unix(ev.Created, 0).UTC()}
	raw := ev.Data.Raw
	switch f.Type {
	case "checkout.session.completed", "checkout.session.async_payment_succeeded",
		"checkout.session.async_payment_failed", "checkout.session.expired":
		var s stripe.CheckoutSession
		if err := json.Unmarshal(raw, &s); err != nil {
			return f, fmt.Errorf("read checkout session: %w", err)
		}
		f.SessionID = s.ID
		f.Kind, f.Ref = s.Metadata[MetaKind], s.Metadata[MetaRef]
		if f.Ref == "" {
			f.Ref = s.ClientReferenceID
		}
		f.CardLast4 = s.Metadata[MetaCard]
		f.UserID = s.Metadata[MetaUser]
		if s.SetupIntent != nil {
			f.SetupIntentID = s.SetupIntent.ID
		}
		if s.PaymentIntent != nil {
			f.PaymentIntentID = s.PaymentIntent.ID
		}
		if s.Customer != nil {
			f.CustomerID = s.Customer.ID
		}
		if s.Subscription != nil {
			f.ProviderSubscriptionID = s.Subscription.ID
		}
		switch {
		case f.Type == "checkout.session.expired" || f.Type == "checkout.session.async_payment_failed":
			f.Outcome = OutcomeFailed
		case s.PaymentStatus == stripe.CheckoutSessionPaymentStatusPaid || s.PaymentStatus == stripe.CheckoutSessionPaymentStatusNoPaymentRequired:
			f.Outcome = OutcomePaid
		}
	case "charge.refunded":
		var c stripe.Charge
		if err := json.Unmarshal(raw, &c); err != nil {
			return f, fmt.Errorf("read charge: %w", err)
		}
		if c.PaymentIntent != nil {
			f.PaymentIntentID = c.PaymentIntent.ID
		}
		f.Kind, f.Ref = c.Metadata[MetaKind], c.Metadata[MetaRef]
		if c.Refunded {
			f.Outcome = OutcomeRefunded
		}
	case "customer.subscription.created", "customer.subscription.updated", "customer.subscription.deleted",
		"customer.subscription.paused", "customer.subscription.resumed":
		var s stripe.Subscription
		if err := json.Unmarshal(raw, &s); err != nil {
			return f, fmt.Errorf("read subscription: %w", err)
		}
		f.ProviderSubscriptionID = s.ID
		f.Kind, f.Ref = KindSubscription, s.Metadata[MetaRef]
		if s.Customer != nil {
			f.CustomerID = s.Customer.ID
		}
		sf := &SubscriptionFact{Status: subscriptionStatus(s), CancelAtPeriodEnd: s.CancelAtPeriodEnd, Deleted: f.Type == "customer.subscription.deleted"}
		if s.Items != nil && len(s.Items.Data) > 0 {
			sf.PeriodStart = time.Unix(s.Items.Data[0].CurrentPeriodStart, 0).UTC()
			sf.PeriodEnd = time.Unix(s.Items.Data[0].CurrentPeriodEnd, 0).UTC()
		}
		if s.PauseCollection != nil && s.PauseCollection.ResumesAt > 0 {
			t := time.Unix(s.PauseCollection.ResumesAt, 0).UTC()
			sf.ResumesAt = &t
		}
		if sf.Deleted {
			sf.Status = "canceled"
		}
		f.Subscription = sf
	case "invoice.paid", "invoice.payment_succeeded", "invoice.payment_failed":
		var in stripe.Invoice
		if err := json.Unmarshal(raw, &in); err != nil {
			return f, fmt.Errorf("read invoice: %w", err)
		}
		inf := &InvoiceFact{ID: in.ID, Paid: f.Type != "invoice.payment_failed", AmountCents: in.AmountPaid,
			Currency: strings.ToUpper(string(in.Currency)), HostedURL: in.HostedInvoiceURL,
			PeriodStart: time.Unix(in.PeriodStart, 0).UTC(), PeriodEnd: time.Unix(in.PeriodEnd, 0).UTC()}
		if !inf.Paid {
			inf.AmountCents = in.AmountDue
		}
		if in.Lines != nil && len(in.Lines.Data) > 0 && in.Lines.Data[0].Period != nil {
			inf.PeriodStart = time.Unix(in.Lines.Data[0].Period.Start, 0).UTC()
			inf.PeriodEnd = time.Unix(in.Lines.Data[0].Period.End, 0).UTC()
		}
		inf.DiscountPercent, _ = strconv.Atoi(in.Metadata[MetaDisc])
		f.Kind = KindSubscription
		if in.Parent != nil && in.Parent.SubscriptionDetails != nil {
			if in.Parent.SubscriptionDetails.Subscription != nil {
				f.ProviderSubscriptionID = in.Parent.SubscriptionDetails.Subscription.ID
			}
			f.Ref = in.Parent.SubscriptionDetails.Metadata[MetaRef]
		}
		if in.Customer != nil {
			f.CustomerID = in.Customer.ID
		}
		f.Invoice = inf
	}
	return f, nil
}

// KindSubscription and KindOrder mirror the checkout session kinds.
const (
	KindOrder        = "order"
	KindSubscription = "subscription"
)

func subscriptionStatus(s stripe.Subscription) string {
	if s.PauseCollection != nil && s.PauseCollection.Behavior != "" {
		return "paused"
	}
	switch s.Status {
	case stripe.SubscriptionStatusActive, stripe.SubscriptionStatusTrialing:
		return "active"
	case stripe.SubscriptionStatusPastDue, stripe.SubscriptionStatusUnpaid:
		return "past_due"
	case stripe.SubscriptionStatusPaused:
		return "paused"
	case stripe.SubscriptionStatusCanceled:
		return "canceled"
	case stripe.SubscriptionStatusIncompleteExpired:
		return "expired"
	default:
		return "incomplete"
	}
}
