package copay

import (
	"context"
	"encoding/csv"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"circle/internal/respa"
)

// The RESPA audit pack (issue 15 item 7): for one partner vendor and one agent, every request,
// every event of each (the decision, split, shares, explanation, who and when), the points the
// agent spent from that vendor's allocations and the charges of the co-pay lines. Administrators
// may read any vendor's pack, a vendor's owner its own (the route's access); another vendor gets
// 404.

// AuditAgent is an agent who has co-pay requests to, or points from, the vendor.
type AuditAgent struct {
	AgentID      string    `json:"agent_id" bun:"agent_id"`
	AgentName    string    `json:"agent_name" bun:"agent_name"`
	Requests     int       `json:"requests" bun:"requests"`
	LastActivity time.Time `json:"last_activity" bun:"last_activity"`
	SelfDealing  bool      `json:"self_dealing" bun:"-" doc:"The agent owns or represents the vendor (or its parent or a subsidiary): its requests are self-dealing (issue 27)"`
}

// AuditEvent is one row of a request's history with the actor's name.
type AuditEvent struct {
	RequestID        string    `json:"request_id" bun:"request_id"`
	Status           string    `json:"status" bun:"status"`
	ActorID          string    `json:"actor_id" bun:"actor_id" doc:"'' when the expiry job acted"`
	ActorName        string    `json:"actor_name" bun:"actor_name"`
	SplitPercentage  int       `json:"split_percentage" bun:"split_percentage"`
	VendorShareCents int64     `json:"vendor_share_cents" bun:"vendor_share_cents"`
	AgentShareCents  int64     `json:"agent_share_cents" bun:"agent_share_cents"`
	Explanation      string    `json:"explanation" bun:"explanation"`
	Note             string    `json:"note" bun:"note"`
	CreatedAt        time.Time `json:"created_at" bun:"created_at"`
}

// AuditRequest is a request of the pack with its history.
type AuditRequest struct {
	ID               string       `json:"id"`
	ServiceID        string       `json:"service_id"`
	ServiceTitle     string       `json:"service_title"`
	Status           string       `json:"status"`
	VendorKind       string       `json:"vendor_kind"`
	RequestedSplit   int          `json:"requested_split_percentage"`
	ApprovedSplit    *int         `json:"approved_split_percentage"`
	BasePriceCents   int64        `json:"base_price_cents"`
	VendorShareCents int64        `json:"vendor_share_cents"`
	AgentShareCents  int64        `json:"agent_share_cents"`
	Explanation      string       `json:"explanation" doc:"As stored with the request (English, for the record)"`
	AgentNotes       string       `json:"agent_notes"`
	DecisionNote     string       `json:"decision_note"`
	DecidedBy        string       `json:"decided_by"`
	DecidedAt        *time.Time   `json:"decided_at"`
	ExpiresAt        time.Time    `json:"expires_at"`
	CreatedAt        time.Time    `json:"created_at"`
	Events           []AuditEvent `json:"events"`
	// SelfDealing flags a request of an agent who owns or represents the vendor (issue 27 item
	// 4): such requests are refused now; the flag shows any recorded before, or made before
	// the agent joined the vendor. The admin compliance view (issue 31) lists them.
	SelfDealing bool `json:"self_dealing" doc:"The agent owns or represents the vendor (or its parent or a subsidiary), so the vendor would pay for its own: RESPA self-dealing"`
}

// AuditPoints is a ledger row of the agent's points drawn from the vendor's allocations: a
// spend (negative points) or its reversal (positive).
type AuditPoints struct {
	AllocationID string    `json:"allocation_id" bun:"allocation_id"`
	SpendID      string    `json:"spend_id" bun:"spend_id"`
	Reason       string    `json:"reason" bun:"reason" doc:"spend or spend_reversal (the ledger's reason)"`
	Points       int64     `json:"points" bun:"points" doc:"Negative for a spend, positive for a reversal"`
	Reference    string    `json:"reference" bun:"reference"`
	CreatedAt    time.Time `json:"created_at" bun:"created_at"`
}

