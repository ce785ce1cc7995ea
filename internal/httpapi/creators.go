package httpapi

import (
	"context"

	"circle/internal/creators"
)

// CreatorsArea is the creator programme (issue 30 item 7, F-AREA-02): a member's application
// (/creator-onboarding), the approved creator's payout setup through the payment interface
// (/creator-payment-setup), content list and dashboard (/creator-dashboard), and the
// administrators' review (approval grants the creator role; both decisions audited). A creator
// reads and changes only their own rows: no route takes another creator's id.
type CreatorsArea struct {
	Creators *creators.Service
}

const creatorApplication = "/api/admin/creator-applications/{id}"

const (
	sumMyCreatorApp     = "The caller's creator application (absent before they apply)"
	sumApplyCreator     = "Apply to the creator programme, or apply again after a rejection (409 while one is pending or approved)"
	sumCreatorDashboard = "The creator's content, referral links, clicks, conversions and earnings (their affiliate account's commissions)"
	sumAddContent       = "List a piece of the creator's content (title, address, kind, publication date)"
	sumDeleteContent    = "Remove a piece of the creator's own content"
	sumPayouts          = "The creator's payout setup: mode (Stripe or test), status and the account on file"
	sumPayoutLink       = "A Stripe Connect Express onboarding link for the creator's payout account (opened on first use)"
	sumPayoutRefresh    = "Read the creator's payout account at the provider again (after Stripe's onboarding)"
	sumTestBank         = "Test mode: open the creator's payout account with the test bank numbers (never stored)"
	sumAdminCreatorApps = "Creator applications with the member's e-mail, pending first"
	sumAdminCreatorAppr = "Approve a pending creator application: grants the creator role and opens the affiliate account (audited)"
	sumAdminCreatorRej  = "Reject a pending creator application with a reason (audited)"
)

// Register declares the area's routes.
func (h *CreatorsArea) Register(r *Router) {
	get(r, "/api/creator/application", "get-my-creator-application", sumMyCreatorApp, "creators", user, h.mine)
	post(r, "/api/creator/applications", "apply-creator", sumApplyCreator, "creators", user, h.apply, maxKB(16), created)
	get(r, "/api/creator/dashboard", "get-creator-dashboard", sumCreatorDashboard, "creators", creator, h.dashboard)
	post(r, "/api/creator/content", "add-creator-content", sumAddContent, "creators", creator, h.addContent, maxKB(8), created)
	del(r, "/api/creator/content/{id}", "delete-creator-content", sumDeleteContent, "creators", creator, h.deleteContent, noContent)
	get(r, "/api/creator/payouts", "get-creator-payouts", sumPayouts, "creators", creator, h.payouts)
	post(r, "/api/creator/payouts/onboarding-link", "create-creator-payout-link", sumPayoutLink, "creators", creator, h.payoutLink)
	post(r, "/api/creator/payouts/refresh", "refresh-creator-payouts", sumPayoutRefresh, "creators", creator, h.refreshPayouts)
	post(r, "/api/creator/payouts/test-bank", "set-creator-test-bank", sumTestBank, "creators", creator, h.testBank, maxKB(4))
	get(r, "/api/admin/creator-applications", "admin-list-creator-applications", sumAdminCreatorApps, "admin", admin, h.applications)
	post(r, creatorApplication+"/approve", "admin-approve-creator", sumAdminCreatorAppr, "admin", admin, h.approve, maxKB(8))
	post(r, creatorApplication+"/reject", "admin-reject-creator", sumAdminCreatorRej, "admin", admin, h.reject, maxKB(8))
}

type myCreatorAppOutputBody struct {
	Application *creators.CreatorApplication `json:"application,omitempty" doc:"Absent before the member applies"`
}

type myCreatorAppOutput = bodyOutput[myCreatorAppOutputBody]

func (h *CreatorsArea) mine(ctx context.Context, _ *struct{}) (*myCreatorAppOutput, error) {
	a, err := h.Creators.Mine(ctx, principalOf(ctx).User.ID)
	return answer(myCreatorAppOutputBody{Application: a}, err)
}

