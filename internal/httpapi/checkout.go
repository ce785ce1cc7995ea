package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"circle/internal/account"
	"circle/internal/affiliates"
	"circle/internal/apperr"
	"circle/internal/auth"
	"circle/internal/billing"
	"circle/internal/checkout"
	"circle/internal/payments"
	"circle/internal/pricing"
)

// CheckoutArea is checkout: orders, payment pages (the API's and the built-in pages) and the
// payment provider's webhook.
type CheckoutArea struct {
	Checkout  *checkout.Service
	NextSteps *checkout.NextSteps
	Billing   *billing.Service
	// Payments is the payment provider: the built-in checkout page or Stripe (the built-in
	// pages check their links with it).
	Payments payments.Provider
	Profiles *account.ProfileService
	Logger   *slog.Logger
	Now      func() time.Time
	// Affiliates attributes the buyer to the click their affiliate cookie names (nil: none).
	Affiliates *affiliates.Service
}

// Summaries too long for their route line.
const (
	sumCreateCheckout     = "Create an order from server prices and a hosted payment page (create-checkout)"
	sumGetCheckoutSession = "A payment page's status and what it paid for (/payment-success)"
	sumStripeWebhook      = "Signed payment events (Stripe, or the built-in page), applied exactly once"
	sumGetOrder           = "One order (the caller's own; administrators any)"
)

// Register declares the area's routes.
func (h *CheckoutArea) Register(r *Router) {
	payer := ownerOf(paymentSessionPayer("session_id"), apperr.New(apperr.NotFound, "checkout session not found"))
	buyer := ownerOf(orderBuyer("id"), apperr.New(apperr.NotFound, "order not found"))
	post(r, "/api/checkout", "create-checkout", sumCreateCheckout, "checkout", user, h.createCheckout)
	get(r, "/api/checkout/sessions/{session_id}", "get-checkout-session", sumGetCheckoutSession, "checkout", payer, h.getCheckoutSession)
	post(r, "/api/webhooks/stripe", "stripe-webhook", sumStripeWebhook, "checkout", public, h.stripeWebhook, maxKB(256))
	get(r, "/api/orders", "list-orders", "The caller's orders with lines, status and receipts", "checkout", user, h.listOrders)
	get(r, "/api/orders/{id}", "get-order", sumGetOrder, "checkout", buyer, h.getOrder)
	h.registerPaymentPages(r)
}

// HeldBackItem is a cart line checkout did not charge, with the reason.
type HeldBackItem struct {
	ItemID      string `json:"item_id"`
	Title       string `json:"title"`
	Reason      string `json:"reason" enum:"consultation_required,copay_pending"`
	Explanation string `json:"explanation"`
}

// CheckoutResult is the answer of create-checkout: the hosted payment page to open (in a new
// tab) and the order it pays for.
type CheckoutResult struct {
	URL       string         `json:"url" doc:"The hosted payment page: the built-in page (/checkout/{session_id}) or Stripe Checkout"`
	SessionID string         `json:"session_id"`
	Provider  string         `json:"provider" enum:"builtin,stripe"`
	Order     OrderView      `json:"order"`
	HeldBack  []HeldBackItem `json:"held_back" doc:"Lines that need a consultation or wait for a vendor's co-pay answer: they stay in the cart and are not charged"`
}

type checkoutOutput = bodyOutput[CheckoutResult]

// buyerOf is the checkout service's view of the caller.
func buyerOf(p auth.Principal) checkout.Buyer {
	return checkout.Buyer{UserID: p.User.ID, Email: p.User.Email, State: p.Profile.State, Lang: p.Profile.PreferredLanguage, Pro: p.IsPro(), Currency: profileCurrency(p)}
}

type createCheckoutInput struct {
	Lang string `query:"lang" enum:"en,es,fr," doc:"Language of the payment page and its line names (default: the profile's)"`
	Aff  string `cookie:"circle_aff" doc:"The affiliate attribution cookie the server set (the click's id)"`
	Body *createCheckoutBody
}

// createCheckoutBody is create-checkout's optional body.
type createCheckoutBody struct {
	WithdrawCoPay []string `json:"withdraw_copay,omitempty" maxItems:"50" doc:"Cart lines waiting for a co-pay answer to pay now instead: each is paid at the Pro price (retail without one; the line's copay.pay_now) and its request is withdrawn. Other waiting lines stay in the cart (held_back, reason copay_pending)"`
}

