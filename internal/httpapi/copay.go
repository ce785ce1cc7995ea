package httpapi

import (
	"context"
	"net/http"

	"circle/internal/copay"
)

// CoPayArea is co-pay, the agent's side (issue 15): partners, quotes and requests.
type CoPayArea struct {
	CoPay *copay.AgentService
}

// Summaries too long for their route line.
const (
	sumCopayPartners      = "Partner vendors a Pro agent may ask to cover a share of a service, with caps, sliders and the qa counts"
	sumCreateCopayRequest = "Send a co-pay request; its cart line waits for the vendor (idempotency key; one pending per partner)"
	sumListCopayRequests  = "The caller's co-pay requests with shares and explanations"
	sumCancelCopayRequest = "Cancel one of the caller's pending co-pay requests (another agent's: 404)"
)

// Register declares the area's routes.
func (h *CoPayArea) Register(r *Router) {
	// Pro members ask a partner vendor to cover a share; another agent's request answers 404.
	proAgent, agent := pro.signInAs(copay.MsgSignIn), user.signInAs(copay.MsgSignIn)
	get(r, "/api/copay/partners", "copay-partners", sumCopayPartners, "copay", proAgent, h.copayPartners)
	get(r, "/api/copay/quote", "copay-quote", "A split for one partner: shares and the RESPA explanation", "copay", proAgent, h.copayQuote)
	post(r, "/api/copay/requests", "create-copay-request", sumCreateCopayRequest, "copay", proAgent, h.createCoPayRequest, maxKB(16), created)
	get(r, "/api/copay/requests", "list-copay-requests", sumListCopayRequests, "copay", agent, h.listCoPayRequests)
	post(r, "/api/copay/requests/{id}/cancel", "cancel-copay-request", sumCancelCopayRequest, "copay", agent, h.cancelCoPayRequest)
}

// The agent's side of co-pay (issue 15 item 2, F-PAY-05): the partner picker, the quote of a
// split, sending a request, the agent's requests and canceling one.

// agentOf is the co-pay service's view of the caller; lang, when sent, is the language the web
// app shows (else the profile's). Administrators pass the pro routes' access check and may
// act as a Pro member there.
func agentOf(ctx context.Context, lang string) copay.Agent {
	p := principalOf(ctx)
	if lang == "" {
		lang = p.Profile.PreferredLanguage
	}
	return copay.Agent{UserID: p.User.ID, Pro: p.IsPro() || p.IsAdmin, State: p.Profile.State, Lang: lang, Currency: profileCurrency(p)}
}

type copayPartnersInput struct {
	ServiceID string `query:"service_id" required:"true" minLength:"1" maxLength:"100" doc:"The service the co-pay would cover"`
	PackageID string `query:"package_id" maxLength:"100" doc:"One of its packages (empty: the service itself)"`
	Yearly    bool   `query:"yearly" doc:"The package's yearly price"`
	Lang      string `query:"lang" enum:"en,es,fr," doc:"Language of the explanations (default: the profile's)"`
	Q         string `query:"q" maxLength:"200" doc:"Search on name, description, location and service states (case-insensitive)"`
}

type copayPartnersOutput = bodyOutput[copay.PartnerList]

func (h *CoPayArea) copayPartners(ctx context.Context, in *copayPartnersInput) (*copayPartnersOutput, error) {
	return answer(h.CoPay.Partners(ctx, agentOf(ctx, in.Lang), copay.QuoteInput{ServiceID: in.ServiceID, PackageID: in.PackageID, Yearly: in.Yearly}, in.Q))
}

type copayQuoteInput struct {
	ServiceID string `query:"service_id" required:"true" minLength:"1" maxLength:"100" doc:"The service the co-pay would cover"`
	PackageID string `query:"package_id" maxLength:"100" doc:"One of its packages (empty: the service itself)"`
	Yearly    bool   `query:"yearly" doc:"The package's yearly price"`
	Lang      string `query:"lang" enum:"en,es,fr," doc:"Language of the explanations (default: the profile's)"`
	VendorID  string `query:"vendor_id" required:"true" minLength:"1" maxLength:"100" doc:"The partner vendor asked to pay"`
	Split     int    `query:"split" required:"true" minimum:"0" maximum:"100" doc:"Requested split in percent"`
}

