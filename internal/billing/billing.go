// Package billing owns the Circle Pro membership (02§1, 03§7, 03§9, docs/decisions: Pro and
// subscription offers): the plans and their prices, subscriptions and their states, invoices,
// and the retention offers of the subscription management dialog (pause 90 days, 50% for 2
// months, a 30% downgrade for 12 months), which never stack.
package billing

import (
	"time"

	"circle/internal/apperr"
	"circle/internal/pricing"
)

// Plan prices in US cents (03§9): $99/month for the primary seat and $49/month per extra seat;
// yearly is 10 times monthly (2 months free, docs/decisions).
const (
	PlanID              = "pro"
	PlanName            = "Circle Pro"
	PrimarySeatCents    = 99_00
	ExtraSeatCents      = 49_00
	YearlyMonths        = 10
	MinSeats            = 1
	MaxSeats            = 100
	IntervalMonth       = "month"
	IntervalYear        = "year"
	PauseDays           = 90
	DiscountPercent     = 50
	DiscountMonths      = 2
	DowngradePercent    = 30
	DowngradeMonths     = 12
	OfferCooldownMonths = 12
)

// Price is the price of one billing interval in US cents.
func Price(interval string, seats int) int64 {
	if seats < 1 {
		seats = 1
	}
	monthly := int64(PrimarySeatCents) + int64(ExtraSeatCents)*int64(seats-1)
	if interval == IntervalYear {
		return monthly * YearlyMonths
	}
	return monthly
}

// Discounted is an amount after a percent discount (the discount rounded half up).
func Discounted(cents int64, percent int) int64 {
	if percent <= 0 {
		return cents
	}
	return cents - pricing.PercentOf(cents, percent)
}

// AddInterval moves t forward one billing interval.
func AddInterval(t time.Time, interval string) time.Time {
	if interval == IntervalYear {
		return t.AddDate(1, 0, 0)
	}
	return t.AddDate(0, 1, 0)
}

// ValidInterval reports a known interval.
func ValidInterval(i string) bool { return i == IntervalMonth || i == IntervalYear }

// Subscription statuses. incomplete waits for its first payment; active and past_due (a
// renewal failed, the provider retries) grant Pro; paused, canceled and expired do not.
const (
	StatusIncomplete = "incomplete"
	StatusActive     = "active"
	StatusPastDue    = "past_due"
	StatusPaused     = "paused"
	StatusCanceled   = "canceled"
	StatusExpired    = "expired"
)

// GrantsPro reports whether a subscription in this status makes its owner a Pro member.
func GrantsPro(status string) bool { return status == StatusActive || status == StatusPastDue }

// Live reports a subscription that is not finished (a member has at most one).
func Live(status string) bool {
	return status == StatusActive || status == StatusPastDue || status == StatusPaused
}

// Subscription is one Circle Pro membership (subscriptions). Amounts are per interval in cents
// of Currency, before any discount.
type Subscription struct {
	ID                     string     `bun:"id,pk"`
	UserID                 string     `bun:"user_id,notnull"`
	Plan                   string     `bun:"plan,notnull"`
	Interval               string     `bun:"billing_interval,notnull"`
	Seats                  int        `bun:"seats,notnull"`
	Status                 string     `bun:"status,notnull"`
	Currency               string     `bun:"currency,notnull"`
	USDToCADRateE4         int        `bun:"usd_to_cad_rate_e4,notnull"`
	AmountCents            int64      `bun:"amount_cents,notnull"`
	AmountUSDCents         int64      `bun:"amount_usd_cents,notnull"`
	Provider               string     `bun:"provider,notnull"`
	ProviderCustomerID     string     `bun:"provider_customer_id,notnull"`
	ProviderSubscriptionID string     `bun:"provider_subscription_id,notnull"`
	CheckoutSessionID      string     `bun:"checkout_session_id,notnull"`
	StartedAt              *time.Time `bun:"started_at"`
	CurrentPeriodStart     *time.Time `bun:"current_period_start"`
	CurrentPeriodEnd       *time.Time `bun:"current_period_end"`
	CancelAtPeriodEnd      bool       `bun:"cancel_at_period_end,notnull"`
	CancelReason           string     `bun:"cancel_reason,notnull"`
	CancelFeedback         string     `bun:"cancel_feedback,notnull"`
	CanceledAt             *time.Time `bun:"canceled_at"`
	EndedAt                *time.Time `bun:"ended_at"`
	PausedAt               *time.Time `bun:"paused_at"`
	ResumesAt              *time.Time `bun:"resumes_at"`
	DiscountPercent        int        `bun:"discount_percent,notnull"`
	DiscountKind           string     `bun:"discount_kind,notnull"`
	DiscountEndsAt         *time.Time `bun:"discount_ends_at"`
	LastEventAt            *time.Time `bun:"last_event_at"`
	CreatedAt              time.Time  `bun:"created_at,notnull"`
	UpdatedAt              time.Time  `bun:"updated_at,notnull"`
}

