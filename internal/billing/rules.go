package billing

import (
	"fmt"
	"strconv"
	"time"

	"circle/internal/apperr"
	"circle/internal/payments"
	"circle/internal/pricing"
)

// Effect says what a rule did to a membership row, so the service writes only what changed.
type Effect int

// Effects, from least to most.
const (
	// Unchanged: nothing to write.
	Unchanged Effect = iota
	// Changed: the row changed; the member's Pro flag cannot have.
	Changed
	// ChangedPro: the row changed and the member's Pro flag must follow it.
	ChangedPro
)

// LiveStatuses are the statuses of a membership that is not finished.
var LiveStatuses = []string{StatusActive, StatusPastDue, StatusPaused}

// ProStatuses are the statuses that make the owner a Pro member (GrantsPro).
var ProStatuses = []string{StatusActive, StatusPastDue}

// Activate starts a membership whose first payment arrived: it becomes active for one interval
// from now. A membership already running only learns the provider's customer and subscription
// ids it lacks; one that ended after running stays ended.
func Activate(sub *Subscription, f payments.Fact, now time.Time) Effect {
	if sub.Status != StatusIncomplete && sub.Status != StatusExpired {
		return linkProvider(sub, f)
	}
	if sub.Status == StatusExpired && sub.StartedAt != nil {
		return Unchanged
	}
	start := now
	end := AddInterval(start, sub.Interval)
	sub.Status, sub.StartedAt, sub.CurrentPeriodStart, sub.CurrentPeriodEnd, sub.EndedAt = StatusActive, &start, &start, &end, nil
	if f.CustomerID != "" {
		sub.ProviderCustomerID = f.CustomerID
	}
	if f.ProviderSubscriptionID != "" {
		sub.ProviderSubscriptionID = f.ProviderSubscriptionID
	}
	sub.UpdatedAt = now
	return ChangedPro
}

func linkProvider(sub *Subscription, f payments.Fact) Effect {
	if (f.CustomerID == "" || sub.ProviderCustomerID != "") && (f.ProviderSubscriptionID == "" || sub.ProviderSubscriptionID != "") {
		return Unchanged
	}
	if sub.ProviderCustomerID == "" {
		sub.ProviderCustomerID = f.CustomerID
	}
	if sub.ProviderSubscriptionID == "" {
		sub.ProviderSubscriptionID = f.ProviderSubscriptionID
	}
	return Changed
}

// ApplySessionOutcome applies the end of a membership's first payment page: paid starts it; a
// page that expired or failed ends an attempt still waiting for its payment.
func ApplySessionOutcome(sub *Subscription, f payments.Fact, now time.Time) Effect {
	if f.Outcome == payments.OutcomePaid {
		return Activate(sub, f, now)
	}
	if sub.Status != StatusIncomplete {
		return Unchanged
	}
	sub.Status, sub.EndedAt, sub.UpdatedAt = StatusExpired, &now, now
	return Changed
}

// ApplySubscriptionFact moves a membership to the state a provider reports. An event older than
// the last one applied is ignored, and an ended membership stays ended, so events that arrive
// out of order end in the right state.
func ApplySubscriptionFact(sub *Subscription, f payments.Fact, now time.Time) Effect {
	sf := f.Subscription
	if sf == nil {
		return Unchanged
	}
	if sub.LastEventAt != nil && f.Created.Before(*sub.LastEventAt) {
		return Unchanged
	}
	if sub.Status == StatusCanceled || (sub.Status == StatusExpired && sub.StartedAt != nil) {
		return Unchanged
	}
	status := sf.Status
	if sub.Status == StatusIncomplete && (status == StatusActive || status == StatusPastDue) {
		Activate(sub, f, now)
	}
	if status == StatusIncomplete && sub.Status != StatusIncomplete {
		status = sub.Status
	}
	sub.Status = status
	sub.CancelAtPeriodEnd = sf.CancelAtPeriodEnd
	if !sf.PeriodStart.IsZero() && !sf.PeriodEnd.IsZero() && sf.PeriodEnd.After(sf.PeriodStart) {
		ps, pe := sf.PeriodStart, sf.PeriodEnd
		sub.CurrentPeriodStart, sub.CurrentPeriodEnd = &ps, &pe
	}
	switch sub.Status {
	case StatusPaused:
		if sub.PausedAt == nil {
			sub.PausedAt = &now
		}
		if sf.ResumesAt != nil {
			sub.ResumesAt = sf.ResumesAt
		}
	case StatusCanceled, StatusExpired:
		sub.EndedAt = &now
		sub.PausedAt, sub.ResumesAt = nil, nil
	default:
		sub.PausedAt, sub.ResumesAt = nil, nil
	}
	if f.CustomerID != "" && sub.ProviderCustomerID == "" {
		sub.ProviderCustomerID = f.CustomerID
	}
	if f.ProviderSubscriptionID != "" && sub.ProviderSubscriptionID == "" {
		sub.ProviderSubscriptionID = f.ProviderSubscriptionID
	}
	created := f.Created
	sub.LastEventAt, sub.UpdatedAt = &created, now
	return ChangedPro
}

