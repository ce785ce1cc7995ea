package httpapi

import (
	"context"
	"time"

	"circle/internal/partnerpay"
)

// PartnerPaymentsArea is the partner payment link (issue 32 item 4, F-PAY-08;
// docs/areas/partner-payments.md): the agent or the partner vendor's owner makes a link for the
// partner's share of an approved co-pay request; whoever holds the link pays it once, signed
// in or not, on the payment page; the return pages read what was paid by the page's session.
type PartnerPaymentsArea struct {
	PartnerPayments *partnerpay.Service
}

const (
	sumPartnerShares  = "Approved co-pay shares the caller can ask the partner to pay (the caller's own requests and those to vendors the caller owns), each with its newest payment link"
	sumPartnerCreate  = "Make a payment link for the partner's share of an approved co-pay request (replaces an open link; the token is shown once)"
	sumPartnerLink    = "What a partner payment link asks (409 when it was used, expired or replaced; 404 when unknown)"
	sumPartnerPay     = "Use a partner payment link once: the payment page's address (409 for a second use)"
	sumPartnerReceipt = "A partner payment as its payment page's return pages show it, by the page's session id"
)

// Register declares the area's routes.
func (h *PartnerPaymentsArea) Register(r *Router) {
	const tag = "partner-payments"
	get(r, "/api/partner-payments", "list-partner-shares", sumPartnerShares, tag, user, h.shares)
	post(r, "/api/partner-payments", "create-partner-payment-link", sumPartnerCreate, tag, user, h.create, maxKB(2), created)
	get(r, "/api/partner-checkout/{token}", "get-partner-payment-link", sumPartnerLink, tag, public, h.link)
	post(r, "/api/partner-checkout/{token}/pay", "pay-partner-payment-link", sumPartnerPay, tag, public, h.pay, maxKB(2))
	get(r, "/api/partner-payments/sessions/{session_id}", "get-partner-payment-receipt", sumPartnerReceipt, tag, public, h.receipt)
}

// PartnerLinkView is what anyone holding a link (or its page's session) sees: what is paid, for
// whom and to whom, never the token or its hash.
type PartnerLinkView struct {
	ID          string     `json:"id"`
	Status      string     `json:"status" enum:"open,processing,paid,revoked,expired"`
	AmountCents int64      `json:"amount_cents" doc:"The partner's share in cents of currency, decided by the server"`
	Currency    string     `json:"currency" enum:"USD"`
	Description string     `json:"description" doc:"The service the share pays for"`
	AgentName   string     `json:"agent_name" doc:"The agent whose purchase the share covers"`
	VendorName  string     `json:"vendor_name" doc:"The partner vendor whose share it is"`
	CardLast4   string     `json:"card_last4"`
	ExpiresAt   time.Time  `json:"expires_at"`
	PaidAt      *time.Time `json:"paid_at"`
	CreatedAt   time.Time  `json:"created_at"`
}

func (h *PartnerPaymentsArea) linkView(p partnerpay.Payment) PartnerLinkView {
	return PartnerLinkView{ID: p.ID, Status: p.StatusAt(h.PartnerPayments.Now()), AmountCents: p.AmountCents, Currency: p.Currency,
		Description: p.Description, AgentName: p.AgentName, VendorName: p.VendorName, CardLast4: p.CardLast4,
		ExpiresAt: p.ExpiresAt, PaidAt: p.PaidAt, CreatedAt: p.CreatedAt}
}

// PartnerShareView is one approved co-pay share in the caller's list.
type PartnerShareView struct {
	CoPayRequestID string           `json:"co_pay_request_id"`
	Role           string           `json:"role" enum:"agent,vendor" doc:"agent: the caller's own request; vendor: a request to a vendor the caller owns"`
	AgentName      string           `json:"agent_name"`
	VendorName     string           `json:"vendor_name"`
	ServiceTitle   string           `json:"service_title"`
	RequestStatus  string           `json:"request_status" enum:"approved,used"`
	SplitPercent   int              `json:"split_percent"`
	ShareCents     int64            `json:"share_cents" doc:"The partner's share in US cents"`
	Link           *PartnerLinkView `json:"link" doc:"The newest payment link; null before the first"`
}

