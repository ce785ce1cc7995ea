package httpapi

import (
	"context"
	"strings"

	"circle/internal/integrations"
	"circle/internal/lender"
)

// LenderArea is the lender marketplace (issue 32 item 2) and the integrations page (item 8).
type LenderArea struct {
	Lenders *lender.Service
	// Integrations is what this deployment's configuration says of each outside service
	// (whether each setting is set, never its value).
	Integrations integrations.Settings
}

// Summaries too long for their route line.
const (
	sumListLenders  = "Mortgage lenders filtered by state, loan type, co-pay availability and rating"
	sumCompare      = "Up to three lenders side by side, in the order asked (a fourth is refused)"
	sumCoPayOptions = "Services a Pro agent may ask this lender to cover (the co-pay quote at the slider's initial split)"
	sumIntegrations = "The outside services of this deployment: built-in or configured, and the settings each needs"
)

// Register declares the area's routes.
func (h *LenderArea) Register(r *Router) {
	get(r, "/api/lenders", "list-lenders", sumListLenders, "lenders", public, h.list)
	get(r, "/api/lenders/compare", "compare-lenders", sumCompare, "lenders", public, h.compare)
	proMember := pro.signInAs(msgLenderSignIn)
	get(r, "/api/lenders/{id}/copay-options", "lender-copay-options", sumCoPayOptions, "lenders", proMember, h.copayOptions)
	get(r, "/api/integrations", "list-integrations", sumIntegrations, "platform", public, h.integrations)
}

// msgLenderSignIn is the 401 of the co-marketing request.
const msgLenderSignIn = "Please sign in to request a co-marketing partnership."

type listLendersInput struct {
	State     string `query:"state" maxLength:"2" doc:"Two-letter code of a state the lender serves"`
	LoanType  string `query:"loan_type" enum:"conventional,fha,va,jumbo,renovation,non_qm," doc:"A loan type the lender offers"`
	CoPay     bool   `query:"copay" doc:"Only lenders open to co-marketing (co-pay requests)"`
	MinRating int    `query:"min_rating" minimum:"0" maximum:"50" doc:"Lowest average rating in tenths of a star (45 = 4.5)"`
	Lang      string `query:"lang" enum:"en,es,fr," doc:"Language of names and descriptions"`
}

type listLendersOutput = bodyOutput[lender.LenderList]

func (h *LenderArea) list(ctx context.Context, in *listLendersInput) (*listLendersOutput, error) {
	return answer(h.Lenders.List(ctx, lender.Filter{State: in.State, LoanType: lender.LoanType(in.LoanType), CoPay: in.CoPay, MinRatingTenths: in.MinRating}, in.Lang))
}

type compareLendersInput struct {
	IDs  string `query:"ids" required:"true" maxLength:"500" doc:"Comma-separated lender ids, at most 3"`
	Lang string `query:"lang" enum:"en,es,fr," doc:"Language of names and descriptions"`
}

type compareLendersOutputBody struct {
	Lenders []lender.Lender `json:"lenders"`
}

type compareLendersOutput = bodyOutput[compareLendersOutputBody]

func (h *LenderArea) compare(ctx context.Context, in *compareLendersInput) (*compareLendersOutput, error) {
	rows, err := h.Lenders.Compare(ctx, strings.Split(in.IDs, ","), in.Lang)
	return answer(compareLendersOutputBody{Lenders: rows}, err)
}

type lenderCoPayInput struct {
	ID   string `path:"id" maxLength:"100"`
	Lang string `query:"lang" enum:"en,es,fr," doc:"Language of titles and explanations (default: the profile's)"`
}

type lenderCoPayOutput = bodyOutput[lender.CoPayOptions]

func (h *LenderArea) copayOptions(ctx context.Context, in *lenderCoPayInput) (*lenderCoPayOutput, error) {
	return answer(h.Lenders.CoPayOptions(ctx, agentOf(ctx, in.Lang), in.ID))
}

type integrationsOutput struct {
	Body struct {
		Integrations []integrations.Integration `json:"integrations"`
	}
}

func (h *LenderArea) integrations(_ context.Context, _ *struct{}) (*integrationsOutput, error) {
	out := &integrationsOutput{}
	out.Body.Integrations = integrations.List(h.Integrations)
	return out, nil
}
