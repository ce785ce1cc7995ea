package httpapi

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"circle/internal/affiliates"
	"circle/internal/apperr"
	"circle/internal/auth"
	"circle/internal/billing"
	"circle/internal/pricing"
)

// BillingArea is the Circle Pro membership: plans, subscribing, the portal and the offers.
type BillingArea struct {
	Billing *billing.Service
	Now     func() time.Time
	// Affiliates attributes the member to the click their affiliate cookie names (nil: none).
	Affiliates *affiliates.Service
	Logger     *slog.Logger
}

// Summaries too long for their route line.
const (
	sumBillingPlans       = "Circle Pro plans: $99/month primary seat, $49/month extra seat, yearly 10x monthly"
	sumGetBilling         = "Plan, seats, status, dates, invoices, offers and the Pro Savings Guarantee"
	sumSubscribe          = "Start Circle Pro: a hosted payment page for the first payment"
	sumCustomerPortal     = "The customer portal (built-in page or Stripe's) (customer-portal)"
	sumCheckSubscription  = "The membership's current state (check-subscription)"
	sumPauseSubscription  = "Pause the membership for 90 days (pause-subscription)"
	sumResumeSubscription = "Resume a paused membership, or keep one that is set to end"
	sumApplyDiscount      = "50% off for 2 months (apply-discount); offers never stack"
	sumDowngradePlan      = "30% off for 12 months (downgrade-plan); offers never stack"
	sumCancelSubscription = "Cancel at the end of the period with a reason (cancel-subscription)"
)

// Register declares the area's routes.
func (h *BillingArea) Register(r *Router) {
	get(r, "/api/billing/plans", "billing-plans", sumBillingPlans, "billing", public, h.billingPlans)
	get(r, "/api/billing", "get-billing", sumGetBilling, "billing", user, h.getBilling)
	post(r, "/api/billing/subscribe", "subscribe", sumSubscribe, "billing", user, h.subscribe, maxKB(4))
	post(r, "/api/billing/portal", "customer-portal", sumCustomerPortal, "billing", user, h.customerPortal)
	get(r, "/api/billing/check", "check-subscription", sumCheckSubscription, "billing", user, h.checkSubscription)
	post(r, "/api/billing/pause", "pause-subscription", sumPauseSubscription, "billing", user, h.pauseSubscription, maxKB(4))
	post(r, "/api/billing/resume", "resume-subscription", sumResumeSubscription, "billing", user, h.resumeSubscription)
	post(r, "/api/billing/discount", "apply-discount", sumApplyDiscount, "billing", user, h.applyDiscount, maxKB(4))
	post(r, "/api/billing/downgrade", "downgrade-plan", sumDowngradePlan, "billing", user, h.downgradePlan, maxKB(4))
	post(r, "/api/billing/cancel", "cancel-subscription", sumCancelSubscription, "billing", user, h.cancelSubscription, maxKB(8))
}

// SubscriptionView is a membership with its money in display form.
type SubscriptionView struct {
	billing.SubscriptionView
	PlanName       string         `json:"plan_name"`
	Amount         pricing.Money  `json:"amount" doc:"Price per interval before discounts"`
	NextCharge     *pricing.Money `json:"next_charge" doc:"What the next renewal costs (discount applied); null when it will not renew"`
	GrantsPro      bool           `json:"grants_pro" doc:"This membership makes its owner a Pro member now"`
	DiscountActive bool           `json:"discount_active"`
}

func subscriptionView(sub billing.Subscription, lang string, now time.Time) SubscriptionView {
	cur := pricing.Currency(sub.Currency)
	money := func(c int64) pricing.Money {
		return pricing.Money{Cents: c, Currency: cur, USDCents: sub.USDCents(c), Display: pricing.Display(c, cur, lang), Approximate: cur == pricing.CAD}
	}
	v := SubscriptionView{SubscriptionView: sub.View(), PlanName: billing.PlanName, Amount: money(sub.AmountCents),
		GrantsPro: billing.GrantsPro(sub.Status), DiscountActive: sub.DiscountActive(now)}
	if billing.Live(sub.Status) && !sub.CancelAtPeriodEnd && sub.CurrentPeriodEnd != nil {
		c, _ := sub.ChargeAt(*sub.CurrentPeriodEnd)
		m := money(c)
		v.NextCharge = &m
	}
	return v
}