type partnerSharesOutput struct {
	Body struct {
		Shares  []PartnerShareView `json:"shares"`
		LinkTTL int                `json:"link_ttl_hours" doc:"How long a new link can be used"`
	}
}

func (h *PartnerPaymentsArea) shares(ctx context.Context, _ *struct{}) (*partnerSharesOutput, error) {
	uid := principalOf(ctx).User.ID
	rows, err := h.PartnerPayments.Shares(ctx, uid)
	if err != nil {
		return nil, err
	}
	out := &partnerSharesOutput{}
	out.Body.Shares = make([]PartnerShareView, 0, len(rows))
	out.Body.LinkTTL = int(partnerpay.LinkTTL / time.Hour)
	for _, s := range rows {
		v := PartnerShareView{CoPayRequestID: s.RequestID, Role: "vendor", AgentName: s.AgentName, VendorName: s.VendorName,
			ServiceTitle: s.ServiceTitle, RequestStatus: s.Status, SplitPercent: s.SplitPct, ShareCents: s.ShareCents}
		if s.AgentID == uid {
			v.Role = "agent"
		}
		if s.Link != nil {
			lv := h.linkView(*s.Link)
			v.Link = &lv
		}
		out.Body.Shares = append(out.Body.Shares, v)
	}
	return out, nil
}

type partnerCreateInput struct {
	Body struct {
		CoPayRequestID string `json:"co_pay_request_id" maxLength:"64" doc:"An approved co-pay request of the caller's, or to a vendor the caller owns"`
	}
}

type partnerCreateOutput struct {
	Body struct {
		URL  string          `json:"url" doc:"The link to send the partner; shown this once (only the token's hash is kept)"`
		Link PartnerLinkView `json:"link"`
	}
}

func (h *PartnerPaymentsArea) create(ctx context.Context, in *partnerCreateInput) (*partnerCreateOutput, error) {
	c, err := h.PartnerPayments.CreateLink(ctx, principalOf(ctx).User.ID, in.Body.CoPayRequestID)
	if err != nil {
		return nil, err
	}
	out := &partnerCreateOutput{}
	out.Body.URL, out.Body.Link = c.URL, h.linkView(c.Payment)
	return out, nil
}

type partnerTokenInput struct {
	Token string `path:"token" maxLength:"64"`
}

type partnerLinkOutput = bodyOutput[PartnerLinkView]

func (h *PartnerPaymentsArea) link(ctx context.Context, in *partnerTokenInput) (*partnerLinkOutput, error) {
	p, err := h.PartnerPayments.Link(ctx, in.Token)
	if err != nil {
		return nil, err
	}
	return &partnerLinkOutput{Body: h.linkView(p)}, nil
}

type partnerPayInput struct {
	Token string `path:"token" maxLength:"64"`
	Lang  string `query:"lang" enum:"en,es,fr," doc:"Language of the payment page"`
}

type partnerPayOutputBody struct {
	URL string `json:"url" doc:"The payment page to open"`
}

type partnerPayOutput = bodyOutput[partnerPayOutputBody]

func (h *PartnerPaymentsArea) pay(ctx context.Context, in *partnerPayInput) (*partnerPayOutput, error) {
	u, err := h.PartnerPayments.Pay(ctx, in.Token, in.Lang)
	return answer(partnerPayOutputBody{URL: u}, err)
}

type partnerReceiptInput struct {
	SessionID string `path:"session_id" maxLength:"128"`
}

func (h *PartnerPaymentsArea) receipt(ctx context.Context, in *partnerReceiptInput) (*partnerLinkOutput, error) {
	p, err := h.PartnerPayments.Receipt(ctx, in.SessionID)
	if err != nil {
		return nil, err
	}
	return &partnerLinkOutput{Body: h.linkView(p)}, nil
}
