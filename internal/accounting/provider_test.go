package accounting

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// TestF_AREA_03_ProviderPaymentsCheck: the provider check compares, per payment of the
// provider with an entry in the last three days, what the record says was charged and given
// back (whole-order, part and vendor-charge refunds counted on their payment) with what the
// provider says; agreeing payments, other providers and old payments list nothing and are not
// read; a payment the provider does not know and every difference are listed; a read that
// fails fails the run.
func TestF_AREA_03_ProviderPaymentsCheck(t *testing.T) {
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	recent, old := now.Add(-time.Hour), now.Add(-ProviderWindow-time.Hour)
	entry := func(key, kind string, cents int64, ref string, at time.Time) MoneyEntry {
		return MoneyEntry{Key: key, Kind: kind, AmountCents: cents, Currency: "USD", Provider: "stripe", ProviderRef: ref, OrderID: "ord-" + ref,
			UserID: "usr-1", OccurredAt: at}
	}
	part := entry("refund:part:p1", KindRefund, -10_00, "re_part", recent)
	part.OrderID = "ord-pi_parts"
	entries := []MoneyEntry{
		// Agrees: $129 charged, $10 back in a part (the part carries the refund id, counted on its order's payment).
		entry("charge:order:o1", KindCharge, 129_00, "pi_parts", recent), part,
		// Agrees: a whole refund carries the payment's id.
		entry("charge:order:o2", KindCharge, 50_00, "pi_whole", recent), entry("refund:order:o2", KindRefund, -50_00, "pi_whole", recent),
		// A vendor charge and its refund.
		entry("vendor_charge:c1", KindVendorCharge, 95_00, "pi_vendor", recent), entry("vendor_refund:c1", KindVendorRefund, -95_00, "pi_vendor", recent),
		// Differs: the provider refunded $5 the record does not have.
		entry("charge:order:o3", KindCharge, 80_00, "pi_differs", recent),
		// Unknown to the provider.
		entry("charge:order:o4", KindCharge, 12_00, "pi_unknown", recent),
		// Old: not read.
		entry("charge:order:o5", KindCharge, 70_00, "pi_old", old),
		// Another provider: not read.
		{Key: "charge:order:o6", Kind: KindCharge, AmountCents: 30_00, Currency: "USD", Provider: "builtin", ProviderRef: "pi_builtin", OccurredAt: recent},
	}
	provider := map[string]ProviderPayment{
		"pi_parts":   {Found: true, Currency: "USD", ReceivedCents: 129_00, RefundedCents: 10_00},
		"pi_whole":   {Found: true, Currency: "USD", ReceivedCents: 50_00, RefundedCents: 50_00},
		"pi_vendor":  {Found: true, Currency: "USD", ReceivedCents: 95_00, RefundedCents: 95_00},
		"pi_differs": {Found: true, Currency: "USD", ReceivedCents: 80_00, RefundedCents: 5_00},
	}
	var read []string
	check := ProviderPayments("stripe", func(_ context.Context, id string) (ProviderPayment, error) {
		read = append(read, id)
		return provider[id], nil
	}, func() time.Time { return now })
	got, err := check(context.Background(), entries)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(read, " ") != "pi_differs pi_parts pi_unknown pi_vendor pi_whole" {
		t.Fatalf("read %v: want the recent stripe payments only, in order", read)
	}
	if len(got) != 2 || got[0].Key != "provider:pi_differs" || got[0].Problem != ProblemProviderDiffer || got[0].WantCents != 75_00 ||
		got[0].GotCents != 80_00 || got[0].OrderID != "ord-pi_differs" || !strings.Contains(got[0].Explanation, "Stripe's payment pi_differs received 80.00 USD and refunded 5.00; the money record has 80.00 USD charged and 0.00 refunded") ||
		got[1].Key != "provider:pi_unknown" || !strings.Contains(got[1].Explanation, "Stripe has no payment pi_unknown") {
		t.Fatalf("mismatches: %+v", got)
	}

	failing := ProviderPayments("stripe", func(context.Context, string) (ProviderPayment, error) {
		return ProviderPayment{}, errors.New("connection refused")
	}, func() time.Time { return now })
	if _, err := failing(context.Background(), entries); err == nil || !strings.Contains(err.Error(), "connection refused") {
		t.Fatalf("a failed read: %v", err)
	}
}