// PlansView is the /pricing page's data.
type PlansView struct {
	Plans    []billing.Plan `json:"plans"`
	Currency string         `json:"currency" enum:"USD,CAD"`
	TestMode bool           `json:"test_mode" doc:"Payments go through the built-in page: no real payment"`
}

type plansOutput = bodyOutput[PlansView]

// memberOf is the billing service's view of the caller.
func memberOf(p auth.Principal) billing.Member {
	return billing.MemberOf(p.User.ID, p.User.Email, p.Profile)
}

// billingPlans is public: visitors see the /pricing page too, in the currency of their switch
// (F-APP-06; USD by default, CAD in French); members in theirs.
func (h *BillingArea) billingPlans(ctx context.Context, _ *struct{}) (*plansOutput, error) {
	p, ok, err := viewer(ctx)
	if err != nil {
		return nil, err
	}
	m := &billing.Member{Lang: callerFrom(ctx).lang, Currency: currencyOf(ctx, p, false)}
	if ok {
		mm := memberOf(p)
		m = &mm
	}
	plans, cur, err := h.Billing.Plans(ctx, m)
	if err != nil {
		return nil, err
	}
	return &plansOutput{Body: PlansView{Plans: plans, Currency: string(cur), TestMode: h.Billing.TestMode()}}, nil
}

// SubscribeBody starts a Circle Pro membership.
type SubscribeBody struct {
	Interval string `json:"interval" enum:"month,year"`
	Seats    int    `json:"seats,omitempty" minimum:"1" maximum:"100" doc:"Seats including the primary one (default 1)"`
}

type subscribeInput struct {
	Lang string `query:"lang" enum:"en,es,fr," doc:"Language of the payment page (default: the profile's)"`
	Aff  string `cookie:"circle_aff" doc:"The affiliate attribution cookie the server set (the click's id)"`
	Body SubscribeBody
}

// SubscribeResult is the hosted payment page for the membership's first payment.
type SubscribeResult struct {
	URL          string           `json:"url"`
	SessionID    string           `json:"session_id"`
	Provider     string           `json:"provider" enum:"builtin,stripe"`
	Subscription SubscriptionView `json:"subscription"`
}

type subscribeOutput = bodyOutput[SubscribeResult]

// MsgAlreadyMember refuses a second membership.
const MsgAlreadyMember = billing.MsgAlreadyMember

func (h *BillingArea) subscribe(ctx context.Context, in *subscribeInput) (*subscribeOutput, error) {
	p, err := requireUser(ctx)
	if err != nil {
		return nil, err
	}
	m := memberOf(p)
	if in.Lang != "" {
		m.Lang = in.Lang
	}
	bindAffiliate(ctx, h.Affiliates, h.Logger, p.User.ID, in.Aff)
	c, err := h.Billing.Subscribe(ctx, m, in.Body.Interval, in.Body.Seats)
	if err != nil {
		return nil, err
	}
	return &subscribeOutput{Body: SubscribeResult{URL: c.URL, SessionID: c.SessionID, Provider: c.Provider,
		Subscription: subscriptionView(c.Subscription, p.Profile.PreferredLanguage, h.Now())}}, nil
}

// GuaranteeView is the Pro Savings Guarantee of the membership's first month (02§9).
type GuaranteeView struct {
	pricing.Guarantee
	PeriodStart time.Time `json:"period_start"`
	PeriodEnd   time.Time `json:"period_end"`
	InProgress  bool      `json:"in_progress" doc:"The first month is not over yet"`
}

// BillingView is what /billing shows.
type BillingView struct {
	Subscription     *SubscriptionView     `json:"subscription" doc:"The live membership, else the last one that ended; null when never a member"`
	IsProMember      bool                  `json:"is_pro_member"`
	Invoices         []billing.InvoiceView `json:"invoices"`
	Offers           billing.Availability  `json:"offers" doc:"Retention offers the member may take now (they never stack)"`
	OfferHistory     []billing.OfferView   `json:"offer_history"`
	SavingsGuarantee *GuaranteeView        `json:"savings_guarantee"`
	Plans            []billing.Plan        `json:"plans"`
	TestMode         bool                  `json:"test_mode"`
	Message          string                `json:"message,omitempty" doc:"What a management request did"`
}

