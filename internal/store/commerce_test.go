package store_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"circle/internal/apperr"
	"circle/internal/billing"
	"circle/internal/cart"
	"circle/internal/checkout"
	"circle/internal/demo"
	"circle/internal/ids"
	"circle/internal/payments"
	"circle/internal/store"
)

const (
	storeAgent = "usr-demo-agent"
	storeHDR   = "svc-listingloop-hdr-photos"
)

// TestF_PAY_03_StoreCartUpsertUnderConcurrency: 20 simultaneous adds of the same line leave one
// line with the quantities added up to the cap of 99; the 51st distinct line is refused.
func TestF_PAY_03_StoreCartUpsertUnderConcurrency(t *testing.T) {
	each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		d := demo.Build(db.Now())
		if _, err := db.LoadDemo(ctx, d, "hash"); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		errs := make(chan error, 20)
		for i := 0; i < 20; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, _, err := db.AddCartItem(ctx, cart.Item{UserID: storeAgent, ServiceID: storeHDR, Quantity: 5, PriceKind: "retail", UnitPriceCents: 225_00})
				errs <- err
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatalf("concurrent add: %v", err)
			}
		}
		items, err := db.CartItems(ctx, storeAgent)
		if err != nil || len(items) != 1 || items[0].Quantity != 99 {
			t.Fatalf("after 20 adds of 5: %+v %v", items, err)
		}
		// Fill the cart to 50 lines; the 51st is refused, the same line again is not.
		for _, s := range d.Services {
			if n, _ := db.CartItems(ctx, storeAgent); len(n) >= cart.MaxLines {
				break
			}
			if s.Service.ID == storeHDR {
				continue
			}
			if _, _, err := db.AddCartItem(ctx, cart.Item{UserID: storeAgent, ServiceID: s.Service.ID, Quantity: 1, PriceKind: "quote"}); err != nil {
				t.Fatal(err)
			}
		}
		if len(d.Services) > cart.MaxLines {
			_, _, err = db.AddCartItem(ctx, cart.Item{UserID: storeAgent, ServiceID: d.Services[len(d.Services)-1].Service.ID, PackageID: "x", Quantity: 1, PriceKind: "quote"})
			if apperr.CodeOf(err) != apperr.Invalid {
				t.Fatalf("51st line: %v", err)
			}
		}
		if _, created, err := db.AddCartItem(ctx, cart.Item{UserID: storeAgent, ServiceID: storeHDR, Quantity: 1, PriceKind: "retail", UnitPriceCents: 225_00}); err != nil || created {
			t.Fatalf("the same line in a full cart: %v %v", created, err)
		}
	})
}

