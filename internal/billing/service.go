package billing

import (
	"context"
	"log/slog"
	"time"

	"circle/internal/account"
	"circle/internal/appconfig"
	"circle/internal/apperr"
	"circle/internal/checkout"
	"circle/internal/ids"
	"circle/internal/payments"
	"circle/internal/pricing"
)

// Store is what the billing service needs from the database (internal/store). A method
// called with the ctx InTx hands to its fn runs in that transaction; with any other ctx, on its
// own.
type Store interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	GetConfig(ctx context.Context) (appconfig.Config, error)

	InsertSubscription(ctx context.Context, s Subscription) error
	ExpireIncompleteSubscriptions(ctx context.Context, userID string, now time.Time) error
	SaveSubscription(ctx context.Context, s Subscription) error
	LiveSubscription(ctx context.Context, userID string) (*Subscription, error)
	LockLiveSubscription(ctx context.Context, userID string) (*Subscription, error)
	LatestSubscription(ctx context.Context, userID string) (*Subscription, error)
	SubscriptionByID(ctx context.Context, id string) (Subscription, error)
	LockSubscription(ctx context.Context, id, providerID string) (*Subscription, error)
	SubscriptionOffers(ctx context.Context, userID string) ([]Offer, error)
	InsertOffer(ctx context.Context, o Offer) error
	Invoices(ctx context.Context, userID string, limit int) ([]Invoice, error)
	InsertInvoice(ctx context.Context, in Invoice) error
	DueBuiltInSubscriptions(ctx context.Context, now time.Time, userID string, limit int) ([]Subscription, error)
	SyncProMember(ctx context.Context, userID string, now time.Time) error
	IsProMember(ctx context.Context, userID string) (bool, error)
	ProSavingsBetween(ctx context.Context, userID string, from, to time.Time) (int64, error)
	RecordPaymentEvent(ctx context.Context, provider, id, typ string, now time.Time) (bool, error)
	InsertPaymentSession(ctx context.Context, s checkout.PaymentSession) error
	PaymentSessionByID(ctx context.Context, id string) (checkout.PaymentSession, error)
	// LockMember makes the member's subscribes wait for each other until the transaction ends.
	LockMember(ctx context.Context, userID string) error
	PendingSubscription(ctx context.Context, userID string) (*Subscription, error)
	OtherLiveSubscription(ctx context.Context, userID, exceptID string) (*Subscription, error)
}

// Service runs the Circle Pro membership: subscribing, the management changes, the built-in
// provider's clock for memberships, and the membership side of payment events. It never calls
// the payment provider inside a transaction: it reads, calls out, then writes in a short
// transaction that checks the locked row again (docs/adr/0007-services-and-transactions.md).
type Service struct {
	Store    Store
	Payments payments.Provider
	Now      func() time.Time
	Logger   *slog.Logger
	// Jobs queues provider work that must follow a commit (closing a duplicate membership,
	// expiring a replaced payment page); nil only in tests that do not reach it.
	Jobs Enqueuer
	// BaseURL is the public address of the app, for the payment page's return links.
	BaseURL string
	// Conversions credits a paid membership invoice to the member's affiliate in the payment's
	// transaction (affiliates.Service; nil: no affiliate programme).
	Conversions InvoiceConversions
}

// InvoiceConversions records an affiliate conversion of a paid invoice, once per invoice.
type InvoiceConversions interface {
	InvoicePaid(ctx context.Context, invoiceID, userID string, usdCents int64, paidAt time.Time) error
}

// Member is who a billing request is for.
type Member struct {
	UserID, Email string
	// State and Lang pick the currency and the display language.
	State, Lang string
	// Currency is the viewer's USD/CAD choice (pricing.ViewerCurrency; auto when empty).
	Currency pricing.Choice
}

// MemberOf reads a Member from a profile.
func MemberOf(userID, email string, p account.Profile) Member {
	return Member{UserID: userID, Email: email, State: p.State, Lang: p.PreferredLanguage, Currency: pricing.ParseChoice(p.PreferredCurrency)}
}

// Messages of the billing service.
const (
	MsgAlreadyMember  = "You already have a Circle Pro membership. Manage it in Billing."
	MsgSubscribeError = "Failed to start your membership. Please try again."
	MsgPortalFailed   = "Failed to open the customer portal. Please try again."
	MsgNoBillingYet   = "There is no billing account yet. Subscribe to Circle Pro first."
	MsgChangeRaced    = "Your membership changed while this request was running. Please try again."
)

