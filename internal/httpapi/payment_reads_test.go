package httpapi_test

import (
	"testing"

	"circle/internal/app"
	"circle/internal/checkout"
	"circle/internal/demo"
	"circle/internal/store"
	"circle/internal/store/storetest"
	"circle/internal/testapp"
)

// Issue 26 item 4 (one way to buy): paying on the built-in page reads each row once a request:
// the page (then again only under its lock, in the payment's transaction), the order under its
// lock and its lines once. The page's lines are read only when the page is shown.
func TestIssue26_BuiltInPaymentReadsEachRowOnce(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		// The jobs runner waits for the test: a job it ran meanwhile (after the payment, say)
		// would read the same tables and be counted with the request's reads.
		a := testapp.Start(t, kind, testapp.Options{ManualJobs: true, Config: func(c *app.Config) { c.StripeWebhookSecret = testWhsec }})
		a.LoadDemo(t)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		r := agentCheckout(t, a, agent)
		page := pagePath(t, r.URL)
		selects := storetest.CountSelects(a.DB)
		reads := selects.Count(func() {
			if res := getAs(t, a, agent, page); res.Status != 200 {
				t.Fatalf("page: %d %s", res.Status, res.Body)
			}
		})
		for table, want := range map[string]int{"checkout_sessions": 1, "orders": 1, "order_items": 1} {
			if reads[table] != want {
				t.Errorf("the page read %s %d times, want %d (all reads: %v)", table, reads[table], want, reads)
			}
		}
		reads = selects.Count(func() {
			if res := formAs(t, a, agent, page+"/pay", card("4242 4242 4242 4242")); res.Status != 303 {
				t.Fatalf("pay: %d %s", res.Status, res.Body)
			}
		})
		for table, want := range map[string]int{"checkout_sessions": 2, "orders": 1, "order_items": 1} {
			if reads[table] != want {
				t.Errorf("paying read %s %d times, want %d (all reads: %v)", table, reads[table], want, reads)
			}
		}
		if o := orderOf(t, a, agent, r.Order.ID); o.Status != checkout.Paid || o.Receipt.PaymentMethod != "Test card ending in 4242 (test mode: no real payment)" {
			t.Fatalf("after paying: %s, %q", o.Status, o.Receipt.PaymentMethod)
		}
	})
}
