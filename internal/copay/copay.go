// Package copay is the co-pay request flow (issue 15, spec 02§2 Select Co-Pay Partner dialog,
// 02§3 co_pay_requests, 02§4, 02§5, 02§8): an agent with Pro asks a partner vendor to pay a
// share of a service; the vendor approves or declines within 3 days, or the request expires.
// The split rules and the plain-language explanation come from internal/respa; this package
// owns the requests, their history and what they do to the agent's cart line.
//
// Files: copay.go (the model shared by both sides), the agent's side (requests, partners,
// cart coverage) and the vendor's side (decisions, expiry job, notifications, audit pack).
package copay

import (
	"time"
)

// Request statuses (co_pay_requests.status). pending is the only open status.
const (
	StatusPending  = "pending"
	StatusApproved = "approved"
	StatusDeclined = "declined"
	StatusExpired  = "expired"
	StatusCanceled = "canceled"
	// StatusUsed: an approved request whose share was charged in a paid order.
	StatusUsed = "used"
)

// ResponseWindow is how long a vendor has to answer (02§9 "Request response window 3 days").
const ResponseWindow = 3 * 24 * time.Hour

// Request is one co-pay request (co_pay_requests). Money is US cents per unit of the line.
type Request struct {
	ID               string `bun:"id,pk"`
	AgentID          string `bun:"agent_id,notnull"`
	VendorID         string `bun:"vendor_id,notnull"`
	ServiceID        string `bun:"service_id,notnull"`
	PackageID        string `bun:"package_id,notnull"`
	Yearly           bool   `bun:"yearly,notnull"`
	CartItemID       string `bun:"cart_item_id,notnull"`
	RepresentativeID string `bun:"representative_id,notnull"`
	RequestedSplit   int    `bun:"requested_split_percentage,notnull"`
	ApprovedSplit    *int   `bun:"approved_split_percentage"`
	VendorKind       string `bun:"vendor_kind,notnull"`
	BasePriceCents   int64  `bun:"base_price_cents,notnull"`
	VendorShareCents int64  `bun:"vendor_share_cents,notnull"`
	AgentShareCents  int64  `bun:"agent_share_cents,notnull"`
	// PointsCents is the part of the partner's share its points already paid (a remainder
	// request of process_automatic_copay); 0 for a request made in the dialog.
	PointsCents    int64      `bun:"points_cents,notnull"`
	Explanation    string     `bun:"explanation,notnull"`
	AgentNotes     string     `bun:"agent_notes,notnull"`
	Status         string     `bun:"status,notnull"`
	DecisionNote   string     `bun:"decision_note,notnull"`
	DecidedBy      string     `bun:"decided_by,notnull"`
	DecidedAt      *time.Time `bun:"decided_at"`
	ExpiresAt      time.Time  `bun:"expires_at,notnull"`
	IdempotencyKey string     `bun:"idempotency_key,notnull"`
	CreatedAt      time.Time  `bun:"created_at,notnull"`
	UpdatedAt      time.Time  `bun:"updated_at,notnull"`

	// RequestFingerprint is the fingerprint of the request that first used the key (issue 27).
	RequestFingerprint string `bun:"request_fingerprint,notnull"`
}

// Event is one row of a request's history (co_pay_request_events): append-only.
type Event struct {
	ID               string    `bun:"id,pk"`
	RequestID        string    `bun:"request_id,notnull"`
	Status           string    `bun:"status,notnull"`
	ActorID          string    `bun:"actor_id,notnull"`
	SplitPercentage  int       `bun:"split_percentage,notnull"`
	VendorShareCents int64     `bun:"vendor_share_cents,notnull"`
	AgentShareCents  int64     `bun:"agent_share_cents,notnull"`
	Explanation      string    `bun:"explanation,notnull"`
	Note             string    `bun:"note,notnull"`
	CreatedAt        time.Time `bun:"created_at,notnull"`
}
