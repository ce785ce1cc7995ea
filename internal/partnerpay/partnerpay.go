// Package partnerpay is the partner payment link (issue 32 item 4, F-PAY-08;
// docs/areas/partner-payments.md): the partner's share of an approved co-pay request, paid by
// the partner (a lender's or title company's staff, with or without a Circle account) through
// a tokenised link that expires and pays once, on the same payment page and event path as
// checkout.
package partnerpay

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"circle/internal/apperr"
	"circle/internal/ids"
	"circle/internal/payments"
)

// LinkTTL is how long a payment link can be used: a week, long enough for a partner's
// accounts-payable round, short enough that a forwarded old e-mail does not stay a way to pay.
const LinkTTL = 7 * 24 * time.Hour

// PageTTL is how long the payment page a link opens stays payable (Stripe's shortest session:
// 30 minutes). While it is open the link is taken; when it ends unpaid the link opens again.
const PageTTL = 30 * time.Minute

// TokenBytes is the link token's randomness: 24 bytes (192 bits), 32 URL-safe characters.
const TokenBytes = 24

// tokenLen is the length of a token in the link.
const tokenLen = 32

// KindPartner is the payment page kind (checkout_sessions.kind, the provider's metadata).
const KindPartner = "partner_payment"

// Link statuses. Expired is not stored: an open link past expires_at is shown expired.
const (
	StatusOpen       = "open"
	StatusProcessing = "processing"
	StatusPaid       = "paid"
	StatusRevoked    = "revoked"
	StatusExpired    = "expired"
)

// Messages the API answers (the web app shows them as they are, translated by key).
const (
	MsgUsed          = "This payment link has already been used. The partner share is paid."
	MsgExpired       = "This payment link has expired. Ask the agent for a new link."
	MsgRevoked       = "This payment link was replaced by a newer one. Ask the agent for the new link."
	MsgInProgress    = "This payment link is being paid in another window. Finish that payment, or try again in 30 minutes."
	MsgNoLink        = "This payment link does not exist."
	MsgNotApproved   = "Only an approved co-pay share can be paid by a partner."
	MsgAlreadyPaid   = "The partner share of this co-pay request is already paid."
	MsgBeingPaid     = "The partner is paying this share right now; a new link cannot replace it."
	MsgNoShare       = "This co-pay request has no partner share to pay."
	MsgNoPayments    = "Payments are not configured."
	KeyUsed          = "partnerpay.used"
	KeyExpired       = "partnerpay.expired"
	KeyRevoked       = "partnerpay.revoked"
	KeyInProgress    = "partnerpay.in_progress"
	KeyNotApproved   = "partnerpay.not_approved"
	KeyAlreadyPaid   = "partnerpay.already_paid"
	KeyBeingPaid     = "partnerpay.being_paid"
	KeyNoShare       = "partnerpay.no_share"
	FieldToken       = "token"
	FieldCoPayReqest = "co_pay_request_id"
)

// Payment is one payment link (partner_payments).
type Payment struct {
	ID             string
	CoPayRequestID string
	AgentID        string
	VendorID       string
	CreatedBy      string
	TokenHash      string
	AmountCents    int64
	Currency       string
	// Description is what the partner pays for (the service's title), kept as it was.
	Description       string
	Status            string
	CheckoutSessionID string
	CardLast4         string
	PaymentIntentID   string
	Provider          string
	ExpiresAt         time.Time
	PaidAt            *time.Time
	CreatedAt         time.Time
	UpdatedAt         time.Time
	// Read with the link: the agent's and the partner vendor's names.
	AgentName, VendorName string
}

// StatusAt is the link's status as shown at now: an open link past its expiry is expired.
func (p Payment) StatusAt(now time.Time) string {
	if p.Status == StatusOpen && !now.Before(p.ExpiresAt) {
		return StatusExpired
	}
	return p.Status
}

// Refusal is why a link cannot be paid at now (nil: it can).
func (p Payment) Refusal(now time.Time) error {
	switch p.StatusAt(now) {
	case StatusOpen:
		return nil
	case StatusPaid:
		return conflict(FieldToken, KeyUsed, MsgUsed)
	case StatusExpired:
		return conflict(FieldToken, KeyExpired, MsgExpired)
	case StatusRevoked:
		return conflict(FieldToken, KeyRevoked, MsgRevoked)
	default:
		return conflict(FieldToken, KeyInProgress, MsgInProgress)
	}
}

// Share is an approved co-pay request as a partner payment sees it.
type Share struct {
	RequestID     string
	AgentID       string
	AgentName     string
	VendorID      string
	VendorName    string
	VendorOwnerID string
	ServiceTitle  string
	Status        string // the co-pay request's status
	// ShareCents is the partner's cash share (US cents): what the link asks.
	ShareCents int64
	SplitPct   int
	// Link is the request's newest payment link, if any.
	Link *Payment
}

