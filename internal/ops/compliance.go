package ops

import (
	"context"
	"time"

	"circle/internal/apperr"
	"circle/internal/respa"
)

// ComplianceService is a service as the RESPA view shows it: its vendor's RESPA kind, its stored
// risk level and its split limits for each kind of partner (respa.SplitLimit).
type ComplianceService struct {
	ID              string `json:"id"`
	Title           string `json:"title"`
	IsActive        bool   `json:"is_active"`
	VendorID        string `json:"vendor_id"`
	VendorName      string `json:"vendor_name"`
	VendorType      string `json:"vendor_type"`
	RespaKind       string `json:"respa_kind" enum:"ssp,non_ssp"`
	RespaRegulated  bool   `json:"respa_regulated"`
	RiskLevel       string `json:"risk_level" doc:"The stored respa_risk_level: low, medium, high or empty (unset)"`
	CopayAllowed    bool   `json:"copay_allowed"`
	SSPAllowed      bool   `json:"ssp_allowed"`
	RespaSplitLimit *int   `json:"respa_split_limit"`
	MaxSplitSSP     *int   `json:"max_split_ssp"`
	MaxSplitNonSSP  *int   `json:"max_split_non_ssp"`
	MaxVendorSplit  *int   `json:"max_vendor_split"`
	CoPayCents      *int64 `json:"co_pay_cents"`
	RetailCents     *int64 `json:"retail_cents"`
	ProCents        *int64 `json:"pro_cents"`
	SSPCap          int    `json:"ssp_cap" doc:"The most an SSP partner may cover, in percent"`
	NonSSPCap       int    `json:"non_ssp_cap" doc:"The most a non-SSP partner may cover, in percent"`
}

// RiskCell counts the active services of one risk level whose vendor is of one RESPA kind.
type RiskCell struct {
	Risk     string `json:"risk" doc:"low, medium, high or empty (unset)"`
	Kind     string `json:"kind" enum:"ssp,non_ssp"`
	Services int    `json:"services"`
}

// ComplianceFilter selects services.
type ComplianceFilter struct {
	Risk     string // low, medium, high, unset, or empty for all
	Kind     string // ssp, non_ssp, or empty
	Page     int
	PageSize int
}

// CompliancePage is the matrix and one page of services.
type CompliancePage struct {
	Matrix   []RiskCell          `json:"matrix"`
	Services []ComplianceService `json:"services"`
	Total    int                 `json:"total"`
}

// CoPayDecision is a decided co-pay request with the address of its audit pack.
type CoPayDecision struct {
	ID            string     `json:"id"`
	Status        string     `json:"status" enum:"approved,declined,expired,canceled,used"`
	VendorID      string     `json:"vendor_id"`
	VendorName    string     `json:"vendor_name"`
	VendorKind    string     `json:"vendor_kind" enum:"ssp,non_ssp"`
	AgentID       string     `json:"agent_id"`
	AgentEmail    string     `json:"agent_email"`
	ServiceID     string     `json:"service_id"`
	ServiceTitle  string     `json:"service_title"`
	Requested     int        `json:"requested_split_percentage"`
	Approved      *int       `json:"approved_split_percentage"`
	BaseCents     int64      `json:"base_price_cents"`
	VendorCents   int64      `json:"vendor_share_cents"`
	DecisionNote  string     `json:"decision_note"`
	DecidedAt     *time.Time `json:"decided_at"`
	UpdatedAt     time.Time  `json:"updated_at"`
	AuditPackPath string     `json:"audit_pack_path" doc:"GET this for the vendor-agent pair's RESPA audit pack"`
}

// CoPayDecisionPage is one page of decisions, newest firs.Store.
type CoPayDecisionPage struct {
	Decisions []CoPayDecision `json:"decisions"`
	Total     int             `json:"total"`
}

// ComplianceStore is what the RESPA view reads.
type ComplianceStore interface {
	RiskMatrix(ctx context.Context) ([]RiskCell, error)
	ComplianceServices(ctx context.Context, f ComplianceFilter) ([]ComplianceService, int, error)
	CoPayDecisions(ctx context.Context, status string, page, size int) ([]CoPayDecision, int, error)
}

// Compliance answers the RESPA view: the risk matrix and one page of services with their limits.
func (s *Service) Compliance(ctx context.Context, f ComplianceFilter) (CompliancePage, error) {
	switch f.Risk {
	case "", "low", "medium", "high", "unset":
	default:
		return CompliancePage{}, apperr.Field("risk", "validation.enum", "risk is low, medium, high or unset")
	}
	if f.Page < 1 {
		f.Page = 1
	}
	var err error
	if f.PageSize, err = pageSize(f.PageSize); err != nil {
		return CompliancePage{}, err
	}
	m, err := s.Store.RiskMatrix(ctx)
	if err != nil {
		return CompliancePage{}, err
	}
	rows, total, err := s.Store.ComplianceServices(ctx, f)
	if err != nil {
		return CompliancePage{}, err
	}
	for i := range rows {
		r := &rows[i]
		r.RespaKind = string(respa.KindOf(r.VendorType))
		t := respa.Terms{CopayAllowed: r.CopayAllowed, SSPAllowed: r.SSPAllowed, RespaSplitLimit: r.RespaSplitLimit, MaxSplitSSP: r.MaxSplitSSP,
			MaxSplitNonSSP: r.MaxSplitNonSSP, MaxVendorSplit: r.MaxVendorSplit, RetailCents: r.RetailCents, ProCents: r.ProCents, CoPayCents: r.CoPayCents}
		r.SSPCap, r.NonSSPCap = respa.SplitLimit(t, respa.SSP).Percent, respa.SplitLimit(t, respa.NonSSP).Percent
	}
	if m == nil {
		m = []RiskCell{}
	}
	if rows == nil {
		rows = []ComplianceService{}
	}
	return CompliancePage{Matrix: m, Services: rows, Total: total}, nil
}

// Decisions answers one page of decided co-pay requests, newest firs.Store.
func (s *Service) Decisions(ctx context.Context, status string, page, size int) (CoPayDecisionPage, error) {
	if page < 1 {
		page = 1
	}
	size, err := pageSize(size)
	if err != nil {
		return CoPayDecisionPage{}, err
	}
	rows, total, err := s.Store.CoPayDecisions(ctx, status, page, size)
	if rows == nil {
		rows = []CoPayDecision{}
	}
	for i := range rows {
		rows[i].AuditPackPath = "/api/vendors/" + rows[i].VendorID + "/copay-audit/" + rows[i].AgentID
	}
	return CoPayDecisionPage{Decisions: rows, Total: total}, err
}