// AuditCharge is a paid order line covered by one of the vendor's co-pay requests.
type AuditCharge struct {
	OrderID          string    `json:"order_id" bun:"order_id"`
	OrderItemID      string    `json:"order_item_id" bun:"order_item_id"`
	RequestID        string    `json:"co_pay_request_id" bun:"co_pay_request_id"`
	ServiceTitle     string    `json:"service_title" bun:"service_title"`
	Status           string    `json:"status" bun:"status" doc:"The order's status"`
	AgentShareCents  int64     `json:"agent_share_cents" bun:"agent_share_cents"`
	VendorShareCents int64     `json:"vendor_share_cents" bun:"vendor_share_cents"`
	CreatedAt        time.Time `json:"created_at" bun:"created_at"`
}

// AuditPack is the pack of one vendor-agent pair.
type AuditPack struct {
	VendorID    string         `json:"vendor_id"`
	VendorName  string         `json:"vendor_name"`
	VendorKind  string         `json:"vendor_kind" enum:"ssp,non_ssp"`
	AgentID     string         `json:"agent_id"`
	AgentName   string         `json:"agent_name"`
	GeneratedAt time.Time      `json:"generated_at"`
	Requests    []AuditRequest `json:"requests"`
	Points      []AuditPoints  `json:"points"`
	Charges     []AuditCharge  `json:"charges"`
}

// AuditStore is what the audit pack reads (internal/store/co_pay_audit.go).
type AuditStore interface {
	AuditVendor(ctx context.Context, vendorID string) (OwnedVendor, error)
	AuditAgentName(ctx context.Context, agentID string) (string, error)
	CoPayAuditAgents(ctx context.Context, vendorID string) ([]AuditAgent, error)
	CoPayAuditRequests(ctx context.Context, vendorID, agentID string) ([]Incoming, error)
	CoPayAuditEvents(ctx context.Context, vendorID, agentID string) ([]AuditEvent, error)
	CoPayAuditPoints(ctx context.Context, vendorID, agentID string) ([]AuditPoints, error)
	CoPayAuditCharges(ctx context.Context, vendorID, agentID string) ([]AuditCharge, error)
}

// AuditAgents lists the agents with a pack at the vendor, most recent activity first.
func (s *VendorService) AuditAgents(ctx context.Context, vendorID string) ([]AuditAgent, error) {
	if _, err := s.Store.AuditVendor(ctx, vendorID); err != nil {
		return nil, err
	}
	rows, err := s.Store.CoPayAuditAgents(ctx, vendorID)
	if err != nil {
		return nil, err
	}
	affiliates, err := s.Store.VendorAffiliatedUsers(ctx, vendorID)
	if err != nil {
		return nil, err
	}
	for i := range rows {
		rows[i].SelfDealing = slices.Contains(affiliates, rows[i].AgentID)
	}
	if rows == nil {
		rows = []AuditAgent{}
	}
	return rows, nil
}

// Audit is the pack of one vendor-agent pair. The caller's right to the vendor is the route's
// access rule (owner or administrator); an unknown vendor or agent is not found.
func (s *VendorService) Audit(ctx context.Context, vendorID, agentID string) (AuditPack, error) {
	v, err := s.Store.AuditVendor(ctx, vendorID)
	if err != nil {
		return AuditPack{}, err
	}
	name, err := s.Store.AuditAgentName(ctx, agentID)
	if err != nil {
		return AuditPack{}, err
	}
	p := AuditPack{VendorID: v.ID, VendorName: v.Name, VendorKind: kindOf(v.VendorType), AgentID: agentID, AgentName: name,
		GeneratedAt: s.Now().UTC(), Requests: []AuditRequest{}, Points: []AuditPoints{}, Charges: []AuditCharge{}}
	reqs, err := s.Store.CoPayAuditRequests(ctx, vendorID, agentID)
	if err != nil {
		return AuditPack{}, err
	}
	events, err := s.Store.CoPayAuditEvents(ctx, vendorID, agentID)
	if err != nil {
		return AuditPack{}, err
	}
	affiliates, err := s.Store.VendorAffiliatedUsers(ctx, vendorID)
	if err != nil {
		return AuditPack{}, err
	}
	selfDealing := slices.Contains(affiliates, agentID)
	byReq := map[string][]AuditEvent{}
	for _, e := range events {
		byReq[e.RequestID] = append(byReq[e.RequestID], e)
	}
	for _, r := range reqs {
		ev := byReq[r.ID]
		if ev == nil {
			ev = []AuditEvent{}
		}
		p.Requests = append(p.Requests, AuditRequest{ID: r.ID, ServiceID: r.ServiceID, ServiceTitle: r.ServiceTitle, Status: r.Status,
			VendorKind: r.VendorKind, RequestedSplit: r.RequestedSplit, ApprovedSplit: r.ApprovedSplit, BasePriceCents: r.BasePriceCents,
			VendorShareCents: r.VendorShareCents, AgentShareCents: r.AgentShareCents, Explanation: r.Explanation, AgentNotes: r.AgentNotes,
			DecisionNote: r.DecisionNote, DecidedBy: r.DecidedBy, DecidedAt: r.DecidedAt, ExpiresAt: r.ExpiresAt, CreatedAt: r.CreatedAt, Events: ev,
			SelfDealing: selfDealing})
	}
	if p.Points, err = s.Store.CoPayAuditPoints(ctx, vendorID, agentID); err != nil {
		return AuditPack{}, err
	}
	if p.Charges, err = s.Store.CoPayAuditCharges(ctx, vendorID, agentID); err != nil {
		return AuditPack{}, err
	}
	if p.Points == nil {
		p.Points = []AuditPoints{}
	}
	if p.Charges == nil {
		p.Charges = []AuditCharge{}
	}
	return p, nil
}

