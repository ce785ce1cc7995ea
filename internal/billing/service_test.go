package billing_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/apperr"
	"circle/internal/billing"
	"circle/internal/checkout"
	"circle/internal/demo/demotest"
	"circle/internal/jobs"
	"circle/internal/payments"
	"circle/internal/payments/paymentstest"
	"circle/internal/racetest"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

// newService is a billing service on a fresh demo database with the test provider.
func newService(t *testing.T, db *store.DB) (*billing.Service, *paymentstest.Fake) {
	t.Helper()
	demotest.Load(t, db)
	fake := &paymentstest.Fake{T: t, ProviderName: payments.NameStripe}
	return &billing.Service{Store: store.NewBillingStore(db), Payments: fake, Now: time.Now, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), BaseURL: "http://circle.test"}, fake
}

// subscribed starts and pays a monthly membership for the member.
func subscribed(t *testing.T, ctx context.Context, db *store.DB, svc *billing.Service, m billing.Member) billing.Subscription {
	t.Helper()
	c, err := svc.Subscribe(ctx, m, billing.IntervalMonth, 1)
	if err != nil {
		t.Fatalf("subscribe: %v", err)
	}
	if err := db.InTx(ctx, func(ctx context.Context) error {
		return svc.ApplySessionOutcome(ctx, c.Subscription.ID, payments.Fact{Outcome: payments.OutcomePaid, CustomerID: "cus_" + m.UserID})
	}); err != nil {
		t.Fatal(err)
	}
	sub, err := svc.Subscription(ctx, c.Subscription.ID)
	if err != nil || sub.Status != billing.StatusActive {
		t.Fatalf("after the first payment: %+v %v", sub, err)
	}
	return sub
}

// TestServiceCallsTheProviderOutsideTransactions: every billing path that calls the provider
// does it with no transaction open (the fake fails the test otherwise) and records the change
// after; a provider failure changes nothing.
func TestServiceCallsTheProviderOutsideTransactions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc, fake := newService(t, db)
		agent := billing.Member{UserID: "usr-demo-agent", Email: "agent@example.com", State: "CA", Lang: "en"}
		sub := subscribed(t, ctx, db, svc, agent)
		if _, err := svc.Portal(ctx, agent); err != nil {
			t.Fatalf("portal: %v", err)
		}
		steps := []struct {
			name string
			run  func() (billing.Overview, error)
			want func(s *billing.Subscription) bool
		}{
			{"cancel", func() (billing.Overview, error) { return svc.Cancel(ctx, agent, "too_expensive", "") },
				func(s *billing.Subscription) bool { return s.CancelAtPeriodEnd && s.CancelReason == "too_expensive" }},
			{"resume", func() (billing.Overview, error) { return svc.Resume(ctx, agent) },
				func(s *billing.Subscription) bool { return !s.CancelAtPeriodEnd }},
			{"pause", func() (billing.Overview, error) { return svc.Pause(ctx, agent) },
				func(s *billing.Subscription) bool { return s.Status == billing.StatusPaused && s.ResumesAt != nil }},
			{"resume a pause", func() (billing.Overview, error) { return svc.Resume(ctx, agent) },
				func(s *billing.Subscription) bool { return s.Status == billing.StatusActive }},
		}
		for _, st := range steps {
			o, err := st.run()
			if err != nil {
				t.Fatalf("%s: %v", st.name, err)
			}
			if o.Subscription == nil || o.Subscription.ID != sub.ID || !st.want(o.Subscription) || o.Message == "" {
				t.Fatalf("%s: %+v", st.name, o)
			}
		}
		// The pause was an offer: no other offer for 12 months, refused before the provider.
		before := len(fake.Calls())
		if _, err := svc.ApplyDiscount(ctx, agent); apperr.CodeOf(err) != apperr.Conflict || len(fake.Calls()) != before {
			t.Fatalf("a second offer: %v, provider calls %d -> %d", err, before, len(fake.Calls()))
		}
		// The discount offers on members with no offer yet.
		vendor := billing.Member{UserID: "usr-demo-vendor", Email: "vendor@example.com"}
		subscribed(t, ctx, db, svc, vendor)
		if o, err := svc.ApplyDiscount(ctx, vendor); err != nil || o.Subscription.DiscountPercent != 50 || len(o.OfferHistory) != 1 {
			t.Fatalf("discount: %+v %v", o, err)
		}
		creator := billing.Member{UserID: "usr-demo-creator", Email: "creator@example.com"}
		subscribed(t, ctx, db, svc, creator)
		if o, err := svc.Downgrade(ctx, creator); err != nil || o.Subscription.DiscountPercent != 30 {
			t.Fatalf("downgrade: %+v %v", o, err)
		}
		want := []string{"create checkout", "create portal", "cancel", "resume", "pause", "resume", "create checkout", "discount 50% for 2 months",
			"create checkout", "discount 30% for 12 months"}
		if got := fake.Calls(); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("provider calls %v, want %v", got, want)
		}
		// A provider failure: the member sees the spec's message and nothing changes.
		fake.Err = errors.New("provider down")
		if _, err := svc.Cancel(ctx, vendor, "other", ""); apperr.CodeOf(err) != apperr.Unavailable {
			t.Fatalf("cancel with the provider down: %v", err)
		}
		if live, _ := store.NewSubscriptions(db).LiveSubscription(ctx, vendor.UserID); live == nil || live.CancelAtPeriodEnd {
			t.Fatalf("after a failed cancel: %+v", live)
		}
		if _, err := svc.Subscribe(ctx, billing.Member{UserID: "usr-demo-admin"}, billing.IntervalYear, 2); apperr.CodeOf(err) != apperr.Unavailable {
			t.Fatalf("subscribe with the provider down: %v", err)
		}
	})
}