type copayQuoteOutput = bodyOutput[copay.Quote]

func (h *CoPayArea) copayQuote(ctx context.Context, in *copayQuoteInput) (*copayQuoteOutput, error) {
	q, err := h.CoPay.Quote(ctx, agentOf(ctx, in.Lang), copay.QuoteInput{ServiceID: in.ServiceID, PackageID: in.PackageID,
		Yearly: in.Yearly, VendorID: in.VendorID, Split: in.Split})
	if err != nil {
		return nil, err
	}
	return &copayQuoteOutput{Body: q}, nil
}

// CreateCoPayRequestBody is a co-pay request as the dialog sends it (02§7 INSERT co_pay_requests).
type CreateCoPayRequestBody struct {
	ServiceID        string `json:"service_id" minLength:"1" maxLength:"100"`
	PackageID        string `json:"package_id,omitempty" maxLength:"100"`
	Yearly           bool   `json:"yearly,omitempty"`
	VendorID         string `json:"vendor_id" minLength:"1" maxLength:"100" doc:"The partner vendor asked to pay (not the service's own)"`
	RepresentativeID string `json:"representative_id,omitempty" maxLength:"100" doc:"Optional: one of the partner's representatives (loan officer)"`
	RequestedSplit   int    `json:"requested_split_percentage" minimum:"0" maximum:"100" doc:"From 10, in steps of 5, up to the service's split limit or 80 and never above the partner's RESPA cap"`
	Notes            string `json:"agent_notes,omitempty" maxLength:"4000" doc:"Optional; a default text is sent when empty (at most 1000 characters)"`
	IdempotencyKey   string `json:"idempotency_key,omitempty" maxLength:"100" doc:"A key of the client's: a retry with the same key and body answers the request recorded first; the same key with another body is a 409"`
	Lang             string `json:"lang,omitempty" enum:"en,es,fr," doc:"Language of the explanation in the answer"`
}

type createCoPayInput struct {
	Body CreateCoPayRequestBody
}

type copayRequestOutput struct {
	Status int
	Body   copay.AgentView
}

func (h *CoPayArea) createCoPayRequest(ctx context.Context, in *createCoPayInput) (*copayRequestOutput, error) {
	b := in.Body
	c, err := h.CoPay.Create(ctx, agentOf(ctx, b.Lang), copay.CreateInput{
		QuoteInput:       copay.QuoteInput{ServiceID: b.ServiceID, PackageID: b.PackageID, Yearly: b.Yearly, VendorID: b.VendorID, Split: b.RequestedSplit},
		RepresentativeID: b.RepresentativeID, Notes: b.Notes, IdempotencyKey: b.IdempotencyKey})
	if err != nil {
		return nil, err
	}
	status := http.StatusOK
	if c.Fresh {
		status = http.StatusCreated
	}
	return &copayRequestOutput{Status: status, Body: c.Request}, nil
}

type copayListInput struct {
	Lang string `query:"lang" enum:"en,es,fr," doc:"Language of the explanations (default: the profile's)"`
}

type copayListOutputBody struct {
	Requests []copay.AgentView `json:"requests" doc:"The caller's co-pay requests, newest first (at most 100)"`
}

type copayListOutput = bodyOutput[copayListOutputBody]

func (h *CoPayArea) listCoPayRequests(ctx context.Context, in *copayListInput) (*copayListOutput, error) {
	rows, err := h.CoPay.Mine(ctx, agentOf(ctx, in.Lang))
	return answer(copayListOutputBody{Requests: rows}, err)
}

type cancelCoPayInput struct {
	ID   string `path:"id" maxLength:"100"`
	Lang string `query:"lang" enum:"en,es,fr,"`
}

func (h *CoPayArea) cancelCoPayRequest(ctx context.Context, in *cancelCoPayInput) (*copayRequestOutput, error) {
	v, err := h.CoPay.Cancel(ctx, agentOf(ctx, in.Lang), in.ID)
	if err != nil {
		return nil, err
	}
	return &copayRequestOutput{Status: http.StatusOK, Body: v}, nil
}
