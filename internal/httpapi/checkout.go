package httpapi

import (
	"context"
	"errors"
	"fmt"
	"time"

	"circle/internal/apperr"
	"circle/internal/auth"
	"circle/internal/cart"
	"circle/internal/checkout"
	"circle/internal/payments"
	"circle/internal/pricing"
)

// HeldBackItem is a cart line checkout did not charge, with the reason.
type HeldBackItem struct {
	ItemID      string `json:"item_id"`
	Title       string `json:"title"`
	Reason      string `json:"reason" enum:"consultation_required"`
	Explanation string `json:"explanation"`
}

// CheckoutResult is the answer of create-checkout: the hosted payment page to open (in a new
// tab) and the order it pays for.
type CheckoutResult struct {
	URL       string         `json:"url" doc:"The hosted payment page: the built-in page (/checkout/{session_id}) or Stripe Checkout"`
	SessionID string         `json:"session_id"`
	Provider  string         `json:"provider" enum:"builtin,stripe"`
	Order     OrderView      `json:"order"`
	HeldBack  []HeldBackItem `json:"held_back" doc:"Lines that need a consultation: they stay in the cart and are not charged"`
}

type checkoutOutput struct {
	Body CheckoutResult
}

// buyerOf is the checkout service's view of the caller.
func (s *Server) buyerOf(p auth.Principal) checkout.Buyer {
	return checkout.Buyer{UserID: p.User.ID, Email: p.User.Email, State: p.Profile.State, Lang: p.Profile.PreferredLanguage, Pro: s.isPro(p)}
}

type createCheckoutInput struct {
	Lang string `query:"lang" enum:"en,es,fr," doc:"Language of the payment page and its line names (default: the profile's)"`
}

// createCheckout is create-checkout (02§7, 03§5): every line needs a coverage; lines that need
// a consultation are held back; the order is priced from the catalogue (whatever the client
// sent earlier) and the agent is sent to a hosted payment page.
func (s *Server) createCheckout(ctx context.Context, in *createCheckoutInput) (*checkoutOutput, error) {
	p, err := s.requireUser(ctx)
	if err != nil {
		return nil, err
	}
	buyer := s.buyerOf(p)
	if in.Lang != "" {
		buyer.Lang = in.Lang
	}
	c, err := s.deps.Checkout.CreateCheckout(ctx, buyer)
	if err != nil {
		return nil, err
	}
	held := make([]HeldBackItem, 0, len(c.HeldBack))
	for _, h := range c.HeldBack {
		held = append(held, HeldBackItem{ItemID: h.ItemID, Title: h.Title, Reason: h.Reason, Explanation: h.Explanation})
	}
	return &checkoutOutput{Body: CheckoutResult{URL: c.URL, SessionID: c.SessionID, Provider: c.Provider,
		Order: orderView(c.Order, p.Profile.PreferredLanguage), HeldBack: held}}, nil
}

// OrderView is an order with its receipt.
type OrderView struct {
	checkout.OrderView
	Total   pricing.Money `json:"total"`
	Savings pricing.Money `json:"savings" doc:"Saved against retail (Pro prices)"`
	Receipt Receipt       `json:"receipt"`
}

// Receipt is what the agent's receipt shows.
type Receipt struct {
	Number        string     `json:"number"`
	PaidAt        *time.Time `json:"paid_at"`
	PaymentMethod string     `json:"payment_method"`
	TestMode      bool       `json:"test_mode" doc:"Paid on the built-in page: no real payment"`
	TaxNote       string     `json:"tax_note"`
	RefundNote    string     `json:"refund_note,omitempty"`
}

// Receipt refund notes.
const (
	MsgRefunded            = "Refunded. Refunds reach the original payment method in 3-5 business days."
	MsgLatePaymentRefunded = "This payment arrived after the checkout had ended, so it was refunded automatically. Refunds reach the original payment method in 3-5 business days."
)

func orderView(o checkout.Order, lang string) OrderView {
	cur := pricing.Currency(o.Currency)
	money := func(c, usd int64) pricing.Money {
		return pricing.Money{Cents: c, Currency: cur, USDCents: usd, Display: pricing.Display(c, cur, lang), Approximate: cur == pricing.CAD}
	}
	// Points paid part of the price: they are not savings.
	pts, pointsUSD := checkout.PointsPaid(o)
	saved := max(o.RetailTotalUSDCents-o.TotalUSDCents-pointsUSD, 0)
	savedCur := saved
	if cur == pricing.CAD {
		savedCur = pricing.USDToCAD(saved, o.USDToCADRateE4)
	}
	v := OrderView{OrderView: o.View(), Total: money(o.TotalCents, o.TotalUSDCents), Savings: money(savedCur, saved),
		Receipt: Receipt{Number: o.Number, PaidAt: o.PaidAt, TestMode: o.Provider == payments.NameBuiltIn, TaxNote: cart.TaxNote}}
	switch {
	case o.Provider == payments.NameBuiltIn && o.CardLast4 != "":
		v.Receipt.PaymentMethod = "Test card ending in " + o.CardLast4 + " (test mode: no real payment)"
	case o.Provider == payments.NameBuiltIn:
		v.Receipt.PaymentMethod = "Test mode: no real payment"
	default:
		v.Receipt.PaymentMethod = "Card (Stripe)"
	}
	if pts > 0 {
		v.Receipt.PaymentMethod = fmt.Sprintf("%d Agent Points; %s", pts, v.Receipt.PaymentMethod)
		if o.TotalCents == 0 {
			v.Receipt.PaymentMethod = fmt.Sprintf("%d Agent Points", pts)
		}
	}
	switch {
	case o.Status == checkout.Refunded && o.PaidAt == nil:
		// A payment that arrived after its checkout had ended (issue 14): never a paid order.
		v.Receipt.RefundNote = MsgLatePaymentRefunded
	case o.Status == checkout.Refunded:
		v.Receipt.RefundNote = MsgRefunded
	}
	return v
}