// DiscountActive reports a discount in force at now.
func (s Subscription) DiscountActive(now time.Time) bool {
	return s.DiscountPercent > 0 && s.DiscountEndsAt != nil && now.Before(*s.DiscountEndsAt)
}

// ChargeAt is what a renewal starting at t costs, with the discount when it is still in force.
func (s Subscription) ChargeAt(t time.Time) (cents int64, discountPercent int) {
	if s.DiscountActive(t) {
		return Discounted(s.AmountCents, s.DiscountPercent), s.DiscountPercent
	}
	return s.AmountCents, 0
}

// Offer kinds of the subscription management dialog (03§2, 03§7).
const (
	OfferPause     = "pause"
	OfferDiscount  = "discount"
	OfferDowngrade = "downgrade"
)

// Offer is one retention offer a member accepted (subscription_offers).
type Offer struct {
	ID             string    `bun:"id,pk"`
	UserID         string    `bun:"user_id,notnull"`
	SubscriptionID string    `bun:"subscription_id,notnull"`
	Kind           string    `bun:"kind,notnull"`
	Percent        int       `bun:"percent,notnull"`
	Months         int       `bun:"months,notnull"`
	Days           int       `bun:"days,notnull"`
	StartsAt       time.Time `bun:"starts_at,notnull"`
	EndsAt         time.Time `bun:"ends_at,notnull"`
	CreatedAt      time.Time `bun:"created_at,notnull"`
}

// Invoice is one membership charge (billing_invoices).
type Invoice struct {
	ID              string    `bun:"id,pk"`
	UserID          string    `bun:"user_id,notnull"`
	SubscriptionID  string    `bun:"subscription_id,notnull"`
	Provider        string    `bun:"provider,notnull"`
	Status          string    `bun:"status,notnull"`
	Currency        string    `bun:"currency,notnull"`
	AmountCents     int64     `bun:"amount_cents,notnull"`
	AmountUSDCents  int64     `bun:"amount_usd_cents,notnull"`
	DiscountPercent int       `bun:"discount_percent,notnull"`
	Description     string    `bun:"description,notnull"`
	PeriodStart     time.Time `bun:"period_start,notnull"`
	PeriodEnd       time.Time `bun:"period_end,notnull"`
	HostedURL       string    `bun:"hosted_url,notnull"`
	CreatedAt       time.Time `bun:"created_at,notnull"`
}

// Availability says which retention offers a member may take now, and why not.
type Availability struct {
	Pause     bool   `json:"pause"`
	Discount  bool   `json:"discount"`
	Downgrade bool   `json:"downgrade"`
	Reason    string `json:"reason,omitempty" enum:",no_subscription,paused,canceling,discount_active,offer_recent" doc:"Why offers are not available"`
	Message   string `json:"message,omitempty"`
}

// Messages of the offer rules.
const (
	MsgNoSubscription = "You don't have an active Circle Pro membership."
	MsgPaused         = "Your membership is paused. Resume it before choosing another option."
	MsgCanceling      = "Your membership is already set to end. Resume it first to choose another option."
	MsgDiscountActive = "You already have a discount on your membership, and offers can't be combined."
	MsgOfferRecent    = "You already used a membership offer in the last 12 months; offers can be used once every 12 months and can't be combined."
)

// OffersAvailable applies the no-stacking rule (docs/decisions): offers are for a live,
// unpaused membership that is not ending; a member who is on a discount, or who accepted any
// offer in the last 12 months, is not offered another.
func OffersAvailable(sub *Subscription, offers []Offer, now time.Time) Availability {
	no := func(reason, msg string) Availability { return Availability{Reason: reason, Message: msg} }
	switch {
	case sub == nil || !Live(sub.Status):
		return no("no_subscription", MsgNoSubscription)
	case sub.Status == StatusPaused:
		return no("paused", MsgPaused)
	case sub.CancelAtPeriodEnd:
		return no("canceling", MsgCanceling)
	case sub.DiscountActive(now):
		return no("discount_active", MsgDiscountActive)
	}
	cutoff := now.AddDate(0, -OfferCooldownMonths, 0)
	for _, o := range offers {
		if o.CreatedAt.After(cutoff) {
			return no("offer_recent", MsgOfferRecent)
		}
	}
	return Availability{Pause: true, Discount: true, Downgrade: true}
}

