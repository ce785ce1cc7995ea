package httpapi

import (
	"bytes"
	"context"

	"github.com/danielgtaylor/huma/v2"

	"circle/internal/apperr"
	"circle/internal/copay"
)

// VendorCoPayArea is co-pay, the vendor's side (issue 15): requests to decide and the RESPA
// audit packs.
type VendorCoPayArea struct {
	CoPayVendor *copay.VendorService
}

// Summaries too long for their route line.
const (
	sumAuditCSV                = "The RESPA audit pack as a CSV download (its owner or an administrator)"
	sumListVendorCopayRequests = "Co-pay requests to the vendors the caller owns, newest first"
	sumApprove                 = "Approve a request to one of the caller's vendors, possibly at a lower split (once; 409 after a decision)"
	sumDecline                 = "Decline a request to one of the caller's vendors with a note (once; 409 after a decision)"
	sumUndoApproval            = "Undo an approval within its undo window: the request is pending again (once; 409 after the window)"
	sumListCopayAuditAgents    = "Agents with a RESPA audit pack at the vendor (its owner or an administrator)"
	sumGetCopayAuditPack       = "The RESPA audit pack of a vendor-agent pair: requests, events, points, charges " +
		"(its owner or an administrator)"
)

// Register declares the area's routes.
func (h *VendorCoPayArea) Register(r *Router) {
	auditor := ownerOf(vendorOwner("id"), apperr.New(apperr.NotFound, "vendor not found"))
	csv := responses(map[string]*huma.Response{"200": fileAnswer("The pack as CSV", "text/csv", &huma.Schema{Type: "string"})})
	get(r, "/api/vendor/copay-requests", "list-vendor-copay-requests", sumListVendorCopayRequests, "copay", vendor, h.listVendorCoPayRequests)
	post(r, "/api/vendor/copay-requests/{id}/approve", "approve-copay-request", sumApprove, "copay", vendor, h.approveRequest, maxKB(8))
	post(r, "/api/vendor/copay-requests/{id}/decline", "decline-copay-request", sumDecline, "copay", vendor, h.declineRequest, maxKB(8))
	post(r, "/api/vendor/copay-requests/{id}/undo", "undo-copay-approval", sumUndoApproval, "copay", vendor, h.undoApproval, maxKB(1))
	get(r, "/api/vendors/{id}/copay-audit", "list-copay-audit-agents", sumListCopayAuditAgents, "copay", auditor, h.listCoPayAuditAgents)
	get(r, "/api/vendors/{id}/copay-audit/{agent_id}", "get-copay-audit-pack", sumGetCopayAuditPack, "copay", auditor, h.getCoPayAuditPack)
	get(r, "/api/vendors/{id}/copay-audit/{agent_id}/csv", "get-copay-audit-csv", sumAuditCSV, "copay", auditor, h.getCoPayAuditCSV, csv)
}

// The vendor's side of co-pay (issue 15 items 3 and 7): the partner vendor's incoming requests,
// its decisions and the RESPA audit pack. Handlers call one copay.VendorService method each.

type vendorCoPayListInput struct {
	Status string `query:"status" enum:"pending,approved,declined,expired,canceled,used," doc:"Only requests of this status (empty: all)"`
}

type vendorCoPayListOutputBody struct {
	Vendors  []copay.OwnedVendor  `json:"vendors" doc:"The vendors the caller owns"`
	Requests []copay.IncomingView `json:"requests" doc:"Requests to those vendors, newest first (at most 200)"`
}

type vendorCoPayListOutput = bodyOutput[vendorCoPayListOutputBody]

// listVendorCoPayRequests is the requests made to every vendor the caller owns.
func (h *VendorCoPayArea) listVendorCoPayRequests(ctx context.Context, in *vendorCoPayListInput) (*vendorCoPayListOutput, error) {
	p := principalOf(ctx)
	vendors, rows, err := h.CoPayVendor.Incoming(ctx, p.User.ID, in.Status, p.Profile.PreferredLanguage)
	return answer(vendorCoPayListOutputBody{Vendors: vendors, Requests: rows}, err)
}

