package checkout

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/appconfig"
	"circle/internal/apperr"
	"circle/internal/cart"
	"circle/internal/ids"
	"circle/internal/payments"
	"circle/internal/pricing"
)

// Store is what the checkout service needs from the database (internal/store). Methods that
// take a querier run on the transaction InTx hands out, or on Pool() for a read on its own.
type Store interface {
	InTx(ctx context.Context, fn func(ctx context.Context, tx bun.Tx) error) error
	Pool() bun.IDB
	GetConfig(ctx context.Context) (appconfig.Config, error)

	CartItems(ctx context.Context, q bun.IDB, userID string) ([]cart.Item, error)
	CartLines(ctx context.Context, q bun.IDB, serviceIDs []string) (map[string]cart.Line, error)
	RemoveCartItems(ctx context.Context, q bun.IDB, userID string, ids []string) error

	InsertOrder(ctx context.Context, q bun.IDB, o Order, items []OrderItem) error
	SaveOrderStatus(ctx context.Context, q bun.IDB, o Order) error
	Orders(ctx context.Context, q bun.IDB, userID string, limit int) ([]Order, error)
	OrderByID(ctx context.Context, q bun.IDB, id string) (Order, error)
	LockOrder(ctx context.Context, q bun.IDB, id string) (*Order, error)
	LockOrderByPaymentIntent(ctx context.Context, q bun.IDB, paymentIntentID string) (*Order, error)
	OrderItems(ctx context.Context, q bun.IDB, orderID string) ([]OrderItem, error)
	RecordPurchase(ctx context.Context, q bun.IDB, userID, orderID string, p Purchase, now time.Time) error

	InsertPaymentSession(ctx context.Context, q bun.IDB, s PaymentSession) error
	PaymentSessionByID(ctx context.Context, q bun.IDB, id string) (PaymentSession, error)
	LockPaymentSession(ctx context.Context, q bun.IDB, id string) (*PaymentSession, error)
	SetPaymentSessionStatus(ctx context.Context, q bun.IDB, id, status string, now time.Time) error
	OpenSessionsExpiredBefore(ctx context.Context, q bun.IDB, provider string, now time.Time, limit int) ([]PaymentSession, error)
	RecordPaymentEvent(ctx context.Context, q bun.IDB, provider, id, typ string, now time.Time) (bool, error)
}

// MembershipPage is what the built-in payment page shows of a membership's first payment.
type MembershipPage struct {
	Lines    []PageLine
	Interval string
	// AwaitingPayment is false once the membership started or a newer attempt replaced it.
	AwaitingPayment bool
}

// PageLine is one line of the built-in payment page.
type PageLine struct {
	Name        string
	Quantity    int64
	AmountCents int64
}

// Memberships is the Circle Pro side of payment events and payment pages (billing.Service).
// The Apply methods run inside the caller's transaction, on q.
type Memberships interface {
	ApplySessionOutcome(ctx context.Context, q bun.IDB, subscriptionID string, f payments.Fact) error
	ApplyFact(ctx context.Context, q bun.IDB, f payments.Fact) error
	RenewDue(ctx context.Context, userID string) error
	FirstInvoice(ctx context.Context, subscriptionID string) error
	PaymentPage(ctx context.Context, subscriptionID string) (MembershipPage, error)
}

// Service runs checkout and orders: pricing the cart into an order, the payment page, the
// payment events every provider sends (applied exactly once), and the built-in provider's
// pages and clock. It never calls the payment provider inside a transaction.
type Service struct {
	Store       Store
	Payments    payments.Provider
	Memberships Memberships
	Now         func() time.Time
	Logger      *slog.Logger
	// BaseURL is the public address of the app, for the payment page's return links.
	BaseURL string
}

// Buyer is who checks out.
type Buyer struct {
	UserID, Email string
	// State and Lang pick the currency and the display language.
	State, Lang string
	// Pro may buy at Circle Pro prices.
	Pro bool
}

// TestMode reports payments through the built-in page (no real payment).
func (s *Service) TestMode() bool {
	return s.Payments != nil && s.Payments.Name() == payments.NameBuiltIn
}

// Checkout is an order's payment page.
type Checkout struct {
	URL, SessionID, Provider string
	Order                    Order
	HeldBack                 []HeldBack
}

