package checkout_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"testing"
	"time"

	"circle/internal/apperr"
	"circle/internal/billing"
	"circle/internal/cart"
	"circle/internal/checkout"
	"circle/internal/clocktest"
	"circle/internal/demo/demotest"
	"circle/internal/jobs"
	"circle/internal/payments"
	"circle/internal/payments/paymentstest"
	"circle/internal/racetest"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

const (
	agentID = "usr-demo-agent"
	svcHDR  = "svc-listingloop-hdr-photos" // retail $225, Pro $189
)

type fixture struct {
	db       *store.DB
	fake     *paymentstest.Fake
	clock    *clocktest.Clock
	cart     *cart.Service
	checkout *checkout.Service
	billing  *billing.Service
	jobs     *jobs.Runner
}

// newFixture wires the cart, checkout and billing services on a fresh demo database, as
// app/wire.go does, with the test provider and a fake clock.
func newFixture(t *testing.T, db *store.DB, provider string) fixture {
	t.Helper()
	demotest.Load(t, db)
	c := clocktest.New(time.Now().UTC().Truncate(time.Second))
	fake := &paymentstest.Fake{T: t, ProviderName: provider}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	b := &billing.Service{Store: store.NewBillingStore(db), Payments: fake, Now: c.Now, Logger: logger, BaseURL: "http://circle.test"}
	runner := jobs.NewRunner(store.NewJobs(db), c.Now, logger, jobs.Config{Backoff: func(int) time.Duration { return time.Second }})
	co := &checkout.Service{Store: store.NewCheckoutStore(db), Payments: fake, Memberships: b, Jobs: runner, Now: c.Now, Logger: logger, BaseURL: "http://circle.test"}
	checkout.RegisterJobs(runner, co)
	return fixture{db: db, fake: fake, clock: c, cart: &cart.Service{Store: store.NewCartStore(db), Now: c.Now}, billing: b, checkout: co, jobs: runner}
}

// pendingOrder puts two HDR lines in the agent's cart and checks out.
func (f fixture) pendingOrder(t *testing.T, ctx context.Context) checkout.Checkout {
	t.Helper()
	price := int64(225_00)
	if _, err := f.cart.Add(ctx, cart.Shopper{UserID: agentID}, cart.AddRequest{ServiceID: svcHDR, PriceCents: &price, Coverage: cart.CoverageRetail, Quantity: 2}, nil); err != nil {
		t.Fatal(err)
	}
	c, err := f.checkout.CreateCheckout(ctx, checkout.Buyer{UserID: agentID, Email: "agent@example.com"})
	if err != nil {
		t.Fatal(err)
	}
	if c.Order.Status != checkout.Pending || c.Order.TotalCents != 450_00 || c.Order.CheckoutSessionID != c.SessionID || len(c.Order.Items) != 1 {
		t.Fatalf("checkout: %+v", c)
	}
	return c
}