type approveCoPayInput struct {
	ID   string `path:"id" maxLength:"100"`
	Body struct {
		SplitPercentage int    `json:"split_percentage,omitempty" doc:"The split approved, at most the requested split and the RESPA cap; 0 or absent approves the requested split (lowered to the cap)"`
		Note            string `json:"note,omitempty" doc:"An optional note to the agent (at most 1000 characters)"`
	}
}

type declineCoPayInput struct {
	ID   string `path:"id" maxLength:"100"`
	Body struct {
		Note string `json:"note" doc:"Why the request is declined, for the agent (1 to 1000 characters)"`
	}
}

type coPayDecisionOutput = bodyOutput[copay.IncomingView]

// approveRequest approves a request to one of the caller's vendors, once.
func (h *VendorCoPayArea) approveRequest(ctx context.Context, in *approveCoPayInput) (*coPayDecisionOutput, error) {
	p := principalOf(ctx)
	v, err := h.CoPayVendor.Decide(ctx, copay.Decision{RequestID: in.ID, UserID: p.User.ID, Approve: true,
		Split: in.Body.SplitPercentage, Note: in.Body.Note, Lang: p.Profile.PreferredLanguage})
	if err != nil {
		return nil, err
	}
	return &coPayDecisionOutput{Body: v}, nil
}

type undoCoPayInput struct {
	ID string `path:"id" maxLength:"100"`
}

// undoApproval takes back an approval within copay.UndoWindow (issue 28 item 12).
func (h *VendorCoPayArea) undoApproval(ctx context.Context, in *undoCoPayInput) (*coPayDecisionOutput, error) {
	p := principalOf(ctx)
	return answer(h.CoPayVendor.Undo(ctx, p.User.ID, in.ID, p.Profile.PreferredLanguage))
}

// declineRequest declines a request to one of the caller's vendors, once, with a note.
func (h *VendorCoPayArea) declineRequest(ctx context.Context, in *declineCoPayInput) (*coPayDecisionOutput, error) {
	p := principalOf(ctx)
	v, err := h.CoPayVendor.Decide(ctx, copay.Decision{RequestID: in.ID, UserID: p.User.ID, Approve: false,
		Note: in.Body.Note, Lang: p.Profile.PreferredLanguage})
	if err != nil {
		return nil, err
	}
	return &coPayDecisionOutput{Body: v}, nil
}

type auditAgentsInput struct {
	ID string `path:"id" maxLength:"100" doc:"The partner vendor"`
}

type auditAgentsOutputBody struct {
	Agents []copay.AuditAgent `json:"agents" doc:"Agents with co-pay requests to, or points from, the vendor; most recent first"`
}

type auditAgentsOutput = bodyOutput[auditAgentsOutputBody]

func (h *VendorCoPayArea) listCoPayAuditAgents(ctx context.Context, in *auditAgentsInput) (*auditAgentsOutput, error) {
	rows, err := h.CoPayVendor.AuditAgents(ctx, in.ID)
	return answer(auditAgentsOutputBody{Agents: rows}, err)
}

type auditPackInput struct {
	ID      string `path:"id" maxLength:"100" doc:"The partner vendor"`
	AgentID string `path:"agent_id" maxLength:"100" doc:"The agent"`
}

type auditPackOutput = bodyOutput[copay.AuditPack]

func (h *VendorCoPayArea) getCoPayAuditPack(ctx context.Context, in *auditPackInput) (*auditPackOutput, error) {
	return answer(h.CoPayVendor.Audit(ctx, in.ID, in.AgentID))
}

// getCoPayAuditCSV is the pack as a CSV download.
func (h *VendorCoPayArea) getCoPayAuditCSV(ctx context.Context, in *auditPackInput) (*downloadOutput, error) {
	p, err := h.CoPayVendor.Audit(ctx, in.ID, in.AgentID)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := p.WriteCSV(&buf); err != nil {
		return nil, err
	}
	return csvFile(copay.AuditFileName(p), buf.Bytes()), nil
}