// InvoiceDescription is the text of a membership invoice.
func InvoiceDescription(seats int, interval string, discountPercent int) string {
	desc := fmt.Sprintf("%s, %d seat(s), billed %sly", PlanName, seats, interval)
	if discountPercent > 0 {
		desc += fmt.Sprintf(", %d%% off", discountPercent)
	}
	return desc
}

// NewInvoice is the invoice row an invoice event records for a membership: its amount also in
// US cents at the membership's rate, paid or failed, described for the member.
func NewInvoice(sub Subscription, in payments.InvoiceFact, now time.Time) Invoice {
	usd := in.AmountCents
	if in.Currency == string(pricing.CAD) {
		usd = pricing.CADToUSD(in.AmountCents, sub.USDToCADRateE4)
	}
	status := InvoicePaid
	if !in.Paid {
		status = InvoiceFailed
	}
	cur := in.Currency
	if cur == "" {
		cur = sub.Currency
	}
	return Invoice{ID: in.ID, UserID: sub.UserID, SubscriptionID: sub.ID, Provider: sub.Provider, Status: status, Currency: cur,
		AmountCents: in.AmountCents, AmountUSDCents: usd, DiscountPercent: in.DiscountPercent,
		Description: InvoiceDescription(sub.Seats, sub.Interval, in.DiscountPercent),
		PeriodStart: in.PeriodStart, PeriodEnd: in.PeriodEnd, HostedURL: in.HostedURL, CreatedAt: now}
}

// Invoice statuses.
const (
	InvoicePaid   = "paid"
	InvoiceFailed = "failed"
)

// ApplyInvoice applies an invoice to its membership. A paid invoice starts a membership still
// waiting for its first payment (the invoice may arrive before the checkout event), brings a
// past-due one back and moves the period on; a failed one makes an active membership past due.
func ApplyInvoice(sub *Subscription, f payments.Fact, now time.Time) Effect {
	in := f.Invoice
	if in == nil {
		return Unchanged
	}
	if in.Paid {
		if sub.Status == StatusIncomplete {
			return Activate(sub, f, now)
		}
		changed := false
		if sub.Status == StatusPastDue {
			sub.Status, changed = StatusActive, true
		}
		if !in.PeriodEnd.IsZero() && in.PeriodEnd.After(in.PeriodStart) && (sub.CurrentPeriodEnd == nil || in.PeriodEnd.After(*sub.CurrentPeriodEnd)) &&
			Live(sub.Status) {
			ps, pe := in.PeriodStart, in.PeriodEnd
			sub.CurrentPeriodStart, sub.CurrentPeriodEnd, changed = &ps, &pe, true
		}
		if !changed {
			return Unchanged
		}
	} else {
		if sub.Status != StatusActive {
			return Unchanged
		}
		sub.Status = StatusPastDue
	}
	sub.UpdatedAt = now
	return ChangedPro
}

// MarkLocalChange makes provider events older than a change the member made here lose against
// it.
func MarkLocalChange(sub *Subscription, now time.Time) {
	t := now.Truncate(time.Second)
	sub.LastEventAt = &t
}

// Messages of the management changes.
const (
	MsgNotPausedOrEnding = "Your membership is not paused or ending."
)

// PauseEnds is when a pause taken at now ends.
func PauseEnds(now time.Time) time.Time { return now.AddDate(0, 0, PauseDays) }

// Pause pauses a membership for PauseDays from now and returns the offer to record.
func Pause(sub *Subscription, now time.Time) Offer {
	resumes := PauseEnds(now)
	MarkLocalChange(sub, now)
	sub.Status, sub.PausedAt, sub.ResumesAt = StatusPaused, &now, &resumes
	return Offer{Kind: OfferPause, Days: PauseDays, StartsAt: now, EndsAt: resumes}
}