// TestF_PAY_04_PaymentEventsExactlyOnce: an order paid by 10 simultaneous deliveries of one
// event is paid once (one processed_events row, one purchase, the line out of the cart), and a
// refund follows; a membership follows its events, ignoring older ones, with is_pro_member in
// step.
func TestF_PAY_04_PaymentEventsExactlyOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db, payments.NameStripe)
		c := f.pendingOrder(t, ctx)
		before, _ := store.NewActivity(db).CountTrackingEvents(ctx, svcHDR, "purchase")
		fact := payments.Fact{EventID: "evt_paid", Type: "checkout.session.completed", Created: f.clock.Now(), SessionID: c.SessionID, Kind: "order",
			Ref: c.Order.ID, Outcome: payments.OutcomePaid, PaymentIntentID: "pi_1"}
		applied := racetest.Count(10, func(int) bool {
			ok, err := f.checkout.ApplyEvent(ctx, fact)
			if err != nil {
				t.Errorf("apply: %v", err)
			}
			return ok
		})
		got, _ := f.checkout.Order(ctx, agentID, false, c.Order.ID)
		after, _ := store.NewActivity(db).CountTrackingEvents(ctx, svcHDR, "purchase")
		items, _ := store.NewCarts(db).CartItems(ctx, agentID)
		n, _ := db.Bun().NewSelect().Table("processed_events").Where("id = ?", fact.EventID).Count(ctx)
		sess, _ := f.checkout.Session(ctx, agentID, false, c.SessionID)
		if applied != 1 || got.Status != checkout.Paid || after != before+1 || len(items) != 0 || n != 1 || got.PaymentIntentID != "pi_1" ||
			sess.Session.Status != checkout.SessionComplete {
			t.Fatalf("applied %d, status %s, purchases +%d, cart %d, events %d, session %s", applied, got.Status, after-before, len(items), n, sess.Session.Status)
		}
		if _, err := f.checkout.ApplyEvent(ctx, payments.Fact{EventID: "evt_refund", Type: "charge.refunded", Outcome: payments.OutcomeRefunded, PaymentIntentID: "pi_1"}); err != nil {
			t.Fatal(err)
		}
		if got, _ := f.checkout.Order(ctx, agentID, false, c.Order.ID); got.Status != checkout.Refunded || got.RefundedAt == nil {
			t.Fatalf("after the refund: %+v", got)
		}
		if _, err := f.checkout.Order(ctx, "usr-demo-vendor", false, c.Order.ID); apperr.CodeOf(err) != apperr.NotFound {
			t.Fatalf("someone else's order: %v", err)
		}

		// A membership: activation, an older update ignored, the end clears Pro.
		sub, err := f.billing.Subscribe(ctx, billing.Member{UserID: agentID}, billing.IntervalMonth, 1)
		if err != nil {
			t.Fatal(err)
		}
		pro := func() bool {
			p, err := store.NewSubscriptions(db).IsProMember(ctx, agentID)
			if err != nil {
				t.Fatal(err)
			}
			return p
		}
		apply := func(fact payments.Fact) {
			t.Helper()
			if _, err := f.checkout.ApplyEvent(ctx, fact); err != nil {
				t.Fatal(err)
			}
		}
		now := f.clock.Now()
		apply(payments.Fact{EventID: "evt_s1", Type: "checkout.session.completed", Created: now, SessionID: sub.SessionID, Kind: "subscription", Ref: sub.Subscription.ID,
			Outcome: payments.OutcomePaid, CustomerID: "cus_1", ProviderSubscriptionID: "sub_1"})
		live, _ := store.NewSubscriptions(db).LiveSubscription(ctx, agentID)
		if live == nil || live.Status != billing.StatusActive || live.ProviderSubscriptionID != "sub_1" || !pro() {
			t.Fatalf("activation: %+v pro=%v", live, pro())
		}
		apply(payments.Fact{EventID: "evt_s2", Type: "customer.subscription.deleted", Created: now.Add(time.Minute), ProviderSubscriptionID: "sub_1",
			Subscription: &payments.SubscriptionFact{Status: "canceled", Deleted: true}})
		apply(payments.Fact{EventID: "evt_s3", Type: "customer.subscription.updated", Created: now, ProviderSubscriptionID: "sub_1",
			Subscription: &payments.SubscriptionFact{Status: "active"}})
		if got, _ := f.billing.Subscription(ctx, sub.Subscription.ID); got.Status != billing.StatusCanceled || pro() {
			t.Fatalf("after the end and a late update: %s pro=%v", got.Status, pro())
		}
	})
}

