package demo

import (
	"testing"
	"time"

	"circle/internal/billing"
)

// F-PAY-09, issue 15 item 8: the demo membership belongs to the one Pro demo account, is active
// around now (started before, renews after), and its paid invoices cover its months back to
// back at the plan's price, so /billing and the Pro flag tell the same story.
func TestBuildMembershipIsTheProAccountsLiveMembership(t *testing.T) {
	sub, _ := BuildMembership(testNow)
	for _, a := range demoData(t).Accounts {

		if a.IsProMember != (a.ID == sub.UserID) {
			t.Errorf("account %s: Pro %v, but the demo membership belongs to %s", a.Email, a.IsProMember, sub.UserID)
		}
	}
	// Month lengths differ: any day of the year must give a period around now.
	for now := time.Date(2026, 1, 1, 15, 4, 5, 0, time.UTC); now.Year() == 2026; now = now.AddDate(0, 0, 1) {
		checkMembership(t, now)
	}
}

func checkMembership(t *testing.T, now time.Time) {
	t.Helper()
	sub, invoices := BuildMembership(now)
	if sub.Status != billing.StatusActive || !billing.GrantsPro(sub.Status) || sub.Provider != "builtin" || sub.Interval != billing.IntervalMonth ||
		sub.AmountCents != billing.Price(billing.IntervalMonth, 1) || sub.StartedAt == nil || !sub.StartedAt.Before(now) ||
		sub.CurrentPeriodStart == nil || sub.CurrentPeriodStart.After(now) || sub.CurrentPeriodEnd == nil || !sub.CurrentPeriodEnd.After(now) {
		t.Fatalf("demo membership at %s: %+v", now, sub)
	}
	if len(invoices) != 2 || !invoices[0].PeriodStart.Equal(*sub.StartedAt) || !invoices[1].PeriodEnd.Equal(*sub.CurrentPeriodEnd) {
		t.Fatalf("demo invoices at %s: %+v", now, invoices)
	}
	for i, in := range invoices {
		if in.Status != billing.InvoicePaid || in.SubscriptionID != sub.ID || in.UserID != sub.UserID || in.AmountCents != sub.AmountCents ||
			(i > 0 && !in.PeriodStart.Equal(invoices[i-1].PeriodEnd)) || in.CreatedAt.After(now) {
			t.Errorf("demo invoice %d: %+v", i, in)
		}
	}
}