type applyCreatorInput struct {
	Body creators.CreatorApplicationInput
}

type creatorAppOutput = bodyOutput[creators.CreatorApplication]

func (h *CreatorsArea) apply(ctx context.Context, in *applyCreatorInput) (*creatorAppOutput, error) {
	return answer(h.Creators.Apply(ctx, principalOf(ctx).User.ID, in.Body))
}

type creatorDashboardOutput = bodyOutput[creators.CreatorDashboard]

func (h *CreatorsArea) dashboard(ctx context.Context, _ *struct{}) (*creatorDashboardOutput, error) {
	return answer(h.Creators.DashboardFor(ctx, principalOf(ctx).User.ID))
}

type addContentInput struct {
	Body creators.CreatorContentInput
}

type contentOutput = bodyOutput[creators.CreatorContent]

func (h *CreatorsArea) addContent(ctx context.Context, in *addContentInput) (*contentOutput, error) {
	return answer(h.Creators.AddContent(ctx, principalOf(ctx).User.ID, in.Body))
}

func (h *CreatorsArea) deleteContent(ctx context.Context, in *idPath) (*struct{}, error) {
	return nil, h.Creators.DeleteContent(ctx, principalOf(ctx).User.ID, in.ID)
}

type payoutOutputBody = bodyOutput[creators.CreatorPayout]

func (h *CreatorsArea) payouts(ctx context.Context, _ *struct{}) (*payoutOutputBody, error) {
	return answer(h.Creators.PayoutOf(ctx, principalOf(ctx).User.ID))
}

type payoutLinkOutputBody struct {
	URL string `json:"url" doc:"Stripe's hosted onboarding; single use, expires in minutes"`
}

type payoutLinkOutput = bodyOutput[payoutLinkOutputBody]

func (h *CreatorsArea) payoutLink(ctx context.Context, _ *struct{}) (*payoutLinkOutput, error) {
	p := principalOf(ctx)
	url, err := h.Creators.OnboardingLink(ctx, p.User.ID, p.User.Email)
	return answer(payoutLinkOutputBody{URL: url}, err)
}

func (h *CreatorsArea) refreshPayouts(ctx context.Context, _ *struct{}) (*payoutOutputBody, error) {
	return answer(h.Creators.RefreshPayout(ctx, principalOf(ctx).User.ID))
}

type testBankInput struct {
	Body creators.CreatorTestBankInput
}

func (h *CreatorsArea) testBank(ctx context.Context, in *testBankInput) (*payoutOutputBody, error) {
	return answer(h.Creators.SetTestBank(ctx, principalOf(ctx).User.ID, in.Body))
}

type creatorAppsInput struct {
	Status string `query:"status" enum:"pending,approved,rejected," doc:"Only applications of this status"`
}

type creatorAppsOutputBody struct {
	Applications []creators.CreatorApplication `json:"applications"`
}

type creatorAppsOutput = bodyOutput[creatorAppsOutputBody]

func (h *CreatorsArea) applications(ctx context.Context, in *creatorAppsInput) (*creatorAppsOutput, error) {
	rows, err := h.Creators.Applications(ctx, in.Status)
	return answer(creatorAppsOutputBody{Applications: rows}, err)
}

type creatorDecisionInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body *struct {
		Reason string `json:"reason,omitempty" maxLength:"2000" doc:"Why (required to reject; 1 to 1000 characters), kept in the audit log and shown to the applicant"`
	}
}

func (in *creatorDecisionInput) reason() string {
	if in.Body == nil {
		return ""
	}
	return in.Body.Reason
}

func (h *CreatorsArea) approve(ctx context.Context, in *creatorDecisionInput) (*creatorAppOutput, error) {
	return answer(h.Creators.Decide(ctx, actorOf(ctx), in.ID, true, in.reason()))
}

func (h *CreatorsArea) reject(ctx context.Context, in *creatorDecisionInput) (*creatorAppOutput, error) {
	return answer(h.Creators.Decide(ctx, actorOf(ctx), in.ID, false, in.reason()))
}
