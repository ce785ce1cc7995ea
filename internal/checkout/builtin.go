package checkout

import (
	"context"

	"circle/internal/apperr"
	"circle/internal/ids"
	"circle/internal/payments"
)

// The built-in provider's payment page (test mode; docs/decisions: built-in checkout).

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

// BuiltInPage reads a built-in payment page and what it pays for. A page past its expiry is
// expired on the way (the clock may not have come by yet).
func (s *Service) BuiltInPage(ctx context.Context, sessionID string) (Page, error) {
	if !s.TestMode() {
		return Page{}, apperr.New(apperr.NotFound, MsgNoPage)
	}
	sess, err := s.Store.PaymentSessionByID(ctx, s.Store.Pool(), sessionID)
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
	switch {
	case sess.OrderID != nil:
		o, err := s.Store.OrderByID(ctx, s.Store.Pool(), *sess.OrderID)
		if err != nil {
			return Page{}, err
		}
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
	case sess.SubscriptionID != nil:
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

// PayBuiltIn records a test card's payment of an open built-in page: the same event Stripe
// sends goes down the event path, and a membership's first payment becomes its first invoice.
func (s *Service) PayBuiltIn(ctx context.Context, sess PaymentSession, cardLast4 string) error {
	err := s.applyBuiltIn(ctx, "evt_builtin_"+ids.Token(18), "checkout.session.completed",
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
