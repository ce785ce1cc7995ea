package demo

import "time"

// Wallet event kinds, applied in order by Load.
const (
	WalletGrant   = "grant"
	WalletSpend   = "spend"
	WalletReverse = "reverse"
	WalletExpire  = "expire"
)

// WalletEvent is one step of a demo agent's points history (issue 15): a vendor's grant, a
// spend, a spend's reversal or an allocation's expiry, at its own time so /wallet shows a
// history spread over months.
type WalletEvent struct {
	Kind     string
	At       time.Time
	AgentID  string
	VendorID string
	Points   int64
	// Start and End are a grant's window.
	Start, End time.Time
	// Ref names a grant (its reference) or a spend (its idempotency key); a reversal names
	// the spend's key, an expiry the grant's reference.
	Ref string
}

// WalletProAgent is the demo account whose wallet has allocations from two vendors.
const WalletProAgent = "usr-demo-pro"

// BuildWallet is pro@demo.test's points history: Harborline and ClosingBell allocations (one
// expiring within three weeks), an older Harborline allocation that expired, one spend and one
// refunded spend. Available at now: 1,500 + 1,200 - 200 = 2,500 points.
func BuildWallet(now time.Time) []WalletEvent {
	now = now.UTC().Truncate(time.Second)
	day := 24 * time.Hour
	at := func(days int) time.Time { return now.Add(time.Duration(days) * day) }
	a := WalletProAgent
	return []WalletEvent{
		{Kind: WalletGrant, At: at(-150), AgentID: a, VendorID: "ven-harborline", Points: 300, Start: at(-150), End: at(-10), Ref: "demo-harborline-spring"},
		{Kind: WalletGrant, At: at(-60), AgentID: a, VendorID: "ven-harborline", Points: 1500, Start: at(-60), End: at(120), Ref: "demo-harborline-annual"},
		{Kind: WalletGrant, At: at(-30), AgentID: a, VendorID: vendorAccountVendor, Points: 1200, Start: at(-30), End: at(20), Ref: "demo-closingbell-quarter"},
		{Kind: WalletSpend, At: at(-21), AgentID: a, VendorID: vendorAccountVendor, Points: 200, Ref: "demo-order-1"},
		{Kind: WalletSpend, At: at(-14), AgentID: a, VendorID: "ven-harborline", Points: 100, Ref: "demo-order-2"},
		{Kind: WalletReverse, At: at(-12), AgentID: a, Ref: "demo-order-2"},
		{Kind: WalletExpire, At: at(-10), AgentID: a, Ref: "demo-harborline-spring"},
	}
}