// TestF_PAY_08_OrphanOrderGetsItsPageOrExpires is issue 14 item 4: the order and the job that
// creates its payment page commit together. When the page cannot be created in the request
// (the provider is down, or the process died right after the commit) the agent sees the
// spec's message and the cart is kept; the job then creates the page, and a second Checkout of
// the same cart hands out that page. An order that never gets a page is expired by the sweeper
// after SessionlessTimeout.
func TestF_PAY_08_OrphanOrderGetsItsPageOrExpires(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db, payments.NameStripe)
		price := int64(225_00)
		if _, err := f.cart.Add(ctx, cart.Shopper{UserID: agentID}, cart.AddRequest{ServiceID: svcHDR, PriceCents: &price, Coverage: cart.CoverageRetail}, nil); err != nil {
			t.Fatal(err)
		}
		f.fake.Err = errors.New("provider down")
		if _, err := f.checkout.CreateCheckout(ctx, checkout.Buyer{UserID: agentID}); apperr.CodeOf(err) != apperr.Unavailable {
			t.Fatalf("checkout with the provider down: %v", err)
		}
		orders, _ := f.checkout.Orders(ctx, agentID, true)
		items, _ := store.NewCarts(db).CartItems(ctx, agentID)
		queued := countRows(t, db, "jobs", "kind = ? AND state = 'queued'", checkout.CreateSessionKind)
		if len(orders) != 1 || orders[0].Status != checkout.Pending || orders[0].CheckoutSessionID != "" || len(items) != 1 || queued != 1 {
			t.Fatalf("orders %+v, cart %d, queued jobs %d", orders, len(items), queued)
		}
		// The provider is back: the job run creates the page.
		f.fake.Err = nil
		f.clock.Advance(time.Minute)
		if _, err := f.jobs.RunDue(ctx); err != nil {
			t.Fatal(err)
		}
		o, _ := f.checkout.Order(ctx, agentID, false, orders[0].ID)
		if o.Status != checkout.Pending || o.CheckoutSessionID == "" {
			t.Fatalf("after the job: %+v", o)
		}
		c, err := f.checkout.CreateCheckout(ctx, checkout.Buyer{UserID: agentID})
		if err != nil || c.SessionID != o.CheckoutSessionID || c.Order.ID != o.ID {
			t.Fatalf("second checkout of the same cart: %+v %v", c, err)
		}

		// A cart whose page never gets created: the sweeper expires the order.
		other := "usr-demo-vendor"
		if _, err := f.cart.Add(ctx, cart.Shopper{UserID: other}, cart.AddRequest{ServiceID: svcHDR, PriceCents: &price, Coverage: cart.CoverageRetail}, nil); err != nil {
			t.Fatal(err)
		}
		f.fake.Err = errors.New("provider down")
		if _, err := f.checkout.CreateCheckout(ctx, checkout.Buyer{UserID: other}); apperr.CodeOf(err) != apperr.Unavailable {
			t.Fatalf("checkout with the provider down: %v", err)
		}
		f.clock.Advance(checkout.SessionlessTimeout - time.Minute)
		if err := f.checkout.ExpireAbandoned(ctx); err != nil {
			t.Fatal(err)
		}
		if got, _ := f.checkout.Orders(ctx, other, false); len(got) != 1 || got[0].Status != checkout.Pending {
			t.Fatalf("before the timeout: %+v", got)
		}
		f.clock.Advance(2 * time.Minute)
		if _, err := f.jobs.RunDue(ctx); err != nil {
			t.Fatal(err)
		}
		if got, _ := f.checkout.Orders(ctx, other, false); len(got) != 0 {
			t.Fatalf("an expired attempt is listed by default: %+v", got)
		}
		got, _ := f.checkout.Orders(ctx, other, true)
		if len(got) != 1 || got[0].Status != checkout.Expired || got[0].CanceledAt == nil {
			t.Fatalf("after the sweeper: %+v", got)
		}
		// The one with a page is left alone until its page's time is up.
		if o, _ := f.checkout.Order(ctx, agentID, false, o.ID); o.Status != checkout.Pending {
			t.Fatalf("the order with a page: %s", o.Status)
		}
		f.clock.Advance(checkout.SessionTTL)
		if err := f.checkout.ExpireAbandoned(ctx); err != nil {
			t.Fatal(err)
		}
		if o, _ := f.checkout.Order(ctx, agentID, false, o.ID); o.Status != checkout.Expired {
			t.Fatalf("the order with a page after a day: %s", o.Status)
		}
		if _, err := f.checkout.CreateCheckout(ctx, checkout.Buyer{UserID: "usr-demo-admin"}); apperr.CodeOf(err) != apperr.Invalid {
			t.Fatalf("an empty cart: %v", err)
		}
	})
}