// TestF_PAY_04_StorePaymentEventsExactlyOnce: an order paid by 10 simultaneous deliveries of one
// event is paid once (one processed_events row, one purchase, the line out of the cart); a
// membership follows its events, ignoring older ones, with is_pro_member in step; concurrent
// offers cannot stack.
func TestF_PAY_04_StorePaymentEventsExactlyOnce(t *testing.T) {
	each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if _, err := db.LoadDemo(ctx, demo.Build(db.Now()), "hash"); err != nil {
			t.Fatal(err)
		}
		line, _, err := db.AddCartItem(ctx, cart.Item{UserID: storeAgent, ServiceID: storeHDR, Coverage: cart.CoverageRetail, Quantity: 2, PriceKind: "retail", UnitPriceCents: 225_00})
		if err != nil {
			t.Fatal(err)
		}
		o, err := db.CreateOrder(ctx, checkout.Order{ID: ids.New(), Number: "CIR-TEST000001", UserID: storeAgent, Currency: "USD", TotalCents: 450_00, TotalUSDCents: 450_00, Provider: "builtin"},
			[]checkout.OrderItem{{CartItemID: line.ID, ServiceID: storeHDR, Title: "HDR", Coverage: "retail", Quantity: 2, UnitPriceCents: 225_00, UnitPriceUSDCents: 225_00, LineTotalCents: 450_00}})
		if err != nil {
			t.Fatal(err)
		}
		if err := db.AttachCheckoutSession(ctx, checkout.PaymentSession{ID: "cs_store_1", Provider: "builtin", Kind: checkout.KindOrder, UserID: storeAgent, OrderID: &o.ID,
			Currency: "USD", AmountCents: 450_00, URL: "http://x/checkout/cs_store_1", ExpiresAt: time.Now().Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		before, _ := db.CountTrackingEvents(ctx, storeHDR, "purchase")
		fact := payments.Fact{EventID: "evt_store_paid", Type: "checkout.session.completed", Created: time.Now(), SessionID: "cs_store_1", Kind: "order", Ref: o.ID, Outcome: payments.OutcomePaid, PaymentIntentID: "pi_1"}
		var wg sync.WaitGroup
		var mu sync.Mutex
		applied := 0
		for i := 0; i < 10; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ok, err := db.ApplyPaymentEvent(ctx, "builtin", fact)
				mu.Lock()
				defer mu.Unlock()
				if err != nil {
					t.Errorf("apply: %v", err)
				}
				if ok {
					applied++
				}
			}()
		}
		wg.Wait()
		got, _ := db.OrderByID(ctx, o.ID)
		after, _ := db.CountTrackingEvents(ctx, storeHDR, "purchase")
		items, _ := db.CartItems(ctx, storeAgent)
		n, _ := db.Bun().NewSelect().Table("processed_events").Where("id = ?", fact.EventID).Count(ctx)
		if applied != 1 || got.Status != checkout.Paid || after != before+1 || len(items) != 0 || n != 1 || got.PaymentIntentID != "pi_1" {
			t.Fatalf("applied %d, status %s, purchases +%d, cart %d, events %d", applied, got.Status, after-before, len(items), n)
		}

		// A membership: activation, an older update ignored, the end clears Pro.
		sub, err := db.CreateSubscription(ctx, billing.Subscription{ID: ids.New(), UserID: storeAgent, Plan: "pro", Interval: "month", Seats: 1, Currency: "USD",
			AmountCents: 99_00, AmountUSDCents: 99_00, Provider: "stripe"})
		if err != nil {
			t.Fatal(err)
		}
		if err := db.AttachCheckoutSession(ctx, checkout.PaymentSession{ID: "cs_store_2", Provider: "stripe", Kind: checkout.KindSubscription, UserID: storeAgent,
			SubscriptionID: &sub.ID, Currency: "USD", AmountCents: 99_00, URL: "https://checkout.stripe.com/x", ExpiresAt: time.Now().Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		pro := func() bool {
			p, err := db.ProfileByUserID(ctx, storeAgent)
			if err != nil {
				t.Fatal(err)
			}
			return p.IsProMember
		}
		now := time.Now().Truncate(time.Second)
		apply := func(f payments.Fact) {
			t.Helper()
			if _, err := db.ApplyPaymentEvent(ctx, "stripe", f); err != nil {
				t.Fatal(err)
			}
		}
		apply(payments.Fact{EventID: "evt_s1", Type: "checkout.session.completed", Created: now, SessionID: "cs_store_2", Kind: "subscription", Ref: sub.ID,
			Outcome: payments.OutcomePaid, CustomerID: "cus_1", ProviderSubscriptionID: "sub_1"})
		live, _ := db.LiveSubscription(ctx, storeAgent)
		if live == nil || live.Status != billing.StatusActive || live.ProviderSubscriptionID != "sub_1" || !pro() {
			t.Fatalf("activation: %+v pro=%v", live, pro())
		}
		apply(payments.Fact{EventID: "evt_s2", Type: "customer.subscription.deleted", Created: now.Add(time.Minute), ProviderSubscriptionID: "sub_1",
			Subscription: &payments.SubscriptionFact{Status: "canceled", Deleted: true}})
		apply(payments.Fact{EventID: "evt_s3", Type: "customer.subscription.updated", Created: now, ProviderSubscriptionID: "sub_1",
			Subscription: &payments.SubscriptionFact{Status: "active"}})
		if got, _ := db.SubscriptionByID(ctx, sub.ID); got.Status != billing.StatusCanceled || pro() {
			t.Fatalf("after the end and a late update: %s pro=%v", got.Status, pro())
		}

		// Concurrent offers on a live membership: exactly one is recorded.
		sub2, _ := db.CreateSubscription(ctx, billing.Subscription{ID: ids.New(), UserID: storeAgent, Plan: "pro", Interval: "month", Seats: 1, Currency: "USD",
			AmountCents: 99_00, AmountUSDCents: 99_00, Provider: "builtin"})
		if err := db.AttachCheckoutSession(ctx, checkout.PaymentSession{ID: "cs_store_3", Provider: "builtin", Kind: checkout.KindSubscription, UserID: storeAgent,
			SubscriptionID: &sub2.ID, Currency: "USD", AmountCents: 99_00, URL: "http://x", ExpiresAt: time.Now().Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		apply(payments.Fact{EventID: "evt_s4", Type: "checkout.session.completed", Created: now, SessionID: "cs_store_3", Outcome: payments.OutcomePaid})
		ok := 0
		for i := 0; i < 8; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := db.ChangeSubscription(ctx, storeAgent, func(_ context.Context, s *billing.Subscription, offers []billing.Offer, now time.Time) (*billing.Offer, error) {
					if err := billing.CheckOffer(s, offers, now); err != nil {
						return nil, err
					}
					ends := now.AddDate(0, 2, 0)
					s.DiscountPercent, s.DiscountKind, s.DiscountEndsAt = 50, billing.OfferDiscount, &ends
					return &billing.Offer{ID: ids.New(), Kind: billing.OfferDiscount, Percent: 50, Months: 2, StartsAt: now, EndsAt: ends}, nil
				})
				mu.Lock()
				defer mu.Unlock()
				if err == nil {
					ok++
				} else if apperr.CodeOf(err) != apperr.Conflict {
					t.Errorf("offer: %v", err)
				}
			}()
		}
		wg.Wait()
		offers, _ := db.SubscriptionOffers(ctx, storeAgent)
		if ok != 1 || len(offers) != 1 || !pro() {
			t.Fatalf("8 concurrent offers: %d accepted, %d recorded, pro=%v", ok, len(offers), pro())
		}
	})
}
