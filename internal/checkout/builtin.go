package checkout

import (
	"context"

	"circle/internal/apperr"
	"circle/internal/ids"
	"circle/internal/payments"
)

// The built-in provider's payment page, payment, cancel and clock (test mode; docs/decisions:
// built-in checkout). The provider's three files, one per layer, are listed in
// payments/builtin.go: the provider there, its use cases here, its pages in
// httpapi/checkout_page.go.

// Page is what the built-in payment page shows.
type Page struct {
	Session PaymentSession
	Lines   []PageLine
	// Recurring is the membership's interval ("" for an order).
	Recurring string
	// RenewalNote says that an order's monthly or yearly lines are charged for their first
	// period only and renew with the vendor ("" when it has none).
	RenewalNote string
	// Status is the page's status as shown: a membership's page also ends when the membership
	// started or a newer attempt replaced it.
	Status string
}

// MsgNoPage answers for a payment page that does not exist (or is not a built-in one).
const MsgNoPage = "This payment page does not exist."

// BuiltInPage reads a built-in payment page and what it pays for, lines included.
func (s *Service) BuiltInPage(ctx context.Context, sessionID string) (Page, error) {
	p, err := s.BuiltInSession(ctx, sessionID)
	if err != nil {
		return Page{}, err
	}
	return p, s.PageLines(ctx, &p)
}

// BuiltInSession reads a built-in payment page and its status as shown; an order's lines are
// left for PageLines, so paying or cancelling, which do not show them, does not read them (a
// membership's come with its status). A page past its expiry is expired on the way (the clock
// may not have come by yet).
func (s *Service) BuiltInSession(ctx context.Context, sessionID string) (Page, error) {
	if !s.TestMode() {
		return Page{}, apperr.New(apperr.NotFound, MsgNoPage)
	}
	sess, err := s.Store.PaymentSessionByID(ctx, sessionID)
	if err != nil || sess.Provider != payments.NameBuiltIn {
		return Page{}, apperr.New(apperr.NotFound, MsgNoPage)
	}
	if sess.Status == SessionOpen && !s.Now().Before(sess.ExpiresAt) {
		if err := s.expireSession(ctx, sess, "evt_builtin_expired_"+sess.ID); err != nil {
			s.Logger.Error("expire payment page", "session", sess.ID, "err", err)
		}
		sess.Status = SessionExpired
	}
	p := Page{Session: sess, Status: sess.Status}
	if sess.SubscriptionID != nil {
		m, err := s.Memberships.PaymentPage(ctx, *sess.SubscriptionID)
		if err != nil {
			return Page{}, err
		}
		p.Lines, p.Recurring = m.Lines, m.Interval
		if p.Status == SessionOpen && !m.AwaitingPayment {
			// A newer attempt replaced this one, or the membership already started.
			p.Status = SessionExpired
		}
	}
	return p, nil
}

// PageLines reads the lines of an order's page (BuiltInSession), once.
func (s *Service) PageLines(ctx context.Context, p *Page) error {
	if p.Session.Kind == KindPartner && p.Lines == nil && s.Partners != nil {
		lines, err := s.Partners.PartnerPageLines(ctx, p.Session.ID)
		p.Lines = lines
		return err
	}
	if p.Session.OrderID == nil || p.Lines != nil {
		return nil
	}
	o, err := s.Store.OrderByID(ctx, *p.Session.OrderID)
	if err != nil {
		return err
	}
	p.Lines = []PageLine{}
	for _, it := range o.Items {
		if it.Coverage == CoverageConsultation {
			continue // not charged, as on Stripe's page (OrderLineItems)
		}
		p.Lines = append(p.Lines, PageLine{Name: PeriodLineName(it.Title, it.Coverage, it.Period, "en"), Quantity: int64(it.Quantity),
			AmountCents: it.LineTotalCents, title: it.Title, coverage: it.Coverage, period: it.Period})
		if Recurring(it.Period) {
			p.RenewalNote = RenewalNote["en"]
		}
	}
	return nil
}

// PayBuiltIn records a test card's payment of an open built-in page: the same event Stripe
// sends goes down the event path, and a membership's first payment becomes its first invoice.
func (s *Service) PayBuiltIn(ctx context.Context, sess PaymentSession, cardLast4 string) error {
	err := s.applyBuiltInFor(ctx, sess.UserID, "evt_builtin_"+ids.Token(18), "checkout.session.completed",
		payments.SessionObject(sess.ID, sess.Kind, SessionRef(sess), sess.UserID, "complete", "paid", cardLast4))
	if err == nil && sess.SubscriptionID != nil {
		err = s.Memberships.FirstInvoice(ctx, *sess.SubscriptionID)
	}
	return err
}

// CancelBuiltIn gives up an open built-in page: it expires.
func (s *Service) CancelBuiltIn(ctx context.Context, sess PaymentSession) error {
	if sess.Status != SessionOpen {
		return nil
	}
	return s.expireSession(ctx, sess, "evt_builtin_cancel_"+sess.ID)
}

// applyBuiltInFor applies an event the built-in provider raises inside the app, about a payment
// page of payer that the caller read (applyEvent: the page is not read again before the lock).
func (s *Service) applyBuiltInFor(ctx context.Context, payer, id, typ string, object any) error {
	f, err := payments.BuiltInFact(id, typ, s.Now(), object)
	if err != nil {
		return err
	}
	_, err = s.applyEvent(ctx, f, payer)
	return err
}

// expireSession expires a built-in payment page by the event Stripe would send.
func (s *Service) expireSession(ctx context.Context, sess PaymentSession, eventID string) error {
	return s.applyBuiltInFor(ctx, sess.UserID, eventID, "checkout.session.expired",
		payments.SessionObject(sess.ID, sess.Kind, SessionRef(sess), sess.UserID, "expired", "unpaid", ""))
}

// ExpireAndRenew is the built-in provider's clock: payment pages that expired, then the
// memberships' renewals, ends of cancelled periods and ends of pauses, for every member. Each
// is an event with an id fixed by what fell due, so several replicas apply each exactly once.
// Stripe keeps its own clock: with it, this does nothing.
func (s *Service) ExpireAndRenew(ctx context.Context) error {
	if !s.TestMode() {
		return nil
	}
	expired, err := s.Store.OpenSessionsExpiredBefore(ctx, payments.NameBuiltIn, s.Now(), 200)
	if err != nil {
		return err
	}
	for _, sess := range expired {
		if err := s.expireSession(ctx, sess, "evt_builtin_expired_"+sess.ID); err != nil {
			return err
		}
	}
	return s.Memberships.RenewDue(ctx, "")
}
