package httpapi

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"circle/internal/affiliates"
	"circle/internal/apperr"
	"circle/internal/ratelimit"
)

// AffiliatesArea is the affiliate programme (issue 32 item 3, F-ENG-09) and its commissions
// back office (issue 31 item 8, F-AREA-03): the aff link's click (03§7 track-affiliate-click)
// with its first-party attribution cookie, applications, the affiliate's dashboard, and the
// admins' approvals, commissions and payout batches (each change audited in its transaction).
// Conversions are not an endpoint: they are written by checkout and billing in the payment's
// transaction.
type AffiliatesArea struct {
	Affiliates *affiliates.Service
	// Limiter is the per-address limit of click recording (nil: none).
	Limiter *ratelimit.Limiter
	// TLS reports whether the public URL is https (Secure cookie).
	TLS    bool
	Logger *slog.Logger
}

// affiliateApplication is the address of one application in the back office.
const affiliateApplication = "/api/admin/affiliates/applications/{id}"

const (
	sumTrackClick      = "Record a click through an affiliate link (track-affiliate-click) and set the 30-day attribution cookie"
	sumProgramme       = "The affiliate programme's terms: attribution days and commission rates"
	sumMyAffiliate     = "The caller's affiliate application or account (null when they have not applied)"
	sumApplyAffiliate  = "Apply to the affiliate programme (one application per member; 409 on a second)"
	sumAffDashboard    = "An approved affiliate's clicks, conversions, commission by status and last 30 days"
	sumAdminAffApps    = "Affiliate applications, pending first"
	sumAdminAffApprove = "Approve a pending affiliate application (audited)"
	sumAdminAffReject  = "Reject a pending affiliate application with a reason (audited)"
	sumAdminComms      = "Affiliate commissions from conversions, newest first, filtered by status, with totals by status"
	sumAdminCommAppr   = "Approve a pending commission (audited)"
	sumAdminCommRej    = "Reject a pending or approved commission with a reason (audited)"
	sumAdminPayout     = "Pay approved commissions (the ids given, or all) in one new payout batch (audited)"
	sumAdminPayouts    = "Payout batches, newest first, with their counts and totals"
	sumAdminPayoutCSV  = "A payout batch as CSV: one row per affiliate with the amount to pay"
)

// Register declares the area's routes.
func (h *AffiliatesArea) Register(r *Router) {
	csv := responses(map[string]*huma.Response{"200": fileAnswer("The payout batch as CSV", "text/csv", &huma.Schema{Type: "string"})})
	post(r, "/api/affiliates/clicks", "track-affiliate-click", sumTrackClick, "affiliates", public, h.trackClick, maxKB(8))
	get(r, "/api/affiliates/programme", "get-affiliate-programme", sumProgramme, "affiliates", public, h.programme)
	get(r, "/api/affiliates/me", "get-my-affiliate", sumMyAffiliate, "affiliates", user, h.mine)
	post(r, "/api/affiliates/applications", "apply-affiliate", sumApplyAffiliate, "affiliates", user, h.apply, maxKB(8), created)
	get(r, "/api/affiliates/dashboard", "get-affiliate-dashboard", sumAffDashboard, "affiliates", user, h.dashboard)
	get(r, "/api/admin/affiliates/applications", "admin-list-affiliate-applications", sumAdminAffApps, "admin", admin, h.applications)
	post(r, affiliateApplication+"/approve", "admin-approve-affiliate", sumAdminAffApprove, "admin", admin, h.approveApp, maxKB(8))
	post(r, affiliateApplication+"/reject", "admin-reject-affiliate", sumAdminAffReject, "admin", admin, h.rejectApp, maxKB(8))
	get(r, "/api/admin/commissions", "admin-list-commissions", sumAdminComms, "admin", admin, h.commissions)
	post(r, "/api/admin/commissions/{id}/approve", "admin-approve-commission", sumAdminCommAppr, "admin", admin, h.approveCommission, maxKB(8))
	post(r, "/api/admin/commissions/{id}/reject", "admin-reject-commission", sumAdminCommRej, "admin", admin, h.rejectCommission, maxKB(8))
	post(r, "/api/admin/commissions/payouts", "admin-create-payout", sumAdminPayout, "admin", admin, h.pay, maxKB(64), created)
	get(r, "/api/admin/commissions/payouts", "admin-list-payouts", sumAdminPayouts, "admin", admin, h.payouts)
	get(r, "/api/admin/commissions/payouts/{id}/csv", "admin-payout-csv", sumAdminPayoutCSV, "admin", admin, h.payoutCSV, csv)
}

