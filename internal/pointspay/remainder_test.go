package pointspay_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"circle/internal/account"
	"circle/internal/apperr"
	"circle/internal/billing"
	"circle/internal/cart"
	"circle/internal/checkout"
	"circle/internal/clocktest"
	"circle/internal/copay"
	"circle/internal/demo/demotest"
	"circle/internal/ids"
	"circle/internal/jobs"
	"circle/internal/notify"
	"circle/internal/payments"
	"circle/internal/payments/paymentstest"
	"circle/internal/points"
	"circle/internal/pointspay"
	"circle/internal/respa"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

// remainderEnv is process_automatic_copay wired as the app wires it: the co-pay area's agent
// service asks the partner for the remainder (internal/app/wire.go).
type remainderEnv struct {
	db     *store.DB
	clk    *clocktest.Clock
	runner *jobs.Runner
	ledger *pointspay.Ledger
	agents *copay.AgentService
	cp     *pointspay.CoPay
	logger *slog.Logger
}

func newRemainderEnv(t *testing.T, kind store.Kind) remainderEnv {
	t.Helper()
	ctx := context.Background()
	clk := clocktest.New(time.Now().UTC().Truncate(time.Second))
	db := demotest.Open(t, kind, clk)
	// The HDR service ($225) open to co-pay with a 60% split limit: a partner that is not an
	// SSP may cover 60% ($135).
	if _, err := db.Bun().NewRaw(`UPDATE services SET copay_allowed = ?, ssp_allowed = ?, respa_split_limit = 60, max_split_percentage_ssp = NULL,
		max_split_percentage_non_ssp = ?, max_vendor_split_percentage = NULL, co_pay_price_cents = NULL WHERE id = ?`, true, true, 60, svcHDR).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	runner := jobs.NewRunner(store.NewJobs(db), clk.Now, logger, jobs.Config{})
	ledger := &pointspay.Ledger{Store: store.NewPointsPay(db), Jobs: runner, Payments: &payments.BuiltIn{}, Now: clk.Now, Logger: logger}
	pointspay.RegisterJobs(runner, ledger)
	agents := &copay.AgentService{Store: store.NewCoPayAgentStore(db), Now: clk.Now, Logger: logger}
	cp := &pointspay.CoPay{Store: store.NewAutoCoPayStore(db), Ledger: ledger, Requester: agents, Now: clk.Now, Logger: logger}
	return remainderEnv{db: db, clk: clk, runner: runner, ledger: ledger, agents: agents, cp: cp, logger: logger}
}

// agentWith is a fresh agent holding n points from ClosingBell (none when n is 0).
func (e remainderEnv) agentWith(t *testing.T, n int64) string {
	t.Helper()
	ctx := context.Background()
	u := account.User{ID: ids.New(), Email: ids.New() + "@example.com", PasswordHash: "x"}
	if err := store.NewAccounts(e.db).CreateUser(ctx, u, account.Profile{DisplayName: "Remainder"}); err != nil {
		t.Fatal(err)
	}
	if n > 0 {
		now := e.clk.Now()
		if _, _, err := store.NewPoints(e.db).GrantPoints(ctx, points.Allocation{AgentID: u.ID, VendorID: bell, Points: n, StartDate: now.Add(-time.Hour), EndDate: now.Add(90 * 24 * time.Hour)}); err != nil {
			t.Fatal(err)
		}
	}
	return u.ID
}

const bell = "ven-closingbell"

func (e remainderEnv) request(t *testing.T, id string) copay.Request {
	t.Helper()
	var r copay.Request
	if err := e.db.Bun().NewSelect().Model(&r).ModelTableExpr("co_pay_requests AS request").Where("id = ?", id).Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	return r
}