// CreateCheckout prices the buyer's cart into a pending order and opens its payment page. The
// order is stored first, the page is created outside any transaction, and the page is recorded
// after; an order whose page could not be created is canceled.
func (s *Service) CreateCheckout(ctx context.Context, b Buyer) (Checkout, error) {
	if s.Payments == nil {
		return Checkout{}, apperr.New(apperr.Unavailable, MsgCheckoutError)
	}
	pool := s.Store.Pool()
	items, err := s.Store.CartItems(ctx, pool, b.UserID)
	if err != nil {
		return Checkout{}, err
	}
	if len(items) == 0 {
		return Checkout{}, apperr.Field("cart", "checkout.empty", MsgEmptyCart)
	}
	lines, err := s.Store.CartLines(ctx, pool, cart.ServiceIDs(items))
	if err != nil {
		return Checkout{}, err
	}
	cfg, err := s.Store.GetConfig(ctx)
	if err != nil {
		return Checkout{}, err
	}
	conv := pricing.NewConverter(b.State, cfg.USDToCADRateE4, b.Lang)
	order := Order{ID: ids.New(), Number: OrderNumber(), UserID: b.UserID, Currency: string(conv.Currency), USDToCADRateE4: conv.RateE4,
		Provider: s.Payments.Name()}
	if order.Currency == "" {
		order.Currency = string(pricing.USD)
	}
	priced, err := PriceOrder(order, items, lines, conv, b.Pro)
	if err != nil {
		return Checkout{}, err
	}
	order = priced.Order
	now := s.Now()
	order.Status, order.CreatedAt, order.UpdatedAt = Pending, now, now
	for i := range priced.Items {
		priced.Items[i].ID, priced.Items[i].OrderID, priced.Items[i].SortOrder = ids.New(), order.ID, i
	}
	if err := s.Store.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		return s.Store.InsertOrder(ctx, tx, order, priced.Items)
	}); err != nil {
		return Checkout{}, err
	}
	order.Items = make([]*OrderItem, len(priced.Items))
	for i := range priced.Items {
		order.Items[i] = &priced.Items[i]
	}
	expires := now.Add(SessionTTL - time.Hour)
	sess, err := s.Payments.CreateCheckout(ctx, payments.CheckoutRequest{
		Kind: payments.KindOrder, Ref: order.ID, UserID: b.UserID, Currency: order.Currency, Items: priced.LineItems,
		CustomerEmail: b.Email, SuccessURL: s.BaseURL + "/payment-success?session_id={CHECKOUT_SESSION_ID}",
		CancelURL: s.BaseURL + "/payment-canceled?order_id=" + order.ID, ExpiresAt: expires,
	})
	if err != nil {
		s.Logger.Error("create checkout session", "err", err, "order_id", order.ID)
		if err := s.abandon(ctx, order.ID); err != nil {
			s.Logger.Error("abandon order", "err", err, "order_id", order.ID)
		}
		return Checkout{}, apperr.New(apperr.Unavailable, MsgCheckoutError)
	}
	if sess.ExpiresAt.IsZero() || sess.ExpiresAt.Before(s.Now()) {
		sess.ExpiresAt = expires
	}
	row := PaymentSession{ID: sess.ID, Provider: s.Payments.Name(), Kind: KindOrder, UserID: b.UserID, OrderID: &order.ID, Status: SessionOpen,
		Currency: order.Currency, AmountCents: order.TotalCents, URL: sess.URL, ExpiresAt: sess.ExpiresAt, CreatedAt: s.Now(), UpdatedAt: s.Now()}
	if err := s.Store.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		return s.Store.InsertPaymentSession(ctx, tx, row)
	}); err != nil {
		return Checkout{}, err
	}
	order.CheckoutSessionID = sess.ID
	return Checkout{URL: sess.URL, SessionID: sess.ID, Provider: s.Payments.Name(), Order: order, HeldBack: priced.HeldBack}, nil
}

// abandon cancels a pending order whose payment page could not be created.
func (s *Service) abandon(ctx context.Context, orderID string) error {
	return s.Store.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		o, err := s.Store.LockOrder(ctx, tx, orderID)
		if err != nil || o == nil {
			return err
		}
		if !ApplyOutcome(o, OutcomeFailed, payments.Fact{}, s.Now()) {
			return nil
		}
		return s.Store.SaveOrderStatus(ctx, tx, *o)
	})
}