type ordersOutput struct {
	Body struct {
		Orders []OrderView `json:"orders"`
	}
}

type listOrdersInput struct {
	IncludeEnded bool `query:"include_ended" doc:"Also list checkouts that ended unpaid (expired or canceled); hidden by default"`
}

func (s *Server) listOrders(ctx context.Context, in *listOrdersInput) (*ordersOutput, error) {
	p, err := s.requireUser(ctx)
	if err != nil {
		return nil, err
	}
	rows, err := s.deps.Checkout.Orders(ctx, p.User.ID, in.IncludeEnded)
	if err != nil {
		return nil, err
	}
	out := &ordersOutput{}
	out.Body.Orders = []OrderView{}
	for _, o := range rows {
		out.Body.Orders = append(out.Body.Orders, orderView(o, p.Profile.PreferredLanguage))
	}
	return out, nil
}

type orderIDInput struct {
	ID string `path:"id" maxLength:"64"`
}

type orderOutput struct {
	Body OrderView
}

// getOrder returns one of the caller's orders; administrators may read any. Someone else's
// order is not found.
func (s *Server) getOrder(ctx context.Context, in *orderIDInput) (*orderOutput, error) {
	p, err := s.requireUser(ctx)
	if err != nil {
		return nil, err
	}
	o, err := s.deps.Checkout.Order(ctx, p.User.ID, p.IsAdmin, in.ID)
	if err != nil {
		return nil, err
	}
	return &orderOutput{Body: orderView(o, p.Profile.PreferredLanguage)}, nil
}

// CheckoutSessionView is what /payment-success shows: the session and what it paid for.
type CheckoutSessionView struct {
	Session      checkout.PaymentSessionView `json:"session"`
	Order        *OrderView                  `json:"order"`
	Subscription *SubscriptionView           `json:"subscription"`
}

type sessionIDInput struct {
	SessionID string `path:"session_id" maxLength:"200"`
}

type checkoutSessionOutput struct {
	Body CheckoutSessionView
}

func (s *Server) getCheckoutSession(ctx context.Context, in *sessionIDInput) (*checkoutSessionOutput, error) {
	p, err := s.requireUser(ctx)
	if err != nil {
		return nil, err
	}
	so, err := s.deps.Checkout.Session(ctx, p.User.ID, p.IsAdmin, in.SessionID)
	if err != nil {
		return nil, err
	}
	sess := so.Session
	out := &checkoutSessionOutput{Body: CheckoutSessionView{Session: sess.View()}}
	if so.Order != nil {
		v := orderView(*so.Order, p.Profile.PreferredLanguage)
		out.Body.Order = &v
	}
	if sess.SubscriptionID != nil {
		// The membership's side is billing's: the one read here besides checkout's.
		sub, err := s.deps.Billing.Subscription(ctx, *sess.SubscriptionID)
		if err != nil {
			return nil, err
		}
		v := subscriptionView(sub, p.Profile.PreferredLanguage, s.deps.Now())
		out.Body.Subscription = &v
	}
	return out, nil
}

type webhookInput struct {
	Signature string `header:"Stripe-Signature" maxLength:"2000"`
	RawBody   []byte
}

type webhookOutput struct {
	Body struct {
		Received  bool `json:"received"`
		Duplicate bool `json:"duplicate" doc:"The event was applied before; nothing changed"`
	}
}

// MsgBadSignature answers a webhook whose signature does not verify.
const MsgBadSignature = "Webhook signature verification failed."

// receivePaymentEvent is the one path every payment event takes from outside: verify the
// signature, read the event, apply it exactly once.
func (s *Server) receivePaymentEvent(ctx context.Context, payload []byte, signature string) (bool, error) {
	applied, err := s.deps.Checkout.ReceiveEvent(ctx, payload, signature)
	switch {
	case errors.Is(err, checkout.ErrNoProvider):
		return false, apperr.New(apperr.Unavailable, "Payments are not configured.")
	case errors.Is(err, checkout.ErrBadSignature):
		return false, apperr.Field("Stripe-Signature", "webhook.signature", MsgBadSignature)
	case errors.Is(err, checkout.ErrBadEvent):
		return false, apperr.Field("body", "webhook.event", "The webhook body is not a valid event.")
	}
	return applied, err
}

// stripeWebhook receives Stripe's events (and, with the built-in provider, events signed with
// its secret): 200 once applied or when already applied; 400 when the signature fails.
func (s *Server) stripeWebhook(ctx context.Context, in *webhookInput) (*webhookOutput, error) {
	applied, err := s.receivePaymentEvent(ctx, in.RawBody, in.Signature)
	if err != nil {
		return nil, err
	}
	out := &webhookOutput{}
	out.Body.Received, out.Body.Duplicate = true, !applied
	return out, nil
}