// TestF_PAY_04_AutomaticCoPayRemainderRequest: process_automatic_copay wired to the co-pay
// requests (both databases). Spec 02-catalogue-and-buying.md line 152 ("If points cover it, the
// kind is full_coverage; if some points, partial_coverage (points plus a vendor request for the
// remainder); otherwise vendor_only. Points are then allocated and charged, and a co-pay request
// is recorded for any vendor remainder. On any failure the flow falls through to normal
// checkout."), line 216 (process_automatic_copay returns success, allocation_id,
// transaction_id, points_used) and line 248 (Co-Pay Processed!; Co-Pay Request Sent!).
// ClosingBell (not an SSP) may cover 60% of $225 = $135.
func TestF_PAY_04_AutomaticCoPayRemainderRequest(t *testing.T) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			ctx := context.Background()
			e := newRemainderEnv(t, kind)
			for _, c := range []struct {
				name                 string
				points               int64
				kind, title          string
				used, request, agent int64
			}{
				{"line 152: points cover the $135 share: full_coverage, no request", 200, respa.FullCoverage, pointspay.TitleCoPayProcessed, 135, 0, 0},
				{"line 152: 100 points, a request for the $35 rest: partial_coverage", 100, respa.PartialCoverage, pointspay.TitleCoPayRequestSent, 100, 35_00, 90_00},
				{"line 152: no points, a request for the whole $135: vendor_only", 0, respa.VendorOnly, pointspay.TitleCoPayRequestSent, 0, 135_00, 90_00},
			} {
				t.Run(c.name, func(t *testing.T) {
					agent := e.agentWith(t, c.points)
					res, err := e.cp.Process(ctx, pointspay.CoPayInput{AgentID: agent, ServiceID: svcHDR, VendorID: bell, Key: "k1"})
					if err != nil || !res.Success || res.FellThrough || res.Title != c.title || res.CoPay.CoverageKind != c.kind ||
						res.CoPay.PointsUsed != c.used || res.CoPay.RequestCents != c.request {
						t.Fatalf("process: %+v %v (%s)", res.CoPay, err, res.CoPay.Failure)
					}
					if c.request == 0 {
						if res.CoPay.RequestID != "" {
							t.Fatalf("full coverage made a request: %+v", res.CoPay)
						}
						return
					}
					r := e.request(t, res.CoPay.RequestID)
					if r.Status != copay.StatusPending || r.VendorID != bell || r.VendorShareCents != c.request || r.PointsCents != c.used*100 ||
						r.AgentShareCents != c.agent || r.RequestedSplit != 60 || r.IdempotencyKey != "copay:k1" || r.CartItemID == "" {
						t.Fatalf("request %+v", r)
					}
					items, err := store.NewCarts(e.db).CartItems(ctx, agent)
					if err != nil || len(items) != 1 || items[0].Coverage != cart.CoverageCoPay || items[0].CoPayRequestID != r.ID {
						t.Fatalf("cart %+v %v", items, err)
					}
					// The same key answers the same, with one request and one spend.
					again, err := e.cp.Process(ctx, pointspay.CoPayInput{AgentID: agent, ServiceID: svcHDR, VendorID: bell, Key: "k1"})
					if err != nil || !again.Replayed || again.CoPay.RequestID != r.ID {
						t.Fatalf("replay %+v %v", again, err)
					}
					if n := countRequests(t, e.db, agent); n != 1 {
						t.Fatalf("%d requests, want 1", n)
					}
				})
			}
		})
	}
}