type billingOutput = bodyOutput[BillingView]

func (h *BillingArea) billingView(p auth.Principal, o billing.Overview) *billingOutput {
	v := BillingView{IsProMember: o.IsProMember, Invoices: views(o.Invoices, billing.Invoice.View), Offers: o.Offers,
		OfferHistory: views(o.OfferHistory, billing.Offer.View), Plans: o.Plans,
		TestMode: o.TestMode, Message: o.Message}
	if o.Subscription != nil {
		sv := subscriptionView(*o.Subscription, p.Profile.PreferredLanguage, h.Now())
		v.Subscription = &sv
	}
	if g := o.Guarantee; g != nil {
		v.SavingsGuarantee = &GuaranteeView{Guarantee: g.Guarantee, PeriodStart: g.PeriodStart, PeriodEnd: g.PeriodEnd, InProgress: g.InProgress}
	}
	return &billingOutput{Body: v}
}

// memberBilling runs op (a read of the membership, or a change to it) for the signed-in member
// and answers the billing page's view of the overview op returns.
func (h *BillingArea) memberBilling(ctx context.Context, op func(m billing.Member) (billing.Overview, error)) (*billingOutput, error) {
	p, err := requireUser(ctx)
	if err != nil {
		return nil, err
	}
	o, err := op(memberOf(p))
	if err != nil {
		return nil, err
	}
	return h.billingView(p, o), nil
}

func (h *BillingArea) getBilling(ctx context.Context, _ *struct{}) (*billingOutput, error) {
	return h.memberBilling(ctx, func(m billing.Member) (billing.Overview, error) { return h.Billing.Overview(ctx, m) })
}

// SubscriptionStatus is check-subscription's answer.
type SubscriptionStatus struct {
	Subscribed        bool       `json:"subscribed"`
	IsProMember       bool       `json:"is_pro_member"`
	Status            string     `json:"status" enum:"none,incomplete,active,past_due,paused,canceled,expired"`
	Plan              string     `json:"plan"`
	Interval          string     `json:"interval"`
	Seats             int        `json:"seats"`
	CurrentPeriodEnd  *time.Time `json:"current_period_end"`
	CancelAtPeriodEnd bool       `json:"cancel_at_period_end"`
	ResumesAt         *time.Time `json:"resumes_at"`
	DiscountPercent   int        `json:"discount_percent"`
	DiscountEndsAt    *time.Time `json:"discount_ends_at"`
}

type checkSubscriptionOutput = bodyOutput[SubscriptionStatus]

// checkSubscription is check-subscription (03§7), refreshed after each change: it brings the
// built-in provider's clock up to date for the caller, then reports the membership.
func (h *BillingArea) checkSubscription(ctx context.Context, _ *struct{}) (*checkSubscriptionOutput, error) {
	p, err := requireUser(ctx)
	if err != nil {
		return nil, err
	}
	sub, pro, err := h.Billing.Status(ctx, memberOf(p))
	if err != nil {
		return nil, err
	}
	out := &checkSubscriptionOutput{Body: SubscriptionStatus{Status: "none", IsProMember: pro}}
	if sub != nil {
		now := h.Now()
		b := &out.Body
		b.Subscribed = billing.Live(sub.Status)
		b.Status, b.Plan, b.Interval, b.Seats = sub.Status, sub.Plan, sub.Interval, sub.Seats
		b.CurrentPeriodEnd, b.CancelAtPeriodEnd, b.ResumesAt = sub.CurrentPeriodEnd, sub.CancelAtPeriodEnd, sub.ResumesAt
		if sub.DiscountActive(now) {
			b.DiscountPercent, b.DiscountEndsAt = sub.DiscountPercent, sub.DiscountEndsAt
		}
	}
	return out, nil
}

type portalOutputBody struct {
	URL string `json:"url"`
}

type portalOutput = bodyOutput[portalOutputBody]

// customerPortal is customer-portal (03§7): the built-in portal page, or Stripe's.
func (h *BillingArea) customerPortal(ctx context.Context, _ *struct{}) (*portalOutput, error) {
	p, err := requireUser(ctx)
	if err != nil {
		return nil, err
	}
	url, err := h.Billing.Portal(ctx, memberOf(p))
	return answer(portalOutputBody{URL: url}, err)
}