// TestMode reports payments through the built-in page (no real payment).
func (s *Service) TestMode() bool {
	return s.Payments != nil && s.Payments.Name() == payments.NameBuiltIn
}

func (s *Service) converter(ctx context.Context, m *Member) (pricing.Converter, error) {
	if m == nil {
		return pricing.Converter{Currency: pricing.USD, Lang: "en"}, nil
	}
	cfg, err := s.Store.GetConfig(ctx)
	if err != nil {
		return pricing.Converter{}, err
	}
	conv := pricing.NewConverter(m.Currency, m.State, cfg.USDToCADRateE4, m.Lang)
	if conv.Currency == "" {
		conv.Currency = pricing.USD
	}
	return conv, nil
}

// Plans are the /pricing page's plans in the member's currency (USD for a visitor, m nil).
func (s *Service) Plans(ctx context.Context, m *Member) ([]Plan, pricing.Currency, error) {
	conv, err := s.converter(ctx, m)
	if err != nil {
		return nil, "", err
	}
	return Plans(conv), conv.Currency, nil
}

// Checkout is a membership's first payment page.
type Checkout struct {
	URL, SessionID, Provider string
	Subscription             Subscription
}

// Subscribe starts a membership waiting for its first payment and opens its payment page. A
// member has one attempt at a time (issue 14): under the member's lock, a live membership
// answers 409; an open attempt for the same plan hands out its page again (a double click gets
// the same page); one still being opened answers 409; any other is closed and replaced.
func (s *Service) Subscribe(ctx context.Context, m Member, interval string, seats int) (Checkout, error) {
	if s.Payments == nil {
		return Checkout{}, apperr.New(apperr.Unavailable, MsgSubscribeError)
	}
	conv, err := s.converter(ctx, &m)
	if err != nil {
		return Checkout{}, err
	}
	now := s.Now()
	sub, items := NewSubscription(ids.New(), m.UserID, interval, seats, conv, s.Payments.Name())
	sub.CreatedAt, sub.UpdatedAt = now, now
	var reused *Checkout
	if err := s.Store.InTx(ctx, func(ctx context.Context) error {
		if err := s.Store.LockMember(ctx, m.UserID); err != nil {
			return err
		}
		live, err := s.Store.LiveSubscription(ctx, m.UserID)
		if err != nil {
			return err
		}
		if live != nil {
			return apperr.New(apperr.Conflict, MsgAlreadyMember)
		}
		open, err := s.Store.PendingSubscription(ctx, m.UserID)
		if err != nil {
			return err
		}
		var page checkout.PaymentSession
		if open != nil && open.CheckoutSessionID != "" {
			if page, err = s.Store.PaymentSessionByID(ctx, open.CheckoutSessionID); err != nil && !apperr.IsNotFound(err) {
				return err
			}
		}
		pageOpen := page.ID != "" && page.Status == checkout.SessionOpen && now.Before(page.ExpiresAt)
		switch DecideAttempt(open, pageOpen, page.ExpiresAt, sub, now) {
		case AttemptBusy:
			return apperr.New(apperr.Conflict, MsgCheckoutOpening)
		case AttemptReuse:
			reused = &Checkout{URL: page.URL, SessionID: page.ID, Provider: page.Provider, Subscription: *open}
			return nil
		}
		if err := s.Store.ExpireIncompleteSubscriptions(ctx, m.UserID, now); err != nil {
			return err
		}
		if pageOpen {
			// The replaced attempt's page must not stay payable at the provider.
			if err := s.expireReplacedPage(ctx, page.ID); err != nil {
				return err
			}
		}
		return s.Store.InsertSubscription(ctx, sub)
	}); err != nil {
		return Checkout{}, err
	}
	if reused != nil {
		return *reused, nil
	}
	customer := ""
	if prev, _ := s.Store.LatestSubscription(ctx, m.UserID); prev != nil && prev.Provider == s.Payments.Name() {
		customer = prev.ProviderCustomerID
	}
	expires := now.Add(checkout.SessionTTL - time.Hour)
	sess, err := s.Payments.CreateCheckout(ctx, payments.CheckoutRequest{
		Kind: payments.KindSubscription, Ref: sub.ID, UserID: m.UserID, Currency: sub.Currency, Items: items, Interval: interval,
		CustomerEmail: m.Email, CustomerID: customer, ExpiresAt: expires,
		SuccessURL: s.BaseURL + "/payment-success?session_id={CHECKOUT_SESSION_ID}",
		CancelURL:  s.BaseURL + "/payment-canceled?subscription_id=" + sub.ID,
		Locale:     m.Lang,
	})
	if err != nil {
		s.Logger.Error("create subscription checkout", "err", err, "subscription_id", sub.ID)
		// Close the attempt, so that trying again starts at once instead of waiting for it.
		if err := s.Store.InTx(ctx, func(ctx context.Context) error {
			return s.ApplySessionOutcome(ctx, sub.ID, payments.Fact{Outcome: payments.OutcomeFailed})
		}); err != nil {
			s.Logger.Error("close failed subscription attempt", "err", err, "subscription_id", sub.ID)
		}
		return Checkout{}, apperr.New(apperr.Unavailable, MsgSubscribeError)
	}
	if sess.ExpiresAt.IsZero() || sess.ExpiresAt.Before(s.Now()) {
		sess.ExpiresAt = expires
	}
	row := checkout.PaymentSession{ID: sess.ID, Provider: s.Payments.Name(), Kind: checkout.KindSubscription, UserID: m.UserID,
		SubscriptionID: &sub.ID, Status: checkout.SessionOpen, Currency: sub.Currency, AmountCents: sub.AmountCents, URL: sess.URL,
		ExpiresAt: sess.ExpiresAt, CreatedAt: s.Now(), UpdatedAt: s.Now()}
	if err := s.Store.InTx(ctx, func(ctx context.Context) error {
		return s.Store.InsertPaymentSession(ctx, row)
	}); err != nil {
		return Checkout{}, err
	}
	sub.CheckoutSessionID = sess.ID
	return Checkout{URL: sess.URL, SessionID: sess.ID, Provider: s.Payments.Name(), Subscription: sub}, nil
}