// HashToken is the stored form of a link token (hex SHA-256).
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// validToken reports a token of the shape links carry (anything else is not looked up).
func validToken(token string) bool {
	if len(token) != tokenLen {
		return false
	}
	for _, c := range token {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// Store is what partner payments need from the database (internal/store/partner_payments.go).
type Store interface {
	// Shares lists the approved (or used) co-pay requests userID may collect the partner's
	// share of: the agent's own, and those to vendors the user owns; each with its newest link.
	Shares(ctx context.Context, userID string, limit int) ([]Share, error)
	// Share reads one co-pay request (not found when missing).
	Share(ctx context.Context, requestID string) (Share, error)
	// CreateLink revokes the request's open link and inserts p, in one transaction; a link being
	// paid or paid is a conflict (MsgBeingPaid, MsgAlreadyPaid).
	CreateLink(ctx context.Context, p Payment) error
	// ByTokenHash and BySession read a link with the names (not found when missing).
	ByTokenHash(ctx context.Context, hash string) (Payment, error)
	BySession(ctx context.Context, sessionID string) (Payment, error)
	// Claim takes an open, unexpired link for one payment (open -> processing) in one
	// conditional update; any other state answers the link's Refusal.
	Claim(ctx context.Context, hash string, now time.Time) (Payment, error)
	// Release gives a claimed link back (its payment page could not be made).
	Release(ctx context.Context, id string, now time.Time) error
	// AttachPage records the payment page of a claimed link (a checkout_sessions row of kind
	// KindPartner for the agent, and the link's session id), in one transaction.
	AttachPage(ctx context.Context, p Payment, page Page) error
}

// Page is a payment page made for a link.
type Page struct {
	SessionID, Provider, URL string
	ExpiresAt                time.Time
}

// Service makes, shows and pays partner payment links.
type Service struct {
	Store    Store
	Payments payments.Provider
	Now      func() time.Time
	NewID    func() string
	// NewToken makes a link token (ids.Token(TokenBytes) when nil).
	NewToken func() string
	// BaseURL is the app's public address, for the link and the page's return addresses.
	BaseURL string
}

// ListLimit is how many shares the list shows.
const ListLimit = 100

// Shares lists what userID can ask a partner to pay; never nil.
func (s *Service) Shares(ctx context.Context, userID string) ([]Share, error) {
	out, err := s.Store.Shares(ctx, userID, ListLimit)
	if err != nil {
		return nil, fmt.Errorf("list partner shares: %w", err)
	}
	if out == nil {
		out = []Share{}
	}
	return out, nil
}

// Created is a new link: the token is shown this once (only its hash is kept).
type Created struct {
	Payment Payment
	Token   string
	URL     string
}

// CreateLink makes a payment link for the partner share of an approved co-pay request. Only
// the request's agent or the partner vendor's owner may; anyone else gets 404. A newer link
// replaces an open one (the agent lost it, or sent it to the wrong person).
func (s *Service) CreateLink(ctx context.Context, userID, requestID string) (Created, error) {
	if strings.TrimSpace(requestID) == "" {
		return Created{}, apperr.Field(FieldCoPayReqest, "validation.required", "co_pay_request_id is required")
	}
	sh, err := s.Store.Share(ctx, requestID)
	if err != nil {
		return Created{}, err
	}
	if userID == "" || (sh.AgentID != userID && sh.VendorOwnerID != userID) {
		return Created{}, apperr.New(apperr.NotFound, "co-pay request not found")
	}
	if sh.Status != "approved" && sh.Status != "used" {
		return Created{}, conflict(FieldCoPayReqest, KeyNotApproved, MsgNotApproved)
	}
	if sh.ShareCents <= 0 {
		return Created{}, conflict(FieldCoPayReqest, KeyNoShare, MsgNoShare)
	}
	token := ""
	if s.NewToken != nil {
		token = s.NewToken()
	} else {
		token = ids.Token(TokenBytes)
	}
	now := s.Now().UTC().Truncate(time.Microsecond)
	p := Payment{ID: s.NewID(), CoPayRequestID: sh.RequestID, AgentID: sh.AgentID, VendorID: sh.VendorID, CreatedBy: userID,
		TokenHash: HashToken(token), AmountCents: sh.ShareCents, Currency: "USD", Description: sh.ServiceTitle, Status: StatusOpen,
		ExpiresAt: now.Add(LinkTTL), CreatedAt: now, UpdatedAt: now, AgentName: sh.AgentName, VendorName: sh.VendorName}
	if err := s.Store.CreateLink(ctx, p); err != nil {
		return Created{}, err
	}
	return Created{Payment: p, Token: token, URL: s.BaseURL + "/partner-checkout/" + token}, nil
}

// Link reads a link for the partner who holds its token: an open link answers; a used,
// expired or replaced one is refused with its reason (409); an unknown token is 404.
func (s *Service) Link(ctx context.Context, token string) (Payment, error) {
	p, err := s.byToken(ctx, token)
	if err != nil {
		return Payment{}, err
	}
	if err := p.Refusal(s.Now()); err != nil {
		return Payment{}, err
	}
	return p, nil
}

func (s *Service) byToken(ctx context.Context, token string) (Payment, error) {
	if !validToken(token) {
		return Payment{}, apperr.New(apperr.NotFound, MsgNoLink)
	}
	p, err := s.Store.ByTokenHash(ctx, HashToken(token))
	if apperr.CodeOf(err) == apperr.NotFound {
		return Payment{}, apperr.New(apperr.NotFound, MsgNoLink)
	}
	return p, err
}

// Pay uses a link: it is claimed for one payment in a transaction (a second use, at the same
// moment or later, is refused with 409), then the payment page is made outside any
// transaction and recorded. Its address is returned; the built-in page's carries a page
// token, since the partner has no session.
func (s *Service) Pay(ctx context.Context, token, lang string) (string, error) {
	if s.Payments == nil {
		return "", apperr.New(apperr.Unavailable, MsgNoPayments)
	}
	if _, err := s.byToken(ctx, token); err != nil {
		return "", err
	}
	now := s.Now().UTC().Truncate(time.Microsecond)
	p, err := s.Store.Claim(ctx, HashToken(token), now)
	if err != nil {
		return "", err
	}
	exp := now.Add(PageTTL)
	sess, err := s.Payments.CreateCheckout(ctx, payments.CheckoutRequest{
		Kind: KindPartner, Ref: p.ID, UserID: p.AgentID, Currency: p.Currency,
		Items:      []payments.LineItem{{Name: LineName(p), UnitAmountCents: p.AmountCents, Quantity: 1}},
		SuccessURL: s.BaseURL + "/partner-payment-success?session_id={CHECKOUT_SESSION_ID}",
		CancelURL:  s.BaseURL + "/partner-payment-canceled?session_id={CHECKOUT_SESSION_ID}",
		ExpiresAt:  exp, IdempotencyKey: "partner-payment-" + p.ID + "-" + now.Format("20060102150405.000000"), Locale: lang,
	})
	if err != nil {
		if rerr := s.Store.Release(ctx, p.ID, s.Now()); rerr != nil {
			err = fmt.Errorf("%w (and the link was not released: %v)", err, rerr)
		}
		return "", fmt.Errorf("create partner payment page: %w", err)
	}
	if sess.ExpiresAt.IsZero() {
		sess.ExpiresAt = exp
	}
	page := Page{SessionID: sess.ID, Provider: s.Payments.Name(), URL: sess.URL, ExpiresAt: sess.ExpiresAt}
	if err := s.Store.AttachPage(ctx, p, page); err != nil {
		if rerr := s.Store.Release(ctx, p.ID, s.Now()); rerr != nil {
			err = fmt.Errorf("%w (and the link was not released: %v)", err, rerr)
		}
		return "", err
	}
	if bi, ok := payments.Unwrap(s.Payments).(*payments.BuiltIn); ok {
		return bi.PageLink(sess.ID, sess.ExpiresAt), nil
	}
	return sess.URL, nil
}

// LineName is the payment page's line: what the partner pays and for whom.
func LineName(p Payment) string {
	name := "Partner share: " + p.Description
	if p.AgentName != "" {
		name += " for " + p.AgentName
	}
	return name
}

// Receipt is a link as its payment page's return pages show it (by the page's session id,
// which only the payer's browser was sent to).
func (s *Service) Receipt(ctx context.Context, sessionID string) (Payment, error) {
	if !strings.HasPrefix(sessionID, "cs_") {
		return Payment{}, apperr.New(apperr.NotFound, "payment not found")
	}
	p, err := s.Store.BySession(ctx, sessionID)
	if apperr.CodeOf(err) == apperr.NotFound {
		return Payment{}, apperr.New(apperr.NotFound, "payment not found")
	}
	return p, err
}

// AfterOutcome is a link's status after its page's payment outcome ("paid" or "failed"):
// a paid page pays a link being paid (or still open: a provider's late event); a failed or
// expired page gives a link being paid back. changed is false when nothing moves.
func AfterOutcome(status, outcome string) (next string, changed bool) {
	switch {
	case outcome == payments.OutcomePaid && (status == StatusProcessing || status == StatusOpen):
		return StatusPaid, true
	case outcome == payments.OutcomeFailed && status == StatusProcessing:
		return StatusOpen, true
	}
	return status, false
}

// Conflict answers a link or request in a state that refuses the call (409), naming the field.
func Conflict(field, key, message string) error { return conflict(field, key, message) }

func conflict(field, key, message string) *apperr.Error {
	return &apperr.Error{Code: apperr.Conflict, Message: message, Fields: []apperr.FieldError{{Field: field, Key: key, Message: message}}}
}