// PauseBody is pause-subscription's body (03§7: pauseDays 90).
type PauseBody struct {
	PauseDays int `json:"pauseDays" doc:"Must be 90"`
}

type pauseInput struct {
	Body PauseBody
}

func (h *BillingArea) pauseSubscription(ctx context.Context, in *pauseInput) (*billingOutput, error) {
	return h.memberBilling(ctx, func(m billing.Member) (billing.Overview, error) {
		if in.Body.PauseDays != billing.PauseDays {
			return billing.Overview{}, apperr.Field("pauseDays", "billing.pause_days", fmt.Sprintf("pauseDays must be %d", billing.PauseDays))
		}
		return h.Billing.Pause(ctx, m)
	})
}

func (h *BillingArea) resumeSubscription(ctx context.Context, _ *struct{}) (*billingOutput, error) {
	return h.memberBilling(ctx, func(m billing.Member) (billing.Overview, error) { return h.Billing.Resume(ctx, m) })
}

// DiscountBody is apply-discount's body (03§7: discountPercent 50, durationMonths 2).
type DiscountBody struct {
	DiscountPercent int `json:"discountPercent" doc:"Must be 50"`
	DurationMonths  int `json:"durationMonths" doc:"Must be 2"`
}

type discountInput struct {
	Body DiscountBody
}

func (h *BillingArea) applyDiscount(ctx context.Context, in *discountInput) (*billingOutput, error) {
	return h.memberBilling(ctx, func(m billing.Member) (billing.Overview, error) {
		var bad []apperr.FieldError
		if in.Body.DiscountPercent != billing.DiscountPercent {
			bad = append(bad, apperr.FieldError{Field: "discountPercent", Key: "billing.discount_percent", Message: "discountPercent must be " + strconv.Itoa(billing.DiscountPercent)})
		}
		if in.Body.DurationMonths != billing.DiscountMonths {
			bad = append(bad, apperr.FieldError{Field: "durationMonths", Key: "billing.duration_months", Message: "durationMonths must be " + strconv.Itoa(billing.DiscountMonths)})
		}
		if err := apperr.Fields(bad); err != nil {
			return billing.Overview{}, err
		}
		return h.Billing.ApplyDiscount(ctx, m)
	})
}

// DowngradeBody is downgrade-plan's body (03§7: discountPercent 30, isPermanent false).
type DowngradeBody struct {
	DiscountPercent int   `json:"discountPercent" doc:"Must be 30"`
	IsPermanent     *bool `json:"isPermanent" doc:"Must be false: the reduced plan lasts 12 months"`
}

type downgradeInput struct {
	Body DowngradeBody
}

func (h *BillingArea) downgradePlan(ctx context.Context, in *downgradeInput) (*billingOutput, error) {
	return h.memberBilling(ctx, func(m billing.Member) (billing.Overview, error) {
		var bad []apperr.FieldError
		if in.Body.DiscountPercent != billing.DowngradePercent {
			bad = append(bad, apperr.FieldError{Field: "discountPercent", Key: "billing.discount_percent", Message: "discountPercent must be " + strconv.Itoa(billing.DowngradePercent)})
		}
		if in.Body.IsPermanent == nil || *in.Body.IsPermanent {
			bad = append(bad, apperr.FieldError{Field: "isPermanent", Key: "billing.is_permanent", Message: "isPermanent must be false: the reduced plan lasts 12 months"})
		}
		if err := apperr.Fields(bad); err != nil {
			return billing.Overview{}, err
		}
		return h.Billing.Downgrade(ctx, m)
	})
}

// CancelBody is cancel-subscription's body (03§7): a reason from the survey and optional
// feedback.
type CancelBody struct {
	Reason   string `json:"reason" enum:"too_expensive,unused,missing_features,switched_service,low_quality,customer_service,too_complex,other"`
	Feedback string `json:"feedback,omitempty" maxLength:"2000"`
}

type cancelInput struct {
	Body CancelBody
}

func (h *BillingArea) cancelSubscription(ctx context.Context, in *cancelInput) (*billingOutput, error) {
	return h.memberBilling(ctx, func(m billing.Member) (billing.Overview, error) {
		return h.Billing.Cancel(ctx, m, in.Body.Reason, strings.TrimSpace(in.Body.Feedback))
	})
}
