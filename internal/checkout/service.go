package checkout

import (
	"circle/internal/audit"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"circle/internal/appconfig"
	"circle/internal/apperr"
	"circle/internal/cart"
	"circle/internal/ids"
	"circle/internal/jobs"
	"circle/internal/partnerpay"
	"circle/internal/payments"
	"circle/internal/pricing"
)

// Store is what the checkout service needs from the database (internal/store). A method
// called with the ctx InTx hands to its fn runs in that transaction; with any other ctx, on its
// own.
type Store interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	GetConfig(ctx context.Context) (appconfig.Config, error)

	CartItems(ctx context.Context, userID string) ([]cart.Item, error)
	CartLines(ctx context.Context, serviceIDs []string) (map[string]cart.Line, error)
	SubtractCartQuantities(ctx context.Context, userID string, paid map[string]int) error
	// BookedServices names those of serviceIDs the user holds a live consultation booking of
	// (pending, or a lead the vendor's calendar takes over): the next step after paying.
	BookedServices(ctx context.Context, userID string, serviceIDs []string) (map[string]bool, error)
	// SaveCartItem and CancelCoPayLinks pay a waiting co-pay line now (Buyer.PayNow).
	SaveCartItem(ctx context.Context, it cart.Item) error
	CancelCoPayLinks(ctx context.Context, userID string, requestIDs []string, note string, now time.Time) error

	// LockCheckout makes the checkouts and order payments of one user's cart take turns until
	// the transaction ends.
	LockCheckout(ctx context.Context, userID string) error
	LockOpenOrder(ctx context.Context, userID string) (*Order, error)
	InsertOrder(ctx context.Context, o Order, items []OrderItem) error
	SaveOrderStatus(ctx context.Context, o Order) error
	Orders(ctx context.Context, userID string, limit int, includeEnded bool) ([]Order, error)
	OrdersToExpire(ctx context.Context, sessionlessBefore, openBefore time.Time, limit int) ([]Order, error)
	InsertOrderRefund(ctx context.Context, r OrderRefund) error
	OrderByID(ctx context.Context, id string) (Order, error)
	LockOrder(ctx context.Context, id string) (*Order, error)
	LockOrderByPaymentIntent(ctx context.Context, paymentIntentID string) (*Order, error)
	OrderItems(ctx context.Context, orderID string) ([]OrderItem, error)
	RecordPurchase(ctx context.Context, userID, orderID string, p Purchase, now time.Time) error

	InsertPaymentSession(ctx context.Context, s PaymentSession) error
	PaymentSessionByID(ctx context.Context, id string) (PaymentSession, error)
	LockPaymentSession(ctx context.Context, id string) (*PaymentSession, error)
	SetPaymentSessionStatus(ctx context.Context, id, status string, now time.Time) error
	ExpireOrderSessions(ctx context.Context, orderID string, now time.Time) ([]string, error)
	ExpireOtherOrderSessions(ctx context.Context, userID, keepSessionID string, now time.Time) ([]string, error)
	OpenSessionsExpiredBefore(ctx context.Context, provider string, now time.Time, limit int) ([]PaymentSession, error)
	RecordPaymentEvent(ctx context.Context, provider, id, typ string, now time.Time) (bool, error)
	// MarkCoPayUsed moves an approved co-pay request to used by a paid order (once: a request
	// that is not approved any more is left); ReverseCoPay records that a refunded order's
	// co-pay share is no longer owed.
	MarkCoPayUsed(ctx context.Context, requestID, orderID string, now time.Time) error
	ReverseCoPay(ctx context.Context, requestID, orderID string, now time.Time) error
	// AppendAudit writes a staff change's audit entry (a staff refund, refund.go).
	AppendAudit(ctx context.Context, e audit.Record) error
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
	// An order line's parts, for its name in another language (NameIn); empty for a
	// membership's lines.
	title, coverage, period string
}

// NameIn is the line's name in language: an order line's period note is translated; other
// names are shown as they are.
func (l PageLine) NameIn(language string) string {
	if l.title == "" {
		return l.Name
	}
	return PeriodLineName(l.title, l.coverage, l.period, language)
}