// bindAffiliate attributes the signed-in member to the click their cookie names, before a
// checkout or a subscription; a failure is only logged (03§8: affiliate errors only logged).
func bindAffiliate(ctx context.Context, svc *affiliates.Service, logger *slog.Logger, userID, clickID string) {
	if svc == nil || clickID == "" {
		return
	}
	if _, err := svc.Bind(ctx, userID, clickID); err != nil && logger != nil {
		logger.Warn("affiliate attribution", "err", err, "user_id", userID)
	}
}

type trackClickInput struct {
	UserAgent string `header:"User-Agent"`
	Body      struct {
		AffiliateCode string `json:"affiliate_code" minLength:"1" maxLength:"64"`
		URL           string `json:"url,omitempty" maxLength:"2000"`
		Referrer      string `json:"referrer,omitempty" maxLength:"2000"`
		UserAgent     string `json:"user_agent,omitempty" maxLength:"1000" doc:"Ignored: the request's own User-Agent header is used"`
		UTMSource     string `json:"utm_source,omitempty" maxLength:"500"`
		UTMMedium     string `json:"utm_medium,omitempty" maxLength:"500"`
		UTMCampaign   string `json:"utm_campaign,omitempty" maxLength:"500"`
		UTMContent    string `json:"utm_content,omitempty" maxLength:"500"`
		UTMTerm       string `json:"utm_term,omitempty" maxLength:"500"`
	}
}

type trackClickOutput struct {
	SetCookie []http.Cookie `header:"Set-Cookie"`
	Body      affiliates.ClickResult
}

func (h *AffiliatesArea) trackClick(ctx context.Context, in *trackClickInput) (*trackClickOutput, error) {
	if h.Limiter != nil {
		ok, wait, err := h.Limiter.Allow(ctx, callerFrom(ctx).ip)
		if err != nil && h.Logger != nil {
			h.Logger.Error("affiliate click rate limit", "err", err)
		}
		if !ok && err == nil {
			e := apperr.New(apperr.RateLimited, "Too many requests. Please wait a moment and try again.")
			e.RetryAfterSeconds = max(wait, 1)
			return nil, e
		}
	}
	userID := ""
	if p, ok, err := viewer(ctx); err == nil && ok {
		userID = p.User.ID
	}
	b := in.Body
	res, err := h.Affiliates.TrackClick(ctx, userID, affiliates.ClickInput{AffiliateCode: b.AffiliateCode, URL: b.URL, Referrer: b.Referrer,
		UserAgent: in.UserAgent, UTMSource: b.UTMSource, UTMMedium: b.UTMMedium, UTMCampaign: b.UTMCampaign, UTMContent: b.UTMContent,
		UTMTerm: b.UTMTerm, IP: callerFrom(ctx).ip})
	if err != nil {
		return nil, err
	}
	out := &trackClickOutput{Body: res}
	if res.Recorded {
		out.SetCookie = []http.Cookie{{Name: affiliates.CookieName, Value: res.LinkID, Path: "/", Expires: res.ExpiresAt,
			MaxAge: affiliates.AttributionDays * 24 * 3600, HttpOnly: true, Secure: h.TLS, SameSite: http.SameSiteLaxMode}}
	}
	return out, nil
}

// Programme is the programme's terms for the landing page.
type Programme struct {
	AttributionDays    int `json:"attribution_days" example:"30"`
	OrderRateBP        int `json:"order_rate_bp" doc:"Commission on a paid order, basis points" example:"1000"`
	SubscriptionRateBP int `json:"subscription_rate_bp" doc:"Commission on a paid membership invoice, basis points" example:"2000"`
}

type programmeOutput struct{ Body Programme }

func (h *AffiliatesArea) programme(_ context.Context, _ *struct{}) (*programmeOutput, error) {
	return &programmeOutput{Body: Programme{AttributionDays: affiliates.AttributionDays, OrderRateBP: affiliates.OrderRateBP, SubscriptionRateBP: affiliates.SubscriptionRateBP}}, nil
}

type myAffiliateOutputBody struct {
	AffiliateApplication *affiliates.Affiliate `json:"application,omitempty" doc:"Absent before the member applies"`
}

type myAffiliateOutput = bodyOutput[myAffiliateOutputBody]

func (h *AffiliatesArea) mine(ctx context.Context, _ *struct{}) (*myAffiliateOutput, error) {
	a, err := h.Affiliates.Mine(ctx, principalOf(ctx).User.ID)
	return answer(myAffiliateOutputBody{AffiliateApplication: a}, err)
}