// TestConcurrentOffersDoNotStack: 8 simultaneous discount requests on one membership each pass
// the check before the provider call, but the check again on the locked row lets exactly one
// be recorded.
func TestConcurrentOffersDoNotStack(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc, _ := newService(t, db)
		agent := billing.Member{UserID: "usr-demo-agent"}
		subscribed(t, ctx, db, svc, agent)
		ok, _ := racetest.WinsAndConflicts(t, 8, func(int) error {
			_, err := svc.ApplyDiscount(ctx, agent)
			return err
		})
		offers, _ := store.NewSubscriptions(db).SubscriptionOffers(ctx, agent.UserID)
		pro, _ := store.NewSubscriptions(db).IsProMember(ctx, agent.UserID)
		if ok != 1 || len(offers) != 1 || !pro {
			t.Fatalf("8 concurrent offers: %d accepted, %d recorded, pro=%v", ok, len(offers), pro)
		}
	})
}

// TestSubscribeClosesEarlierAttempts: a new attempt expires the member's unpaid ones; a live
// membership refuses another.
func TestSubscribeClosesEarlierAttempts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc, _ := newService(t, db)
		agent := billing.Member{UserID: "usr-demo-agent", State: "ON", Lang: "en"}
		first, err := svc.Subscribe(ctx, agent, billing.IntervalMonth, 1)
		if err != nil {
			t.Fatal(err)
		}
		second, err := svc.Subscribe(ctx, agent, billing.IntervalYear, 3)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := svc.Subscription(ctx, first.Subscription.ID)
		b, _ := svc.Subscription(ctx, second.Subscription.ID)
		if a.Status != billing.StatusExpired || b.Status != billing.StatusIncomplete || b.Currency != "CAD" || b.AmountUSDCents != billing.Price(billing.IntervalYear, 3) ||
			b.CheckoutSessionID != second.SessionID {
			t.Fatalf("first %+v\nsecond %+v", a, b)
		}
		subscribed(t, ctx, db, svc, agent)
		if _, err := svc.Subscribe(ctx, agent, billing.IntervalMonth, 1); apperr.CodeOf(err) != apperr.Conflict {
			t.Fatalf("a second membership: %v", err)
		}
	})
}

// subscribeAll runs n simultaneous Subscribe calls for one member and returns the checkouts
// that succeeded and the errors of the others.
func subscribeAll(ctx context.Context, svc *billing.Service, m billing.Member, n int) (oks []billing.Checkout, errs []error) {
	cs, all := racetest.RunErr(n, func(int) (billing.Checkout, error) { return svc.Subscribe(ctx, m, billing.IntervalMonth, 1) })
	for i, err := range all {
		if err != nil {
			errs = append(errs, err)
		} else {
			oks = append(oks, cs[i])
		}
	}
	return oks, errs
}

// payAll pays every distinct membership the checkouts opened, as the provider's events would.
func payAll(t *testing.T, ctx context.Context, db *store.DB, svc *billing.Service, cs []billing.Checkout) {
	t.Helper()
	seen := map[string]bool{}
	for _, c := range cs {
		if seen[c.Subscription.ID] {
			continue
		}
		seen[c.Subscription.ID] = true
		if err := db.InTx(ctx, func(ctx context.Context) error {
			return svc.ApplySessionOutcome(ctx, c.Subscription.ID, payments.Fact{Outcome: payments.OutcomePaid, CustomerID: "cus_" + c.Subscription.UserID})
		}); err != nil {
			t.Fatalf("pay %s: %v", c.Subscription.ID, err)
		}
	}
}

