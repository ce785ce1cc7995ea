package payments

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/stripe/stripe-go/v86"
)

// ProviderPayment is the provider's own record of one payment: what it received and what it
// has given back so far, in the smallest unit of its currency. Found is false when the
// provider does not know the payment.
type ProviderPayment struct {
	ID            string
	Found         bool
	Currency      string // upper case, as the app stores it
	ReceivedCents int64
	RefundedCents int64
	Status        string
}

// Payment reads a payment intent with its latest charge, whose amount_refunded is every refund
// of the payment, whole or partial. An unknown id is not an error: Found is false.
func (s *Stripe) Payment(ctx context.Context, paymentIntentID string) (ProviderPayment, error) {
	p := &stripe.PaymentIntentRetrieveParams{}
	p.AddExpand("latest_charge")
	pi, err := s.client.V1PaymentIntents.Retrieve(ctx, paymentIntentID, p)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.HTTPStatusCode == http.StatusNotFound {
			return ProviderPayment{ID: paymentIntentID}, nil
		}
		return ProviderPayment{}, fmt.Errorf("stripe payment intent %s: %w", paymentIntentID, err)
	}
	out := ProviderPayment{ID: pi.ID, Found: true, Currency: strings.ToUpper(string(pi.Currency)), ReceivedCents: pi.AmountReceived,
		Status: string(pi.Status)}
	if pi.LatestCharge != nil {
		out.RefundedCents = pi.LatestCharge.AmountRefunded
	}
	return out, nil
}
