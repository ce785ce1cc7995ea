package checkout

import (
	"context"

	"circle/internal/cart"
)

// After paying (issue 28 item 1): the payment status answer says what the buyer does next, so
// the success page never ends in a card that asks the agent to find the service again. The
// server decides it from the paid order, its services and the buyer's bookings:
//
//   - book: a purchased service offers an onboarding consultation (it is listed and has a vendor
//     whose calendar, or external booking link, takes bookings) and the buyer has no live
//     booking of it yet. ServiceIDs lists them in the order's order; the page opens the first.
//   - consultations: nothing is left to book but the order has a booked consultation (a line
//     released by its consultation, or a purchased service the buyer already booked): My
//     Consultations.
//   - receipt: nothing to book (the step is skipped): the order's receipt.
//
// An order that is not paid has no next step.

// Next steps.
const (
	NextBook          = "book"
	NextConsultations = "consultations"
	NextReceipt       = "receipt"
)

// NextStep is what the buyer does after paying an order.
type NextStep struct {
	Kind       string   `json:"kind" enum:"book,consultations,receipt" doc:"book: open the booking of service_ids[0] (its vendor's slots); consultations: My Consultations; receipt: nothing to book, the order's receipt"`
	ServiceIDs []string `json:"service_ids" doc:"Purchased services with a consultation still to book, in the order's order"`
}

// NextStepOf decides the next step of a paid order from its services (lines, by service id)
// and the services the buyer holds a live booking of (booked).
func NextStepOf(o Order, lines map[string]cart.Line, booked map[string]bool) *NextStep {
	if o.Status != Paid {
		return nil
	}
	step := &NextStep{Kind: NextReceipt, ServiceIDs: []string{}}
	seen, hasBooking := map[string]bool{}, false
	for _, it := range o.Items {
		if seen[it.ServiceID] {
			continue
		}
		seen[it.ServiceID] = true
		if it.Coverage == CoverageConsultation || booked[it.ServiceID] {
			hasBooking = true
			continue
		}
		if l, ok := lines[it.ServiceID]; ok && l.Service.IsActive && l.Vendor != nil {
			step.ServiceIDs = append(step.ServiceIDs, it.ServiceID)
		}
	}
	switch {
	case len(step.ServiceIDs) > 0:
		step.Kind = NextBook
	case hasBooking:
		step.Kind = NextConsultations
	}
	return step
}

// NextSteps answers the step after paying. It is a use case of its own (a read over the order's
// services and the buyer's bookings) rather than one more method of Service.
type NextSteps struct {
	Store Store
}

// NextStep reads what NextStepOf needs for a paid order of the buyer's.
func (s *NextSteps) NextStep(ctx context.Context, o Order) (*NextStep, error) {
	if o.Status != Paid {
		return nil, nil
	}
	var ids []string
	for _, it := range o.Items {
		ids = append(ids, it.ServiceID)
	}

	lines, err := s.Store.CartLines(ctx, ids)
	if err != nil {
		return nil, err
	}
	booked, err := s.Store.BookedServices(ctx, o.UserID, ids)
	if err != nil {
		return nil, err
	}
	return NextStepOf(o, lines, booked), nil
}