func kindOf(vendorType string) string { return string(respa.KindOf(vendorType)) }

// AuditCSVHeader is the pack's CSV header: one row per request, event, points row and charge;
// self_dealing (issue 27) is true or false on the rows of a request, empty on points rows.
var AuditCSVHeader = []string{"record", "vendor_id", "vendor_name", "agent_id", "agent_name", "request_id", "service", "at", "status",
	"actor", "split_percentage", "base_price_cents", "vendor_share_cents", "agent_share_cents", "points", "reference", "explanation", "note", "self_dealing"}

// WriteCSV writes the pack as CSV. Text cells that a spreadsheet would read as a formula (=, +,
// -, @, tab, CR) are prefixed with an apostrophe.
func (p AuditPack) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	ts := func(t time.Time) string { return t.UTC().Format(time.RFC3339) }
	i := func(n int64) string { return strconv.FormatInt(n, 10) }
	selfDealing := map[string]string{}
	for _, r := range p.Requests {
		selfDealing[r.ID] = strconv.FormatBool(r.SelfDealing)
	}
	row := func(rec, reqID, service, at, status, actor, split, base, vshare, ashare, pts, ref, expl, note string) error {
		return cw.Write([]string{rec, p.VendorID, safe(p.VendorName), p.AgentID, safe(p.AgentName), reqID, safe(service), at, status,
			safe(actor), split, base, vshare, ashare, pts, safe(ref), safe(expl), safe(note), selfDealing[reqID]})
	}
	if err := cw.Write(AuditCSVHeader); err != nil {
		return err
	}
	for _, r := range p.Requests {
		split := strconv.Itoa(r.RequestedSplit)
		if err := row("request", r.ID, r.ServiceTitle, ts(r.CreatedAt), r.Status, p.AgentName, split, i(r.BasePriceCents),
			i(r.VendorShareCents), i(r.AgentShareCents), "", "", r.Explanation, r.AgentNotes); err != nil {
			return err
		}
		for _, e := range r.Events {
			actor := e.ActorName
			if e.ActorID == "" {
				actor = "system (expiry)"
			}
			if err := row("event", r.ID, r.ServiceTitle, ts(e.CreatedAt), e.Status, actor, strconv.Itoa(e.SplitPercentage), i(r.BasePriceCents),
				i(e.VendorShareCents), i(e.AgentShareCents), "", "", e.Explanation, e.Note); err != nil {
				return err
			}
		}
	}
	for _, pt := range p.Points {
		if err := row("points", "", "", ts(pt.CreatedAt), pt.Reason, p.AgentName, "", "", "", "", i(pt.Points), pt.Reference, "", ""); err != nil {
			return err
		}
	}
	for _, c := range p.Charges {
		if err := row("charge", c.RequestID, c.ServiceTitle, ts(c.CreatedAt), c.Status, p.AgentName, "", "", i(c.VendorShareCents),
			i(c.AgentShareCents), "", c.OrderID, "", ""); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

func safe(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// AuditFileName is the download's file name.
func AuditFileName(p AuditPack) string {
	return "respa-audit-" + p.VendorID + "-" + p.AgentID + ".csv"
}
