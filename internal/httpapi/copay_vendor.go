package httpapi

import (
	"bytes"
	"context"

	"circle/internal/copay"
)

// The vendor's side of co-pay (issue 15 items 3 and 7): the partner vendor's incoming requests,
// its decisions and the RESPA audit pack. Handlers call one copay.VendorService method each.

type vendorCoPayListInput struct {
	Status string `query:"status" enum:"pending,approved,declined,expired,canceled,used," doc:"Only requests of this status (empty: all)"`
}

type vendorCoPayListOutput struct {
	Body struct {
		Vendors  []copay.OwnedVendor  `json:"vendors" doc:"The vendors the caller owns"`
		Requests []copay.IncomingView `json:"requests" doc:"Requests to those vendors, newest first (at most 200)"`
	}
}

// listVendorCoPayRequests is the requests made to every vendor the caller owns.
func (s *Server) listVendorCoPayRequests(ctx context.Context, in *vendorCoPayListInput) (*vendorCoPayListOutput, error) {
	p := principalOf(ctx)
	vendors, rows, err := s.deps.CoPayVendor.Incoming(ctx, p.User.ID, in.Status, p.Profile.PreferredLanguage)
	if err != nil {
		return nil, err
	}
	out := &vendorCoPayListOutput{}
	out.Body.Vendors, out.Body.Requests = vendors, rows
	return out, nil
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

type coPayDecisionOutput struct {
	Body copay.IncomingView
}

// approveCoPayRequest approves a request to one of the caller's vendors, once.
func (s *Server) approveCoPayRequest(ctx context.Context, in *approveCoPayInput) (*coPayDecisionOutput, error) {
	p := principalOf(ctx)
	v, err := s.deps.CoPayVendor.Decide(ctx, copay.Decision{RequestID: in.ID, UserID: p.User.ID, Approve: true,
		Split: in.Body.SplitPercentage, Note: in.Body.Note, Lang: p.Profile.PreferredLanguage})
	if err != nil {
		return nil, err
	}
	return &coPayDecisionOutput{Body: v}, nil
}

// declineCoPayRequest declines a request to one of the caller's vendors, once, with a note.
func (s *Server) declineCoPayRequest(ctx context.Context, in *declineCoPayInput) (*coPayDecisionOutput, error) {
	p := principalOf(ctx)
	v, err := s.deps.CoPayVendor.Decide(ctx, copay.Decision{RequestID: in.ID, UserID: p.User.ID, Approve: false,
		Note: in.Body.Note, Lang: p.Profile.PreferredLanguage})
	if err != nil {
		return nil, err
	}
	return &coPayDecisionOutput{Body: v}, nil
}

type auditAgentsInput struct {
	ID string `path:"id" maxLength:"100" doc:"The partner vendor"`
}

type auditAgentsOutput struct {
	Body struct {
		Agents []copay.AuditAgent `json:"agents" doc:"Agents with co-pay requests to, or points from, the vendor; most recent first"`
	}
}

func (s *Server) listCoPayAuditAgents(ctx context.Context, in *auditAgentsInput) (*auditAgentsOutput, error) {
	rows, err := s.deps.CoPayVendor.AuditAgents(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	out := &auditAgentsOutput{}
	out.Body.Agents = rows
	return out, nil
}

type auditPackInput struct {
	ID      string `path:"id" maxLength:"100" doc:"The partner vendor"`
	AgentID string `path:"agent_id" maxLength:"100" doc:"The agent"`
}

type auditPackOutput struct {
	Body copay.AuditPack
}

func (s *Server) getCoPayAuditPack(ctx context.Context, in *auditPackInput) (*auditPackOutput, error) {
	p, err := s.deps.CoPayVendor.Audit(ctx, in.ID, in.AgentID)
	if err != nil {
		return nil, err
	}
	return &auditPackOutput{Body: p}, nil
}

type auditCSVOutput struct {
	ContentType        string `header:"Content-Type"`
	ContentDisposition string `header:"Content-Disposition"`
	CacheControl       string `header:"Cache-Control"`
	Body               []byte
}

// getCoPayAuditCSV is the pack as a CSV download.
func (s *Server) getCoPayAuditCSV(ctx context.Context, in *auditPackInput) (*auditCSVOutput, error) {
	p, err := s.deps.CoPayVendor.Audit(ctx, in.ID, in.AgentID)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := p.WriteCSV(&buf); err != nil {
		return nil, err
	}
	return &auditCSVOutput{ContentType: "text/csv; charset=utf-8", CacheControl: "no-store",
		ContentDisposition: `attachment; filename="` + copay.AuditFileName(p) + `"`, Body: buf.Bytes()}, nil
}