// countRows counts a member's rows of a table, optionally in some statuses.
func countRows(t *testing.T, ctx context.Context, db *store.DB, table, userID string, statuses ...string) int {
	t.Helper()
	q := db.Bun().NewSelect().Table(table).Where("user_id = ?", userID)
	if len(statuses) > 0 {
		q = q.Where("status IN (?)", bun.In(statuses))
	}
	n, err := q.Count(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

// TestF_PAY_09_ConcurrentSubscribesMakeOneMembership (issue 14, item 1): 20 simultaneous
// subscribe calls from one member open one attempt and one payment page; every caller gets that
// page or a 409, and paying every page that was handed out leaves exactly one live membership.
func TestF_PAY_09_ConcurrentSubscribesMakeOneMembership(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc, _ := newService(t, db)
		agent := billing.Member{UserID: "usr-demo-agent", Email: "agent@example.com"}
		oks, errs := subscribeAll(ctx, svc, agent, 20)
		for _, err := range errs {
			if apperr.CodeOf(err) != apperr.Conflict {
				t.Fatalf("a concurrent subscribe failed with %v, want the page or a 409", err)
			}
		}
		if len(oks) == 0 {
			t.Fatalf("no subscribe succeeded: %v", errs)
		}
		for _, c := range oks {
			if c.URL != oks[0].URL || c.Subscription.ID != oks[0].Subscription.ID {
				t.Errorf("two payment pages handed out: %s and %s", oks[0].URL, c.URL)
				break
			}
		}
		if n := countRows(t, ctx, db, "checkout_sessions", agent.UserID); n != 1 {
			t.Errorf("%d payment sessions, want 1", n)
		}
		if n := countRows(t, ctx, db, "subscriptions", agent.UserID); n != 1 {
			t.Errorf("%d membership attempts, want 1", n)
		}
		payAll(t, ctx, db, svc, oks)
		if n := countRows(t, ctx, db, "subscriptions", agent.UserID, billing.LiveStatuses...); n != 1 {
			t.Fatalf("%d live memberships, want 1", n)
		}
		// Once the membership runs, another subscribe is a clear 409.
		if _, err := svc.Subscribe(ctx, agent, billing.IntervalMonth, 1); apperr.CodeOf(err) != apperr.Conflict {
			t.Fatalf("subscribe while a member: %v", err)
		}
	})
}

// TestF_PAY_09_DoubleClickSubscribe (issue 14, item 1): two simultaneous subscribes (a double
// click) both get the same payment page, or one gets it and the other a 409; paying never makes
// two memberships. Ten tries, as the probe did.
func TestF_PAY_09_DoubleClickSubscribe(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc, _ := newService(t, db)
		m := billing.Member{UserID: "usr-demo-agent"}
		for try := 0; try < 10; try++ {
			// The membership of the try before ended, so the member may subscribe again.
			if _, err := db.Bun().NewUpdate().Table("subscriptions").Set("status = ?", billing.StatusCanceled).
				Where("user_id = ?", m.UserID).Exec(ctx); err != nil {
				t.Fatal(err)
			}
			oks, errs := subscribeAll(ctx, svc, m, 2)
			for _, err := range errs {
				if apperr.CodeOf(err) != apperr.Conflict {
					t.Fatalf("try %d: %v", try, err)
				}
			}
			if len(oks) == 0 || (len(oks) == 2 && oks[0].URL != oks[1].URL) {
				t.Errorf("try %d: %d pages handed out, %+v", try, len(oks), oks)
			}
			payAll(t, ctx, db, svc, oks)
			if n := countRows(t, ctx, db, "subscriptions", m.UserID, billing.LiveStatuses...); n != 1 {
				t.Fatalf("try %d: %d live memberships, want 1", try, n)
			}
		}
	})
}