// Memberships is the Circle Pro side of payment events and payment pages (billing.Service).
// The Apply methods run inside the caller's transaction (the ctx InTx hands out).
type Memberships interface {
	ApplySessionOutcome(ctx context.Context, subscriptionID string, f payments.Fact) error
	ApplyFact(ctx context.Context, f payments.Fact) error
	RenewDue(ctx context.Context, userID string) error
	FirstInvoice(ctx context.Context, subscriptionID string) error
	PaymentPage(ctx context.Context, subscriptionID string) (MembershipPage, error)
}

// PartnerPages is the partner payment links' side of payment pages (store.PartnerPayments;
// internal/partnerpay): the page's line, and its outcome applied to the link on the event's
// transaction (ctx).
type PartnerPages interface {
	PartnerPageLines(ctx context.Context, sessionID string) ([]PageLine, error)
	ApplyPartnerOutcome(ctx context.Context, sessionID string, f payments.Fact) error
}

// KindPartner is a payment page of a partner payment link (partnerpay.KindPartner).
const KindPartner = partnerpay.KindPartner

// Queue writes background jobs in the caller's transaction (jobs.Runner).
type Queue interface {
	Enqueue(ctx context.Context, j jobs.Job) (jobs.Job, error)
}

// Service runs checkout and orders: pricing the cart into an order, the payment page, the
// payment events every provider sends (applied exactly once), and the built-in provider's
// pages and clock. It never calls the payment provider inside a transaction.
type Service struct {
	Store       Store
	Payments    payments.Provider
	Memberships Memberships
	Jobs        Queue
	Now         func() time.Time
	Logger      *slog.Logger
	// BaseURL is the public address of the app, for the payment page's return links.
	BaseURL string
	// Points spends and gives back the points of points lines (points.go).
	Points PointsLedger
	// Conversions credits a paid order to the buyer's affiliate in the payment's transaction
	// (affiliates.Service; nil: no affiliate programme).
	Conversions OrderConversions
	// Partners applies the outcomes of partner payment pages (nil: none are made).
	Partners PartnerPages
	// VendorCards applies the events of vendors' card setup pages (pointspay.Cards; nil: none
	// are made).
	VendorCards VendorCardSetups
}

// VendorCardSetups is the vendors' card on file's side of payment events: a completed setup
// page (circle_kind vendor_card) applied in the event's transaction.
type VendorCardSetups interface {
	ApplyCardSetup(ctx context.Context, f payments.Fact) error
}

// OrderConversions records an affiliate conversion of a paid order, once per order.
type OrderConversions interface {
	OrderPaid(ctx context.Context, orderID, userID string, usdCents int64, paidAt time.Time) error
}