// Guarantee is the Pro Savings Guarantee of a membership's first month (02§9).
type Guarantee struct {
	pricing.Guarantee
	PeriodStart, PeriodEnd time.Time
	InProgress             bool
}

// Overview is what /billing shows.
type Overview struct {
	// Subscription is the live membership, else the last one that ended; nil when never a member.
	Subscription *Subscription
	IsProMember  bool
	Invoices     []Invoice
	Offers       Availability
	OfferHistory []Offer
	Guarantee    *Guarantee
	Plans        []Plan
	TestMode     bool
	// Message says what a management change did.
	Message string
}

// Overview brings the built-in clock up to date for the member, then reads /billing.
func (s *Service) Overview(ctx context.Context, m Member) (Overview, error) {
	if err := s.RenewDue(ctx, m.UserID); err != nil {
		return Overview{}, err
	}
	return s.overview(ctx, m, "")
}

func (s *Service) overview(ctx context.Context, m Member, message string) (Overview, error) {
	now := s.Now()

	sub, err := s.Store.LatestSubscription(ctx, m.UserID)
	if err != nil {
		return Overview{}, err
	}
	invoices, err := s.Store.Invoices(ctx, m.UserID, 100)
	if err != nil {
		return Overview{}, err
	}
	offers, err := s.Store.SubscriptionOffers(ctx, m.UserID)
	if err != nil {
		return Overview{}, err
	}
	pro, err := s.Store.IsProMember(ctx, m.UserID)
	if err != nil {
		return Overview{}, err
	}
	conv, err := s.converter(ctx, &m)
	if err != nil {
		return Overview{}, err
	}
	v := Overview{Subscription: sub, IsProMember: pro, Invoices: invoices, OfferHistory: offers, Plans: Plans(conv), TestMode: s.TestMode(), Message: message}
	if v.Invoices == nil {
		v.Invoices = []Invoice{}
	}
	if v.OfferHistory == nil {
		v.OfferHistory = []Offer{}
	}
	var live *Subscription
	if sub != nil && Live(sub.Status) {
		live = sub
	}
	v.Offers = OffersAvailable(live, offers, now)
	if sub != nil && sub.StartedAt != nil {
		start := *sub.StartedAt
		end := start.AddDate(0, 1, 0)
		saved, err := s.Store.ProSavingsBetween(ctx, m.UserID, start, end)
		if err != nil {
			return Overview{}, err
		}
		v.Guarantee = &Guarantee{Guarantee: pricing.SavingsGuarantee(MonthlyFee(sub.Interval, sub.Seats), saved, 0, 0),
			PeriodStart: start, PeriodEnd: end, InProgress: now.Before(end)}
	}
	return v, nil
}

// MonthlyFee is what a membership costs per month in US cents (a yearly one spread over the
// months it pays for), the fee the Pro Savings Guarantee compares savings with.
func MonthlyFee(interval string, seats int) int64 {
	fee := Price(interval, seats)
	if interval == IntervalYear {
		fee /= YearlyMonths
	}
	return fee
}

