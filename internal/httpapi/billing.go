package httpapi

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"circle/internal/apperr"
	"circle/internal/auth"
	"circle/internal/billing"
	"circle/internal/checkout"
	"circle/internal/ids"
	"circle/internal/payments"
	"circle/internal/pricing"
)

// SubscriptionView is a membership with its money in display form.
type SubscriptionView struct {
	billing.Subscription
	PlanName       string         `json:"plan_name"`
	Amount         pricing.Money  `json:"amount" doc:"Price per interval before discounts"`
	NextCharge     *pricing.Money `json:"next_charge" doc:"What the next renewal costs (discount applied); null when it will not renew"`
	GrantsPro      bool           `json:"grants_pro" doc:"This membership makes its owner a Pro member now"`
	DiscountActive bool           `json:"discount_active"`
}

func subscriptionView(sub billing.Subscription, lang string, now time.Time) SubscriptionView {
	cur := pricing.Currency(sub.Currency)
	money := func(c int64) pricing.Money {
		usd := c
		if cur == pricing.CAD && sub.USDToCADRateE4 > 0 {
			usd = (c*10000 + int64(sub.USDToCADRateE4)/2) / int64(sub.USDToCADRateE4)
		}
		return pricing.Money{Cents: c, Currency: cur, USDCents: usd, Display: pricing.Display(c, cur, lang), Approximate: cur == pricing.CAD}
	}
	v := SubscriptionView{Subscription: sub, PlanName: billing.PlanName, Amount: money(sub.AmountCents),
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

type plansOutput struct {
	Body PlansView
}

// billingPlans is public: visitors see the /pricing page too (in USD; Canadian members in CAD).
func (s *Server) billingPlans(ctx context.Context, _ *struct{}) (*plansOutput, error) {
	conv := pricing.Converter{Currency: pricing.USD, Lang: "en"}
	if p, ok, err := s.viewer(ctx); err != nil {
		return nil, err
	} else if ok {
		if conv, err = s.converter(ctx, p); err != nil {
			return nil, err
		}
	}
	if conv.Currency == "" {
		conv.Currency = pricing.USD
	}
	return &plansOutput{Body: PlansView{Plans: billing.Plans(conv), Currency: string(conv.Currency), TestMode: s.testMode()}}, nil
}

func (s *Server) testMode() bool {
	_, ok := s.deps.Payments.(*payments.BuiltIn)
	return ok
}

// SubscribeBody starts a Circle Pro membership.
type SubscribeBody struct {
	Interval string `json:"interval" enum:"month,year"`
	Seats    int    `json:"seats,omitempty" minimum:"1" maximum:"100" doc:"Seats including the primary one (default 1)"`
}

type subscribeInput struct {
	Body SubscribeBody
}

// SubscribeResult is the hosted payment page for the membership's first payment.
type SubscribeResult struct {
	URL          string           `json:"url"`
	SessionID    string           `json:"session_id"`
	Provider     string           `json:"provider" enum:"builtin,stripe"`
	Subscription SubscriptionView `json:"subscription"`
}

type subscribeOutput struct {
	Body SubscribeResult
}

// MsgAlreadyMember refuses a second membership.
const MsgAlreadyMember = "You already have a Circle Pro membership. Manage it in Billing."

func (s *Server) subscribe(ctx context.Context, in *subscribeInput) (*subscribeOutput, error) {
	p, err := s.requireUser(ctx)
	if err != nil {
		return nil, err
	}
	if s.deps.Payments == nil {
		return nil, apperr.New(apperr.Unavailable, "Failed to start your membership. Please try again.")
	}
	seats := in.Body.Seats
	if seats == 0 {
		seats = 1
	}
	live, err := s.deps.DB.LiveSubscription(ctx, p.User.ID)
	if err != nil {
		return nil, err
	}
	if live != nil {
		return nil, apperr.New(apperr.Conflict, MsgAlreadyMember)
	}
	conv, err := s.converter(ctx, p)
	if err != nil {
		return nil, err
	}
	interval := in.Body.Interval
	primaryUSD := billing.Price(interval, 1)
	extraUSD := billing.Price(interval, 2) - primaryUSD
	primary, extra := conv.Convert(primaryUSD), conv.Convert(extraUSD)
	sub := billing.Subscription{ID: ids.New(), UserID: p.User.ID, Plan: billing.PlanID, Interval: interval, Seats: seats,
		Currency: string(conv.Currency), USDToCADRateE4: conv.RateE4, AmountCents: primary + extra*int64(seats-1),
		AmountUSDCents: billing.Price(interval, seats), Provider: s.deps.Payments.Name()}
	if sub.Currency == "" {
		sub.Currency = string(pricing.USD)
	}
	sub, err = s.deps.DB.CreateSubscription(ctx, sub)
	if err != nil {
		return nil, err
	}
	items := []payments.LineItem{{Name: billing.PlanName + " - primary seat", UnitAmountCents: primary, Quantity: 1}}
	if seats > 1 {
		items = append(items, payments.LineItem{Name: billing.PlanName + " - extra seat", UnitAmountCents: extra, Quantity: int64(seats - 1)})
	}
	customer := ""
	if prev, _ := s.deps.DB.LatestSubscription(ctx, p.User.ID); prev != nil && prev.Provider == s.deps.Payments.Name() {
		customer = prev.ProviderCustomerID
	}
	expires := s.deps.Now().Add(checkout.SessionTTL - time.Hour)
	sess, err := s.deps.Payments.CreateCheckout(ctx, payments.CheckoutRequest{
		Kind: payments.KindSubscription, Ref: sub.ID, UserID: p.User.ID, Currency: sub.Currency, Items: items, Interval: interval,
		CustomerEmail: p.User.Email, CustomerID: customer, ExpiresAt: expires,
		SuccessURL: s.deps.BaseURL + "/payment-success?session_id={CHECKOUT_SESSION_ID}",
		CancelURL:  s.deps.BaseURL + "/payment-canceled?subscription_id=" + sub.ID,
	})
	if err != nil {
		loggerFrom(ctx).Error("create subscription checkout", "err", err, "subscription_id", sub.ID)
		return nil, apperr.New(apperr.Unavailable, "Failed to start your membership. Please try again.")
	}
	if sess.ExpiresAt.IsZero() || sess.ExpiresAt.Before(s.deps.Now()) {
		sess.ExpiresAt = expires
	}
	if err := s.deps.DB.AttachCheckoutSession(ctx, checkout.PaymentSession{ID: sess.ID, Provider: s.deps.Payments.Name(), Kind: checkout.KindSubscription,
		UserID: p.User.ID, SubscriptionID: &sub.ID, Currency: sub.Currency, AmountCents: sub.AmountCents, URL: sess.URL, ExpiresAt: sess.ExpiresAt}); err != nil {
		return nil, err
	}
	sub.CheckoutSessionID = sess.ID
	return &subscribeOutput{Body: SubscribeResult{URL: sess.URL, SessionID: sess.ID, Provider: s.deps.Payments.Name(),
		Subscription: subscriptionView(sub, p.Profile.PreferredLanguage, s.deps.Now())}}, nil
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
	Subscription     *SubscriptionView    `json:"subscription" doc:"The live membership, else the last one that ended; null when never a member"`
	IsProMember      bool                 `json:"is_pro_member"`
	Invoices         []billing.Invoice    `json:"invoices"`
	Offers           billing.Availability `json:"offers" doc:"Retention offers the member may take now (they never stack)"`
	OfferHistory     []billing.Offer      `json:"offer_history"`
	SavingsGuarantee *GuaranteeView       `json:"savings_guarantee"`
	Plans            []billing.Plan       `json:"plans"`
	TestMode         bool                 `json:"test_mode"`
	Message          string               `json:"message,omitempty" doc:"What a management request did"`
}

type billingOutput struct {
	Body BillingView
}

func (s *Server) billingView(ctx context.Context, p auth.Principal, message string) (*billingOutput, error) {
	now := s.deps.Now()
	sub, err := s.deps.DB.LatestSubscription(ctx, p.User.ID)
	if err != nil {
		return nil, err
	}
	invoices, err := s.deps.DB.Invoices(ctx, p.User.ID, 100)
	if err != nil {
		return nil, err
	}
	offers, err := s.deps.DB.SubscriptionOffers(ctx, p.User.ID)
	if err != nil {
		return nil, err
	}
	prof, err := s.deps.DB.ProfileByUserID(ctx, p.User.ID)
	if err != nil {
		return nil, err
	}
	conv, err := s.converter(ctx, p)
	if err != nil {
		return nil, err
	}
	if conv.Currency == "" {
		conv.Currency = pricing.USD
	}
	v := BillingView{IsProMember: prof.IsProMember, Invoices: invoices, OfferHistory: offers, Plans: billing.Plans(conv),
		TestMode: s.testMode(), Message: message}
	if v.Invoices == nil {
		v.Invoices = []billing.Invoice{}
	}
	if v.OfferHistory == nil {
		v.OfferHistory = []billing.Offer{}
	}
	if sub != nil {
		sv := subscriptionView(*sub, p.Profile.PreferredLanguage, now)
		v.Subscription = &sv
		var live *billing.Subscription
		if billing.Live(sub.Status) {
			live = sub
		}
		v.Offers = billing.OffersAvailable(live, offers, now)
		if sub.StartedAt != nil {
			start := *sub.StartedAt
			end := start.AddDate(0, 1, 0)
			fee := billing.Price(sub.Interval, sub.Seats)
			if sub.Interval == billing.IntervalYear {
				fee /= billing.YearlyMonths
			}
			saved, err := s.deps.DB.ProSavingsBetween(ctx, p.User.ID, start, end)
			if err != nil {
				return nil, err
			}
			g := pricing.SavingsGuarantee(fee, saved, 0, 0)
			v.SavingsGuarantee = &GuaranteeView{Guarantee: g, PeriodStart: start, PeriodEnd: end, InProgress: now.Before(end)}
		}
	} else {
		v.Offers = billing.OffersAvailable(nil, offers, now)
	}
	return &billingOutput{Body: v}, nil
}

func (s *Server) getBilling(ctx context.Context, _ *struct{}) (*billingOutput, error) {
	p, err := s.requireUser(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.PaymentsTick(ctx, p.User.ID); err != nil {
		return nil, err
	}
	return s.billingView(ctx, p, "")
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

type checkSubscriptionOutput struct {
	Body SubscriptionStatus
}

// checkSubscription is check-subscription (03§7), refreshed after each change: it brings the
// built-in provider's clock up to date for the caller, then reports the membership.
func (s *Server) checkSubscription(ctx context.Context, _ *struct{}) (*checkSubscriptionOutput, error) {
	p, err := s.requireUser(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.PaymentsTick(ctx, p.User.ID); err != nil {
		return nil, err
	}
	sub, err := s.deps.DB.LatestSubscription(ctx, p.User.ID)
	if err != nil {
		return nil, err
	}
	prof, err := s.deps.DB.ProfileByUserID(ctx, p.User.ID)
	if err != nil {
		return nil, err
	}
	out := &checkSubscriptionOutput{Body: SubscriptionStatus{Status: "none", IsProMember: prof.IsProMember}}
	if sub != nil {
		now := s.deps.Now()
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

type portalOutput struct {
	Body struct {
		URL string `json:"url"`
	}
}

// MsgPortalFailed is the portal's failure toast (03§8).
const MsgPortalFailed = "Failed to open the customer portal. Please try again."

// customerPortal is customer-portal (03§7): the built-in portal page, or Stripe's.
func (s *Server) customerPortal(ctx context.Context, _ *struct{}) (*portalOutput, error) {
	p, err := s.requireUser(ctx)
	if err != nil {
		return nil, err
	}
	if s.deps.Payments == nil {
		return nil, apperr.New(apperr.Unavailable, MsgPortalFailed)
	}
	customer := ""
	if sub, err := s.deps.DB.LatestSubscription(ctx, p.User.ID); err != nil {
		return nil, err
	} else if sub != nil {
		customer = sub.ProviderCustomerID
	}
	if customer == "" && !s.testMode() {
		return nil, apperr.New(apperr.Conflict, "There is no billing account yet. Subscribe to Circle Pro first.")
	}
	url, err := s.deps.Payments.CreatePortal(ctx, p.User.ID, customer, s.deps.BaseURL+"/billing")
	if err != nil {
		loggerFrom(ctx).Error("customer portal", "err", err)
		return nil, apperr.New(apperr.Unavailable, MsgPortalFailed)
	}
	out := &portalOutput{}
	out.Body.URL = url
	return out, nil
}

// providerFailed logs a provider error and returns the spec's "Failed to ... Please try again."
func providerFailed(ctx context.Context, what string, err error) error {
	loggerFrom(ctx).Error("payment provider", "action", what, "err", err)
	return apperr.New(apperr.Unavailable, "Failed to "+what+". Please try again.")
}

func refOf(sub *billing.Subscription) payments.SubscriptionRef {
	return payments.SubscriptionRef{ID: sub.ID, ProviderSubscriptionID: sub.ProviderSubscriptionID, ProviderCustomerID: sub.ProviderCustomerID}
}

// PauseBody is pause-subscription's body (03§7: pauseDays 90).
type PauseBody struct {
	PauseDays int `json:"pauseDays" doc:"Must be 90"`
}

type pauseInput struct {
	Body PauseBody
}

func (s *Server) pauseSubscription(ctx context.Context, in *pauseInput) (*billingOutput, error) {
	p, err := s.requireUser(ctx)
	if err != nil {
		return nil, err
	}
	if in.Body.PauseDays != billing.PauseDays {
		return nil, apperr.Field("pauseDays", "billing.pause_days", fmt.Sprintf("pauseDays must be %d", billing.PauseDays))
	}
	var resumes time.Time
	_, err = s.deps.DB.ChangeSubscription(ctx, p.User.ID, func(ctx context.Context, sub *billing.Subscription, offers []billing.Offer, now time.Time) (*billing.Offer, error) {
		if err := billing.CheckOffer(sub, offers, now); err != nil {
			return nil, err
		}
		resumes = now.AddDate(0, 0, billing.PauseDays)
		if err := s.deps.Payments.Pause(ctx, refOf(sub), resumes); err != nil {
			return nil, providerFailed(ctx, "pause subscription", err)
		}
		markLocalChange(sub, now)
		sub.Status, sub.PausedAt, sub.ResumesAt = billing.StatusPaused, &now, &resumes
		return &billing.Offer{ID: ids.New(), Kind: billing.OfferPause, Days: billing.PauseDays, StartsAt: now, EndsAt: resumes}, nil
	})
	if err != nil {
		return nil, err
	}
	return s.billingView(ctx, p, "Your membership is paused for 90 days. It resumes on "+resumes.Format("January 2, 2006")+".")
}

// markLocalChange makes provider events older than this change lose against it.
func markLocalChange(sub *billing.Subscription, now time.Time) {
	t := now.Truncate(time.Second)
	sub.LastEventAt = &t
}

func (s *Server) resumeSubscription(ctx context.Context, _ *struct{}) (*billingOutput, error) {
	p, err := s.requireUser(ctx)
	if err != nil {
		return nil, err
	}
	_, err = s.deps.DB.ChangeSubscription(ctx, p.User.ID, func(ctx context.Context, sub *billing.Subscription, _ []billing.Offer, now time.Time) (*billing.Offer, error) {
		if sub.Status != billing.StatusPaused && !sub.CancelAtPeriodEnd {
			return nil, apperr.New(apperr.Conflict, "Your membership is not paused or ending.")
		}
		if err := s.deps.Payments.Resume(ctx, refOf(sub)); err != nil {
			return nil, providerFailed(ctx, "resume subscription", err)
		}
		markLocalChange(sub, now)
		if sub.Status == billing.StatusPaused {
			sub.Status, sub.PausedAt, sub.ResumesAt = billing.StatusActive, nil, nil
		}
		sub.CancelAtPeriodEnd, sub.CanceledAt, sub.CancelReason, sub.CancelFeedback = false, nil, "", ""
		return nil, nil
	})
	if err != nil {
		return nil, err
	}
	return s.billingView(ctx, p, "Your membership is active again.")
}

// DiscountBody is apply-discount's body (03§7: discountPercent 50, durationMonths 2).
type DiscountBody struct {
	DiscountPercent int `json:"discountPercent" doc:"Must be 50"`
	DurationMonths  int `json:"durationMonths" doc:"Must be 2"`
}

type discountInput struct {
	Body DiscountBody
}

// applyOffer records a discount offer after the no-stacking check and the provider's change.
func (s *Server) applyOffer(ctx context.Context, p auth.Principal, kind string, percent, months int, what string) error {
	_, err := s.deps.DB.ChangeSubscription(ctx, p.User.ID, func(ctx context.Context, sub *billing.Subscription, offers []billing.Offer, now time.Time) (*billing.Offer, error) {
		if err := billing.CheckOffer(sub, offers, now); err != nil {
			return nil, err
		}
		name := fmt.Sprintf("%s %d%% off for %d months", billing.PlanName, percent, months)
		if err := s.deps.Payments.Discount(ctx, refOf(sub), percent, months, name); err != nil {
			return nil, providerFailed(ctx, what, err)
		}
		ends := now.AddDate(0, months, 0)
		markLocalChange(sub, now)
		sub.DiscountPercent, sub.DiscountKind, sub.DiscountEndsAt = percent, kind, &ends
		return &billing.Offer{ID: ids.New(), Kind: kind, Percent: percent, Months: months, StartsAt: now, EndsAt: ends}, nil
	})
	return err
}

func (s *Server) applyDiscount(ctx context.Context, in *discountInput) (*billingOutput, error) {
	p, err := s.requireUser(ctx)
	if err != nil {
		return nil, err
	}
	var bad []apperr.FieldError
	if in.Body.DiscountPercent != billing.DiscountPercent {
		bad = append(bad, apperr.FieldError{Field: "discountPercent", Key: "billing.discount_percent", Message: "discountPercent must be " + strconv.Itoa(billing.DiscountPercent)})
	}
	if in.Body.DurationMonths != billing.DiscountMonths {
		bad = append(bad, apperr.FieldError{Field: "durationMonths", Key: "billing.duration_months", Message: "durationMonths must be " + strconv.Itoa(billing.DiscountMonths)})
	}
	if err := apperr.Fields(bad); err != nil {
		return nil, err
	}
	if err := s.applyOffer(ctx, p, billing.OfferDiscount, billing.DiscountPercent, billing.DiscountMonths, "apply discount"); err != nil {
		return nil, err
	}
	return s.billingView(ctx, p, "50% off your membership for the next 2 months.")
}

// DowngradeBody is downgrade-plan's body (03§7: discountPercent 30, isPermanent false).
type DowngradeBody struct {
	DiscountPercent int   `json:"discountPercent" doc:"Must be 30"`
	IsPermanent     *bool `json:"isPermanent" doc:"Must be false: the reduced plan lasts 12 months"`
}

type downgradeInput struct {
	Body DowngradeBody
}

func (s *Server) downgradePlan(ctx context.Context, in *downgradeInput) (*billingOutput, error) {
	p, err := s.requireUser(ctx)
	if err != nil {
		return nil, err
	}
	var bad []apperr.FieldError
	if in.Body.DiscountPercent != billing.DowngradePercent {
		bad = append(bad, apperr.FieldError{Field: "discountPercent", Key: "billing.discount_percent", Message: "discountPercent must be " + strconv.Itoa(billing.DowngradePercent)})
	}
	if in.Body.IsPermanent == nil || *in.Body.IsPermanent {
		bad = append(bad, apperr.FieldError{Field: "isPermanent", Key: "billing.is_permanent", Message: "isPermanent must be false: the reduced plan lasts 12 months"})
	}
	if err := apperr.Fields(bad); err != nil {
		return nil, err
	}
	if err := s.applyOffer(ctx, p, billing.OfferDowngrade, billing.DowngradePercent, billing.DowngradeMonths, "change plan"); err != nil {
		return nil, err
	}
	return s.billingView(ctx, p, "Your membership is 30% off for the next 12 months.")
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

func (s *Server) cancelSubscription(ctx context.Context, in *cancelInput) (*billingOutput, error) {
	p, err := s.requireUser(ctx)
	if err != nil {
		return nil, err
	}
	feedback := strings.TrimSpace(in.Body.Feedback)
	var ends time.Time
	_, err = s.deps.DB.ChangeSubscription(ctx, p.User.ID, func(ctx context.Context, sub *billing.Subscription, _ []billing.Offer, now time.Time) (*billing.Offer, error) {
		if sub.CancelAtPeriodEnd {
			return nil, apperr.New(apperr.Conflict, billing.MsgCanceling)
		}
		if err := s.deps.Payments.Cancel(ctx, refOf(sub), in.Body.Reason, feedback); err != nil {
			return nil, providerFailed(ctx, "cancel subscription", err)
		}
		markLocalChange(sub, now)
		sub.CancelAtPeriodEnd, sub.CanceledAt, sub.CancelReason, sub.CancelFeedback = true, &now, in.Body.Reason, feedback
		if sub.CurrentPeriodEnd != nil {
			ends = *sub.CurrentPeriodEnd
		}
		return nil, nil
	})
	if err != nil {
		return nil, err
	}
	return s.billingView(ctx, p, "Your membership is canceled. You keep Circle Pro until "+ends.Format("January 2, 2006")+".")
}

// PaymentsTick applies what is due now with the built-in provider, for one member ("" for
// everyone): expired payment pages, renewals, ends of cancelled periods and ends of pauses,
// each through the webhook path with an event id fixed by what fell due, so several replicas
// apply each exactly once. For everyone it is the recurring job the app registers (the
// built-in provider's clock); Stripe keeps its own clock and needs none of this.
func (s *Server) PaymentsTick(ctx context.Context, userID string) error {
	if !s.testMode() {
		return nil
	}
	now := s.deps.Now()
	if userID == "" {
		expired, err := s.deps.DB.OpenSessionsExpiredBefore(ctx, payments.NameBuiltIn, now, 200)
		if err != nil {
			return err
		}
		for _, sess := range expired {
			ref := ""
			if sess.OrderID != nil {
				ref = *sess.OrderID
			} else if sess.SubscriptionID != nil {
				ref = *sess.SubscriptionID
			}
			if err := s.emitBuiltIn(ctx, "evt_builtin_expired_"+sess.ID, "checkout.session.expired",
				payments.SessionObject(sess.ID, sess.Kind, ref, sess.UserID, "expired", "unpaid", "")); err != nil {
				return err
			}
		}
	}
	// A membership far behind (the server was off) catches up one step per round.
	for round := 0; round < 40; round++ {
		due, err := s.deps.DB.DueBuiltInSubscriptions(ctx, now, userID, 200)
		if err != nil {
			return err
		}
		moved := 0
		for _, sub := range due {
			d, ok := billing.NextDue(sub, now)
			if !ok {
				continue
			}
			if err := s.emitDue(ctx, sub, d); err != nil {
				return err
			}
			moved++
		}
		if moved == 0 {
			return nil
		}
	}
	return nil
}

func (s *Server) emitDue(ctx context.Context, sub billing.Subscription, d billing.Due) error {
	at := strconv.FormatInt(d.At.Unix(), 10)
	switch d.Kind {
	case billing.DueResume:
		return s.emitBuiltIn(ctx, "evt_builtin_resume_"+sub.ID+"_"+at, "customer.subscription.updated",
			payments.SubscriptionObject(sub.ID, sub.UserID, "active", d.PeriodStart, d.PeriodEnd, sub.CancelAtPeriodEnd, nil))
	case billing.DueEnd:
		return s.emitBuiltIn(ctx, "evt_builtin_end_"+sub.ID+"_"+at, "customer.subscription.deleted",
			payments.SubscriptionObject(sub.ID, sub.UserID, "canceled", d.PeriodStart, d.PeriodEnd, true, nil))
	case billing.DuePausePeriod:
		return s.emitBuiltIn(ctx, "evt_builtin_period_"+sub.ID+"_"+at, "customer.subscription.updated",
			payments.SubscriptionObject(sub.ID, sub.UserID, "active", d.PeriodStart, d.PeriodEnd, sub.CancelAtPeriodEnd, sub.ResumesAt))
	case billing.DueRenew:
		return s.emitBuiltIn(ctx, "evt_builtin_renew_"+sub.ID+"_"+at, "invoice.paid",
			payments.InvoiceObject("in_builtin_"+sub.ID+"_"+at, sub.ID, sub.UserID, sub.Currency, d.AmountCents, d.PeriodStart, d.PeriodEnd, true, d.DiscountPercent))
	}
	return nil
}
