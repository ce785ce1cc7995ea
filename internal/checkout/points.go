package checkout

import (
	"context"

	"circle/internal/apperr"
	"circle/internal/cart"
	"circle/internal/payments"
	"circle/internal/points"
	"circle/internal/pricing"
)

// PointsLedger is the points wallet and the vendors' point charges as checkout uses them, on
// checkout's transaction (ctx; pointspay.Ledger). With none, a points line cannot be checked out.
type PointsLedger interface {
	// SpendIn spends an agent's points once per idempotency key, under the agent's lock, in ctx's transaction.
	SpendIn(ctx context.Context, req points.SpendRequest) (points.SpendResult, error)
	// OrderPaid makes the points of a paid order final: each vendor whose allocation funded them
	// is charged (02§7 process_real_time_charge, then process-point-charge by a job).
	OrderPaid(ctx context.Context, o Order) error
	// OrderEnded gives the points of an order that expired, was canceled or refunded back to the
	// agent (points.Reverse): once, however often it is called.
	OrderEnded(ctx context.Context, o Order) error
	// AppliedCoPays lists the agent's automatic co-pays whose points wait for a checkout.
	AppliedCoPays(ctx context.Context, agentID string) ([]CoPayCredit, error)
}

// CoPayCredit is an automatic co-pay's points waiting for the agent's checkout of a service
// (02§4 co-pay purchase flow): they pay part of the first line of that service, package and
// period that is not already paid with points.
type CoPayCredit struct {
	ID, ServiceID, PackageID string
	Yearly                   bool
	Points, USDCents         int64
}

// PointsKey is the idempotency key of an order's points spend: a retried or concurrent
// checkout of the same order spends once.
func PointsKey(orderID string) string { return "order:" + orderID }

// pricePoints completes a priced order's points (PriceOrder priced its points lines): the
// automatic co-pays' points credits; points lines need the points wallet.
func (s *Service) pricePoints(ctx context.Context, userID string, p Priced, conv pricing.Converter) (Priced, error) {
	if err := s.applyCoPays(ctx, userID, &p, conv); err != nil {
		return Priced{}, err
	}
	for _, it := range p.Items {
		if it.Coverage == string(cart.CoveragePoints) && s.Points == nil {
			return Priced{}, apperr.New(apperr.Unavailable, MsgCheckoutError)
		}
	}
	return p, nil
}

// applyCoPays takes each automatic co-pay's points off the first line of its service, package
// and period (retail or Pro coverage): the line's cash share and the order's totals drop by
// what the points paid, never below zero.
func (s *Service) applyCoPays(ctx context.Context, userID string, p *Priced, conv pricing.Converter) error {
	if s.Points == nil {
		return nil
	}
	credits, err := s.Points.AppliedCoPays(ctx, userID)
	if err != nil || len(credits) == 0 {
		return err
	}
	for _, c := range credits {
		for i := range p.Items {
			it := &p.Items[i]
			if it.PointsCoPayID != "" || it.Coverage == string(cart.CoveragePoints) || it.ServiceID != c.ServiceID || it.PackageID != c.PackageID || it.Yearly != c.Yearly {
				continue
			}
			usd := it.UnitPriceUSDCents * int64(it.Quantity)
			credit := min(c.USDCents, usd)
			cash := conv.Convert(usd - credit)
			p.Order.TotalCents += cash - it.LineTotalCents
			p.Order.TotalUSDCents -= credit
			it.LineTotalCents, it.PointsUsed, it.PointsUSDCents, it.PointsCoPayID = cash, c.Points, credit, c.ID
			break
		}
	}
	return nil
}

// spendOrderPoints spends a new order's points in checkout's transaction (key PointsKey): not
// enough points is the spec's "Insufficient Balance" naming the points field, and the order is
// not created.
func (s *Service) spendOrderPoints(ctx context.Context, o *Order) error {
	if o.PointsUsed <= 0 {
		return nil
	}
	res, err := s.Points.SpendIn(ctx, points.SpendRequest{AgentID: o.UserID, Points: o.PointsUsed, Key: PointsKey(o.ID), Reference: PointsKey(o.ID)})
	if err != nil {
		return err
	}
	o.PointsSpendID = res.Spend.ID
	return nil
}

// payWithPointsOnly pays at once, in checkout's transaction, an order whose points cover it
// all: there is no payment page; the order (o, with its lines items as just written) is paid,
// leaves the cart and gets its receipt.
func (s *Service) payWithPointsOnly(ctx context.Context, o *Order, items []OrderItem) error {
	return s.moveOrderWith(ctx, o, items, OutcomePaid, payments.Fact{})
}

// PaidWithPointsOnly reports an order with nothing left to charge (no payment page): points
// paid it entirely, or its lines are released consultation lines (priced after the meeting)
// and lines points paid.
func PaidWithPointsOnly(o Order, items []OrderItem) bool {
	if o.TotalCents != 0 {
		return false
	}
	for _, it := range items {
		if it.PointsUSDCents > 0 || it.Coverage == CoverageConsultation {
			return true
		}
	}
	return false
}

// settlePoints applies what an order's move means for its points: paid makes them final (the
// vendors are charged); expired, canceled and refunded give them back.
func (s *Service) settlePoints(ctx context.Context, o Order) error {
	if s.Points == nil {
		return nil
	}
	switch o.Status {
	case Paid:
		return s.Points.OrderPaid(ctx, o)
	case Expired, Canceled, Refunded:
		return s.Points.OrderEnded(ctx, o)
	}
	return nil
}

// pointsOnlyCheckout answers a checkout whose order points paid at once: no payment page, the
// receipt on /orders.
func (s *Service) pointsOnlyCheckout(open opened) (Checkout, bool) {
	o := open.order
	items := make([]OrderItem, 0, len(o.Items))
	for _, it := range o.Items {
		items = append(items, *it)
	}
	if !PaidWithPointsOnly(o, items) || o.Status != Paid {
		return Checkout{}, false
	}
	return Checkout{URL: s.BaseURL + "/orders?paid=" + o.ID, Provider: o.Provider, Order: o, HeldBack: open.held}, true
}

// PointsPaid sums what points paid of an order's lines: the points and their US cents.
func PointsPaid(o Order) (pts, usdCents int64) {
	for _, it := range o.Items {
		pts += it.PointsUsed
		usdCents += it.PointsUSDCents
	}
	return pts, usdCents
}

// Savings is what an order saved against retail (the receipt's "savings": Pro prices and co-pay),
// in the order's currency and in US cents. Points paid part of the price, so they are not
// savings; a Canadian order converts the saving at the order's rate.
func Savings(o Order) (cents, usdCents int64) {
	_, pointsUSD := PointsPaid(o)
	saved := max(o.RetailTotalUSDCents-o.TotalUSDCents-pointsUSD, 0)
	if pricing.Currency(o.Currency) == pricing.CAD {
		return pricing.USDToCAD(saved, o.USDToCADRateE4), saved
	}
	return saved, saved
}