// Status is check-subscription's answer: the built-in clock brought up to date for the member,
// the latest membership (nil when never a member) and the Pro flag.
func (s *Service) Status(ctx context.Context, m Member) (*Subscription, bool, error) {
	if err := s.RenewDue(ctx, m.UserID); err != nil {
		return nil, false, err
	}
	sub, err := s.Store.LatestSubscription(ctx, m.UserID)
	if err != nil {
		return nil, false, err
	}
	pro, err := s.Store.IsProMember(ctx, m.UserID)
	if err != nil {
		return nil, false, err
	}
	return sub, pro, nil
}

// Subscription reads one membership (the payment-success page shows it).
func (s *Service) Subscription(ctx context.Context, id string) (Subscription, error) {
	return s.Store.SubscriptionByID(ctx, id)
}

// Portal returns the address of the customer portal: the built-in page, or Stripe's.
func (s *Service) Portal(ctx context.Context, m Member) (string, error) {
	if s.Payments == nil {
		return "", apperr.New(apperr.Unavailable, MsgPortalFailed)
	}
	customer := ""
	sub, err := s.Store.LatestSubscription(ctx, m.UserID)
	if err != nil {
		return "", err
	}
	if sub != nil {
		customer = sub.ProviderCustomerID
	}
	if customer == "" && !s.TestMode() {
		return "", apperr.New(apperr.Conflict, MsgNoBillingYet)
	}
	url, err := s.Payments.CreatePortal(ctx, m.UserID, customer, s.BaseURL+"/billing")
	if err != nil {
		s.Logger.Error("customer portal", "err", err, "user_id", m.UserID)
		return "", apperr.New(apperr.Unavailable, MsgPortalFailed)
	}
	return url, nil
}

// PortalPage is what the built-in portal page shows, after the built-in clock caught up.
func (s *Service) PortalPage(ctx context.Context, userID string) (*Subscription, []Invoice, error) {
	if err := s.RenewDue(ctx, userID); err != nil {
		s.Logger.Error("payments clock", "err", err, "user_id", userID)
	}
	sub, err := s.Store.LatestSubscription(ctx, userID)
	if err != nil {
		return nil, nil, err
	}
	invoices, err := s.Store.Invoices(ctx, userID, 100)
	if err != nil {
		return nil, nil, err
	}
	return sub, invoices, nil
}

func refOf(sub *Subscription) payments.SubscriptionRef {
	return payments.SubscriptionRef{ID: sub.ID, ProviderSubscriptionID: sub.ProviderSubscriptionID, ProviderCustomerID: sub.ProviderCustomerID}
}

// providerFailed logs a provider error and returns the spec's "Failed to ... Please try again."
func (s *Service) providerFailed(what string, err error) error {
	s.Logger.Error("payment provider", "action", what, "err", err)
	return apperr.New(apperr.Unavailable, "Failed to "+what+". Please try again.")
}

// change is one management change of the member's live membership.
type change struct {
	// what names it in the provider failure message ("pause subscription").
	what string
	// check refuses the change when it may not be made now; it runs before the provider call
	// and again on the locked row.
	check func(sub *Subscription, offers []Offer, now time.Time) error
	// callOut makes the change at the provider.
	callOut func(ctx context.Context, ref payments.SubscriptionRef, now time.Time) error
	// apply makes it on the row and returns the offer to record, if any.
	apply func(sub *Subscription, now time.Time) *Offer
}

// makeChange reads the live membership and checks the change, makes it at the provider, then
// records it in a short transaction: the row is locked and checked again, so two requests
// cannot both pass the no-stacking rule, and the provider is never called with the lock held.
func (s *Service) makeChange(ctx context.Context, userID string, c change) error {
	now := s.Now()
	// checkOn checks the change on the member's live membership (nil: none) and offers, before
	// the provider call and again on the locked row.
	checkOn := func(ctx context.Context, sub *Subscription) error {
		if sub == nil {
			return apperr.New(apperr.NotFound, MsgNoSubscription)
		}
		offers, err := s.Store.SubscriptionOffers(ctx, userID)
		if err != nil {
			return err
		}
		return c.check(sub, offers, now)
	}
	sub, err := s.Store.LiveSubscription(ctx, userID)
	if err != nil {
		return err
	}
	if err := checkOn(ctx, sub); err != nil {
		return err
	}
	if s.Payments == nil {
		return s.providerFailed(c.what, apperr.New(apperr.Unavailable, "no payment provider"))
	}
	if err := c.callOut(ctx, refOf(sub), now); err != nil {
		return s.providerFailed(c.what, err)
	}
	return s.Store.InTx(ctx, func(ctx context.Context) error {
		cur, err := s.Store.LockLiveSubscription(ctx, userID)
		if err != nil {
			return err
		}
		if cur != nil && cur.ID != sub.ID {
			return apperr.New(apperr.Conflict, MsgChangeRaced)
		}
		if err := checkOn(ctx, cur); err != nil {
			return err
		}
		offer := c.apply(cur, now)
		cur.UpdatedAt = now
		if err := s.Store.SaveSubscription(ctx, *cur); err != nil {
			return err
		}
		if offer != nil {
			offer.ID, offer.UserID, offer.SubscriptionID, offer.CreatedAt = ids.New(), userID, cur.ID, now
			if err := s.Store.InsertOffer(ctx, *offer); err != nil {
				return err
			}
		}
		return s.Store.SyncProMember(ctx, userID, now)
	})
}