type applyInput struct {
	Body affiliates.AffiliateApplication
}

type affiliateOutput = bodyOutput[affiliates.Affiliate]

func (h *AffiliatesArea) apply(ctx context.Context, in *applyInput) (*affiliateOutput, error) {
	return answer(h.Affiliates.Apply(ctx, principalOf(ctx).User.ID, in.Body))
}

type affDashboardOutput = bodyOutput[affiliates.AffiliateDashboard]

func (h *AffiliatesArea) dashboard(ctx context.Context, _ *struct{}) (*affDashboardOutput, error) {
	return answer(h.Affiliates.DashboardFor(ctx, principalOf(ctx).User.ID))
}

type applicationsInput struct {
	Status string `query:"status" enum:"pending,approved,rejected," doc:"Only applications of this status"`
}

type applicationsOutputBody struct {
	Applications []affiliates.Affiliate `json:"applications"`
}

type applicationsOutput = bodyOutput[applicationsOutputBody]

func (h *AffiliatesArea) applications(ctx context.Context, in *applicationsInput) (*applicationsOutput, error) {
	rows, err := h.Affiliates.Applications(ctx, in.Status)
	return answer(applicationsOutputBody{Applications: rows}, err)
}

type affReasonInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body *struct {
		Reason string `json:"reason,omitempty" maxLength:"2000" doc:"Why (required to reject; 1 to 1000 characters), kept in the audit log"`
	}
}

func (in *affReasonInput) reason() string {
	if in.Body == nil {
		return ""
	}
	return in.Body.Reason
}

func (h *AffiliatesArea) approveApp(ctx context.Context, in *affReasonInput) (*affiliateOutput, error) {
	return answer(h.Affiliates.Decide(ctx, actorOf(ctx), in.ID, true, in.reason()))
}

func (h *AffiliatesArea) rejectApp(ctx context.Context, in *affReasonInput) (*affiliateOutput, error) {
	return answer(h.Affiliates.Decide(ctx, actorOf(ctx), in.ID, false, in.reason()))
}

type commissionsInput struct {
	Status string `query:"status" enum:"pending,approved,paid,rejected," doc:"Only commissions of this status"`
	PageQuery
}

type commissionsOutput = bodyOutput[affiliates.CommissionPage]

func (h *AffiliatesArea) commissions(ctx context.Context, in *commissionsInput) (*commissionsOutput, error) {
	return answer(h.Affiliates.Commissions(ctx, affiliates.CommissionFilter{Status: in.Status, Page: in.Page, PageSize: in.PageSize}))
}

type commissionOutput = bodyOutput[affiliates.Conversion]

func (h *AffiliatesArea) approveCommission(ctx context.Context, in *affReasonInput) (*commissionOutput, error) {
	return answer(h.Affiliates.SetStatus(ctx, actorOf(ctx), in.ID, affiliates.CommissionApproved, in.reason()))
}

func (h *AffiliatesArea) rejectCommission(ctx context.Context, in *affReasonInput) (*commissionOutput, error) {
	return answer(h.Affiliates.SetStatus(ctx, actorOf(ctx), in.ID, affiliates.CommissionRejected, in.reason()))
}

type payInput struct {
	Body *struct {
		IDs []string `json:"ids,omitempty" maxItems:"1000" doc:"The approved commissions to pay (empty: every approved one)"`
	}
}

type payoutOutput = bodyOutput[affiliates.PayoutBatch]

func (h *AffiliatesArea) pay(ctx context.Context, in *payInput) (*payoutOutput, error) {
	var ids []string
	if in.Body != nil {
		ids = in.Body.IDs
	}
	return answer(h.Affiliates.Pay(ctx, actorOf(ctx), ids))
}

type payoutsOutputBody struct {
	Batches []affiliates.PayoutBatch `json:"batches"`
}

type payoutsOutput = bodyOutput[payoutsOutputBody]

func (h *AffiliatesArea) payouts(ctx context.Context, _ *struct{}) (*payoutsOutput, error) {
	b, err := h.Affiliates.Batches(ctx)
	return answer(payoutsOutputBody{Batches: b}, err)
}

func (h *AffiliatesArea) payoutCSV(ctx context.Context, in *idPath) (*downloadOutput, error) {
	var buf bytes.Buffer
	if err := h.Affiliates.WritePayoutCSV(ctx, in.ID, &buf); err != nil {
		return nil, err
	}
	return csvFile("payout-"+in.ID+".csv", buf.Bytes()), nil
}