// CheckResume refuses to resume a membership that is neither paused nor ending.
func CheckResume(sub *Subscription) error {
	if sub.Status != StatusPaused && !sub.CancelAtPeriodEnd {
		return apperr.New(apperr.Conflict, MsgNotPausedOrEnding)
	}
	return nil
}

// Resume ends a pause or a pending cancellation.
func Resume(sub *Subscription, now time.Time) {
	MarkLocalChange(sub, now)
	if sub.Status == StatusPaused {
		sub.Status, sub.PausedAt, sub.ResumesAt = StatusActive, nil, nil
	}
	sub.CancelAtPeriodEnd, sub.CanceledAt, sub.CancelReason, sub.CancelFeedback = false, nil, "", ""
}

// DiscountName is what the provider calls a discount offer.
func DiscountName(percent, months int) string {
	return fmt.Sprintf("%s %d%% off for %d months", PlanName, percent, months)
}

// Discount puts a membership on percent off for months from now (kind is OfferDiscount or
// OfferDowngrade) and returns the offer to record.
func Discount(sub *Subscription, kind string, percent, months int, now time.Time) Offer {
	ends := now.AddDate(0, months, 0)
	MarkLocalChange(sub, now)
	sub.DiscountPercent, sub.DiscountKind, sub.DiscountEndsAt = percent, kind, &ends
	return Offer{Kind: kind, Percent: percent, Months: months, StartsAt: now, EndsAt: ends}
}

// CheckCancel refuses to cancel a membership already set to end.
func CheckCancel(sub *Subscription) error {
	if sub.CancelAtPeriodEnd {
		return apperr.New(apperr.Conflict, MsgCanceling)
	}
	return nil
}

// Cancel sets a membership to end with its period, recording the survey's answer. It returns
// when the membership ends (zero when it has no period yet).
func Cancel(sub *Subscription, reason, feedback string, now time.Time) time.Time {
	MarkLocalChange(sub, now)
	sub.CancelAtPeriodEnd, sub.CanceledAt, sub.CancelReason, sub.CancelFeedback = true, &now, reason, feedback
	if sub.CurrentPeriodEnd != nil {
		return *sub.CurrentPeriodEnd
	}
	return time.Time{}
}

// DueEvent is the provider event the built-in clock raises for what fell due on a membership,
// with an id fixed by what fell due so that several replicas apply it exactly once.
func DueEvent(sub Subscription, d Due) (id, typ string, object any) {
	at := strconv.FormatInt(d.At.Unix(), 10)
	switch d.Kind {
	case DueResume:
		return "evt_builtin_resume_" + sub.ID + "_" + at, "customer.subscription.updated",
			payments.SubscriptionObject(sub.ID, sub.UserID, StatusActive, d.PeriodStart, d.PeriodEnd, sub.CancelAtPeriodEnd, nil)
	case DueEnd:
		return "evt_builtin_end_" + sub.ID + "_" + at, "customer.subscription.deleted",
			payments.SubscriptionObject(sub.ID, sub.UserID, StatusCanceled, d.PeriodStart, d.PeriodEnd, true, nil)
	case DuePausePeriod:
		return "evt_builtin_period_" + sub.ID + "_" + at, "customer.subscription.updated",
			payments.SubscriptionObject(sub.ID, sub.UserID, StatusActive, d.PeriodStart, d.PeriodEnd, sub.CancelAtPeriodEnd, sub.ResumesAt)
	default: // DueRenew
		return "evt_builtin_renew_" + sub.ID + "_" + at, "invoice.paid",
			payments.InvoiceObject("in_builtin_"+sub.ID+"_"+at, sub.ID, sub.UserID, sub.Currency, d.AmountCents, d.PeriodStart, d.PeriodEnd, true, d.DiscountPercent)
	}
}

// FirstInvoiceEvent is the built-in provider's event for a membership's first payment, recorded
// as its first invoice; ok is false before the membership has a period.
func FirstInvoiceEvent(sub Subscription) (id, typ string, object any, ok bool) {
	if sub.CurrentPeriodStart == nil || sub.CurrentPeriodEnd == nil {
		return "", "", nil, false
	}
	at := strconv.FormatInt(sub.CurrentPeriodStart.Unix(), 10)
	return "evt_builtin_first_" + sub.ID, "invoice.paid",
		payments.InvoiceObject("in_builtin_"+sub.ID+"_"+at, sub.ID, sub.UserID, sub.Currency, sub.AmountCents, *sub.CurrentPeriodStart, *sub.CurrentPeriodEnd, true, 0), true
}