// createCheckout is create-checkout (02§7, 03§5): every line needs a coverage; lines that need
// a consultation are held back; the order is priced from the catalogue (whatever the client
// sent earlier) and the agent is sent to a hosted payment page.
func (h *CheckoutArea) createCheckout(ctx context.Context, in *createCheckoutInput) (*checkoutOutput, error) {
	p, err := requireUser(ctx)
	if err != nil {
		return nil, err
	}
	buyer := buyerOf(p)
	if in.Lang != "" {
		buyer.Lang = in.Lang
	}
	if in.Body != nil {
		buyer.PayNow = in.Body.WithdrawCoPay
	}
	bindAffiliate(ctx, h.Affiliates, h.Logger, p.User.ID, in.Aff)
	c, err := h.Checkout.CreateCheckout(ctx, buyer)
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

// OrderView is an order with its receipt (the receipt rules are checkout's: checkout.ReceiptOf).
type OrderView struct {
	checkout.OrderView
	Total   pricing.Money    `json:"total"`
	Savings pricing.Money    `json:"savings" doc:"Saved against retail (Pro prices)"`
	Receipt checkout.Receipt `json:"receipt"`
}

func orderView(o checkout.Order, lang string) OrderView {
	r := checkout.ReceiptOf(o, lang)
	return OrderView{OrderView: o.View(), Total: r.Total, Savings: r.Savings, Receipt: r.Receipt}
}

type ordersOutput struct {
	Body struct {
		Orders []OrderView `json:"orders"`
	}
}

type listOrdersInput struct {
	IncludeEnded bool `query:"include_ended" doc:"Also list checkouts that ended unpaid (expired or canceled); hidden by default"`
}

func (h *CheckoutArea) listOrders(ctx context.Context, in *listOrdersInput) (*ordersOutput, error) {
	p, err := requireUser(ctx)
	if err != nil {
		return nil, err
	}
	rows, err := h.Checkout.Orders(ctx, p.User.ID, in.IncludeEnded)
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

type orderOutput = bodyOutput[OrderView]

// getOrder returns one of the caller's orders; administrators may read any. Someone else's
// order is not found.
func (h *CheckoutArea) getOrder(ctx context.Context, in *idPath) (*orderOutput, error) {
	p, err := requireUser(ctx)
	if err != nil {
		return nil, err
	}
	o, err := h.Checkout.Order(ctx, p.User.ID, p.IsAdmin, in.ID)
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
	NextStep     *checkout.NextStep          `json:"next_step" doc:"A paid order's next step (issue 28 item 1): book the purchased services' consultations, My Consultations, or the receipt; null until the order is paid"`
}

type sessionIDInput struct {
	SessionID string `path:"session_id" maxLength:"200"`
}

type checkoutSessionOutput = bodyOutput[CheckoutSessionView]

func (h *CheckoutArea) getCheckoutSession(ctx context.Context, in *sessionIDInput) (*checkoutSessionOutput, error) {
	p, err := requireUser(ctx)
	if err != nil {
		return nil, err
	}
	so, err := h.Checkout.Session(ctx, p.User.ID, p.IsAdmin, in.SessionID)
	if err != nil {
		return nil, err
	}
	sess := so.Session
	out := &checkoutSessionOutput{Body: CheckoutSessionView{Session: sess.View()}}
	if so.Order != nil {
		v := orderView(*so.Order, p.Profile.PreferredLanguage)
		out.Body.Order = &v
		if out.Body.NextStep, err = h.NextSteps.NextStep(ctx, *so.Order); err != nil {
			return nil, err
		}
	}
	if sess.SubscriptionID != nil {
		// The membership's side is billing's: the one read here besides checkout's.
		sub, err := h.Billing.Subscription(ctx, *sess.SubscriptionID)
		if err != nil {
			return nil, err
		}
		v := subscriptionView(sub, p.Profile.PreferredLanguage, h.Now())
		out.Body.Subscription = &v
	}
	return out, nil
}

type webhookInput struct {
	Signature string `header:"Stripe-Signature" maxLength:"2000"`
	RawBody   []byte
}

type webhookOutputBody struct {
	Received  bool `json:"received"`
	Duplicate bool `json:"duplicate" doc:"The event was applied before; nothing changed"`
}

type webhookOutput = bodyOutput[webhookOutputBody]

// MsgBadSignature answers a webhook whose signature does not verify.
const MsgBadSignature = "Webhook signature verification failed."

// receivePaymentEvent is the one path every payment event takes from outside: verify the
// signature, read the event, apply it exactly once.
func (h *CheckoutArea) receivePaymentEvent(ctx context.Context, payload []byte, signature string) (bool, error) {
	applied, err := h.Checkout.ReceiveEvent(ctx, payload, signature)
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
func (h *CheckoutArea) stripeWebhook(ctx context.Context, in *webhookInput) (*webhookOutput, error) {
	applied, err := h.receivePaymentEvent(ctx, in.RawBody, in.Signature)
	return answer(webhookOutputBody{Received: true, Duplicate: !applied}, err)
}