// Pause pauses the member's membership for 90 days.
func (s *Service) Pause(ctx context.Context, m Member) (Overview, error) {
	var resumes time.Time
	err := s.makeChange(ctx, m.UserID, change{what: "pause subscription", check: CheckOffer,
		callOut: func(ctx context.Context, ref payments.SubscriptionRef, now time.Time) error {
			return s.Payments.Pause(ctx, ref, PauseEnds(now))
		},
		apply: func(sub *Subscription, now time.Time) *Offer {
			o := Pause(sub, now)
			resumes = o.EndsAt
			return &o
		}})
	if err != nil {
		return Overview{}, err
	}
	return s.overview(ctx, m, "Your membership is paused for 90 days. It resumes on "+resumes.Format("January 2, 2006")+".")
}

// Resume ends a pause or a pending cancellation.
func (s *Service) Resume(ctx context.Context, m Member) (Overview, error) {
	err := s.makeChange(ctx, m.UserID, change{what: "resume subscription",
		check: func(sub *Subscription, _ []Offer, _ time.Time) error { return CheckResume(sub) },
		callOut: func(ctx context.Context, ref payments.SubscriptionRef, _ time.Time) error {
			return s.Payments.Resume(ctx, ref)
		},
		apply: func(sub *Subscription, now time.Time) *Offer { Resume(sub, now); return nil }})
	if err != nil {
		return Overview{}, err
	}
	return s.overview(ctx, m, "Your membership is active again.")
}

func (s *Service) discount(ctx context.Context, m Member, kind string, percent, months int, what string) error {
	return s.makeChange(ctx, m.UserID, change{what: what, check: CheckOffer,
		callOut: func(ctx context.Context, ref payments.SubscriptionRef, _ time.Time) error {
			return s.Payments.Discount(ctx, ref, percent, months, DiscountName(percent, months))
		},
		apply: func(sub *Subscription, now time.Time) *Offer {
			o := Discount(sub, kind, percent, months, now)
			return &o
		}})
}

// ApplyDiscount takes the 50% for 2 months offer.
func (s *Service) ApplyDiscount(ctx context.Context, m Member) (Overview, error) {
	if err := s.discount(ctx, m, OfferDiscount, DiscountPercent, DiscountMonths, "apply discount"); err != nil {
		return Overview{}, err
	}
	return s.overview(ctx, m, "50% off your membership for the next 2 months.")
}

// Downgrade takes the 30% for 12 months offer.
func (s *Service) Downgrade(ctx context.Context, m Member) (Overview, error) {
	if err := s.discount(ctx, m, OfferDowngrade, DowngradePercent, DowngradeMonths, "change plan"); err != nil {
		return Overview{}, err
	}
	return s.overview(ctx, m, "Your membership is 30% off for the next 12 months.")
}

// Cancel sets the membership to end with its period, recording the survey's answer.
func (s *Service) Cancel(ctx context.Context, m Member, reason, feedback string) (Overview, error) {
	var ends time.Time
	err := s.makeChange(ctx, m.UserID, change{what: "cancel subscription",
		check: func(sub *Subscription, _ []Offer, _ time.Time) error { return CheckCancel(sub) },
		callOut: func(ctx context.Context, ref payments.SubscriptionRef, _ time.Time) error {
			return s.Payments.Cancel(ctx, ref, reason, feedback)
		},
		apply: func(sub *Subscription, now time.Time) *Offer { ends = Cancel(sub, reason, feedback, now); return nil }})
	if err != nil {
		return Overview{}, err
	}
	return s.overview(ctx, m, "Your membership is canceled. You keep Circle Pro until "+ends.Format("January 2, 2006")+".")
}