// TestExpireAndRenew: the built-in clock, moved by the test, expires an unpaid payment page
// (expiring its order) and renews a membership whose period ended, once each however often
// it runs.
func TestExpireAndRenew(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db, payments.NameBuiltIn)
		c := f.pendingOrder(t, ctx)
		sub, err := f.billing.Subscribe(ctx, billing.Member{UserID: "usr-demo-vendor"}, billing.IntervalMonth, 1)
		if err != nil {
			t.Fatal(err)
		}
		page, err := f.checkout.BuiltInPage(ctx, sub.SessionID)
		if err != nil || page.Status != checkout.SessionOpen || len(page.Lines) != 1 || page.Recurring != billing.IntervalMonth {
			t.Fatalf("membership page: %+v %v", page, err)
		}
		if err := f.checkout.PayBuiltIn(ctx, page.Session, "4242"); err != nil {
			t.Fatal(err)
		}
		invoices, _ := store.NewSubscriptions(db).Invoices(ctx, "usr-demo-vendor", 10)
		if len(invoices) != 1 {
			t.Fatalf("first invoice: %+v", invoices)
		}
		f.clock.Advance(checkout.SessionTTL)
		for i := 0; i < 2; i++ {
			if err := f.checkout.ExpireAndRenew(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if o, _ := f.checkout.Order(ctx, agentID, false, c.Order.ID); o.Status != checkout.Expired {
			t.Fatalf("order after its page expired: %s", o.Status)
		}
		f.clock.Advance(31 * 24 * time.Hour)
		for i := 0; i < 2; i++ {
			if err := f.checkout.ExpireAndRenew(ctx); err != nil {
				t.Fatal(err)
			}
		}
		invoices, _ = store.NewSubscriptions(db).Invoices(ctx, "usr-demo-vendor", 10)
		live, _ := store.NewSubscriptions(db).LiveSubscription(ctx, "usr-demo-vendor")
		if len(invoices) != 2 || live == nil || !live.CurrentPeriodEnd.After(f.clock.Now()) {
			t.Fatalf("after a renewal: %d invoices, %+v", len(invoices), live)
		}
	})
}

// F-PAY-08: the payment page the job creates after a crash names a recurring line in the
// buyer's language as the one made inline does ("first month only"). Before the fix the job
// path named the stored lines with their bare titles.
func TestF_PAY_08_JobMadePageNamesTheFirstPeriod(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db, payments.NameStripe)
		price := int64(129_00)
		if _, err := f.cart.Add(ctx, cart.Shopper{UserID: agentID}, cart.AddRequest{ServiceID: "svc-nestflow-crm", PriceCents: &price, Coverage: cart.CoverageRetail}, nil); err != nil {
			t.Fatal(err)
		}
		f.fake.Err = errors.New("provider down")
		if _, err := f.checkout.CreateCheckout(ctx, checkout.Buyer{UserID: agentID, Lang: "es"}); apperr.CodeOf(err) != apperr.Unavailable {
			t.Fatalf("checkout with the provider down: %v", err)
		}
		f.fake.Err = nil
		f.clock.Advance(time.Minute)
		if _, err := f.jobs.RunDue(ctx); err != nil {
			t.Fatal(err)
		}
		pages := f.fake.Checkouts()
		if len(pages) != 1 || len(pages[0].Items) != 1 {
			t.Fatalf("pages asked for: %+v", pages)
		}
		if got, want := pages[0].Items[0].Name, "NestFlow CRM for Solo Agents - solo el primer mes; se renueva con el proveedor"; got != want {
			t.Fatalf("line name %q, want %q", got, want)
		}
	})
}