// Orders lists a buyer's orders with their lines, newest first.
func (s *Service) Orders(ctx context.Context, userID string) ([]Order, error) {
	return s.Store.Orders(ctx, s.Store.Pool(), userID, 200)
}

// MsgOrderNotFound answers for an order that is not the caller's.
const MsgOrderNotFound = "order not found"

// Order reads one of the caller's orders; administrators may read any. Someone else's order is
// not found.
func (s *Service) Order(ctx context.Context, userID string, admin bool, id string) (Order, error) {
	o, err := s.Store.OrderByID(ctx, s.Store.Pool(), id)
	if err != nil {
		return Order{}, err
	}
	if o.UserID != userID && !admin {
		return Order{}, apperr.New(apperr.NotFound, MsgOrderNotFound)
	}
	return o, nil
}

// SessionWithOrder is a payment page with the order it pays for (nil for a membership's).
type SessionWithOrder struct {
	Session PaymentSession
	Order   *Order
}

// OrderOwner names the user an order belongs to (the access rule's owner-of check).
func (s *Service) OrderOwner(ctx context.Context, id string) (string, error) {
	o, err := s.Store.OrderByID(ctx, s.Store.Pool(), id)
	return o.UserID, err
}

// SessionOwner names the user a payment page was opened for (the access rule's owner-of check).
func (s *Service) SessionOwner(ctx context.Context, id string) (string, error) {
	sess, err := s.Store.PaymentSessionByID(ctx, s.Store.Pool(), id)
	return sess.UserID, err
}

// Session reads one of the caller's payment pages and its order; administrators may read any.
func (s *Service) Session(ctx context.Context, userID string, admin bool, id string) (SessionWithOrder, error) {
	sess, err := s.Store.PaymentSessionByID(ctx, s.Store.Pool(), id)
	if err != nil {
		return SessionWithOrder{}, err
	}
	if sess.UserID != userID && !admin {
		return SessionWithOrder{}, apperr.New(apperr.NotFound, "checkout session not found")
	}
	out := SessionWithOrder{Session: sess}
	if sess.OrderID != nil {
		o, err := s.Store.OrderByID(ctx, s.Store.Pool(), *sess.OrderID)
		if err != nil {
			return SessionWithOrder{}, err
		}
		out.Order = &o
	}
	return out, nil
}

// Event errors.
var (
	// ErrBadSignature is an event whose signature does not verify.
	ErrBadSignature = errors.New("payment event signature is not valid")
	// ErrBadEvent is a body that is not a valid event.
	ErrBadEvent = errors.New("payment event is not valid")
	// ErrNoProvider: payments are not configured.
	ErrNoProvider = errors.New("payments are not configured")
)

// ReceiveEvent is the one path every payment event from outside takes (Stripe's webhook, or a
// test posting a built-in event): verify the signature, read the event, apply it exactly once.
// It reports false for an event applied before.
func (s *Service) ReceiveEvent(ctx context.Context, payload []byte, signature string) (bool, error) {
	if s.Payments == nil {
		return false, ErrNoProvider
	}
	ev, err := payments.Verify(payload, signature, s.Payments.WebhookSecret())
	if err != nil {
		if errors.Is(err, payments.ErrBadSignature) {
			return false, fmt.Errorf("%w: %v", ErrBadSignature, err)
		}
		return false, fmt.Errorf("%w: %v", ErrBadEvent, err)
	}
	f, err := payments.Parse(ev)
	if err != nil {
		return false, fmt.Errorf("%w: %v", ErrBadEvent, err)
	}
	return s.ApplyEvent(ctx, f)
}

