package accounting

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"
)

// ProviderPayment is the payment provider's record of one payment (payments.ProviderPayment,
// copied so that accounting does not depend on the adapters).
type ProviderPayment struct {
	Found         bool
	Currency      string
	ReceivedCents int64
	RefundedCents int64
}

// PaymentReader reads the provider's record of a payment by its id (a Stripe payment intent).
type PaymentReader func(ctx context.Context, paymentID string) (ProviderPayment, error)

// ProviderWindow is how far back the provider check looks: the payments with an entry in the
// last three days. The hourly run sees each payment about seventy times, which covers a
// provider's late refunds and disputes of the first days; older payments are not read again
// (one provider call each: reading every payment ever made every hour would not scale).
const ProviderWindow = 72 * time.Hour

// paymentSums is what the money record says of one provider payment.
type paymentSums struct {
	charged, refunded int64
	currency          string
	orderID, userID   string
	recent            bool
}

// ProviderPayments is the ProviderCheck for a provider whose payments are read one by one
// (Stripe): for every payment of that provider with an entry in the window, what the record
// says was charged (charge and vendor_charge entries) and given back (refund and vendor_refund
// entries) is compared with what the provider received and refunded, to the cent.
func ProviderPayments(provider string, read PaymentReader, now func() time.Time) ProviderCheck {
	return func(ctx context.Context, entries []MoneyEntry) ([]Mismatch, error) {
		sums := paymentsOf(provider, entries, now().Add(-ProviderWindow))
		ids := make([]string, 0, len(sums))
		for id, s := range sums {
			if s.recent {
				ids = append(ids, id)
			}
		}
		sort.Strings(ids)
		name := provider
		if name != "" {
			name = strings.ToUpper(name[:1]) + name[1:]
		}
		var out []Mismatch
		for _, id := range ids {
			s := sums[id]
			p, err := read(ctx, id)
			if err != nil {
				return nil, fmt.Errorf("read %s payment %s: %w", provider, id, err)
			}
			m := Mismatch{Key: "provider:" + id, Problem: ProblemProviderDiffer, Kind: KindCharge, Source: provider, SourceID: id,
				OrderID: s.orderID, UserID: s.userID, GotCents: s.charged - s.refunded, Currency: s.currency}
			switch {
			case !p.Found:
				m.Explanation = fmt.Sprintf("%s has no payment %s; the money record has %s charged and %s refunded", name, id,
					Dollars(s.charged), Dollars(s.refunded))
			case p.Currency != s.currency || p.ReceivedCents != s.charged || p.RefundedCents != s.refunded:
				m.WantCents = p.ReceivedCents - p.RefundedCents
				m.Explanation = fmt.Sprintf("%s's payment %s received %s %s and refunded %s; the money record has %s %s charged and %s refunded",
					name, id, Dollars(p.ReceivedCents), p.Currency, Dollars(p.RefundedCents), Dollars(s.charged), s.currency, Dollars(s.refunded))
			default:
				continue
			}
			out = append(out, m)
		}
		return out, nil
	}
}

// paymentsOf sums the provider's entries by payment. A charge entry carries its payment's id;
// a refund entry of a whole order or of a vendor charge carries the same id; a part refund
// (refund:part:) and a late page's refund (refund:page:) carry the refund's own id, so they are
// counted on the payment of their order's charge or of their page's charge.
func paymentsOf(provider string, entries []MoneyEntry, since time.Time) map[string]*paymentSums {
	paymentOfOrder, paymentOfPage := map[string]string{}, map[string]string{}
	for _, e := range entries {
		if e.Provider != provider || e.ProviderRef == "" {
			continue
		}
		if strings.HasPrefix(e.Key, "charge:order:") {
			paymentOfOrder[e.OrderID] = e.ProviderRef
		} else if page, ok := strings.CutPrefix(e.Key, "charge:page:"); ok {
			paymentOfPage[page] = e.ProviderRef
		}
	}
	sums := map[string]*paymentSums{}
	for _, e := range entries {
		if e.Provider != provider || e.ProviderRef == "" {
			continue
		}
		id := e.ProviderRef
		if strings.HasPrefix(e.Key, "refund:part:") {
			id = paymentOfOrder[e.OrderID]
		} else if page, ok := strings.CutPrefix(e.Key, "refund:page:"); ok {
			id = paymentOfPage[page]
		}
		if id == "" {
			continue
		}
		s := sums[id]
		if s == nil {
			s = &paymentSums{currency: e.Currency, orderID: e.OrderID, userID: e.UserID}
			sums[id] = s
		}
		switch e.Kind {
		case KindCharge, KindVendorCharge:
			s.charged += e.AmountCents
		case KindRefund, KindVendorRefund:
			s.refunded -= e.AmountCents
		default:
			continue
		}
		if !e.OccurredAt.Before(since) {
			s.recent = true
		}
	}
	return sums
}
