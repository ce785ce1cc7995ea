// Package points is the points wallet (issue 15, spec 02§3 point_allocations and points
// summary, 02§5 points usable, 02§7 get_agent_points_summary and process-point-charge): vendors
// grant an agent points usable between two dates; spends draw from them, a reversal gives a
// spend back, and the expiry job closes what is left after the end date. Every change is a row
// of the append-only points ledger; balances are sums over it (internal/store).
package points

import (
	"time"

	"circle/internal/apperr"
)

// Ledger reasons written by the wallet (other areas write their own, e.g. demo_opening_balance).
const (
	ReasonAllocation = "allocation"
	ReasonSpend      = "spend"
	ReasonReversal   = "reversal"
	ReasonExpiry     = "expiry"
)

// Allocation statuses: active allocations count; the expiry job marks lapsed ones expired.
const (
	StatusActive  = "active"
	StatusExpired = "expired"
)

// CentsPerPoint: one point is worth US$1 of marketplace value (../shared/docs/decisions.md).
const CentsPerPoint = 100

// The spec's messages (02§8 payment dialog) and our keys.
const (
	KeyInsufficientBalance = "points.insufficient_balance"
	MsgInsufficientBalance = "Insufficient Balance"
)

// ErrInsufficientBalance refuses a spend larger than the usable points.
func ErrInsufficientBalance() error {
	return apperr.Field("points", KeyInsufficientBalance, MsgInsufficientBalance)
}

// Allocation is a vendor's grant of points to an agent (point_allocations).
type Allocation struct {
	ID        string    `json:"id"`
	AgentID   string    `json:"-"`
	VendorID  string    `json:"vendor_id"`
	Points    int64     `json:"points" doc:"Points granted"`
	StartDate time.Time `json:"start_date"`
	EndDate   time.Time `json:"end_date" doc:"The points expire at this time"`
	Status    string    `json:"status" enum:"active,expired"`
	// Reference names the grant (a campaign, a co-pay approval); a retried grant with the same
	// agent, vendor and reference is recorded once.
	Reference string    `json:"-"`
	CreatedAt time.Time `json:"created_at"`
}

// Usable reports whether the allocation's points may be spent at now: active and between its
// start (inclusive) and end (exclusive) dates.
func (a Allocation) Usable(now time.Time) bool {
	return a.Status == StatusActive && !now.Before(a.StartDate) && now.Before(a.EndDate)
}

// AllocationBalance is an allocation with what is left of it (a sum over its ledger rows).
type AllocationBalance struct {
	Allocation
	VendorName      string `json:"vendor_name"`
	RemainingPoints int64  `json:"remaining_points"`
	Usable          bool   `json:"usable" doc:"Active and between its start and end dates"`
	Upcoming        bool   `json:"upcoming" doc:"Active and not started yet"`
}

// Spend is one use of points, recorded once per client idempotency key (point_spends).
type Spend struct {
	ID             string     `json:"id"`
	AgentID        string     `json:"-"`
	IdempotencyKey string     `json:"idempotency_key"`
	Points         int64      `json:"points"`
	VendorID       string     `json:"vendor_id,omitempty"`
	Reference      string     `json:"reference,omitempty"`
	CreatedAt      time.Time  `json:"created_at"`
	ReversedAt     *time.Time `json:"reversed_at,omitempty"`
}

// SpendRequest asks to spend Points of an agent. VendorID, when set, draws only from that
// vendor's allocations; else allocations first (oldest-expiring first), then points not tied
// to an allocation. Key is the client's idempotency key.
type SpendRequest struct {
	AgentID   string
	Points    int64
	VendorID  string
	Key       string
	Reference string
}

// SpendResult is a spend and whether it was an earlier spend with the same key.
type SpendResult struct {
	Spend    Spend
	Replayed bool
}

// Entry is one ledger row as the wallet history shows it.
type Entry struct {
	ID           string    `json:"id"`
	DeltaPoints  int64     `json:"delta_points"`
	Reason       string    `json:"reason" doc:"allocation, spend, reversal, expiry or another area's reason (demo_opening_balance...)"`
	AllocationID string    `json:"allocation_id,omitempty"`
	VendorName   string    `json:"vendor_name,omitempty"`
	CreatedAt    time.Time `json:"created_at"`
}

// Summary is get_agent_points_summary (02§3 points summary, 02§7).
type Summary struct {
	TotalAvailablePoints  int64               `json:"total_available_points"`
	TotalDollarValueCents int64               `json:"total_dollar_value_cents" doc:"Dollar value of the available points in cents (1 point = US$1)"`
	Allocations           []AllocationBalance `json:"allocations" doc:"Allocations still active, soonest expiry first, then the expired ones"`
}
