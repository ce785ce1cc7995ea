package checkout

import (
	"context"

	"circle/internal/cart"
)

// Checkout with co-pay coverage (issue 15 item 5). A co-pay line with an approved request is
// charged only the agent's share (02§9 "Agent pays retail x (1 - split/100)"); the order line
// records both shares and the request. A paid order uses the request up; a refunded one
// reverses its share (docs/decisions.md, co-pay agent side).

type coPayCharge struct {
	vendorUSD int64
	requestID string
}

// chargeOf is the unit price in US cents checkout charges for a line: the agent's share of an
// approved co-pay request, else the catalogue's price for the line's coverage.
func chargeOf(it cart.Item, offer cart.Offer) (int64, coPayCharge, bool) {
	if agent, vendor, id, ok := cart.CoPayCharge(it); ok {
		return agent, coPayCharge{vendorUSD: vendor, requestID: id}, true
	}
	unit, ok := cart.UnitPrice(offer, it.Coverage, it.Yearly)
	return unit, coPayCharge{}, ok
}

// coPayPaid marks the requests of a paid order's lines used (each once: only an approved
// request moves, with its history row).
func (s *Service) coPayPaid(ctx context.Context, o *Order, items []OrderItem) error {
	for _, it := range items {
		if it.CoPayRequestID != "" {
			if err := s.Store.MarkCoPayUsed(ctx, it.CoPayRequestID, o.ID, s.Now()); err != nil {
				return err
			}
		}
	}
	return nil
}

// coPayRefunded reverses the co-pay shares of a refunded order (a 'refunded' history row per
// request the order used; the request stays used).
func (s *Service) coPayRefunded(ctx context.Context, o *Order) error {
	items, err := s.Store.OrderItems(ctx, o.ID)
	if err != nil {
		return err
	}
	for _, it := range items {
		if it.CoPayRequestID != "" {
			if err := s.Store.ReverseCoPay(ctx, it.CoPayRequestID, o.ID, s.Now()); err != nil {
				return err
			}
		}
	}
	return nil
}