// Buyer is who checks out.
type Buyer struct {
	UserID, Email string
	// State and Lang pick the currency and the display language.
	State, Lang string
	// Currency is the viewer's USD/CAD choice (pricing.ViewerCurrency; auto when empty).
	Currency pricing.Choice
	// Pro may buy at Circle Pro prices.
	Pro bool
	// PayNow names cart lines waiting for a co-pay answer that the buyer pays now instead: each
	// is paid at the Pro price (retail without one) and its request is withdrawn, in the
	// checkout's transaction (issue 28 item 2). Other waiting lines stay in the cart.
	PayNow []string
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

// CreateCheckout prices the buyer's cart into a pending order and returns its payment page. A
// cart has at most one open checkout (the database refuses a second pending order per user):
// when the cart is priced as the open order was, its page is handed out again; when it
// changed, the open order expires first (a payment still made on its page is refunded). The
// order and the job that creates its page commit together; the job then runs inline, outside
// any transaction, and if this process dies first the job runner creates the page.
func (s *Service) CreateCheckout(ctx context.Context, b Buyer) (Checkout, error) {
	if s.Payments == nil {
		return Checkout{}, apperr.New(apperr.Unavailable, MsgCheckoutError)
	}
	cfg, err := s.Store.GetConfig(ctx)
	if err != nil {
		return Checkout{}, err
	}
	conv := pricing.NewConverter(b.Currency, b.State, cfg.USDToCADRateE4, b.Lang)
	var open opened
	err = s.Store.InTx(ctx, func(ctx context.Context) error {
		var err error
		open, err = s.openOrder(ctx, b, conv)
		return err
	})
	if err != nil {
		return Checkout{}, err
	}
	if c, ok := s.pointsOnlyCheckout(open); ok {
		return c, nil
	}
	sess, order, err := s.ensureSession(ctx, open.order, open.page, b.Email, b.Lang)
	if err != nil {
		// The job stays queued and retries; a second Checkout of the same cart reuses the order.
		s.Logger.Error("create checkout session", "err", err, "order_id", open.order.ID)
		return Checkout{}, apperr.New(apperr.Unavailable, MsgCheckoutError)
	}
	return Checkout{URL: sess.URL, SessionID: sess.ID, Provider: sess.Provider, Order: order, HeldBack: open.held}, nil
}

// stamp is the time now as the database keeps it (UTC, to the microsecond like PostgreSQL), for
// rows the request answers from what it wrote rather than by reading them again.
func (s *Service) stamp() time.Time { return s.Now().UTC().Truncate(time.Microsecond) }

// lockOrder takes the checkout lock of the order's buyer, then the order's row (nil when there
// is none), in ctx's transaction: the order in which every change of an order locks.
func (s *Service) lockOrder(ctx context.Context, userID, orderID string) (*Order, error) {
	if err := s.Store.LockCheckout(ctx, userID); err != nil {
		return nil, err
	}
	return s.Store.LockOrder(ctx, orderID)
}

// opened is what the transaction of CreateCheckout leaves: the cart's order with its lines (as
// written, or as read under its lock when it is handed out again), its payment page when the
// transaction read it, and the lines held back.
type opened struct {
	order Order
	page  *PaymentSession
	held  []HeldBack
}

// openOrder is the transaction of CreateCheckout: the cart's open order when the cart prices
// as it did, else a new pending order (after expiring the open one) with its create-session
// job. Each row is read once (issue 26 item 4): the order it returns carries its lines.
func (s *Service) openOrder(ctx context.Context, b Buyer, conv pricing.Converter) (opened, error) {
	// Checkouts and payments of one cart take their turn here.
	if err := s.Store.LockCheckout(ctx, b.UserID); err != nil {
		return opened{}, err
	}
	items, err := s.Store.CartItems(ctx, b.UserID)
	if err != nil {
		return opened{}, err
	}
	if len(items) == 0 {
		return opened{}, apperr.Field("cart", "checkout.empty", MsgEmptyCart)
	}
	lines, err := s.Store.CartLines(ctx, cart.ServiceIDs(items))
	if err != nil {
		return opened{}, err
	}
	if err := s.payNow(ctx, b, items, lines); err != nil {
		return opened{}, err
	}
	order := Order{ID: ids.New(), Number: OrderNumber(), UserID: b.UserID, Currency: string(conv.Currency), USDToCADRateE4: conv.RateE4,
		Provider: s.Payments.Name()}
	if order.Currency == "" {
		order.Currency = string(pricing.USD)
	}
	priced, err := PriceOrder(order, items, lines, conv, b.Pro)
	if err == nil {
		priced, err = s.pricePoints(ctx, b.UserID, priced, conv)
	}
	if err != nil {
		return opened{}, err
	}
	now := s.stamp()
	open, err := s.Store.LockOpenOrder(ctx, b.UserID)
	if err != nil {
		return opened{}, err
	}
	if open != nil {
		reuse, err := s.reusable(ctx, open, priced, now)
		if err != nil {
			return opened{}, err
		}
		if reuse.ok {
			return opened{order: *open, page: reuse.page, held: priced.HeldBack}, nil
		}
		if err := s.expireOrder(ctx, open); err != nil {
			return opened{}, err
		}
	}
	order = priced.Order
	order.Status, order.CreatedAt, order.UpdatedAt = Pending, now, now
	for i := range priced.Items {
		priced.Items[i].ID, priced.Items[i].OrderID, priced.Items[i].SortOrder = ids.New(), order.ID, i
		order.Items = append(order.Items, &priced.Items[i])
	}
	if err := s.spendOrderPoints(ctx, &order); err != nil {
		return opened{}, err
	}
	if err := s.Store.InsertOrder(ctx, order, priced.Items); err != nil {
		return opened{}, err
	}
	if PaidWithPointsOnly(order, priced.Items) {
		// Paid at once: the answer is the order as paid.
		if err := s.payWithPointsOnly(ctx, &order, priced.Items); err != nil {
			return opened{}, err
		}
		return opened{order: order, held: priced.HeldBack}, nil
	}
	j, err := jobs.New(CreateSessionKind, sessionJob{OrderID: order.ID, Email: b.Email, Lang: b.Lang})
	if err != nil {
		return opened{}, err
	}
	j.Key = CreateSessionKind + ":" + order.ID
	if _, err := s.Jobs.Enqueue(ctx, j); err != nil {
		return opened{}, err
	}
	return opened{order: order, held: priced.HeldBack}, nil
}

// payNow turns the waiting lines the buyer pays now into lines paid at the Pro price (retail
// without one), in items and in the cart, and withdraws their co-pay requests. A line named that
// is not the buyer's, or not waiting any more, is refused: nothing changes.
func (s *Service) payNow(ctx context.Context, b Buyer, items []cart.Item, lines map[string]cart.Line) error {
	if len(b.PayNow) == 0 {
		return nil
	}
	var withdrawn []string
	now := s.Now()
	for _, id := range b.PayNow {
		i := slices.IndexFunc(items, func(it cart.Item) bool { return it.ID == id })
		if i < 0 {
			return apperr.Field("withdraw_copay", cart.KeyWithdrawNotPending, cart.MsgWithdrawNotPending)
		}
		reqID, err := cart.WithdrawCoPay(&items[i], lines[items[i].ServiceID], b.Pro, "withdraw_copay")
		if err != nil {
			return err
		}
		items[i].UpdatedAt = now
		if err := s.Store.SaveCartItem(ctx, items[i]); err != nil {
			return err
		}
		withdrawn = append(withdrawn, reqID)
	}
	return s.Store.CancelCoPayLinks(ctx, b.UserID, withdrawn, cart.NoteWithdrawnAtCheckout, now)
}

// reuse says whether the open order may be handed out again, with the payment page reusable read.
type reuse struct {
	ok   bool
	page *PaymentSession
}

// reusable reports whether a second Checkout may hand out the open order again: the cart is
// priced as it was, and its payment page is still payable (or not created yet). It reads the
// open order's lines into it.
func (s *Service) reusable(ctx context.Context, open *Order, priced Priced, now time.Time) (reuse, error) {
	items, err := s.Store.OrderItems(ctx, open.ID)
	if err != nil {
		return reuse{}, err
	}
	open.Items = make([]*OrderItem, len(items))
	for i := range items {
		open.Items[i] = &items[i]
	}
	if open.Provider != s.Payments.Name() || !SameCheckout(*open, items, priced) {
		return reuse{}, nil
	}
	if open.CheckoutSessionID == "" {
		return reuse{ok: true}, nil
	}
	sess, err := s.Store.PaymentSessionByID(ctx, open.CheckoutSessionID)
	if err != nil {
		return reuse{}, err
	}
	return reuse{ok: sess.Status == SessionOpen && now.Before(sess.ExpiresAt), page: &sess}, nil
}

// expireOrder ends a locked pending order unpaid, with its open payment pages: a payment that
// still arrives for one of them is refunded.
func (s *Service) expireOrder(ctx context.Context, o *Order) error {
	now := s.Now()
	if !ApplyOutcome(o, OutcomeExpired, payments.Fact{}, now) {
		return nil
	}
	if err := s.Store.SaveOrderStatus(ctx, *o); err != nil {
		return err
	}
	if err := s.settlePoints(ctx, *o); err != nil {
		return err
	}
	expired, err := s.Store.ExpireOrderSessions(ctx, o.ID, now)
	if err != nil {
		return err
	}
	return s.expireAtProvider(ctx, expired)
}

// expireSessionJob is the payload of ExpireSessionKind.
type expireSessionJob struct {
	SessionID string `json:"session_id"`
}

// ExpireSessionJob is the job that expires payment page sessionID at the provider (one per
// page: its key). Billing queues it too, for a replaced membership page.
func ExpireSessionJob(sessionID string) (jobs.Job, error) {
	j, err := jobs.New(ExpireSessionKind, expireSessionJob{SessionID: sessionID})
	j.Key = ExpireSessionKind + ":" + sessionID
	return j, err
}

// expireAtProvider queues, in the caller's transaction, the expiry at the provider of payment
// pages the app just expired, so an outside page (Stripe's) can no longer be paid either. The
// built-in page reads the app's own status and needs none.
func (s *Service) expireAtProvider(ctx context.Context, sessionIDs []string) error {
	if s.TestMode() {
		return nil
	}
	for _, id := range sessionIDs {
		j, err := ExpireSessionJob(id)
		if err != nil {
			return err
		}
		if _, err := s.Jobs.Enqueue(ctx, j); err != nil {
			return err
		}
	}
	return nil
}

// errOrderEnded: the order is no longer pending, so it gets no payment page.
var errOrderEnded = errors.New("the order is no longer awaiting payment")

// sessionJob is the payload of CreateSessionKind.
type sessionJob struct {
	OrderID string `json:"order_id"`
	Email   string `json:"email"`
	// Lang is the buyer's language, for the line names at the provider.
	Lang string `json:"lang,omitempty"`
}

// ensureSession returns the order's payment page, creating it at the provider when it has none
// yet, and the order as it stands with it. The provider is called outside any transaction; the
// page is then recorded unless the order ended meanwhile or another run recorded one first
// (that one is kept; the provider's idempotency key makes both runs the same page at Stripe).
// o is the order with its lines as the caller read or wrote them, page its payment page when
// the caller read it: neither is read again.
func (s *Service) ensureSession(ctx context.Context, o Order, page *PaymentSession, email, lang string) (PaymentSession, Order, error) {
	if o.CheckoutSessionID != "" {
		if page != nil && page.ID == o.CheckoutSessionID {
			return *page, o, nil
		}
		sess, err := s.Store.PaymentSessionByID(ctx, o.CheckoutSessionID)
		return sess, o, err
	}
	if o.Status != Pending {
		return PaymentSession{}, o, errOrderEnded
	}
	expires := o.CreatedAt.Add(SessionTTL - time.Hour)
	sess, err := s.Payments.CreateCheckout(ctx, payments.CheckoutRequest{
		Kind: payments.KindOrder, Ref: o.ID, UserID: o.UserID, Currency: o.Currency, Items: OrderLineItems(o.Items, lang),
		CustomerEmail: email, SuccessURL: s.BaseURL + "/payment-success?session_id={CHECKOUT_SESSION_ID}",
		CancelURL: s.BaseURL + "/payment-canceled?order_id=" + o.ID, ExpiresAt: expires, IdempotencyKey: "checkout-session-" + o.ID,
		Locale: lang,
	})
	if err != nil {
		return PaymentSession{}, o, fmt.Errorf("create payment page of order %s: %w", o.ID, err)
	}
	if sess.ExpiresAt.IsZero() || sess.ExpiresAt.Before(s.Now()) {
		sess.ExpiresAt = expires
	}
	now := s.stamp()
	row := PaymentSession{ID: sess.ID, Provider: s.Payments.Name(), Kind: KindOrder, UserID: o.UserID, OrderID: &o.ID, Status: SessionOpen,
		Currency: o.Currency, AmountCents: o.TotalCents, URL: sess.URL, ExpiresAt: sess.ExpiresAt, CreatedAt: now, UpdatedAt: now}
	err = s.Store.InTx(ctx, func(ctx context.Context) error {
		locked, err := s.lockOrder(ctx, o.UserID, o.ID)
		if err != nil {
			return err
		}
		if locked == nil || locked.Status != Pending {
			return errOrderEnded
		}
		locked.Items = o.Items
		o = *locked
		if locked.CheckoutSessionID != "" {
			row, err = s.Store.PaymentSessionByID(ctx, locked.CheckoutSessionID)
			return err
		}
		// What InsertPaymentSession writes on the order.
		o.CheckoutSessionID, o.UpdatedAt = row.ID, row.CreatedAt
		return s.Store.InsertPaymentSession(ctx, row)
	})
	if err != nil {
		return PaymentSession{}, o, err
	}
	return row, o, nil
}

// Orders lists a buyer's orders with their lines, newest first. Attempts that ended unpaid
// (expired or canceled) are left out unless includeEnded.
func (s *Service) Orders(ctx context.Context, userID string, includeEnded bool) ([]Order, error) {
	return s.Store.Orders(ctx, userID, 200, includeEnded)
}

// MsgOrderNotFound answers for an order that is not the caller's.
const MsgOrderNotFound = "order not found"

// Order reads one of the caller's orders; administrators may read any. Someone else's order is
// not found.
func (s *Service) Order(ctx context.Context, userID string, admin bool, id string) (Order, error) {
	o, err := s.Store.OrderByID(ctx, id)
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
	o, err := s.Store.OrderByID(ctx, id)
	return o.UserID, err
}

// SessionOwner names the user a payment page was opened for (the access rule's owner-of check).
func (s *Service) SessionOwner(ctx context.Context, id string) (string, error) {
	sess, err := s.Store.PaymentSessionByID(ctx, id)
	return sess.UserID, err
}

// Session reads one of the caller's payment pages and its order; administrators may read any.
func (s *Service) Session(ctx context.Context, userID string, admin bool, id string) (SessionWithOrder, error) {
	sess, err := s.Store.PaymentSessionByID(ctx, id)
	if err != nil {
		return SessionWithOrder{}, err
	}
	if sess.UserID != userID && !admin {
		return SessionWithOrder{}, apperr.New(apperr.NotFound, "checkout session not found")
	}
	out := SessionWithOrder{Session: sess}
	if sess.OrderID != nil {
		o, err := s.Store.OrderByID(ctx, *sess.OrderID)
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
	return s.applyEvent(ctx, f, "")
}

// applyEvent is ApplyEvent; payer, when not empty, is the user of the event's payment page as
// the caller read it in this request (a page's user never changes), so the page is not read
// again before the checkout lock.
func (s *Service) applyEvent(ctx context.Context, f payments.Fact, payer string) (bool, error) {
	applied := false
	err := s.Store.InTx(ctx, func(ctx context.Context) error {
		fresh, err := s.Store.RecordPaymentEvent(ctx, s.Payments.Name(), f.EventID, f.Type, s.Now())
		if err != nil || !fresh {
			return err
		}
		applied = true
		switch {
		case f.Kind == payments.KindVendorCard:
			// A vendor's card setup page (no payment session of ours): its card is saved by a job.
			if s.VendorCards == nil {
				return nil
			}
			return s.VendorCards.ApplyCardSetup(ctx, f)
		case f.SessionID != "":
			return s.applySessionEvent(ctx, f, payer)
		case f.Invoice != nil || f.Subscription != nil:
			return s.Memberships.ApplyFact(ctx, f)
		case f.Outcome == payments.OutcomeRefunded && f.PaymentIntentID != "":
			o, err := s.Store.LockOrderByPaymentIntent(ctx, f.PaymentIntentID)
			if err != nil || o == nil {
				return err
			}
			return s.moveOrder(ctx, o, OutcomeRefunded, f)
		}
		return nil
	})
	return applied, err
}

func (s *Service) applySessionEvent(ctx context.Context, f payments.Fact, payer string) error {
	if payer == "" || f.Kind != KindOrder {
		peek, err := s.Store.PaymentSessionByID(ctx, f.SessionID)
		if apperr.CodeOf(err) == apperr.NotFound {
			return nil
		}
		if err != nil {
			return err
		}
		payer = ""
		if peek.Kind == KindOrder {
			payer = peek.UserID
		}
	}
	if payer != "" {
		// Before any row lock, in the order CreateCheckout takes them: no deadlock between a
		// payment and a checkout of the same cart.
		if err := s.Store.LockCheckout(ctx, payer); err != nil {
			return err
		}
	}
	sess, err := s.Store.LockPaymentSession(ctx, f.SessionID)
	if err != nil || sess == nil {
		return err
	}
	next, relevant := SessionStatusAfter(sess.Status, f)
	if !relevant {
		return nil
	}
	if next != sess.Status {
		if err := s.Store.SetPaymentSessionStatus(ctx, sess.ID, next, s.Now()); err != nil {
			return err
		}
	}
	switch {
	case sess.Kind == KindOrder && sess.OrderID != nil:
		o, err := s.Store.LockOrder(ctx, *sess.OrderID)
		if err != nil || o == nil {
			return err
		}
		outcome := OutcomeOf(f)
		if LatePayment(*o, outcome) {
			return s.refundLater(ctx, o, *sess, f)
		}
		return s.moveOrder(ctx, o, outcome, f)
	case sess.Kind == KindSubscription && sess.SubscriptionID != nil:
		return s.Memberships.ApplySessionOutcome(ctx, *sess.SubscriptionID, f)
	case sess.Kind == KindPartner && s.Partners != nil:
		return s.Partners.ApplyPartnerOutcome(ctx, sess.ID, f)
	}
	return nil
}

// refundJob is the payload of RefundKind.
type refundJob struct {
	OrderID         string `json:"order_id"`
	SessionID       string `json:"session_id"`
	PaymentIntentID string `json:"payment_intent_id"`
	AmountCents     int64  `json:"amount_cents"`
	Currency        string `json:"currency"`
}

// refundLater handles a payment that arrived for an order whose attempt had ended (its page
// expired or a newer checkout replaced it): the order keeps its status and records what paid
// it, and a refund job, written in this transaction, gives the money back (the provider is
// never called inside a transaction).
func (s *Service) refundLater(ctx context.Context, o *Order, sess PaymentSession, f payments.Fact) error {
	if f.PaymentIntentID != "" {
		o.PaymentIntentID = f.PaymentIntentID
	}
	if f.CardLast4 != "" {
		o.CardLast4 = f.CardLast4
	}
	o.UpdatedAt = s.Now()
	if err := s.Store.SaveOrderStatus(ctx, *o); err != nil {
		return err
	}
	j, err := jobs.New(RefundKind, refundJob{OrderID: o.ID, SessionID: sess.ID, PaymentIntentID: o.PaymentIntentID, AmountCents: sess.AmountCents, Currency: sess.Currency})
	if err != nil {
		return err
	}
	j.Key = RefundKind + ":" + sess.ID
	_, err = s.Jobs.Enqueue(ctx, j)
	return err
}

// moveOrder applies an outcome to a locked order. An order that became paid ends every other
// open payment page of the cart, takes the paid quantities out of the cart and counts as
// purchases of its services.
func (s *Service) moveOrder(ctx context.Context, o *Order, outcome Outcome, f payments.Fact) error {
	return s.moveOrderWith(ctx, o, nil, outcome, f)
}

// moveOrderWith is moveOrder with the order's lines when the caller has them (nil: read).
func (s *Service) moveOrderWith(ctx context.Context, o *Order, items []OrderItem, outcome Outcome, f payments.Fact) error {
	now := s.stamp()
	if !ApplyOutcome(o, outcome, f, now) {
		return nil
	}
	if err := s.Store.SaveOrderStatus(ctx, *o); err != nil {
		return err
	}
	if err := s.settlePoints(ctx, *o); err != nil {
		return err
	}
	if o.Status == Refunded {
		return s.coPayRefunded(ctx, o)
	}
	if o.Status != Paid {
		return nil
	}
	others, err := s.Store.ExpireOtherOrderSessions(ctx, o.UserID, o.CheckoutSessionID, now)
	if err != nil {
		return err
	}
	if err := s.expireAtProvider(ctx, others); err != nil {
		return err
	}
	if items == nil {
		if items, err = s.Store.OrderItems(ctx, o.ID); err != nil {
			return err
		}
	}
	if err := s.coPayPaid(ctx, o, items); err != nil {
		return err
	}
	if s.Conversions != nil {
		if err := s.Conversions.OrderPaid(ctx, o.ID, o.UserID, o.TotalUSDCents, now); err != nil {
			return err
		}
	}
	paidQty, purchases := PaidEffects(items)
	if err := s.Store.SubtractCartQuantities(ctx, o.UserID, paidQty); err != nil {
		return err
	}
	for _, p := range purchases {
		if err := s.Store.RecordPurchase(ctx, o.UserID, o.ID, p, now); err != nil {
			return err
		}
	}
	return nil
}