// TestF_PAY_04_RemainderApprovedThenCheckout: a partial_coverage co-pay (100 points + a $35
// request) approved by ClosingBell: the approval keeps the cash share at $35 (60% less what the
// points paid, never above the RESPA cap), and checkout charges the agent $90 (225 - 100 in
// points - 35 from the vendor), recording the points and the vendor's share on the line.
func TestF_PAY_04_RemainderApprovedThenCheckout(t *testing.T) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			ctx := context.Background()
			e := newRemainderEnv(t, kind)
			agent := e.agentWith(t, 100)
			res, err := e.cp.Process(ctx, pointspay.CoPayInput{AgentID: agent, ServiceID: svcHDR, VendorID: bell, Key: "k1"})
			if err != nil || res.CoPay.CoverageKind != respa.PartialCoverage {
				t.Fatalf("process %+v %v", res, err)
			}
			vendors := &copay.VendorService{Store: store.NewCoPayVendorStore(e.db), Mailer: notify.OutboxMailer{Outbox: store.NewOps(e.db)}, Now: e.clk.Now, BaseURL: "http://circle.test"}
			// A split whose share the points already paid is refused: 40% of $225 = $90 < $100.
			if _, err := vendors.Decide(ctx, copay.Decision{RequestID: res.CoPay.RequestID, UserID: "usr-demo-vendor", Approve: true, Split: 40}); apperr.CodeOf(err) != apperr.Invalid {
				t.Fatalf("approve at 40%%: %v", err)
			}
			v, err := vendors.Decide(ctx, copay.Decision{RequestID: res.CoPay.RequestID, UserID: "usr-demo-vendor", Approve: true, Lang: "en"})
			if err != nil || v.Status != copay.StatusApproved || v.VendorShareCents != 35_00 || v.PointsCents != 100_00 || v.AgentShareCents != 90_00 {
				t.Fatalf("approve: %+v %v", v, err)
			}
			fake := &paymentstest.Fake{T: t, ProviderName: payments.NameStripe}
			b := &billing.Service{Store: store.NewBillingStore(e.db), Payments: fake, Now: e.clk.Now, Logger: e.logger}
			co := &checkout.Service{Store: store.NewCheckoutStore(e.db), Payments: fake, Memberships: b, Jobs: e.runner, Now: e.clk.Now, Logger: e.logger, BaseURL: "http://circle.test", Points: e.ledger}
			checkout.RegisterJobs(e.runner, co)
			c, err := co.CreateCheckout(ctx, checkout.Buyer{UserID: agent, Pro: true})
			if err != nil || c.Order.TotalCents != 90_00 || len(c.Order.Items) != 1 {
				t.Fatalf("checkout %+v %v", c.Order, err)
			}
			it := c.Order.Items[0]
			if it.VendorShareCents != 35_00 || it.PointsUSDCents != 100_00 || it.PointsCoPayID != res.CoPay.ID || it.CoPayRequestID != res.CoPay.RequestID {
				t.Fatalf("order line %+v", it)
			}
		})
	}
}

// TestF_PAY_04_RemainderCapAndConcurrency: a remainder request is never above the RESPA cap
// (points and cash together at most 60% = $135); 12 simultaneous automatic co-pays with one key
// record one request; 12 with different keys for one cart line record one request and the
// others fall through to normal checkout (one open request per cart line), on both databases.
func TestF_PAY_04_RemainderCapAndConcurrency(t *testing.T) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			ctx := context.Background()
			e := newRemainderEnv(t, kind)
			agent := e.agentWith(t, 0)
			_, err := e.agents.CreateRemainder(ctx, copay.Agent{UserID: agent, Pro: true}, copay.RemainderInput{ServiceID: svcHDR, VendorID: bell,
				AmountCents: 40_00, PointsCents: 100_00, IdempotencyKey: "cap"})
			if ae, ok := err.(*apperr.Error); !ok || len(ae.Fields) != 1 || ae.Fields[0].Key != copay.KeyAmountCap {
				t.Fatalf("above the cap: %v", err)
			}
			if _, err := e.agents.CreateRemainder(ctx, copay.Agent{UserID: agent, Pro: false}, copay.RemainderInput{ServiceID: svcHDR, VendorID: bell,
				AmountCents: 10_00, IdempotencyKey: "pro"}); apperr.CodeOf(err) != apperr.Forbidden {
				t.Fatalf("without Pro: %v", err)
			}
			for _, sameKey := range []bool{true, false} {
				agent := e.agentWith(t, 0)
				results := coPaysAtOnce(t, ctx, e.cp, 12, func(i int) pointspay.CoPayInput {
					key := "same"
					if !sameKey {
						key = "k-" + string(rune('a'+i))
					}
					return pointspay.CoPayInput{AgentID: agent, ServiceID: svcHDR, VendorID: bell, Key: key}
				})
				ok, ids := 0, map[string]bool{}
				for _, r := range results {
					if r.Success {
						ok++
						ids[r.CoPay.RequestID] = true
					}
				}
				if n := countRequests(t, e.db, agent); n != 1 || len(ids) != 1 || (!sameKey && ok != 1) || (sameKey && ok != 12) {
					t.Fatalf("same key %v: %d requests, %d successes, ids %v", sameKey, n, ok, ids)
				}
			}
		})
	}
}

func countRequests(t *testing.T, db *store.DB, agent string) int {
	t.Helper()
	n, err := db.Bun().NewSelect().Table("co_pay_requests").Where("agent_id = ?", agent).Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}