// CheckOffer returns the conflict error when an offer of kind may not be taken now.
func CheckOffer(sub *Subscription, offers []Offer, now time.Time) error {
	a := OffersAvailable(sub, offers, now)
	if a.Reason == "" {
		return nil
	}
	if a.Reason == "no_subscription" {
		return apperr.New(apperr.NotFound, MsgNoSubscription)
	}
	return apperr.New(apperr.Conflict, a.Message)
}

// Cancellation reasons of the survey (the same values Stripe records).
var CancelReasons = []string{"too_expensive", "unused", "missing_features", "switched_service", "low_quality", "customer_service", "too_complex", "other"}

// Plan describes one way to pay for Circle Pro.
type Plan struct {
	ID                string        `json:"id"`
	Name              string        `json:"name"`
	Interval          string        `json:"interval" enum:"month,year"`
	PrimarySeat       pricing.Money `json:"primary_seat" doc:"Price of the primary seat per interval"`
	ExtraSeat         pricing.Money `json:"extra_seat" doc:"Price of each extra seat per interval"`
	FreeMonths        int           `json:"free_months" doc:"Months free against paying monthly (2 for yearly)"`
	MonthlyEquivalent pricing.Money `json:"monthly_equivalent" doc:"Primary seat per month"`
	SavingsVsMonthly  pricing.Money `json:"savings_vs_monthly" doc:"Saved per year on the primary seat against monthly"`
	MinSeats          int           `json:"min_seats"`
	MaxSeats          int           `json:"max_seats"`
}

// Plans returns the monthly and yearly plans in the viewer's currency.
func Plans(conv pricing.Converter) []Plan {
	out := []Plan{}
	for _, interval := range []string{IntervalMonth, IntervalYear} {
		primary := Price(interval, 1)
		extra := Price(interval, 2) - primary
		p := Plan{ID: PlanID, Name: PlanName, Interval: interval, PrimarySeat: conv.Money(primary), ExtraSeat: conv.Money(extra),
			MonthlyEquivalent: conv.Money(PrimarySeatCents), SavingsVsMonthly: conv.Money(0), MinSeats: MinSeats, MaxSeats: MaxSeats}
		if interval == IntervalYear {
			p.FreeMonths = 12 - YearlyMonths
			p.MonthlyEquivalent = conv.Money((primary + 6) / 12)
			p.SavingsVsMonthly = conv.Money(PrimarySeatCents*12 - primary)
		}
		out = append(out, p)
	}
	return out
}

// Due kinds: what the built-in provider's clock does next to a membership.
const (
	DueResume      = "resume"
	DueEnd         = "end"
	DuePausePeriod = "pause_period"
	DueRenew       = "renew"
)

// Due is the next thing due on a built-in membership.
type Due struct {
	Kind            string
	At              time.Time // when it fell due (part of its event id, so it happens once)
	PeriodStart     time.Time
	PeriodEnd       time.Time
	AmountCents     int64
	DiscountPercent int
}

// NextDue says what is due on a built-in membership at now (the built-in provider plays the
// part of Stripe's billing clock): a pause that is over resumes; a period that ended either
// ends a cancelled membership, passes without charge during a pause (Stripe voids those
// invoices), or renews with a charge (discounted while a discount lasts).
func NextDue(s Subscription, now time.Time) (Due, bool) {
	if !Live(s.Status) || s.CurrentPeriodEnd == nil {
		return Due{}, false
	}
	end := *s.CurrentPeriodEnd
	if s.Status == StatusPaused && s.ResumesAt != nil && !now.Before(*s.ResumesAt) {
		start := end
		if s.CurrentPeriodStart != nil {
			start = *s.CurrentPeriodStart
		}
		return Due{Kind: DueResume, At: *s.ResumesAt, PeriodStart: start, PeriodEnd: end}, true
	}
	if now.Before(end) {
		return Due{}, false
	}
	next := AddInterval(end, s.Interval)
	switch {
	case s.CancelAtPeriodEnd:
		return Due{Kind: DueEnd, At: end, PeriodStart: end, PeriodEnd: end}, true
	case s.Status == StatusPaused:
		return Due{Kind: DuePausePeriod, At: end, PeriodStart: end, PeriodEnd: next}, true
	default:
		amount, pct := s.ChargeAt(end)
		return Due{Kind: DueRenew, At: end, PeriodStart: end, PeriodEnd: next, AmountCents: amount, DiscountPercent: pct}, true
	}
}
