package billing

import "time"

// The rows of this package carry only bun tags, so a new column never reaches an API answer
// by accident; these views are what the API shows of them, field by field.

// SubscriptionView is what the API shows of a Subscription: not its owner, the provider's
// customer, subscription and payment page ids, nor when its last provider event arrived.
type SubscriptionView struct {
	ID                 string     `json:"id"`
	Plan               string     `json:"plan"`
	Interval           string     `json:"interval" enum:"month,year"`
	Seats              int        `json:"seats"`
	Status             string     `json:"status" enum:"incomplete,active,past_due,paused,canceled,expired"`
	Currency           string     `json:"currency" enum:"USD,CAD"`
	USDToCADRateE4     int        `json:"usd_to_cad_rate_e4"`
	AmountCents        int64      `json:"amount_cents" doc:"Price per interval before discounts, in cents of currency"`
	AmountUSDCents     int64      `json:"amount_usd_cents"`
	Provider           string     `json:"provider" enum:"builtin,stripe"`
	StartedAt          *time.Time `json:"started_at"`
	CurrentPeriodStart *time.Time `json:"current_period_start"`
	CurrentPeriodEnd   *time.Time `json:"current_period_end" doc:"Next renewal (or the end, when canceling)"`
	CancelAtPeriodEnd  bool       `json:"cancel_at_period_end"`
	CancelReason       string     `json:"cancel_reason,omitempty"`
	CancelFeedback     string     `json:"cancel_feedback,omitempty"`
	CanceledAt         *time.Time `json:"canceled_at"`
	EndedAt            *time.Time `json:"ended_at"`
	PausedAt           *time.Time `json:"paused_at"`
	ResumesAt          *time.Time `json:"resumes_at" doc:"When a paused membership resumes"`
	DiscountPercent    int        `json:"discount_percent"`
	DiscountKind       string     `json:"discount_kind,omitempty" enum:",discount,downgrade"`
	DiscountEndsAt     *time.Time `json:"discount_ends_at"`
	CreatedAt          time.Time  `json:"created_at"`
	UpdatedAt          time.Time  `json:"updated_at"`
}

// View is what the API shows of the subscription.
func (s Subscription) View() SubscriptionView {
	return SubscriptionView{
		ID: s.ID, Plan: s.Plan, Interval: s.Interval, Seats: s.Seats, Status: s.Status, Currency: s.Currency,
		USDToCADRateE4: s.USDToCADRateE4, AmountCents: s.AmountCents, AmountUSDCents: s.AmountUSDCents,
		Provider: s.Provider, StartedAt: s.StartedAt, CurrentPeriodStart: s.CurrentPeriodStart,
		CurrentPeriodEnd: s.CurrentPeriodEnd, CancelAtPeriodEnd: s.CancelAtPeriodEnd, CancelReason: s.CancelReason,
		CancelFeedback: s.CancelFeedback, CanceledAt: s.CanceledAt, EndedAt: s.EndedAt, PausedAt: s.PausedAt,
		ResumesAt: s.ResumesAt, DiscountPercent: s.DiscountPercent, DiscountKind: s.DiscountKind,
		DiscountEndsAt: s.DiscountEndsAt, CreatedAt: s.CreatedAt, UpdatedAt: s.UpdatedAt,
	}
}

// OfferView is what the API shows of an accepted Offer (not its owner). The API names its
// schema Offer.
type OfferView struct {
	ID             string    `json:"id"`
	SubscriptionID string    `json:"subscription_id"`
	Kind           string    `json:"kind" enum:"pause,discount,downgrade"`
	Percent        int       `json:"percent"`
	Months         int       `json:"months"`
	Days           int       `json:"days"`
	StartsAt       time.Time `json:"starts_at"`
	EndsAt         time.Time `json:"ends_at"`
	CreatedAt      time.Time `json:"created_at"`
}

// View is what the API shows of the offer.
func (o Offer) View() OfferView {
	return OfferView{ID: o.ID, SubscriptionID: o.SubscriptionID, Kind: o.Kind, Percent: o.Percent, Months: o.Months,
		Days: o.Days, StartsAt: o.StartsAt, EndsAt: o.EndsAt, CreatedAt: o.CreatedAt}
}

// InvoiceView is what the API shows of an Invoice (not its owner). The API names its schema
// Invoice.
type InvoiceView struct {
	ID              string    `json:"id"`
	SubscriptionID  string    `json:"subscription_id"`
	Provider        string    `json:"provider"`
	Status          string    `json:"status" enum:"paid,failed"`
	Currency        string    `json:"currency"`
	AmountCents     int64     `json:"amount_cents"`
	AmountUSDCents  int64     `json:"amount_usd_cents"`
	DiscountPercent int       `json:"discount_percent"`
	Description     string    `json:"description"`
	PeriodStart     time.Time `json:"period_start"`
	PeriodEnd       time.Time `json:"period_end"`
	HostedURL       string    `json:"hosted_url,omitempty"`
	CreatedAt       time.Time `json:"created_at"`
}

// View is what the API shows of the invoice.
func (i Invoice) View() InvoiceView {
	return InvoiceView{ID: i.ID, SubscriptionID: i.SubscriptionID, Provider: i.Provider, Status: i.Status,
		Currency: i.Currency, AmountCents: i.AmountCents, AmountUSDCents: i.AmountUSDCents,
		DiscountPercent: i.DiscountPercent, Description: i.Description, PeriodStart: i.PeriodStart,
		PeriodEnd: i.PeriodEnd, HostedURL: i.HostedURL, CreatedAt: i.CreatedAt}
}