// TestF_PAY_09_SecondPaidMembershipIsClosedAsDuplicate (issue 14, item 1): a member opens a
// monthly page, then a yearly one (the monthly attempt closes), and pays both (the monthly one
// late, as Stripe may): the first paid stays the membership, the second is closed as a
// duplicate and grants nothing; the member stays Pro.
func TestF_PAY_09_SecondPaidMembershipIsClosedAsDuplicate(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc, _ := newService(t, db)
		agent := billing.Member{UserID: "usr-demo-agent"}
		monthly, err := svc.Subscribe(ctx, agent, billing.IntervalMonth, 1)
		if err != nil {
			t.Fatal(err)
		}
		yearly, err := svc.Subscribe(ctx, agent, billing.IntervalYear, 1)
		if err != nil || yearly.Subscription.ID == monthly.Subscription.ID {
			t.Fatalf("a different plan opens a new attempt: %+v %v", yearly, err)
		}
		payAll(t, ctx, db, svc, []billing.Checkout{yearly, monthly})
		y, _ := svc.Subscription(ctx, yearly.Subscription.ID)
		m, _ := svc.Subscription(ctx, monthly.Subscription.ID)
		if y.Status != billing.StatusActive || m.Status != billing.StatusCanceled || m.CancelReason != billing.CancelDuplicate || m.EndedAt == nil {
			t.Fatalf("yearly %s, monthly %s (%s)", y.Status, m.Status, m.CancelReason)
		}
		if pro, _ := store.NewSubscriptions(db).IsProMember(ctx, agent.UserID); !pro {
			t.Fatal("the member lost Pro")
		}
		if n := countRows(t, ctx, db, "subscriptions", agent.UserID, billing.LiveStatuses...); n != 1 {
			t.Fatalf("%d live memberships", n)
		}
	})
}

// TestF_PAY_09_SubscribeAfterAFailedPageStartsAtOnce: a provider failure closes its attempt, so
// the next subscribe opens a page instead of waiting for the abandoned one.
func TestF_PAY_09_SubscribeAfterAFailedPageStartsAtOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc, fake := newService(t, db)
		agent := billing.Member{UserID: "usr-demo-agent"}
		fake.Err = errors.New("provider down")
		if _, err := svc.Subscribe(ctx, agent, billing.IntervalMonth, 1); apperr.CodeOf(err) != apperr.Unavailable {
			t.Fatalf("provider down: %v", err)
		}
		fake.Err = nil
		if _, err := svc.Subscribe(ctx, agent, billing.IntervalMonth, 1); err != nil {
			t.Fatalf("after the provider came back: %v", err)
		}
	})
}

// TestF_PAY_09_DuplicateMembershipIsCancelledAndRefunded (issue 14, item 1): a new plan's
// attempt expires the replaced page at the provider, and when both pages are paid anyway the
// duplicate is cancelled at the provider and its payment refunded, by jobs queued with the
// change. Before, the duplicate was only logged: it kept renewing at Stripe and kept the money.
func TestF_PAY_09_DuplicateMembershipIsCancelledAndRefunded(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc, fake := newService(t, db)
		runner := jobs.NewRunner(store.NewJobs(db), time.Now, slog.New(slog.NewTextHandler(io.Discard, nil)), jobs.Config{})
		svc.Jobs = runner
		checkout.RegisterJobs(runner, &checkout.Service{Store: store.NewCheckoutStore(db), Payments: fake, Now: time.Now})
		billing.RegisterJobs(runner, svc)
		agent := billing.Member{UserID: "usr-demo-agent"}
		monthly, err := svc.Subscribe(ctx, agent, billing.IntervalMonth, 1)
		if err != nil {
			t.Fatal(err)
		}
		yearly, err := svc.Subscribe(ctx, agent, billing.IntervalYear, 1)
		if err != nil {
			t.Fatal(err)
		}
		pay := func(c billing.Checkout, n string) {
			if err := db.InTx(ctx, func(ctx context.Context) error {
				return svc.ApplySessionOutcome(ctx, c.Subscription.ID, payments.Fact{Outcome: payments.OutcomePaid,
					CustomerID: "cus_agent", ProviderSubscriptionID: "sub_" + n, PaymentIntentID: "pi_" + n})
			}); err != nil {
				t.Fatal(err)
			}
		}
		pay(yearly, "yearly")
		pay(monthly, "monthly")
		if _, err := runner.RunDue(ctx); err != nil {
			t.Fatal(err)
		}
		calls := map[string]int{}
		for _, c := range fake.Calls() {
			calls[c]++
		}
		if calls["expire checkout"] != 1 || calls["cancel"] != 1 || calls["refund"] != 1 {
			t.Fatalf("provider calls %v: want the replaced page expired, the duplicate cancelled and refunded once", calls)
		}
		if _, err := runner.RunDue(ctx); err != nil {
			t.Fatal(err)
		}
		if n := len(fake.Calls()); n != calls["create checkout"]+3 {
			t.Fatalf("a second run called the provider again: %v", fake.Calls())
		}
	})
}
