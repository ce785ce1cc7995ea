package httpapi

import (
	"context"
	"errors"
	"strings"
	"time"

	"circle/internal/apperr"
	"circle/internal/cart"
	"circle/internal/checkout"
	"circle/internal/ids"
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

// orderNumber is a short receipt number: CIR- and 10 random characters.
func orderNumber() string {
	t := strings.ToUpper(strings.NewReplacer("-", "", "_", "").Replace(ids.Token(12)))
	return "CIR-" + t[:10]
}

// createCheckout is create-checkout (02§7, 03§5): every line needs a coverage; lines that need
// a consultation are held back; the order is priced from the catalogue (whatever the client
// sent earlier) and the agent is sent to a hosted payment page.
func (s *Server) createCheckout(ctx context.Context, _ *struct{}) (*checkoutOutput, error) {
	p, err := s.requireUser(ctx)
	if err != nil {
		return nil, err
	}
	if s.deps.Payments == nil {
		return nil, apperr.New(apperr.Unavailable, checkout.MsgCheckoutError)
	}
	items, err := s.deps.DB.CartItems(ctx, p.User.ID)
	if err != nil {
		return nil, err
	}
	if len(items) == 0 {
		return nil, apperr.Field("cart", "checkout.empty", checkout.MsgEmptyCart)
	}
	lines, err := s.deps.DB.CartLines(ctx, serviceIDsOf(items))
	if err != nil {
		return nil, err
	}
	conv, err := s.converter(ctx, p)
	if err != nil {
		return nil, err
	}
	pro := s.isPro(p)
	view := cart.Build(items, lines, conv, pro)
	var missing []apperr.FieldError
	held := []HeldBackItem{}
	for _, iv := range view.Items {
		switch {
		case iv.RequiresConsultation:
			held = append(held, HeldBackItem{ItemID: iv.ID, Title: iv.Title, Reason: checkout.HeldBackReason, Explanation: checkout.HeldBackExplanation})
		case !iv.Available:
			missing = append(missing, apperr.FieldError{Field: "items." + iv.ID, Key: cart.KeyServiceInactive, Message: cart.MsgServiceInactive})
		case iv.Coverage == cart.CoverageNone:
			missing = append(missing, apperr.FieldError{Field: "items." + iv.ID + ".coverage", Key: cart.KeyCoverageRequired, Message: cart.MsgCoverageRequired})
		}
	}
	if len(missing) > 0 {
		return nil, &apperr.Error{Code: apperr.Invalid, Message: missing[0].Message, Fields: missing}
	}
	order := checkout.Order{ID: ids.New(), Number: orderNumber(), UserID: p.User.ID, Currency: string(conv.Currency),
		USDToCADRateE4: conv.RateE4, Provider: s.deps.Payments.Name()}
	if order.Currency == "" {
		order.Currency = string(pricing.USD)
	}
	var orderItems []checkout.OrderItem
	var lineItems []payments.LineItem
	for _, it := range items {
		line := lines[it.ServiceID]
		offer, err := cart.ResolveOffer(line.Service, line.Packages, it.PackageID)
		if err != nil || cart.NeedsConsultation(offer) || it.PriceKind == "quote" {
			continue
		}
		if it.Coverage == cart.CoveragePro && !pro {
			return nil, cart.ProRequired()
		}
		// The server's price for the coverage, never the stored or sent one.
		unitUSD, ok := cart.UnitPrice(offer, it.Coverage, it.Yearly)
		if !ok {
			return nil, apperr.Field("items."+it.ID, cart.KeyPricingError, cart.MsgPricingError)
		}
		retailUSD, _ := offer.Options.Price(pricing.Retail, it.Yearly)
		unit := conv.Convert(unitUSD)
		title := line.Service.Title
		if it.PackageName != "" {
			title += " - " + it.PackageName + " Package"
		}
		vendor := "Unknown Vendor"
		if line.Vendor != nil && line.Vendor.Name != "" {
			vendor = line.Vendor.Name
		}
		oi := checkout.OrderItem{CartItemID: it.ID, ServiceID: it.ServiceID, PackageID: it.PackageID, Title: title, VendorName: vendor,
			Coverage: string(it.Coverage), Yearly: it.Yearly, Quantity: it.Quantity, UnitPriceCents: unit, UnitPriceUSDCents: unitUSD,
			RetailUnitPriceUSDCts: max(retailUSD, unitUSD), LineTotalCents: unit * int64(it.Quantity)}
		orderItems = append(orderItems, oi)
		name := title
		if it.Coverage == cart.CoveragePro {
			name += " (Circle Pro price)"
		}
		lineItems = append(lineItems, payments.LineItem{Name: name, UnitAmountCents: unit, Quantity: int64(it.Quantity)})
		order.TotalCents += oi.LineTotalCents
		order.TotalUSDCents += unitUSD * int64(it.Quantity)
		order.RetailTotalUSDCents += oi.RetailUnitPriceUSDCts * int64(it.Quantity)
	}
	if len(orderItems) == 0 {
		return nil, apperr.Field("cart", "checkout.consultation_only", checkout.MsgOnlyConsultations)
	}
	order, err = s.deps.DB.CreateOrder(ctx, order, orderItems)
	if err != nil {
		return nil, err
	}
	expires := s.deps.Now().Add(checkout.SessionTTL - time.Hour)
	sess, err := s.deps.Payments.CreateCheckout(ctx, payments.CheckoutRequest{
		Kind: payments.KindOrder, Ref: order.ID, UserID: p.User.ID, Currency: order.Currency, Items: lineItems,
		CustomerEmail: p.User.Email, SuccessURL: s.deps.BaseURL + "/payment-success?session_id={CHECKOUT_SESSION_ID}",
		CancelURL: s.deps.BaseURL + "/payment-canceled?order_id=" + order.ID, ExpiresAt: expires,
	})
	if err != nil {
		loggerFrom(ctx).Error("create checkout session", "err", err, "order_id", order.ID)
		_ = s.deps.DB.AbandonOrder(ctx, order.ID)
		return nil, apperr.New(apperr.Unavailable, checkout.MsgCheckoutError)
	}
	if sess.ExpiresAt.IsZero() || sess.ExpiresAt.Before(s.deps.Now()) {
		sess.ExpiresAt = expires
	}
	if err := s.deps.DB.AttachCheckoutSession(ctx, checkout.PaymentSession{ID: sess.ID, Provider: s.deps.Payments.Name(), Kind: checkout.KindOrder,
		UserID: p.User.ID, OrderID: &order.ID, Currency: order.Currency, AmountCents: order.TotalCents, URL: sess.URL, ExpiresAt: sess.ExpiresAt}); err != nil {
		return nil, err
	}
	order.CheckoutSessionID = sess.ID
	return &checkoutOutput{Body: CheckoutResult{URL: sess.URL, SessionID: sess.ID, Provider: s.deps.Payments.Name(),
		Order: orderView(order, p.Profile.PreferredLanguage), HeldBack: held}}, nil
}

// OrderView is an order with its receipt.
type OrderView struct {
	checkout.Order
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

func orderView(o checkout.Order, lang string) OrderView {
	cur := pricing.Currency(o.Currency)
	money := func(c, usd int64) pricing.Money {
		return pricing.Money{Cents: c, Currency: cur, USDCents: usd, Display: pricing.Display(c, cur, lang), Approximate: cur == pricing.CAD}
	}
	saved := max(o.RetailTotalUSDCents-o.TotalUSDCents, 0)
	savedCur := saved
	if cur == pricing.CAD {
		savedCur = pricing.USDToCAD(saved, o.USDToCADRateE4)
	}
	v := OrderView{Order: o, Total: money(o.TotalCents, o.TotalUSDCents), Savings: money(savedCur, saved),
		Receipt: Receipt{Number: o.Number, PaidAt: o.PaidAt, TestMode: o.Provider == payments.NameBuiltIn, TaxNote: cart.TaxNote}}
	if v.Items == nil {
		v.Items = []*checkout.OrderItem{}
	}
	switch {
	case o.Provider == payments.NameBuiltIn && o.CardLast4 != "":
		v.Receipt.PaymentMethod = "Test card ending in " + o.CardLast4 + " (test mode: no real payment)"
	case o.Provider == payments.NameBuiltIn:
		v.Receipt.PaymentMethod = "Test mode: no real payment"
	default:
		v.Receipt.PaymentMethod = "Card (Stripe)"
	}
	if o.Status == checkout.Refunded {
		v.Receipt.RefundNote = "Refunded. Refunds reach the original payment method in 3-5 business days."
	}
	return v
}

type ordersOutput struct {
	Body struct {
		Orders []OrderView `json:"orders"`
	}
}

func (s *Server) listOrders(ctx context.Context, _ *struct{}) (*ordersOutput, error) {
	p, err := s.requireUser(ctx)
	if err != nil {
		return nil, err
	}
	rows, err := s.deps.DB.Orders(ctx, p.User.ID, 200)
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
	o, err := s.deps.DB.OrderByID(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	if o.UserID != p.User.ID && !p.IsAdmin {
		return nil, apperr.New(apperr.NotFound, "order not found")
	}
	return &orderOutput{Body: orderView(o, p.Profile.PreferredLanguage)}, nil
}

// CheckoutSessionView is what /payment-success shows: the session and what it paid for.
type CheckoutSessionView struct {
	Session      checkout.PaymentSession `json:"session"`
	Order        *OrderView              `json:"order"`
	Subscription *SubscriptionView       `json:"subscription"`
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
	sess, err := s.deps.DB.CheckoutSession(ctx, in.SessionID)
	if err != nil {
		return nil, err
	}
	if sess.UserID != p.User.ID && !p.IsAdmin {
		return nil, apperr.New(apperr.NotFound, "checkout session not found")
	}
	out := &checkoutSessionOutput{Body: CheckoutSessionView{Session: sess}}
	if sess.OrderID != nil {
		o, err := s.deps.DB.OrderByID(ctx, *sess.OrderID)
		if err != nil {
			return nil, err
		}
		v := orderView(o, p.Profile.PreferredLanguage)
		out.Body.Order = &v
	}
	if sess.SubscriptionID != nil {
		sub, err := s.deps.DB.SubscriptionByID(ctx, *sess.SubscriptionID)
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

// receivePaymentEvent is the one path every payment event takes, from Stripe's webhook or from
// the built-in page: verify the signature, read the event, apply it exactly once.
func (s *Server) receivePaymentEvent(ctx context.Context, payload []byte, signature string) (bool, error) {
	if s.deps.Payments == nil {
		return false, apperr.New(apperr.Unavailable, "Payments are not configured.")
	}
	ev, err := payments.Verify(payload, signature, s.deps.Payments.WebhookSecret())
	if err != nil {
		if errors.Is(err, payments.ErrBadSignature) {
			return false, apperr.Field("Stripe-Signature", "webhook.signature", MsgBadSignature)
		}
		return false, apperr.Field("body", "webhook.event", "The webhook body is not a valid event.")
	}
	f, err := payments.Parse(ev)
	if err != nil {
		return false, apperr.Field("body", "webhook.event", "The webhook body is not a valid event.")
	}
	return s.deps.DB.ApplyPaymentEvent(ctx, s.deps.Payments.Name(), f)
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

// emitBuiltIn signs a built-in provider event and sends it down the webhook path.
func (s *Server) emitBuiltIn(ctx context.Context, id, typ string, object any) error {
	payload, err := payments.NewEvent(id, typ, s.deps.Now(), object)
	if err != nil {
		return err
	}
	_, err = s.receivePaymentEvent(ctx, payload, payments.SignatureHeader(payload, s.deps.Payments.WebhookSecret(), s.deps.Now()))
	return err
}
