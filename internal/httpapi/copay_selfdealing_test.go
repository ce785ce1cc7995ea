package httpapi_test

import (
	"context"
	"net/http"
	"testing"

	"circle/internal/copay"
	"circle/internal/demo"
	"circle/internal/respa"
	"circle/internal/store"
	"circle/internal/testapp"
)

// representVendor records the user's e-mail as an active representative (loan officer) of a
// vendor, the way a vendor lists the people who work for it.
func representVendor(t *testing.T, a *testapp.App, vendorID, email string) {
	t.Helper()
	if _, err := a.DB.Bun().NewRaw(`INSERT INTO service_representatives (id, vendor_id, is_active, name, email)
		VALUES (?, ?, TRUE, 'Self Dealer', ?)`, "rep-self-"+vendorID, vendorID, email).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// TestIssue27_SelfDealingCoPay (issue 27 item 4): pro@demo.test owns Harborline and is listed as
// a loan officer of BrightPath (in upper case). Neither is in the agent's partner list; asking
// either for co-pay, quoting it or running the automatic co-pay with it is refused naming
// vendor_id, and nothing is recorded. When pro@demo.test represents ClosingBell, ClosingBell's
// owner can't approve pro's pending request (it stays pending; a decline still works), and the
// audit pack flags the pair's requests as self-dealing.
func TestIssue27_SelfDealingCoPay(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		ctx := context.Background()
		pro := a.SignIn(t, "pro@demo.test", demo.Password)
		vendor := a.SignIn(t, "vendor@demo.test", demo.Password)
		if _, err := a.DB.Bun().NewRaw("UPDATE vendors SET owner_user_id = ? WHERE id = ?", demo.WalletProAgent, partnerSSP).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		representVendor(t, a, partnerNonSSP, " PRO@Demo.test ")

		var list copay.PartnerList
		res := call(t, a, pro, http.MethodGet, "/api/copay/partners?service_id="+svcHDR, nil)
		res.JSON(t, &list)
		if res.Status != http.StatusOK || len(list.Partners) == 0 {
			t.Fatalf("partners %d %s", res.Status, res.Body)
		}
		for _, p := range list.Partners {
			if p.ID == partnerSSP || p.ID == partnerNonSSP {
				t.Fatalf("the agent's own vendor %s is offered as a co-pay partner", p.ID)
			}
		}

		for _, v := range []string{partnerSSP, partnerNonSSP} {
			body := map[string]any{"service_id": svcHDR, "vendor_id": v, "requested_split_percentage": 20, "idempotency_key": "self-" + v}
			acctExpectError(t, call(t, a, pro, http.MethodPost, "/api/copay/requests", body), http.StatusForbidden, "forbidden", "vendor_id", "")
			acctExpectError(t, call(t, a, pro, http.MethodGet, "/api/copay/quote?service_id="+svcHDR+"&vendor_id="+v+"&split=20", nil),
				http.StatusForbidden, "forbidden", "vendor_id", "")
			acctExpectError(t, call(t, a, pro, http.MethodPost, "/api/points/copay", map[string]any{"service_id": svcHDR, "vendor_id": v,
				"idempotency_key": "auto-" + v}), http.StatusForbidden, "forbidden", "vendor_id", "")
			e := acctError(t, call(t, a, pro, http.MethodPost, "/api/copay/requests", body))
			if len(e.Fields) == 0 || e.Fields[0].Key != respa.KeySelfDealing {
				t.Fatalf("self-dealing key: %+v", e)
			}
		}
		for _, table := range []string{"co_pay_requests", "automatic_copays"} {
			got, err := a.DB.Bun().NewSelect().Table(table).Where("agent_id = ?", demo.WalletProAgent).
				Where("vendor_id IN (?, ?)", partnerSSP, partnerNonSSP).Count(ctx)
			if err != nil || got != 0 {
				t.Fatalf("%s: %d rows to the agent's own vendors (%v)", table, got, err)
			}
		}

		// The vendor's side: pro@demo.test represents ClosingBell, whose owner is vendor@demo.test.
		representVendor(t, a, "ven-closingbell", "pro@demo.test")
		approve := "/api/vendor/copay-requests/" + demo.CoPayPendingID + "/approve"
		acctExpectError(t, call(t, a, vendor, http.MethodPost, approve, map[string]any{"split_percentage": 40}), http.StatusForbidden, "forbidden", "vendor_id", "")
		var status string
		if err := a.DB.Bun().NewSelect().Table("co_pay_requests").Column("status").Where("id = ?", demo.CoPayPendingID).Scan(ctx, &status); err != nil || status != copay.StatusPending {
			t.Fatalf("refused approval changed the request: %q %v", status, err)
		}

		var pack copay.AuditPack
		call(t, a, vendor, http.MethodGet, "/api/vendors/ven-closingbell/copay-audit/"+demo.WalletProAgent, nil).JSON(t, &pack)
		if len(pack.Requests) != 2 || !pack.Requests[0].SelfDealing || !pack.Requests[1].SelfDealing {
			t.Fatalf("audit pack does not flag self-dealing: %+v", pack.Requests)
		}
		var agents struct{ Agents []copay.AuditAgent }
		call(t, a, vendor, http.MethodGet, "/api/vendors/ven-closingbell/copay-audit", nil).JSON(t, &agents)
		if len(agents.Agents) != 1 || !agents.Agents[0].SelfDealing {
			t.Fatalf("audit agents do not flag self-dealing: %+v", agents)
		}

		res = call(t, a, vendor, http.MethodPost, "/api/vendor/copay-requests/"+demo.CoPayPendingID+"/decline", map[string]any{"note": "You represent us."})
		if res.Status != http.StatusOK {
			t.Fatalf("decline of a self-dealing request %d %s", res.Status, res.Body)
		}
	})
}