// ApplyEvent applies one payment event exactly once: its id is recorded in the same transaction
// as the change it causes, so a replayed or concurrent delivery changes nothing more (it
// reports false). Events about rows this database does not have are recorded and ignored.
func (s *Service) ApplyEvent(ctx context.Context, f payments.Fact) (bool, error) {
	applied := false
	err := s.Store.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		fresh, err := s.Store.RecordPaymentEvent(ctx, tx, s.Payments.Name(), f.EventID, f.Type, s.Now())
		if err != nil || !fresh {
			return err
		}
		applied = true
		switch {
		case f.SessionID != "":
			return s.applySessionEvent(ctx, tx, f)
		case f.Invoice != nil || f.Subscription != nil:
			return s.Memberships.ApplyFact(ctx, tx, f)
		case f.Outcome == payments.OutcomeRefunded && f.PaymentIntentID != "":
			o, err := s.Store.LockOrderByPaymentIntent(ctx, tx, f.PaymentIntentID)
			if err != nil || o == nil {
				return err
			}
			return s.moveOrder(ctx, tx, o, OutcomeRefunded, f)
		}
		return nil
	})
	return applied, err
}

func (s *Service) applySessionEvent(ctx context.Context, q bun.IDB, f payments.Fact) error {
	sess, err := s.Store.LockPaymentSession(ctx, q, f.SessionID)
	if err != nil || sess == nil {
		return err
	}
	next, relevant := SessionStatusAfter(sess.Status, f)
	if !relevant {
		return nil
	}
	if next != sess.Status {
		if err := s.Store.SetPaymentSessionStatus(ctx, q, sess.ID, next, s.Now()); err != nil {
			return err
		}
	}
	switch {
	case sess.Kind == KindOrder && sess.OrderID != nil:
		o, err := s.Store.LockOrder(ctx, q, *sess.OrderID)
		if err != nil || o == nil {
			return err
		}
		return s.moveOrder(ctx, q, o, OutcomeOf(f), f)
	case sess.Kind == KindSubscription && sess.SubscriptionID != nil:
		return s.Memberships.ApplySessionOutcome(ctx, q, *sess.SubscriptionID, f)
	}
	return nil
}

// moveOrder applies an outcome to a locked order; an order that became paid has its lines
// leave the cart and count as purchases of their services.
func (s *Service) moveOrder(ctx context.Context, q bun.IDB, o *Order, outcome Outcome, f payments.Fact) error {
	now := s.Now()
	if !ApplyOutcome(o, outcome, f, now) {
		return nil
	}
	if err := s.Store.SaveOrderStatus(ctx, q, *o); err != nil {
		return err
	}
	if o.Status != Paid {
		return nil
	}
	items, err := s.Store.OrderItems(ctx, q, o.ID)
	if err != nil {
		return err
	}
	cartIDs, purchases := PaidEffects(items)
	if err := s.Store.RemoveCartItems(ctx, q, o.UserID, cartIDs); err != nil {
		return err
	}
	for _, p := range purchases {
		if err := s.Store.RecordPurchase(ctx, q, o.UserID, o.ID, p, now); err != nil {
			return err
		}
	}
	return nil
}

// applyBuiltIn applies an event the built-in provider raises inside the app.
func (s *Service) applyBuiltIn(ctx context.Context, id, typ string, object any) error {
	f, err := payments.BuiltInFact(id, typ, s.Now(), object)
	if err != nil {
		return err
	}
	_, err = s.ApplyEvent(ctx, f)
	return err
}

func (s *Service) expireSession(ctx context.Context, sess PaymentSession, eventID string) error {
	return s.applyBuiltIn(ctx, eventID, "checkout.session.expired",
		payments.SessionObject(sess.ID, sess.Kind, SessionRef(sess), sess.UserID, "expired", "unpaid", ""))
}

// ExpireAndRenew is the built-in provider's clock: payment pages that expired, then the
// memberships' renewals, ends of cancelled periods and ends of pauses, for every member. Each
// is an event with an id fixed by what fell due, so several replicas apply each exactly once.
// Stripe keeps its own clock: with it, this does nothing.
func (s *Service) ExpireAndRenew(ctx context.Context) error {
	if !s.TestMode() {
		return nil
	}
	expired, err := s.Store.OpenSessionsExpiredBefore(ctx, s.Store.Pool(), payments.NameBuiltIn, s.Now(), 200)
	if err != nil {
		return err
	}
	for _, sess := range expired {
		if err := s.expireSession(ctx, sess, "evt_builtin_expired_"+sess.ID); err != nil {
			return err
		}
	}
	return s.Memberships.RenewDue(ctx, "")
}