// NewSubscription prices a new membership in the member's currency; it waits for its first
// payment. The line items are what its payment page charges.
func NewSubscription(id, userID, interval string, seats int, conv pricing.Converter, provider string) (Subscription, []payments.LineItem) {
	if seats < 1 {
		seats = 1
	}
	primaryUSD := Price(interval, 1)
	extraUSD := Price(interval, 2) - primaryUSD
	primary, extra := conv.Convert(primaryUSD), conv.Convert(extraUSD)
	sub := Subscription{ID: id, UserID: userID, Plan: PlanID, Interval: interval, Seats: seats, Status: StatusIncomplete,
		Currency: string(conv.Currency), USDToCADRateE4: conv.RateE4, AmountCents: primary + extra*int64(seats-1),
		AmountUSDCents: Price(interval, seats), Provider: provider}
	if sub.Currency == "" {
		sub.Currency = string(pricing.USD)
	}
	items := []payments.LineItem{{Name: PlanName + " - primary seat", UnitAmountCents: primary, Quantity: 1}}
	if seats > 1 {
		items = append(items, payments.LineItem{Name: PlanName + " - extra seat", UnitAmountCents: extra, Quantity: int64(seats - 1)})
	}
	return sub, items
}

// USDCents is an amount of the membership's currency in US cents, at the rate it was priced at.
func (s Subscription) USDCents(cents int64) int64 {
	if pricing.Currency(s.Currency) == pricing.CAD {
		return pricing.CADToUSD(cents, s.USDToCADRateE4)
	}
	return cents
}

// One live membership per member (issue 14): the database holds it with a unique index on the
// live statuses (migration 0010), Subscribe serialises a member's attempts under a row lock,
// and these rules decide what a second attempt gets.

// AttemptOpening is how long an attempt may wait for its payment page: Subscribe records the
// attempt, then asks the provider for the page (Stripe may take up to about 90 seconds with its
// retries). A younger attempt without a page is still being opened; an older one was abandoned
// (the server stopped, or the provider failed) and is replaced.
const AttemptOpening = 2 * time.Minute

// PageMinLife is the least time a payment page handed out again must still have: one about to
// expire is replaced by a new one rather than sent to a member who could not finish paying.
const PageMinLife = 10 * time.Minute

// Attempt decisions.
const (
	// AttemptNew: no attempt to reuse; close any open one and start a new one.
	AttemptNew = iota
	// AttemptReuse: hand out the open attempt's payment page again.
	AttemptReuse
	// AttemptBusy: another request is opening the page right now; answer 409.
	AttemptBusy
)

// Messages of the one-membership rule.
const (
	MsgCheckoutOpening = "Your membership checkout is already being opened. Please wait a moment and try again."
	// CancelDuplicate is the cancel reason of a membership closed because the member already had
	// a live one when it was paid (or when migration 0010 found two).
	CancelDuplicate = "duplicate"
)

// DecideAttempt says what a subscribe does about the member's open attempt (nil: none) for the
// plan it asks for (want). The open attempt's page is reused when it is the same plan at the
// same price and still open for a while; pageOpen reports that page open at now (false when it
// has none yet).
func DecideAttempt(open *Subscription, pageOpen bool, pageExpires time.Time, want Subscription, now time.Time) int {
	if open == nil || open.Status != StatusIncomplete {
		return AttemptNew
	}
	if open.CheckoutSessionID == "" {
		if now.Sub(open.CreatedAt) < AttemptOpening {
			return AttemptBusy
		}
		return AttemptNew
	}
	samePlan := open.Interval == want.Interval && open.Seats == want.Seats && open.Currency == want.Currency &&
		open.AmountCents == want.AmountCents && open.Provider == want.Provider
	if samePlan && pageOpen && pageExpires.Sub(now) >= PageMinLife {
		return AttemptReuse
	}
	return AttemptNew
}

// Supersede closes a membership that was paid while its member already had a live one (two
// payment pages paid): it ends at once and never grants Pro. The payment it took is refunded by
// the operator (docs/decisions.md: one live membership).
func Supersede(sub *Subscription, now time.Time) {
	sub.Status, sub.CancelReason, sub.CancelAtPeriodEnd = StatusCanceled, CancelDuplicate, false
	sub.CanceledAt, sub.EndedAt, sub.PausedAt, sub.ResumesAt, sub.UpdatedAt = &now, &now, nil, nil, now
}
